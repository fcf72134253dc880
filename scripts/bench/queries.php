<?php
/**
 * Part 4 of the bench: database queries and time for a listing page as the data grows, with a
 * cold listing cache each time, and the query plans the database chose. Prints JSON. Run with the
 * environment of lib/site-env.mjs naming a seeded database:
 * - SQLite (TP_DB_FILE): EXPLAIN QUERY PLAN of the SQL the drop-in actually ran, and of the
 *   search's own statements on SQLite's connection (NoticeSearch::$statements); each plan is a
 *   list of lines ("plan").
 * - MariaDB or MySQL (TP_DB=mariadb, DB_NAME): EXPLAIN of each SELECT $wpdb ran, the search's
 *   MATCH … AGAINST included (NoticeSearch::read() runs it through $wpdb there); each plan is a
 *   list of rows ("explain": id, select_type, table, type, key, rows, Extra; "source" is the
 *   table an alias such as mt1 stands for).
 */

require __DIR__ . '/load-wordpress.php';

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Islands\Calendar;
use TenderPress\Listings\FilterCounts;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Support\Rest;

global $wpdb;
$settings = ListingSettings::from_attributes( array( 'perPage' => 10 ) );
$total = ListingPage::total( $settings );
$index = NoticeIndex::table();
// The seed's busiest buyer and one reference number, as a visitor would pick or paste them.
$buyer = (string) $wpdb->get_var( "SELECT buyer FROM {$index} GROUP BY buyer ORDER BY COUNT(*) DESC, buyer LIMIT 1" );
$reference = (string) $wpdb->get_var( "SELECT reference FROM {$index} ORDER BY post_id LIMIT 1 OFFSET 7" );
$page_of = static fn( int $page, array $filters ) => static fn() => ListingPage::get( $settings, $page, $filters );
$scenarios = array(
	'listing, page 1'                       => $page_of( 1, array() ),
	'paged listing (middle)'                => $page_of( max( 1, intdiv( $total, 2 ) ), array() ),
	'filtered listing (EOIs)'               => $page_of( 1, array( 'noticeType' => 'eoi' ) ),
	'open, closing soonest'                 => $page_of( 1, array( 'status' => 'open', 'sort' => 'closing' ) ),
	'closing soon'                          => $page_of( 1, array( 'status' => 'closing-soon' ) ),
	'closed'                                => $page_of( 1, array( 'status' => 'closed' ) ),
	'category and state'                    => $page_of( 1, array( 'category' => 'civil-works', 'location' => 'maharashtra' ) ),
	'deadline in the next 30 days'          => $page_of( 1, array( 'deadlineFrom' => wp_date( 'Y-m-d' ), 'deadlineTo' => wp_date( 'Y-m-d', time() + 30 * DAY_IN_SECONDS ) ) ),
	'value range, highest first'            => $page_of( 1, array( 'valueMin' => '10000000', 'valueMax' => '100000000', 'sort' => 'value' ) ),
	'one buyer'                             => $page_of( 1, array( 'buyer' => $buyer ) ),
	'search: a word'                        => $page_of( 1, array( 'q' => 'supply' ) ),
	'search: a reference number'            => $page_of( 1, array( 'q' => $reference ) ),
	'search: two words, open, in a state'   => $page_of( 1, array( 'q' => 'water pune', 'status' => 'open', 'location' => 'maharashtra' ) ),
	'filter form counts (archive)'          => static fn() => FilterCounts::get( $settings ),
	// The deadline calendar's route for the current month with its first day listed: a count per
	// day and that day's notices, as the island asks for a month.
	'calendar month'                        => static function () {
		$request = new WP_REST_Request( 'GET', '/' . Rest::NAMESPACE . Calendar::ROUTE );
		$request->set_query_params( array( 'month' => wp_date( 'Y-m' ) ) );
		return rest_do_request( $request );
	},
);

