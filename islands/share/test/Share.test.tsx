/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
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
import { Share } from '../Share';
import { parseShareProps } from '..';

const speak = vi.hoisted( () => vi.fn() );
vi.mock( '@wordpress/a11y', () => ( { speak } ) );

// The bar and props the server rendered for a notice (tests/php/ContractFixturesTest.php).
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/share.json' ),
		'utf8'
	)
) as {
	html: string;
	props: Record< string, unknown >;
	floating: string;
	counts: {
		html: string;
		props: { url: string; action: string };
		answer: Record< string, unknown >;
	};
};
const PAGE = recording.props.url as string;

// The count endpoint answers what the real handler answered for the recorded page, and only
// the request the island is expected to make; anything else is kept and must stay empty.
const unrecorded: string[] = [];
const server = setupServer(
	http.get( recording.counts.props.url, ( { request } ) => {
		const asked = new URL( request.url );
		if (
			asked.searchParams.get( 'action' ) !==
				recording.counts.props.action ||
			JSON.stringify( asked.searchParams.getAll( 'urls[]' ) ) !==
				JSON.stringify( [ PAGE ] )
		) {
			unrecorded.push( request.url );
			return HttpResponse.error();
		}
		return HttpResponse.json( recording.counts.answer );
	} )
);
beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );

