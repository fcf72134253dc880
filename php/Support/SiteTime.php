<?php
namespace TenderPress\Support;

/**
 * Instants as visitors read them: in the site's time zone (Settings > General), always with that
 * zone's name, so a bidder in another zone never mistakes the site's 3:00 pm for their own.
 */
final class SiteTime {

	/**
	 * The site's zone as in force at that instant: its abbreviation where the zone has a common
	 * one ("IST", "BST" in a London summer), else its offset from UTC ("UTC+5:30"), which is also
	 * what a site set to a bare UTC offset gets. PHP prints an offset such as "+0530" or "+05" for
	 * zones without an abbreviation; those are rewritten so the reader sees which side of UTC.
	 */
	public static function zone( int $timestamp ): string {
		$abbreviation = (string) wp_date( 'T', $timestamp );
		if ( preg_match( '/^[A-Za-z]{2,6}$/', $abbreviation ) ) {
			return $abbreviation;
		}
		$offset = (int) wp_date( 'Z', $timestamp );
		if ( 0 === $offset ) {
			return 'UTC';
		}
		$minutes = intdiv( abs( $offset ), MINUTE_IN_SECONDS );
		$hours   = intdiv( $minutes, 60 );
		$rest    = $minutes % 60;
		return 'UTC' . ( $offset < 0 ? '-' : '+' ) . $hours . ( $rest ? sprintf( ':%02d', $rest ) : '' );
	}

	/** A time of day in the site's time format with the zone, e.g. "3:00 pm IST". */
	public static function time_of_day( int $timestamp ): string {
		/* translators: 1: a time of day, such as "3:00 pm", 2: the site's time zone, such as "IST" or "UTC+5:30". */
		return sprintf( _x( '%1$s %2$s', 'a time of day and its time zone', 'tenderpress' ), wp_date( (string) get_option( 'time_format' ), $timestamp ), self::zone( $timestamp ) );
	}

	/** A date and time in the site's formats with the zone, e.g. "12 Dec 2026, 3:00 pm IST". */
	public static function date_time( int $timestamp ): string {
		/* translators: 1: date, 2: time. */
		return sprintf( __( '%1$s, %2$s', 'tenderpress' ), wp_date( (string) get_option( 'date_format' ), $timestamp ), self::time_of_day( $timestamp ) );
	}
}
