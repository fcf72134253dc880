<?php
namespace TenderPress\Support;

/**
 * A lock that only one request holds at a time, across processes: a row of the options table
 * (not autoloaded) whose value says when the lock expires, "<expiry time> <random token>".
 *
 * Taking it is one statement that only one request can win: INSERT IGNORE on the option name,
 * the table's unique key (as WordPress's own WP_Upgrader::create_lock() does), which MariaDB,
 * MySQL and SQLite's driver all answer alike. Not add_option(), which checks its cache and then
 * writes whether or not another request inserted the row meanwhile; not a plain INSERT, whose
 * duplicate-key error SQLite's driver answers by rolling back the transaction. An expired lock
 * (its holder crashed) is taken over by a compare-and-swap on the value that was read, so of
 * two requests that found it expired only one gets it. The row is read and written past every
 * cache. Releasing deletes the row only while it still holds this holder's value.
 */
final class OptionLock {

	/**
	 * Takes the lock for $seconds. Returns the value that proves this request holds it (to
	 * release it with), or null when another holds it.
	 *
	 * @param string $name    The option's name.
	 * @param int    $seconds How long the lock holds before another request may take it over.
	 */
	public static function take( string $name, int $seconds ): ?string {
		global $wpdb;
		$value = ( time() + max( 1, $seconds ) ) . ' ' . wp_generate_password( 20, false );
		// phpcs:disable WordPress.DB.DirectDatabaseQuery -- a lock, read and written past every cache (see above).
		$inserted = (int) $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $name, $value ) );
		self::forget( $name );
		if ( 1 === $inserted ) {
			return $value;
		}
		$held = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
		if ( '' === $held || (int) strtok( $held, ' ' ) > time() ) {
			return null;
		}
		$taken = $wpdb->update(
			$wpdb->options,
			array( 'option_value' => $value ),
			array(
				'option_name'  => $name,
				'option_value' => $held,
			)
		);
		// phpcs:enable
		self::forget( $name );
		return 1 === $taken ? $value : null;
	}

	/**
	 * Extends the lock $value holds to $seconds from now, keeping its token. Returns the new
	 * value, or null when $value holds the lock no more (it expired and another took it over).
	 *
	 * @param string $name    The option's name.
	 * @param string $value   The value take() (or an earlier renew()) returned.
	 * @param int    $seconds How long the lock holds from now.
	 */
	public static function renew( string $name, string $value, int $seconds ): ?string {
		global $wpdb;
		$renewed = ( time() + max( 1, $seconds ) ) . ' ' . (string) substr( $value, (int) strpos( $value, ' ' ) + 1 );
		if ( $renewed === $value ) {
			return $value;
		}
		$taken = $wpdb->update( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- compare-and-swap on the lock, see take().
			$wpdb->options,
			array( 'option_value' => $renewed ),
			array(
				'option_name'  => $name,
				'option_value' => $value,
			)
		);
		self::forget( $name );
		return 1 === $taken ? $renewed : null;
	}

	/** When the lock held now expires: now, when none is held. */
	public static function expiry( string $name ): int {
		global $wpdb;
		$held = (string) $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- read past every cache, see take().
		return max( time(), (int) $held );
	}

	/** Releases the lock if $value still holds it (a holder slower than its time lost it). */
	public static function release( string $name, string $value ): void {
		global $wpdb;
		$wpdb->delete( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- see take().
			$wpdb->options,
			array(
				'option_name'  => $name,
				'option_value' => $value,
			)
		);
		self::forget( $name );
	}

	/** Drops what the options cache may believe about the row, written past it. */
	private static function forget( string $name ): void {
		wp_cache_delete( $name, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
	}
}
