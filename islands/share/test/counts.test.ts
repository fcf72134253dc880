import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount, parseCount, totalLabel } from '../counts';

// How the server printed counts (ShareCounts::format(), tests/php/ContractFixturesTest.php).
const printed = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/share.json' ),
		'utf8'
	)
).formats as Record< string, string >;

describe( 'share counts', () => {
	it.each( [
		[ 0, '' ],
		[ 1, '1' ],
		[ 999, '999' ],
		[ 1000, '1.0K' ],
		[ 1049, '1.0K' ],
		[ 999999, '999.9K' ],
		[ 1000000, '1.0M' ],
		[ 1250000, '1.2M' ],
	] )( 'shows %i as "%s"', ( count, shown ) => {
		expect( formatCount( count ) ).toBe( shown );
	} );

	it( 'updates a count to what the server would have printed', () => {
		expect( Object.keys( printed ).length ).toBeGreaterThanOrEqual( 8 );
		for ( const [ count, shown ] of Object.entries( printed ) ) {
			expect( formatCount( Number( count ) ) ).toBe( shown );
		}
	} );

	it( 'hides counts below 1 and anything that is not a number', () => {
		expect( formatCount( -3 ) ).toBe( '' );
		expect( formatCount( 0.5 ) ).toBe( '' );
		expect( formatCount( Number.NaN ) ).toBe( '' );
		expect( formatCount( Number.POSITIVE_INFINITY ) ).toBe( '' );
	} );

	it.each( [
		[ '', 0 ],
		[ '1', 1 ],
		[ '999', 999 ],
		[ '1.0K', 1000 ],
		[ '999.9K', 999900 ],
		[ '1.0M', 1000000 ],
		[ '1.2M', 1200000 ],
		[ '2k', 2000 ],
		[ 'lots', 0 ],
	] )( 'reads "%s" back as %i', ( shown, count ) => {
		expect( parseCount( shown ) ).toBe( count );
	} );

	it( 'reads back what it shows, to the decimal shown', () => {
		for ( const count of [
			1, 999, 1000, 1049, 999999, 1000000, 1250000,
		] ) {
			const back = parseCount( formatCount( count ) );
			expect( back ).toBeLessThanOrEqual( count );
			expect( count - back ).toBeLessThan(
				count < 1000000 ? 100 : 100000
			);
		}
	} );

	it( 'uses the plural caption for 0 and above 1, the singular for 1', () => {
		expect( totalLabel( 0, 'Share', 'Shares' ) ).toBe( 'Shares' );
		expect( totalLabel( 1, 'Share', 'Shares' ) ).toBe( 'Share' );
		expect( totalLabel( 2, 'Share', 'Shares' ) ).toBe( 'Shares' );
		expect( totalLabel( 1250000, 'Share', 'Shares' ) ).toBe( 'Shares' );
	} );
} );
