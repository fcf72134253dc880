/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
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
	vi,
} from 'vitest';

/**
 * Internal dependencies
 */
import { QuickView } from '../QuickView';
import { parseQuickViewProps } from '..';
import type { QuickViewAnswer } from '../types';

interface Recorded {
	id: number;
	status: number;
	body: unknown;
}

// A listing card with its "Quick view" inside the island, as the page printed it, and what the
// real route answered for that notice and for a draft (tests/php/ContractFixturesTest.php).
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/quick-view.json' ),
		'utf8'
	)
) as { markup: string; answers: Record< 'open' | 'draft', Recorded > };

const ROUTE =
	'http://fixture.test/wp-json/tenderpress/v1/notices/:id/quick-view';
const asked: string[] = [];
const unrecorded: string[] = [];

const server = setupServer(
	http.get( ROUTE, ( { params, request } ) => {
		asked.push( String( params.id ) );
		// A public read: no nonce goes with it (a day-old one would be refused).
		expect( request.headers.get( 'X-WP-Nonce' ) ).toBeNull();
		const answer = Object.values( recording.answers ).find(
			( recorded ) => String( recorded.id ) === params.id
		);
		if ( ! answer ) {
			unrecorded.push( String( params.id ) );
			return HttpResponse.json( {}, { status: 500 } );
		}
		return HttpResponse.json( answer.body as object, {
			status: answer.status,
		} );
	} )
);

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );

beforeEach( () => {
	asked.length = 0;
	unrecorded.length = 0;
	HTMLDialogElement.prototype.showModal = function () {
		this.setAttribute( 'open', '' );
	};
	HTMLDialogElement.prototype.close = function () {
		this.removeAttribute( 'open' );
	};
} );

afterEach( () => {
	server.resetHandlers();
	document.body.innerHTML = '';
	document.head.innerHTML = '';
	expect( unrecorded ).toEqual( [] );
} );

function mount( markup = recording.markup ) {
	document.body.innerHTML = markup;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="quick-view"]'
	)!;
	const props = parseQuickViewProps(
		JSON.parse(
			element.querySelector( ':scope > script[data-tp-props]' )!
				.textContent!
		),
		element
	);
	render( <QuickView { ...props } />, {
		container: element.querySelector< HTMLElement >(
			':scope > [data-tp-root]'
		)!,
	} );
	return element;
}

/** The stylesheets the island added to the page load (jsdom loads none by itself). */
function loadStylesheets() {
	for ( const link of document.head.querySelectorAll(
		'link[rel="stylesheet"]'
	) ) {
		link.dispatchEvent( new Event( 'load' ) );
	}
}

const control = () =>
	screen.getByRole( 'link', { name: 'Quick view: Fixture pumps &' } );
const dialog = () => document.querySelector( 'dialog' );

