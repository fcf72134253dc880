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
import { Carousel, SCROLL_END, slideAt, turn } from '../Carousel';
import { parseCarouselProps } from '..';

// The server's markup and props (tests/php/ContractFixturesTest.php records them): three
// slides, a turn every 5000 ms.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/carousel.json' ),
		'utf8'
	)
) as { html: string; props: Record< string, unknown > };

const WIDTH = 300;
const INTERVAL = 5000;

let scrolls: Array< { left: number; behavior: string } >;

/**
 * Mounts the island on the server's markup, as the runtime does (React owns data-tp-root), with
 * a track that scrolls as a browser's would: jsdom lays nothing out.
 */
function mount() {
	document.body.innerHTML = recording.html;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="carousel"]'
	)!;
	const track = element.querySelector< HTMLElement >(
		'.tp-carousel__track'
	)!;
	let left = 0;
	Object.defineProperty( track, 'clientWidth', { value: WIDTH } );
	Object.defineProperty( track, 'scrollLeft', {
		get: () => left,
		set: ( value: number ) => ( left = value ),
	} );
	track.scrollTo = ( ( options: ScrollToOptions ) => {
		scrolls.push( {
			left: options.left!,
			behavior: String( options.behavior ),
		} );
		left = options.left!;
	} ) as typeof track.scrollTo;
	const props = parseCarouselProps( recording.props, element );
	render( <Carousel { ...props } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return { element, track };
}

const current = () =>
	Array.from(
		document.querySelectorAll( '.tp-carousel__position a' )
	).findIndex( ( link ) => link.getAttribute( 'aria-current' ) === 'true' );

const advance = ( ms: number ) => act( () => vi.advanceTimersByTime( ms ) );

beforeEach( () => {
	vi.useFakeTimers();
	preferReducedMotion( false );
	scrolls = [];
} );

afterEach( () => {
	document.body.innerHTML = '';
	vi.useRealTimers();
	vi.unstubAllGlobals();
} );

describe( 'slide maths', () => {
	it( 'reads the slide in view from the scroll position, either direction', () => {
		expect( slideAt( 0, 300, 3 ) ).toBe( 0 );
		expect( slideAt( 290, 300, 3 ) ).toBe( 1 );
		expect( slideAt( -600, 300, 3 ) ).toBe( 2 );
		expect( slideAt( 5000, 300, 3 ) ).toBe( 2 );
		expect( slideAt( 100, 0, 3 ) ).toBe( 0 );
	} );

	it( 'turns round the ends', () => {
		expect( turn( 2, 3, 1 ) ).toBe( 0 );
		expect( turn( 0, 3, -1 ) ).toBe( 2 );
		expect( turn( 1, 3, 1 ) ).toBe( 2 );
	} );
} );

