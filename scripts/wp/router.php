<?php
/**
 * Router for PHP's built-in server: static files are served as they are, PHP files run in their
 * own folder, and everything else goes to WordPress's front controller (pretty permalinks).
 */

// Bench only (`npm run bench` sets TP_BENCH_QUERY_LOG): the CPU time this process had used when
// the request began, so the dev site's must-use plugin can log what the request itself cost.
if ( getenv( 'TP_BENCH_QUERY_LOG' ) ) {
	$GLOBALS['tenderpress_bench_rusage'] = getrusage();
}

$root = $_SERVER['DOCUMENT_ROOT'];
$path = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?? '/' );
if ( str_contains( $path, '..' ) ) {
	http_response_code( 400 );
	return true;
}
$file = $root . $path;
if ( is_dir( $file ) && is_file( rtrim( $file, '/' ) . '/index.php' ) ) {
	$path = rtrim( $path, '/' ) . '/index.php';
	$file = $root . $path;
}
if ( is_file( $file ) && ! str_ends_with( $file, '.php' ) ) {
	return false;
}
// What PHP answers (pages, admin-ajax, REST) goes out compressed when the client accepts it, as
// a real host's web server sends it: uncompressed, a notice page's HTML took three times as long
// to reach a phone on a slow network as the same page from the stack's nginx, and Lighthouse and
// the bench measured that. An ordinary output buffer, which WordPress may flush and close at
// shutdown: PHP's zlib.output_compression cannot be closed so, and WordPress then logs a notice
// on every request (and, set for the whole server, it broke the files the server sends itself).
ob_start( 'ob_gzhandler' );
if ( is_file( $file ) ) {
	$_SERVER['SCRIPT_NAME'] = $path;
	$_SERVER['PHP_SELF'] = $path;
	$_SERVER['SCRIPT_FILENAME'] = $file;
	chdir( dirname( $file ) );
	require $file;
	return true;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir( $root );
require $root . '/index.php';
return true;
