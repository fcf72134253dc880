<?php
/**
 * Dev and test site configuration (copied into .wp/site by the ensure step).
 * Everything that differs between `npm start`, the test server and PHPUnit comes from the
 * environment, so one WordPress install serves them all.
 */

require __DIR__ . '/../salts.php';

if ( 'mariadb' === getenv( 'TP_DB' ) ) {
	define( 'DB_ENGINE', 'mysql' );
	define( 'DB_NAME', getenv( 'DB_NAME' ) ?: 'tenderpress' );
	define( 'DB_USER', getenv( 'DB_USER' ) ?: 'root' );
	define( 'DB_PASSWORD', getenv( 'DB_PASSWORD' ) ?: '' );
	define( 'DB_HOST', getenv( 'DB_HOST' ) ?: 'localhost' );
} else {
	define( 'DB_ENGINE', 'sqlite' );
	define( 'DB_DIR', __DIR__ . '/wp-content/database/' );
	define( 'DB_FILE', getenv( 'TP_DB_FILE' ) ?: 'demo-360.sqlite' );
	define( 'DB_NAME', 'tenderpress' );
	define( 'DB_USER', '' );
	define( 'DB_PASSWORD', '' );
	define( 'DB_HOST', '' );
}
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );

$table_prefix = 'wp_';

$tp_site_url = getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888';
define( 'WP_HOME', $tp_site_url );
define( 'WP_SITEURL', $tp_site_url );

// Offline machine: no calls out, no update checks, no automatic updates.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'DISALLOW_FILE_MODS', true );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
// The production stack (`npm run stack`) runs WP-Cron from one timer, never from visitors' requests.
if ( getenv( 'TP_DISABLE_WP_CRON' ) ) {
	define( 'DISABLE_WP_CRON', true );
}

// Notices and warnings go to the log that tests read; never to visitors.
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', getenv( 'TP_DEBUG_LOG' ) ?: __DIR__ . '/../debug.log' );
@ini_set( 'display_errors', '0' );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
