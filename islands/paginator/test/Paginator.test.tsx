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
 * Internal dependencies
 */
import { PAGE_LOADED, Paginator } from '../Paginator';
import type { PaginatorProps } from '../types';
import {
	ADMIN_AJAX_URL,
	AJAX_NONCE,
	listingItemsHtml,
	NO_POSTS_MARKER,
	onPaginationRequest,
} from '../../../tests/msw/handlers';

const SID = '0123456789abcdef';

const INITIAL_HTML =
	'<ul class="tp-listing__list"><li class="tp-listing__item"><article><h2><a href="/tenders/a/">A</a></h2></article></li></ul>';

const props: PaginatorProps = {
	ajaxUrl: ADMIN_AJAX_URL,
	nonce: AJAX_NONCE,
	sid: SID,
	unid: 'tp-listing-1',
	isBlock: false,
	postId: 42,
	lang: 'en_US',
	totalPages: 12,
	currentPage: 1,
	visiblePages: 5,
	noScroll: false,
	linkTemplate: 'http://localhost/page/%#%/',
	firstPageLink: 'http://localhost/',
	isAdmin: false,
	customData: {},
	i18n: {
		navLabel: 'Pages of notices',
		page: 'Page %d',
		previous: 'Previous',
		next: 'Next',
		loading: 'Loading page %d…',
		loaded: 'Page %1$d of %2$d loaded.',
		failed: 'Page %d could not be loaded.',
		retry: 'Try again',
	},
	initialHtml: INITIAL_HTML,
};

type Answer = ( page: number ) => Response | Promise< Response >;

const ok: Answer = ( page ) => HttpResponse.html( listingItemsHtml( page ) );
const serverError: Answer = () =>
	new HttpResponse(
		'<!DOCTYPE html><html><body><h1>There has been a critical error on this website.</h1></body></html>',
		{ status: 500, headers: { 'Content-Type': 'text/html' } }
	);

const server = setupServer();
/** How the fake server answers pagination_request in the current test. */
let answer: Answer;
/** The form of every pagination_request the fake server got in the current test. */
let forms: URLSearchParams[];
let replaceState: ReturnType< typeof vi.spyOn >;
let scrollTo: ReturnType< typeof vi.spyOn >;
/** Listeners a test added to the document, removed after it. */
const documentListeners: Array< [ string, EventListener ] > = [];

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
beforeEach( () => {
	answer = ok;
	const pagination = onPaginationRequest( ( page ) => answer( page ) );
	forms = pagination.forms;
	server.use( pagination.handler );
	// jsdom's origin is not the site's: keep the call, skip jsdom's same-origin check.
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
} );
afterAll( () => server.close() );

/**
 * Renders the paginator inside a container like the one the server prints around an island.
 */
function renderPaginator( overrides: Partial< PaginatorProps > = {} ) {
	const user = userEvent.setup();
	const container = document.createElement( 'div' );
	container.className = 'tp-paginator';
	container.dataset.tpIsland = 'paginator';
	container.dataset.tpWhen = 'visible';
	document.body.append( container );
	render( <Paginator { ...props } { ...overrides } />, { container } );
	return { user, container };
}

const nav = () =>
	screen.getByRole( 'navigation', { name: 'Pages of notices' } );
const pageLink = ( page: number ) =>
	screen.getByRole( 'link', { name: `Page ${ page }` } );
const liveRegion = () => document.getElementById( 'tenderpress-live-region' );
const errorMessage = () =>
	document.querySelector< HTMLElement >( '.tp-paginator__error' );
/** The number shown as the current page (aria-current="page"). */
const currentPage = () =>
	document.querySelector( '[aria-current="page"] [aria-hidden="true"]' )
		?.textContent;
const items = () =>
	document.querySelector< HTMLElement >( '.tp-listing__items' )!;

/** Waits until page `page`'s items are shown. */
const showsPage = ( page: number ) =>
	screen.findByRole( 'link', { name: `Notice on page ${ page }` } );

/** Lets pending requests reach the fake server and their answers come back. */
const settle = () => new Promise( ( resolve ) => setTimeout( resolve, 50 ) );

