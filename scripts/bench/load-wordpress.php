<?php
/**
 * Loads the seeded site's WordPress for a bench script run from the command line, with the
 * environment of lib/site-env.mjs naming its database (TP_SITE_URL gives the host WordPress
 * builds its addresses from). Any other caller is turned away.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
$_SERVER['HTTP_HOST'] = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888', PHP_URL_HOST );
define( 'WP_USE_THEMES', false );
require __DIR__ . '/../../.wp/site/wp-load.php';
