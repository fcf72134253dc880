<?php
/**
 * Installs WordPress non-interactively into the database named by the environment,
 * then activates the TenderPress plugin and theme. Usage: php install.php USER PASSWORD
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
[ , $user, $password ] = $argv + array( null, 'admin', 'password' );

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST'] = parse_url( getenv( 'TP_SITE_URL' ) ?: 'http://127.0.0.1:8888', PHP_URL_HOST );
require ( getenv( 'TP_SITE_DIR' ) ?: __DIR__ . '/../../.wp/site' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( ! is_blog_installed() ) {
	// WordPress mails the new site's administrator; this script runs with no mail server beside
	// it (the sites our scripts serve have one, scripts/lib/mail-server.mjs), and the demo's
	// administrator has no mailbox: the message is not sent.
	add_filter( 'pre_wp_mail', '__return_false' );
	$result = wp_install( 'TenderPress Demo', $user, 'admin@tenderpress.test', true, '', wp_slash( $password ) );
	if ( is_wp_error( $result ) ) {
		fwrite( STDERR, $result->get_error_message() . "\n" );
		exit( 1 );
	}
}

update_option( 'permalink_structure', '/%postname%/' );
update_option( 'blogdescription', 'Public tenders and expressions of interest' );
update_option( 'timezone_string', 'Asia/Kolkata' );
update_option( 'date_format', 'j M Y' );
update_option( 'time_format', 'g:i a' );
switch_theme( 'tenderpress' );
$activated = activate_plugin( 'tenderpress/tenderpress.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'Could not activate TenderPress: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}
flush_rewrite_rules();
echo "installed\n";
