<?php
namespace TenderPress\Share;

/**
 * The catalogue of share services (services.json beside this file: the one list, kept as data),
 * and each service's link for a page.
 *
 * An entry has an id, a title (the brand's own name; the generic entries' titles are translated
 * here), a group, a background colour (and a foreground when white would not contrast), an icon
 * (a symbol of the sprite the build makes, see scripts/lib/share-icons.mjs) and either a URL
 * template or an action (print, copy, native: the device's own share sheet). A federated
 * network names its default instance host.
 */
final class ShareServices {

	/** Placeholders a URL template may hold, each replaced by a URL-encoded value. */
	public const PLACEHOLDERS = array( '{url}', '{title}', '{text}', '{prompt}' );

	/** The largest count believed: a network's answer above it is an error, not a count. */
	public const MAX_COUNT = 1000000000000;

	/** @var array<string, array<string, string>>|null The catalogue by id, once read. */
	private static $catalogue = null;

	/** @var list<string>|null Protocols a link may use (spec §5), once read. */
	private static $protocols = null;

	/** @var array<string, mixed>|null The decoded file. */
	private static $data = null;

	/** @return array<string, mixed> */
	private static function data(): array {
		if ( null === self::$data ) {
			$data       = wp_json_file_decode( __DIR__ . '/services.json', array( 'associative' => true ) );
			self::$data = is_array( $data ) ? $data : array();
		}
		return self::$data;
	}

	/**
	 * The protocols a share link or a shared URL may use; any other link becomes '#' (the
	 * island's sanitiser reads the same list from its props).
	 *
	 * @return list<string>
	 */
	public static function protocols(): array {
		if ( null === self::$protocols ) {
			$list            = self::data()['protocols'] ?? array();
			self::$protocols = array_values( array_filter( is_array( $list ) ? $list : array(), static fn( $protocol ) => is_string( $protocol ) && preg_match( '/^[a-z][a-z0-9+.-]*$/D', $protocol ) ) );
		}
		return self::$protocols;
	}

