/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import island, { parsePaginatorProps } from '..';
import { Paginator } from '../Paginator';
import { AJAX_NONCE, listingItemsHtml } from '../../../tests/msw/handlers';

const i18n = {
	navLabel: 'Pages of notices',
	page: 'Page %d',
	previous: 'Previous',
	next: 'Next',
	loading: 'Loading page %d…',
	loaded: 'Page %1$d of %2$d loaded.',
	failed: 'Page %d could not be loaded.',
	retry: 'Try again',
};

/** The props php/Islands/Paginator.php prints, after JSON.parse. */
const raw = {
	ajaxUrl: 'http://localhost/wp-admin/admin-ajax.php',
	nonce: AJAX_NONCE,
	sid: '0123456789abcdef',
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
	i18n,
};

/** The island's container as the server renders it: items, page links, props. */
function serverMarkup( items = listingItemsHtml( 1 ) ): HTMLElement {
	const element = document.createElement( 'div' );
	element.className = 'tp-paginator';
	element.dataset.tpIsland = 'paginator';
	element.innerHTML =
		`<div class="tp-listing__items">${ items }</div>` +
		'<nav class="tp-pagination" aria-label="Pages of notices" data-totalpages="12" data-currentpage="1"><ul class="tp-pagination__list"><li><a class="tp-pagination__link" data-page="2" href="http://localhost/page/2/" aria-label="Page 2">2</a></li></ul></nav>' +
		`<script type="application/json" data-tp-props>${ JSON.stringify(
			raw
		) }</script>`;
	document.body.append( element );
	return element;
}

