<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use WP_Error;

/**
 * `tenderpress_login`: the account island's login form on WordPress's own accounts. A visitor
 * with the right password is signed on through wp_signon() and sent back to a page of this site;
 * every wrong answer looks and takes the same whatever was wrong, so the form tells no one which
 * usernames or e-mail addresses exist; a lockout is a 429 with its own message; and anything
 * unsigned, sent by GET or malformed is refused before WordPress is asked, logging nothing.
 */
final class AccountLoginTest extends TestCase {

	private const PASSWORD = 'Correct horse 7 battery';

	/** @var int */
	private $user_id;

	/** @var callable */
	private $no_cookies;

	/** @var callable */
	private $no_mail;

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.20';
		// A test process cannot send cookies; wp_set_auth_cookie() asks this filter first.
		$this->no_cookies = static fn() => false;
		add_filter( 'send_auth_cookies', $this->no_cookies );
		// This machine sends no mail (a password change notifies the site's administrator).
		$this->no_mail = static fn() => true;
		add_filter( 'pre_wp_mail', $this->no_mail, PHP_INT_MAX );

		$user_id = wp_insert_user(
			array(
				'user_login'   => 'ada_' . wp_generate_password( 6, false ),
				'user_email'   => 'ada-' . wp_generate_password( 6, false ) . '@example.org',
				'user_pass'    => self::PASSWORD,
				'display_name' => 'Ada Lovelace',
				'role'         => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );
		$this->user_id = $user_id;
	}

	protected function tearDown(): void {
		remove_filter( 'send_auth_cookies', $this->no_cookies );
		remove_filter( 'pre_wp_mail', $this->no_mail, PHP_INT_MAX );
		unset( $_SERVER['REMOTE_ADDR'] );
		parent::tearDown();
	}

	private function user_login(): string {
		return get_userdata( $this->user_id )->user_login;
	}

	/**
	 * The island's login request, signed with a fresh account nonce.
	 *
	 * @param array<string, mixed> $change Fields to replace (null removes one).
	 * @return array<string, mixed>
	 */
	private function fields( array $change = array() ): array {
		$fields = array_merge(
			array(
				'log'         => $this->user_login(),
				'pwd'         => self::PASSWORD,
				'rememberme'  => '1',
				'redirect_to' => home_url( '/tenders/' ),
				'_ajax_nonce' => wp_create_nonce( GetToken::NONCE ),
			),
			$change
		);
		return array_filter( $fields, static fn( $value ) => null !== $value );
	}

	/** POSTs the fields to the login action. */
	private function send( array $fields ): Ajax {
		$answer = Ajax::post( AccountLogin::ACTION, $fields );
		// wp_send_json_success() sends no status line of its own: PHP's 200.
		$answer->status ??= 200;
		return $answer;
	}

