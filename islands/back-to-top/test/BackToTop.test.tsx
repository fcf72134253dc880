/**
 * External dependencies
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { preferReducedMotion } from '../../shared/test/prefer-reduced-motion';
import { BackToTop } from '../BackToTop';
import island, { parseBackToTopProps } from '..';
import type { BackToTopProps } from '../types';

function expectFocusOn( element: Element ) {
	expect( element.ownerDocument.activeElement ).toBe( element );
}

const props: BackToTopProps = {
	label: 'Back to top',
	speed: 400,
	showAfter: 400,
	targetId: 'top',
};

/** Animation frames wait here until the test runs them, at a time it chooses. */
let frames: FrameRequestCallback[] = [];
let clock = 1000;

function runFrame( at: number ) {
	clock = at;
	const due = frames;
	frames = [];
	act( () => due.forEach( ( callback ) => callback( at ) ) );
}

function scrollTo( y: number ) {
	Object.defineProperty( window, 'scrollY', {
		configurable: true,
		value: y,
	} );
	window.dispatchEvent( new Event( 'scroll' ) );
}

let windowScrollTo: ReturnType<
	typeof vi.fn< ( x: number, y: number ) => void >
>;

beforeEach( () => {
	frames = [];
	clock = 1000;
	vi.stubGlobal(
		'requestAnimationFrame',
		vi.fn( ( callback: FrameRequestCallback ) => frames.push( callback ) )
	);
	vi.stubGlobal( 'cancelAnimationFrame', vi.fn() );
	vi.spyOn( performance, 'now' ).mockImplementation( () => clock );
	windowScrollTo = vi.fn( ( _x: number, y: number ) =>
		Object.defineProperty( window, 'scrollY', {
			configurable: true,
			value: y,
		} )
	);
	vi.stubGlobal( 'scrollTo', windowScrollTo );
	Object.defineProperty( window, 'scrollY', {
		configurable: true,
		value: 0,
	} );
	document.body.innerHTML = '<header id="top">Site title</header>';
} );

afterEach( () => {
	vi.unstubAllGlobals();
	Object.defineProperty( window, 'scrollY', {
		configurable: true,
		value: 0,
	} );
} );

/** The link, whether or not it is hidden from assistive technology. */
function link(): HTMLAnchorElement {
	return screen.getByText( 'Back to top' ).closest( 'a' )!;
}

