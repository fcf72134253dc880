<?php
namespace TenderPress\Push;

/**
 * The NIST P-256 curve through PHP's OpenSSL, in the raw forms Web Push uses: a public key is the
 * 65-byte uncompressed point (0x04 || x || y), a private key its 32-byte scalar, a signature the
 * 64 bytes r || s (JWS, RFC 7518 §3.4). OpenSSL speaks DER and PEM, so keys are wrapped in the
 * fixed ASN.1 envelopes of this one curve, and signatures converted from and to DER.
 */
final class P256 {

	public const POINT_LENGTH  = 65;
	public const SCALAR_LENGTH = 32;

	/** SubjectPublicKeyInfo up to the point: id-ecPublicKey, prime256v1, a 66-byte BIT STRING. */
	private const PUBLIC_PREFIX = '3059301306072a8648ce3d020106082a8648ce3d030107034200';

	/** SEC 1 ECPrivateKey: version 1 and a 32-byte OCTET STRING, the scalar follows. */
	private const PRIVATE_PREFIX = '30770201010420';

	/** Between the scalar and the point: [0] prime256v1, [1] a 66-byte BIT STRING. */
	private const PRIVATE_MIDDLE = 'a00a06082a8648ce3d030107a144034200';

	/**
	 * A public key from its point, or null when the bytes are not a point on the curve (OpenSSL
	 * checks that when it reads the key).
	 */
	public static function public_key( string $point ): ?\OpenSSLAsymmetricKey {
		if ( self::POINT_LENGTH !== strlen( $point ) || "\x04" !== $point[0] ) {
			return null;
		}
		$key = openssl_pkey_get_public( self::pem( 'PUBLIC KEY', hex2bin( self::PUBLIC_PREFIX ) . $point ) );
		return false === $key ? null : $key;
	}

	/** A private key from its scalar and point, or null when they do not make one. */
	public static function private_key( string $scalar, string $point ): ?\OpenSSLAsymmetricKey {
		if ( self::SCALAR_LENGTH !== strlen( $scalar ) || null === self::public_key( $point ) ) {
			return null;
		}
		$der = hex2bin( self::PRIVATE_PREFIX ) . $scalar . hex2bin( self::PRIVATE_MIDDLE ) . $point;
		$key = openssl_pkey_get_private( self::pem( 'EC PRIVATE KEY', $der ) );
		if ( false === $key || self::point( $key ) !== $point ) {
			return null;
		}
		return $key;
	}

	/**
	 * A new key pair as OpenSSL holds it, with its point: for a one-off key, which is never
	 * stored (the message encryption's), without going through its scalar.
	 *
	 * @return array{0: \OpenSSLAsymmetricKey, 1: string}
	 * @throws \RuntimeException When OpenSSL cannot make one.
	 */
	public static function generate_key(): array {
		$key = openssl_pkey_new(
			array(
				'private_key_type' => OPENSSL_KEYTYPE_EC,
				'curve_name'       => 'prime256v1',
			)
		);
		if ( false === $key ) {
			throw new \RuntimeException( 'OpenSSL could not make a P-256 key.' );
		}
		return array( $key, self::point( $key ) );
	}

	/**
	 * A new key pair.
	 *
	 * @return array{0: string, 1: string} The scalar and the point.
	 * @throws \RuntimeException When OpenSSL cannot make one.
	 */
	public static function generate(): array {
		$key     = openssl_pkey_new(
			array(
				'private_key_type' => OPENSSL_KEYTYPE_EC,
				'curve_name'       => 'prime256v1',
			)
		);
		$details = false === $key ? false : openssl_pkey_get_details( $key );
		if ( ! is_array( $details ) || ! isset( $details['ec']['d'] ) ) {
			throw new \RuntimeException( 'OpenSSL could not make a P-256 key.' );
		}
		return array( self::pad( (string) $details['ec']['d'] ), self::point( $key ) );
	}

