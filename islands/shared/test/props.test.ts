/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import { asElementId, asNumber, asRecord, asString, asUrl } from '../props';

describe( 'asUrl', () => {
	it.each( [
		'https://tenders.example.org/notices/?page=2',
		'http://example.org',
		'HTTPS://EXAMPLE.ORG/',
		'/notices/tender-42/',
		'/',
		'#top',
	] )( 'accepts %j', ( url ) => {
		expect( asUrl( url, 'url' ) ).toBe( url );
	} );

	it.each( [
		'javascript:alert(1)',
		'JavaScript:alert(1)',
		' javascript:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'//evil.example',
		'vbscript:msgbox(1)',
		'mailto:someone@example.org',
		'notices/relative',
		'',
	] )( 'rejects %j, naming the prop', ( url ) => {
		expect( () => asUrl( url, 'items[0].url' ) ).toThrow(
			new TypeError( 'items[0].url must be an http(s) URL or a path' )
		);
	} );

	it( 'rejects a value that is not a string', () => {
		expect( () => asUrl( 42, 'url' ) ).toThrow( TypeError );
		expect( () => asUrl( undefined, 'url' ) ).toThrow( TypeError );
	} );

	const offSite = [
		'/\\evil.example/',
		'/\t/evil.example/',
		'/\n/evil.example/',
	];

	it.each( offSite )( 'a browser resolves %j to another host', ( url ) => {
		expect( new URL( url, 'https://site.example/' ).host ).toBe(
			'evil.example'
		);
	} );

	// The URL parser reads a backslash as "/" and drops tabs and newlines, so these are the
	// protocol-relative "//evil.example" in disguise.
	it.each( offSite )( 'rejects %j, which leaves the site', ( url ) => {
		expect( () => asUrl( url, 'url' ) ).toThrow( TypeError );
	} );
} );

describe( 'asElementId', () => {
	it.each( [ 'top', 'T', 'site-header', 'wp_block:main.2', 'a1' ] )(
		'accepts %j',
		( id ) => {
			expect( asElementId( id, 'targetId' ) ).toBe( id );
		}
	);

	it.each( [
		'1top',
		'-top',
		'_top',
		'.top',
		'',
		'top bar',
		'top\n',
		'top#x',
		'top"onmouseover="x',
		'top/',
	] )( 'rejects %j', ( id ) => {
		expect( () => asElementId( id, 'targetId' ) ).toThrow(
			new TypeError( 'targetId must be a valid element id' )
		);
	} );

	it( 'uses the fallback only when the prop is missing', () => {
		expect( asElementId( undefined, 'targetId', 'top' ) ).toBe( 'top' );
		expect( () => asElementId( null, 'targetId', 'top' ) ).toThrow(
			TypeError
		);
		expect( () => asElementId( '', 'targetId', 'top' ) ).toThrow(
			TypeError
		);
	} );
} );

describe( 'asNumber', () => {
	const bounds = { min: 0, max: 5000 };

	it( 'accepts numbers within the bounds, ends included', () => {
		expect( asNumber( 0, 'speed', bounds ) ).toBe( 0 );
		expect( asNumber( 400, 'speed', bounds ) ).toBe( 400 );
		expect( asNumber( 5000, 'speed', bounds ) ).toBe( 5000 );
		expect( asNumber( 2.5, 'speed', bounds ) ).toBe( 2.5 );
	} );

	it.each( [ -1, 5001, NaN, Infinity, -Infinity, '400', null, true ] )(
		'rejects %j with a message giving the bounds',
		( value ) => {
			expect( () => asNumber( value, 'speed', bounds ) ).toThrow(
				new TypeError( 'speed must be a number from 0 to 5000' )
			);
		}
	);

	it( 'uses the fallback only when the prop is missing', () => {
		expect(
			asNumber( undefined, 'speed', { ...bounds, fallback: 400 } )
		).toBe( 400 );
		expect( () =>
			asNumber( null, 'speed', { ...bounds, fallback: 400 } )
		).toThrow( TypeError );
		expect( () => asNumber( undefined, 'speed', bounds ) ).toThrow(
			TypeError
		);
	} );
} );

describe( 'asNumber without bounds (props the server already clamped)', () => {
	it( 'accepts any finite number', () => {
		expect( asNumber( -3, 'speed' ) ).toBe( -3 );
		expect( asNumber( 1e9, 'showAfter' ) ).toBe( 1e9 );
		expect( asNumber( 7, 'count', { integer: true } ) ).toBe( 7 );
	} );

	it.each( [ NaN, Infinity, '400', null, true, undefined ] )(
		'still refuses %j, naming no bounds',
		( value ) => {
			expect( () => asNumber( value, 'speed' ) ).toThrow(
				new TypeError( 'speed must be a number' )
			);
		}
	);

	it( 'still refuses a fraction where a whole number is asked for', () => {
		expect( () => asNumber( 2.5, 'count', { integer: true } ) ).toThrow(
			new TypeError( 'count must be a whole number' )
		);
	} );
} );

describe( 'asRecord and asString', () => {
	it( 'accepts a plain object and refuses arrays, null and scalars', () => {
		expect( asRecord( { a: 1 } ) ).toEqual( { a: 1 } );
		expect( () => asRecord( [] ) ).toThrow( 'props must be an object' );
		expect( () => asRecord( null, 'item' ) ).toThrow(
			'item must be an object'
		);
		expect( () => asRecord( 'x' ) ).toThrow( TypeError );
	} );

	it( 'reads strings, with a fallback only for a missing value', () => {
		expect( asString( '', 'label' ) ).toBe( '' );
		expect( asString( undefined, 'label', 'Menu' ) ).toBe( 'Menu' );
		expect( () => asString( 3, 'label', 'Menu' ) ).toThrow(
			'label must be a string'
		);
	} );
} );