	/**
	 * Where a service's share count can be read without an account (the catalogue's "counts"),
	 * by service id: `url`, a template whose `{url}` is the page's address, URL-encoded; `path`,
	 * the count's place in the JSON answer (dotted; a JSONP answer's `callback( … )` is unwrapped
	 * first) or `pattern`, a regular expression whose first group is the count, for an answer
	 * that is not JSON; and `where` the count is read: `server` (the background refresh,
	 * ShareCountRefresh) or `browser` (the visitor's browser, only when the site owner turns on
	 * collecting counts in browsers, because it sends the visitor's address to that network).
	 *
	 * The filter `tenderpress_share_count_sources` may change hosts (a test points them at a
	 * local server), remove networks or add one; entries that are not well formed, or name a
	 * service the catalogue does not have, are dropped. Well formed: an http(s) URL with a host
	 * of its own and no credentials, whose `{url}` comes after the host (the page's address
	 * never chooses where a request goes); exactly one of `path` and `pattern`; a pattern that
	 * compiles and has a group.
	 *
	 * @return array<string, array{url: string, path?: string, pattern?: string, where: string}>
	 */
	public static function count_sources(): array {
		$listed = self::data()['counts'] ?? array();
		/**
		 * Filters where share counts are read from, by service: change a host, remove a network
		 * or add one. Entries that are not well formed, or name a service the catalogue does
		 * not have, are dropped (see count_sources()).
		 *
		 * @param array<string, array{url: string, path?: string, pattern?: string, where: string}> $sources The catalogue's count sources.
		 */
		$sources = apply_filters( 'tenderpress_share_count_sources', is_array( $listed ) ? $listed : array() );
		$known   = self::all();
		$valid   = array();
		foreach ( is_array( $sources ) ? $sources : array() as $key => $source ) {
			$id = (string) $key;
			if ( ! isset( $known[ $id ] ) || ! is_array( $source ) || ! is_string( $source['url'] ?? null ) || ! in_array( $source['where'] ?? null, array( 'server', 'browser' ), true ) ) {
				continue;
			}
			$url   = $source['url'];
			$parts = preg_match( '/[\x00-\x20\x7f]/', $url ) ? false : wp_parse_url( $url );
			// The authority is what comes before the first / ? or # after the scheme: {url} must not be in it.
			$authority = preg_match( '~^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)~', $url, $head ) ? $head[1] : '';
			if ( ! is_array( $parts ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) || '' === (string) ( $parts['host'] ?? '' )
				|| isset( $parts['user'] ) || isset( $parts['pass'] ) || str_contains( $authority, '{' ) || str_contains( $authority, '@' ) || ! str_contains( $url, '{url}' ) ) {
				continue;
			}
			$has_path    = array_key_exists( 'path', $source ) && null !== $source['path'];
			$has_pattern = array_key_exists( 'pattern', $source ) && null !== $source['pattern'];
			$path        = $has_path && is_string( $source['path'] ) && preg_match( '/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/D', $source['path'] ) ? $source['path'] : null;
			$pattern     = null;
			if ( $has_pattern && is_string( $source['pattern'] ) && '' !== $source['pattern'] ) {
				// Unescaped slashes are escaped for the delimiter. It must compile alone, and with an
				// empty alternative, which makes the test match so that its groups are reported (as
				// null): it must have one. A malformed pattern is dropped, not reported to visitors.
				$escaped = (string) preg_replace( '~(?<!\\\\)((?:\\\\\\\\)*)/~', '$1\\/', $source['pattern'] );
				// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- as above.
				$alone = @preg_match( '/' . $escaped . '/', '' );
				// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- as above.
				$grouped = @preg_match( '/(?:' . $escaped . ')|/', '', $groups, PREG_UNMATCHED_AS_NULL );
				$pattern = false !== $alone && 1 === $grouped && array_key_exists( 1, $groups ) ? $source['pattern'] : null;
			}
			// Exactly one way to read the answer, and that one well formed.
			if ( $has_path === $has_pattern || ( $has_path && null === $path ) || ( $has_pattern && null === $pattern ) ) {
				continue;
			}
			$valid[ $id ] = array_filter(
				array(
					'url'     => $url,
					'path'    => $path,
					'pattern' => $pattern,
					'where'   => (string) $source['where'],
				),
				static fn( $value ) => null !== $value
			);
		}
		return $valid;
	}

	/**
	 * The count sources a visitor's browser reads (where: browser), by service id: only those
	 * with a JSON `path`, since a browser reads JSON only (a `pattern` source is for servers).
	 * The one list the island, the count answer and the save action all follow.
	 *
	 * @return array<string, array{url: string, path: string, where: string}>
	 */
	public static function browser_sources(): array {
		return array_filter( self::count_sources(), static fn( $source ) => 'browser' === $source['where'] && isset( $source['path'] ) );
	}

