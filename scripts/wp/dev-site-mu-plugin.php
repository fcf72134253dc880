<?php
/**
 * Plugin Name: TenderPress dev site
 * Description: Dev and test site only (copied in by the ensure step): no update checks, mail captured to files.
 */

// This machine has no network: no update checks (they would fail and log warnings).
remove_action( 'init', 'wp_schedule_update_checks' );
foreach ( array( '_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes' ) as $tenderpress_check ) {
	remove_action( 'admin_init', $tenderpress_check );
}
foreach ( array( 'wp_version_check', 'wp_update_plugins', 'wp_update_themes' ) as $tenderpress_check ) {
	remove_action( $tenderpress_check, $tenderpress_check );
}
foreach ( array( 'load-plugins.php', 'load-update.php', 'load-update-core.php', 'load-themes.php' ) as $tenderpress_screen ) {
	remove_action( $tenderpress_screen, 'wp_update_plugins' );
	remove_action( $tenderpress_screen, 'wp_update_themes' );
	remove_action( $tenderpress_screen, '_maybe_update_themes' );
}
remove_action( 'upgrader_process_complete', 'wp_version_check' );
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

// Bench only (`npm run bench`): a no-op admin-ajax action, the floor WordPress itself sets for any
// admin-ajax answer, and, when TP_BENCH_QUERY_LOG names a file, one line per request with its
// database query count.
$tenderpress_noop = static function () {
	wp_die( '0', '', array( 'response' => 200 ) );
};
add_action( 'wp_ajax_nopriv_tenderpress_bench_noop', $tenderpress_noop );
add_action( 'wp_ajax_tenderpress_bench_noop', $tenderpress_noop );
if ( getenv( 'TP_BENCH_QUERY_LOG' ) ) {
	add_action(
		'shutdown',
		static function () {
			$line = array(
				'method'  => $_SERVER['REQUEST_METHOD'] ?? '',
				'uri'     => $_SERVER['REQUEST_URI'] ?? '',
				'action'  => isset( $_POST['action'] ) ? sanitize_key( wp_unslash( $_POST['action'] ) ) : '', // phpcs:ignore WordPress.Security.NonceVerification.Missing
				'queries' => $GLOBALS['wpdb']->num_queries,
			);
			file_put_contents( getenv( 'TP_BENCH_QUERY_LOG' ), wp_json_encode( $line ) . "\n", FILE_APPEND | LOCK_EX );
		},
		PHP_INT_MAX
	);
}