	/** The uncompressed point of a key. */
	public static function point( \OpenSSLAsymmetricKey $key ): string {
		$details = openssl_pkey_get_details( $key );
		$ec      = is_array( $details ) && isset( $details['ec'] ) ? $details['ec'] : array();
		return "\x04" . self::pad( (string) ( $ec['x'] ?? '' ) ) . self::pad( (string) ( $ec['y'] ?? '' ) );
	}

	/**
	 * ECDH: the 32-byte shared secret of a private key and another party's point.
	 *
	 * @throws \RuntimeException When the point is not on the curve or OpenSSL fails.
	 */
	public static function shared_secret( \OpenSSLAsymmetricKey $private_key, string|\OpenSSLAsymmetricKey $point ): string {
		$public = is_string( $point ) ? self::public_key( $point ) : $point;
		$secret = null === $public ? false : openssl_pkey_derive( $public, $private_key, self::SCALAR_LENGTH );
		if ( ! is_string( $secret ) || self::SCALAR_LENGTH !== strlen( $secret ) ) {
			throw new \RuntimeException( 'The ECDH agreement failed.' );
		}
		return $secret;
	}

	/**
	 * An ES256 signature (SHA-256, then r || s).
	 *
	 * @throws \RuntimeException When OpenSSL cannot sign.
	 */
	public static function sign( string $data, \OpenSSLAsymmetricKey $private_key ): string {
		$der = '';
		if ( ! openssl_sign( $data, $der, $private_key, OPENSSL_ALGO_SHA256 ) || ! is_string( $der ) ) {
			throw new \RuntimeException( 'OpenSSL could not sign.' );
		}
		$raw = self::raw_signature( $der );
		if ( null === $raw ) {
			throw new \RuntimeException( 'OpenSSL gave a signature of an unknown form.' );
		}
		return $raw;
	}

	/** Whether a 64-byte r || s signature of $data is the key's. */
	public static function verify( string $data, string $signature, string $point ): bool {
		$key = self::public_key( $point );
		if ( null === $key || 2 * self::SCALAR_LENGTH !== strlen( $signature ) ) {
			return false;
		}
		$der = self::der_integer( substr( $signature, 0, 32 ) ) . self::der_integer( substr( $signature, 32 ) );
		return 1 === openssl_verify( $data, "\x30" . chr( strlen( $der ) ) . $der, $key, OPENSSL_ALGO_SHA256 );
	}

	/** The r || s form of a DER SEQUENCE of two INTEGERs, or null for another shape. */
	private static function raw_signature( string $der ): ?string {
		if ( strlen( $der ) < 8 || "\x30" !== $der[0] || ord( $der[1] ) !== strlen( $der ) - 2 ) {
			return null;
		}
		$raw    = '';
		$offset = 2;
		for ( $i = 0; $i < 2; $i++ ) {
			if ( "\x02" !== ( $der[ $offset ] ?? '' ) ) {
				return null;
			}
			$length = ord( $der[ $offset + 1 ] ?? "\0" );
			$value  = ltrim( substr( $der, $offset + 2, $length ), "\0" );
			if ( strlen( $value ) > self::SCALAR_LENGTH ) {
				return null;
			}
			$raw    .= self::pad( $value );
			$offset += 2 + $length;
		}
		return strlen( $der ) === $offset ? $raw : null;
	}

	/** A DER INTEGER of an unsigned big-endian number. */
	private static function der_integer( string $bytes ): string {
		$bytes = ltrim( $bytes, "\0" );
		if ( '' === $bytes || ord( $bytes[0] ) > 0x7f ) {
			$bytes = "\0" . $bytes;
		}
		return "\x02" . chr( strlen( $bytes ) ) . $bytes;
	}

	/** A coordinate or scalar left-padded to 32 bytes (OpenSSL drops leading zeros). */
	private static function pad( string $bytes ): string {
		return str_pad( $bytes, self::SCALAR_LENGTH, "\0", STR_PAD_LEFT );
	}

	private static function pem( string $label, string $der ): string {
		return "-----BEGIN {$label}-----\n" . chunk_split( base64_encode( $der ), 64, "\n" ) . "-----END {$label}-----\n"; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- PEM is base64.
	}
}