	/**
	 * The count a network's answer holds, as count_sources() describes it, or null when the
	 * answer does not hold one (an error page, a changed format, a negative, fractional or huge
	 * number, a number written as anything but digits).
	 *
	 * @param array{url: string, path?: string, pattern?: string, where: string} $source A source.
	 * @param string                                                             $body   The answer's body.
	 */
	public static function read_count( array $source, string $body ): ?int {
		$value = null;
		// A byte order mark some servers put before JSON.
		$body = str_starts_with( $body, "\xEF\xBB\xBF" ) ? substr( $body, 3 ) : $body;
		if ( isset( $source['pattern'] ) ) {
			// As count_sources() checked it: unescaped slashes escaped for the delimiter.
			// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a pattern that does not compile reads nothing.
			if ( @preg_match( '/' . preg_replace( '~(?<!\\\\)((?:\\\\\\\\)*)/~', '$1\\/', $source['pattern'] ) . '/', $body, $match ) && isset( $match[1] ) ) {
				$value = $match[1];
			}
		} elseif ( isset( $source['path'] ) ) {
			// A JSONP answer, such as receiveCount({…}) or /**/ cb({…});, is its argument.
			$json  = preg_match( '/^\s*(?:\/\*\*\/\s*)?[A-Za-z_$][\w$.]*\s*\(\s*(.*)\s*\)\s*;?\s*$/sD', $body, $wrapped ) ? $wrapped[1] : $body;
			$value = json_decode( $json, true );
			foreach ( explode( '.', $source['path'] ) as $key ) {
				$value = is_array( $value ) && array_key_exists( $key, $value ) ? $value[ $key ] : null;
			}
		}
		if ( is_string( $value ) && preg_match( '/^\d{1,15}$/D', $value ) ) {
			$value = (int) $value;
		}
		// A float is checked before it becomes an int: a cast of INF or of one beyond the int
		// range gives 0 or a wrapped number.
		if ( is_float( $value ) && is_finite( $value ) && floor( $value ) === $value && $value >= 0 && $value <= self::MAX_COUNT ) {
			$value = (int) $value;
		}
		return is_int( $value ) && $value >= 0 && $value <= self::MAX_COUNT ? $value : null;
	}

	/**
	 * Every service, by id, in the catalogue's order.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function all(): array {
		if ( null === self::$catalogue ) {
			$data            = self::data();
			self::$catalogue = array();
			foreach ( is_array( $data['services'] ?? null ) ? $data['services'] : array() as $entry ) {
				if ( is_array( $entry ) && isset( $entry['id'], $entry['title'] ) && is_string( $entry['id'] ) && preg_match( '/^[a-z0-9-]+$/D', $entry['id'] ) ) {
					self::$catalogue[ $entry['id'] ] = array_map( 'strval', array_filter( $entry, 'is_scalar' ) );
				}
			}
		}
		return self::$catalogue;
	}

	/**
	 * A service's name as visitors read it: the brand's, or for a generic entry a translated one.
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 */
	public static function title( array $service ): string {
		switch ( $service['id'] ) {
			case 'email':
				return __( 'Email', 'tenderpress' );
			case 'sms':
				return __( 'SMS', 'tenderpress' );
			case 'print':
				return __( 'Print', 'tenderpress' );
			case 'copy-link':
				return __( 'Copy link', 'tenderpress' );
			case 'device':
				return __( 'Share via an app', 'tenderpress' );
		}
		return $service['title'];
	}

	/**
	 * The services a visitor may find under "More", in the catalogue's order: every one but the
	 * device's own share sheet, which the bar and the dialog offer apart.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function listable(): array {
		return array_filter( self::all(), static fn( $service ) => 'native' !== ( $service['action'] ?? '' ) );
	}

	/**
	 * The service's link for a page, or '' for a service with an action instead (print, copy).
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 * @param string                $url     The page's URL.
	 * @param string                $title   The page's title, as text.
	 */
	public static function link( array $service, string $url, string $title ): string {
		if ( ! isset( $service['url'] ) ) {
			return '';
		}
		$values = array(
			rawurlencode( $url ),
			rawurlencode( $title ),
			rawurlencode( trim( $title . ' ' . $url ) ),
			rawurlencode( self::prompt( $url, $title ) ),
		);
		return str_replace( self::PLACEHOLDERS, $values, $service['url'] );
	}

	/** What an AI assistant is asked about a page. */
	public static function prompt( string $url, string $title ): string {
		return sprintf( self::prompt_format(), $title, $url );
	}

	/** The question put to an AI assistant, with %1$s for the page's title and %2$s its address. */
	public static function prompt_format(): string {
		/* translators: 1: a page's title, 2: its address. */
		return __( 'Summarise this public procurement notice for me: %1$s %2$s', 'tenderpress' );
	}

	/** A service's name with a warning that it opens a new tab, %s for the name. */
	public static function new_tab_format(): string {
		/* translators: %s: a share service's name. */
		return __( '%s (opens in a new tab)', 'tenderpress' );
	}
}