describe( 'the carousel', () => {
	it( 'mounts with the server’s buttons, the first slide current', () => {
		mount();
		expect(
			screen
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
		).toEqual( [ 'Pause', 'Previous', 'Next' ] );
		expect( current() ).toBe( 0 );
		expect(
			screen
				.getAllByRole( 'group' )
				.map( ( slide ) => slide.getAttribute( 'aria-label' ) )
		).toEqual( [ '1 of 3', '2 of 3', '3 of 3' ] );
	} );

	it( 'turns to the next slide every 5000 ms, smoothly, and round to the first', () => {
		const { track } = mount();
		// Turning, the track is not announced at every turn.
		expect( track.getAttribute( 'aria-live' ) ).toBe( 'off' );
		advance( 4999 );
		expect( scrolls ).toEqual( [] );
		advance( 1 );
		expect( scrolls ).toEqual( [ { left: WIDTH, behavior: 'smooth' } ] );
		expect( current() ).toBe( 1 );
		advance( 5000 );
		advance( 5000 );
		expect( scrolls.at( -1 ) ).toEqual( { left: 0, behavior: 'smooth' } );
		expect( current() ).toBe( 0 );
	} );

	it( 'stops on its button, which then offers to play, and the track is announced', () => {
		const { track } = mount();
		const toggle = screen.getByRole( 'button', { name: 'Pause' } );
		act( () => toggle.click() );
		expect( toggle.textContent ).toBe( 'Play' );
		expect( track.getAttribute( 'aria-live' ) ).toBe( 'polite' );
		advance( 20000 );
		expect( scrolls ).toEqual( [] );
		act( () => toggle.click() );
		advance( 5000 );
		expect( current() ).toBe( 1 );
	} );

	it( 'stands still while a pointer is over it or focus is in it', () => {
		const { element } = mount();
		act( () => {
			element.dispatchEvent( new Event( 'pointerenter' ) );
		} );
		advance( 20000 );
		expect( scrolls ).toEqual( [] );
		act( () => {
			element.dispatchEvent( new Event( 'pointerleave' ) );
		} );
		act( () => screen.getByRole( 'button', { name: 'Next' } ).focus() );
		advance( 20000 );
		// Focus on a button turns nothing by itself.
		expect( scrolls ).toEqual( [] );
	} );

	it( 'turns by hand with Previous and Next, round the ends', () => {
		mount();
		act( () => screen.getByRole( 'button', { name: 'Previous' } ).click() );
		expect( current() ).toBe( 2 );
		expect( scrolls.at( -1 )!.left ).toBe( 2 * WIDTH );
		act( () => screen.getByRole( 'button', { name: 'Next' } ).click() );
		expect( current() ).toBe( 0 );
	} );

	it( 'goes to the slide a position link names, without following the link', () => {
		mount();
		const link = screen.getByRole( 'link', { name: 'Slide 3' } );
		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		act( () => {
			link.dispatchEvent( click );
		} );
		expect( click.defaultPrevented ).toBe( true );
		expect( current() ).toBe( 2 );
		expect( scrolls.at( -1 )!.left ).toBe( 2 * WIDTH );
	} );

	it( 'follows a swipe: the slide it ends on becomes the current one', () => {
		const { track } = mount();
		track.scrollLeft = WIDTH / 2;
		act( () => {
			track.dispatchEvent( new Event( 'scroll' ) );
		} );
		advance( SCROLL_END - 20 );
		track.scrollLeft = WIDTH;
		act( () => {
			track.dispatchEvent( new Event( 'scroll' ) );
		} );
		advance( SCROLL_END - 1 );
		expect( current() ).toBe( 0 );
		advance( 1 );
		expect( current() ).toBe( 1 );
		// And the next turn is a full interval later.
		advance( INTERVAL - 1 );
		expect( scrolls ).toEqual( [] );
		advance( 1 );
		expect( current() ).toBe( 2 );
	} );

	it( 'sends a scroll of its own on once more when it ends short of its slide', () => {
		const { track } = mount();
		act( () => screen.getByRole( 'button', { name: 'Previous' } ).click() );
		expect( scrolls ).toEqual( [
			{ left: 2 * WIDTH, behavior: 'smooth' },
		] );
		// Stopped at the second slide (a newer scroll, a snap): aimed at the third still.
		track.scrollLeft = WIDTH;
		act( () => {
			track.dispatchEvent( new Event( 'scroll' ) );
		} );
		advance( SCROLL_END );
		expect( scrolls.at( -1 ) ).toEqual( {
			left: 2 * WIDTH,
			behavior: 'smooth',
		} );
		expect( current() ).toBe( 2 );
	} );

	it( 'lets a visitor’s own swipe take over from a scroll of its own', () => {
		const { track } = mount();
		act( () => screen.getByRole( 'button', { name: 'Previous' } ).click() );
		act( () => {
			track.dispatchEvent( new Event( 'pointerdown' ) );
		} );
		track.scrollLeft = WIDTH;
		act( () => {
			track.dispatchEvent( new Event( 'scroll' ) );
		} );
		advance( SCROLL_END );
		expect( scrolls ).toHaveLength( 1 );
		expect( current() ).toBe( 1 );
	} );

	it( 'starts stopped for a visitor who prefers reduced motion, and turns without animation', () => {
		preferReducedMotion( true );
		mount();
		expect( screen.getAllByRole( 'button' )[ 0 ]!.textContent ).toBe(
			'Play'
		);
		advance( 20000 );
		expect( scrolls ).toEqual( [] );
		act( () => screen.getByRole( 'button', { name: 'Next' } ).click() );
		expect( scrolls ).toEqual( [ { left: WIDTH, behavior: 'instant' } ] );
	} );
} );

describe( 'its props', () => {
	it( 'refuses props it cannot use, so the server markup stays', () => {
		document.body.innerHTML = recording.html;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="carousel"]'
		)!;
		const good = recording.props;
		for ( const bad of [
			{ ...good, interval: 0 },
			{ ...good, interval: '5000' },
			{ ...good, i18n: { pause: 'Pause' } },
		] ) {
			expect( () => parseCarouselProps( bad, element ) ).toThrow(
				TypeError
			);
		}
	} );
} );