describe( 'BackToTop', () => {
	it( 'stays hidden from everyone until the page is scrolled past showAfter', () => {
		render( <BackToTop { ...props } /> );
		runFrame( 1016 );

		expect( link() ).toHaveProperty(
			'className',
			'tp-back-to-top__link is-hidden'
		);
		expect( link().getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		expect( link().tabIndex ).toBe( -1 );
		expect( screen.queryByRole( 'link' ) ).toBeNull();

		scrollTo( 400 );
		runFrame( 1032 );
		expect( link().classList.contains( 'is-hidden' ) ).toBe( true );

		scrollTo( 401 );
		runFrame( 1048 );
		const shown = screen.getByRole( 'link', { name: 'Back to top' } );
		expect( shown.className ).toBe( 'tp-back-to-top__link' );
		expect( shown.hasAttribute( 'aria-hidden' ) ).toBe( false );
		expect( shown.hasAttribute( 'tabindex' ) ).toBe( false );
		expect( shown.getAttribute( 'href' ) ).toBe( '#top' );

		scrollTo( 10 );
		runFrame( 1064 );
		expect( link().classList.contains( 'is-hidden' ) ).toBe( true );
	} );

	it( 'is shown at once when the page loads already scrolled down', () => {
		Object.defineProperty( window, 'scrollY', {
			configurable: true,
			value: 2000,
		} );
		render( <BackToTop { ...props } /> );
		expect(
			screen.getByRole( 'link', { name: 'Back to top' } )
		).toBeTruthy();
	} );

	it( 'checks the scroll position at most once per frame', () => {
		render( <BackToTop { ...props } /> );
		runFrame( 1016 );

		scrollTo( 500 );
		scrollTo( 600 );
		scrollTo( 700 );
		expect( frames ).toHaveLength( 1 );
	} );

	it( 'scrolls to the top over `speed` ms, then moves focus to the top element', async () => {
		const user = userEvent.setup();
		scrollTo( 800 );
		render( <BackToTop { ...props } /> );
		runFrame( 1016 );

		await user.click( screen.getByRole( 'link', { name: 'Back to top' } ) );
		windowScrollTo.mockClear();
		const began = clock;

		runFrame( began + 100 );
		runFrame( began + 200 );
		runFrame( began + 300 );
		const top = document.getElementById( 'top' )!;
		expect( top.ownerDocument.activeElement ).not.toBe( top );
		runFrame( began + 400 );

		const ys = windowScrollTo.mock.calls.map( ( [ , y ] ) => y );
		expect( ys ).toHaveLength( 4 );
		// jQuery's "swing" easing, as on the original site: a slow start, so less than a quarter
		// of the way after a quarter of the time.
		expect( ys[ 0 ] ).toBeLessThan( 800 );
		expect( ys[ 0 ] ).toBeGreaterThan( 600 );
		expect( ys[ 0 ] ).toBeGreaterThan( ys[ 1 ]! );
		expect( ys[ 1 ] ).toBeCloseTo( 400 ); // Halfway in time is halfway in distance with swing.
		expect( ys[ 2 ] ).toBeGreaterThan( 0 );
		expect( windowScrollTo ).toHaveBeenLastCalledWith( 0, 0 );
		expect( frames ).toEqual( [] ); // The animation asks for no more frames.

		await waitFor( () => expectFocusOn( top ) );
		expect( top.getAttribute( 'tabindex' ) ).toBe( '-1' );
		expect( window.location.hash ).toBe( '' );
	} );

	it( 'jumps to the top at once when the visitor prefers reduced motion', async () => {
		preferReducedMotion( true );
		const user = userEvent.setup();
		scrollTo( 800 );
		render( <BackToTop { ...props } /> );
		runFrame( 1016 );
		windowScrollTo.mockClear();

		await user.click( screen.getByRole( 'link', { name: 'Back to top' } ) );

		expect( windowScrollTo.mock.calls ).toEqual( [ [ 0, 0 ] ] );
		await waitFor( () =>
			expectFocusOn( document.getElementById( 'top' )! )
		);
	} );

	it( 'animates when reduced motion is not asked for', async () => {
		preferReducedMotion( false );
		const user = userEvent.setup();
		scrollTo( 800 );
		render( <BackToTop { ...props } /> );
		runFrame( 1016 );
		windowScrollTo.mockClear();

		await user.click( screen.getByRole( 'link', { name: 'Back to top' } ) );

		expect( windowScrollTo ).not.toHaveBeenCalled();
		runFrame( clock + 400 );
		expect( windowScrollTo.mock.calls ).toEqual( [ [ 0, 0 ] ] );
	} );

	it( 'keeps a tabindex the top element already has', async () => {
		document.getElementById( 'top' )!.setAttribute( 'tabindex', '0' );
		const user = userEvent.setup();
		scrollTo( 800 );
		render( <BackToTop { ...props } speed={ 0 } /> );
		runFrame( 1016 );

		await user.click( screen.getByRole( 'link', { name: 'Back to top' } ) );

		expect( windowScrollTo ).toHaveBeenLastCalledWith( 0, 0 );
		await waitFor( () =>
			expectFocusOn( document.getElementById( 'top' )! )
		);
		expect(
			document.getElementById( 'top' )!.getAttribute( 'tabindex' )
		).toBe( '0' );
	} );
} );

describe( 'parseBackToTopProps', () => {
	it( 'reads the props PHP prints', () => {
		expect(
			parseBackToTopProps( {
				label: 'Back to top',
				speed: 250,
				showAfter: 600,
				targetId: 'site-header',
			} )
		).toEqual( {
			label: 'Back to top',
			speed: 250,
			showAfter: 600,
			targetId: 'site-header',
		} );
	} );

	// The server cleans the props against the block's attributes (block.json), the one home of
	// their limits: the island does not hold a second, different copy.
	it( 'takes the numbers the server sends, without limits of its own', () => {
		expect(
			parseBackToTopProps( {
				label: 'Up',
				speed: 0,
				showAfter: 250000,
				targetId: 'top',
			} )
		).toEqual( {
			label: 'Up',
			speed: 0,
			showAfter: 250000,
			targetId: 'top',
		} );
	} );

	const valid = {
		label: 'Up',
		speed: 400,
		showAfter: 400,
		targetId: 'top',
	};

	it.each( [
		[ 'a speed given as text', { ...valid, speed: '400' }, 'speed' ],
		[ 'a speed that is null', { ...valid, speed: null }, 'speed' ],
		[ 'a missing speed', { ...valid, speed: undefined }, 'speed' ],
		[
			'a showAfter given as true',
			{ ...valid, showAfter: true },
			'showAfter',
		],
		[
			'a missing showAfter',
			{ ...valid, showAfter: undefined },
			'showAfter',
		],
		[ 'a label that is not a string', { ...valid, label: 42 }, 'label' ],
		[ 'a missing label', { ...valid, label: undefined }, 'label' ],
		[
			'a target id that is a number',
			{ ...valid, targetId: 7 },
			'targetId',
		],
		[
			'a missing target id',
			{ ...valid, targetId: undefined },
			'targetId',
		],
	] )( 'refuses %s', ( _case, raw, prop ) => {
		expect( () => parseBackToTopProps( raw ) ).toThrow(
			new RegExp( `^${ prop } ` )
		);
	} );

	it( 'refuses props that are not an object', () => {
		expect( () => parseBackToTopProps( null ) ).toThrow( TypeError );
		expect( () => parseBackToTopProps( [] ) ).toThrow( TypeError );
	} );

	it( 'is the island’s props parser', () => {
		expect( island.parseProps ).toBe( parseBackToTopProps );
		expect( island.component ).toBe( BackToTop );
	} );
} );
