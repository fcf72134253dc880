<?php
/**
 * PHPStan reads the code without running WordPress: this defines what WordPress and the plugin's
 * entry file (plugin/tenderpress.php) would have defined by the time any class is used, with the
 * types they have there. The WordPress functions and classes come from php-stubs/wordpress-stubs.
 *
 * @package TenderPress
 */

define( 'ABSPATH', '/wordpress/' );
define( 'WP_CONTENT_DIR', ABSPATH . 'wp-content' );
define( 'WP_LANG_DIR', WP_CONTENT_DIR . '/languages' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 60 * MINUTE_IN_SECONDS );
define( 'DAY_IN_SECONDS', 24 * HOUR_IN_SECONDS );
define( 'ARRAY_A', 'ARRAY_A' );
// Cookie constants (wp_cookie_constants()): COOKIE_DOMAIN is false unless a site names a domain.
define( 'COOKIEHASH', md5( 'https://example.org' ) );
define( 'COOKIE_DOMAIN', false );
// Only the type matters here: the release version has one source, package.json.
define( 'TENDERPRESS_VERSION', '0.0.0' );
define( 'TENDERPRESS_FILE', dirname( __DIR__, 2 ) . '/plugin/tenderpress.php' );
define( 'TENDERPRESS_DIR', dirname( __DIR__, 2 ) . '/plugin' );
