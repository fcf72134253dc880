<?php
namespace TenderPress\Share;

/**
 * The catalogue of share services (services.json beside this file: the one list, kept as data),
 * and each service's link for a page.
 *
 * An entry has an id, a title (the brand's own name; the generic entries' titles are translated
 * here), a group, a background colour (and a foreground when white would not contrast), an icon
 * (a symbol of the sprite the build makes, see scripts/lib/share-icons.mjs) and either a URL
 * template or an action (print, copy). A federated network names its default instance host.
 */
final class ShareServices {

	/** Placeholders a URL template may hold, each replaced by a URL-encoded value. */
	public const PLACEHOLDERS = array( '{url}', '{title}', '{text}', '{prompt}' );

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
		}
		return $service['title'];
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