	/** Sends a login that must succeed; returns its data. */
	private function logs_in( array $fields ): array {
		$answer = $this->send( $fields );
		$json   = $answer->json();
		$this->assertSame( 200, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertTrue( $json['success'] );
		$this->assertStringNotContainsString( self::PASSWORD, $answer->body, 'The password is never sent back.' );
		return $json['data'];
	}

	/** Sends a request that must be refused with this status; returns its message. */
	private function refused( int $status, Ajax $answer ): string {
		$json = $answer->json();
		$this->assertSame( $status, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertFalse( $json['success'] );
		$this->assertIsString( $json['data']['message'] );
		$this->assertNotSame( '', $json['data']['message'] );
		$this->assertStringNotContainsString( self::PASSWORD, $answer->body, 'The password is never sent back.' );
		return $json['data']['message'];
	}

	public function test_the_right_password_signs_the_visitor_in_and_sends_them_back_to_their_page(): void {
		$logins = did_action( 'wp_login' );
		$data   = $this->logs_in( $this->fields() );
		$this->assertSame( home_url( '/tenders/' ), $data['redirect'] );
		$this->assertSame( 'Ada Lovelace', $data['name'] );
		$this->assertSame( $logins + 1, did_action( 'wp_login' ), "WordPress's login hooks ran (wp_signon)." );
	}

	public function test_an_e_mail_address_signs_in_like_the_username(): void {
		$data = $this->logs_in( $this->fields( array( 'log' => get_userdata( $this->user_id )->user_email ) ) );
		$this->assertSame( 'Ada Lovelace', $data['name'] );
	}

	public function test_remember_me_is_optional(): void {
		$remembered = null;
		$watch      = static function ( $length, $user_id, $remember ) use ( &$remembered ) {
			$remembered = $remember;
			return $length;
		};
		add_filter( 'auth_cookie_expiration', $watch, 10, 3 );
		try {
			$this->logs_in( $this->fields( array( 'rememberme' => null ) ) );
			$this->assertFalse( $remembered );
			$this->logs_in( $this->fields() );
			$this->assertTrue( $remembered );
		} finally {
			remove_filter( 'auth_cookie_expiration', $watch, 10 );
		}
	}

	/** @return array<string, array{string}> */
	public static function outside_addresses(): array {
		return array(
			'another site'            => array( 'https://evil.example/account' ),
			'scheme-relative address' => array( '//evil.example/account' ),
			'javascript: URL'         => array( 'javascript:alert(document.cookie)' ),
			'credentials before host' => array( 'http://127.0.0.1:8888@evil.example/' ),
			'data: URL'               => array( 'data:text/html,<script>alert(1)</script>' ),
			'relative path'           => array( 'account' ),
			'nothing'                 => array( '' ),
		);
	}

	/** @dataProvider outside_addresses */
	public function test_an_address_outside_the_site_sends_the_visitor_home_instead( string $address ): void {
		$data = $this->logs_in( $this->fields( array( 'redirect_to' => $address ) ) );
		$this->assertSame( home_url( '/' ), $data['redirect'] );
	}

	public function test_a_backslashed_host_stays_a_path_of_the_site(): void {
		// Browsers read "/\host" as "//host"; WordPress drops the backslash, leaving a path here.
		$data = $this->logs_in( $this->fields( array( 'redirect_to' => '/\\evil.example' ) ) );
		$this->assertSame( wp_parse_url( home_url(), PHP_URL_HOST ), wp_parse_url( $data['redirect'], PHP_URL_HOST ) );
		$this->assertStringStartsWith( home_url( '/' ), $data['redirect'] );
	}

	public function test_without_an_address_the_visitor_goes_home(): void {
		$data = $this->logs_in( $this->fields( array( 'redirect_to' => null ) ) );
		$this->assertSame( home_url( '/' ), $data['redirect'] );
	}

	public function test_a_path_of_the_site_becomes_its_full_address(): void {
		$data   = $this->logs_in( $this->fields( array( 'redirect_to' => '/tenders/?status=open' ) ) );
		$origin = (string) preg_replace( '#^(https?://[^/]+).*$#', '$1', home_url() );
		$this->assertSame( $origin . '/tenders/?status=open', $data['redirect'] );
	}

	public function test_the_login_redirect_filter_chooses_the_page_but_stays_on_the_site(): void {
		$to_profile = static fn() => admin_url( 'profile.php' );
		add_filter( 'login_redirect', $to_profile );
		try {
			$this->assertSame( admin_url( 'profile.php' ), $this->logs_in( $this->fields() )['redirect'] );
		} finally {
			remove_filter( 'login_redirect', $to_profile );
		}
		$away = static fn() => 'https://evil.example/';
		add_filter( 'login_redirect', $away );
		try {
			$this->assertSame( home_url( '/' ), $this->logs_in( $this->fields() )['redirect'] );
		} finally {
			remove_filter( 'login_redirect', $away );
		}
	}

	public function test_a_wrong_password_an_unknown_user_and_an_unknown_e_mail_get_the_same_answer(): void {
		$answers = array(
			'wrong password' => $this->send( $this->fields( array( 'pwd' => 'Not the password' ) ) ),
			'unknown user'   => $this->send( $this->fields( array( 'log' => 'nobody_' . wp_generate_password( 6, false ) ) ) ),
			'unknown e-mail' => $this->send( $this->fields( array( 'log' => 'nobody-' . wp_generate_password( 6, false ) . '@example.org' ) ) ),
			'empty password' => $this->send( $this->fields( array( 'pwd' => '' ) ) ),
			'empty username' => $this->send( $this->fields( array( 'log' => ' ' ) ) ),
		);
		foreach ( $answers as $case => $answer ) {
			$this->assertSame( AccountLogin::wrong_login_message(), $this->refused( 403, $answer ), $case );
			$this->assertSame( $answers['wrong password']->body, $answer->body, "{$case}: the very same answer." );
			$this->assertStringNotContainsString( $this->user_login(), $answer->body, "{$case}: WordPress's message, which names the user, is not passed on." );
		}
	}

	/**
	 * WordPress checks no hash for an unknown user, so that failure would be quicker than a wrong
	 * password's: the dummy hash makes both cost one password check. Counted through the
	 * `check_password` filter, which every check runs, rather than timed.
	 */
	public function test_an_unknown_user_costs_one_password_check_like_a_wrong_password(): void {
		$checks = array();
		$count  = static function ( $check, $password, $hash ) use ( &$checks ) {
			$checks[] = AccountLogin::dummy_hash() === $hash ? 'dummy' : 'user';
			return $check;
		};
		add_filter( 'check_password', $count, 10, 3 );
		try {
			$this->send( $this->fields( array( 'pwd' => 'Not the password' ) ) );
			$this->assertSame( array( 'user' ), $checks, 'A wrong password: its own hash, once.' );

			$checks = array();
			$this->send( $this->fields( array( 'log' => 'nobody_' . wp_generate_password( 6, false ) ) ) );
			$this->assertSame( array( 'dummy' ), $checks, 'An unknown user: the dummy hash, once.' );

			$checks = array();
			$this->send( $this->fields( array( 'log' => 'nobody-' . wp_generate_password( 6, false ) . '@example.org' ) ) );
			$this->assertSame( array( 'dummy' ), $checks, 'An unknown e-mail address: the dummy hash, once.' );

			$checks = array();
			$this->send( $this->fields( array( 'pwd' => '' ) ) );
			$this->assertSame( array( 'dummy' ), $checks, 'An empty password: the dummy hash, once.' );

			$checks = array();
			$this->logs_in( $this->fields() );
			$this->assertSame( array( 'user' ), $checks, 'The right password: no dummy check.' );
		} finally {
			remove_filter( 'check_password', $count, 10 );
		}
	}

	public function test_the_dummy_hash_is_a_real_hash_of_this_wordpress_that_no_password_matches(): void {
		$this->assertStringStartsWith( substr( wp_hash_password( 'x' ), 0, 4 ), AccountLogin::dummy_hash(), 'The format WordPress gives new passwords.' );
		$this->assertFalse( wp_check_password( self::PASSWORD, AccountLogin::dummy_hash() ) );
		$this->assertFalse( wp_check_password( '', AccountLogin::dummy_hash() ) );
	}

	public function test_a_password_with_quotes_and_backslashes_set_by_wordpress_logs_in(): void {
		$password = 'It\'s a "back\\slash" pass';
		// wp-login.php's reset form hands WordPress the password slashed, as $_POST holds it.
		reset_password( get_userdata( $this->user_id ), wp_slash( $password ) );
		$this->assertSame( 'Ada Lovelace', $this->logs_in( $this->fields( array( 'pwd' => $password ) ) )['name'] );
	}

	public function test_a_signed_in_visitor_sending_empty_fields_is_not_signed_in_again_from_the_cookie(): void {
		$this->log_in_as( 'subscriber' );
		$logins = did_action( 'wp_login' );
		$fields = $this->fields(
			array(
				'log' => '',
				'pwd' => '',
			)
		);
		$this->assertSame( AccountLogin::wrong_login_message(), $this->refused( 403, $this->send( $fields ) ) );
		$this->assertSame( $logins, did_action( 'wp_login' ) );
	}

	public function test_a_locked_out_client_gets_429_with_the_lockout_message_even_with_the_right_password(): void {
		$lock = static fn() => new WP_Error( 'tenderpress_locked', 'Too many failed attempts. Try again in 15 minutes.' );
		add_filter( 'authenticate', $lock, PHP_INT_MAX );
		try {
			$logins = did_action( 'wp_login' );
			$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $this->refused( 429, $this->send( $this->fields() ) ) );
			$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $this->refused( 429, $this->send( $this->fields( array( 'log' => 'nobody' ) ) ) ) );
			$this->assertSame( $logins, did_action( 'wp_login' ), 'Nobody was signed in.' );
		} finally {
			remove_filter( 'authenticate', $lock, PHP_INT_MAX );
		}
	}

