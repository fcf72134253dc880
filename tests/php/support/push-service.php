<?php
/**
 * A fake push service, for the push PHPUnit suites: a router script for PHP's built-in server
 * (`php -S 127.0.0.1:PORT push-service.php`). It stands in for the push services of browsers
 * (FCM, Mozilla's autopush), which answer a message with a status and nothing else a sender
 * reads.
 *
 * /push/<status>/<name> answers <status> (201 for "ok"); `?retry=N` adds `Retry-After: N`. Every
 * request is appended to the file TP_FAKE_LOG names, one JSON line each: the path, the headers a
 * push service reads, and the body (base64), so a test can decrypt what was sent.
 *
 * @package TenderPress
 */

$tenderpress_path = (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH );
$tenderpress_log  = getenv( 'TP_FAKE_LOG' );
if ( $tenderpress_log ) {
	file_put_contents(
		$tenderpress_log,
		json_encode(
			array(
				'method'   => $_SERVER['REQUEST_METHOD'] ?? '',
				'path'     => $tenderpress_path,
				'auth'     => $_SERVER['HTTP_AUTHORIZATION'] ?? '',
				'encoding' => $_SERVER['HTTP_CONTENT_ENCODING'] ?? '',
				'ttl'      => $_SERVER['HTTP_TTL'] ?? '',
				'urgency'  => $_SERVER['HTTP_URGENCY'] ?? '',
				'topic'    => $_SERVER['HTTP_TOPIC'] ?? '',
				'body'     => base64_encode( (string) file_get_contents( 'php://input' ) ),
			)
		) . "\n",
		FILE_APPEND | LOCK_EX
	);
}
if ( ! preg_match( '#^/push/(ok|\d{3})/#', $tenderpress_path, $tenderpress_match ) ) {
	http_response_code( 404 );
	return;
}
if ( isset( $_GET['retry'] ) ) {
	header( 'Retry-After: ' . (int) $_GET['retry'] );
}
http_response_code( 'ok' === $tenderpress_match[1] ? 201 : (int) $tenderpress_match[1] );
