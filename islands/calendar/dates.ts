/**
 * Date maths for the calendar's keyboard, on the site's calendar dates as the server writes them
 * ("2026-11-05"). Done in UTC on dates alone, where every day is 24 hours long: the visitor's own
 * time zone never moves a date, and the server decides which date is today (site time).
 */

// Four digits or more: a move past 9999 makes a date the calendar then refuses (inYears()).
const DATE = /^(\d{4,})-(\d{2})-(\d{2})$/;

/** The first and last years the calendar shows (php/Listings/CalendarMonth.php). */
export interface YearSpan {
	first: number;
	last: number;
}

function parts( date: string ): [ number, number, number ] {
	const match = DATE.exec( date );
	if ( ! match ) {
		throw new TypeError( `not a date: ${ date }` );
	}
	return [ Number( match[ 1 ] ), Number( match[ 2 ] ), Number( match[ 3 ] ) ];
}

function write( time: Date ): string {
	return [
		String( time.getUTCFullYear() ).padStart( 4, '0' ),
		String( time.getUTCMonth() + 1 ).padStart( 2, '0' ),
		String( time.getUTCDate() ).padStart( 2, '0' ),
	].join( '-' );
}

/** Days in a month (1 to 12) of a year. */
export function daysInMonth( year: number, month: number ): number {
	// Day 0 of the next month is this month's last.
	return new Date( Date.UTC( year, month, 0 ) ).getUTCDate();
}

/** The date `days` days after (or before, when negative) a date. */
export function addDays( date: string, days: number ): string {
	const [ year, month, day ] = parts( date );
	const time = new Date( Date.UTC( 2000, 0, 1 ) );
	// Set the year apart: Date.UTC reads years 0 to 99 as 1900 to 1999.
	time.setUTCFullYear( year, month - 1, day + days );
	return write( time );
}

/**
 * The same day `months` months later (or earlier): the month's last day when it is shorter
 * (31 January plus one month is 28 or 29 February).
 */
export function addMonths( date: string, months: number ): string {
	const [ year, month, day ] = parts( date );
	const index = year * 12 + ( month - 1 ) + months;
	const toYear = Math.floor( index / 12 );
	const toMonth = ( index % 12 ) + 1;
	const time = new Date( Date.UTC( 2000, 0, 1 ) );
	time.setUTCFullYear(
		toYear,
		toMonth - 1,
		Math.min( day, daysInMonth( toYear, toMonth ) )
	);
	return write( time );
}

/** The month of a date, "2026-11". */
export function monthOf( date: string ): string {
	return date.slice( 0, 7 );
}

/** Whether a date is in the years the calendar shows. */
export function inYears( date: string, span: YearSpan ): boolean {
	const year = parts( date )[ 0 ];
	return year >= span.first && year <= span.last;
}

/** The first and last dates of a date's month. */
function monthEnds( date: string ): [ string, string ] {
	const [ year, month ] = parts( date );
	const key = monthOf( date );
	return [
		`${ key }-01`,
		`${ key }-${ String( daysInMonth( year, month ) ).padStart( 2, '0' ) }`,
	];
}

/**
 * Where a key moves focus in the WAI-ARIA date grid, from a date; null for any other key.
 * Left and Right are a day (swapped on a right-to-left page), Up and Down a week, Home and End
 * the first and last day of its week within its month (the grid leaves other months' days
 * blank), PageUp and PageDown a month, with Shift a year.
 *
 * @param key            The key (KeyboardEvent.key).
 * @param date           The date with focus.
 * @param options        Where the date sits, and the key's modifier.
 * @param options.shift  Whether Shift is held.
 * @param options.rtl    Whether the page reads right to left.
 * @param options.column The date's column in its row, 0 to 6, in reading order.
 */
export function moveBy(
	key: string,
	date: string,
	{ shift, rtl, column }: { shift: boolean; rtl: boolean; column: number }
): string | null {
	switch ( key ) {
		case 'ArrowLeft':
			return addDays( date, rtl ? 1 : -1 );
		case 'ArrowRight':
			return addDays( date, rtl ? -1 : 1 );
		case 'ArrowUp':
			return addDays( date, -7 );
		case 'ArrowDown':
			return addDays( date, 7 );
		case 'Home': {
			const start = addDays( date, -column );
			const first = monthEnds( date )[ 0 ];
			return start < first ? first : start;
		}
		case 'End': {
			const end = addDays( date, 6 - column );
			const last = monthEnds( date )[ 1 ];
			return end > last ? last : end;
		}
		case 'PageUp':
			return addMonths( date, shift ? -12 : -1 );
		case 'PageDown':
			return addMonths( date, shift ? 12 : 1 );
	}
	return null;
}
