/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { preferReducedMotion } from '../../shared/test/prefer-reduced-motion';
import { Ticker } from '../Ticker';
import { parseTickerProps } from '..';
import { home, positionOf, settle, step } from '../track';

// The server's markup and props (tests/php/ContractFixturesTest.php records them): four
// notices, three shown at a time, a move every 4000 ms taking 700 ms.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/ticker.json' ),
		'utf8'
	)
) as { html: string; props: Record< string, unknown > };

/** Mounts the island on the server's markup, as the runtime does (React owns data-tp-root). */
function mount( props: Record< string, unknown > = {} ) {
	document.body.innerHTML = recording.html;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="ticker"]'
	)!;
	const parsed = parseTickerProps(
		{ ...recording.props, ...props },
		element
	);
	render( <Ticker { ...parsed } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const list = () => document.querySelector< HTMLElement >( '.tp-ticker__list' )!;
const position = () =>
	Number( list().style.getPropertyValue( '--tp-ticker-position' ) );
const transition = () => list().style.transitionDuration;

/** Titles in view, top first: the window shows `visible` entries from the position on. */
function shown( visible = 3 ) {
	const entries = Array.from(
		list().querySelectorAll( ':scope > .tp-ticker__item' )
	);
	return entries
		.slice( position(), position() + visible )
		.map( ( entry ) => entry.querySelector( 'a' )!.textContent );
}

const advance = ( ms: number ) => act( () => vi.advanceTimersByTime( ms ) );

beforeEach( () => {
	vi.useFakeTimers();
	preferReducedMotion( false );
} );

afterEach( () => {
	document.body.innerHTML = '';
	vi.useRealTimers();
	vi.unstubAllGlobals();
} );

describe( 'the track', () => {
	const track = { count: 4, visible: 3 };

	it( 'starts with the first real item on top, after the copies of the last three', () => {
		expect( home( track ) ).toBe( 3 );
		expect( positionOf( track, 2 ) ).toBe( 5 );
	} );

	it( 'moves one item at a time and lands on the real items the copies stand for', () => {
		expect( step( 3, true ) ).toBe( 4 );
		expect( step( 3, false ) ).toBe( 2 );
		// Up: position 7 shows copies of the first three, as position 3 does.
		expect( settle( track, 7 ) ).toBe( 3 );
		expect( settle( track, 6 ) ).toBe( 6 );
		// Down: position 2 starts with the copy of the last item, as position 6 does.
		expect( settle( track, 2 ) ).toBe( 6 );
		expect( settle( track, 3 ) ).toBe( 3 );
	} );
} );

describe( 'the ticker', () => {
	it( 'mounts where the server put it: the first three notices, nothing moved', () => {
		mount();
		expect( position() ).toBe( 3 );
		expect( shown() ).toEqual( [
			'Ticker notice 1',
			'Ticker notice 2',
			'Ticker notice 3',
		] );
		expect( screen.getByRole( 'button' ).textContent ).toBe( 'Pause' );
	} );

	it( 'moves up one notice every 4000 ms, each move taking 700 ms, and loops without running back', () => {
		mount();
		advance( 3999 );
		expect( position() ).toBe( 3 );
		advance( 1 );
		expect( position() ).toBe( 4 );
		expect( transition() ).toBe( '700ms' );
		expect( shown() ).toEqual( [
			'Ticker notice 2',
			'Ticker notice 3',
			'Ticker notice 4',
		] );
		advance( 4000 );
		advance( 4000 );
		expect( shown() ).toEqual( [
			'Ticker notice 4',
			'Ticker notice 1',
			'Ticker notice 2',
		] );
		// The fourth move ends on the copies of the first three, then, once it has ended, the
		// list stands on the real ones without a transition.
		advance( 4000 );
		expect( position() ).toBe( 7 );
		advance( 700 );
		expect( position() ).toBe( 3 );
		expect( transition() ).toBe( '0ms' );
		expect( shown() ).toEqual( [
			'Ticker notice 1',
			'Ticker notice 2',
			'Ticker notice 3',
		] );
		advance( 3300 );
		expect( position() ).toBe( 4 );
	} );

	it( 'never runs past its copies when a move is set to last as long as the pause', () => {
		mount( { speed: 2000, pause: 1000 } );
		for ( let i = 0; i < 12; i++ ) {
			advance( 1000 );
			// Always one of the positions that show notices: the real ones or their copies.
			expect( position() ).toBeGreaterThanOrEqual( 3 );
			expect( position() ).toBeLessThanOrEqual( 7 );
		}
		// Each move takes half the pause at most.
		expect( transition() ).toMatch( /^(500|0)ms$/ );
	} );

	it( 'moves down when the block says so', () => {
		mount( { direction: 'down' } );
		advance( 4000 );
		expect( shown() ).toEqual( [
			'Ticker notice 4',
			'Ticker notice 1',
			'Ticker notice 2',
		] );
	} );

	it( 'stands still while a pointer is over it, and moves again a full pause after it leaves', () => {
		const element = mount();
		advance( 3000 );
		act( () => {
			element.dispatchEvent( new Event( 'pointerenter' ) );
		} );
		advance( 10000 );
		expect( position() ).toBe( 3 );
		act( () => {
			element.dispatchEvent( new Event( 'pointerleave' ) );
		} );
		advance( 3999 );
		expect( position() ).toBe( 3 );
		advance( 1 );
		expect( position() ).toBe( 4 );
	} );

	it( 'keeps moving under a pointer when the block says not to stop for it', () => {
		const element = mount( { pauseOnHover: false } );
		act( () => {
			element.dispatchEvent( new Event( 'pointerenter' ) );
		} );
		advance( 4000 );
		expect( position() ).toBe( 4 );
	} );

	it( 'stands still while focus is in it, and shows the notice focused', () => {
		mount();
		const links = screen.getAllByRole( 'link' );
		// The copies are out of reach: only the four real notices are links.
		expect( links.map( ( link ) => link.textContent ) ).toEqual( [
			'Ticker notice 1',
			'Ticker notice 2',
			'Ticker notice 3',
			'Ticker notice 4',
		] );
		act( () => links[ 3 ]!.focus() );
		expect( shown()[ 0 ] ).toBe( 'Ticker notice 4' );
		advance( 10000 );
		expect( shown()[ 0 ] ).toBe( 'Ticker notice 4' );
		// A notice already in view does not move the list.
		act( () => links[ 0 ]!.focus() );
		expect( shown()[ 0 ] ).toBe( 'Ticker notice 1' );
		act( () => links[ 1 ]!.focus() );
		expect( shown()[ 0 ] ).toBe( 'Ticker notice 1' );
		act( () => links[ 1 ]!.blur() );
		advance( 4000 );
		expect( shown()[ 0 ] ).toBe( 'Ticker notice 2' );
	} );

	it( 'stops and starts on its button, which says what it will do', () => {
		mount();
		const button = screen.getByRole( 'button' );
		act( () => button.click() );
		expect( button.textContent ).toBe( 'Play' );
		// The click gave the button focus in a browser; here, nothing else stops it.
		advance( 20000 );
		expect( position() ).toBe( 3 );
		act( () => button.click() );
		expect( button.textContent ).toBe( 'Pause' );
		advance( 4000 );
		expect( position() ).toBe( 4 );
	} );

	it( 'starts stopped for a visitor who prefers reduced motion, and never animates a move', () => {
		preferReducedMotion( true );
		mount();
		const button = screen.getByRole( 'button' );
		expect( button.textContent ).toBe( 'Play' );
		advance( 20000 );
		expect( position() ).toBe( 3 );
		act( () => button.click() );
		advance( 4000 );
		expect( position() ).toBe( 4 );
		expect( transition() ).toBe( '0ms' );
	} );
} );

describe( 'its props', () => {
	it( 'refuses props it cannot use, so the server markup stays', () => {
		document.body.innerHTML = recording.html;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="ticker"]'
		)!;
		const good = recording.props;
		for ( const bad of [
			{ ...good, direction: 'left' },
			{ ...good, speed: -1 },
			{ ...good, pause: 0 },
			{ ...good, visible: 1.5 },
			{ ...good, pauseOnHover: 'yes' },
			{ ...good, i18n: { pause: 'Pause' } },
		] ) {
			expect( () => parseTickerProps( bad, element ) ).toThrow(
				TypeError
			);
		}
	} );
} );
