/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { Tabs } from '../Tabs';
import { parseTabsProps } from '..';
import { SCROLL_DURATION } from '../hash';

type Layout = 'tabs' | 'accordion';

// The server's markup and props (tests/php/ContractFixturesTest.php records them).
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/tabs.json' ),
		'utf8'
	)
) as Record< Layout, { html: string; props: Record< string, unknown > } >;

/** Mounts the island on the server's markup, as the runtime does (React owns data-tp-root). */
function mount(
	layout: Layout,
	{
		before = '',
		after = '',
		props = {},
	}: {
		before?: string;
		after?: string;
		props?: Record< string, unknown >;
	} = {}
) {
	document.body.innerHTML = before + recording[ layout ].html + after;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="tabs"]'
	)!;
	const parsed = parseTabsProps(
		{ ...recording[ layout ].props, ...props },
		element
	);
	render( <Tabs { ...parsed } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const panelOf = ( header: HTMLElement ) =>
	document.getElementById( header.getAttribute( 'aria-controls' )! )!;

let scrolled: number[];

// jsdom cannot scroll: a scroll still running when a test ends finds this instead.
window.scrollTo = () => {};

beforeEach( () => {
	scrolled = [];
	vi.spyOn( window, 'scrollTo' ).mockImplementation( ( (
		_x: number,
		top: number
	) => {
		scrolled.push( top );
	} ) as typeof window.scrollTo );
	window.history.replaceState( null, '', '/tenders/road-works/' );
} );

afterEach( () => {
	document.body.innerHTML = '';
	vi.restoreAllMocks();
	vi.useRealTimers();
} );

describe( 'tabs', () => {
	it( 'keeps the server’s open tab, and gives the row and each tab their roles and states', () => {
		mount( 'tabs' );
		const list = screen.getByRole( 'tablist', { name: 'Notice details' } );
		const tabs = screen.getAllByRole( 'tab' );
		expect( tabs.map( ( tab ) => tab.textContent ) ).toEqual( [
			'Details',
			'Documents',
			'Eligibility',
		] );
		expect( list.contains( tabs[ 0 ]! ) ).toBe( true );
		// The server opened Documents (marked open); the island changes nothing of what shows.
		expect(
			tabs.map( ( tab ) => tab.getAttribute( 'aria-selected' ) )
		).toEqual( [ 'false', 'true', 'false' ] );
		expect( tabs.map( ( tab ) => tab.tabIndex ) ).toEqual( [ -1, 0, -1 ] );
		const panel = screen.getByRole( 'tabpanel' );
		expect( panel ).toBe( panelOf( tabs[ 1 ]! ) );
		expect( panel ).toBe(
			screen.getByRole( 'tabpanel', { name: 'Documents' } )
		);
		expect( panelOf( tabs[ 0 ]! ).hidden ).toBe( true );
	} );

	it( 'names the row only once it is a tablist, from the props, and never with an empty name', () => {
		// The server's row is a plain div of links: HTML allows it no name (issue 26).
		expect( recording.tabs.html ).not.toContain( 'aria-label' );
		mount( 'tabs', { props: { label: '' } } );
		const list = screen.getByRole( 'tablist' );
		expect( list.hasAttribute( 'aria-label' ) ).toBe( false );
	} );

	it( 'shows the panel of a clicked tab and names it in the address', async () => {
		const user = userEvent.setup();
		mount( 'tabs' );
		await user.click( screen.getByRole( 'tab', { name: 'Eligibility' } ) );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Eligibility' } )
		).toBeTruthy();
		expect( window.location.hash ).toBe( '#tenderpress-safari' );
		// A click that only changes the state scrolls nothing.
		expect( scrolled ).toEqual( [] );
	} );

	it( 'moves with the arrow keys, Home and End, selecting as it goes, and wraps', async () => {
		const user = userEvent.setup();
		mount( 'tabs' );
		screen.getByRole( 'tab', { name: 'Documents' } ).focus();
		await user.keyboard( '{ArrowRight}' );
		expect( document.body.ownerDocument.activeElement?.textContent ).toBe(
			'Eligibility'
		);
		expect(
			screen.getByRole( 'tabpanel', { name: 'Eligibility' } )
		).toBeTruthy();
		await user.keyboard( '{ArrowRight}' );
		expect( document.body.ownerDocument.activeElement?.textContent ).toBe(
			'Details'
		);
		await user.keyboard( '{ArrowLeft}' );
		expect( document.body.ownerDocument.activeElement?.textContent ).toBe(
			'Eligibility'
		);
		await user.keyboard( '{Home}' );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Details' } )
		).toBeTruthy();
		await user.keyboard( '{End}' );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Eligibility' } )
		).toBeTruthy();
		// Tab leaves the row for the panel.
		await user.tab();
		expect( document.body.ownerDocument.activeElement ).toBe(
			screen.getByRole( 'tabpanel' )
		);
	} );

	it( 'swaps the arrows on right-to-left pages', async () => {
		const user = userEvent.setup();
		mount( 'tabs' );
		// As a browser computes it on a right-to-left page (jsdom does not inherit direction).
		screen
			.getAllByRole( 'tab' )
			.forEach( ( tab ) => ( tab.style.direction = 'rtl' ) );
		screen.getByRole( 'tab', { name: 'Documents' } ).focus();
		await user.keyboard( '{ArrowLeft}' );
		expect( document.body.ownerDocument.activeElement?.textContent ).toBe(
			'Eligibility'
		);
	} );

	it( 'opens the tab the address names, or the one holding what it names, and scrolls there with the offset', async () => {
		vi.stubGlobal(
			'matchMedia',
			vi.fn( () => ( { matches: true } ) ) // reduced motion: the scroll is at once
		);
		window.history.replaceState( null, '', '#fees' );
		mount( 'tabs' );
		await act( async () => {} );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Documents' } )
		).toBeTruthy();
		// jsdom lays nothing out: the row of tabs is at 0, less the 80 px offset, clamped.
		expect( scrolled ).toEqual( [ 0 ] );
		vi.unstubAllGlobals();
	} );

	it( 'opens the tab an address in the spec\'s "#!" form names, as "#" would', async () => {
		window.history.replaceState( null, '', '#!fees' );
		mount( 'tabs' );
		await act( async () => {} );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Documents' } )
		).toBeTruthy();
		expect( window.location.hash ).toBe( '#fees' );
	} );

	it( 'maps a browser name in the address to its prefixed section', async () => {
		window.history.replaceState( null, '', '#safari' );
		mount( 'tabs' );
		await act( async () => {} );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Eligibility' } )
		).toBeTruthy();
	} );

	it( 'leaves the page as it is for a hash it may not use', async () => {
		for ( const hash of [ '#!', '#1fees', '#fees%20x' ] ) {
			window.history.replaceState( null, '', hash );
			mount( 'tabs' );
			await act( async () => {} );
			expect(
				screen.getByRole( 'tabpanel', { name: 'Documents' } )
			).toBeTruthy();
			expect( scrolled, hash ).toEqual( [] );
			document.body.innerHTML = '';
		}
	} );

	it( 'opens a tab when the hash changes to it', async () => {
		mount( 'tabs' );
		window.history.replaceState( null, '', '#details' );
		await act( async () => {
			window.dispatchEvent( new HashChangeEvent( 'hashchange' ) );
		} );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Details' } )
		).toBeTruthy();
	} );

	it( 'opens the section an in-page link names, scrolls over 300 ms, focuses its tab and adds a history entry', async () => {
		const user = userEvent.setup();
		mount( 'tabs', {
			before: '<p><a href="#fees">See the fees</a> <a href="#!details">The details</a></p>',
		} );
		const entries = window.history.length;
		const frames: FrameRequestCallback[] = [];
		vi.spyOn( window, 'requestAnimationFrame' ).mockImplementation(
			( callback ) => frames.push( callback )
		);
		Object.defineProperty( window, 'scrollY', {
			configurable: true,
			value: 500,
		} );
		await user.click(
			screen.getByRole( 'link', { name: 'See the fees' } )
		);
		expect(
			screen.getByRole( 'tabpanel', { name: 'Documents' } )
		).toBeTruthy();
		expect( window.location.hash ).toBe( '#fees' );
		expect( window.history.length ).toBe( entries + 1 );
		expect( document.body.ownerDocument.activeElement?.textContent ).toBe(
			'Documents'
		);
		// The scroll runs from 500 to the paragraph (at 0 in jsdom, so 500 - 80 = 420) in 300 ms.
		const start = performance.now();
		act( () => frames.shift()!( start + SCROLL_DURATION / 2 ) );
		act( () => frames.shift()!( start + SCROLL_DURATION ) );
		expect( scrolled.at( -1 ) ).toBe( 420 );
		expect( frames ).toEqual( [] );

		// A '#!' link is treated as the '#' link it stands for, and never followed as a fragment.
		await user.click( screen.getByRole( 'link', { name: 'The details' } ) );
		expect(
			screen.getByRole( 'tabpanel', { name: 'Details' } )
		).toBeTruthy();
		expect( window.location.hash ).toBe( '#details' );
	} );

	it( 'does not handle twice the hash change its own click caused', async () => {
		const user = userEvent.setup();
		mount( 'tabs', { before: '<a href="#fees">See the fees</a>' } );
		await user.click(
			screen.getByRole( 'link', { name: 'See the fees' } )
		);
		const after = scrolled.length;
		await act( async () => {
			window.dispatchEvent( new HashChangeEvent( 'hashchange' ) );
		} );
		expect( scrolled.length ).toBe( after );
	} );

	it( 'keeps its hands off a click with a modifier key (open in a new tab)', () => {
		mount( 'tabs' );
		const tab = screen.getByRole( 'tab', { name: 'Details' } );
		const event = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
			ctrlKey: true,
		} );
		tab.dispatchEvent( event );
		expect( event.defaultPrevented ).toBe( false );
		expect( tab.getAttribute( 'aria-selected' ) ).toBe( 'false' );
	} );
} );

