<?php
namespace TenderPress\Push;

use TenderPress\Support\Base64Url;

/**
 * Voluntary application-server identification (VAPID, RFC 8292): the site's own P-256 key pair,
 * made once and kept in an option, and the `Authorization: vapid t=…, k=…` header that signs each
 * request to a push service. A browser's subscription is bound to the public key it was made
 * with, so the pair must never change while subscriptions exist.
 */
final class Vapid {

	public const OPTION = 'tenderpress_push_vapid';

	/** How long a token is good for; RFC 8292 allows at most 24 hours. */
	public const TOKEN_LIFETIME = 12 * HOUR_IN_SECONDS;

	/**
	 * The site's key pair, made when none is stored (the activation makes it, so visitors never
	 * do). A stored pair is never replaced: browsers' subscriptions are bound to it, and a new one
	 * would end every one of them.
	 *
	 * @return array{0: string, 1: string} The private scalar and the public point.
	 * @throws \RuntimeException When the stored pair cannot be read (the prompt then stays off
	 *                           and nothing is sent), or none can be made.
	 */
	public static function keys(): array {
		global $wpdb;
		$stored = self::stored();
		if ( null !== $stored ) {
			return $stored;
		}
		$exists = null !== $wpdb->get_var( $wpdb->prepare( "SELECT option_id FROM {$wpdb->options} WHERE option_name = %s", self::OPTION ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- past every cache: a pair that is there must never be overwritten.
		if ( $exists ) {
			throw new \RuntimeException( 'The stored push key pair cannot be read.' );
		}
		list( $scalar, $point ) = P256::generate();
		$value                  = array(
			'private' => Base64Url::encode( $scalar ),
			'public'  => Base64Url::encode( $point ),
		);
		// Added only if still absent (a racing request's pair wins); autoloaded, as every page's
		// prompt carries the public key.
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'yes')", self::OPTION, maybe_serialize( $value ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above.
		foreach ( array( self::OPTION, 'alloptions', 'notoptions' ) as $key ) {
			wp_cache_delete( $key, 'options' );
		}
		$stored = self::stored();
		if ( null === $stored ) {
			throw new \RuntimeException( 'The push key pair could not be stored.' );
		}
		return $stored;
	}

	/**
	 * The stored key pair, or null when none is stored or it is not a pair.
	 *
	 * @return array{0: string, 1: string}|null
	 */
	private static function stored(): ?array {
		$stored = get_option( self::OPTION );
		if ( ! is_array( $stored ) || ! is_string( $stored['private'] ?? null ) || ! is_string( $stored['public'] ?? null ) ) {
			return null;
		}
		$scalar = Base64Url::decode( $stored['private'] );
		$point  = Base64Url::decode( $stored['public'] );
		return null !== $scalar && null !== $point && null !== P256::private_key( $scalar, $point ) ? array( $scalar, $point ) : null;
	}

	/** The public key as browsers take it (`applicationServerKey`), base64url. */
	public static function public_key(): string {
		return Base64Url::encode( self::keys()[1] );
	}

	/** Who runs the sender, as push services ask (RFC 8292 §2.1): the site's admin address. */
	public static function subject(): string {
		$email = (string) get_option( 'admin_email' );
		return is_email( $email ) ? 'mailto:' . $email : home_url( '/', 'https' );
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
