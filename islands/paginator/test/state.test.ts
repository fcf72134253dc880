/**
 * External dependencies
 */
import { describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import {
	activeFilters,
	customDataOf,
	formQuery,
	hasChoices,
	listingFacts,
	PageStore,
	pageUrl,
	SCROLL_DURATION,
	SCROLL_OFFSET,
	shouldReplaceUrl,
	withFilterQuery,
} from '../state';
import {
	recordedBody,
	recordedPaginatorProps,
	type RecordedAnswerName,
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
	it( 'are the spec’s scroll offset and duration', () => {
		expect( SCROLL_OFFSET ).toBe( 160 );
		expect( SCROLL_DURATION ).toBe( 1000 );
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

describe( 'PageStore', () => {
	const { initialHtml: initial, noPostsMarker } = recordedPaginatorProps;
	const newStore = ( page = 1, html = initial ) =>
		new PageStore( page, html, noPostsMarker );
	/**
	 * The recorded listing's pages, as pagination_request answered them.
	 *
	 * @param page A page number.
	 */
	const serverPage = async ( page: number ) =>
		recordedBody( `page ${ page }` as RecordedAnswerName );

	it( 'serves the initial page without fetching', async () => {
		const store = newStore();
		const fetch = vi.fn( serverPage );

		expect( store.get( 1 ) ).toBe( initial );
		expect( await store.load( 1, fetch ) ).toBe( initial );
		expect( fetch ).not.toHaveBeenCalled();
		expect( store.inFlight ).toBe( false );
	} );

	it( 'fetches a page once and serves it from the store afterwards', async () => {
		const store = newStore();
		const fetch = vi.fn( serverPage );

		expect( store.get( 3 ) ).toBeUndefined();
		expect( await store.load( 3, fetch ) ).toBe( recordedBody( 'page 3' ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( fetch ).toHaveBeenCalledWith( 3 );
		expect( store.get( 3 ) ).toBe( recordedBody( 'page 3' ) );

		expect( await store.load( 3, fetch ) ).toBe( recordedBody( 'page 3' ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is in flight from the moment load() is called until the answer', async () => {
		const store = newStore();
		const answer = deferred< string >();

		const loading = store.load( 3, () => answer.promise );
		// Set synchronously: a second click in the same tick is already refused.
		expect( store.inFlight ).toBe( true );

		answer.resolve( recordedBody( 'page 3' ) );
		expect( await loading ).toBe( recordedBody( 'page 3' ) );
		expect( store.inFlight ).toBe( false );
	} );

	it( 'refuses another page while a request is in flight, without fetching', async () => {
		const store = newStore();
		const answer = deferred< string >();
		const fetch = vi.fn( () => answer.promise );

		const loading = store.load( 3, fetch );
		const other = vi.fn( serverPage );
		expect( await store.load( 2, other ) ).toBeNull();
		expect( await store.load( 2, fetch ) ).toBeNull();
		expect( other ).not.toHaveBeenCalled();
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( store.get( 2 ) ).toBeUndefined();

		answer.resolve( recordedBody( 'page 3' ) );
		await loading;
		expect( await store.load( 2, other ) ).toBe( recordedBody( 'page 2' ) );
		expect( other ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is not stuck after a failed request and caches nothing for it', async () => {
		const store = newStore();
		const failure = { code: 'network', message: 'offline' };
		const failing = vi.fn( () => Promise.reject( failure ) );

		await expect( store.load( 3, failing ) ).rejects.toBe( failure );
		expect( store.inFlight ).toBe( false );
		expect( store.get( 3 ) ).toBeUndefined();

		const working = vi.fn( serverPage );
		expect( await store.load( 3, working ) ).toBe(
			recordedBody( 'page 3' )
		);
		expect( working ).toHaveBeenCalledTimes( 1 );
		expect( store.get( 3 ) ).toBe( recordedBody( 'page 3' ) );
	} );

	it( 'is not stuck when fetch throws synchronously', async () => {
		const store = newStore();
		const throwing = () => {
			throw new Error( 'boom' );
		};

		await expect( store.load( 3, throwing ) ).rejects.toThrow( 'boom' );
		expect( store.inFlight ).toBe( false );
	} );

	it( 'returns the server’s no-post answer without storing it', async () => {
		const store = newStore();
		// What pagination_request answered for the page just past the end.
		const fetch = vi.fn( async () => recordedBody( 'page 4' ) );

		expect( await store.load( 4, fetch ) ).toBe( recordedBody( 'page 4' ) );
		expect( store.get( 4 ) ).toBeUndefined();
		expect( store.inFlight ).toBe( false );

		// Asked again, it goes back to the server.
		expect( await store.load( 4, fetch ) ).toBe( recordedBody( 'page 4' ) );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'keeps the initial page of a store that starts on another page', async () => {
		const store = newStore( 3, recordedBody( 'page 3' ) );
		const fetch = vi.fn( serverPage );

		expect( await store.load( 3, fetch ) ).toBe( recordedBody( 'page 3' ) );
		expect( store.get( 1 ) ).toBeUndefined();
		expect( await store.load( 1, fetch ) ).toBe( recordedBody( 'page 1' ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'filters applied in place', () => {
	const args = {
		q: 'q',
		noticeType: 'notice_type',
		status: 'status',
		sort: 'sort',
	};

	function form( html: string ): HTMLFormElement {
		const element = document.createElement( 'form' );
		element.innerHTML = html;
		return element;
	}

	it( 'reads the totals from the list an answer carries', () => {
		expect(
			listingFacts(
				'<ul class="tp-listing__list" data-found="1204" data-pages="121" data-count="1,204 notices"><li></li></ul>',
				'<!-- none -->'
			)
		).toEqual( { found: 1204, pages: 121, countText: '1,204 notices' } );
		expect( listingFacts( '<!-- none -->', '<!-- none -->' ) ).toEqual( {
			found: 0,
			pages: 0,
			countText: null,
		} );
		expect( () =>
			listingFacts(
				'<ul class="tp-listing__list"></ul>',
				'<!-- none -->'
			)
		).toThrow( TypeError );
	} );

	it( 'keeps the filled-in filter fields, in the form’s order, without defaults or other fields', () => {
		const query = formQuery(
			form(
				'<input name="q" value="  road  "><select name="notice_type"><option value="">All</option><option value="eoi" selected>EOI</option></select>' +
					'<input name="status" value=""><select name="sort"><option value="newest" selected>Newest</option></select><input name="other" value="x">'
			),
			args,
			{ sort: 'newest' }
		);
		expect( query.toString() ).toBe( 'q=road&notice_type=eoi' );
	} );

	it( 'sends each argument under its filter’s key, the view’s own filters winning', () => {
		expect(
			customDataOf(
				new URLSearchParams( 'status=closed&q=road&sort=value' ),
				args,
				{ status: 'closing-soon' }
			)
		).toEqual( { q: 'road', status: 'closing-soon', sort: 'value' } );
		expect(
			activeFilters(
				{ q: 'road', status: 'closing-soon', sort: 'value' },
				{ status: 'closing-soon' },
				[ 'sort' ]
			)
		).toBe( 1 );
		expect(
			hasChoices( { status: 'closing-soon' }, { status: 'closing-soon' } )
		).toBe( false );
		expect( hasChoices( { sort: 'value' }, {} ) ).toBe( true );
	} );

	it( 'swaps the filter arguments of page links and keeps the rest, the page placeholder included', () => {
		const query = new URLSearchParams( 'status=open&q=a b' );
		expect(
			withFilterQuery(
				'https://tenders.example.org/tenders/page/%#%/?status=closed&notice_type=eoi',
				query,
				args
			)
		).toBe(
			'https://tenders.example.org/tenders/page/%#%/?status=open&q=a+b'
		);
		expect(
			withFilterQuery(
				'https://tenders.example.org/?post_type=tender&paged=%#%&status=closed',
				new URLSearchParams(),
				args
			)
		).toBe( 'https://tenders.example.org/?post_type=tender&paged=%#%' );
	} );
} );
