<?php
/**
 * Seeds the demo site: php seed.php [NOTICE_COUNT]. Deterministic: the same count on the same day
 * gives the same content (deadlines are relative to today so the demo always has open notices).
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$count = isset( $argv[1] ) ? max( 1, (int) $argv[1] ) : 360;
$_SERVER['HTTP_HOST'] = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888', PHP_URL_HOST );
require ( getenv( 'TP_SITE_DIR' ) ?: __DIR__ . '/../../.wp/site' ) . '/wp-load.php';
require __DIR__ . '/DemoData.php';
require __DIR__ . '/DemoGuides.php';
require __DIR__ . '/DemoPhotos.php';
require __DIR__ . '/BulkWriter.php';
require __DIR__ . '/DemoSeeder.php';

$started = microtime( true );
$seeder = new TenderPress_Demo_Seeder( 20261120 );
$day = $seeder->run( $count );
// The day the content is dated from and the zone it was reckoned in, for scripts/lib/seed.mjs.
$report = getenv( 'TP_SEED_REPORT' );
if ( $report ) {
	file_put_contents(
		$report,
		wp_json_encode(
			array(
				'day'      => $day,
				'timezone' => wp_timezone_string(),
			)
		)
	);
}
printf( "seeded %d notices in %.1f s\n", $count, microtime( true ) - $started );
