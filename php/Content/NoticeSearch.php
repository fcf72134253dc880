<?php
namespace TenderPress\Content;

use TenderPress\Support\Schema;
use TenderPress\Support\SqlLike;

/**
 * Full-text search over notices: the words of each published notice's title, reference number,
 * buyer and text, in an index beside the lookup table (NoticeIndex). A notice matches when each
 * word of the search begins one of its words ("elect" finds "electrical").
 *
 * - SQLite: an FTS5 table, searched with MATCH. The SQLite integration translates MySQL to
 *   SQLite and knows no FTS5, so the table is created and searched on its PDO connection (the
 *   same connection, so the same transaction).
 * - MySQL and MariaDB: a table of (word, notice) pairs, each word of a search a range of its
 *   primary key. Before schema 6 an InnoDB FULLTEXT index was used there, which reads a word's whole list of
 *   notices each time it is asked, and slowly: at 100,000 notices 71 ms for a word in one notice
 *   in five and 282 ms for "2026", a word of every reference number. The same word's range of
 *   pairs is read in 4 ms, and a search of several words is an intersection of ranges that
 *   MariaDB makes by itself (EXISTS per word, see matches()). The table also has no minimum
 *   word length and no stopwords, so both databases find the same notices.
 *
 * WordPress's own search compares each word with LIKE '%word%' against every post's title,
 * excerpt and content: a read of the whole posts table for each search. Here the database looks
 * the words up in an index. A notice whose reference number equals the search comes first,
 * whatever the index makes of its dashes and slashes.
 */
final class NoticeSearch {

	/** Table name after the site's prefix on SQLite (FTS5), and of the FULLTEXT table before schema 6 on MySQL. */
	public const TABLE = 'tenderpress_notice_text';

	/** Table name after the site's prefix on MySQL and MariaDB: one row per word and notice. */
	public const WORDS_TABLE = 'tenderpress_notice_words';

	/** Characters of a word that are kept; a longer word is found by its first 64. */
	private const MAX_WORD = 64;

	/** Rows of the table of words written by one INSERT (at most about 0.5 MB of SQL). */
	private const ROWS_PER_INSERT = 5000;

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


