/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { announce } from '../live-region';

const region = () => document.getElementById( 'tenderpress-live-region' );

beforeEach( () => {
	vi.useFakeTimers();
} );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'announce', () => {
	it( 'creates one polite, atomic, visually hidden live region in the body', () => {
		expect( region() ).toBeNull();

		announce( 'Page 3 of 12 loaded.' );

		const live = region()!;
		expect( live.parentElement ).toBe( document.body );
		expect( live.getAttribute( 'aria-live' ) ).toBe( 'polite' );
		expect( live.getAttribute( 'aria-atomic' ) ).toBe( 'true' );
		expect( live.hasAttribute( 'role' ) ).toBe( false );
		expect( live.className ).toBe( 'screen-reader-text' );
		expect( live.style.position ).toBe( 'absolute' );
		expect( live.style.width ).toBe( '1px' );
		expect( live.style.height ).toBe( '1px' );
		expect( live.style.overflow ).toBe( 'hidden' );
	} );

	it( 'keeps one region for the page however many messages are announced', () => {
		announce( 'Loading page 3…' );
		const first = region();
		announce( 'Page 3 of 12 loaded.' );
		announce( 'Page 4 could not be loaded.' );
		vi.advanceTimersByTime( 50 );

		expect(
			document.querySelectorAll( '#tenderpress-live-region' )
		).toHaveLength( 1 );
		expect( document.querySelectorAll( '[aria-live]' ) ).toHaveLength( 1 );
		expect( region() ).toBe( first );
	} );

	it( 'sets the message 50 ms after clearing the region', () => {
		announce( 'Page 3 of 12 loaded.' );
		expect( region()!.textContent ).toBe( '' );

		vi.advanceTimersByTime( 49 );
		expect( region()!.textContent ).toBe( '' );

		vi.advanceTimersByTime( 1 );
		expect( region()!.textContent ).toBe( 'Page 3 of 12 loaded.' );
	} );

	it( 'announces the same message twice: cleared, then set again', () => {
		announce( 'Page 3 could not be loaded.' );
		vi.advanceTimersByTime( 50 );
		const live = region()!;
		expect( live.textContent ).toBe( 'Page 3 could not be loaded.' );

		announce( 'Page 3 could not be loaded.' );
		expect( live.textContent ).toBe( '' );
		vi.advanceTimersByTime( 50 );
		expect( live.textContent ).toBe( 'Page 3 could not be loaded.' );
		expect( region() ).toBe( live );
	} );

	it( 'records a change of text for each announcement of the same message', async () => {
		announce( 'Page 2 of 12 loaded.' );
		vi.advanceTimersByTime( 50 );
		const live = region()!;
		const texts: string[] = [];
		const observer = new MutationObserver( () =>
			texts.push( live.textContent ?? '' )
		);
		observer.observe( live, { childList: true, subtree: true } );

		announce( 'Page 2 of 12 loaded.' );
		await Promise.resolve();
		vi.advanceTimersByTime( 50 );
		await Promise.resolve();
		observer.disconnect();

		expect( texts ).toEqual( [ '', 'Page 2 of 12 loaded.' ] );
	} );

	it( 'ends on the last message when messages follow each other quickly', () => {
		announce( 'Loading page 3…' );
		vi.advanceTimersByTime( 10 );
		announce( 'Page 3 of 12 loaded.' );
		vi.advanceTimersByTime( 100 );

		expect( region()!.textContent ).toBe( 'Page 3 of 12 loaded.' );
	} );

	it( 'makes a new region when the old one left the page', () => {
		announce( 'First' );
		vi.advanceTimersByTime( 50 );
		region()!.remove();

		announce( 'Second' );
		vi.advanceTimersByTime( 50 );

		expect( region()!.textContent ).toBe( 'Second' );
		expect(
			document.querySelectorAll( '#tenderpress-live-region' )
		).toHaveLength( 1 );
	} );

	it( 'uses a region the page already has', () => {
		document.body.innerHTML =
			'<div id="tenderpress-live-region" aria-live="polite">Old</div>';
		const existing = region();

		announce( 'New' );
		expect( existing!.textContent ).toBe( '' );
		vi.advanceTimersByTime( 50 );

		expect( region() ).toBe( existing );
		expect( existing!.textContent ).toBe( 'New' );
	} );
} );