	public function test_a_form_without_a_nonce_or_with_a_stale_one_is_refused(): void {
		$logins = did_action( 'wp_login' );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => null ) ) ) );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => 'a1b2c3d4e5' ) ) ) );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => array( 'x' ) ) ) ) );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => wp_create_nonce( 'tenderpress_save_shares' ) ) ) ) );
		$this->assertSame( $logins, did_action( 'wp_login' ), 'Nobody was signed in.' );
	}

	public function test_a_login_by_get_is_refused_with_405(): void {
		$answer = Ajax::get( AccountLogin::ACTION, $this->fields() );
		$this->refused( 405, $answer );
	}

	/** @return array<string, array{array<string, mixed>}> */
	public static function malformed_fields(): array {
		return array(
			'no username'                  => array( array( 'log' => null ) ),
			'no password'                  => array( array( 'pwd' => null ) ),
			'username as an array'         => array( array( 'log' => array( 'x' ) ) ),
			'password as an array'         => array( array( 'pwd' => array( 'x' ) ) ),
			'password as a nested array'   => array( array( 'pwd' => array( 'a' => array( 'b' => 'x' ) ) ) ),
			'username of 201 characters'   => array( array( 'log' => str_repeat( 'a', 201 ) ) ),
			'password of 4097 characters'  => array( array( 'pwd' => str_repeat( 'a', 4097 ) ) ),
			'NUL in the username'          => array( array( 'log' => "ada\0" ) ),
			'line break in the username'   => array( array( 'log' => "ada\r\nX-Header: 1" ) ),
			'NUL in the password'          => array( array( 'pwd' => "pass\0word" ) ),
			'broken UTF-8 in the username' => array( array( 'log' => "ada\xff\xfe" ) ),
			'remember me other than 1'     => array( array( 'rememberme' => 'forever' ) ),
			'remember me as an array'      => array( array( 'rememberme' => array( '1' ) ) ),
			'address as an array'          => array( array( 'redirect_to' => array( 'x' ) ) ),
			'address with a line break'    => array( array( 'redirect_to' => "/\r\nSet-Cookie: x=1" ) ),
			'address of 2049 characters'   => array( array( 'redirect_to' => '/' . str_repeat( 'a', 2048 ) ) ),
		);
	}

	/**
	 * @dataProvider malformed_fields
	 * @param array<string, mixed> $change
	 */
	public function test_a_malformed_field_is_refused_before_wordpress_is_asked_and_nothing_is_logged( array $change ): void {
		$asked = 0;
		$count = static function ( $user ) use ( &$asked ) {
			++$asked;
			return $user;
		};
		add_filter( 'authenticate', $count, 0 );
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$log     = DebugLog::open_proven();
			$writes  = QueryLog::start();
			$message = $this->refused( 400, $this->send( $this->fields( $change ) ) );
			$this->assertSame( array(), $writes->stop(), 'Nothing written.' );
			$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,90}»$/u', $message, 'A short translated message.' );
			$this->assertSame( 0, $asked, 'WordPress was not asked to authenticate.' );
			$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
		} finally {
			remove_filter( 'authenticate', $count, 0 );
			remove_filter( 'gettext_tenderpress', $mark );
		}
	}

	/**
	 * Over real HTTP, as a CDN sees them: every account action's answer, refused or not, says
	 * `private, no-store`, never WordPress's `no-cache, must-revalidate, max-age=0`, which its
	 * admin-ajax die handler sends again after the handler and some CDNs store.
	 */
	public function test_no_shared_cache_may_store_an_account_answer(): void {
		$site = SiteServer::start_on_copy();
		try {
			foreach ( array( AccountLogin::ACTION, AccountLostPassword::ACTION, AccountResetPassword::ACTION ) as $action ) {
				$answer = $site->request( 'POST', '/wp-admin/admin-ajax.php', array( 'action' => $action ) );
				$this->assertSame( 403, $answer->status, $action );
				$this->assertSame( array( 'private, no-store' ), $answer->headers( 'Cache-Control' ), $action );
			}
		} finally {
			$site->stop();
		}
	}
}
