<?php
namespace TenderPress\Tests;

use TenderPress\Push\P256;
use TenderPress\Push\PayloadEncryption;
use TenderPress\Push\PushSettings;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Support\Base64Url;
use TenderPress\Support\Upgrade;

/**
 * The cryptography of Web Push, which fails silently when wrong (the push service takes the
 * message, the browser drops what it cannot decrypt): message encryption reproduces RFC 8291's
 * worked example to the byte, with its intermediate values, and a browser's key decrypts what
 * the site sends with fresh keys; VAPID tokens (RFC 8292) verify, the RFC's own example verifies
 * with the same code, and the site's key pair is made once and kept.
 */
final class PushCryptoTest extends TestCase {

	/** RFC 8291 §5 and Appendix A. */
	private const PLAINTEXT   = 'When I grow up, I want to be a watermelon';
	private const UA_PUBLIC   = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
	private const UA_PRIVATE  = 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94';
	private const AUTH        = 'BTBZMqHH6r4Tts7J_aSIgg';
	private const AS_PUBLIC   = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';
	private const AS_PRIVATE  = 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw';
	private const SALT        = 'DGv6ra1nlYgDCS1FRnbzlw';
	private const ECDH_SECRET = 'kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs';
	private const CEK         = 'oIhVW04MRdy2XN9CiKLxTg';
	private const NONCE       = '4h_95klXJ5E_qnoN';
	private const BODY        = 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN';

	/** RFC 8292 §2.4: a token, and the key that signed it. */
	private const RFC8292_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJodHRwczovL3B1c2guZXhhbXBsZS5uZXQiLCJleHAiOjE0NTM1MjM3NjgsInN1YiI6Im1haWx0bzpwdXNoQGV4YW1wbGUuY29tIn0.i3CYb7t4xfxCDquptFOepC9GAu_HLGkMlMuCGSK2rpiUfnK9ojFwDXb1JrErtmysazNjjvW2L9OkSSHzvoD1oA';
	private const RFC8292_KEY   = 'BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs';

	private static function bytes( string $base64url ): string {
		$bytes = Base64Url::decode( $base64url );
		self::assertNotNull( $bytes );
		return $bytes;
	}

	public function test_the_rfc_8291_example_message_is_reproduced_to_the_byte(): void {
		$body = PayloadEncryption::encrypt( self::PLAINTEXT, self::bytes( self::UA_PUBLIC ), self::bytes( self::AUTH ), self::bytes( self::AS_PRIVATE ), self::bytes( self::SALT ) );
		$this->assertSame( self::BODY, Base64Url::encode( $body ) );
	}

	public function test_each_intermediate_value_of_the_rfc_8291_example(): void {
		$as_key = P256::private_key( self::bytes( self::AS_PRIVATE ), self::bytes( self::AS_PUBLIC ) );
		$this->assertNotNull( $as_key );
		$this->assertSame( self::bytes( self::AS_PUBLIC ), P256::point( $as_key ) );
		$secret = P256::shared_secret( $as_key, self::bytes( self::UA_PUBLIC ) );
		$this->assertSame( self::ECDH_SECRET, Base64Url::encode( $secret ) );

		// The browser's side of the agreement comes to the same secret.
		$ua_key = P256::private_key( self::bytes( self::UA_PRIVATE ), self::bytes( self::UA_PUBLIC ) );
		$this->assertNotNull( $ua_key );
		$this->assertSame( $secret, P256::shared_secret( $ua_key, self::bytes( self::AS_PUBLIC ) ) );

		list( $cek, $nonce ) = PayloadEncryption::key_and_nonce( $secret, self::bytes( self::AUTH ), self::bytes( self::UA_PUBLIC ), self::bytes( self::AS_PUBLIC ), self::bytes( self::SALT ) );
		$this->assertSame( self::CEK, Base64Url::encode( $cek ) );
		$this->assertSame( self::NONCE, Base64Url::encode( $nonce ) );
	}

