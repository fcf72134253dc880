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
// Site Health's weekly cron check asks WordPress.org for updates too (it ran, and logged a warning,
// when a test moved the clock a day ahead).
add_action(
	'init',
	static function () {
		remove_action( 'wp_site_health_scheduled_check', array( WP_Site_Health::get_instance(), 'wp_cron_scheduled_check' ) );
	}
);
add_filter( 'pre_http_request', static function ( $pre, $args, $url ) {
	$host = wp_parse_url( $url, PHP_URL_HOST );
	return in_array( $host, array( '127.0.0.1', 'localhost' ), true ) ? $pre : new WP_Error( 'tenderpress_offline', 'Outbound HTTP is blocked on the dev site.' );
}, 10, 3 );

// Mail goes over SMTP, through WordPress's own PHPMailer, to the server our scripts start beside
// the site (scripts/lib/mail-server.mjs), which writes each message where tests read it. Without
// one (TP_SMTP_PORT unset), WordPress sends as it would by default.
add_action(
	'phpmailer_init',
	static function ( $phpmailer ) {
		$port = (int) getenv( 'TP_SMTP_PORT' );
		if ( $port > 0 ) {
			$phpmailer->isSMTP();
			$phpmailer->Host        = '127.0.0.1';
			$phpmailer->Port        = $port;
			$phpmailer->SMTPAuth    = false;
			$phpmailer->SMTPAutoTLS = false;
			$phpmailer->Timeout     = 10;
		}
	}
);

// Bench only (`npm run bench`): a no-op admin-ajax action, the floor WordPress itself sets for any
// admin-ajax answer, and, when TP_BENCH_QUERY_LOG names a file, one line per request with its
// database query count and its PHP CPU time.
$tenderpress_noop = static function () {
	wp_die( '0', '', array( 'response' => 200 ) );
};
add_action( 'wp_ajax_nopriv_tenderpress_bench_noop', $tenderpress_noop );
add_action( 'wp_ajax_tenderpress_bench_noop', $tenderpress_noop );
// Bench only: TP_BENCH_EAGER=1 loads the islands as 0.1.0 did (back-to-top when the browser is
// idle, the paginator as soon as its listing is near the viewport), to compare with loading on
// a visitor's intent.
if ( getenv( 'TP_BENCH_EAGER' ) ) {
	add_filter(
		'tenderpress_island_options',
		static function ( $options, $island ) {
			$eager = array(
				'back-to-top' => 'idle',
				'paginator'   => 'visible',
			);
			return isset( $eager[ $island ] ) ? array( 'when' => $eager[ $island ] ) + $options : $options;
		},
		10,
		2
	);
}
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
			// PHP's CPU time (user and system) since the router began the request: WordPress's
			// output buffers, compression included, are flushed at an earlier priority.
			if ( isset( $GLOBALS['tenderpress_bench_rusage'] ) ) {
				$cpu_ms         = static fn( array $usage ): float => ( $usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec'] ) * 1000 + ( $usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec'] ) / 1000;
				$line['cpu_ms'] = round( $cpu_ms( getrusage() ) - $cpu_ms( $GLOBALS['tenderpress_bench_rusage'] ), 2 );
			}
			file_put_contents( getenv( 'TP_BENCH_QUERY_LOG' ), wp_json_encode( $line ) . "\n", FILE_APPEND | LOCK_EX );
		},
		PHP_INT_MAX
	);
}

// On MariaDB (DB=mariadb: the stack and the MariaDB suites) the SQLite integration plugin has
// nothing to do, and it empties the whole object cache before every redirect (its activate.php
// hooks x_redirect_by): on the stack's Redis that took every cached entry with each redirect,
// /favicon.ico's included, and the "Settings saved." notice WordPress carries over the redirect
// after a save. It stays off there, as on any site that runs MySQL or MariaDB; SQLITE_MAIN_FILE
// keeps its drop-in (wp-content/db.php) from activating it again on each admin page.
if ( 'mariadb' === getenv( 'TP_DB' ) ) {
	add_filter(
		'option_active_plugins',
		static fn( $plugins ): array => array_values( array_diff( (array) $plugins, array( 'sqlite-database-integration/load.php' ) ) )
	);
	define( 'SQLITE_MAIN_FILE', WP_PLUGIN_DIR . '/sqlite-database-integration/load.php' );
}

// Test servers only: TP_PUSH_PROMPT=off keeps the push prompt off every page (it would move every
// page down by its height, which other tests measure), through the filter a theme would use; a
// request with the cookie tp_test_push_prompt=on gets it all the same (the stack suite's day-old
// page that takes a subscription has the pools render it so).
if ( 'off' === getenv( 'TP_PUSH_PROMPT' ) && 'on' !== ( $_COOKIE['tp_test_push_prompt'] ?? '' ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotValidated -- compared with one literal, never stored or printed.
	add_filter( 'tenderpress_push_offered', '__return_false' );
}
// Test servers only: TP_PUSH_DELAY sets the seconds between a notice's publication and its
// notification's first run (a minute on a real site), so a test need not wait for it.
if ( is_numeric( getenv( 'TP_PUSH_DELAY' ) ) ) {
	add_filter(
		'tenderpress_push_first_run_delay',
		static function () {
			return (int) getenv( 'TP_PUSH_DELAY' );
		}
	);
}

// Test runs only: `npm test` gives the e2e server a one-time token (TP_LOG_PROOF), and the request
// whose query string is that token logs it as a PHP notice. The log check requires that line, so
// a log that is missing, or that notices never reach, fails the run instead of passing as clean.
$tenderpress_log_proof = (string) getenv( 'TP_LOG_PROOF' );
if ( '' !== $tenderpress_log_proof && hash_equals( $tenderpress_log_proof, (string) ( $_SERVER['QUERY_STRING'] ?? '' ) ) ) {
	trigger_error( 'TenderPress log proof ' . $tenderpress_log_proof, E_USER_NOTICE ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_trigger_error -- a notice on purpose: it proves notices reach the log.
}

// Test site only (tests/e2e/csp.spec.ts): with the cookie tp_e2e_csp, the site behaves like a
// Content-Security-Policy plugin. Each request gets a fresh nonce, sent in the header and added
// to every script WordPress prints, through the same attribute filters such plugins use. "1"
// sends a 'strict-dynamic' policy; "nonce-only" one under which every script needs the nonce.
if ( isset( $_COOKIE['tp_e2e_csp'] ) ) {
	$tenderpress_csp_nonce = base64_encode( random_bytes( 18 ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- a nonce, as CSP plugins make them.
	$tenderpress_csp_trust = 'nonce-only' === $_COOKIE['tp_e2e_csp'] ? '' : " 'strict-dynamic'"; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only compared with a constant.
	add_filter(
		'wp_headers',
		static function ( $headers ) use ( $tenderpress_csp_nonce, $tenderpress_csp_trust ) {
			$headers['Content-Security-Policy'] = "script-src 'nonce-{$tenderpress_csp_nonce}'{$tenderpress_csp_trust}; object-src 'none'; base-uri 'none'";
			return $headers;
		}
	);
	$tenderpress_add_csp_nonce = static function ( $attributes ) use ( $tenderpress_csp_nonce ) {
		$attributes['nonce'] = $tenderpress_csp_nonce;
		return $attributes;
	};
	add_filter( 'wp_script_attributes', $tenderpress_add_csp_nonce );
	add_filter( 'wp_inline_script_attributes', $tenderpress_add_csp_nonce );
}