/** Mounts the island on the server's bar, as the runtime does (React owns data-tp-root). */
function mount(
	wrap = ( html: string ) => html,
	raw: Record< string, unknown > = recording.props,
	markup = recording.html
) {
	document.body.innerHTML = wrap( markup );
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="share"]'
	)!;
	const props = parseShareProps( raw, element );
	render( <Share { ...props } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const bar = ( element: HTMLElement, service: string ) =>
	element.querySelector< HTMLElement >(
		`.tp-share__list > li > [data-tp-service="${ service }"]`
	)!;

let opened: ReturnType< typeof vi.fn >;

beforeEach( () => {
	opened = vi.fn();
	vi.spyOn( window, 'open' ).mockImplementation( ( ...args ) => {
		opened( ...args );
		return null;
	} );
	// jsdom has <dialog> but not its modal methods.
	HTMLDialogElement.prototype.showModal = function () {
		this.setAttribute( 'open', '' );
	};
	HTMLDialogElement.prototype.close = function () {
		this.removeAttribute( 'open' );
	};
	window.sessionStorage.clear();
	speak.mockReset();
} );

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'the share island', () => {
	it( 'opens a service in a 600 × 400 window with the page address and title encoded', async () => {
		const element = mount();
		await userEvent.click( bar( element, 'whatsapp' ) );
		expect( opened ).toHaveBeenCalledTimes( 1 );
		const [ link, target, features ] = opened.mock.calls[ 0 ]!;
		expect( link ).toBe(
			`https://wa.me/?text=${ encodeURIComponent(
				`${ recording.props.title } ${ PAGE }`
			) }`
		);
		expect( target ).toBe( '_blank' );
		expect( features ).toMatch( /(^|,)width=600(,|$)/ );
		expect( features ).toMatch( /(^|,)height=400(,|$)/ );
		expect( features ).toContain( 'noopener' );
	} );

	it( 'copies the link, says so and announces it', async () => {
		const element = mount();
		const writeText = vi.fn().mockResolvedValue( undefined );
		Object.defineProperty( window, 'isSecureContext', {
			configurable: true,
			value: true,
		} );
		Object.defineProperty( navigator, 'clipboard', {
			configurable: true,
			value: { writeText },
		} );
		await userEvent.click( bar( element, 'copy-link' ) );
		expect( writeText ).toHaveBeenCalledWith( PAGE );
		await waitFor( () =>
			expect(
				element.querySelector( '.tp-share__message' )?.textContent
			).toBe( 'Link copied.' )
		);
		expect( speak ).toHaveBeenCalledWith( 'Link copied.' );
		expect( opened ).not.toHaveBeenCalled();
	} );

	it( 'copies with the older command where the Clipboard API is missing', async () => {
		const element = mount();
		Object.defineProperty( navigator, 'clipboard', {
			configurable: true,
			value: undefined,
		} );
		const execCommand = vi.fn( () => true );
		Object.defineProperty( document, 'execCommand', {
			configurable: true,
			value: execCommand,
		} );
		const copy = bar( element, 'copy-link' );
		copy.focus();
		await userEvent.click( copy );
		expect( execCommand ).toHaveBeenCalledWith( 'copy' );
		await waitFor( () =>
			expect( speak ).toHaveBeenCalledWith( 'Link copied.' )
		);
		expect( copy.ownerDocument.activeElement ).toBe( copy );
		expect( document.querySelector( 'textarea' ) ).toBeNull();
	} );

	it( 'lists every service in a dialog that filters by name and closes three ways', async () => {
		const element = mount();
		const more = element.querySelector< HTMLElement >( 'summary' )!;
		const count = ( recording.props.more as unknown[] ).length;

		for ( const close of [ 'button', 'escape', 'backdrop' ] ) {
			more.focus();
			await userEvent.click( more );
			const dialog = screen.getByRole( 'dialog', {
				name: 'More sharing services',
			} );
			expect( element.querySelector( 'details' )!.open ).toBe( false );
			expect(
				dialog.querySelectorAll( '.tp-share__service' )
			).toHaveLength( count );
			await userEvent.type(
				screen.getByLabelText( 'Find a service' ),
				'TELEG'
			);
			expect(
				Array.from(
					dialog.querySelectorAll( '.tp-share__service' )
				).map( ( link ) => link.getAttribute( 'data-tp-service' ) )
			).toEqual( [ 'telegram' ] );
			await userEvent.type(
				screen.getByLabelText( 'Find a service' ),
				'x'
			);
			expect(
				dialog.querySelectorAll( '.tp-share__service' )
			).toHaveLength( 0 );
			expect( screen.getByRole( 'status' ).textContent ).toBe(
				'No service has that name.'
			);
			if ( close === 'button' ) {
				await userEvent.click(
					screen.getByRole( 'button', { name: 'Close' } )
				);
			} else if ( close === 'escape' ) {
				act( () => {
					dialog.dispatchEvent(
						new Event( 'cancel', { cancelable: true } )
					);
				} );
			} else {
				await userEvent.click( dialog );
			}
			expect( screen.queryByRole( 'dialog' ) ).toBeNull();
			expect( more.ownerDocument.activeElement ).toBe( more );
		}
	} );

	it( 'asks for a Mastodon instance and shares there, or on the default one when empty', async () => {
		mount();
		const open = async () => {
			await userEvent.click(
				document.querySelector< HTMLElement >( 'summary' )!
			);
			await userEvent.click(
				screen
					.getByRole( 'dialog' )
					.querySelector< HTMLElement >(
						'[data-tp-service="mastodon"]'
					)!
			);
			return screen.getByRole( 'dialog', {
				name: 'Your Mastodon Instance',
			} );
		};

		let dialog = await open();
		await userEvent.type(
			screen.getByLabelText( /Instance address/ ),
			'  fosstodon.org '
		);
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Submit' } )
		);
		expect( opened.mock.calls[ 0 ]![ 0 ] ).toMatch(
			/^https:\/\/fosstodon\.org\/share\?/
		);
		expect( opened.mock.calls[ 0 ]![ 0 ] ).toContain(
			encodeURIComponent( PAGE )
		);
		expect( dialog.isConnected ).toBe( false );

		dialog = await open();
		const field =
			screen.getByLabelText< HTMLInputElement >( /Instance address/ );
		expect( field.value ).toBe( 'fosstodon.org' );
		await userEvent.clear( field );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Submit' } )
		);
		expect( opened.mock.calls[ 1 ]![ 0 ] ).toMatch(
			/^https:\/\/mastodon\.social\/share\?/
		);
	} );

	it( 'shares the shareable element it sits in, and refuses one with another protocol', async () => {
		let element = mount(
			( html ) =>
				`<article data-href="/tenders/other-notice/" data-title="Other notice">${ html }</article>`
		);
		const expected = new URL(
			'/tenders/other-notice/',
			window.location.href
		).href;
		expect( bar( element, 'copy-link' ).getAttribute( 'href' ) ).toBe(
			expected
		);
		await userEvent.click( bar( element, 'whatsapp' ) );
		expect( opened.mock.calls[ 0 ]![ 0 ] ).toContain(
			encodeURIComponent( expected )
		);
		expect( opened.mock.calls[ 0 ]![ 0 ] ).toContain(
			encodeURIComponent( 'Other notice' )
		);
		document.body.innerHTML = '';

		const warn = vi.spyOn( console, 'warn' ).mockImplementation( () => {} );
		element = mount(
			( html ) =>
				`<article data-tenderpress-href="javascript:alert(1)">${ html }</article>`
		);
		expect( warn ).toHaveBeenCalledWith( 'Invalid protocol' );
		expect( bar( element, 'copy-link' ).getAttribute( 'href' ) ).toBe(
			PAGE
		);
	} );

	it( 'keeps its hands off clicks with a modifier key (open in a new tab)', async () => {
		const element = mount();
		const link = bar( element, 'whatsapp' );
		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
			ctrlKey: true,
		} );
		link.dispatchEvent( click );
		expect( click.defaultPrevented ).toBe( false );
		expect( opened ).not.toHaveBeenCalled();
	} );
} );