	public function test_a_browser_decrypts_what_is_sent_with_fresh_keys_and_salt_each_time(): void {
		$browser = PushReceiver::create();
		$message = '{"title":"Supply of ambulances — Pune","url":"https://example.org/tenders/x/"}';

		$first  = PayloadEncryption::encrypt( $message, $browser->point, $browser->auth );
		$second = PayloadEncryption::encrypt( $message, $browser->point, $browser->auth );
		$this->assertNotSame( substr( $first, 0, 16 ), substr( $second, 0, 16 ), 'A fresh salt each time.' );
		$this->assertNotSame( substr( $first, 21, 65 ), substr( $second, 21, 65 ), 'A fresh sender key each time.' );

		foreach ( array( $first, $second ) as $body ) {
			$this->assertSame( $message, $browser->decrypt( $body ) );
		}
	}

	public function test_a_message_fills_one_4096_byte_record_at_most(): void {
		$browser = PushReceiver::create();
		$longest = str_repeat( 'x', PayloadEncryption::MAX_PLAINTEXT );
		$body    = PayloadEncryption::encrypt( $longest, $browser->point, $browser->auth );
		$this->assertSame( 4096, strlen( $body ), 'Header and record together are the push services\' 4096-byte limit.' );
		$this->assertSame( $longest, $browser->decrypt( $body ) );

		$this->expectException( \InvalidArgumentException::class );
		PayloadEncryption::encrypt( $longest . 'x', $browser->point, $browser->auth );
	}

	/**
	 * @dataProvider unusable_keys
	 * @param string $point A subscription's p256dh.
	 * @param string $auth  Its auth secret.
	 */
	public function test_keys_that_are_not_a_point_and_a_16_byte_secret_are_refused( string $point, string $auth ): void {
		$this->expectException( \InvalidArgumentException::class );
		PayloadEncryption::encrypt( 'x', $point, $auth );
	}

	/** @return array<string, array{string, string}> */
	public static function unusable_keys(): array {
		$point = (string) Base64Url::decode( self::UA_PUBLIC );
		$auth  = (string) Base64Url::decode( self::AUTH );
		return array(
			'a point off the curve'         => array( "\x04" . str_repeat( "\x01", 64 ), $auth ),
			'a compressed point'            => array( "\x02" . substr( $point, 1, 32 ), $auth ),
			'no point'                      => array( '', $auth ),
			'a 15-byte secret'              => array( $point, substr( $auth, 0, 15 ) ),
			'a point with a byte too many'  => array( $point . "\x00", $auth ),
			'the point at infinity, padded' => array( "\x04" . str_repeat( "\x00", 64 ), $auth ),
		);
	}

	public function test_the_rfc_8292_example_token_verifies_and_a_changed_one_does_not(): void {
		list( $header, $claims, $signature ) = explode( '.', self::RFC8292_TOKEN );
		$key                                 = self::bytes( self::RFC8292_KEY );
		$this->assertTrue( P256::verify( $header . '.' . $claims, self::bytes( $signature ), $key ) );
		$this->assertFalse( P256::verify( $header . '.' . $claims . 'x', self::bytes( $signature ), $key ) );
		$this->assertFalse( P256::verify( $header . '.' . $claims, self::bytes( $signature ), self::bytes( self::AS_PUBLIC ) ), 'Another key did not sign it.' );
		$this->assertSame(
			array(
				'aud' => 'https://push.example.net',
				'exp' => 1453523768,
				'sub' => 'mailto:push@example.com',
			),
			json_decode( self::bytes( $claims ), true )
		);
	}