describe( 'notice quick view', () => {
	it( 'opens a dialog named after the notice, with its facts from the server, and gives focus back on close', async () => {
		const scan = vi.fn();
		( window as unknown as { tenderpress: unknown } ).tenderpress = {
			scan,
		};
		mount();
		const user = userEvent.setup();
		await user.click( control() );
		expect( dialog()!.hasAttribute( 'open' ) ).toBe( true );
		// The facts' stylesheets come with the first opening, not with the page.
		const sheets = JSON.parse(
			document.querySelector(
				'[data-tp-island="quick-view"] > script[data-tp-props]'
			)!.textContent!
		).styles as Array< { handle: string; href: string } >;
		expect(
			Array.from(
				document.head.querySelectorAll< HTMLLinkElement >(
					'link[rel="stylesheet"]'
				),
				( link ) => [ link.id, link.getAttribute( 'href' ) ]
			)
		).toEqual(
			sheets.map( ( sheet ) => [ `${ sheet.handle }-css`, sheet.href ] )
		);
		expect(
			dialog()!.querySelector( '.tp-quick-view__status' )!.textContent
		).toBe( 'Loading…' );
		loadStylesheets();
		expect( dialog()!.querySelector( 'h2' )!.textContent ).toBe(
			'Fixture pumps &'
		);
		expect( dialog()!.getAttribute( 'aria-labelledby' ) ).toBe(
			dialog()!.querySelector( 'h2' )!.id
		);
		await waitFor( () =>
			expect(
				dialog()!.querySelector( '.tp-notice-facts' )
			).not.toBeNull()
		);
		expect( asked ).toEqual( [ String( recording.answers.open.id ) ] );
		const documents = Array.from(
			dialog()!.querySelectorAll(
				'.tp-notice-facts a[href^="https://example.org/"]'
			),
			( link ) => link.textContent
		);
		expect( documents ).toEqual( [
			'Notice inviting tender & terms',
			'Bill of quantities',
		] );
		expect( dialog()!.querySelector( 'form.tp-reminder' ) ).not.toBeNull();
		expect(
			dialog()!.querySelector< HTMLAnchorElement >(
				'.tp-quick-view__full a'
			)!.href
		).toBe( control().getAttribute( 'href' ) );
		// The reminder's stepper in the answer is an island: the runtime is asked to mount it, with
		// the containers the answer lists (the runtime trusts no container the server did not).
		// React runs that effect after the answer is painted, so a busy machine may see the
		// facts a moment before the call.
		const { instances } = recording.answers.open.body as QuickViewAnswer;
		await waitFor( () =>
			expect( scan ).toHaveBeenCalledWith(
				dialog()!.querySelector( '.tp-quick-view__body' ),
				instances
			)
		);
		expect( Object.keys( instances! ) ).toEqual( [
			dialog()!.querySelector< HTMLElement >(
				'[data-tp-island="stepper"]'
			)!.dataset.tpInstance,
		] );

		await user.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( dialog() ).toBeNull();
		expect( control().ownerDocument.activeElement ).toBe( control() );
		delete ( window as unknown as { tenderpress?: unknown } ).tenderpress;
	} );

	it( 'asks once for a notice opened twice', async () => {
		mount();
		const user = userEvent.setup();
		await user.click( control() );
		loadStylesheets();
		await waitFor( () =>
			expect(
				dialog()!.querySelector( '.tp-notice-facts' )
			).not.toBeNull()
		);
		await user.click( screen.getByRole( 'button', { name: 'Close' } ) );
		await user.click( control() );
		expect( dialog()!.querySelector( '.tp-notice-facts' ) ).not.toBeNull();
		expect( asked.length ).toBe( 1 );
		// And its stylesheets were added once.
		const ids = Array.from(
			document.head.querySelectorAll( 'link[rel="stylesheet"]' ),
			( link ) => link.id
		);
		expect( new Set( ids ).size ).toBe( ids.length );
	} );

	it( 'says why when the notice cannot be shown, with the link to it', async () => {
		// A card for the draft: the route answers 404, and the dialog says so.
		const markup = recording.markup.replace(
			`data-tp-notice="${ recording.answers.open.id }"`,
			`data-tp-notice="${ recording.answers.draft.id }"`
		);
		mount( markup );
		const user = userEvent.setup();
		await user.click( control() );
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ).textContent ).toBe(
				'There is no such notice.'
			)
		);
		expect(
			screen
				.getByRole( 'link', { name: 'Open the full notice' } )
				.getAttribute( 'href' )
		).toBe( control().getAttribute( 'href' ) );
		expect( dialog()!.textContent ).not.toContain( 'never shows' );
	} );

	it( 'says a connection failure in the visitor’s words', async () => {
		// A condition of the network, not of the route: built here rather than recorded.
		server.use( http.get( ROUTE, () => HttpResponse.error() ) );
		mount();
		const user = userEvent.setup();
		await user.click( control() );
		await waitFor( () =>
			expect( screen.getByRole( 'alert' ).textContent ).toBe(
				'Could not reach the server. Check your connection.'
			)
		);
	} );

	it( 'leaves a click that opens a new tab to the browser', () => {
		mount();
		let left = false;
		// Seen after the island, then stopped: jsdom cannot open a tab.
		const note = ( event: Event ) => {
			left = ! event.defaultPrevented;
			event.preventDefault();
		};
		document.addEventListener( 'click', note );
		control().dispatchEvent(
			new MouseEvent( 'click', {
				bubbles: true,
				cancelable: true,
				ctrlKey: true,
			} )
		);
		document.removeEventListener( 'click', note );
		expect( left ).toBe( true );
		expect( dialog() ).toBeNull();
	} );

	it( 'refuses props it cannot use, so the controls stay links', () => {
		document.body.innerHTML = recording.markup;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="quick-view"]'
		)!;
		expect( () =>
			parseQuickViewProps(
				{ route: 'javascript:alert(1)', i18n: {}, messages: {} },
				element
			)
		).toThrow( TypeError );
	} );
} );
