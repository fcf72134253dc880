/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
} from 'vitest';

/**
 * Internal dependencies
 */
import { Calendar } from '../Calendar';
import { parseCalendarProps } from '..';

interface Recorded {
	query: Record< string, string >;
	status: number;
	body: unknown;
}

// The calendar of January 2099 as the page printed it, and what the real route answered
// (tests/php/ContractFixturesTest.php records both): four notices in a category of their own,
// two closing on the 5th (a tender and an EOI), one on the 20th, one on 3 February.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/calendar.json' ),
		'utf8'
	)
) as { markup: string; answers: Record< string, Recorded > };

/** Requests the recordings have no answer for: the tests expect none. */
const unrecorded: string[] = [];
const asked: string[] = [];

/**
 * The recorded answer whose query is the request's. `base` (the page's own query, which only the
 * answer's links keep: PHPUnit checks that) is left out of the match; the tests check it is sent.
 */
function answerFor( url: URL ): Recorded | undefined {
	const query = Object.fromEntries(
		[ ...url.searchParams ].filter( ( [ name ] ) => name !== 'base' )
	);
	return Object.values( recording.answers ).find(
		( answer ) =>
			JSON.stringify( Object.entries( answer.query ).sort() ) ===
			JSON.stringify( Object.entries( query ).sort() )
	);
}

const server = setupServer(
	http.get(
		'http://fixture.test/wp-json/tenderpress/v1/calendar',
		( { request } ) => {
			const url = new URL( request.url );
			asked.push( url.search );
			const answer = answerFor( url );
			if ( ! answer ) {
				unrecorded.push( url.search );
				return HttpResponse.json( {}, { status: 500 } );
			}
			return HttpResponse.json( answer.body as object, {
				status: answer.status,
			} );
		}
	)
);

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );

