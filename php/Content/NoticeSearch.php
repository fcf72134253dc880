<?php
namespace TenderPress\Content;

use TenderPress\Support\Schema;

/**
 * Full-text search over notices: each published notice's title, reference number, buyer and text
 * in a full-text index of the database the site runs on, beside the lookup table (NoticeIndex).
 *
 * - MySQL and MariaDB: an InnoDB table with a FULLTEXT index, searched with MATCH … AGAINST in
 *   boolean mode.
 * - SQLite: an FTS5 table, searched with MATCH. The SQLite integration translates MySQL to
 *   SQLite and knows neither, so the FTS5 table is created and searched on its PDO connection
 *   (the same connection, so the same transaction).
 *
 * WordPress's own search compares each word with LIKE '%word%' against every post's title,
 * excerpt and content: a read of the whole posts table for each search. Here the database looks
 * the words up in an index. A notice whose reference number equals the search comes first,
 * whatever the index makes of its dashes and slashes.
 */
final class NoticeSearch {

	/** Table name after the site's prefix. */
	public const TABLE = 'tenderpress_notice_text';

	/** Characters of a notice's text that are indexed. */
	private const MAX_TEXT = 20000;

	/**
	 * @var list<array{sql:string, params:list<string>}>|null The statements read() ran on SQLite's
	 * own connection since someone set this to an empty list (`npm run bench` and a test do, to
	 * count them and show their plans); null, and nothing kept, otherwise.
	 */
	public static $statements = null;

	/** Words of a search that are used. */
	public const MAX_WORDS = 8;

	/**
	 * InnoDB's default stopwords and shortest word (innodb_ft_min_token_size = 3): a required
	 * word it never indexed would match nothing, so such words are left out of the search.
	 */
	private const INNODB_STOPWORDS = array( 'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'la', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www' );

	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/** The SQLite connection when the site runs on SQLite, else null. */
	public static function on_sqlite(): ?\PDO {
		$pdo = $GLOBALS['@pdo'] ?? null;
		return defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE && $pdo instanceof \PDO ? $pdo : null;
	}

