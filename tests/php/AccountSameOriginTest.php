<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use TenderPress\Support\SiteOrigin;
use WP_User;

/**
 * The three anonymous account forms (sign-in, lost password, reset) take requests only from a
 * page of this site: a third-party page that posts them from its visitors' browsers (with the
 * nonce any cached page shows) is refused with a 403 before anything happens. Browsers say where
 * a request comes from in `Origin` and `Sec-Fetch-Site`; a request with neither (an old browser,
 * a form post without JavaScript) keeps working.
 */
final class AccountSameOriginTest extends TestCase {

	private const PASSWORD = 'Correct horse 7 battery';

	private const NEW_PASSWORD = 'A brand new password 42';

	/** @var WP_User */
	private $user;

	/** @var int Mail WordPress tried to send during the test. */
	private $mails = 0;

	/** @var callable */
	private $capture;

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.70';
		add_filter( 'send_auth_cookies', '__return_false' );
		$this->mails   = 0;
		$this->capture = function () {
			++$this->mails;
			return true;
		};
		add_filter( 'pre_wp_mail', $this->capture, PHP_INT_MAX );
		$user_id = wp_insert_user(
			array(
				'user_login' => 'lin_' . wp_generate_password( 6, false ),
				'user_email' => 'lin-' . wp_generate_password( 6, false ) . '@example.org',
				'user_pass'  => self::PASSWORD,
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );
		$this->user = get_userdata( $user_id );
	}

	protected function tearDown(): void {
		remove_filter( 'send_auth_cookies', '__return_false' );
		remove_filter( 'pre_wp_mail', $this->capture, PHP_INT_MAX );
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_ORIGIN'], $_SERVER['HTTP_SEC_FETCH_SITE'] );
		ResetCookie::clear();
		parent::tearDown();
	}

	/**
	 * Where a request comes from, as a browser says it.
	 *
	 * @return array<string, array{?string, ?string, bool}> Origin, Sec-Fetch-Site, allowed.
	 */
	public static function senders(): array {
		return array(
			'a foreign Origin'                       => array( 'https://evil.example', null, false ),
			'a foreign Origin, same-origin claimed'  => array( 'https://evil.example', 'same-origin', false ),
			'Origin null'                            => array( 'null', null, false ),
			'a cross-site Sec-Fetch-Site'            => array( null, 'cross-site', false ),
			'cross-site with the site\'s origin'     => array( 'own', 'cross-site', false ),
			'same-site (a sibling subdomain)'        => array( 'http://blog.127.0.0.1.example', 'same-site', false ),
			'same-site without Origin'               => array( null, 'same-site', false ),
			'the site\'s own origin'                 => array( 'own', 'same-origin', true ),
			'the site\'s own origin, in upper case'  => array( 'own-upper', null, true ),
			'no header at all'                       => array( null, null, true ),
		);
	}

	private function sent_from( ?string $origin, ?string $fetch ): void {
		unset( $_SERVER['HTTP_ORIGIN'], $_SERVER['HTTP_SEC_FETCH_SITE'] );
		if ( 'own' === $origin || 'own-upper' === $origin ) {
			$origin = 'own' === $origin ? SiteOrigin::get() : strtoupper( SiteOrigin::get() );
		}
		if ( null !== $origin ) {
			$_SERVER['HTTP_ORIGIN'] = $origin;
		}
		if ( null !== $fetch ) {
			$_SERVER['HTTP_SEC_FETCH_SITE'] = $fetch;
		}
	}

	private function send( string $action, array $fields ): Ajax {
		$answer           = Ajax::post( $action, $fields + array( '_ajax_nonce' => wp_create_nonce( GetToken::NONCE ) ) );
		$answer->status ??= 200;
		return $answer;
	}

	private function assert_refused( Ajax $answer ): void {
		$json = $answer->json();
		$this->assertSame( 403, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertFalse( $json['success'] );
		$this->assertSame( 'This form can only be sent from this site.', $json['data']['message'] );
	}

	private function has_password( string $password ): bool {
		clean_user_cache( $this->user->ID );
		return wp_check_password( $password, get_userdata( $this->user->ID )->user_pass, $this->user->ID );
	}

	/** @dataProvider senders */
	public function test_sign_in( ?string $origin, ?string $fetch, bool $allowed ): void {
		$this->sent_from( $origin, $fetch );
		$failures = did_action( 'wp_login_failed' );
		$logins   = did_action( 'wp_login' );
		$wrong    = $this->send(
			AccountLogin::ACTION,
			array(
				'log' => $this->user->user_login,
				'pwd' => 'a wrong password',
			)
		);
		$right    = $this->send(
			AccountLogin::ACTION,
			array(
				'log' => $this->user->user_login,
				'pwd' => self::PASSWORD,
			)
		);
		wp_set_current_user( 0 );
		if ( $allowed ) {
			$this->assertSame( 403, $wrong->status );
			$this->assertSame( 'The username or password is incorrect.', $wrong->json()['data']['message'] );
			$this->assertSame( $failures + 1, did_action( 'wp_login_failed' ) );
			$this->assertSame( 200, $right->status, $right->body );
			return;
		}
		$this->assert_refused( $wrong );
		$this->assert_refused( $right );
		$this->assertSame( $failures, did_action( 'wp_login_failed' ), 'The attempt is not counted against the account.' );
		$this->assertSame( $logins, did_action( 'wp_login' ), 'Nobody signed in, even with the right password.' );
	}

	/** @dataProvider senders */
	public function test_lost_password( ?string $origin, ?string $fetch, bool $allowed ): void {
		$this->sent_from( $origin, $fetch );
		$asked  = did_action( 'lostpassword_post' );
		$answer = $this->send(
			AccountLostPassword::ACTION,
			array(
				'user_login' => $this->user->user_login,
				'return_to'  => home_url( '/' ),
			)
		);
		if ( $allowed ) {
			$this->assertSame( 200, $answer->status, $answer->body );
			$this->assertSame( 1, $this->mails );
			return;
		}
		$this->assert_refused( $answer );
		$this->assertSame( 0, $this->mails, 'No mail goes out.' );
		$this->assertSame( $asked, did_action( 'lostpassword_post' ), 'The request is not counted.' );
		clean_user_cache( $this->user->ID );
		$this->assertSame( '', get_userdata( $this->user->ID )->user_activation_key, 'No reset key was made.' );
	}

	/** @dataProvider senders */
	public function test_reset_password( ?string $origin, ?string $fetch, bool $allowed ): void {
		$key = get_password_reset_key( $this->user );
		$this->assertIsString( $key );
		ResetCookie::set( $this->user->user_login, $key );
		$this->sent_from( $origin, $fetch );
		$answer = $this->send(
			AccountResetPassword::ACTION,
			array(
				'pass1' => self::NEW_PASSWORD,
				'pass2' => self::NEW_PASSWORD,
			)
		);
		if ( $allowed ) {
			$this->assertSame( 200, $answer->status, $answer->body );
			$this->assertTrue( $this->has_password( self::NEW_PASSWORD ) );
			return;
		}
		$this->assert_refused( $answer );
		$this->assertTrue( $this->has_password( self::PASSWORD ), 'The password is unchanged.' );
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $key, $this->user->user_login ), 'The link still works.' );
	}
}