	public function test_the_vapid_header_carries_a_token_for_the_push_services_origin_signed_by_the_sites_key(): void {
		list( $scalar, $point ) = P256::generate();
		$expires                = time() + Vapid::TOKEN_LIFETIME;
		// Many tokens: an r or s with a leading zero byte (one in 256) must come out as 32 bytes.
		for ( $i = 0; $i < 64; $i++ ) {
			$header = Vapid::authorization( 'https://fcm.googleapis.com', $expires, $scalar, $point, 'mailto:owner@example.org' );
			$this->assertMatchesRegularExpression( '/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/D', $header );
			preg_match( '/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/D', $header, $parts );
			$this->assertSame( $point, self::bytes( $parts[4] ) );
			$this->assertSame(
				array(
					'typ' => 'JWT',
					'alg' => 'ES256',
				),
				json_decode( self::bytes( $parts[1] ), true )
			);
			$this->assertSame(
				array(
					'aud' => 'https://fcm.googleapis.com',
					'exp' => $expires,
					'sub' => 'mailto:owner@example.org',
				),
				json_decode( self::bytes( $parts[2] ), true )
			);
			$this->assertSame( 64, strlen( self::bytes( $parts[3] ) ) );
			$this->assertTrue( P256::verify( $parts[1] . '.' . $parts[2], self::bytes( $parts[3] ), $point ) );
		}
	}

	public function test_a_tokens_audience_is_the_endpoints_origin(): void {
		$this->assertSame( 'https://fcm.googleapis.com', Vapid::audience( 'https://fcm.googleapis.com/fcm/send/abc:APA91b' ) );
		$this->assertSame( 'https://updates.push.services.mozilla.com', Vapid::audience( 'https://Updates.Push.Services.Mozilla.com/wpush/v2/gAAA' ) );
		$this->assertSame( 'http://127.0.0.1:8999', Vapid::audience( 'http://127.0.0.1:8999/push/1' ) );
		$this->assertNull( Vapid::audience( 'not an address' ) );
		$this->assertNull( Vapid::audience( '/relative/path' ) );
	}

	/** The autoload column of an option's row, as stored. */
	private static function autoload( string $option ): ?string {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", $option ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		return null === $value ? null : (string) $value;
	}

	public function test_the_sites_key_pair_is_made_once_kept_out_of_autoload_and_never_replaced(): void {
		delete_option( Vapid::OPTION );
		delete_option( Vapid::PUBLIC_OPTION );
		Vapid::create();
		$pair = Vapid::keys();
		Vapid::create();
		$this->assertSame( $pair, Vapid::keys(), 'The same pair on every read: subscriptions are bound to it.' );
		wp_cache_flush();
		$this->assertSame( $pair, Vapid::keys(), 'And from the database.' );
		$this->assertSame( Base64Url::encode( $pair[1] ), Vapid::public_key() );
		$this->assertContains( self::autoload( Vapid::OPTION ), array( 'no', 'off' ), 'The private key is read by the sender alone, never loaded with every page.' );
		$this->assertAutoloaded( Vapid::PUBLIC_OPTION, 'Every page\'s prompt reads the public key: no query of its own.' );
		$this->assertArrayNotHasKey( Vapid::OPTION, wp_load_alloptions() );

		// A pair that cannot be read is kept as it is (a new one would end every subscription).
		update_option(
			Vapid::OPTION,
			array(
				'private' => 'x',
				'public'  => 'y',
			),
			false
		);
		foreach ( array( 'keys', 'create' ) as $method ) {
			try {
				Vapid::$method();
				$this->fail( 'An unreadable pair is refused.' );
			} catch ( \RuntimeException $e ) {
				$this->assertSame( 'The stored push key pair cannot be read.', $e->getMessage() );
			}
		}
		wp_cache_flush();
		$this->assertSame(
			array(
				'private' => 'x',
				'public'  => 'y',
			),
			get_option( Vapid::OPTION )
		);
	}