	/** The table of the index on the site's database. */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . ( self::on_sqlite() ? self::TABLE : self::WORDS_TABLE );
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
		// The primary key finds a word's notices; the second key a notice's words, to forget them
		// and to test one notice for a word.
		Schema::create_table( $table, 'word varchar(' . self::MAX_WORD . ') NOT NULL, post_id bigint(20) unsigned NOT NULL, PRIMARY KEY  (word, post_id), KEY post_word (post_id, word)', 'ENGINE=InnoDB' );
	}

	/**
	 * On MySQL and MariaDB, replaces the FULLTEXT table of schemas before 6 with the table of words, filled from
	 * the stored notices. Nothing to do on SQLite, or where it is done already.
	 */
	public static function replace_fulltext_table(): void {
		global $wpdb;
		$old = $wpdb->prefix . self::TABLE;
		if ( self::on_sqlite() || $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $old ) ) ) !== $old ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a schema check.
			return;
		}
		self::create();
		self::rebuild();
		$wpdb->query( "DROP TABLE IF EXISTS {$old}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- this plugin's own table, replaced.
	}

	/** Drops the table; Uninstall finds MySQL tables itself, not SQLite's FTS5 ones. */
	public static function drop(): void {
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->exec( 'DROP TABLE IF EXISTS ' . self::table() );
		}
	}

	/**
	 * What is indexed of a notice: title, reference, buyer, then its text without markup. Of a
	 * password-protected notice, only its title: the rest is for those who have the password,
	 * and a search answers everyone alike.
	 */
	public static function text_of( \WP_Post $post ): string {
		if ( '' !== $post->post_password ) {
			return mb_substr( trim( (string) preg_replace( '/\s+/u', ' ', $post->post_title ) ), 0, self::MAX_TEXT );
		}
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
		self::forget( $post_id );
		self::insert_words( array( $post_id => $text ) );
	}

	/**
	 * On MySQL and MariaDB, adds the words of notices to the table, in one statement.
	 *
	 * @param array<int, string> $texts Each notice's text, by id.
	 */
	private static function insert_words( array $texts ): void {
		global $wpdb;
		$rows = array();
		foreach ( $texts as $post_id => $text ) {
			foreach ( self::words_of( $text ) as $word ) {
				$rows[] = $wpdb->prepare( '(%s, %d)', $word, $post_id );
			}
		}
		// In statements of at most ROWS_PER_INSERT rows: a rebuild's batch of long notices could
		// otherwise outgrow the server's max_allowed_packet (16 MB by default on MariaDB).
		// IGNORE: two words the site's collation holds equal ("café", "cafe") are one row.
		foreach ( array_chunk( $rows, self::ROWS_PER_INSERT ) as $chunk ) {
			$wpdb->query( 'INSERT IGNORE INTO ' . self::table() . ' (word, post_id) VALUES ' . implode( ',', $chunk ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- each row prepared above.
		}
	}

	/**
	 * The distinct words of a text as they are stored: lower-cased, letters and digits only, each
	 * cut at MAX_WORD characters.
	 *
	 * @return list<string>
	 */
	private static function words_of( string $text ): array {
		preg_match_all( '/[\p{L}\p{N}]+/u', mb_strtolower( $text ), $matches );
		return array_values( array_unique( array_map( static fn( string $word ) => mb_substr( $word, 0, self::MAX_WORD ), $matches[0] ) ) );
	}

	public static function forget( int $post_id ): void {
		global $wpdb;
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$pdo_connection->prepare( 'DELETE FROM ' . self::table() . ' WHERE rowid = ?' )->execute( array( $post_id ) );
			return;
		}
		$wpdb->delete( self::table(), array( 'post_id' => $post_id ), array( '%d' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table: every word of the notice.
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
			$texts = array();
			foreach ( $ids as $id ) {
				$post = get_post( $id );
				if ( $post instanceof \WP_Post ) {
					$texts[ $id ] = self::text_of( $post );
				}
				clean_post_cache( $id );
			}
			if ( $pdo_connection ) {
				foreach ( $texts as $id => $text ) {
					self::write( $id, $text );
				}
			} else {
				self::insert_words( $texts );
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
		return array_slice( self::words_of( $search ), 0, self::MAX_WORDS );
	}

	/**
	 * The notices containing every word of a search, as SQL selecting their ids, with its
	 * parameters (each id once); null when the search has no word, only punctuation (it may
	 * still be a reference number: see NoticeFilterQuery).
	 *
	 * @return array{sql:string, params:list<string>}|null
	 */
	public static function matches( string $search ): ?array {
		$words = self::words( trim( $search ) );
		if ( ! $words ) {
			return null;
		}
		if ( self::on_sqlite() ) {
			// Every word, each as a prefix ("elect" finds "electrical"), quoted so no word is read
			// as an FTS5 operator.
			return array(
				'sql'    => 'SELECT rowid AS id FROM ' . self::table() . ' WHERE ' . self::table() . ' MATCH %s',
				'params' => array( implode( ' AND ', array_map( static fn( string $word ) => '"' . $word . '"*', $words ) ) ),
			);
		}
		// Each word's notices are a range of the primary key. The first word's is read; each
		// other word is an EXISTS, which MariaDB reads once as a set and probes (a semi-join), so
		// the cost is about the ranges' sizes, in whichever order MariaDB finds cheaper. Testing
		// each notice's words instead read 400,000 rows for "water pune" at 100,000 notices.
		$table = self::table();
		$sql   = "SELECT DISTINCT tp_w0.post_id AS id FROM {$table} tp_w0 WHERE " . self::starts_with( 'tp_w0.word', $words[0] );
		foreach ( array_slice( $words, 1 ) as $n => $word ) {
			$other = 'tp_w' . ( $n + 1 );
			$sql  .= " AND EXISTS (SELECT 1 FROM {$table} {$other} WHERE {$other}.post_id = tp_w0.post_id AND " . self::starts_with( "{$other}.word", $word ) . ')';
		}
		return array(
			'sql'    => $sql,
			'params' => array(),
		);
	}

	/**
	 * On MySQL and MariaDB, conditions that one notice has every word of a search, each
	 * starting with " AND ": what a listing that walks its order's index tests each notice with
	 * (a few of its words read, where the set of a common word's notices is thousands).
	 *
	 * @param string $search The search.
	 * @param string $id     The SQL of the notice's id in the statement.
	 */
	public static function tests( string $search, string $id ): string {
		$table = self::table();
		$sql   = '';
		foreach ( self::words( trim( $search ) ) as $word ) {
			// A count, not EXISTS: MariaDB would turn an EXISTS into a semi-join reading the
			// word's whole range (see NoticeFilterQuery::render()).
			$sql .= " AND (SELECT COUNT(*) FROM {$table} tp_w WHERE tp_w.post_id = {$id} AND " . self::starts_with( 'tp_w.word', $word ) . ') > 0';
		}
		return $sql;
	}

	/**
	 * The condition that a column starts with a word, prepared here: the word escaped for LIKE
	 * (SqlLike), so the statement carries no placeholder of its own and the caller's
	 * placeholders stay those of the other conditions.
	 */
	private static function starts_with( string $column, string $word ): string {
		return SqlLike::starts_with( $column, $word );
	}

	/**
	 * Runs a read on the site's database with WordPress's placeholders (`%s`, `%d`; `%%` for a
	 * percent sign), as $wpdb->prepare() takes them: on MySQL and MariaDB it is prepared by
	 * $wpdb->prepare() and run through $wpdb. On SQLite it runs on SQLite's own connection
	 * (MATCH is SQLite's, which the integration cannot translate), whose statements bind values
	 * by position: each of WordPress's placeholders becomes PDO's, read as wpdb::prepare() reads
	 * them, and PDO binds the values. A `?` in the SQL would be a placeholder there and not
	 * here, so SQL with one is refused.
	 *
	 * @param string       $sql    SQL with WordPress's placeholders.
	 * @param list<string> $params Values for the placeholders.
	 * @return list<array<string, mixed>>
	 * @throws \InvalidArgumentException For SQL with a `?`.
	 */
	public static function read( string $sql, array $params ): array {
		global $wpdb;
		if ( str_contains( $sql, '?' ) ) {
			throw new \InvalidArgumentException( 'NoticeSearch::read() takes %s and %d placeholders, not ?.' );
		}
		$pdo_connection = self::on_sqlite();
		if ( $pdo_connection ) {
			$sql = (string) preg_replace_callback( '/%(?:%|[sd])/', static fn( array $mark ) => '%%' === $mark[0] ? '%' : '?', $sql );
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
		$prepared = $params ? $wpdb->prepare( $sql, ...$params ) : $sql; // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders -- SQL made in this plugin, with one placeholder per value.
		$rows     = $wpdb->get_results( $prepared, ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
		return is_array( $rows ) ? array_values( $rows ) : array();
	}
}
