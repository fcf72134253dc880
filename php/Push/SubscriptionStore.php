<?php
namespace TenderPress\Push;

use TenderPress\Support\Schema;
use TenderPress\Support\Upgrade;

/**
 * Browsers' push subscriptions, in a table of the plugin's own: one row per endpoint (the push
 * service's address for one browser), with the browser's keys, the topics it chose, and how
 * delivery has gone. Uninstall drops the table with every other tenderpress_* table.
 */
final class SubscriptionStore {

	/** The longest endpoint kept; push services' run to about 200 characters. */
	public const MAX_ENDPOINT_LENGTH = 1024;

	/** A subscription whose push service refused this many messages in a row is removed. */
	public const MAX_FAILURES = 5;

	/** Schema version (Upgrade) that creates the table. */
	public const SCHEMA_VERSION = 8;

	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . 'tenderpress_push_subscriptions';
	}

	/** Whether the table exists (the upgrade has run). */
	public static function ready(): bool {
		return Upgrade::stored_version() >= self::SCHEMA_VERSION;
	}

	/** Creates the table (when missing). */
	public static function create(): void {
		Schema::create_table(
			self::table(),
			'id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
			endpoint_hash char(64) NOT NULL,
			endpoint varchar(' . self::MAX_ENDPOINT_LENGTH . ') NOT NULL,
			p256dh varchar(100) NOT NULL,
			auth varchar(32) NOT NULL,
			topics varchar(4000) NOT NULL DEFAULT \'\',
			created datetime NOT NULL,
			last_success datetime NULL DEFAULT NULL,
			failures smallint(5) unsigned NOT NULL DEFAULT 0,
			PRIMARY KEY  (id),
			UNIQUE KEY endpoint_hash (endpoint_hash)'
		);
	}

	/** The row's key: endpoints are long, so the unique index is on their hash. */
	public static function hash( string $endpoint ): string {
		return hash( 'sha256', $endpoint );
	}

	/**
	 * The subscription of an endpoint, or null.
	 *
	 * @return array{id: int, endpoint: string, p256dh: string, auth: string, topics: array<string, list<int|string>>, failures: int}|null
	 */
	public static function find( string $endpoint ): ?array {
		global $wpdb;
		$table = self::table();
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT id, endpoint, p256dh, auth, topics, failures FROM {$table} WHERE endpoint_hash = %s", self::hash( $endpoint ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table; a write path, never cached.
		return is_array( $row ) && $row['endpoint'] === $endpoint ? self::row( $row ) : null;
	}

	/**
	 * Stores a new subscription; false when its endpoint is stored already (a racing request).
	 *
	 * @param string                          $endpoint The push service's address.
	 * @param string                          $p256dh   The browser's public key, base64url.
	 * @param string                          $auth     Its auth secret, base64url.
	 * @param array<string, list<int|string>> $topics   What it asked to hear about.
	 */
	public static function insert( string $endpoint, string $p256dh, string $auth, array $topics ): bool {
		global $wpdb;
		$table = self::table();
		// INSERT IGNORE: a racing request's row for the endpoint wins, and this one adds nothing.
		$inserted = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$table} (endpoint_hash, endpoint, p256dh, auth, topics, created) VALUES (%s, %s, %s, %s, %s, %s)", self::hash( $endpoint ), $endpoint, $p256dh, $auth, self::encode_topics( $topics ), current_time( 'mysql', true ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
		return 1 === $inserted;
	}

	/**
	 * Changes a subscription's topics.
	 *
	 * @param int                             $id     The subscription.
	 * @param array<string, list<int|string>> $topics What it asks to hear about now.
	 */
	public static function update_topics( int $id, array $topics ): void {
		global $wpdb;
		$wpdb->update( self::table(), array( 'topics' => self::encode_topics( $topics ) ), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
	}

	public static function delete( int $id ): void {
		global $wpdb;
		$wpdb->delete( self::table(), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
	}

	/**
	 * The subscriptions of these ids that are still stored.
	 *
	 * @param list<int> $ids
	 * @return list<array{id: int, endpoint: string, p256dh: string, auth: string, topics: array<string, list<int|string>>, failures: int}>
	 */
	public static function by_ids( array $ids ): array {
		global $wpdb;
		if ( array() === $ids ) {
			return array();
		}
		$table = self::table();
		$in    = implode( ',', array_map( 'intval', $ids ) );
		$rows  = $wpdb->get_results( "SELECT id, endpoint, p256dh, auth, topics, failures FROM {$table} WHERE id IN ({$in}) ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table; the ids are integers.
		return array_values( array_map( array( self::class, 'row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Records deliveries: the time, and no failures in a row.
	 *
	 * @param list<int> $ids
	 */
	public static function delivered( array $ids, int $now ): void {
		self::update_many( $ids, $GLOBALS['wpdb']->prepare( 'last_success = %s, failures = 0', gmdate( 'Y-m-d H:i:s', $now ) ) );
	}

	/**
	 * Records failures, and removes the subscriptions that failed MAX_FAILURES times in a row.
	 *
	 * @param list<int> $ids
	 */
	public static function failed( array $ids ): void {
		global $wpdb;
		self::update_many( $ids, 'failures = failures + 1' );
		if ( array() !== $ids ) {
			$table = self::table();
			$in    = implode( ',', array_map( 'intval', $ids ) );
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id IN ({$in}) AND failures >= %d", self::MAX_FAILURES ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- as above.
		}
	}

	/**
	 * Removes subscriptions.
	 *
	 * @param list<int> $ids
	 */
	public static function delete_many( array $ids ): void {
		global $wpdb;
		if ( array() !== $ids ) {
			$table = self::table();
			$in    = implode( ',', array_map( 'intval', $ids ) );
			$wpdb->query( "DELETE FROM {$table} WHERE id IN ({$in})" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- as above.
		}
	}

	/**
	 * @param list<int> $ids
	 * @param string    $set The SET clause, prepared.
	 */
	private static function update_many( array $ids, string $set ): void {
		global $wpdb;
		if ( array() !== $ids ) {
			$table = self::table();
			$in    = implode( ',', array_map( 'intval', $ids ) );
			$wpdb->query( "UPDATE {$table} SET {$set} WHERE id IN ({$in})" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- as above; $set is prepared by the caller.
		}
	}

	public static function count(): int {
		global $wpdb;
		$table = self::table();
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
	}

	/**
	 * The next subscriptions after an id, in id order: the sender's batches, which resume from
	 * the last id handled.
	 *
	 * @throws \RuntimeException When the database fails (an empty answer would mean "the end").
	 * @return list<array{id: int, endpoint: string, p256dh: string, auth: string, topics: array<string, list<int|string>>, failures: int}>
	 */
	public static function after( int $id, int $limit ): array {
		global $wpdb;
		$table = self::table();
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT id, endpoint, p256dh, auth, topics, failures FROM {$table} WHERE id > %d ORDER BY id LIMIT %d", $id, $limit ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
		if ( '' !== $wpdb->last_error ) {
			// Not "no more subscriptions": the sender would take it for the end of the list.
			throw new \RuntimeException( 'The push subscriptions could not be read.' );
		}
		return array_values( array_map( array( self::class, 'row' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * A stored row with its types.
	 *
	 * @param array<string, mixed> $row
	 * @return array{id: int, endpoint: string, p256dh: string, auth: string, topics: array<string, list<int|string>>, failures: int}
	 */
	private static function row( array $row ): array {
		$topics = json_decode( (string) $row['topics'], true );
		return array(
			'id'       => (int) $row['id'],
			'endpoint' => (string) $row['endpoint'],
			'p256dh'   => (string) $row['p256dh'],
			'auth'     => (string) $row['auth'],
			'topics'   => SubscriptionTopics::from_stored( is_array( $topics ) ? $topics : array() ),
			'failures' => (int) $row['failures'],
		);
	}

	/**
	 * @param array<string, list<int|string>> $topics
	 */
	private static function encode_topics( array $topics ): string {
		return (string) wp_json_encode( $topics );
	}
}