function mount() {
	document.body.innerHTML = recording.markup;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="calendar"]'
	)!;
	const props = parseCalendarProps(
		JSON.parse(
			element.querySelector( 'script[data-tp-props]' )!.textContent!
		),
		element
	);
	render( <Calendar { ...props } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const cell = ( date: string ) =>
	document.querySelector< HTMLElement >( `td[data-tp-date="${ date }"]` )!;
const caption = () => document.querySelector( 'caption' )!.textContent;
const status = () =>
	document.querySelector< HTMLElement >( '.tp-calendar__status' )!;
const listTitle = () =>
	document.querySelector( '.tp-calendar__list-title' )!.textContent;
const tabStops = () =>
	Array.from(
		document.querySelectorAll< HTMLElement >( 'td[data-tp-date]' )
	).filter( ( td ) => td.tabIndex === 0 );

describe( 'deadline calendar island', () => {
	beforeEach( () => {
		unrecorded.length = 0;
		asked.length = 0;
		window.history.replaceState( null, '', '/deadlines/' );
	} );

	afterEach( () => {
		server.resetHandlers();
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'makes the server’s table a date grid with one tab stop, on the day listed', () => {
		mount();
		expect(
			document.querySelector( 'table' )!.getAttribute( 'role' )
		).toBe( 'grid' );
		expect( tabStops() ).toEqual( [ cell( '2099-01-05' ) ] );
		expect( cell( '2099-01-05' ).getAttribute( 'aria-selected' ) ).toBe(
			'true'
		);
		expect( cell( '2099-01-06' ).getAttribute( 'aria-selected' ) ).toBe(
			'false'
		);
		// The day links leave the tab order: Enter or Space on the cell does what they do.
		for ( const link of document.querySelectorAll( 'td a' ) ) {
			expect( link.getAttribute( 'tabindex' ) ).toBe( '-1' );
		}
		expect( caption() ).toContain( 'January 2099' );
		expect( caption() ).toContain( '3 notices close' );
		expect( listTitle() ).toBe( 'Closing on Monday 5 January 2099' );
	} );

	it( 'changes month without a reload, keeps focus on the link, and says what changed', async () => {
		// A page without pretty permalinks: its own query stays in its address and links.
		window.history.replaceState( null, '', '/?page_id=12' );
		mount();
		const user = userEvent.setup();
		await user.click(
			document.querySelector( '.tp-calendar__step--next' )!
		);
		await waitFor( () => expect( caption() ).toContain( 'February 2099' ) );
		expect( caption() ).toContain( '1 notice closes' );
		expect( document.body.ownerDocument.activeElement ).toBe(
			document.querySelector( '.tp-calendar__step--next' )
		);
		expect( status().textContent ).toContain( 'February 2099' );
		expect( status().classList.contains( 'is-error' ) ).toBe( false );
		expect( window.location.search ).toBe(
			'?tp_month=2099-02&category=calendar-fixtures'
		);
		// The page's own query went along, for the links to keep.
		expect( new URLSearchParams( asked[ 0 ] ).get( 'base' ) ).toBe(
			'page_id=12'
		);
		// The form sends the month shown, should a visitor submit it.
		expect(
			document.querySelector< HTMLInputElement >(
				'[data-tp-month-field]'
			)!.value
		).toBe( '2099-02' );
		expect( tabStops() ).toEqual( [ cell( '2099-02-03' ) ] );
	} );

	it( 'moves through days with the keyboard and lists the day Enter picks', async () => {
		mount();
		const user = userEvent.setup();
		act( () => cell( '2099-01-05' ).focus() );
		await user.keyboard( '{ArrowDown}{ArrowDown}{ArrowRight}' );
		expect( document.body.ownerDocument.activeElement ).toBe(
			cell( '2099-01-20' )
		);
		expect( tabStops() ).toEqual( [ cell( '2099-01-20' ) ] );
		expect( asked ).toEqual( [] );
		await user.keyboard( '{Enter}' );
		await waitFor( () =>
			expect( listTitle() ).toBe( 'Closing on Tuesday 20 January 2099' )
		);
		expect( document.body.ownerDocument.activeElement ).toBe(
			cell( '2099-01-20' )
		);
		expect( cell( '2099-01-20' ).getAttribute( 'aria-selected' ) ).toBe(
			'true'
		);
		expect(
			Array.from(
				document.querySelectorAll( '.tp-calendar__notice > a' ),
				( a ) => a.textContent
			)
		).toEqual( [ 'Fixture school furniture' ] );
		expect( status().textContent ).toBe(
			'Closing on Tuesday 20 January 2099'
		);
		expect( window.location.search ).toBe(
			'?tp_day=2099-01-20&category=calendar-fixtures'
		);
	} );

	it( 'turns the month when a key leaves it, with focus on the same day', async () => {
		mount();
		const user = userEvent.setup();
		act( () => cell( '2099-01-05' ).focus() );
		await user.keyboard( '{PageUp}' );
		await waitFor( () => expect( caption() ).toContain( 'December 2098' ) );
		expect( document.body.ownerDocument.activeElement ).toBe(
			cell( '2098-12-05' )
		);
		expect( tabStops() ).toEqual( [ cell( '2098-12-05' ) ] );
		await user.keyboard( '{PageDown}' );
		await waitFor( () => expect( caption() ).toContain( 'January 2099' ) );
		expect( document.body.ownerDocument.activeElement ).toBe(
			cell( '2099-01-05' )
		);
		// And back again: a month seen before is not asked for twice.
		await user.keyboard( '{PageUp}' );
		await waitFor( () => expect( caption() ).toContain( 'December 2098' ) );
		expect( document.body.ownerDocument.activeElement ).toBe(
			cell( '2098-12-05' )
		);
		expect( asked.length ).toBe( 2 );
	} );

	it( 'applies the filters without a reload', async () => {
		mount();
		const user = userEvent.setup();
		await user.selectOptions(
			document.querySelector< HTMLSelectElement >(
				'select[name="notice_type"]'
			)!,
			'eoi'
		);
		await user.click(
			document.querySelector< HTMLButtonElement >(
				'.tp-calendar__submit'
			)!
		);
		await waitFor( () =>
			expect( caption() ).toContain( '1 notice closes' )
		);
		expect( document.body.ownerDocument.activeElement ).toBe(
			document.querySelector( '.tp-calendar__submit' )
		);
		expect( listTitle() ).toBe( 'Closing on Monday 5 January 2099' );
		expect( window.location.search ).toBe(
			'?tp_month=2099-01&notice_type=eoi&category=calendar-fixtures'
		);
	} );

	it( 'keeps the month and shows why when the server cannot be reached', async () => {
		// A condition of the network, not of the route: built here rather than recorded.
		server.use(
			http.get(
				'http://fixture.test/wp-json/tenderpress/v1/calendar',
				() => HttpResponse.error()
			)
		);
		mount();
		const user = userEvent.setup();
		await user.click(
			document.querySelector( '.tp-calendar__step--next' )!
		);
		await waitFor( () =>
			expect( status().classList.contains( 'is-error' ) ).toBe( true )
		);
		expect( status().textContent ).toBe(
			'Could not reach the server. Check your connection.'
		);
		expect( caption() ).toContain( 'January 2099' );
		expect(
			document
				.querySelector( '.tp-calendar__month' )!
				.hasAttribute( 'aria-busy' )
		).toBe( false );
	} );

	it( 'refuses props it cannot use, leaving the server’s calendar', () => {
		document.body.innerHTML = recording.markup;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="calendar"]'
		)!;
		expect( () =>
			parseCalendarProps(
				{ route: 'javascript:alert(1)', perDay: 5 },
				element
			)
		).toThrow( TypeError );
		expect( () =>
			parseCalendarProps(
				{
					route: '/wp-json/tenderpress/v1/calendar',
					perDay: 5,
					years: { first: 1970, last: 9999 },
					filters: { category: 7 },
				},
				element
			)
		).toThrow( /filters.category/ );
	} );
} );
