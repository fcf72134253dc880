<?php
namespace TenderPress\Push;

/**
 * Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188): the
 * body a push service carries to the browser, which only the subscribed browser can read.
 *
 * Each message gets a fresh application-server key pair and salt; one record holds the whole
 * message, which therefore has to fit in RECORD_SIZE with the record's overhead.
 */
final class PayloadEncryption {

	/** The record size announced in the header: 4096, the most every push service accepts. */
	public const RECORD_SIZE = 4096;

	/** Salt 16, record size 4, key id length 1, key id (the sender's point) 65. */
	public const HEADER_LENGTH = 86;

	private const TAG_LENGTH = 16;

	/** The largest plaintext one record carries: the record less its tag and the 0x02 delimiter. */
	public const MAX_PLAINTEXT = self::RECORD_SIZE - self::HEADER_LENGTH - self::TAG_LENGTH - 1;

	/**
	 * The encrypted body for one subscription.
	 *
	 * @param string      $plaintext  At most MAX_PLAINTEXT bytes.
	 * @param string      $ua_public  The subscription's p256dh point (65 bytes).
	 * @param string      $auth       The subscription's 16-byte auth secret.
	 * @param string|null $as_scalar  The sender's one-off private scalar; a fresh key when null
	 *                                (tests pass the RFC's).
	 * @param string|null $salt       16 random bytes; fresh when null.
	 * @throws \InvalidArgumentException For keys or a plaintext that cannot be used.
	 * @throws \RuntimeException When OpenSSL fails.
	 */
	public static function encrypt( string $plaintext, string $ua_public, string $auth, ?string $as_scalar = null, ?string $salt = null ): string {
		if ( strlen( $plaintext ) > self::MAX_PLAINTEXT ) {
			throw new \InvalidArgumentException( 'The push message is too long for one record.' );
		}
		$ua_key = P256::public_key( $ua_public );
		if ( 16 !== strlen( $auth ) || null === $ua_key ) {
			throw new \InvalidArgumentException( 'The subscription\'s keys are not a P-256 point and a 16-byte secret.' );
		}
		$salt = $salt ?? random_bytes( 16 );
		if ( null === $as_scalar ) {
			// The usual case: a fresh key, used as OpenSSL made it.
			list( $as_key, $as_public ) = P256::generate_key();
		} else {
			$as_public = self::point_of( $as_scalar );
			$as_key    = P256::private_key( $as_scalar, $as_public );
		}
		if ( null === $as_key || 16 !== strlen( $salt ) ) {
			throw new \InvalidArgumentException( 'The sender\'s key or salt cannot be used.' );
		}

		list( $key, $nonce ) = self::key_and_nonce( P256::shared_secret( $as_key, $ua_key ), $auth, $ua_public, $as_public, $salt );
		$tag                 = '';
		$ciphertext          = openssl_encrypt( $plaintext . "\x02", 'aes-128-gcm', $key, OPENSSL_RAW_DATA, $nonce, $tag, '', self::TAG_LENGTH );
		if ( false === $ciphertext ) {
			throw new \RuntimeException( 'AES-128-GCM encryption failed.' );
		}
		return $salt . pack( 'N', self::RECORD_SIZE ) . chr( P256::POINT_LENGTH ) . $as_public . $ciphertext . $tag;
	}

	/**
	 * The content-encryption key and nonce (RFC 8291 §3.4, RFC 8188 §2.2).
	 *
	 * @return array{0: string, 1: string}
	 */
	public static function key_and_nonce( string $ecdh_secret, string $auth, string $ua_public, string $as_public, string $salt ): array {
		$ikm = hash_hkdf( 'sha256', $ecdh_secret, 32, "WebPush: info\0" . $ua_public . $as_public, $auth );
		return array(
			hash_hkdf( 'sha256', $ikm, 16, "Content-Encoding: aes128gcm\0", $salt ),
			hash_hkdf( 'sha256', $ikm, 12, "Content-Encoding: nonce\0", $salt ),
		);
	}

	/**
	 * The point of a private scalar, through a key OpenSSL derives from it.
	 *
	 * @throws \InvalidArgumentException When the scalar is not a P-256 key.
	 */
	private static function point_of( string $scalar ): string {
		// OpenSSL reads a SEC 1 key without its public part and computes the point itself.
		$der = "\x30\x31\x02\x01\x01\x04\x20" . $scalar . "\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07";
		$key = openssl_pkey_get_private( "-----BEGIN EC PRIVATE KEY-----\n" . chunk_split( base64_encode( $der ), 64, "\n" ) . "-----END EC PRIVATE KEY-----\n" ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- PEM is base64.
		if ( false === $key ) {
			throw new \InvalidArgumentException( 'The sender\'s private scalar is not a P-256 key.' );
		}
		return P256::point( $key );
	}
}