$capture = false;
$captured = array();
add_filter(
	'query',
	static function ( $sql ) use ( &$capture, &$captured ) {
		if ( $capture && preg_match( '/^\s*SELECT/i', $sql ) && ! preg_match( '/^\s*SELECT\s+FOUND_ROWS\(\)/i', $sql ) ) {
			$captured[] = $sql;
		}
		return $sql;
	}
);
$dbh = $wpdb->dbh;
$pdo = is_object( $dbh ) && method_exists( $dbh, 'get_connection' ) ? $dbh->get_connection()->get_pdo() : null;
/** EXPLAIN QUERY PLAN of one SQLite statement. */
$explain = static function ( string $sql, array $params ) use ( $pdo ): array {
	$statement = $pdo->prepare( 'EXPLAIN QUERY PLAN ' . $sql );
	$statement->execute( $params );
	return array(
		'sql'  => $sql,
		'plan' => array_map( static fn( $row ) => $row['detail'], $statement->fetchAll( PDO::FETCH_ASSOC ) ),
	);
};

/** The tables a statement names after FROM or JOIN, keyed by the alias it gives them. */
$tables_of = static function ( string $sql ): array {
	$keywords = array( 'where', 'inner', 'left', 'right', 'cross', 'natural', 'straight_join', 'join', 'on', 'using', 'group', 'order', 'limit', 'having', 'union', 'force', 'use', 'ignore', 'window' );
	$tables   = array();
	preg_match_all( '/\b(?:FROM|JOIN)\s+`?(\w+)`?(?:\s+(?:AS\s+)?`?(\w+)`?)?/i', $sql, $matches, PREG_SET_ORDER );
	foreach ( $matches as $match ) {
		$alias = $match[2] ?? '';
		$tables[ '' !== $alias && ! in_array( strtolower( $alias ), $keywords, true ) ? $alias : $match[1] ] = $match[1];
	}
	return $tables;
};
/** MariaDB's (or MySQL's) EXPLAIN of one SELECT, run through $wpdb as the site ran it. */
$explain_mysql = static function ( string $sql ) use ( $wpdb, $tables_of ): array {
	$tables = $tables_of( $sql );
	$rows   = $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- SQL WordPress just ran.
	return array(
		'sql'     => $sql,
		// A statement MariaDB refuses (the site's query failed too): the report shows why.
		'error'   => $rows ? '' : $wpdb->last_error,
		'explain' => array_map(
			static fn( array $row ): array => array(
				'id'          => $row['id'],
				'select_type' => $row['select_type'],
				'table'       => $row['table'],
				'source'      => $tables[ (string) $row['table'] ] ?? (string) $row['table'],
				'type'        => $row['type'],
				'key'         => $row['key'],
				'rows'        => null === $row['rows'] ? null : (int) $row['rows'],
				'Extra'       => $row['Extra'],
			),
			is_array( $rows ) ? $rows : array()
		),
	);
};

$results = array();
foreach ( $scenarios as $name => $run_scenario ) {
	$times = array();
	$queries = array();
	for ( $run = 0; $run < 5; $run++ ) {
		ListingCache::bump();
		wp_cache_flush();
		NoticeSearch::$statements = array();
		$before = $wpdb->num_queries;
		$started = hrtime( true );
		$run_scenario();
		$times[] = ( hrtime( true ) - $started ) / 1e6;
		// Statements on SQLite's own connection (a search's MATCH) count as queries too.
		$queries[] = $wpdb->num_queries - $before + count( NoticeSearch::$statements );
	}
	sort( $times );
	// Once more, to read the SQLite statements each query became and their plans.
	ListingCache::bump();
	wp_cache_flush();
	NoticeSearch::$statements = array();
	$captured = array();
	$capture = true;
	$run_scenario();
	$capture = false;
	$explained = array();
	if ( $pdo ) {
		foreach ( $captured as $sql ) {
			$wpdb->query( $sql );
			foreach ( $dbh->get_last_sqlite_queries() as $statement ) {
				if ( preg_match( '/^\s*SELECT/i', $statement['sql'] ) ) {
					$explained[] = $explain( $statement['sql'], $statement['params'] ?? array() );
				}
			}
		}
		foreach ( NoticeSearch::$statements as $statement ) {
			$explained[] = $explain( $statement['sql'], $statement['params'] );
		}
	} else {
		foreach ( $captured as $sql ) {
			$explained[] = $explain_mysql( $sql );
		}
	}
	$results[] = array(
		'scenario' => $name,
		'queries'  => max( $queries ),
		'ms'       => round( $times[2], 2 ),
		'plans'    => $explained,
	);
}
echo wp_json_encode(
	array(
		'notices' => (int) wp_count_posts( 'tender' )->publish,
		'pages'   => $total,
		'results' => $results,
	),
	JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
);
