/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import island, { parsePaginatorProps } from '..';
import { Paginator } from '../Paginator';
import {
	recordedBody,
	recordedContainer,
	recordedPaginatorProps,
	recordedRawProps as raw,
} from '../../../tests/msw/handlers';

/** The props as the runtime reads them from the container's JSON. */
function printedProps( element: HTMLElement ): unknown {
	return JSON.parse(
		element.querySelector( 'script[data-tp-props]' )!.textContent!
	);
}

describe( 'parsePaginatorProps', () => {
	it( 'reads the props and markup the server printed, keeping every value', () => {
		const element = recordedContainer();

		expect(
			parsePaginatorProps( printedProps( element ), element )
		).toEqual( recordedPaginatorProps );
	} );

	it( 'reads the current page’s items as the server renders that page in place', () => {
		const element = recordedContainer();

		// The first render and pagination_request's answer for the same page are the same HTML.
		expect(
			parsePaginatorProps( printedProps( element ), element ).initialHtml
		).toBe( recordedBody( 'page 1' ) );
	} );

	it( 'ignores a .tp-listing__items that is not a direct child', () => {
		const element = document.createElement( 'div' );
		element.innerHTML =
			'<div class="tp-listing__list-wrapper"><div class="tp-listing__items"><p>Nested listing</p></div></div>';

		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe( '' );

		element.insertAdjacentHTML(
			'beforeend',
			`<div class="tp-listing__items">${ recordedBody( 'page 1' ) }</div>`
		);
		expect( parsePaginatorProps( raw, element ).initialHtml ).toBe(
			recordedBody( 'page 1' )
		);
	} );

	it( 'fills the optional props with their defaults', () => {
		const required: Record< string, unknown > = { ...raw };
		for ( const key of [
			'postId',
			'customData',
			'isBlock',
			'noScroll',
			'isAdmin',
		] ) {
			delete required[ key ];
		}

		expect( parsePaginatorProps( required ) ).toMatchObject( {
			postId: 0,
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
				customData: { noticeType: 'eoi', region: '' },
			} ).customData
		).toEqual( { noticeType: 'eoi', region: '' } );
	} );

	it( 'leaves limits to the server, which cleaned the values', () => {
		expect(
			parsePaginatorProps( {
				...raw,
				totalPages: 100000,
				currentPage: 99999,
			} )
		).toMatchObject( {
			totalPages: 100000,
			currentPage: 99999,
		} );
	} );

	it( 'refuses a current page past the last, naming the last', () => {
		expect( () =>
			parsePaginatorProps( {
				...raw,
				currentPage: raw.totalPages + 1,
			} )
		).toThrow(
			new TypeError(
				`currentPage must be a whole number from 1 to ${ raw.totalPages }`
			)
		);
	} );

	it( 'refuses a linkTemplate without the %#% placeholder', () => {
		expect( () =>
			parsePaginatorProps( {
				...raw,
				linkTemplate: raw.linkTemplate.replace( '%#%', '2' ),
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
	] )( 'refuses the request URL %j', ( url ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, early: { ...raw.early, url } } )
		).toThrow(
			new TypeError( 'early.url must be an http(s) URL or a path' )
		);
	} );

	it.each( [
		[ 'no action', { action: undefined } ],
		[ 'no sid', { sid: undefined } ],
		[ 'a field that is not a string', { page: 2 } ],
	] )( 'refuses request fields with %s', ( _name, change ) => {
		expect( () =>
			parsePaginatorProps( {
				...raw,
				early: {
					...raw.early,
					fields: { ...raw.early.fields, ...change },
				},
			} )
		).toThrow( TypeError );
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

	it( 'refuses a sid that is not a string', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, sid: 1234567890123456 } )
		).toThrow( new TypeError( 'sid must be a string' ) );
	} );

	it.each( [
		[ 'missing', undefined ],
		[ 'not a string', 1 ],
	] )( 'refuses a noPostsMarker that is %s', ( _case, noPostsMarker ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, noPostsMarker } )
		).toThrow( new TypeError( 'noPostsMarker must be a string' ) );
	} );

	// Every answer holds the empty string: an empty marker would make each page look empty.
	it( 'refuses an empty noPostsMarker', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, noPostsMarker: '' } )
		).toThrow( new TypeError( 'noPostsMarker must not be empty' ) );
	} );

	it.each( Object.keys( raw.i18n ) )(
		'refuses props without i18n.%s',
		( key ) => {
			const strings: Record< string, string > = { ...raw.i18n };
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
		[ 'null', { noticeType: null } ],
		[ 'a list', { noticeType: [ 'eoi' ] } ],
		[ 'an object', { noticeType: { name: 'eoi' } } ],
	] )( 'refuses a customData value that is %s', ( _case, customData ) => {
		const [ key ] = Object.keys( customData );

		expect( () => parsePaginatorProps( { ...raw, customData } ) ).toThrow(
			new TypeError( `customData.${ key } must be a string` )
		);
	} );

	it( 'refuses customData that is a list', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, customData: [ 'eoi' ] } )
		).toThrow( new TypeError( 'customData must be an object' ) );
	} );

	it( 'refuses a unid that is not an element id', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, unid: '1"><script>' } )
		).toThrow( new TypeError( 'unid must be a valid element id' ) );
	} );

	it.each( [
		[ 'totalPages', 0 ],
		[ 'totalPages', '3' ],
		[ 'currentPage', 0 ],
		[ 'linksClass', undefined ],
		[ 'linksClass', 'a"><b' ],
		[ 'postId', -1 ],
	] )( 'refuses %s %j', ( name, value ) => {
		expect( () =>
			parsePaginatorProps( { ...raw, [ name ]: value } )
		).toThrow( TypeError );
	} );

	it( 'refuses page numbers that are not whole numbers', () => {
		expect( () =>
			parsePaginatorProps( { ...raw, currentPage: 1.5 } )
		).toThrow( 'currentPage must be a whole number' );
		expect( () =>
			parsePaginatorProps( { ...raw, totalPages: 2.5 } )
		).toThrow( 'totalPages must be a whole number' );
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
