<?php
namespace TenderPress\Content;

use TenderPress\Listings\ListingOptions;
use TenderPress\Support\SiteTime;

/**
 * A notice's status follows its submission deadline: open, closing soon (inside the window
 * before the deadline), then closed. Derived on read, so it never goes stale in the database.
 */
final class NoticeStatus {

	public const OPEN         = 'open';
	public const CLOSING_SOON = 'closing-soon';
	public const CLOSED       = 'closed';

	/**
	 * How long before the deadline a notice counts as closing soon, in seconds: the site owner's
	 * setting (Settings > TenderPress), which the tenderpress_closing_soon_window filter overrides.
	 */
	public static function closing_soon_window(): int {
		/**
		 * Filters how long before its deadline a notice counts as closing soon (the "Closing soon"
		 * badge, view and filter).
		 *
		 * @param int $seconds The site owner's setting, in seconds.
		 */
		return (int) apply_filters( 'tenderpress_closing_soon_window', ListingOptions::closing_soon_window() );
	}

	/** @return string|null One of the constants, or null for a notice without a deadline. */
	public static function derive( ?int $deadline, ?int $now = null ): ?string {
		if ( null === $deadline ) {
			return null;
		}
		$now = $now ?? self::now();
		if ( $now >= $deadline ) {
			return self::CLOSED;
		}
		return ( $deadline - $now ) <= self::closing_soon_window() ? self::CLOSING_SOON : self::OPEN;
	}

	public static function label( ?string $status ): string {
		switch ( $status ) {
			case self::OPEN:
				return __( 'Open', 'tenderpress' );
			case self::CLOSING_SOON:
				return __( 'Closing soon', 'tenderpress' );
			case self::CLOSED:
				return __( 'Closed', 'tenderpress' );
		}
		return __( 'No deadline', 'tenderpress' );
	}

	/**
	 * Now, in whole seconds rounded up: time() rounds down, so a deadline read in the second it
	 * was made would be said to have its whole span left, a fraction of a second more than true.
	 */
	private static function now(): int {
		return (int) ceil( microtime( true ) );
	}

	/** Up to this many whole days, the time left is said in days ("60 days left"); beyond, in whole weeks. */
	public const DAYS_SHOWN_UP_TO = 60;

	/**
	 * The time a bidder still has, never more than is true: every figure is rounded down.
	 *
	 * - closed: "Submission closed";
	 * - under a day: when it closes, today or tomorrow, in the site's zone, and the hours and
	 *   minutes left ("Closes today at 3:00 pm IST, in 5 h"; "…, in 45 min");
	 * - up to DAYS_SHOWN_UP_TO whole days: "18 days left" (18 days 23 hours is still 18);
	 * - beyond: whole weeks ("10 weeks left" for 74 days). Weeks, not months: a week is always
	 *   seven days, while "2 months" would mean 59 to 62 days depending on the months.
	 *
	 * Days are spans of 24 hours, not calendar dates, so a DST change never adds one.
	 */
	public static function time_left( ?int $deadline, ?int $now = null ): string {
		if ( null === $deadline ) {
			return '';
		}
		$now  = $now ?? self::now();
		$left = $deadline - $now;
		if ( $left <= 0 ) {
			return __( 'Submission closed', 'tenderpress' );
		}
		if ( $left < DAY_IN_SECONDS ) {
			return self::closes_within_a_day( $deadline, $now );
		}
		$days = intdiv( $left, DAY_IN_SECONDS );
		if ( $days <= self::DAYS_SHOWN_UP_TO ) {
			/* translators: %d: whole days left before the deadline, rounded down. */
			return sprintf( _n( '%d day left', '%d days left', $days, 'tenderpress' ), $days );
		}
		$weeks = intdiv( $days, 7 );
		/* translators: %d: whole weeks left before the deadline, rounded down. */
		return sprintf( _n( '%d week left', '%d weeks left', $weeks, 'tenderpress' ), $weeks );
	}

	/** The last 24 hours: the time of day it closes, and the hours and minutes left, rounded down. */
	private static function closes_within_a_day( int $deadline, int $now ): string {
		$left    = $deadline - $now;
		$hours   = intdiv( $left, HOUR_IN_SECONDS );
		$minutes = intdiv( $left % HOUR_IN_SECONDS, MINUTE_IN_SECONDS );
		if ( 0 === $hours && 0 === $minutes ) {
			$span = __( 'under a minute', 'tenderpress' );
		} else {
			/* translators: %d: whole hours left, as in "in 5 h". */
			$hours_text = sprintf( _n( '%d h', '%d h', $hours, 'tenderpress' ), $hours );
			/* translators: %d: whole minutes left, as in "in 45 min". */
			$minutes_text = sprintf( _n( '%d min', '%d min', $minutes, 'tenderpress' ), $minutes );
			if ( 0 === $minutes ) {
				$span = $hours_text;
			} elseif ( 0 === $hours ) {
				$span = $minutes_text;
			} else {
				/* translators: 1: whole hours, such as "5 h", 2: whole minutes, such as "30 min". */
				$span = sprintf( _x( '%1$s %2$s', 'hours and minutes left', 'tenderpress' ), $hours_text, $minutes_text );
			}
		}
		$at    = SiteTime::time_of_day( $deadline );
		$day   = wp_date( 'Y-m-d', $deadline );
		$today = ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( wp_timezone() );
		if ( $today->format( 'Y-m-d' ) === $day ) {
			/* translators: 1: a time of day with the zone, such as "3:00 pm IST", 2: the time left, such as "5 h" or "45 min". */
			return sprintf( __( 'Closes today at %1$s, in %2$s', 'tenderpress' ), $at, $span );
		}
		// The next calendar date, which a DST change can make 23 or 25 hours away.
		if ( $today->modify( '+1 day' )->format( 'Y-m-d' ) === $day ) {
			/* translators: 1: a time of day with the zone, such as "9:00 am IST", 2: the time left, such as "20 h". */
			return sprintf( __( 'Closes tomorrow at %1$s, in %2$s', 'tenderpress' ), $at, $span );
		}
		// The day after tomorrow: only when tomorrow is shorter than 24 hours (clocks go forward).
		/* translators: 1: a date and time with the zone, 2: the time left, such as "23 h 30 min". */
		return sprintf( __( 'Closes %1$s, in %2$s', 'tenderpress' ), SiteTime::date_time( $deadline ), $span );
	}
}
