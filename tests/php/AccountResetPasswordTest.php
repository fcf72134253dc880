<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\ResetLink;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use WP_Error;
use WP_User;

/**
 * `tenderpress_reset_password`: the reset popup the e-mailed link opens. Only an account's own,
 * unexpired key lets it choose a new password, once. The original add-on set any user's password
 * for whoever asked (CVE-2023-32243); here a made-up, empty, malformed, expired, used or another
 * account's key changes nothing, for an administrator as for anyone. Passwords that differ or
 * are empty, and passwords a policy plugin refuses through `validate_password_reset`, are refused.
 */
final class AccountResetPasswordTest extends TestCase {

	private const OLD_PASSWORD = 'Old password 1 of Ada';

	private const NEW_PASSWORD = 'New password 2 for Ada';

	/** @var WP_User */
	private $user;

	/** @var callable */
	private $no_mail;

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.40';
		// A password change mails the site's administrator; this machine sends no mail.
		$this->no_mail = static fn() => true;
		add_filter( 'pre_wp_mail', $this->no_mail, PHP_INT_MAX );

		$this->user = $this->make_user( 'subscriber', self::OLD_PASSWORD );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', $this->no_mail, PHP_INT_MAX );
		unset( $_SERVER['REMOTE_ADDR'] );
		ResetCookie::clear();
		parent::tearDown();
	}

	private function make_user( string $role, string $password ): WP_User {
		$user_id = wp_insert_user(
			array(
				'user_login' => $role . '_' . wp_generate_password( 6, false ),
				'user_email' => $role . '-' . wp_generate_password( 6, false ) . '@example.org',
				'user_pass'  => $password,
				'role'       => $role,
			)
		);
		$this->assertIsInt( $user_id );
		return get_userdata( $user_id );
	}

	/** A reset key for the user, as the lost password e-mail carries it. */
	private function key_for( WP_User $user ): string {
		$key = get_password_reset_key( $user );
		$this->assertIsString( $key );
		return $key;
	}

	/** Whether the user's stored password, read afresh, is this one. */
	private function has_password( WP_User $user, string $password ): bool {
		clean_user_cache( $user->ID );
		return wp_check_password( $password, get_userdata( $user->ID )->user_pass, $user->ID );
	}

	/**
	 * The popup's request: the new password twice and a fresh nonce, from a browser that holds
	 * the reset cookie the e-mailed link left for this key and the user's login.
	 *
	 * @param string               $key    The reset key.
	 * @param array<string, mixed> $change Fields to replace (null removes one); `key` and
	 *                                     `login` change the cookie instead (null: no cookie;
	 *                                     an array: the cookie sent as an array).
	 * @return array<string, mixed>
	 */
	private function fields( string $key, array $change = array() ): array {
		$cookie = array_merge(
			array(
				'key'   => $key,
				'login' => $this->user->user_login,
			),
			array_intersect_key( $change, array_flip( array( 'key', 'login' ) ) )
		);
		ResetCookie::clear();
		if ( is_array( $cookie['key'] ) || is_array( $cookie['login'] ) ) {
			$_COOKIE[ ResetLink::cookie_name() ] = array( 'x' );
		} elseif ( null !== $cookie['key'] && null !== $cookie['login'] ) {
			ResetCookie::set( (string) $cookie['login'], (string) $cookie['key'] );
		}
		$fields = array_merge(
			array(
				'pass1'       => self::NEW_PASSWORD,
				'pass2'       => self::NEW_PASSWORD,
				'_ajax_nonce' => wp_create_nonce( GetToken::NONCE ),
			),
			array_diff_key( $change, array_flip( array( 'key', 'login' ) ) )
		);
		return array_filter( $fields, static fn( $value ) => null !== $value );
	}

	/**
	 * The same password in both fields.
	 *
	 * @return array{pass1: string, pass2: string}
	 */
	private static function twice( string $password ): array {
		return array(
			'pass1' => $password,
			'pass2' => $password,
		);
	}

	private function send( array $fields ): Ajax {
		$answer           = Ajax::post( AccountResetPassword::ACTION, $fields );
		$answer->status ??= 200;
		return $answer;
	}

	private function refused( Ajax $answer, int ...$statuses ): string {
		$json = $answer->json();
		$this->assertContains( $answer->status, $statuses, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertFalse( $json['success'] );
		$this->assertIsString( $json['data']['message'] );
		$this->assertStringNotContainsString( self::NEW_PASSWORD, $answer->body, 'The password is never sent back.' );
		return $json['data']['message'];
	}

	public function test_a_valid_link_sets_the_new_password_once(): void {
		$key    = $this->key_for( $this->user );
		$resets = did_action( 'after_password_reset' );
		$answer = $this->send( $this->fields( $key ) );
		$json   = $answer->json();
		$this->assertSame( 200, $answer->status, $answer->body );
		$this->assertTrue( $json['success'] );
		$this->assertIsString( $json['data']['message'] );
		$this->assertStringNotContainsString( self::NEW_PASSWORD, $answer->body );
		$this->assertTrue( $this->has_password( $this->user, self::NEW_PASSWORD ) );
		$this->assertFalse( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertSame( $resets + 1, did_action( 'after_password_reset' ), "WordPress's reset hooks ran." );

		$again = $this->send( $this->fields( $key, self::twice( 'A third password 3' ) ) );
		$this->assertSame( AccountResetPassword::invalid_link_message(), $this->refused( $again, 403 ), 'The link works once.' );
		$this->assertTrue( $this->has_password( $this->user, self::NEW_PASSWORD ) );
	}

	public function test_a_password_with_quotes_and_backslashes_is_stored_as_wordpress_stores_it(): void {
		$password = 'It\'s a "back\\slash" pass';
		$answer   = $this->send( $this->fields( $this->key_for( $this->user ), self::twice( $password ) ) );
		$this->assertSame( 200, $answer->status, $answer->body );
		// WordPress's login (wp-login.php, wp_signon() without credentials) checks $_POST['pwd'] as
		// it arrives, slashed.
		$this->assertTrue( $this->has_password( $this->user, wp_slash( $password ) ) );
		$this->assertInstanceOf( WP_User::class, wp_authenticate( $this->user->user_login, wp_slash( $password ) ) );
	}

	public function test_passwords_that_differ_are_refused_and_the_link_still_works(): void {
		$key     = $this->key_for( $this->user );
		$message = $this->refused( $this->send( $this->fields( $key, array( 'pass2' => 'Something else 9' ) ) ), 400 );
		$this->assertSame( 'The passwords do not match.', $message );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $key, $this->user->user_login ) );
	}

	public function test_an_empty_password_is_refused(): void {
		$key = $this->key_for( $this->user );
		foreach ( array( '', '   ' ) as $empty ) {
			$this->refused( $this->send( $this->fields( $key, self::twice( $empty ) ) ), 400 );
		}
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
	}

	public function test_a_password_policy_plugin_can_refuse_the_password_with_its_message(): void {
		$policy = static function ( WP_Error $errors, $user ) {
			if ( $user instanceof WP_User ) {
				$errors->add( 'too_weak', '<strong>Error:</strong> Use at least 30 characters.' );
			}
		};
		add_action( 'validate_password_reset', $policy, 10, 2 );
		try {
			$message = $this->refused( $this->send( $this->fields( $this->key_for( $this->user ) ) ), 400 );
		} finally {
			remove_action( 'validate_password_reset', $policy, 10 );
		}
		$this->assertSame( 'Error: Use at least 30 characters.', $message );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
	}

	public function test_an_expired_link_is_refused(): void {
		$key    = $this->key_for( $this->user );
		$expire = static fn() => -1;
		add_filter( 'password_reset_expiration', $expire );
		try {
			$message = $this->refused( $this->send( $this->fields( $key ) ), 403 );
		} finally {
			remove_filter( 'password_reset_expiration', $expire );
		}
		$this->assertSame( AccountResetPassword::invalid_link_message(), $message );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
	}

	/**
	 * The attacks of CVE-2023-32243 and its kin on an administrator: each names the admin and a
	 * new password, with a key that is not the admin's own (attack_fields() makes the request).
	 *
	 * @return array<string, array{string}>
	 */
	public static function attacks(): array {
		return array(
			'no key'                                       => array( 'no key' ),
			'an empty key'                                 => array( 'empty key' ),
			'a made-up key'                                => array( 'made-up key' ),
			'a key as an array'                            => array( 'array key' ),
			'a key of symbols only'                        => array( 'symbols' ),
			'another user\'s valid key'                    => array( 'other key' ),
			'a guess while the admin has a key'            => array( 'guess' ),
			'the stored hash of a key the admin asked for' => array( 'stored hash' ),
			'no login, another user\'s key'                => array( 'other key, no login' ),
			'the admin\'s e-mail as the login'             => array( 'other key, admin e-mail' ),
		);
	}

	/**
	 * The fields of one attack on the administrator.
	 *
	 * @return array<string, mixed>
	 */
	private function attack_fields( string $attack, WP_User $admin ): array {
		$other_key = $this->key_for( $this->user );
		if ( in_array( $attack, array( 'guess', 'stored hash' ), true ) ) {
			// The admin asked for a link the attacker does not have.
			$this->key_for( $admin );
		}
		$change = match ( $attack ) {
			'no key'                  => array( 'key' => null ),
			'empty key'               => array( 'key' => '' ),
			'made-up key', 'guess'    => array( 'key' => 'AAAAAAAAAAAAAAAAAAAA' ),
			'array key'               => array( 'key' => array( 'x' ) ),
			'symbols'                 => array( 'key' => '!!!' ),
			'other key'               => array( 'key' => $other_key ),
			'stored hash'             => array( 'key' => (string) get_userdata( $admin->ID )->user_activation_key ),
			'other key, no login'     => array(
				'key'   => $other_key,
				'login' => null,
			),
			'other key, admin e-mail' => array(
				'key'   => $other_key,
				'login' => $admin->user_email,
			),
		};
		return $this->fields( 'unused', $change + array( 'login' => $admin->user_login ) );
	}

	/** @dataProvider attacks */
	public function test_cve_2023_32243_no_one_sets_an_administrators_password_without_its_key( string $attack ): void {
		$admin  = $this->make_user( 'administrator', 'Admin password 1 old' );
		$fields = $this->attack_fields( $attack, $admin );

		$resets = did_action( 'password_reset' );
		$this->refused( $this->send( $fields ), 400, 403 );
		$this->assertSame( $resets, did_action( 'password_reset' ), 'No reset began.' );
		$this->assertTrue( $this->has_password( $admin, 'Admin password 1 old' ), "The administrator's password still works." );
		$this->assertFalse( $this->has_password( $admin, self::NEW_PASSWORD ) );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ), "The other user's password is unchanged too." );
	}

	public function test_an_administrators_old_key_for_another_account_cannot_reset_the_administrator(): void {
		$admin     = $this->make_user( 'administrator', 'Admin password 1 old' );
		$admin_key = $this->key_for( $admin );
		// The admin's own key on someone else's login does not reset either account.
		$this->refused( $this->send( $this->fields( $admin_key, array( 'login' => $this->user->user_login ) ) ), 403 );
		$this->assertTrue( $this->has_password( $admin, 'Admin password 1 old' ) );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
	}

	public function test_a_form_without_a_nonce_or_with_a_stale_one_changes_nothing(): void {
		$key = $this->key_for( $this->user );
		$this->refused( $this->send( $this->fields( $key, array( '_ajax_nonce' => null ) ) ), 403 );
		$this->refused( $this->send( $this->fields( $key, array( '_ajax_nonce' => 'a1b2c3d4e5' ) ) ), 403 );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $key, $this->user->user_login ) );
	}

	public function test_a_reset_by_get_is_refused_with_405(): void {
		$key = $this->key_for( $this->user );
		$this->refused( Ajax::get( AccountResetPassword::ACTION, $this->fields( $key ) ), 405 );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
	}

	/** @return array<string, array{array<string, mixed>, int}> */
	public static function malformed_fields(): array {
		return array(
			'no login in the cookie'                => array( array( 'login' => null ), 403 ),
			'the cookie as an array'                => array( array( 'login' => array( 'x' ) ), 403 ),
			'a login of 201 characters'             => array( array( 'login' => str_repeat( 'a', 201 ) ), 403 ),
			'a key of 201 characters'               => array( array( 'key' => str_repeat( 'a', 201 ) ), 403 ),
			'NUL in the key'                        => array( array( 'key' => "abc\0" ), 403 ),
			'a key with a colon'                    => array( array( 'key' => 'abc:def' ), 403 ),
			'broken UTF-8 in the login'             => array( array( 'login' => "ada\xff" ), 403 ),
			'markup only as the login'              => array( array( 'login' => '<script>alert("x")</script>' ), 403 ),
			'no first password'                     => array( array( 'pass1' => null ), 400 ),
			'no second password'                    => array( array( 'pass2' => null ), 400 ),
			'password as an array'                  => array( array( 'pass1' => array( 'x' ) ), 400 ),
			'password of 4097 characters'           => array( self::twice( str_repeat( 'a', 4097 ) ), 400 ),
			'NUL in the password'                   => array( self::twice( "pass\0word" ), 400 ),
		);
	}

	/**
	 * @dataProvider malformed_fields
	 * @param array<string, mixed> $change
	 */
	public function test_a_malformed_field_or_cookie_is_refused_and_nothing_is_changed_or_logged( array $change, int $status ): void {
		$key  = $this->key_for( $this->user );
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$log     = DebugLog::open_proven();
			$writes  = QueryLog::start();
			$message = $this->refused( $this->send( $this->fields( $key, $change ) ), $status );
			$this->assertSame( array(), $writes->stop(), 'Nothing written.' );
			$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,90}»$/u', $message, 'A short translated message.' );
			$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
		} finally {
			remove_filter( 'gettext_tenderpress', $mark );
		}
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $key, $this->user->user_login ), 'The link still works.' );
	}

	public function test_the_key_is_taken_only_from_the_cookie_never_from_the_form(): void {
		$key    = $this->key_for( $this->user );
		$fields = $this->fields( $key ) + array(
			'key'   => $key,
			'login' => $this->user->user_login,
		);
		ResetCookie::clear();
		$message = $this->refused( $this->send( $fields ), 403 );
		$this->assertSame( AccountResetPassword::invalid_link_message(), $message, 'Without the cookie, the key in the fields counts for nothing.' );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );

		ResetCookie::set( $this->user->user_login, 'AAAAAAAAAAAAAAAAAAAA' );
		$this->assertSame( AccountResetPassword::invalid_link_message(), $this->refused( $this->send( $fields ), 403 ), 'A wrong cookie is not rescued by the right key in the fields.' );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $key, $this->user->user_login ), 'The link still works.' );
	}

	public function test_another_accounts_login_in_the_cookie_with_this_key_resets_nobody(): void {
		$other = $this->make_user( 'subscriber', 'Other password 5' );
		$key   = $this->key_for( $this->user );
		$this->refused( $this->send( $this->fields( $key, array( 'login' => $other->user_login ) ) ), 403 );
		$this->assertTrue( $this->has_password( $this->user, self::OLD_PASSWORD ) );
		$this->assertTrue( $this->has_password( $other, 'Other password 5' ) );
	}
}
