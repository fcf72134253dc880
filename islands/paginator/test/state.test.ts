/**
 * External dependencies
 */
import { describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import {
	format,
	NO_POSTS_MARKER,
	PageStore,
	pageUrl,
	pageWindow,
	SCROLL_DURATION,
	SCROLL_OFFSET,
	shouldReplaceUrl,
} from '../state';
import {
	listingItemsHtml,
	NO_POSTS_MARKER as SERVER_NO_POSTS_MARKER,
} from '../../../tests/msw/handlers';

const TEMPLATE = 'http://x.test/page/%#%/';
const FIRST = 'http://x.test/';

/** A promise with its resolve and reject functions, to hold a request in flight. */
function deferred< T >() {
	let resolve!: ( value: T ) => void;
	let reject!: ( reason: unknown ) => void;
	const promise = new Promise< T >( ( res, rej ) => {
		resolve = res;
		reject = rej;
	} );
	return { promise, resolve, reject };
}

describe( 'constants', () => {
	it( 'are the spec’s scroll offset and duration and the server’s no-post marker', () => {
		expect( SCROLL_OFFSET ).toBe( 160 );
		expect( SCROLL_DURATION ).toBe( 1000 );
		expect( NO_POSTS_MARKER ).toBe( '<!-- tenderpress:no-posts -->' );
		expect( NO_POSTS_MARKER ).toBe( SERVER_NO_POSTS_MARKER );
	} );
} );

describe( 'pageWindow', () => {
	it.each( [
		// current, total, visible, expected
		[ 1, 12, 5, [ 1, 2, 3, 4, 5 ] ],
		[ 2, 12, 5, [ 1, 2, 3, 4, 5 ] ],
		[ 3, 12, 5, [ 1, 2, 3, 4, 5 ] ],
		[ 4, 12, 5, [ 2, 3, 4, 5, 6 ] ],
		[ 6, 12, 5, [ 4, 5, 6, 7, 8 ] ],
		[ 10, 12, 5, [ 8, 9, 10, 11, 12 ] ],
		[ 11, 12, 5, [ 8, 9, 10, 11, 12 ] ],
		[ 12, 12, 5, [ 8, 9, 10, 11, 12 ] ],
	] )(
		'centres five links on page %i of %i where there is room',
		( current, total, visible, expected ) => {
			expect( pageWindow( current, total, visible ) ).toEqual( expected );
		}
	);

	it.each( [
		[ 1, 3, 5, [ 1, 2, 3 ] ],
		[ 3, 3, 5, [ 1, 2, 3 ] ],
		[ 2, 5, 5, [ 1, 2, 3, 4, 5 ] ],
		[ 1, 1, 5, [ 1 ] ],
		[ 1, 0, 5, [ 1 ] ],
	] )(
		'shows every page when there are fewer than asked (page %i of %i)',
		( current, total, visible, expected ) => {
			expect( pageWindow( current, total, visible ) ).toEqual( expected );
		}
	);

	it( 'shows only the current page with visible = 1', () => {
		expect( pageWindow( 1, 12, 1 ) ).toEqual( [ 1 ] );
		expect( pageWindow( 7, 12, 1 ) ).toEqual( [ 7 ] );
		expect( pageWindow( 12, 12, 1 ) ).toEqual( [ 12 ] );
	} );

	it( 'treats a visible count below 1 as 1', () => {
		expect( pageWindow( 4, 12, 0 ) ).toEqual( [ 4 ] );
		expect( pageWindow( 4, 12, -3 ) ).toEqual( [ 4 ] );
	} );

	it( 'always gives `visible` consecutive pages within 1..total', () => {
		for ( let total = 1; total <= 15; total++ ) {
			for ( let visible = 1; visible <= 9; visible++ ) {
				for ( let current = 1; current <= total; current++ ) {
					const pages = pageWindow( current, total, visible );
					expect( pages ).toHaveLength( Math.min( total, visible ) );
					expect( pages ).toContain( current );
					expect( pages[ 0 ] ).toBeGreaterThanOrEqual( 1 );
					expect( pages[ pages.length - 1 ] ).toBeLessThanOrEqual(
						total
					);
					pages.forEach( ( page, i ) =>
						expect( page ).toBe( pages[ 0 ]! + i )
					);
				}
			}
		}
	} );
} );

describe( 'pageUrl', () => {
	it( 'gives page 1 its own link', () => {
		expect( pageUrl( 1, TEMPLATE, FIRST ) ).toBe( FIRST );
	} );

	it( 'fills the template’s placeholder for other pages', () => {
		expect( pageUrl( 2, TEMPLATE, FIRST ) ).toBe( 'http://x.test/page/2/' );
		expect( pageUrl( 36, TEMPLATE, FIRST ) ).toBe(
			'http://x.test/page/36/'
		);
	} );

	it( 'replaces every placeholder in the template', () => {
		expect(
			pageUrl( 7, 'http://x.test/page/%#%/?from=%#%#p%#%', FIRST )
		).toBe( 'http://x.test/page/7/?from=7#p7' );
	} );

	it( 'works with a plain-permalink template', () => {
		expect( pageUrl( 4, 'http://x.test/?paged=%#%', FIRST ) ).toBe(
			'http://x.test/?paged=4'
		);
	} );
} );

describe( 'shouldReplaceUrl', () => {
	it( 'is false for an admin viewer and true for anyone else', () => {
		expect( shouldReplaceUrl( true ) ).toBe( false );
		expect( shouldReplaceUrl( false ) ).toBe( true );
	} );
} );

describe( 'format', () => {
	it( 'fills positional placeholders', () => {
		expect( format( 'Page %1$d of %2$d loaded.', 3, 36 ) ).toBe(
			'Page 3 of 36 loaded.'
		);
		// Translations may swap the order.
		expect( format( '%2$d pages, page %1$d loaded.', 3, 36 ) ).toBe(
			'36 pages, page 3 loaded.'
		);
	} );

	it( 'fills sequential placeholders', () => {
		expect( format( 'Page %d', 3 ) ).toBe( 'Page 3' );
		expect( format( 'Loading page %d…', 12 ) ).toBe( 'Loading page 12…' );
		expect( format( '%s of %s', 'a', 'b' ) ).toBe( 'a of b' );
	} );

	it( 'leaves text without placeholders alone', () => {
		expect( format( 'Try again', 3 ) ).toBe( 'Try again' );
	} );
} );

describe( 'PageStore', () => {
	const initial = listingItemsHtml( 1 );

	it( 'serves the initial page without fetching', async () => {
		const store = new PageStore( 1, initial );
		const fetch = vi.fn( async ( page: number ) =>
			listingItemsHtml( page )
		);

		expect( store.get( 1 ) ).toBe( initial );
		expect( await store.load( 1, fetch ) ).toBe( initial );
		expect( fetch ).not.toHaveBeenCalled();
		expect( store.inFlight ).toBe( false );
	} );

	it( 'fetches a page once and serves it from the store afterwards', async () => {
		const store = new PageStore( 1, initial );
		const fetch = vi.fn( async ( page: number ) =>
			listingItemsHtml( page )
		);

		expect( store.get( 3 ) ).toBeUndefined();
		expect( await store.load( 3, fetch ) ).toBe( listingItemsHtml( 3 ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( fetch ).toHaveBeenCalledWith( 3 );
		expect( store.get( 3 ) ).toBe( listingItemsHtml( 3 ) );

		expect( await store.load( 3, fetch ) ).toBe( listingItemsHtml( 3 ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is in flight from the moment load() is called until the answer', async () => {
		const store = new PageStore( 1, initial );
		const answer = deferred< string >();

		const loading = store.load( 3, () => answer.promise );
		// Set synchronously: a second click in the same tick is already refused.
		expect( store.inFlight ).toBe( true );

		answer.resolve( listingItemsHtml( 3 ) );
		expect( await loading ).toBe( listingItemsHtml( 3 ) );
		expect( store.inFlight ).toBe( false );
	} );

	it( 'refuses another page while a request is in flight, without fetching', async () => {
		const store = new PageStore( 1, initial );
		const answer = deferred< string >();
		const fetch = vi.fn( () => answer.promise );

		const loading = store.load( 3, fetch );
		const other = vi.fn( async ( page: number ) =>
			listingItemsHtml( page )
		);
		expect( await store.load( 4, other ) ).toBeNull();
		expect( await store.load( 4, fetch ) ).toBeNull();
		expect( other ).not.toHaveBeenCalled();
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( store.get( 4 ) ).toBeUndefined();

		answer.resolve( listingItemsHtml( 3 ) );
		await loading;
		expect( await store.load( 4, other ) ).toBe( listingItemsHtml( 4 ) );
		expect( other ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is not stuck after a failed request and caches nothing for it', async () => {
		const store = new PageStore( 1, initial );
		const failure = { code: 'network', message: 'offline' };
		const failing = vi.fn( () => Promise.reject( failure ) );

		await expect( store.load( 3, failing ) ).rejects.toBe( failure );
		expect( store.inFlight ).toBe( false );
		expect( store.get( 3 ) ).toBeUndefined();

		const working = vi.fn( async ( page: number ) =>
			listingItemsHtml( page )
		);
		expect( await store.load( 3, working ) ).toBe( listingItemsHtml( 3 ) );
		expect( working ).toHaveBeenCalledTimes( 1 );
		expect( store.get( 3 ) ).toBe( listingItemsHtml( 3 ) );
	} );

	it( 'is not stuck when fetch throws synchronously', async () => {
		const store = new PageStore( 1, initial );
		const throwing = () => {
			throw new Error( 'boom' );
		};

		await expect( store.load( 3, throwing ) ).rejects.toThrow( 'boom' );
		expect( store.inFlight ).toBe( false );
	} );

	it( 'returns a no-post answer without storing it', async () => {
		const store = new PageStore( 1, initial );
		const fetch = vi.fn( async () => NO_POSTS_MARKER );

		expect( await store.load( 13, fetch ) ).toBe( NO_POSTS_MARKER );
		expect( store.get( 13 ) ).toBeUndefined();
		expect( store.inFlight ).toBe( false );

		// Asked again, it goes back to the server.
		expect( await store.load( 13, fetch ) ).toBe( NO_POSTS_MARKER );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'keeps the initial page of a store that starts on another page', async () => {
		const store = new PageStore( 4, listingItemsHtml( 4 ) );
		const fetch = vi.fn( async ( page: number ) =>
			listingItemsHtml( page )
		);

		expect( await store.load( 4, fetch ) ).toBe( listingItemsHtml( 4 ) );
		expect( store.get( 1 ) ).toBeUndefined();
		expect( await store.load( 1, fetch ) ).toBe( listingItemsHtml( 1 ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
	} );
} );
