<?php
namespace TenderPress\Tests;

use PHPUnit\Framework\Assert;
use TenderPress\Push\P256;
use TenderPress\Push\PayloadEncryption;
use TenderPress\Support\Base64Url;

/**
 * A browser's side of Web Push for the tests: a subscription's key pair and auth secret, and the
 * decryption (RFC 8291) of a message sent to it.
 */
final class PushReceiver {

	private function __construct(
		public readonly string $scalar,
		public readonly string $point,
		public readonly string $auth
	) {}

	/** A new browser with fresh keys. */
	public static function create(): self {
		list( $scalar, $point ) = P256::generate();
		return new self( $scalar, $point, random_bytes( 16 ) );
	}

	/**
	 * Its keys as a PushSubscription's JSON has them.
	 *
	 * @return array{p256dh: string, auth: string}
	 */
	public function keys(): array {
		return array(
			'p256dh' => Base64Url::encode( $this->point ),
			'auth'   => Base64Url::encode( $this->auth ),
		);
	}

	/** The plaintext of a message body sent to this browser (asserting its framing). */
	public function decrypt( string $body ): string {
		Assert::assertSame( PayloadEncryption::RECORD_SIZE, unpack( 'N', substr( $body, 16, 4 ) )[1], 'The record size.' );
		Assert::assertSame( 65, ord( $body[20] ), 'The key id is the sender\'s point.' );
		$salt      = substr( $body, 0, 16 );
		$as_public = substr( $body, 21, 65 );
		$record    = substr( $body, PayloadEncryption::HEADER_LENGTH );
		$key       = P256::private_key( $this->scalar, $this->point );
		Assert::assertNotNull( $key );
		list( $cek, $nonce ) = PayloadEncryption::key_and_nonce( P256::shared_secret( $key, $as_public ), $this->auth, $this->point, $as_public, $salt );
		$plain               = openssl_decrypt( substr( $record, 0, -16 ), 'aes-128-gcm', $cek, OPENSSL_RAW_DATA, $nonce, substr( $record, -16 ) );
		Assert::assertIsString( $plain, 'The message decrypts with the browser\'s key.' );
		Assert::assertSame( "\x02", substr( $plain, -1 ), 'The last record\'s delimiter.' );
		return substr( $plain, 0, -1 );
	}
}
