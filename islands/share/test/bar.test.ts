import { describe, expect, it } from 'vitest';
import { filterServices, slideDistance } from '../bar';

describe( 'the vertical bar', () => {
	it( 'slides its width plus 10, less 16 with counters, plus the offset', () => {
		expect( slideDistance( 44, false, 0 ) ).toBe( 54 );
		expect( slideDistance( 44, true, 0 ) ).toBe( 38 );
		expect( slideDistance( 44, false, 20 ) ).toBe( 74 );
		expect( slideDistance( 60, true, -5 ) ).toBe( 49 );
	} );
} );

describe( 'the More services filter', () => {
	const services = [
		{ id: 'facebook', title: 'Facebook' },
		{ id: 'x', title: 'X' },
		{ id: 'hacker-news', title: 'Hacker News' },
		{ id: 'email', title: 'E-mail' },
	];

	it( 'keeps every service for an empty filter', () => {
		expect( filterServices( services, '' ) ).toEqual( services );
	} );

	it( 'keeps the services whose label contains the text, whatever its case', () => {
		expect(
			filterServices( services, 'FACE' ).map( ( s ) => s.id )
		).toEqual( [ 'facebook' ] );
		expect( filterServices( services, 'e' ).map( ( s ) => s.id ) ).toEqual(
			[ 'facebook', 'hacker-news', 'email' ]
		);
		expect(
			filterServices( services, 'r n' ).map( ( s ) => s.id )
		).toEqual( [ 'hacker-news' ] );
	} );

	it( 'hides everything when nothing contains the text', () => {
		expect( filterServices( services, 'mastodon' ) ).toEqual( [] );
	} );
} );
