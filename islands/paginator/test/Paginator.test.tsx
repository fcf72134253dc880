/* eslint-disable @wordpress/valid-sprintf -- the formats are the server's, from the recorded props. */
/**
 * External dependencies
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
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
 * WordPress dependencies
 */
import { sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { PAGE_LOADED, Paginator } from '../Paginator';
import { splitAnswer } from '../state';
import type { PaginatorProps } from '../types';
import { domTreeOf } from './dom-tree';
import {
	answerFromRecording,
	onPaginationRequest,
	recordedBody,
	recordedForm,
	recordedContainer,
	recordedMessage,
	recordedPaginatorProps as props,
	type Answer,
	type PaginationServer,
	type RecordedAnswerName,
} from '../../../tests/msw/handlers';

const { i18n } = props;

/*
 * Not answers of the handler but of the network, which no recording holds: a proxy's (or a PHP
 * fatal error's) HTML page instead of the handler's answer, and a dropped connection.
 */
const proxyErrorPage: Answer = () =>
	new HttpResponse(
		'<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>',
		{ status: 502, headers: { 'Content-Type': 'text/html' } }
	);
const connectionLost: Answer = () => HttpResponse.error();

const server = setupServer();
/** How pagination_request is answered in the current test: by default, as recorded. */
let answer: Answer;
let pagination: PaginationServer;
let replaceState: ReturnType< typeof vi.spyOn >;
let scrollTo: ReturnType< typeof vi.spyOn >;
/** Listeners a test added to the document, removed after it. */
const documentListeners: Array< [ string, EventListener ] > = [];

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
beforeEach( () => {
	answer = answerFromRecording;
	pagination = onPaginationRequest( ( form ) => answer( form ) );
	server.use( pagination.handler );
	// jsdom's origin is not the recorded site's: keep the call, skip jsdom's same-origin check.
	replaceState = vi
		.spyOn( window.history, 'replaceState' )
		.mockImplementation( () => undefined );
	// jsdom does not scroll.
	scrollTo = vi
		.spyOn( window, 'scrollTo' )
		.mockImplementation( () => undefined );
} );
afterEach( () => {
	documentListeners
		.splice( 0 )
		.forEach( ( [ type, listener ] ) =>
			document.removeEventListener( type, listener )
		);
	server.resetHandlers();
	vi.unstubAllGlobals();
	// Every request the island sent is one the server was recorded answering.
	expect( pagination.unrecorded.map( String ) ).toEqual( [] );
} );
afterAll( () => server.close() );

/**
 * Renders the paginator over the server's markup, as the runtime mounts it.
 *
 * @param overrides Props that differ from the recorded page's.
 */
function renderPaginator( overrides: Partial< PaginatorProps > = {} ) {
	const user = userEvent.setup();
	const container = recordedContainer( false );
	document.body.append( container );
	render( <Paginator { ...props } { ...overrides } />, { container } );
	return { user, container };
}

/**
 * The link the server printed for a page (page 1's is the first-page link).
 *
 * @param page A page of the recorded listing.
 */
function serverHref( page: number ): string {
	if ( page === 1 ) {
		return props.firstPageLink;
	}
	const href = recordedContainer( false )
		.querySelector( `.tp-pagination a[data-page="${ page }"]` )
		?.getAttribute( 'href' );
	if ( ! href ) {
		throw new Error( `The recorded nav has no link to page ${ page }` );
	}
	return href;
}

/**
 * The items of a recorded answer: what comes before the page links that end it.
 *
 * @param name The recorded case.
 */
const recordedItems = ( name: RecordedAnswerName ) =>
	splitAnswer( recordedBody( name ), props.linksClass ).items;
/** The items of the page the server rendered. */
const firstItems = () =>
	splitAnswer( props.initialHtml, props.linksClass ).items;

/**
 * Titles of the notices in a recorded answer, in order.
 *
 * @param name The recorded case.
 */
function noticeTitles( name: RecordedAnswerName ): string[] {
	const template = document.createElement( 'template' );
	template.innerHTML = recordedBody( name );
	return Array.from(
		template.content.querySelectorAll( 'article h2 a' ),
		( link ) => link.textContent ?? ''
	);
}

// The page links' words, as the server writes them (php/Listings/PageLinks.php strings()).
const nav = () =>
	screen.getByRole( 'navigation', { name: 'Pages of notices' } );
const pageLink = ( page: number ) =>
	screen.getByRole( 'link', { name: `Page ${ page }` } );
const nextLink = () => screen.queryByRole( 'link', { name: 'Next' } );
const previousLink = () => screen.queryByRole( 'link', { name: 'Previous' } );
const retryButton = () => screen.getByRole( 'button', { name: i18n.retry } );
/** What a screen reader was last told: the polite live region speak() writes. */
const announced = () =>
	document.getElementById( 'a11y-speak-polite' )?.textContent?.trim();
const errorMessage = () =>
	document.querySelector< HTMLElement >( '.tp-paginator__error' );
/** The number shown as the current page (aria-current="page"). */
const currentPage = () =>
	document.querySelector( '[aria-current="page"] [aria-hidden="true"]' )
		?.textContent;
const items = () =>
	document.querySelector< HTMLElement >( '.tp-listing__items' )!;
const pagesAsked = () => pagination.forms.map( ( form ) => form.get( 'page' ) );

/**
 * Waits until the listing shows a recorded answer, as the server sent it.
 *
 * @param name The recorded case.
 */
const showsAnswer = ( name: RecordedAnswerName ) =>
	waitFor( () => expect( items().innerHTML ).toBe( recordedItems( name ) ) );
/** Waits until the listing shows the page the server rendered. */
const showsFirstRender = () =>
	waitFor( () => expect( items().innerHTML ).toBe( firstItems() ) );
const showsFailure = () =>
	waitFor( () => expect( errorMessage() ).not.toBeNull() );

/** Lets pending requests reach the server and their answers come back. */
const settle = () => new Promise( ( resolve ) => setTimeout( resolve, 50 ) );

/** Holds every answer until the returned function is called. */
function holdAnswers(): () => void {
	let release!: () => void;
	const gate = new Promise< void >( ( resolve ) => {
		release = resolve;
	} );
	answer = async ( form ) => {
		await gate;
		return answerFromRecording( form );
	};
	return release;
}

/** Clicks that reach the document, with whether the page's handler prevented their default. */
function watchClicks(): boolean[] {
	const prevented: boolean[] = [];
	const listener = ( event: Event ) => {
		prevented.push( event.defaultPrevented );
		// jsdom cannot navigate: stop it trying.
		event.preventDefault();
	};
	document.addEventListener( 'click', listener );
	documentListeners.push( [ 'click', listener ] );
	return prevented;
}

describe( 'Paginator', () => {
	it( 'mounts over the server’s markup without changing it, and without a request', async () => {
		const { container } = renderPaginator();
		const printed = recordedContainer( false );
		printed.querySelector( 'script[data-tp-props]' )!.remove();

		expect( domTreeOf( container ) ).toEqual( domTreeOf( printed ) );
		expect( items().innerHTML ).toBe( recordedItems( 'page 1' ) );
		expect( currentPage() ).toBe( '1' );

		await settle();
		expect( pagination.forms ).toHaveLength( 0 );
	} );

	it( 'loads page 3 with one POST of exactly the spec’s fields and shows the server’s answer', async () => {
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await showsAnswer( 'page 3' );

		expect( pagination.forms ).toHaveLength( 1 );
		expect( Object.fromEntries( pagination.forms[ 0 ]! ) ).toEqual(
			recordedForm( 'page 3' )
		);
		for ( const title of noticeTitles( 'page 1' ) ) {
			expect( screen.queryByRole( 'link', { name: title } ) ).toBeNull();
		}
		expect( nav().dataset.currentpage ).toBe( '3' );
		expect( currentPage() ).toBe( '3' );
		expect( pageLink( 1 ).getAttribute( 'href' ) ).toBe( serverHref( 1 ) );
		expect( errorMessage() ).toBeNull();
	} );

	it( 'sends the listing’s filter as custom_data and shows the filtered page', async () => {
		// The filtered request on record is for page 1: the visitor starts on page 2.
		const { user } = renderPaginator( {
			customData: { noticeType: 'eoi' },
			currentPage: 2,
			initialHtml: recordedBody( 'page 2' ),
		} );

		await user.click( pageLink( 1 ) );
		await showsAnswer( 'eoi page 1' );

		expect( Object.fromEntries( pagination.forms[ 0 ]! ) ).toEqual(
			recordedForm( 'eoi page 1' )
		);
	} );

	it( 'shows a page loaded before again without a request', async () => {
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await showsAnswer( 'page 3' );
		await user.click( pageLink( 2 ) );
		await showsAnswer( 'page 2' );
		await user.click( pageLink( 3 ) );
		await showsAnswer( 'page 3' );
		await user.click( pageLink( 1 ) );
		await showsFirstRender();
		await settle();

		expect( pagesAsked() ).toEqual( [ '3', '2' ] );
		expect( nav().dataset.currentpage ).toBe( '1' );
	} );

	it( 'sends one request for a double click', async () => {
		// Held, so that both clicks land before the answer (a fast answer would replace the link
		// with the current-page marker between the two clicks).
		const release = holdAnswers();
		const { user } = renderPaginator();
		const prevented = watchClicks();

		await user.dblClick( pageLink( 3 ) );
		await waitFor( () => expect( pagination.forms ).toHaveLength( 1 ) );
		release();
		await showsAnswer( 'page 3' );
		await settle();

		expect( pagination.forms ).toHaveLength( 1 );
		// Neither click followed the link.
		expect( prevented ).toEqual( [ true, true ] );
	} );

	it( 'sends one request for two clicks in the same tick', async () => {
		renderPaginator();

		fireEvent.click( pageLink( 3 ) );
		fireEvent.click( pageLink( 3 ) );
		await showsAnswer( 'page 3' );
		await settle();

		expect( pagination.forms ).toHaveLength( 1 );
	} );

	it( 'starts no other request while one is in flight, and shows the loading state', async () => {
		const release = holdAnswers();
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await waitFor( () => expect( pagination.forms ).toHaveLength( 1 ) );
		expect( items().classList.contains( 'is-loading' ) ).toBe( true );
		expect( items().getAttribute( 'aria-busy' ) ).toBe( 'true' );
		await waitFor( () =>
			expect( announced() ).toBe( sprintf( i18n.loading, 3 ) )
		);

		await user.click( pageLink( 2 ) );
		await user.click( nextLink()! );
		await settle();
		expect( pagination.forms ).toHaveLength( 1 );

		release();
		await showsAnswer( 'page 3' );
		await settle();

		expect( pagesAsked() ).toEqual( [ '3' ] );
		expect( nav().dataset.currentpage ).toBe( '3' );
		expect( items().classList.contains( 'is-loading' ) ).toBe( false );
		expect( items().hasAttribute( 'aria-busy' ) ).toBe( false );
	} );

	describe( 'browser URL', () => {
		it( 'becomes the link of the page shown, the first-page link for page 1', async () => {
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );
			await waitFor( () =>
				expect( replaceState ).toHaveBeenCalledTimes( 1 )
			);
			expect( replaceState ).toHaveBeenLastCalledWith(
				window.history.state,
				'',
				serverHref( 3 )
			);

			await user.click( pageLink( 1 ) );
			await showsFirstRender();
			await waitFor( () =>
				expect( replaceState ).toHaveBeenCalledTimes( 2 )
			);
			expect( replaceState ).toHaveBeenLastCalledWith(
				window.history.state,
				'',
				serverHref( 1 )
			);
		} );

		it( 'is left alone for an admin', async () => {
			const { user } = renderPaginator( { isAdmin: true } );

			await user.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );
			await user.click( pageLink( 1 ) );
			await showsFirstRender();
			await waitFor( () =>
				expect( announced() ).toBe(
					sprintf( i18n.loaded, 1, props.totalPages )
				)
			);

			expect( replaceState ).not.toHaveBeenCalled();
		} );

		it( 'is left alone when a page fails to load', async () => {
			answer = proxyErrorPage;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsFailure();

			expect( replaceState ).not.toHaveBeenCalled();
		} );
	} );

	it( 'after a load focuses the first new notice, announces the page and dispatches tenderpress:page-loaded', async () => {
		const { user, container } = renderPaginator();
		const events: CustomEvent[] = [];
		const listener = ( event: Event ) =>
			events.push( event as CustomEvent );
		document.addEventListener( PAGE_LOADED, listener );
		documentListeners.push( [ PAGE_LOADED, listener ] );

		await user.click( pageLink( 3 ) );
		await showsAnswer( 'page 3' );
		const first = screen.getByRole( 'link', {
			name: noticeTitles( 'page 3' )[ 0 ],
		} );

		await waitFor( () =>
			expect( first.ownerDocument.activeElement ).toBe( first )
		);
		await waitFor( () =>
			expect( announced() ).toBe(
				sprintf( i18n.loaded, 3, props.totalPages )
			)
		);
		expect(
			document
				.getElementById( 'a11y-speak-polite' )
				?.getAttribute( 'aria-live' )
		).toBe( 'polite' );
		expect( PAGE_LOADED ).toBe( 'tenderpress:page-loaded' );
		expect( events ).toHaveLength( 1 );
		const [ event ] = events;
		expect( event!.target ).toBe( container );
		expect( event!.bubbles ).toBe( true );
		expect( event!.detail ).toEqual( { page: 3, container } );
		expect( event!.detail.container ).toBe( container );
	} );

	it( 'dispatches tenderpress:page-loaded and moves focus for a page shown again from the store', async () => {
		const { user, container } = renderPaginator();
		const pages: number[] = [];
		container.addEventListener( PAGE_LOADED, ( event ) =>
			pages.push( ( event as CustomEvent ).detail.page )
		);

		await user.click( pageLink( 2 ) );
		await showsAnswer( 'page 2' );
		await user.click( pageLink( 1 ) );
		await showsFirstRender();
		const first = screen.getByRole( 'link', {
			name: noticeTitles( 'page 1' )[ 0 ],
		} );

		await waitFor( () => expect( pages ).toEqual( [ 2, 1 ] ) );
		expect( first.ownerDocument.activeElement ).toBe( first );
	} );

	describe( 'scroll', () => {
		function stubLayout( container: HTMLElement, top: number ) {
			vi.spyOn( container, 'getBoundingClientRect' ).mockReturnValue( {
				top,
				bottom: top + 600,
				left: 0,
				right: 800,
				width: 800,
				height: 600,
				x: 0,
				y: top,
				toJSON: () => ( {} ),
			} as DOMRect );
			vi.spyOn( window, 'scrollY', 'get' ).mockReturnValue( 300 );
		}

		function preferReducedMotion( reduce: boolean ) {
			vi.stubGlobal(
				'matchMedia',
				vi.fn( ( query: string ) => ( {
					matches:
						reduce && query === '(prefers-reduced-motion: reduce)',
					media: query,
					onchange: null,
					addEventListener: () => undefined,
					removeEventListener: () => undefined,
					addListener: () => undefined,
					removeListener: () => undefined,
					dispatchEvent: () => false,
				} ) )
			);
		}

		it( 'goes to 160 px above the listing at once with reduced motion', async () => {
			preferReducedMotion( true );
			const { user, container } = renderPaginator();
			stubLayout( container, 900 );

			await user.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );
			await waitFor( () => expect( scrollTo ).toHaveBeenCalled() );
			await settle();

			expect( scrollTo ).toHaveBeenCalledTimes( 1 );
			// container top 900 + scrollY 300 − 160.
			expect( scrollTo ).toHaveBeenCalledWith( 0, 1040 );
		} );

		it( 'animates over 1000 ms to the same place otherwise', async () => {
			preferReducedMotion( false );
			const frames: FrameRequestCallback[] = [];
			vi.spyOn( window, 'requestAnimationFrame' ).mockImplementation(
				( callback ) => {
					frames.push( callback );
					return frames.length;
				}
			);
			const { user, container } = renderPaginator();
			stubLayout( container, 900 );

			await user.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );
			await waitFor( () => expect( frames ).toHaveLength( 1 ) );
			const began = performance.now();

			frames.shift()!( began + 500 );
			const [ , halfway ] = scrollTo.mock.lastCall as [ number, number ];
			expect( halfway ).toBeGreaterThan( 300 );
			expect( halfway ).toBeLessThan( 1040 );

			frames.shift()!( began + 1000 );
			expect( scrollTo ).toHaveBeenLastCalledWith( 0, 1040 );
			expect( frames ).toHaveLength( 0 );
		} );

		it( 'never scrolls with noScroll', async () => {
			preferReducedMotion( true );
			const { user, container } = renderPaginator( { noScroll: true } );
			stubLayout( container, 900 );

			await user.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );
			await user.click( pageLink( 1 ) );
			await showsFirstRender();
			await waitFor( () =>
				expect( announced() ).toBe(
					sprintf( i18n.loaded, 1, props.totalPages )
				)
			);

			expect( scrollTo ).not.toHaveBeenCalled();
		} );
	} );

	describe( 'a failed request', () => {
		it.each( [
			[ 'a proxy’s error page', proxyErrorPage ],
			[ 'a dropped connection', connectionLost ],
		] )(
			'after %s shows an inline message with Try again and keeps page 1',
			async ( _case, failure ) => {
				answer = failure;
				const { user } = renderPaginator();

				await user.click( pageLink( 3 ) );
				await showsFailure();

				expect( errorMessage()!.textContent ).toContain(
					sprintf( i18n.failed, 3 )
				);
				expect( retryButton() ).toBeTruthy();
				expect( items().innerHTML ).toBe( firstItems() );
				expect( currentPage() ).toBe( '1' );
				expect( nav().dataset.currentpage ).toBe( '1' );
				expect( items().classList.contains( 'is-loading' ) ).toBe(
					false
				);
				await waitFor( () =>
					expect( announced() ).toContain( sprintf( i18n.failed, 3 ) )
				);

				answer = answerFromRecording;
				await user.click( retryButton() );
				await showsAnswer( 'page 3' );

				expect( pagesAsked() ).toEqual( [ '3', '3' ] );
				expect( errorMessage() ).toBeNull();
				expect( currentPage() ).toBe( '3' );
				expect( nav().dataset.currentpage ).toBe( '3' );
			}
		);

		it( 'gives the server’s reason after the page’s message', async () => {
			// A page cached from before the listing's signature changed carries a sid the
			// server no longer knows.
			const { user } = renderPaginator( {
				early: {
					...props.early,
					fields: {
						...props.early.fields,
						sid: `${ props.sid }-from-an-old-cache`,
					},
				},
			} );

			await user.click( pageLink( 2 ) );
			await showsFailure();

			expect( errorMessage()!.textContent ).toBe(
				`${ sprintf( i18n.failed, 2 ) } ${ recordedMessage(
					'tampered sid'
				) } ${ i18n.retry }`
			);
			await waitFor( () =>
				expect( announced() ).toBe(
					`${ sprintf( i18n.failed, 2 ) } ${ recordedMessage(
						'tampered sid'
					) }`
				)
			);
		} );

		it( 'gives a generic reason when the answer is not the handler’s', async () => {
			answer = proxyErrorPage;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsFailure();

			expect( errorMessage()!.textContent ).toBe(
				`${ sprintf(
					i18n.failed,
					3
				) } The server could not answer this request. ${ i18n.retry }`
			);
		} );

		it( 'does not block a click on another page afterwards', async () => {
			answer = proxyErrorPage;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsFailure();

			answer = answerFromRecording;
			await user.click( pageLink( 2 ) );
			await showsAnswer( 'page 2' );

			expect( pagesAsked() ).toEqual( [ '3', '2' ] );
			expect( errorMessage() ).toBeNull();
			expect( nav().dataset.currentpage ).toBe( '2' );
		} );

		it( 'is not remembered: the page is asked for again', async () => {
			answer = proxyErrorPage;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsFailure();
			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( pagination.forms ).toHaveLength( 2 ) );
			await showsFailure();

			expect( nav().dataset.currentpage ).toBe( '1' );
		} );
	} );

	describe( 'a no-post answer', () => {
		// A page cached while the listing had a fourth page: the server now answers the
		// no-post marker for it.
		const cachedWithFourPages = {
			totalPages: 4,
			// Its links then: a fourth page after the third.
			initialHtml: props.initialHtml.replace(
				'</ul><ul class="tp-pagination__steps">',
				'<li><a class="tp-pagination__link" data-page="4" href="/page/4/" aria-label="Page 4">4</a></li></ul><ul class="tp-pagination__steps">'
			),
		};

		it( 'keeps the current page, shows the failure message once and is not stored', async () => {
			const { user } = renderPaginator( cachedWithFourPages );

			await user.click( pageLink( 4 ) );
			await showsFailure();

			// The sentence once: the no-post answer has no reason of its own to add.
			expect( errorMessage()!.textContent ).toBe(
				`${ sprintf( i18n.failed, 4 ) } ${ i18n.retry }`
			);
			expect( items().innerHTML ).toBe( firstItems() );
			expect( currentPage() ).toBe( '1' );
			expect( nav().dataset.currentpage ).toBe( '1' );
			expect( replaceState ).not.toHaveBeenCalled();

			// Not stored: trying again asks the server again.
			await user.click( retryButton() );
			await waitFor( () =>
				expect( pagesAsked() ).toEqual( [ '4', '4' ] )
			);
			await showsFailure();
			expect( items().innerHTML ).toBe( firstItems() );
		} );
	} );

	describe( 'clicks left to the browser', () => {
		it.each( [
			[ 'ctrl', { ctrlKey: true } ],
			[ 'meta', { metaKey: true } ],
			[ 'shift', { shiftKey: true } ],
			[ 'alt', { altKey: true } ],
			[ 'middle-button', { button: 1 } ],
		] )( 'a %s-click is not intercepted', async ( _case, init ) => {
			renderPaginator();
			const prevented = watchClicks();

			fireEvent.click( pageLink( 3 ), init );
			await settle();

			expect( prevented ).toEqual( [ false ] );
			expect( pagination.forms ).toHaveLength( 0 );
			expect( nav().dataset.currentpage ).toBe( '1' );
			expect( announced() ).toBe( '' );
		} );

		it( 'Enter on a focused page link loads the page in place', async () => {
			const { user } = renderPaginator();
			const prevented = watchClicks();

			pageLink( 3 ).focus();
			await user.keyboard( '{Enter}' );
			await showsAnswer( 'page 3' );

			expect( prevented ).toEqual( [ true ] );
			expect( pagination.forms ).toHaveLength( 1 );
		} );

		it( 'a plain click is intercepted', async () => {
			renderPaginator();
			const prevented = watchClicks();

			fireEvent.click( pageLink( 3 ) );
			await showsAnswer( 'page 3' );

			expect( prevented ).toEqual( [ true ] );
		} );
	} );

	describe( 'previous and next links', () => {
		it( 'shows Previous only after page 1, each linking to the real page', async () => {
			const { user } = renderPaginator();

			expect( previousLink() ).toBeNull();
			expect( nextLink()!.getAttribute( 'href' ) ).toBe(
				serverHref( 2 )
			);
			expect( nextLink()!.getAttribute( 'rel' ) ).toBe( 'next' );

			await user.click( nextLink()! );
			await showsAnswer( 'page 2' );

			expect( previousLink()!.getAttribute( 'href' ) ).toBe(
				serverHref( 1 )
			);
			expect( previousLink()!.getAttribute( 'rel' ) ).toBe( 'prev' );
			expect( nextLink()!.getAttribute( 'href' ) ).toBe(
				serverHref( 3 )
			);

			await user.click( previousLink()! );
			await showsFirstRender();
			expect( previousLink() ).toBeNull();
			expect( pagesAsked() ).toEqual( [ '2' ] );
		} );

		it( 'hides Next on the last page', async () => {
			const { user } = renderPaginator();

			await user.click( pageLink( props.totalPages ) );
			await showsAnswer( 'page 3' );

			expect( nextLink() ).toBeNull();
			expect( previousLink()!.getAttribute( 'href' ) ).toBe(
				serverHref( 2 )
			);
			expect( currentPage() ).toBe( '3' );
		} );
	} );
	describe( 'a tap that came before the island had loaded', () => {
		/**
		 * What the runtime does for it (islands/runtime/runtime.ts): sends the props' request
		 * with the link's page at once, and leaves the answer on the island's container.
		 *
		 * @param container The island's container.
		 * @param page      The page of the link tapped.
		 */
		const startedByTheRuntime = (
			container: HTMLElement,
			page: string,
			change: Record< string, string > = {}
		) => {
			const sent = fetch( props.early.url, {
				method: 'POST',
				body: new URLSearchParams( {
					...props.early.fields,
					...change,
					page,
				} ),
			} );
			// As the runtime does: no answer when the request failed.
			container.tpEarly = {
				key: page,
				answer: sent.catch( () => undefined ),
			};
		};

		it( 'shows the answer already on its way instead of asking again', async () => {
			const { user, container } = renderPaginator();
			startedByTheRuntime( container, '2' );

			await user.click( pageLink( 2 ) );
			await showsAnswer( 'page 2' );

			expect( pagesAsked() ).toEqual( [ '2' ] );
			expect( currentPage() ).toBe( '2' );
			expect( container.tpEarly ).toBeUndefined();
		} );

		it( 'asks for the page itself when the answer was for another page', async () => {
			const { user, container } = renderPaginator();
			startedByTheRuntime( container, '3' );

			await user.click( pageLink( 2 ) );
			await showsAnswer( 'page 2' );

			expect( pagesAsked() ).toEqual( [ '3', '2' ] );
			expect( container.tpEarly ).toBeUndefined();
		} );

		it( 'gives the server’s reason when that answer is a refusal', async () => {
			const { user, container } = renderPaginator();
			startedByTheRuntime( container, '2', {
				sid: `${ props.sid }-from-an-old-cache`,
			} );

			await user.click( pageLink( 2 ) );
			await showsFailure();

			expect( errorMessage()!.textContent ).toBe(
				`${ sprintf( i18n.failed, 2 ) } ${ recordedMessage(
					'tampered sid'
				) } ${ i18n.retry }`
			);
		} );

		it( 'says the connection failed when that request did', async () => {
			answer = connectionLost;
			const { user, container } = renderPaginator();
			startedByTheRuntime( container, '2' );

			await user.click( pageLink( 2 ) );
			await showsFailure();

			expect( errorMessage()!.textContent ).toBe(
				`${ sprintf( i18n.failed, 2 ) } ${ i18n.network } ${
					i18n.retry
				}`
			);
		} );
	} );
} );