	public function test_the_upgrade_takes_an_autoloaded_pair_out_of_autoload_and_stores_its_public_key_apart(): void {
		global $wpdb;
		// As the previous release stored it: one autoloaded option, no public key of its own.
		delete_option( Vapid::OPTION );
		delete_option( Vapid::PUBLIC_OPTION );
		list( $scalar, $point ) = P256::generate();
		$pair                   = array(
			'private' => Base64Url::encode( $scalar ),
			'public'  => Base64Url::encode( $point ),
		);
		add_option( Vapid::OPTION, $pair, '', true );
		update_option( Upgrade::OPTION, 8 );
		$this->assertSame( '', Vapid::public_key(), 'Before the upgrade, pages offer nothing (and make nothing).' );

		Upgrade::run();
		wp_cache_flush();

		$this->assertSame( $pair, get_option( Vapid::OPTION ), 'The pair is the same: subscriptions stay bound to it.' );
		$this->assertContains( self::autoload( Vapid::OPTION ), array( 'no', 'off' ) );
		$this->assertSame( $pair['public'], Vapid::public_key() );
		$this->assertAutoloaded( Vapid::PUBLIC_OPTION );
		$this->assertNotContains( Vapid::OPTION, $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE autoload IN ('yes', 'on')" ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	public function test_the_vapid_subject_is_the_sites_address_or_the_contact_set_never_the_admins_email(): void {
		update_option( 'admin_email', 'owner@example.org' );
		$this->store_section( PushSettings::SECTION, array() );
		$this->assertSame( home_url( '/', 'https' ), Vapid::subject() );
		$this->assertStringNotContainsString( 'owner@example.org', Vapid::subject() );

		$this->store_section( PushSettings::SECTION, array( 'contact' => 'push-team@example.net' ) );
		$this->assertSame( 'mailto:push-team@example.net', Vapid::subject() );
		$this->store_section( PushSettings::SECTION, array( 'contact' => 'https://example.net/contact' ) );
		$this->assertSame( 'https://example.net/contact', Vapid::subject() );

		// What the push service reads in each token.
		list( $scalar, $point ) = P256::generate();
		$header                 = Vapid::authorization( 'https://fcm.googleapis.com', time() + 60, $scalar, $point, Vapid::subject() );
		$this->assertSame( 1, preg_match( '/t=([^,]+)/', $header, $token ) );
		$claims = json_decode( (string) Base64Url::decode( explode( '.', $token[1] )[1] ), true );
		$this->assertSame( 'https://example.net/contact', $claims['sub'] );
	}

	public function test_the_contact_setting_takes_an_email_or_an_https_address_only(): void {
		$field = Settings::section( PushSettings::SECTION )?->fields['contact'] ?? null;
		$this->assertNotNull( $field );
		$this->assertSame( 'push@example.net', $field->validate( 'push@example.net' ) );
		$this->assertSame( 'https://example.net/contact', $field->validate( 'https://example.net/contact' ) );
		$this->assertSame( '', $field->validate( '' ) );
		foreach ( array( 'http://example.net/contact', 'mailto:push@example.net', 'javascript:alert(1)', 'not an address' ) as $bad ) {
			$this->assertInstanceOf( \WP_Error::class, $field->validate( $bad ), $bad );
		}
	}

	public function test_a_tokens_audience_leaves_out_the_default_port(): void {
		$this->assertSame( 'https://push.example.net', Vapid::audience( 'https://push.example.net:443/p/1' ) );
		$this->assertSame( 'https://push.example.net:8443', Vapid::audience( 'https://push.example.net:8443/p/1' ) );
	}

	/**
	 * @dataProvider base64url_texts
	 * @param string      $text  What is decoded.
	 * @param string|null $bytes What comes out.
	 */
	public function test_base64url_decoding_is_strict( string $text, ?string $bytes ): void {
		$this->assertSame( $bytes, Base64Url::decode( $text ) );
		if ( null !== $bytes ) {
			$this->assertSame( rtrim( $text, '=' ), Base64Url::encode( $bytes ) );
		}
	}

	/** @return array<string, array{string, string|null}> */
	public static function base64url_texts(): array {
		return array(
			'url-safe characters'      => array( '-_-_', "\xfb\xff\xbf" ),
			'padding is allowed'       => array( 'YQ==', 'a' ),
			'standard "+" and "/"'     => array( '+/+/', null ),
			'a length no encoding has' => array( 'abcde', null ),
			'spaces'                   => array( 'YW Jj', null ),
			'empty'                    => array( '', '' ),
		);
	}
}
