<?php
/**
 * PHPUnit bootstrap: loads the real WordPress of the dev site, on the database copy the test
 * runner made for this test class (TP_DB_FILE). No WordPress function is mocked.
 */

$tenderpress_root = dirname( __DIR__, 2 );
require $tenderpress_root . '/vendor/autoload.php';

// The WordPress variant's site folder and the database copy come from the runner (site-env.mjs).
$tenderpress_site = getenv( 'TP_SITE_DIR' ) ?: $tenderpress_root . '/.wp/site';
if ( ! ( getenv( 'TP_DB_FILE' ) || 'mariadb' === getenv( 'TP_DB' ) ) || ! is_file( $tenderpress_site . '/wp-load.php' ) ) {
	fwrite( STDERR, "Run the PHP tests through `npm test` (or ONLY=php npm test): it installs WordPress and gives each test class its own database copy.\n" );
	exit( 1 );
}

$tenderpress_url = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888' );
$_SERVER['HTTP_HOST'] = $tenderpress_url['host'] . ( isset( $tenderpress_url['port'] ) ? ':' . $tenderpress_url['port'] : '' );
$_SERVER['SERVER_NAME'] = $tenderpress_url['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

// PHPUnit includes this file inside a function and then copies its local variables into
// $GLOBALS, so globals that WordPress files set at the top level must be declared global here,
// or their empty local twins would overwrite them (shortcodes.php's $shortcode_tags, …).
global $shortcode_tags, $wp_embed, $wp_locale, $wp_rewrite, $wp, $wp_query, $wp_the_query, $wpdb, $wp_filter, $wp_actions, $wp_current_filter, $wp_theme_directories, $wp_version, $table_prefix;

require $tenderpress_site . '/wp-load.php';