describe( 'accordion', () => {
	it( 'gives each header the button role and its state, under its heading', () => {
		mount( 'accordion' );
		const buttons = screen.getAllByRole( 'button' );
		expect( buttons.map( ( button ) => button.textContent ) ).toEqual( [
			'Who may bid?',
			'Which documents?',
			'When is the deadline?',
		] );
		expect(
			buttons.map( ( button ) => button.getAttribute( 'aria-expanded' ) )
		).toEqual( [ 'false', 'true', 'false' ] );
		expect( buttons[ 0 ]!.closest( 'h3' ) ).not.toBeNull();
		expect(
			screen.getByRole( 'region', { name: 'Which documents?' } )
		).toBeTruthy();
	} );

	it( 'opens and closes each section on its own, with Enter and Space too', async () => {
		const user = userEvent.setup();
		mount( 'accordion' );
		const first = screen.getByRole( 'button', { name: 'Who may bid?' } );
		await user.click( first );
		expect( first.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( panelOf( first ).hidden ).toBe( false );
		// The other open section stays open.
		expect(
			screen
				.getByRole( 'button', { name: 'Which documents?' } )
				.getAttribute( 'aria-expanded' )
		).toBe( 'true' );
		await user.click( first );
		expect( first.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( panelOf( first ).hidden ).toBe( true );
		first.focus();
		await user.keyboard( ' ' );
		expect( first.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		await user.keyboard( '{Enter}' );
		expect( first.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	} );

	it( 'keeps one section open when the block says so', async () => {
		const user = userEvent.setup();
		mount( 'accordion', { props: { exclusive: true } } );
		await user.click(
			screen.getByRole( 'button', { name: 'Who may bid?' } )
		);
		expect(
			screen
				.getAllByRole( 'button' )
				.map( ( button ) => button.getAttribute( 'aria-expanded' ) )
		).toEqual( [ 'true', 'false', 'false' ] );
	} );

	it( 'moves between headers with the up and down arrows, Home and End, without opening', async () => {
		const user = userEvent.setup();
		mount( 'accordion' );
		const [ first, second, third ] = screen.getAllByRole( 'button' );
		first!.focus();
		await user.keyboard( '{ArrowDown}' );
		expect( document.body.ownerDocument.activeElement ).toBe( second );
		await user.keyboard( '{End}' );
		expect( document.body.ownerDocument.activeElement ).toBe( third );
		await user.keyboard( '{ArrowDown}' );
		expect( document.body.ownerDocument.activeElement ).toBe( first );
		await user.keyboard( '{ArrowUp}' );
		expect( document.body.ownerDocument.activeElement ).toBe( third );
		expect( third!.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
	} );

	it( 'opens the section the address names without closing the others', async () => {
		window.history.replaceState( null, '', '#who-may-bid' );
		mount( 'accordion' );
		await act( async () => {} );
		expect(
			screen
				.getAllByRole( 'button' )
				.map( ( button ) => button.getAttribute( 'aria-expanded' ) )
		).toEqual( [ 'true', 'true', 'false' ] );
	} );
} );

describe( 'its props', () => {
	it( 'refuses props it cannot use, so the server markup stays', () => {
		document.body.innerHTML = recording.tabs.html;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="tabs"]'
		)!;
		const good = recording.tabs.props;
		for ( const bad of [
			{ ...good, layout: 'carousel' },
			{ ...good, offset: -1 },
			{ ...good, offset: '80' },
			{ ...good, exclusive: 'yes' },
			{ ...good, aliases: [] },
			{ ...good, aliases: { safari: 1 } },
			{ ...good, pattern: '(' },
			{ ...good, pattern: undefined },
		] ) {
			expect( () => parseTabsProps( bad, element ) ).toThrow( TypeError );
		}
	} );
} );