describe( "a public body's bar, as a fresh site shows it", () => {
	const ids = ( nodes: Iterable< Element > ) =>
		Array.from( nodes ).map( ( node ) =>
			node.getAttribute( 'data-tp-service' )
		);

	afterEach( () => {
		// jsdom has no share sheet; a test that gave it one takes it back.
		delete ( navigator as { share?: unknown } ).share;
	} );

	it( "shows Copy link, Email, WhatsApp, Print and the device's share sheet, in that order", () => {
		const element = mount();
		expect(
			ids( element.querySelectorAll( '.tp-share__list > li > *' ) )
		).toEqual( [
			'copy-link',
			'email',
			'whatsapp',
			'print',
			'device',
			null,
		] );
		expect(
			Array.from(
				element.querySelectorAll( '.tp-share__list .tp-share__label' ),
				( label ) => label.textContent
			)
		).toEqual( [
			'Copy link',
			'Email',
			'WhatsApp',
			'Print',
			'Share via an app',
		] );
	} );

	it( "hands the page to the device's share sheet where the browser has one", async () => {
		const share = vi.fn().mockResolvedValue( undefined );
		Object.defineProperty( navigator, 'share', {
			configurable: true,
			value: share,
		} );
		const element = mount();
		await userEvent.click( bar( element, 'device' ) );
		expect( share ).toHaveBeenCalledWith( {
			url: PAGE,
			title: recording.props.title,
		} );
		expect( opened ).not.toHaveBeenCalled();
	} );

	it( "opens More from the share sheet's button where the browser has no sheet, so the button still shares", async () => {
		const element = mount();
		const device = bar( element, 'device' );
		// Left in place: taking it away would move the bar under the visitor's finger.
		expect( device.closest( 'li' )!.hidden ).toBe( false );
		await userEvent.click( device );
		const dialog = screen.getByRole( 'dialog', {
			name: 'More sharing services',
		} );
		expect(
			dialog.querySelector( '.tp-share__device' ),
			'No share sheet offered in More either.'
		).toBeNull();
	} );

	it( 'prints the page on Print', async () => {
		const print = vi
			.spyOn( window, 'print' )
			.mockImplementation( () => {} );
		const element = mount();
		await userEvent.click( bar( element, 'print' ) );
		expect( print ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'copies the link from the keyboard and shows the message where it is seen', async () => {
		const element = mount();
		const writeText = vi.fn().mockResolvedValue( undefined );
		Object.defineProperty( window, 'isSecureContext', {
			configurable: true,
			value: true,
		} );
		Object.defineProperty( navigator, 'clipboard', {
			configurable: true,
			value: { writeText },
		} );
		bar( element, 'copy-link' ).focus();
		await userEvent.keyboard( '{Enter}' );
		expect( writeText ).toHaveBeenCalledWith( PAGE );
		await waitFor( () =>
			expect(
				element.querySelector( '.tp-share__message' )!.textContent
			).toBe( 'Link copied.' )
		);
		expect( speak ).toHaveBeenCalledWith( 'Link copied.' );
	} );

	it( "lists under More what the owner kept, in the order the server sends, the audience's services first", async () => {
		mount();
		await userEvent.click(
			document.querySelector< HTMLElement >( 'summary' )!
		);
		expect(
			ids(
				screen
					.getByRole( 'dialog' )
					.querySelectorAll( '.tp-share__service' )
			).slice( 0, 9 )
		).toEqual( [
			'copy-link',
			'email',
			'whatsapp',
			'print',
			'telegram',
			'linkedin',
			'x',
			'facebook',
			'sms',
		] );
		document.body.innerHTML = '';

		mount( undefined, {
			...recording.props,
			more: [ 'telegram', 'email' ],
		} );
		await userEvent.click(
			document.querySelector< HTMLElement >( 'summary' )!
		);
		expect(
			ids(
				screen
					.getByRole( 'dialog' )
					.querySelectorAll( '.tp-share__service' )
			)
		).toEqual( [ 'telegram', 'email' ] );
	} );
} );

describe( 'share counts', () => {
	it( 'brings the counts the server printed up to date: each of 1 or more on its button, formatted, named for screen readers, and the total with its caption', async () => {
		const element = mount(
			undefined,
			{
				...recording.props,
				counts: recording.counts.props,
			},
			recording.counts.html
		);
		// As printed: only x had a count, 1, so the total reads "1 Share".
		const total =
			element.querySelector< HTMLElement >( '.tp-share__total' )!;
		expect( bar( element, 'x' ).dataset.tpCount ).toBe( '1' );
		expect( total.textContent ).toBe( '1 Share' );
		await waitFor( () =>
			expect( bar( element, 'facebook' ).dataset.tpCount ).toBe( '1.2K' )
		);
		expect( total.textContent ).toBe( '1.2K Shares' );
		expect( total.dataset.tpTotal ).toBe( '1251' );
		expect( bar( element, 'x' ).dataset.tpCount ).toBe( '1' );
		// Stored as 0: hidden.
		expect( bar( element, 'whatsapp' ).dataset.tpCount ).toBeUndefined();
		expect( bar( element, 'copy-link' ).dataset.tpCount ).toBeUndefined();
		expect(
			bar( element, 'facebook' ).querySelector( '.screen-reader-text' )
				?.textContent
		).toBe( 'Facebook (opens in a new tab), 1.2K shares' );
		expect(
			bar( element, 'x' ).querySelector( '.screen-reader-text' )
				?.textContent
		).toBe( 'X (opens in a new tab), 1 share' );
		expect( unrecorded ).toEqual( [] );
	} );

	it( 'asks for nothing when the site does not show counts', async () => {
		const fetched = vi.spyOn( window, 'fetch' );
		mount();
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		expect( fetched ).not.toHaveBeenCalled();
	} );
} );

describe( 'the floating bar', () => {
	const floating = () => {
		const element = mount( undefined, recording.props, recording.floating );
		// jsdom lays nothing out: the bar is 44 px wide, as at 1280 px.
		element.getBoundingClientRect = () => ( { width: 44 } ) as DOMRect;
		return element;
	};
	const toggle = ( element: HTMLElement ) =>
		element.querySelector< HTMLButtonElement >( '.tp-share__toggle' )!;

	it( 'slides away and back on its arrow, whose title says what it will do next', async () => {
		const element = floating();
		expect( toggle( element ).title ).toBe( 'Hide' );
		expect( toggle( element ).getAttribute( 'aria-expanded' ) ).toBe(
			'true'
		);
		await userEvent.click( toggle( element ) );
		expect( element.dataset.tpRemembered ).toBe( 'hidden' );
		// Its width 44 + 10, no counters, no offset.
		expect( element.style.getPropertyValue( '--tp-share-slide' ) ).toBe(
			'54px'
		);
		expect( toggle( element ).title ).toBe( 'Share' );
		expect( toggle( element ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);
		expect(
			window.sessionStorage.getItem( 'tenderpress:share-floating' )
		).toBe( 'hidden' );
		await userEvent.click( toggle( element ) );
		expect( element.dataset.tpRemembered ).toBe( '' );
		expect( toggle( element ).title ).toBe( 'Hide' );
		expect(
			window.sessionStorage.getItem( 'tenderpress:share-floating' )
		).toBeNull();
	} );

	it( 'starts hidden on a later page of the visit, its arrow saying Share', () => {
		document.body.innerHTML = recording.floating;
		const aside = document.querySelector< HTMLElement >( 'aside' )!;
		// What the server's inline script does before the island loads.
		aside.dataset.tpRemembered = 'hidden';
		const props = parseShareProps( recording.props, aside );
		render( <Share { ...props } />, {
			container: aside.querySelector< HTMLElement >( '[data-tp-root]' )!,
		} );
		expect( toggle( aside ).title ).toBe( 'Share' );
		expect( toggle( aside ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);
	} );

	it( 'slides further by the configured offset, and less for a bar with counters', async () => {
		const element = mount(
			undefined,
			{ ...recording.props, offset: 20 },
			recording.floating.replace(
				'tp-share--floating',
				'tp-share--floating tp-share--counts'
			)
		);
		element.getBoundingClientRect = () => ( { width: 60 } ) as DOMRect;
		await userEvent.click( toggle( element ) );
		expect( element.style.getPropertyValue( '--tp-share-slide' ) ).toBe(
			`${ 60 + 10 - 16 + 20 }px`
		);
	} );
} );

describe( 'its props', () => {
	it( 'refuses props it cannot use, so the server bar stays', () => {
		const element = document.createElement( 'aside' );
		expect( () =>
			parseShareProps(
				{ ...recording.props, url: 'javascript:alert(1)' },
				element
			)
		).toThrow( /url/ );
		expect( () =>
			parseShareProps( { ...recording.props, services: 'all' }, element )
		).toThrow();
		expect( () =>
			parseShareProps(
				{
					...recording.props,
					services: [ { id: 'x', title: 'X', action: 'explode' } ],
				},
				element
			)
		).toThrow( /action/ );
	} );
} );
