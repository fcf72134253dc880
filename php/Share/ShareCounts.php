<?php
namespace TenderPress\Share;

use TenderPress\Content\NoticeSearch;
use TenderPress\Support\Schema;

/**
 * Share counts, stored per page and service in a table of the plugin's own, and read for many
 * pages in one statement: what the count endpoint answers costs the same for one address as for
 * fifty. Reading them never writes. Counts come from the background refresh (ShareCountRefresh)
 * and, only when the owner turns collecting in browsers on, from the guarded save of what a
 * visitor's browser read (SaveShares), which never lowers a count and raises it by a bounded
 * amount.
 *
 * A page is its address on this site without scheme, host or fragment (`/tenders/x/`, with its
 * query string when it has one), so the http and https, or www and bare, forms of one page share
 * their counts; it is keyed by the hash of that path.
 */
final class ShareCounts {

	/** Table name after the site's prefix. */
	public const TABLE = 'tenderpress_share_counts';

	/** Addresses one request may ask for: more get a 400. */
	public const MAX_URLS = 50;

	/** Longest address considered; a longer one is ignored. */
	public const MAX_URL_LENGTH = 2048;

	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLE;
	}

	/** Creates the table (when missing). */
	public static function create(): void {
		Schema::create_table( self::table(), 'page_key char(40) NOT NULL, service varchar(32) NOT NULL, page varchar(' . self::MAX_URL_LENGTH . ') NOT NULL, shares bigint(20) unsigned NOT NULL DEFAULT 0, updated datetime NOT NULL, PRIMARY KEY  (page_key, service)' );
	}

	/**
	 * The page of one of this site's addresses, as counts are kept for it, or null for an
	 * address that is not this site's (another host or port, another scheme than http(s), a
	 * path outside the site's own), malformed, or too long.
	 *
	 * @param mixed $url An address as a visitor's browser sent it.
	 */
	public static function page_of( $url ): ?string {
		if ( ! is_string( $url ) || '' === trim( $url ) || strlen( $url ) > self::MAX_URL_LENGTH || preg_match( '/[\x00-\x20\x7f<>"\\\\]/', trim( $url ) ) ) {
			return null;
		}
		$parts = wp_parse_url( trim( $url ) );
		$home  = self::home();
		if ( ! is_array( $parts ) || ! is_array( $home ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) ) {
			return null;
		}
		$bare = static fn( $host ) => preg_replace( '/^www\./', '', strtolower( (string) $host ) );
		if ( $bare( $parts['host'] ?? '' ) !== $bare( $home['host'] ?? '' ) || ( $parts['port'] ?? null ) !== ( $home['port'] ?? null ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return null;
		}
		$path = (string) ( $parts['path'] ?? '/' );
		$base = (string) ( $home['path'] ?? '/' );
		if ( ! str_starts_with( $path, rtrim( $base, '/' ) . '/' ) && rtrim( $path, '/' ) !== rtrim( $base, '/' ) ) {
			return null;
		}
		return ( '' === $path ? '/' : $path ) . ( isset( $parts['query'] ) && '' !== $parts['query'] ? '?' . $parts['query'] : '' );
	}

	/**
	 * The site's home address in parts, parsed once per home address (page_of() runs for each of
	 * up to fifty addresses of a request).
	 *
	 * @return array<string, int|string>|false
	 */
	private static function home() {
		static $parsed = array();
		$home          = home_url( '/' );
		if ( ! isset( $parsed[ $home ] ) ) {
			$parsed[ $home ] = wp_parse_url( $home );
		}
		return $parsed[ $home ];
	}

	/**
	 * The counts of pages by service, in one statement.
	 *
	 * @param list<string> $pages Pages as page_of() gives them.
	 * @return array<string, array<string, int>> By page, then service.
	 */
	public static function for_pages( array $pages ): array {
		global $wpdb;
		$counts = array_fill_keys( $pages, array() );
		if ( ! $pages ) {
			return $counts;
		}
		$keys   = array_map( 'sha1', $pages );
		$by_key = array_combine( $keys, $pages );
		$table  = self::table();
		$pdo    = NoticeSearch::on_sqlite();
		if ( $pdo ) {
			// SQLite: straight to the database. The SQLite integration translates each statement
			// from MySQL token by token, and fifty 40-character keys made that 17 times the cost of
			// the query itself (2.7 ms against 0.16 ms, measured here); the statement is the same.
			// Counted as WordPress counts its own, so the query figures stay true.
			$statement = $pdo->prepare( "SELECT page_key, service, shares FROM {$table} WHERE page_key IN (" . implode( ',', array_fill( 0, count( $keys ), '?' ) ) . ')' );
			$rows      = $statement && $statement->execute( $keys ) ? $statement->fetchAll( \PDO::FETCH_ASSOC ) : array(); // phpcs:ignore WordPress.DB.RestrictedClasses.mysql__PDO -- the SQLite connection WordPress itself uses, see above.
			++$wpdb->num_queries;
		} else {
			$marks = implode( ',', array_fill( 0, count( $keys ), '%s' ) );
			$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT page_key, service, shares FROM {$table} WHERE page_key IN ({$marks})", ...$keys ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- this plugin's own table; one placeholder per key.
		}
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$page = $by_key[ $row['page_key'] ] ?? null;
			if ( null !== $page ) {
				$counts[ $page ][ (string) $row['service'] ] = (int) $row['shares'];
			}
		}
		return $counts;
	}

	/**
	 * A count as a bar shows it (spec §9): '' below 1; from 1000 to 999999 in thousands with one
	 * decimal and K; from 1000000 in millions with one decimal and M; the decimal cut, not
	 * rounded, so 999999 reads 999.9K. The only formatter: the island puts in place what the
	 * count endpoint answers already formatted (Share::shown_counts()).
	 */
	public static function format( int $count ): string {
		if ( $count < 1 ) {
			return '';
		}
		if ( $count < 1000 ) {
			return (string) $count;
		}
		if ( $count < 1000000 ) {
			return sprintf( '%.1FK', intdiv( $count, 100 ) / 10 );
		}
		return sprintf( '%.1FM', intdiv( $count, 100000 ) / 10 );
	}

	/**
	 * When each page's counts were last stored for any of the services, in one statement: the
	 * newest `updated` (GMT, Y-m-d H:i:s) of the page's rows for those services. A page with no
	 * row for them is left out.
	 *
	 * @param list<string> $pages    Pages as page_of() gives them.
	 * @param list<string> $services Service ids.
	 * @return array<string, string> By page.
	 */
	public static function last_refreshed( array $pages, array $services ): array {
		global $wpdb;
		if ( ! $pages || ! $services ) {
			return array();
		}
		$keys      = array_map( 'sha1', $pages );
		$by_key    = array_combine( $keys, $pages );
		$table     = self::table();
		$marks     = implode( ',', array_fill( 0, count( $keys ), '%s' ) );
		$named     = implode( ',', array_fill( 0, count( $services ), '%s' ) );
		$rows      = $wpdb->get_results( $wpdb->prepare( "SELECT page_key, MAX(updated) AS refreshed FROM {$table} WHERE page_key IN ({$marks}) AND service IN ({$named}) GROUP BY page_key", ...$keys, ...$services ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- this plugin's own table; one placeholder per key and service.
		$refreshed = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$page = $by_key[ $row['page_key'] ] ?? null;
			if ( null !== $page ) {
				$refreshed[ $page ] = (string) $row['refreshed'];
			}
		}
		return $refreshed;
	}

	/**
	 * Stores a page's count for a service, and when it was stored (the background refresh's
	 * write, and SaveShares' once it has checked what a browser sent).
	 *
	 * @param string $page    A page as page_of() gives it.
	 * @param string $service A service id of the catalogue.
	 * @param int    $shares  The count, 0 or more.
	 */
	public static function store( string $page, string $service, int $shares ): void {
		global $wpdb;
		$wpdb->replace( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- this plugin's own table.
			self::table(),
			array(
				'page_key' => sha1( $page ),
				'service'  => $service,
				'page'     => $page,
				'shares'   => max( 0, $shares ),
				'updated'  => current_time( 'mysql', true ),
			),
			array( '%s', '%s', '%s', '%d', '%s' )
		);
	}
}
