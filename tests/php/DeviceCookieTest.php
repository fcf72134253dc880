<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\AccountKey;
use TenderPress\Accounts\DeviceCookie;
use TenderPress\Accounts\LoginGuard;
use TenderPress\Accounts\UnlockLink;
use TenderPress\Settings\Settings;
use TenderPress\Support\RateLimit;

/**
 * Sign-in limits an attacker cannot turn against the owner (OWASP's device cookies): 15 failures
 * for an account from 3 addresses pause it for unknown browsers, but a browser that signed in to
 * it before keeps signing in with the right password, within a small allowance of its own; its
 * cookie cannot be forged, changed or borrowed from another account. The paused owner is mailed
 * a one-time link (once per period) that lets a new browser become trusted; bad links change
 * nothing. The account is its user id however it is typed, and an unknown name its NFKC,
 * case-folded form; an IPv6 client is counted by its /64.
 */
final class DeviceCookieTest extends TestCase {

	private const PASSWORD = 'correct horse battery staple';

	/** @var list<array<string, mixed>> Mails sent, as wp_mail() was given them. */
	private $mails = array();

	/** @var list<string> Device cookies issued, in order. */
	private $issued = array();

	/** @var callable */
	private $capture_mail;

	/** @var callable */
	private $capture_cookie;

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
		$_COOKIE                = array();
		$this->capture_mail     = function ( $short_circuit, $atts ) {
			$this->mails[] = $atts;
			return true;
		};
		$this->capture_cookie   = function ( $value ) {
			$this->issued[] = $value;
		};
		add_filter( 'pre_wp_mail', $this->capture_mail, PHP_INT_MAX - 1, 2 );
		add_action( 'tenderpress_device_cookie_issued', $this->capture_cookie );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', $this->capture_mail, PHP_INT_MAX - 1 );
		remove_action( 'tenderpress_device_cookie_issued', $this->capture_cookie );
		unset( $_SERVER['REMOTE_ADDR'] );
		$_COOKIE = array();
		Settings::forget_stored();
		parent::tearDown();
	}

	private function user( string $login = 'site-owner' ): \WP_User {
		$id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_email' => $login . '@example.org',
				'user_pass'  => self::PASSWORD,
				'role'       => 'administrator',
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

	/** This "browser" now carries the device cookie it was given last, for the account. */
	private function keep_cookie( \WP_User $user, ?string $value = null ): void {
		$_COOKIE[ DeviceCookie::name( $user->ID ) ] = $value ?? end( $this->issued );
	}

	/** An attacker's 15 wrong passwords from 3 addresses, none with a device cookie. */
	private function attack( string $typed, int $from = 10 ): void {
		$cookies = $_COOKIE;
		$address = $_SERVER['REMOTE_ADDR'];
		$_COOKIE = array();
		for ( $i = 0; $i < 5 * LoginGuard::ACCOUNT_FACTOR; $i++ ) {
			$_SERVER['REMOTE_ADDR'] = '203.0.113.' . ( $from + intdiv( $i, 5 ) );
			$this->assertNotSame( 'ok', $this->sign_in( $typed, 'guess ' . $i ) );
		}
		$_COOKIE                = $cookies;
		$_SERVER['REMOTE_ADDR'] = $address;
	}

	/** Moves a running window of a limit to its end. */
	private function let_time_pass( string $bucket, ?string $subject = null ): void {
		set_transient(
			RateLimit::key( $bucket, $subject ),
			array(
				'count' => 99,
				'until' => time() - 1,
			),
			60
		);
	}

	/** The unlock link of the last mail, as its query fields. */
	private function link_fields(): array {
		$this->assertNotEmpty( $this->mails );
		$this->assertSame( 1, preg_match( '#https?://\S+#', (string) end( $this->mails )['message'], $link ) );
		parse_str( (string) wp_parse_url( $link[0], PHP_URL_QUERY ), $fields );
		$this->assertSame( UnlockLink::ACTION, $fields['action'] ?? null );
		$this->assertStringStartsWith( wp_login_url(), $link[0] );
		return $fields;
	}

	public function test_a_browser_that_signed_in_before_signs_in_while_the_account_is_paused_for_everyone_else(): void {
		$owner = $this->user();
		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ) );
		$this->assertCount( 1, $this->issued, 'A successful sign-in gives the browser a device cookie.' );
		$this->keep_cookie( $owner );

		$this->attack( $owner->user_login );

		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ), 'The owner\'s browser, with the right password.' );
		$this->keep_cookie( $owner );
		$this->assertSame( 'ok', $this->sign_in( $owner->user_email, self::PASSWORD ), 'By e-mail address too.' );

		$_COOKIE                = array();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ), 'A new browser is paused, even with the right password.' );
	}

	public function test_a_forged_changed_expired_or_borrowed_device_cookie_is_not_trusted(): void {
		$owner = $this->user();
		$other = $this->user( 'another-clerk' );
		$this->sign_in( $other->user_login, self::PASSWORD );
		$others_cookie = (string) end( $this->issued );
		$this->sign_in( $owner->user_login, self::PASSWORD );
		$good                               = (string) end( $this->issued );
		list( $nonce, $issued, $signature ) = explode( '.', $good );
		$this->attack( $owner->user_login );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';

		$bad = array(
			'made up'                     => bin2hex( random_bytes( 16 ) ) . '.' . time() . '.' . hash( 'sha256', 'x' ),
			'another nonce'               => bin2hex( random_bytes( 16 ) ) . '.' . $issued . '.' . $signature,
			'another time'                => $nonce . '.' . ( (int) $issued + 1 ) . '.' . $signature,
			'another signature'           => $nonce . '.' . $issued . '.' . str_repeat( '0', 64 ),
			'another account\'s'          => $others_cookie,
			'signed a year and a day ago' => DeviceCookie::value( $owner, $nonce, time() - DeviceCookie::LIFETIME - DAY_IN_SECONDS ),
			'not a cookie at all'         => '<script>',
		);
		foreach ( $bad as $why => $value ) {
			$_COOKIE = array( DeviceCookie::name( $owner->ID ) => $value );
			$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ), $why );
		}
		// Another account's cookie under its own name says nothing about this account.
		$_COOKIE = array( DeviceCookie::name( $other->ID ) => $others_cookie );
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ), 'another account\'s, under its name' );

		// A new password makes the account's device cookies worthless.
		$_COOKIE = array( DeviceCookie::name( $owner->ID ) => $good );
		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ), 'The real one still works.' );
		wp_set_password( 'a new password entirely', $owner->ID );
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, 'a new password entirely' ), 'after a new password' );
	}

	public function test_a_device_has_its_own_small_allowance_and_is_paused_when_it_runs_out(): void {
		$owner = $this->user();
		$this->sign_in( $owner->user_login, self::PASSWORD );
		$this->keep_cookie( $owner );
		$device = explode( '.', (string) end( $this->issued ) )[0];
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertSame( 'incorrect_password', $this->sign_in( $owner->user_login, 'guess ' . $i ) );
		}
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ), 'The device used up its allowance.' );

		// Its failures were its own: the account and the address are not paused for others.
		$_COOKIE = array();
		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ), 'The same address without the cookie.' );

		$this->keep_cookie( $owner, DeviceCookie::value( $owner, $device, (int) explode( '.', $this->issued[0] )[1] ) );
		$this->let_time_pass( 'login-device', 'device:' . $device );
		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ), 'After the pause the device may sign in again.' );
	}

	public function test_an_ipv6_client_is_counted_by_its_64(): void {
		$this->user();
		for ( $i = 1; $i <= 5; $i++ ) {
			$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2::' . dechex( $i );
			$this->assertSame( 'invalid_username', $this->sign_in( 'nobody-' . $i, 'guess' ) );
		}
		$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2:ffff:ffff:ffff:fffe';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( 'site-owner', self::PASSWORD ), 'Another address of the same /64.' );
		$_SERVER['REMOTE_ADDR'] = '2001:db8:1:3::1';
		$this->assertSame( 'ok', $this->sign_in( 'site-owner', self::PASSWORD ), 'The next /64 is another client.' );
	}

	public function test_look_alike_spellings_count_against_the_same_account_or_name(): void {
		$owner = $this->user( 'admin-clerk' );
		// Full-width letters and hyphen, in capitals: NFKC and case folding make it admin-clerk.
		$this->attack( 'ＡＤＭＩＮ－ＣＬＥＲＫ' );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ) );
		$this->assertSame( 'user:' . $owner->ID, AccountKey::of( 'Admin-Clerk@Example.org' ) );

		// A name no account has is counted by its normal form as well.
		$this->attack( 'ｎｏｂｏｄｙ－ｈｅｒｅ', 30 );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.100';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( 'Nobody-Here', 'guess' ) );
		$this->assertSame( 'name:strasse', AccountKey::of( ' STRAßE ' ) );
	}

	public function test_the_account_is_counted_by_its_id_whatever_it_is_called_later(): void {
		global $wpdb;
		$owner = $this->user();
		$this->attack( $owner->user_email );
		// Another plugin renames the account (WordPress itself never does).
		$wpdb->update( $wpdb->users, array( 'user_login' => 'renamed-owner' ), array( 'ID' => $owner->ID ) );
		clean_user_cache( $owner->ID );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( 'renamed-owner', self::PASSWORD ) );
	}

	public function test_the_paused_owner_is_mailed_an_unlock_link_once_per_period(): void {
		$owner = $this->user();
		$this->attack( $owner->user_login );
		$this->assertCount( 1, $this->mails );
		$this->assertSame( $owner->user_email, $this->mails[0]['to'] );
		$this->assertStringContainsString( 'paused', (string) $this->mails[0]['subject'] );
		$this->link_fields();

		// More guessing in the same period, even as the pause is renewed, sends nothing more.
		$this->let_time_pass( 'login-account', 'user:' . $owner->ID );
		$this->attack( $owner->user_login, 40 );
		$this->assertCount( 1, $this->mails, 'No second mail within the period.' );

		// A period later, the next pause mails a new link.
		$stored         = get_user_meta( $owner->ID, UnlockLink::META, true );
		$stored['sent'] = time() - 15 * MINUTE_IN_SECONDS;
		update_user_meta( $owner->ID, UnlockLink::META, $stored );
		$this->let_time_pass( 'login-account', 'user:' . $owner->ID );
		$this->attack( $owner->user_login, 60 );
		$this->assertCount( 2, $this->mails );

		// Names no account has mail nobody.
		$this->attack( 'nobody-at-all', 80 );
		$this->assertCount( 2, $this->mails );
	}

	public function test_the_unlock_link_lets_a_new_browser_sign_in_once_and_signs_nobody_in_by_itself(): void {
		$owner = $this->user();
		$this->attack( $owner->user_login );
		$fields                 = $this->link_fields();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.99';
		$this->assertSame( LoginGuard::LOCKED, $this->sign_in( $owner->user_login, self::PASSWORD ) );

		// Opening the link shows the button and uses nothing up; the button redeems it.
		$this->assertSame( $owner->ID, UnlockLink::answer( false, $fields )->ID );
		$this->assertSame( $owner->ID, UnlockLink::answer( false, $fields )->ID );
		$this->assertSame( array(), $this->issued );
		$this->assertSame( $owner->ID, UnlockLink::answer( true, $fields )->ID );
		$this->assertCount( 1, $this->issued );
		$this->assertSame( 0, get_current_user_id(), 'The link signs nobody in.' );

		$this->keep_cookie( $owner );
		$this->assertSame( 'ok', $this->sign_in( $owner->user_login, self::PASSWORD ), 'The unlocked browser, with the password.' );

		$again = UnlockLink::answer( true, $fields );
		$this->assertInstanceOf( \WP_Error::class, $again, 'Used once.' );
		$this->assertSame( 403, $again->get_error_data() );
		$this->assertCount( 2, $this->issued, 'Only the sign-in issued another cookie.' );
	}

	public function test_an_expired_link_is_refused(): void {
		$owner = $this->user();
		$this->attack( $owner->user_login );
		$fields            = $this->link_fields();
		$stored            = get_user_meta( $owner->ID, UnlockLink::META, true );
		$stored['expires'] = time() - 1;
		update_user_meta( $owner->ID, UnlockLink::META, $stored );
		foreach ( array( false, true ) as $redeem ) {
			$answer = UnlockLink::answer( $redeem, $fields );
			$this->assertInstanceOf( \WP_Error::class, $answer );
			$this->assertSame( 403, $answer->get_error_data() );
		}
		$this->assertSame( array(), $this->issued );
	}

	public function test_bad_input_to_the_unlock_screen_is_refused_and_changes_nothing(): void {
		$owner = $this->user();
		$other = $this->user( 'another-clerk' );
		$this->attack( $owner->user_login );
		$fields = $this->link_fields();
		$stored = get_user_meta( $owner->ID, UnlockLink::META, true );

		$malformed = array(
			'nothing'            => array(),
			'no token'           => array( 'tp_user' => $fields['tp_user'] ),
			'no user'            => array( 'tp_unlock' => $fields['tp_unlock'] ),
			'token as an array'  => array( 'tp_unlock' => array( $fields['tp_unlock'] ) ) + $fields,
			'user as an array'   => array( 'tp_user' => array( '1' ) ) + $fields,
			'user not a number'  => array( 'tp_user' => '1 OR 1=1' ) + $fields,
			'negative user'      => array( 'tp_user' => '-1' ) + $fields,
			'short token'        => array( 'tp_unlock' => substr( $fields['tp_unlock'], 1 ) ) + $fields,
			'token with a quote' => array( 'tp_unlock' => substr( $fields['tp_unlock'], 1 ) . '"' ) + $fields,
			'huge token'         => array( 'tp_unlock' => str_repeat( 'a', 100000 ) ) + $fields,
		);
		$wrong     = array(
			'another token'       => array( 'tp_unlock' => wp_generate_password( 32, false ) ) + $fields,
			'another user'        => array( 'tp_user' => (string) $other->ID ) + $fields,
			'a user that is none' => array( 'tp_user' => '999999' ) + $fields,
		);
		foreach ( array(
			400 => $malformed,
			403 => $wrong,
		) as $status => $cases ) {
			foreach ( $cases as $why => $case ) {
				foreach ( array( false, true ) as $redeem ) {
					$answer = UnlockLink::answer( $redeem, $case );
					$this->assertInstanceOf( \WP_Error::class, $answer, $why );
					$this->assertSame( $status, $answer->get_error_data(), $why );
					$this->assertNotSame( '', $answer->get_error_message(), $why );
				}
			}
		}
		$this->assertSame( array(), $this->issued, 'No cookie for anyone.' );
		$this->assertSame( $stored, get_user_meta( $owner->ID, UnlockLink::META, true ), 'The real link is kept.' );
		$this->assertSame( '', get_user_meta( $other->ID, UnlockLink::META, true ) );
		$this->assertSame( $owner->ID, UnlockLink::answer( true, $fields )->ID, 'And still works.' );
	}
}
