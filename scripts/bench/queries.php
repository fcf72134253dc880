<?php
/**
 * Part 4 of the bench: database queries and time for a listing page as the data grows, with a
 * cold listing cache each time, and the query plans SQLite chose (EXPLAIN QUERY PLAN of the SQL
 * the drop-in actually ran). Prints JSON. Run with TP_DB_FILE naming a seeded database.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$_SERVER['HTTP_HOST'] = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888', PHP_URL_HOST );
define( 'WP_USE_THEMES', false );
require __DIR__ . '/../../.wp/site/wp-load.php';

use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;

$settings = ListingSettings::from_attributes( array( 'perPage' => 10 ) );
$total = ListingPage::total( $settings );
$scenarios = array(
	'listing, page 1'         => array( 1, array() ),
	'paged listing (middle)'  => array( max( 1, intdiv( $total, 2 ) ), array() ),
	'filtered listing (EOIs)' => array( 1, array( 'noticeType' => 'eoi' ) ),
);

global $wpdb;
$plans = array();
$capture = false;
add_filter(
	'posts_request',
	static function ( $sql ) use ( &$capture, &$plans ) {
		if ( $capture ) {
			$plans[] = $sql;
		}
		return $sql;
	}
);

$results = array();
foreach ( $scenarios as $name => [ $page, $filters ] ) {
	$times = array();
	$queries = array();
	for ( $run = 0; $run < 5; $run++ ) {
		ListingCache::bump();
		wp_cache_flush();
		$before = $wpdb->num_queries;
		$started = hrtime( true );
		ListingPage::get( $settings, $page, $filters );
		$times[] = ( hrtime( true ) - $started ) / 1e6;
		$queries[] = $wpdb->num_queries - $before;
	}
	sort( $times );
	// The main query once more, to read the SQLite statements it became and their plans.
	ListingCache::bump();
	wp_cache_flush();
	$plans = array();
	$capture = true;
	ListingPage::get( $settings, $page, $filters );
	$capture = false;
	$explained = array();
	$dbh = $wpdb->dbh;
	if ( $plans && is_object( $dbh ) && method_exists( $dbh, 'get_last_sqlite_queries' ) ) {
		$wpdb->query( $plans[0] );
		$pdo = $dbh->get_connection()->get_pdo();
		foreach ( $dbh->get_last_sqlite_queries() as $statement ) {
			if ( ! preg_match( '/^\s*SELECT/i', $statement['sql'] ) ) {
				continue;
			}
			$explain = $pdo->prepare( 'EXPLAIN QUERY PLAN ' . $statement['sql'] );
			$explain->execute( $statement['params'] ?? array() );
			$explained[] = array(
				'sql'  => $statement['sql'],
				'plan' => array_map( static fn( $row ) => $row['detail'], $explain->fetchAll( PDO::FETCH_ASSOC ) ),
			);
		}
	}
	$results[] = array(
		'scenario' => $name,
		'page'     => $page,
		'queries'  => max( $queries ),
		'ms'       => round( $times[2], 2 ),
		'mysql'    => $plans[0] ?? '',
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
