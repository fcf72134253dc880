<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Settings\Settings;
use TenderPress\Support\RateLimit;

/**
 * Password guessing is limited on every way into the accounts, because the limit sits on
 * WordPress's `authenticate` filter: wp-login.php and the popups (wp_signon()), XML-RPC
 * (wp_authenticate()). A client is paused after `attempts` failures, an account after three
 * times as many from anywhere; the pause holds even for the right password and says how long it
 * lasts; a success forgets the failures; lost-password requests are limited alike, known
 * account or not; the visitor's address comes from a proxy's header only when the owner names it.
 */
final class LoginGuardTest extends TestCase {

	private const PASSWORD = 'correct horse battery staple';

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
	}

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'] );
		Settings::forget_stored();
		parent::tearDown();
	}

	private function user( string $login = 'tender-clerk' ): \WP_User {
		$id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_email' => $login . '@example.org',
				'user_pass'  => self::PASSWORD,
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $id );
		return get_user_by( 'id', $id );
	}

	/** Signs in as wp-login.php and the popups do; the error code, or 'ok'. */
	private function sign_in( string $login, string $password ): string {
		$user = wp_signon(
			array(
				'user_login'    => $login,
				'user_password' => $password,
			)
		);
		wp_set_current_user( 0 );
		return is_wp_error( $user ) ? (string) $user->get_error_code() : 'ok';
	}

	private function accounts( array $values ): void {
		$form = array();
		foreach ( Settings::section( LoginGuard::SECTION )->fields as $id => $field ) {
			$form[ $id ] = $field->default;
		}
		update_option( Settings::OPTION, array( LoginGuard::SECTION => array_merge( $form, $values ) ) );
	}

	/** Moves every running window of these limits to its end. */
	private function let_time_pass( string $bucket, ?string $subject = null ): void {
		$name = RateLimit::key( $bucket, $subject );
		set_transient(
			$name,
			array(
				'count' => 99,
				'until' => time() - 1,
			),
			60
		);
	}

	public function test_a_client_is_paused_after_five_failures_even_with_the_right_password_and_told_for_how_long(): void {
		$user = $this->user();
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertSame( 'incorrect_password', $this->sign_in( $user->user_login, 'guess ' . $i ) );
		}
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $user->user_login, self::PASSWORD ) );
		$error = wp_authenticate( $user->user_login, self::PASSWORD );
		$this->assertInstanceOf( \WP_Error::class, $error );
		$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $error->get_error_message() );

		// Another address is not paused.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.8';
		$this->assertSame( 'ok', $this->sign_in( $user->user_login, self::PASSWORD ) );

		// After the pause, the first address may sign in again.
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
		$this->let_time_pass( 'login' );
		$this->assertSame( 'ok', $this->sign_in( $user->user_login, self::PASSWORD ) );
	}

	public function test_unknown_names_and_e_mail_addresses_count_as_failures_too(): void {
		for ( $i = 0; $i < 5; $i++ ) {
			$this->sign_in( 0 === $i % 2 ? 'nobody-' . $i : 'nobody-' . $i . '@example.org', 'guess' );
		}
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( 'anyone', 'guess' ) );
	}

	public function test_an_account_guessed_from_many_addresses_is_paused_for_everyone_and_others_are_not(): void {
		$user  = $this->user();
		$other = $this->user( 'other-clerk' );
		for ( $i = 0; $i < 5 * LoginGuard::ACCOUNT_FACTOR; $i++ ) {
			$_SERVER['REMOTE_ADDR'] = '203.0.113.' . ( 10 + $i );
			// Typed as its name or its e-mail address, in any case: the same account.
			$this->assertSame( 'incorrect_password', $this->sign_in( 0 === $i % 3 ? strtoupper( $user->user_email ) : $user->user_login, 'guess' ) );
		}
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $user->user_login, self::PASSWORD ) );
		$this->assertSame( 'ok', $this->sign_in( $other->user_login, self::PASSWORD ) );
	}

	public function test_a_success_forgets_the_failures_before_it(): void {
		$user = $this->user();
		for ( $i = 0; $i < 4; $i++ ) {
			$this->sign_in( $user->user_login, 'guess' );
		}
		$this->assertSame( 'ok', $this->sign_in( $user->user_login, self::PASSWORD ) );
		for ( $i = 0; $i < 4; $i++ ) {
			$this->assertSame( 'incorrect_password', $this->sign_in( $user->user_login, 'guess' ) );
		}
		$this->assertSame( 'ok', $this->sign_in( $user->user_login, self::PASSWORD ) );
	}

	public function test_xml_rpc_logins_share_the_limit(): void {
		$user = $this->user();
		for ( $i = 0; $i < 5; $i++ ) {
			$this->sign_in( $user->user_login, 'guess' );
		}
		require_once ABSPATH . WPINC . '/class-IXR.php';
		require_once ABSPATH . WPINC . '/class-wp-xmlrpc-server.php';
		add_filter( 'xmlrpc_enabled', '__return_true' );
		$server = new \wp_xmlrpc_server();
		$this->assertFalse( $server->login( $user->user_login, self::PASSWORD ) );
		$this->assertSame( 403, $server->error->code );
	}

	public function test_the_owner_sets_the_number_of_attempts_and_the_pause(): void {
		$this->accounts(
			array(
				'attempts' => 3,
				'lockout'  => 1,
			)
		);
		$user = $this->user();
		for ( $i = 0; $i < 3; $i++ ) {
			$this->sign_in( $user->user_login, 'guess' );
		}
		$this->assertSame( 'Too many failed attempts. Try again in 1 minute.', wp_authenticate( $user->user_login, self::PASSWORD )->get_error_message() );
	}

	public function test_lost_password_requests_are_limited_alike_whether_the_account_exists_or_not(): void {
		$user = $this->user();
		$sent = 0;
		add_filter(
			'pre_wp_mail',
			static function () use ( &$sent ) {
				++$sent;
				return true;
			}
		);
		for ( $i = 0; $i < 5; $i++ ) {
			$answer = retrieve_password( 0 === $i % 2 ? $user->user_login : 'nobody-' . $i );
			$this->assertNotSame( LoginGuard::LOCKED, is_wp_error( $answer ) ? $answer->get_error_code() : 'sent' );
		}
		$mails  = $sent;
		$answer = retrieve_password( $user->user_login );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertContains( LoginGuard::LOCKED, $answer->get_error_codes() );
		$this->assertSame( $mails, $sent, 'No e-mail over the limit.' );
		$unknown = retrieve_password( 'nobody-else' );
		$this->assertContains( LoginGuard::LOCKED, $unknown->get_error_codes(), 'The same answer for an unknown name.' );
	}

	/**
	 * Asked from many addresses (none reaching its own limit), a name that exists and one that does
	 * not are paused after the same number of requests: the pause tells nobody which names exist.
	 */
	public function test_lost_password_requests_for_one_name_from_many_addresses_are_paused_alike_whether_it_exists_or_not(): void {
		$user = $this->user();
		add_filter( 'pre_wp_mail', '__return_true' );
		$answers = array();
		foreach ( array( $user->user_login, 'nobody-at-all' ) as $n => $name ) {
			// As wp-login.php's form and the popup post it.
			$_POST['user_login'] = $name;
			for ( $i = 0; $i < 5 * LoginGuard::ACCOUNT_FACTOR; $i++ ) {
				$_SERVER['REMOTE_ADDR'] = '203.0.' . ( 113 - $n ) . '.' . ( 10 + $i );
				$answer = retrieve_password( $name );
				$this->assertFalse( is_wp_error( $answer ) && in_array( LoginGuard::LOCKED, $answer->get_error_codes(), true ), "Request {$i} for {$name} is answered." );
			}
			$_SERVER['REMOTE_ADDR'] = '192.0.2.' . ( 90 + $n );
			// Typed otherwise, the unknown name is the same name (NFKC, case-folded).
			$_POST['user_login'] = 0 === $n ? $name : 'ＮＯＢＯＤＹ-at-all';
			$answer              = retrieve_password( $_POST['user_login'] );
			$answers[ $name ]    = is_wp_error( $answer ) && in_array( LoginGuard::LOCKED, $answer->get_error_codes(), true ) ? $answer->get_error_message( LoginGuard::LOCKED ) : 'answered';
		}
		unset( $_POST['user_login'] );
		$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $answers[ $user->user_login ] );
		$this->assertSame( $answers[ $user->user_login ], $answers['nobody-at-all'] );
	}

	public function test_the_address_comes_from_a_proxy_header_only_when_the_request_came_from_a_trusted_proxy(): void {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '192.0.2.200, 203.0.113.50';
		$this->assertSame( '198.51.100.7', RateLimit::client(), 'Any visitor can send the header: not read by default.' );
		$this->accounts( array( 'proxyHeader' => 'X-Forwarded-For' ) );
		$this->assertSame( '198.51.100.7', RateLimit::client(), 'Naming the header is not enough: the peer is no trusted proxy.' );
		$this->accounts( array( 'trustedProxies' => '198.51.100.0/24' ) );
		$this->assertSame( '203.0.113.50', RateLimit::client(), 'The last address, which the trusted proxy added.' );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = 'not an address';
		$this->assertSame( '198.51.100.7', RateLimit::client() );
	}

	public function test_a_header_name_that_is_not_one_is_refused_and_nothing_is_stored(): void {
		$before = get_option( Settings::OPTION );
		$form   = array();
		foreach ( Settings::section( LoginGuard::SECTION )->fields as $id => $field ) {
			$form[ $id ] = $field->default;
		}
		foreach ( array( 'X Forwarded For', 'X-Forwarded-For: 1.2.3.4', '<script>', 'X_Real_IP' ) as $bad ) {
			$field = Settings::section( LoginGuard::SECTION )->fields['proxyHeader'];
			$this->assertInstanceOf( \WP_Error::class, $field->validate( $bad ), $bad );
			update_option( Settings::OPTION, array( LoginGuard::SECTION => array( 'proxyHeader' => $bad ) + $form ) );
			$this->assertSame( $before, get_option( Settings::OPTION ), $bad );
		}
	}
}