	/** Creates the table (when missing). */
	public static function create(): void {
		$table          = self::table();
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->exec( "CREATE VIRTUAL TABLE IF NOT EXISTS {$table} USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')" );
			return;
		}
		Schema::create_table( $table, 'post_id bigint(20) unsigned NOT NULL, body mediumtext NOT NULL, PRIMARY KEY  (post_id), FULLTEXT KEY body (body)', 'ENGINE=InnoDB' );
	}

	/** Drops the table; Uninstall finds MySQL tables itself, not SQLite's FTS5 ones. */
	public static function drop(): void {
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->exec( 'DROP TABLE IF EXISTS ' . self::table() );
		}
	}

	/** What is indexed of a notice: title, reference, buyer, then its text without markup. */
	public static function text_of( \WP_Post $post ): string {
		$parts = array(
			$post->post_title,
			(string) get_post_meta( $post->ID, 'tp_reference', true ),
			(string) get_post_meta( $post->ID, 'tp_buyer', true ),
			wp_strip_all_tags( strip_shortcodes( $post->post_content ) ),
		);
		return mb_substr( trim( (string) preg_replace( '/\s+/u', ' ', implode( ' ', $parts ) ) ), 0, self::MAX_TEXT );
	}

	/** Writes one notice's text. */
	public static function write( int $post_id, string $text ): void {
		global $wpdb;
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			self::forget( $post_id );
			$insert = $pdo_connection->prepare( 'INSERT INTO ' . self::table() . ' (rowid, body) VALUES (?, ?)' );
			$insert->execute( array( $post_id, $text ) );
			return;
		}
		$wpdb->replace( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table.
			self::table(),
			array(
				'post_id' => $post_id,
				'body'    => $text,
			),
			array( '%d', '%s' )
		);
	}

	public static function forget( int $post_id ): void {
		global $wpdb;
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->prepare( 'DELETE FROM ' . self::table() . ' WHERE rowid = ?' )->execute( array( $post_id ) );
			return;
		}
		$wpdb->delete( self::table(), array( 'post_id' => $post_id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table.
	}

	/** Refills the table from the published notices, in batches. */
	public static function rebuild(): void {
		global $wpdb;
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->exec( 'DELETE FROM ' . self::table() );
		} else {
			$wpdb->query( 'DELETE FROM ' . self::table() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- this plugin's own table.
		}
		$last  = 0;
		$batch = 500;
		do {
			$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_type = %s AND post_status = 'publish' AND ID > %d ORDER BY ID LIMIT %d", NoticePostType::POST_TYPE, $last, $batch ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a one-off pass over the notices.
			if ( ! $ids ) {
				break;
			}
			_prime_post_caches( $ids, false, true );
			foreach ( $ids as $id ) {
				$post = get_post( $id );
				if ( $post instanceof \WP_Post ) {
					self::write( $id, self::text_of( $post ) );
				}
				clean_post_cache( $id );
			}
			$last = (int) end( $ids );
			$size = count( $ids );
		} while ( $size === $batch );
	}

	/**
	 * The words of a search, lower-cased, letters and digits only.
	 *
	 * @return list<string>
	 */
	public static function words( string $search ): array {
		preg_match_all( '/[\p{L}\p{N}]+/u', mb_strtolower( $search ), $matches );
		return array_slice( array_values( array_unique( $matches[0] ) ), 0, self::MAX_WORDS );
	}

	/**
	 * The notices containing every word of a search, as SQL selecting their ids, with its
	 * parameters; null when the search has no word the index can look up (it may still be a
	 * reference number: see NoticeFilterQuery).
	 *
	 * @return array{sql:string, params:list<string>}|null
	 */
	public static function matches( string $search ): ?array {
		$words = self::words( trim( $search ) );
		if ( self::on_sqlite() ) {
			if ( ! $words ) {
				return null;
			}
			// Every word, each as a prefix ("elect" finds "electrical"), quoted so no word is read
			// as an FTS5 operator.
			return array(
				'sql'    => 'SELECT rowid AS id FROM ' . self::table() . ' WHERE ' . self::table() . ' MATCH ?',
				'params' => array( implode( ' AND ', array_map( static fn( string $word ) => '"' . $word . '"*', $words ) ) ),
			);
		}
		$words = array_values( array_filter( $words, static fn( string $word ) => mb_strlen( $word ) >= 3 && ! in_array( $word, self::INNODB_STOPWORDS, true ) ) );
		if ( ! $words ) {
			return null;
		}
		return array(
			'sql'    => 'SELECT post_id AS id FROM ' . self::table() . ' WHERE MATCH(body) AGAINST(? IN BOOLEAN MODE)',
			'params' => array( implode( ' ', array_map( static fn( string $word ) => '+' . $word . '*', $words ) ) ),
		);
	}

	/**
	 * Runs a read on the site's database with positional parameters: on SQLite's own connection
	 * (MATCH is SQLite's, which the integration cannot translate), else through $wpdb.
	 *
	 * @param string       $sql    SQL with ? placeholders.
	 * @param list<string> $params Values for the placeholders.
	 * @return list<array<string, mixed>>
	 */
	public static function read( string $sql, array $params ): array {
		global $wpdb;
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			if ( null !== self::$statements ) {
				self::$statements[] = array(
					'sql'    => $sql,
					'params' => $params,
				);
			}
			$statement = $pdo_connection->prepare( $sql );
			$statement->execute( $params );
			return array_values( $statement->fetchAll( \PDO::FETCH_ASSOC ) ); // phpcs:ignore WordPress.DB.RestrictedClasses.mysql__PDO -- SQLite's own connection: see the class comment.
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- the ? placeholders of SQL made in this plugin, bound as %s.
		$prepared = $params ? $wpdb->prepare( str_replace( '?', '%s', str_replace( '%', '%%', $sql ) ), ...$params ) : $sql;
		$rows     = $wpdb->get_results( $prepared, ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
		return is_array( $rows ) ? array_values( $rows ) : array();
	}
}
