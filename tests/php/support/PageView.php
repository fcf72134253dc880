<?php
namespace TenderPress\Tests;

use WP;
use WP_Query;

/**
 * Puts WordPress in the state a visit to one of the site's URLs leaves it in before the template
 * renders: the request line as the web server passes it, then WP::main() parses it against the
 * rewrite rules and runs the main query. Conditional tags, the queried object and the template
 * hierarchy then answer as they do on a real page view, on whatever home URL the site has.
 */
final class PageView {

	/** @var array<string, mixed>|null The request line the bootstrap set, while a visit replaces it. */
	private static $bootstrap_server;

	/** @var WP|null The request parser before it parsed anything (it keeps the last match). */
	private static $unused_wp;

	public static function visit( string $url ): void {
		self::$bootstrap_server = self::$bootstrap_server ?? array_intersect_key( $_SERVER, array_flip( array( 'REQUEST_URI', 'PHP_SELF' ) ) );
		self::$unused_wp = self::$unused_wp ?? clone $GLOBALS['wp'];
		$path = (string) wp_parse_url( $url, PHP_URL_PATH );
		$query = (string) wp_parse_url( $url, PHP_URL_QUERY );
		$_SERVER['REQUEST_URI'] = ( '' === $path ? '/' : $path ) . ( '' === $query ? '' : '?' . $query );
		$_SERVER['PHP_SELF'] = wp_parse_url( home_url( '/index.php' ), PHP_URL_PATH );
		parse_str( $query, $fields );
		$_GET = wp_slash( $fields ); // As wp_magic_quotes() leaves it at the start of a request.
		$GLOBALS['wp_the_query'] = new WP_Query();
		$GLOBALS['wp_query'] = $GLOBALS['wp_the_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a new main query, as each request starts with.
		$GLOBALS['wp'] = clone self::$unused_wp; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- each request parses with a new one.
		$GLOBALS['wp']->main();
	}

	/** Back to the state the test bootstrap left: its request line, no main query run. */
	public static function reset(): void {
		if ( null !== self::$bootstrap_server ) {
			$_SERVER = self::$bootstrap_server + $_SERVER;
			self::$bootstrap_server = null;
		}
		if ( null !== self::$unused_wp ) {
			$GLOBALS['wp'] = self::$unused_wp; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
			self::$unused_wp = null;
		}
		$GLOBALS['wp_the_query'] = new WP_Query();
		$GLOBALS['wp_query'] = $GLOBALS['wp_the_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
		unset( $GLOBALS['post'] );
	}
}
