<?php
/**
 * Plugin Name: TenderPress dev site
 * Description: Dev and test site only (copied in by the ensure step): no update checks, mail captured to files.
 */

// This machine has no network: skip the update checks that would only time out.
add_filter( 'pre_site_transient_update_core', '__return_null' );
add_filter( 'pre_site_transient_update_plugins', '__return_null' );
add_filter( 'pre_site_transient_update_themes', '__return_null' );
remove_action( 'init', 'wp_schedule_update_checks' );
add_filter( 'pre_http_request', static function ( $pre, $args, $url ) {
	$host = wp_parse_url( $url, PHP_URL_HOST );
	return in_array( $host, array( '127.0.0.1', 'localhost' ), true ) ? $pre : new WP_Error( 'tenderpress_offline', 'Outbound HTTP is blocked on the dev site.' );
}, 10, 3 );

// Mail goes to one JSON file per message so tests can read what a user would receive.
add_filter( 'pre_wp_mail', static function ( $short_circuit, $atts ) {
	$dir = getenv( 'TP_MAIL_DIR' );
	if ( ! $dir ) {
		return $short_circuit;
	}
	wp_mkdir_p( $dir );
	$file = sprintf( '%s/%s-%s.json', $dir, gmdate( 'Ymd-His' ), wp_generate_password( 8, false ) );
	file_put_contents( $file, wp_json_encode( $atts, JSON_PRETTY_PRINT ) );
	return true;
}, 10, 2 );
