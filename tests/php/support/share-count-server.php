<?php
/**
 * A fake of the networks' share count endpoints, for ShareCountRefreshTest: a router script for
 * PHP's built-in server (`php -S 127.0.0.1:PORT share-count-server.php`).
 *
 * Each answer is shaped like the real network's, with the count of the page it is asked about
 * (its `url` query parameter, or `ref` for OK.ru) read from the JSON file TP_FAKE_COUNTS names
 * ({ "page address": count }, 0 when the page is not there). Every request received is appended
 * to the file TP_FAKE_LOG names, one JSON line each, so a test can tell what was, and was not,
 * requested.
 *
 * Paths: /tumblr/v2/share/stats (JSON), /pinterest/v1/urls/count.json (JSONP), /vk/share.php
 * (VK's script call), /ok/dk (JSON with the count as a string), /error (a 500 whose body looks
 * like a count), /garbage (an HTML page), /huge (a count no page has), /slow?ms=N (the Tumblr
 * answer after N milliseconds), /redirect?to=ADDRESS (a 302 there), /facebook (Graph's JSON).
 *
 * @package TenderPress
 */

$tenderpress_path  = (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH );
$tenderpress_query = array();
parse_str( (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_QUERY ), $tenderpress_query );
$tenderpress_page = (string) ( $tenderpress_query['url'] ?? $tenderpress_query['ref'] ?? $tenderpress_query['id'] ?? '' );

$tenderpress_log = getenv( 'TP_FAKE_LOG' );
if ( $tenderpress_log ) {
	file_put_contents(
		$tenderpress_log,
		json_encode(
			array(
				'path'  => $tenderpress_path,
				'page'  => $tenderpress_page,
				'agent' => $_SERVER['HTTP_USER_AGENT'] ?? '',
				'host'  => $_SERVER['HTTP_HOST'] ?? '',
			)
		) . "\n",
		FILE_APPEND | LOCK_EX
	);
}

$tenderpress_counts = json_decode( (string) @file_get_contents( (string) getenv( 'TP_FAKE_COUNTS' ) ), true );
$tenderpress_count  = is_array( $tenderpress_counts ) ? (int) ( $tenderpress_counts[ $tenderpress_page ] ?? 0 ) : 0;

$tenderpress_json = static function ( $value ): string {
	return json_encode( $value, JSON_UNESCAPED_SLASHES );
};

switch ( $tenderpress_path ) {
	case '/slow':
		usleep( 1000 * min( 5000, (int) ( $tenderpress_query['ms'] ?? 0 ) ) );
		// Then as Tumblr.
	case '/tumblr/v2/share/stats':
		header( 'Content-Type: application/json' );
		echo $tenderpress_json(
			array(
				'meta'     => array(
					'status' => 200,
					'msg'    => 'OK',
				),
				'response' => array(
					'url'        => $tenderpress_page,
					'note_count' => $tenderpress_count,
				),
			)
		);
		break;
	case '/pinterest/v1/urls/count.json':
		header( 'Content-Type: application/javascript' );
		echo 'receiveCount(' . $tenderpress_json(
			array(
				'url'   => $tenderpress_page,
				'count' => $tenderpress_count,
			)
		) . ')';
		break;
	case '/vk/share.php':
		header( 'Content-Type: text/javascript' );
		echo 'VK.Share.count(' . (int) ( $tenderpress_query['index'] ?? 0 ) . ', ' . $tenderpress_count . ');';
		break;
	case '/ok/dk':
		header( 'Content-Type: application/json' );
		echo $tenderpress_json( array( 'count' => (string) $tenderpress_count ) );
		break;
	case '/facebook':
		header( 'Content-Type: application/json' );
		echo $tenderpress_json(
			array(
				'id'    => $tenderpress_page,
				'share' => array( 'share_count' => $tenderpress_count ),
			)
		);
		break;
	case '/error':
		http_response_code( 500 );
		header( 'Content-Type: application/json' );
		echo $tenderpress_json( array( 'count' => 7 ) );
		break;
	case '/garbage':
		header( 'Content-Type: text/html' );
		echo '<!doctype html><title>Too many requests</title><p>Slow down. Try again in 77 seconds.</p>';
		break;
	case '/huge':
		header( 'Content-Type: application/json' );
		echo '{"count": 1e400}';
		break;
	case '/redirect':
		header( 'Location: ' . (string) ( $tenderpress_query['to'] ?? '/' ), true, 302 );
		break;
	default:
		http_response_code( 404 );
		echo 'Not found';
}
