<?php
namespace TenderPress\Push;

use TenderPress\Settings\Settings;
use TenderPress\Support\Base64Url;

/**
 * Voluntary application-server identification (VAPID, RFC 8292): the site's own P-256 key pair,
 * made once and kept in an option, and the `Authorization: vapid t=…, k=…` header that signs each
 * request to a push service. A browser's subscription is bound to the public key it was made
 * with, so the pair must never change while subscriptions exist.
 *
 * The pair (OPTION) is not autoloaded: only the sender reads the private key, never a page. The
 * public key is stored apart (PUBLIC_OPTION, autoloaded), as every page's prompt carries it: a
 * page reads it as stored, never derives it, and never writes. The pair is made on activation,
 * by the upgrade, and when the settings are saved (create()).
 */
final class Vapid {

	public const OPTION        = 'tenderpress_push_vapid';
	public const PUBLIC_OPTION = 'tenderpress_push_vapid_public';

	/** How long a token is good for; RFC 8292 allows at most 24 hours. */
	public const TOKEN_LIFETIME = 12 * HOUR_IN_SECONDS;

	/**
	 * Makes the site's key pair when none is stored, and stores its public key apart. A stored
	 * pair is never replaced: browsers' subscriptions are bound to it, and a new one would end
	 * every one of them.
	 *
	 * @throws \RuntimeException When the stored pair cannot be read, or none can be made.
	 */
	public static function create(): void {
		global $wpdb;
		$exists = null !== $wpdb->get_var( $wpdb->prepare( "SELECT option_id FROM {$wpdb->options} WHERE option_name = %s", self::OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- past every cache: a pair that is there must never be overwritten.
		if ( ! $exists ) {
			list( $scalar, $point ) = P256::generate();
			$value                  = array(
				'private' => Base64Url::encode( $scalar ),
				'public'  => Base64Url::encode( $point ),
			);
			// Added only if still absent (a racing request's pair wins), not autoloaded.
			$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", self::OPTION, maybe_serialize( $value ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above.
			foreach ( array( self::OPTION, 'notoptions' ) as $key ) {
				wp_cache_delete( $key, 'options' );
			}
		}
		$public = Base64Url::encode( self::keys()[1] );
		if ( get_option( self::PUBLIC_OPTION ) !== $public ) {
			update_option( self::PUBLIC_OPTION, $public, true );
		}
	}

	/**
	 * The upgrade of a site whose pair was stored autoloaded, with no public key of its own: the
	 * pair leaves the autoloaded options, and the public key is stored apart (made, for a site
	 * with no pair yet).
	 */
	public static function upgrade(): void {
		wp_set_option_autoload( self::OPTION, false );
		self::create();
	}

	/**
	 * The site's key pair, for signing.
	 *
	 * @return array{0: string, 1: string} The private scalar and the public point.
	 * @throws \RuntimeException When no pair is stored (nothing is sent until one is made), or
	 *                           the stored one cannot be read (nothing is sent).
	 */
	public static function keys(): array {
		$stored = get_option( self::OPTION );
		if ( false === $stored ) {
			throw new \RuntimeException( 'The site has no push key pair yet.' );
		}
		$scalar = is_array( $stored ) && is_string( $stored['private'] ?? null ) ? Base64Url::decode( $stored['private'] ) : null;
		$point  = is_array( $stored ) && is_string( $stored['public'] ?? null ) ? Base64Url::decode( $stored['public'] ) : null;
		if ( null === $scalar || null === $point || null === P256::private_key( $scalar, $point ) ) {
			throw new \RuntimeException( 'The stored push key pair cannot be read.' );
		}
		return array( $scalar, $point );
	}

	/**
	 * The public key as browsers take it (`applicationServerKey`), base64url, as stored; '' when
	 * none is stored (no page offers notifications then).
	 */
	public static function public_key(): string {
		$public = get_option( self::PUBLIC_OPTION );
		$point  = is_string( $public ) ? Base64Url::decode( $public ) : null;
		return null !== $point && 65 === strlen( $point ) && "\x04" === $point[0] ? (string) $public : '';
	}

	/**
	 * Who runs the sender, as push services ask (RFC 8292 §2.1): the contact set in the push
	 * settings (an e-mail address or an https page), or else the site's address. Never the
	 * administrator's e-mail address unless it is set there: every push service would get it.
	 */
	public static function subject(): string {
		$contact = Settings::get( PushSettings::SECTION, 'contact' );
		$contact = is_string( $contact ) ? trim( $contact ) : '';
		if ( '' !== $contact && is_email( $contact ) ) {
			return 'mailto:' . $contact;
		}
		if ( str_starts_with( $contact, 'https://' ) ) {
			return $contact;
		}
		return home_url( '/', 'https' );
	}

	/**
	 * The origin a token is for: the endpoint's scheme, host and port (RFC 8292 §2), or null for
	 * an address without them.
	 */
	public static function audience( string $endpoint ): ?string {
		$parts = wp_parse_url( $endpoint );
		if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return null;
		}
		$scheme = strtolower( $parts['scheme'] );
		$port   = isset( $parts['port'] ) && ( 'https' === $scheme ? 443 : 80 ) !== (int) $parts['port'] ? ':' . (int) $parts['port'] : '';
		return $scheme . '://' . strtolower( $parts['host'] ) . $port;
	}

	/**
	 * The Authorization header for a request to a push service.
	 *
	 * @param string $audience An origin (audience()).
	 * @param int    $expires  When the token ends (a Unix time).
	 * @param string $scalar   The private key's scalar.
	 * @param string $point    The public key's point.
	 * @param string $subject  A mailto: or https: address of the sender.
	 * @throws \InvalidArgumentException When the key pair does not match.
	 */
	public static function authorization( string $audience, int $expires, string $scalar, string $point, string $subject ): string {
		$key = P256::private_key( $scalar, $point );
		if ( null === $key ) {
			throw new \InvalidArgumentException( 'The VAPID key pair does not match.' );
		}
		$header = array(
			'typ' => 'JWT',
			'alg' => 'ES256',
		);
		$input  = Base64Url::encode( (string) wp_json_encode( $header ) )
			. '.' . Base64Url::encode(
				(string) wp_json_encode(
					array(
						'aud' => $audience,
						'exp' => $expires,
						'sub' => $subject,
					),
					JSON_UNESCAPED_SLASHES
				)
			);
		$token  = $input . '.' . Base64Url::encode( P256::sign( $input, $key ) );
		return 'vapid t=' . $token . ', k=' . Base64Url::encode( $point );
	}
}
