<?php
namespace TenderPress\Listings;

use DateTimeImmutable;
use DateTimeZone;

/**
 * One month of the deadline calendar as dates: its days, the weeks that show them and its
 * neighbours. Dates are the site's calendar dates ("2026-11-30"), as notice deadlines are stored
 * (site time), so a deadline at 23:30 on the 30th belongs to the 30th wherever the server's clock
 * runs. The maths is done on dates alone, in UTC, where no day is 23 or 25 hours long.
 */
final class CalendarMonth {

	/** The years the calendar shows: the span of Unix time a deadline can be stored in, and four digits. */
	public const FIRST_YEAR = 1970;
	public const LAST_YEAR  = 9999;

	/** Weeks in the grid, always: a month of four or five weeks keeps the height of one of six. */
	public const WEEKS = 6;

	private function __construct(
		public readonly int $year,
		public readonly int $month
	) {}

	/** A month from its year and number, or null outside the calendar's years. */
	public static function of( int $year, int $month ): ?self {
		if ( $year < self::FIRST_YEAR || $year > self::LAST_YEAR || $month < 1 || $month > 12 ) {
			return null;
		}
		return new self( $year, $month );
	}

	/** A month written "2026-11", or null. */
	public static function parse( string $value ): ?self {
		return preg_match( '/^(\d{4})-(\d{2})$/D', $value, $m ) ? self::of( (int) $m[1], (int) $m[2] ) : null;
	}

	/** Whether a value is a real date written "2026-11-05". */
	public static function is_date( string $value ): bool {
		return (bool) preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/D', $value, $m ) && checkdate( (int) $m[2], (int) $m[3], (int) $m[1] );
	}

	/** The month of a date "2026-11-05", or null. */
	public static function of_date( string $date ): ?self {
		return self::is_date( $date ) ? self::of( (int) substr( $date, 0, 4 ), (int) substr( $date, 5, 2 ) ) : null;
	}

	/** The month that holds today's date in the site's time zone. */
	public static function current( ?int $now = null ): self {
		$today = self::today( $now );
		return new self( (int) substr( $today, 0, 4 ), (int) substr( $today, 5, 2 ) );
	}

	/** Today's date in the site's time zone. */
	public static function today( ?int $now = null ): string {
		return (string) wp_date( 'Y-m-d', $now ?? time() );
	}

	public function key(): string {
		return sprintf( '%04d-%02d', $this->year, $this->month );
	}

	public function days(): int {
		// Not cal_days_in_month(): the calendar extension is not in every PHP.
		return (int) self::at_noon( $this->first_date() )->format( 't' );
	}

	public function first_date(): string {
		return $this->key() . '-01';
	}

	public function last_date(): string {
		return sprintf( '%s-%02d', $this->key(), $this->days() );
	}

	public function contains( string $date ): bool {
		return self::is_date( $date ) && 0 === strpos( $date, $this->key() . '-' );
	}

	/** The month before, or null before the calendar's first year. */
	public function previous(): ?self {
		return 1 === $this->month ? self::of( $this->year - 1, 12 ) : self::of( $this->year, $this->month - 1 );
	}

	/** The month after, or null after its last year. */
	public function next(): ?self {
		return 12 === $this->month ? self::of( $this->year + 1, 1 ) : self::of( $this->year, $this->month + 1 );
	}

	/**
	 * The grid: WEEKS rows of seven dates, starting on the site's first day of the week
	 * (Settings → General), with null where a cell falls outside the month.
	 *
	 * @param int $week_starts 0 for Sunday … 6 for Saturday.
	 * @return list<list<string|null>>
	 */
	public function weeks( int $week_starts ): array {
		$first = self::weekday( $this->first_date() );
		$lead  = ( $first - $week_starts + 7 ) % 7;
		$weeks = array();
		for ( $row = 0; $row < self::WEEKS; $row++ ) {
			$week = array();
			for ( $column = 0; $column < 7; $column++ ) {
				$day    = $row * 7 + $column - $lead + 1;
				$week[] = $day >= 1 && $day <= $this->days() ? sprintf( '%s-%02d', $this->key(), $day ) : null;
			}
			$weeks[] = $week;
		}
		return $weeks;
	}

	/**
	 * The weekdays in the grid's order, 0 for Sunday … 6 for Saturday.
	 *
	 * @return list<int>
	 */
	public static function weekday_order( int $week_starts ): array {
		return array_map( static fn( int $i ) => ( $week_starts + $i ) % 7, range( 0, 6 ) );
	}

	/** The weekday of a date, 0 for Sunday … 6 for Saturday. */
	public static function weekday( string $date ): int {
		return (int) self::at_noon( $date )->format( 'w' );
	}

	/**
	 * A date formatted in the site's language (month and day names from its locale), e.g. with
	 * "F Y" for "November 2026". Formatted as a UTC date: it is a date, not an instant.
	 */
	public static function format( string $format, string $date ): string {
		return (string) wp_date( $format, self::at_noon( $date )->getTimestamp(), new DateTimeZone( 'UTC' ) );
	}

	private static function at_noon( string $date ): DateTimeImmutable {
		return new DateTimeImmutable( $date . ' 12:00:00', new DateTimeZone( 'UTC' ) );
	}
}

