<?php
namespace TenderPress\Support;

/**
 * A small per-client rate limit: at most `$limit` hits of a bucket by one client in a fixed
 * window of time. Generic on purpose (the browser-collected share counts use it, login attempts
 * will): a bucket is any name the caller chooses, such as `save_shares` or `login`.
 *
 * Where the counts live:
 * - With a persistent object cache (Redis, Memcached; wp_using_ext_object_cache()), only in the
 *   cache, in the group GROUP: a counter per client and bucket, made with wp_cache_add() and its
 *   window's expiry, and raised with wp_cache_incr(), which the cache does atomically. Nothing is
 *   written to the database, so a flood of new clients adds no row anywhere but the cache, which
 *   expires and evicts them by itself. A second entry holds when the window ends (for wait()).
 * - Without one (the dev site, and many small sites), in a transient per client and bucket,
 *   which WordPress keeps as two rows of the options table (`_transient_<key>` and its timeout,
 *   not autoloaded) until the window ends; WordPress's daily clean-up of expired transients
 *   deletes them after that. A count there is a read and a write, not an atomic increment: two
 *   requests of one client at the same instant may both pass when one hit is left. That is a few
 *   hits over, not a way around the limit, and a guard against floods does not need more.
 *
 * Who the client is: ClientAddress::get() decides, REMOTE_ADDR unless the request came through
 * a proxy the site owner trusts (see there); a header alone never names the client. An IPv6
 * client is counted by its /64 network: one home or server usually holds a whole /64, so
 * counting single addresses would give it billions of allowances. The stored key is a keyed hash
 * (HMAC with a salt of the site), so the options table holds no visitors' addresses, and a
 * hash cannot be reversed by trying the four billion IPv4 addresses.
 */
final class RateLimit {

	/** Start of each transient's name (a transient name has room for 172 characters). */
	public const PREFIX = 'tenderpress_rl_';

	/** The object cache group of the counters, with a persistent object cache. */
	public const GROUP = 'tenderpress_rate_limit';

	/** What the key of a window's end adds to the counter's key, in GROUP. */
	private const UNTIL = ':until';

	/**
	 * Records one hit of a bucket by the current client, when the limit allows it.
	 *
	 * The window is fixed: it starts with the first hit and lasts `$window_seconds`; a hit after
	 * it starts a new one. A refused hit is not counted, so a client that keeps trying over the
	 * limit is free again when its window ends.
	 *
	 * @param string      $bucket         What is limited (any name; several limits may share a client).
	 * @param int         $limit          Hits allowed in a window (0 or less: none).
	 * @param int         $window_seconds How long a window lasts (at least one second).
	 * @param string|null $subject        Who is counted: the current client by default, or
	 *                                    something else, such as an account under attack from
	 *                                    many addresses.
	 * @return bool True when the hit is allowed (and counted), false when the client is over
	 *              the limit for now.
	 */
	public static function hit( string $bucket, int $limit, int $window_seconds, ?string $subject = null ): bool {
		if ( $limit <= 0 ) {
			return false;
		}
		$window_seconds = max( 1, $window_seconds );
		$name           = self::key( $bucket, $subject );
		if ( wp_using_ext_object_cache() ) {
			return self::hit_in_cache( $name, $limit, $window_seconds );
		}
		$now                   = time();
		list( $count, $until ) = self::window( $name, $now );
		$until               ??= $now + $window_seconds;
		if ( $count >= $limit ) {
			return false;
		}
		set_transient(
			$name,
			array(
				'count' => $count + 1,
				'until' => $until,
			),
			max( 1, $until - $now )
		);
		return true;
	}