/** Holds every answer until the returned function is called. */
function holdAnswers(): () => void {
	let release!: () => void;
	const gate = new Promise< void >( ( resolve ) => {
		release = resolve;
	} );
	answer = async ( page ) => {
		await gate;
		return ok( page );
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
	it( 'renders the server’s items and real page links with the spec’s attributes, without a request', async () => {
		renderPaginator();

		expect( screen.getByRole( 'link', { name: 'A' } ) ).toBeTruthy();
		expect( items().innerHTML ).toBe( INITIAL_HTML );
		const pagination = nav();
		expect( pagination.dataset ).toMatchObject( {
			totalpages: '12',
			currentpage: '1',
			sid: SID,
			unid: 'tp-listing-1',
			iselementor: '0',
			isblock: '0',
			postid: '42',
		} );
		expect( pagination.hasAttribute( 'data-noscroll' ) ).toBe( false );
		expect( currentPage() ).toBe( '1' );
		expect(
			screen.getByText( 'Page 1' ).closest( '[aria-current="page"]' )
		).not.toBeNull();
		expect(
			[ 2, 3, 4, 5 ].map( ( page ) =>
				pageLink( page ).getAttribute( 'href' )
			)
		).toEqual( [
			'http://localhost/page/2/',
			'http://localhost/page/3/',
			'http://localhost/page/4/',
			'http://localhost/page/5/',
		] );
		expect( screen.queryByRole( 'link', { name: 'Page 6' } ) ).toBeNull();

		await settle();
		expect( forms ).toHaveLength( 0 );
	} );

	it( 'loads page 3 with one POST of exactly the spec’s fields and shows it', async () => {
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await showsPage( 3 );

		expect( forms ).toHaveLength( 1 );
		const form = forms[ 0 ]!;
		expect( [ ...form.keys() ] ).toHaveLength( 10 );
		expect( Object.fromEntries( form ) ).toEqual( {
			action: 'pagination_request',
			sid: SID,
			unid: 'tp-listing-1',
			iselementor: '0',
			isblock: '0',
			postid: '42',
			page: '3',
			lang: 'en_US',
			ajax_nonce: AJAX_NONCE,
			custom_data: '{}',
		} );
		expect( JSON.parse( form.get( 'custom_data' )! ) ).toEqual( {} );

		expect( screen.queryByRole( 'link', { name: 'A' } ) ).toBeNull();
		expect( items().innerHTML ).toBe( listingItemsHtml( 3 ) );
		expect( nav().dataset.currentpage ).toBe( '3' );
		expect( currentPage() ).toBe( '3' );
		expect( pageLink( 1 ).getAttribute( 'href' ) ).toBe(
			'http://localhost/'
		);
		expect( errorMessage() ).toBeNull();
	} );

	it( 'sends isblock and custom_data from the props', async () => {
		const { user } = renderPaginator( {
			isBlock: true,
			customData: { category: 'tenders' },
		} );

		await user.click( pageLink( 2 ) );
		await showsPage( 2 );

		expect( forms[ 0 ]!.get( 'isblock' ) ).toBe( '1' );
		expect( JSON.parse( forms[ 0 ]!.get( 'custom_data' )! ) ).toEqual( {
			category: 'tenders',
		} );
		expect( nav().dataset.isblock ).toBe( '1' );
	} );

	it( 'shows a page loaded before again without a request', async () => {
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await showsPage( 3 );
		await user.click( pageLink( 4 ) );
		await showsPage( 4 );
		await user.click( pageLink( 3 ) );
		await showsPage( 3 );
		await user.click( pageLink( 1 ) );
		await screen.findByRole( 'link', { name: 'A' } );
		await settle();

		expect( forms.map( ( form ) => form.get( 'page' ) ) ).toEqual( [
			'3',
			'4',
		] );
		expect( items().innerHTML ).toBe( INITIAL_HTML );
		expect( nav().dataset.currentpage ).toBe( '1' );
	} );

	it( 'sends one request for a double click', async () => {
		// Held, so that both clicks land before the answer (a fast answer would replace the link
		// with the current-page marker between the two clicks).
		const release = holdAnswers();
		const { user } = renderPaginator();
		const prevented = watchClicks();

		await user.dblClick( pageLink( 3 ) );
		await waitFor( () => expect( forms ).toHaveLength( 1 ) );
		release();
		await showsPage( 3 );
		await settle();

		expect( forms ).toHaveLength( 1 );
		// Neither click followed the link.
		expect( prevented ).toEqual( [ true, true ] );
	} );

	it( 'sends one request for two clicks in the same tick', async () => {
		renderPaginator();

		fireEvent.click( pageLink( 3 ) );
		fireEvent.click( pageLink( 3 ) );
		await showsPage( 3 );
		await settle();

		expect( forms ).toHaveLength( 1 );
	} );

	it( 'starts no other request while one is in flight, and shows the loading state', async () => {
		const release = holdAnswers();
		const { user } = renderPaginator();

		await user.click( pageLink( 3 ) );
		await waitFor( () => expect( forms ).toHaveLength( 1 ) );
		expect( items().classList.contains( 'is-loading' ) ).toBe( true );
		expect( items().getAttribute( 'aria-busy' ) ).toBe( 'true' );
		await waitFor( () =>
			expect( liveRegion()?.textContent ).toBe( 'Loading page 3…' )
		);

		await user.click( pageLink( 4 ) );
		await user.click( screen.getByRole( 'link', { name: 'Next' } ) );
		await settle();
		expect( forms ).toHaveLength( 1 );

		release();
		await showsPage( 3 );
		await settle();

		expect( forms.map( ( form ) => form.get( 'page' ) ) ).toEqual( [
			'3',
		] );
		expect( nav().dataset.currentpage ).toBe( '3' );
		expect( items().classList.contains( 'is-loading' ) ).toBe( false );
		expect( items().hasAttribute( 'aria-busy' ) ).toBe( false );
	} );

	describe( 'browser URL', () => {
		it( 'replaces it with the page’s link, and with the page-1 link for page 1', async () => {
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await showsPage( 3 );
			await waitFor( () =>
				expect( replaceState ).toHaveBeenCalledTimes( 1 )
			);
			expect( replaceState ).toHaveBeenLastCalledWith(
				window.history.state,
				'',
				'http://localhost/page/3/'
			);

			await user.click( pageLink( 1 ) );
			await screen.findByRole( 'link', { name: 'A' } );
			await waitFor( () =>
				expect( replaceState ).toHaveBeenCalledTimes( 2 )
			);
			expect( replaceState ).toHaveBeenLastCalledWith(
				window.history.state,
				'',
				'http://localhost/'
			);
		} );

		it( 'is left alone for an admin', async () => {
			const { user } = renderPaginator( { isAdmin: true } );

			await user.click( pageLink( 3 ) );
			await showsPage( 3 );
			await user.click( pageLink( 1 ) );
			await screen.findByRole( 'link', { name: 'A' } );
			await waitFor( () =>
				expect( liveRegion()?.textContent ).toBe(
					'Page 1 of 12 loaded.'
				)
			);

			expect( replaceState ).not.toHaveBeenCalled();
		} );

		it( 'is left alone when a page fails to load', async () => {
			answer = serverError;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			expect( replaceState ).not.toHaveBeenCalled();
		} );
	} );

	it( 'after a load focuses the first new item, announces the page and dispatches tenderpress:page-loaded', async () => {
		const { user, container } = renderPaginator();
		const events: CustomEvent[] = [];
		const listener = ( event: Event ) =>
			events.push( event as CustomEvent );
		document.addEventListener( PAGE_LOADED, listener );
		documentListeners.push( [ PAGE_LOADED, listener ] );

		await user.click( pageLink( 3 ) );
		const first = await showsPage( 3 );

		await waitFor( () =>
			expect( first.ownerDocument.activeElement ).toBe( first )
		);
		await waitFor( () =>
			expect( liveRegion()?.textContent ).toBe( 'Page 3 of 12 loaded.' )
		);
		expect( liveRegion()?.getAttribute( 'aria-live' ) ).toBe( 'polite' );
		expect( PAGE_LOADED ).toBe( 'tenderpress:page-loaded' );
		expect( events ).toHaveLength( 1 );
		const [ event ] = events;
		expect( event!.target ).toBe( container );
		expect( event!.bubbles ).toBe( true );
		expect( event!.detail ).toEqual( { page: 3, container } );
		expect( event!.detail.container ).toBe( container );
	} );

	it( 'dispatches tenderpress:page-loaded for a page shown again from the store', async () => {
		const { user, container } = renderPaginator();
		const pages: number[] = [];
		container.addEventListener( PAGE_LOADED, ( event ) =>
			pages.push( ( event as CustomEvent ).detail.page )
		);

		await user.click( pageLink( 2 ) );
		await showsPage( 2 );
		await user.click( pageLink( 1 ) );
		const first = await screen.findByRole( 'link', { name: 'A' } );

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
			await showsPage( 3 );
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
			await showsPage( 3 );
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
			expect( nav().dataset.noscroll ).toBe( '1' );

			await user.click( pageLink( 3 ) );
			await showsPage( 3 );
			await user.click( pageLink( 1 ) );
			await screen.findByRole( 'link', { name: 'A' } );
			await waitFor( () =>
				expect( liveRegion()?.textContent ).toBe(
					'Page 1 of 12 loaded.'
				)
			);

			expect( scrollTo ).not.toHaveBeenCalled();
		} );
	} );

	describe( 'a failed request', () => {
		it.each( [
			[ 'a 500 answer', serverError ],
			[ 'a network error', () => HttpResponse.error() ],
		] )(
			'after %s shows an inline message with Try again and keeps page 1',
			async ( _case, failure: Answer ) => {
				answer = failure;
				const { user } = renderPaginator();

				await user.click( pageLink( 3 ) );
				await waitFor( () => expect( errorMessage() ).not.toBeNull() );

				expect( errorMessage()!.textContent ).toContain(
					'Page 3 could not be loaded.'
				);
				expect(
					screen.getByRole( 'button', { name: 'Try again' } )
				).toBeTruthy();
				expect(
					screen.getByRole( 'link', { name: 'A' } )
				).toBeTruthy();
				expect( items().innerHTML ).toBe( INITIAL_HTML );
				expect( currentPage() ).toBe( '1' );
				expect( nav().dataset.currentpage ).toBe( '1' );
				expect( items().classList.contains( 'is-loading' ) ).toBe(
					false
				);
				await waitFor( () =>
					expect( liveRegion()?.textContent ).toContain(
						'Page 3 could not be loaded.'
					)
				);

				answer = ok;
				await user.click(
					screen.getByRole( 'button', { name: 'Try again' } )
				);
				await showsPage( 3 );

				expect( forms.map( ( form ) => form.get( 'page' ) ) ).toEqual( [
					'3',
					'3',
				] );
				expect( errorMessage() ).toBeNull();
				expect( currentPage() ).toBe( '3' );
				expect( nav().dataset.currentpage ).toBe( '3' );
			}
		);

		it( 'gives the server’s reason after the page’s message', async () => {
			answer = serverError;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			expect( errorMessage()!.textContent ).toBe(
				'Page 3 could not be loaded. The server could not answer this request. Try again'
			);
		} );

		it( 'does not block a click on another page afterwards', async () => {
			answer = serverError;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			answer = ok;
			await user.click( pageLink( 4 ) );
			await showsPage( 4 );

			expect( forms.map( ( form ) => form.get( 'page' ) ) ).toEqual( [
				'3',
				'4',
			] );
			expect( errorMessage() ).toBeNull();
			expect( nav().dataset.currentpage ).toBe( '4' );
		} );

		it( 'is not remembered: the page is asked for again', async () => {
			answer = serverError;
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );
			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( forms ).toHaveLength( 2 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			expect( nav().dataset.currentpage ).toBe( '1' );
		} );
	} );

	describe( 'a no-post answer', () => {
		it( 'keeps the current page and shows the failure message', async () => {
			answer = () => HttpResponse.html( NO_POSTS_MARKER );
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			expect( errorMessage()!.textContent ).toContain(
				'Page 3 could not be loaded.'
			);
			expect(
				screen.getByRole( 'button', { name: 'Try again' } )
			).toBeTruthy();
			expect( items().innerHTML ).toBe( INITIAL_HTML );
			expect( currentPage() ).toBe( '1' );
			expect( nav().dataset.currentpage ).toBe( '1' );
			expect( replaceState ).not.toHaveBeenCalled();

			// Not stored: trying again asks the server again.
			answer = ok;
			await user.click(
				screen.getByRole( 'button', { name: 'Try again' } )
			);
			await showsPage( 3 );
			expect( forms ).toHaveLength( 2 );
		} );

		// The no-post answer once repeated the sentence ("… could not be loaded. … could not be loaded.").
		it( 'says the failure sentence once', async () => {
			answer = () => HttpResponse.html( NO_POSTS_MARKER );
			const { user } = renderPaginator();

			await user.click( pageLink( 3 ) );
			await waitFor( () => expect( errorMessage() ).not.toBeNull() );

			// Actual: 'Page 3 could not be loaded. Page 3 could not be loaded. Try again'.
			expect( errorMessage()!.textContent ).toBe(
				'Page 3 could not be loaded. Try again'
			);
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
			expect( forms ).toHaveLength( 0 );
			expect( nav().dataset.currentpage ).toBe( '1' );
			expect( liveRegion() ).toBeNull();
		} );

		it( 'Enter on a focused page link loads the page in place', async () => {
			const { user } = renderPaginator();
			const prevented = watchClicks();

			pageLink( 3 ).focus();
			await user.keyboard( '{Enter}' );
			await showsPage( 3 );

			expect( prevented ).toEqual( [ true ] );
			expect( forms ).toHaveLength( 1 );
		} );

		it( 'a plain click is intercepted', async () => {
			renderPaginator();
			const prevented = watchClicks();

			fireEvent.click( pageLink( 3 ) );
			await showsPage( 3 );

			expect( prevented ).toEqual( [ true ] );
		} );
	} );

	describe( 'previous and next links', () => {
		it( 'shows Previous only after page 1, both linking to real pages', async () => {
			const { user } = renderPaginator();

			expect(
				screen.queryByRole( 'link', { name: 'Previous' } )
			).toBeNull();
			const next = screen.getByRole( 'link', { name: 'Next' } );
			expect( next.getAttribute( 'href' ) ).toBe(
				'http://localhost/page/2/'
			);
			expect( next.getAttribute( 'rel' ) ).toBe( 'next' );
			expect( pageLink( 2 ).getAttribute( 'href' ) ).toBe(
				'http://localhost/page/2/'
			);

			await user.click( pageLink( 3 ) );
			await showsPage( 3 );

			const previous = screen.getByRole( 'link', { name: 'Previous' } );
			expect( previous.getAttribute( 'href' ) ).toBe(
				'http://localhost/page/2/'
			);
			expect( previous.getAttribute( 'rel' ) ).toBe( 'prev' );
			expect(
				screen
					.getByRole( 'link', { name: 'Next' } )
					.getAttribute( 'href' )
			).toBe( 'http://localhost/page/4/' );

			await user.click( previous );
			await showsPage( 2 );
			expect(
				screen
					.getByRole( 'link', { name: 'Previous' } )
					.getAttribute( 'href' )
			).toBe( 'http://localhost/' );
		} );

		it( 'hides Next on the last page', async () => {
			const { user } = renderPaginator( { currentPage: 11 } );

			expect(
				[ 8, 9, 10, 12 ].map( ( page ) =>
					pageLink( page ).getAttribute( 'href' )
				)
			).toEqual( [
				'http://localhost/page/8/',
				'http://localhost/page/9/',
				'http://localhost/page/10/',
				'http://localhost/page/12/',
			] );

			await user.click( screen.getByRole( 'link', { name: 'Next' } ) );
			await showsPage( 12 );

			expect( forms[ 0 ]!.get( 'page' ) ).toBe( '12' );
			expect( screen.queryByRole( 'link', { name: 'Next' } ) ).toBeNull();
			expect(
				screen
					.getByRole( 'link', { name: 'Previous' } )
					.getAttribute( 'href' )
			).toBe( 'http://localhost/page/11/' );
			expect( currentPage() ).toBe( '12' );
		} );
	} );
} );
