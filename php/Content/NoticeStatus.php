<?php
namespace TenderPress\Content;

use TenderPress\Listings\ListingOptions;

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
		return (int) apply_filters( 'tenderpress_closing_soon_window', ListingOptions::closing_soon_window() );
	}

	/** @return string|null One of the constants, or null for a notice without a deadline. */
	public static function derive( ?int $deadline, ?int $now = null ): ?string {
		if ( null === $deadline ) {
			return null;
		}
		$now = $now ?? time();
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

	/** "3 days left", "5 hours left", or "Closed" — the time a bidder still has. */
	public static function time_left( ?int $deadline, ?int $now = null ): string {
		if ( null === $deadline ) {
			return '';
		}
		$now = $now ?? time();
		if ( $now >= $deadline ) {
			return __( 'Submission closed', 'tenderpress' );
		}
		/* translators: %s: human-readable time span such as "3 days". */
		return sprintf( __( '%s left', 'tenderpress' ), human_time_diff( $now, $deadline ) );
	}
}