	/**
	 * What hit() does with a persistent object cache: the counter is created with the window's expiry when
	 * it is missing (by one request only: wp_cache_add() fails when it exists), then raised. A
	 * hit over the limit is taken back, so it does not count.
	 */
	private static function hit_in_cache( string $name, int $limit, int $window_seconds ): bool {
		$until = time() + $window_seconds;
		if ( wp_cache_add( $name . self::UNTIL, $until, self::GROUP, $window_seconds ) ) {
			// A new window: its counter starts at 0 (one left from an evicted end is replaced).
			wp_cache_set( $name, 0, self::GROUP, $window_seconds );
		} else {
			wp_cache_add( $name, 0, self::GROUP, $window_seconds );
		}
		$count = wp_cache_incr( $name, 1, self::GROUP );
		if ( false === $count ) {
			// Evicted between the two calls: this hit opens the window.
			wp_cache_set( $name, 1, self::GROUP, $window_seconds );
			return true;
		}
		if ( $count > $limit ) {
			wp_cache_decr( $name, 1, self::GROUP );
			return false;
		}
		return true;
	}

	/**
	 * Seconds until the subject (the current client by default) may hit the bucket again: 0 when
	 * it may now. Counts nothing.
	 */
	public static function wait( string $bucket, int $limit, ?string $subject = null ): int {
		$now  = time();
		$name = self::key( $bucket, $subject );
		if ( wp_using_ext_object_cache() ) {
			$count = wp_cache_get( $name, self::GROUP );
			$until = wp_cache_get( $name . self::UNTIL, self::GROUP );
			return is_numeric( $count ) && is_int( $until ) && $until > $now && (int) $count >= max( 0, $limit ) ? $until - $now : 0;
		}
		list( $count, $until ) = self::window( $name, $now );
		return null !== $until && $count >= max( 0, $limit ) ? $until - $now : 0;
	}

	/**
	 * Hits counted in the current window of a transient, and when that window ends (null when no
	 * window is running). A window whose end has passed is over even when the transient is still
	 * there (the transient's own expiry is only its clean-up, and it is checked to the second).
	 *
	 * @return array{0: int, 1: int|null}
	 */
	private static function window( string $name, int $now ): array {
		$stored = get_transient( $name );
		if ( is_array( $stored ) && is_int( $stored['count'] ?? null ) && is_int( $stored['until'] ?? null ) && $stored['until'] > $now ) {
			return array( $stored['count'], $stored['until'] );
		}
		return array( 0, null );
	}

	/**
	 * Forgets the hits of a bucket by the subject, the current client by default (after a
	 * successful login, for example, the failed attempts before it no longer count).
	 */
	public static function clear( string $bucket, ?string $subject = null ): void {
		$name = self::key( $bucket, $subject );
		if ( wp_using_ext_object_cache() ) {
			wp_cache_delete( $name, self::GROUP );
			wp_cache_delete( $name . self::UNTIL, self::GROUP );
			return;
		}
		delete_transient( $name );
	}

	/**
	 * The transient (or, with a persistent object cache, the counter in GROUP) that holds a
	 * subject's hits of a bucket, the current client's by default.
	 */
	public static function key( string $bucket, ?string $subject = null ): string {
		return self::PREFIX . substr( hash_hmac( 'sha256', $bucket . '|' . ( $subject ?? self::client() ), wp_salt( 'nonce' ) ), 0, 40 );
	}

	/**
	 * Who the current client is, as the limit counts it: an IPv4 address, an IPv6 /64 network,
	 * or "unknown" when the request has no usable address (WP-CLI, a cron run), which all such
	 * requests share.
	 */
	public static function client(): string {
		// ClientAddress decides who the visitor is (REMOTE_ADDR, or a trusted proxy's header).
		$address = ClientAddress::get();
		if ( null === $address ) {
			return 'unknown';
		}
		$packed = inet_pton( $address );
		if ( false === $packed || 16 !== strlen( $packed ) ) {
			return $address;
		}
		// An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 client.
		if ( str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			return (string) inet_ntop( substr( $packed, 12 ) );
		}
		return (string) inet_ntop( substr( $packed, 0, 8 ) . str_repeat( "\0", 8 ) ) . '/64';
	}
}
