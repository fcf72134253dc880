<?php
/**
 * Writes many notices quickly for the demo and the benchmarks: rows go to wp_posts, wp_postmeta
 * and wp_term_relationships in multi-row INSERTs (through $wpdb, so SQLite and MariaDB alike),
 * with the values exactly as WordPress would store them (fields cleaned by NoticeFields).
 * wp_insert_post() costs about 20 queries a notice; this costs about 3 per 200 notices.
 */
final class TenderPress_Demo_BulkWriter {

	private const BATCH = 200;

	/** @var int */
	private $next_id;

	/** @var array<int, array<string, mixed>> */
	private $posts = array();

	/** @var list<array{0:int,1:string,2:string}> */
	private $meta = array();

	/** @var list<array{0:int,1:int}> */
	private $relationships = array();

	public function __construct() {
		global $wpdb;
		$this->next_id = 1 + (int) $wpdb->get_var( "SELECT MAX(ID) FROM {$wpdb->posts}" );
	}

	/**
	 * @param array<string, mixed> $post  Post fields (post_title, post_name, post_date, …).
	 * @param array<string, mixed> $meta  Notice fields by key, raw.
	 * @param list<int>            $tt_ids Term taxonomy ids.
	 */
	public function add( array $post, array $meta, array $tt_ids ): int {
		$id = $this->next_id++;
		$this->posts[ $id ] = $post;
		foreach ( $meta as $key => $value ) {
			$clean = \TenderPress\Content\NoticeFields::normalize( $key, $value );
			if ( is_wp_error( $clean ) ) {
				throw new RuntimeException( "Seed value for $key is invalid: " . $clean->get_error_message() );
			}
			$this->meta[] = array( $id, $key, (string) maybe_serialize( $clean ) );
		}
		foreach ( $tt_ids as $tt_id ) {
			$this->relationships[] = array( $id, $tt_id );
		}
		if ( count( $this->posts ) >= self::BATCH ) {
			$this->flush();
		}
		return $id;
	}

	public function flush(): void {
		global $wpdb;
		if ( $this->posts ) {
			$rows = array();
			foreach ( $this->posts as $id => $post ) {
				$rows[] = $wpdb->prepare(
					'(%d, %d, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %d, %s, %d, %s, %s, %d)',
					$id,
					$post['post_author'],
					$post['post_date'],
					$post['post_date_gmt'],
					$post['post_content'],
					$post['post_title'],
					$post['post_excerpt'],
					'publish',
					'closed',
					'closed',
					'',
					$post['post_name'],
					'',
					'',
					$post['post_date'],
					$post['post_date_gmt'],
					'',
					0,
					home_url( '/?post_type=' . $post['post_type'] . '&p=' . $id ),
					0,
					$post['post_type'],
					'',
					0
				);
			}
			$wpdb->query( "INSERT INTO {$wpdb->posts} (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES " . implode( ',', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- each row prepared above.
			$this->posts = array();
		}
		foreach ( array_chunk( $this->meta, self::BATCH * 4 ) as $chunk ) {
			$rows = array_map( static fn( $row ) => $wpdb->prepare( '(%d, %s, %s)', $row[0], $row[1], $row[2] ), $chunk );
			$wpdb->query( "INSERT INTO {$wpdb->postmeta} (post_id, meta_key, meta_value) VALUES " . implode( ',', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		}
		$this->meta = array();
		foreach ( array_chunk( $this->relationships, self::BATCH * 4 ) as $chunk ) {
			$rows = array_map( static fn( $row ) => $wpdb->prepare( '(%d, %d, 0)', $row[0], $row[1] ), $chunk );
			$wpdb->query( "INSERT INTO {$wpdb->term_relationships} (object_id, term_taxonomy_id, term_order) VALUES " . implode( ',', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		}
		$this->relationships = array();
	}
}
