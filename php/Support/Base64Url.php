<?php
namespace TenderPress\Support;

/**
 * Base64url without padding (RFC 4648 §5), the encoding of signed listing settings, Web Push keys
 * and JSON Web Tokens.
 */
final class Base64Url {

	public static function encode( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- an encoding of binary data, not obfuscation.
	}

	/**
	 * The bytes of a base64url text, or null for anything else: other characters, standard
	 * base64's "+" and "/", a length no encoding has. Trailing "=" padding is accepted, since
	 * browsers' subscriptions have been seen with it.
	 */
	public static function decode( string $text ): ?string {
		$text = rtrim( $text, '=' );
		if ( ! preg_match( '/^[A-Za-z0-9_-]*$/D', $text ) || 1 === strlen( $text ) % 4 ) {
			return null;
		}
		$bytes = base64_decode( strtr( $text, '-_', '+/' ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- as above.
		return false === $bytes ? null : $bytes;
	}
}
