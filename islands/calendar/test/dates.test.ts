/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import {
	addDays,
	addMonths,
	daysInMonth,
	inYears,
	monthOf,
	moveBy,
} from '../dates';

const LTR = { shift: false, rtl: false };

describe( 'calendar dates', () => {
	it( 'counts the days of each month, leap years included', () => {
		expect( daysInMonth( 2026, 1 ) ).toBe( 31 );
		expect( daysInMonth( 2026, 2 ) ).toBe( 28 );
		expect( daysInMonth( 2028, 2 ) ).toBe( 29 );
		expect( daysInMonth( 2100, 2 ) ).toBe( 28 );
		expect( daysInMonth( 2000, 2 ) ).toBe( 29 );
		expect( daysInMonth( 2026, 4 ) ).toBe( 30 );
		expect( daysInMonth( 2026, 12 ) ).toBe( 31 );
	} );

	it( 'moves by days across month and year ends', () => {
		expect( addDays( '2026-11-30', 1 ) ).toBe( '2026-12-01' );
		expect( addDays( '2026-12-31', 1 ) ).toBe( '2027-01-01' );
		expect( addDays( '2027-01-01', -1 ) ).toBe( '2026-12-31' );
		expect( addDays( '2028-02-28', 1 ) ).toBe( '2028-02-29' );
		expect( addDays( '2027-02-28', 1 ) ).toBe( '2027-03-01' );
		expect( addDays( '2026-12-29', 7 ) ).toBe( '2027-01-05' );
		expect( addDays( '2027-01-03', -7 ) ).toBe( '2026-12-27' );
	} );

	it( 'moves by months to the same day, or the shorter month’s last', () => {
		expect( addMonths( '2026-11-24', 1 ) ).toBe( '2026-12-24' );
		expect( addMonths( '2026-12-15', 1 ) ).toBe( '2027-01-15' );
		expect( addMonths( '2027-01-15', -1 ) ).toBe( '2026-12-15' );
		expect( addMonths( '2027-01-31', 1 ) ).toBe( '2027-02-28' );
		expect( addMonths( '2028-01-31', 1 ) ).toBe( '2028-02-29' );
		expect( addMonths( '2026-03-31', -1 ) ).toBe( '2026-02-28' );
		expect( addMonths( '2028-02-29', 12 ) ).toBe( '2029-02-28' );
		expect( addMonths( '2026-05-10', -12 ) ).toBe( '2025-05-10' );
	} );

	it( 'keeps every date a date, whatever the visitor’s time zone', () => {
		// The maths is on dates in UTC: a day is never 23 or 25 hours, nor read as the day before.
		let date = '2026-01-01';
		for ( let i = 0; i < 366; i++ ) {
			const next = addDays( date, 1 );
			expect( next > date ).toBe( true );
			expect( addDays( next, -1 ) ).toBe( date );
			date = next;
		}
		expect( date ).toBe( '2027-01-02' );
	} );

	it( 'knows a date’s month, and refuses what is not a date', () => {
		expect( monthOf( '2026-11-05' ) ).toBe( '2026-11' );
		expect( () => addDays( '<script>', 1 ) ).toThrow( TypeError );
		expect( () => addMonths( '2026-1-5', 1 ) ).toThrow( TypeError );
	} );

	it( 'stays within the years the calendar shows', () => {
		const years = { first: 1970, last: 9999 };
		expect( inYears( '1970-01-01', years ) ).toBe( true );
		expect( inYears( '1969-12-31', years ) ).toBe( false );
		expect( inYears( '9999-12-31', years ) ).toBe( true );
		expect( inYears( addDays( '9999-12-31', 1 ), years ) ).toBe( false );
	} );

	it( 'moves focus as the WAI-ARIA date grid says', () => {
		// 2026-11-24 is a Tuesday, the second column of a week that starts on Monday.
		const at = { ...LTR, column: 1 };
		expect( moveBy( 'ArrowRight', '2026-11-24', at ) ).toBe( '2026-11-25' );
		expect( moveBy( 'ArrowLeft', '2026-11-24', at ) ).toBe( '2026-11-23' );
		expect( moveBy( 'ArrowDown', '2026-11-24', at ) ).toBe( '2026-12-01' );
		expect( moveBy( 'ArrowUp', '2026-11-24', at ) ).toBe( '2026-11-17' );
		expect( moveBy( 'Home', '2026-11-24', at ) ).toBe( '2026-11-23' );
		expect( moveBy( 'End', '2026-11-24', at ) ).toBe( '2026-11-29' );
		expect( moveBy( 'PageDown', '2026-11-24', at ) ).toBe( '2026-12-24' );
		expect( moveBy( 'PageUp', '2026-11-24', at ) ).toBe( '2026-10-24' );
		expect(
			moveBy( 'PageDown', '2026-11-24', { ...at, shift: true } )
		).toBe( '2027-11-24' );
		expect( moveBy( 'PageUp', '2026-11-24', { ...at, shift: true } ) ).toBe(
			'2025-11-24'
		);
		expect( moveBy( 'a', '2026-11-24', at ) ).toBeNull();
		expect( moveBy( 'Tab', '2026-11-24', at ) ).toBeNull();
	} );

	it( 'keeps Home and End in the month, whose other days are blank', () => {
		// 1 November 2026 is a Sunday: the last column of its week, the first of the month.
		expect( moveBy( 'Home', '2026-11-01', { ...LTR, column: 6 } ) ).toBe(
			'2026-11-01'
		);
		// 30 November is a Monday: its week ends in December.
		expect( moveBy( 'End', '2026-11-30', { ...LTR, column: 0 } ) ).toBe(
			'2026-11-30'
		);
	} );

	it( 'swaps Left and Right on a page read right to left', () => {
		const rtl = { shift: false, rtl: true, column: 1 };
		expect( moveBy( 'ArrowLeft', '2026-11-24', rtl ) ).toBe( '2026-11-25' );
		expect( moveBy( 'ArrowRight', '2026-11-24', rtl ) ).toBe(
			'2026-11-23'
		);
	} );
} );