describe( 'parsePaginatorProps', () => {
	it( 'reads the server’s props into typed props', () => {
		expect( parsePaginatorProps( raw ) ).toEqual( {
			...raw,
			initialHtml: '',
		} );
	} );

	it( 'reads the current page’s items from the container’s own .tp-listing__items', () => {
		const element = serverMarkup();

		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe(
			listingItemsHtml( 1 )
		);
	} );

	it( 'ignores a .tp-listing__items that is not a direct child', () => {
		const element = document.createElement( 'div' );
		element.innerHTML =
			'<div class="tp-listing__list-wrapper"><div class="tp-listing__items"><p>Nested listing</p></div></div>';

		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe( '' );

		element.insertAdjacentHTML(
			'beforeend',
			`<div class="tp-listing__items">${ listingItemsHtml( 1 ) }</div>`
		);
		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe(
			listingItemsHtml( 1 )
		);
	} );

	it( 'keeps the empty-listing message the server rendered', () => {
		const element = serverMarkup(
			'<p class="tp-listing__empty">No notices found.</p>'
		);

		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe(
			'<p class="tp-listing__empty">No notices found.</p>'
		);
	} );

	it( 'fills the optional props with their defaults', () => {
		const required: Record< string, unknown > = { ...raw };
		for ( const key of [
			'nonce',
			'lang',
			'postId',
			'visiblePages',
			'customData',
			'isBlock',
			'noScroll',
			'isAdmin',
		] ) {
			delete required[ key ];
		}

		expect( parsePaginatorProps( required ) ).toMatchObject( {
			nonce: '',
			lang: '',
			postId: 0,
			visiblePages: 5,
			customData: {},
			isBlock: false,
			noScroll: false,
			isAdmin: false,
		} );
	} );

	it( 'turns on the flags only for a JSON true', () => {
		const truthy = { isBlock: 1, noScroll: 'true', isAdmin: 'yes' };
		expect( parsePaginatorProps( { ...raw, ...truthy } ) ).toMatchObject( {
			isBlock: false,
			noScroll: false,
			isAdmin: false,
		} );
		expect(
			parsePaginatorProps( {
				...raw,
				isBlock: true,
				noScroll: true,
				isAdmin: true,
			} )
		).toMatchObject( { isBlock: true, noScroll: true, isAdmin: true } );
	} );

	it( 'keeps string filters in customData', () => {
		expect(
			parsePaginatorProps( {
				...raw,
				customData: { category: 'tenders', region: '' },
			} ).customData
		).toEqual( { category: 'tenders', region: '' } );
	} );

	it( 'refuses a linkTemplate without the %#% placeholder', () => {
		expect( () =>
			parsePaginatorProps( {
				...raw,
				linkTemplate: 'http://localhost/page/2/',
			} )
		).toThrow(
			new TypeError( 'linkTemplate must hold the %#% page placeholder' )
		);
	} );

	it.each( [
		'javascript:alert(document.cookie)',
		'JavaScript:void(0)',
		'data:text/html,<script>alert(1)</script>',
		'//evil.example/wp-admin/admin-ajax.php',
	] )( 'refuses the ajaxUrl %j', ( ajaxUrl ) => {
		expect( () => parsePaginatorProps( { ...raw, ajaxUrl } ) ).toThrow(
			new TypeError( 'ajaxUrl must be an http(s) URL or a path' )
		);
	} );

	it.each( [
		[ 'linkTemplate', 'javascript:alert("%#%")' ],
		[ 'firstPageLink', 'javascript:alert(1)' ],
	] )( 'refuses a %s that is not a safe URL', ( name, value ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, [ name ]: value } )
		).toThrow(
			new TypeError( `${ name } must be an http(s) URL or a path` )
		);
	} );

	it.each( [
		[ 'too short', '0123456789abcde' ],
		[ 'too long', '0123456789abcdef0' ],
		[ 'not hex', '0123456789abcdeg' ],
		[ 'upper-case hex', '0123456789ABCDEF' ],
		[ 'empty', '' ],
		[ 'with a newline after it', '0123456789abcdef\n' ],
	] )( 'refuses a sid that is %s', ( _case, sid ) => {
		expect( () => parsePaginatorProps( { ...raw, sid } ) ).toThrow(
			new TypeError( 'sid must be a listing id' )
		);
	} );

	it( 'refuses a sid that is not a string', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, sid: 1234567890123456 } )
		).toThrow( new TypeError( 'sid must be a string' ) );
	} );

	it.each( [
		[ 13, 12 ],
		[ 2, 1 ],
		[ 0, 12 ],
		[ -1, 12 ],
	] )( 'refuses currentPage %i of %i pages', ( currentPage, totalPages ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, currentPage, totalPages } )
		).toThrow( TypeError );
	} );

	it( 'names the current page in the error for a page past the end', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, currentPage: 13 } )
		).toThrow(
			new TypeError( 'currentPage must be a whole number from 1 to 12' )
		);
	} );

	it( 'accepts the last page', () => {
		expect(
			parsePaginatorProps( { ...raw, currentPage: 12 } ).currentPage
		).toBe( 12 );
	} );

	it.each( Object.keys( i18n ) )(
		'refuses props without i18n.%s',
		( key ) => {
			const strings: Record< string, string > = { ...i18n };
			delete strings[ key ];

			expect( () =>
				parsePaginatorProps( { ...raw, i18n: strings } )
			).toThrow( new TypeError( `i18n.${ key } must be a string` ) );
		}
	);

	it( 'refuses props without i18n', () => {
		const { i18n: strings, ...rest } = raw;
		expect( strings ).toBeDefined();

		expect( () => parsePaginatorProps( rest ) ).toThrow(
			new TypeError( 'i18n must be an object' )
		);
	} );

	it.each( [
		[ 'a number', { page: 2 } ],
		[ 'null', { category: null } ],
		[ 'a list', { category: [ 'tenders' ] } ],
		[ 'an object', { category: { name: 'tenders' } } ],
	] )( 'refuses a customData value that is %s', ( _case, customData ) => {
		const [ key ] = Object.keys( customData );

		expect( () => parsePaginatorProps( { ...raw, customData } ) ).toThrow(
			new TypeError( `customData.${ key } must be a string` )
		);
	} );

	it( 'refuses customData that is a list', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, customData: [ 'tenders' ] } )
		).toThrow( new TypeError( 'customData must be an object' ) );
	} );

	it( 'refuses a unid that is not an element id', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, unid: '1"><script>' } )
		).toThrow( new TypeError( 'unid must be a valid element id' ) );
	} );

	it.each( [
		[ 'totalPages', 0 ],
		[ 'totalPages', '12' ],
		[ 'visiblePages', 0 ],
		[ 'visiblePages', 10 ],
		[ 'postId', -1 ],
	] )( 'refuses %s %j', ( name, value ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, [ name ]: value } )
		).toThrow( TypeError );
	} );

	it.each( [ null, [], 'props', undefined ] )(
		'refuses props that are %j',
		( value ) => {
			expect( () => parsePaginatorProps( value ) ).toThrow(
				new TypeError( 'props must be an object' )
			);
		}
	);

	it( 'is the island’s props parser', () => {
		expect( island.parseProps ).toBe( parsePaginatorProps );
		expect( island.component ).toBe( Paginator );
	} );
} );

describe( 'parsePaginatorProps page numbers', () => {
	it( 'rejects page numbers that are not whole numbers', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, currentPage: 1.5 } )
		).toThrow( 'currentPage must be a whole number' );
		expect( () =>
			parsePaginatorProps( { ...raw, totalPages: 12.5 } )
		).toThrow( 'totalPages must be a whole number' );
	} );
} );
