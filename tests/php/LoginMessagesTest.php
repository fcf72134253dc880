<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Accounts\LoginMessages;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Settings\Settings;

/**
 * wp-login.php over real HTTP tells no one which accounts exist: a wrong password, an unknown
 * username and an unknown e-mail address get the same page, and its lost-password form the same
 * answer whether an account matches or not, as the sign-in popups do. Turned off in the Sign-in
 * settings, WordPress's own messages come back.
 */
final class LoginMessagesTest extends CommittedTestCase {

	private const PASSWORD = 'Correct horse 7 battery';

	/** @var SiteServer|null */
	private static $site;

	/** @var \WP_User */
	private $user;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$site = SiteServer::start();
	}

	public static function tearDownAfterClass(): void {
		self::$site?->stop();
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		$suffix  = strtolower( wp_generate_password( 8, false ) );
		$user_id = wp_insert_user(
			array(
				'user_login' => 'mae_' . $suffix,
				'user_email' => 'mae-' . $suffix . '@example.org',
				'user_pass'  => self::PASSWORD,
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );
		$this->user = get_userdata( $user_id );
		// Every request here comes from one address: room for them under the sign-in limit.
		$this->settings( array( 'attempts' => 50 ) );
	}

	/**
	 * Stores Sign-in settings (committed), the section's other fields as they are: the Settings
	 * API saves a section whole.
	 *
	 * @param array<string, mixed> $fields
	 */
	private function settings( array $fields ): void {
		$section = Settings::section( LoginGuard::SECTION );
		$this->assertNotNull( $section );
		foreach ( array_keys( $section->fields ) as $field_id ) {
			$fields += array( $field_id => Settings::get( LoginGuard::SECTION, $field_id ) );
		}
		update_option( Settings::OPTION, array( LoginGuard::SECTION => $fields ) );
		foreach ( $fields as $field_id => $value ) {
			$this->assertSame( $value, Settings::get( LoginGuard::SECTION, $field_id ), 'Stored: ' . $field_id );
		}
	}

	private function site(): SiteServer {
		$this->assertNotNull( self::$site );
		return self::$site;
	}

	/**
	 * What wp-login.php shows after a failed sign-in: its error and the username filled back in.
	 *
	 * @return array{error: string, filled: string}
	 */
	private function sign_in( string $login, string $password ): array {
		$answer = $this->site()->request(
			'POST',
			'/wp-login.php',
			array(
				'log'        => $login,
				'pwd'        => $password,
				'wp-submit'  => 'Log In',
				'testcookie' => '1',
			),
			array(),
			array( 'wordpress_test_cookie' => 'WP Cookie check' )
		);
		$this->assertSame( 200, $answer->status, $answer->head );
		$html   = new Html( $answer->body );
		$error  = $html->one( '//*[@id="login_error"]' );
		$filled = $html->one( '//input[@id="user_login"]' );
		$this->assertNotNull( $error, $answer->body );
		$this->assertNotNull( $filled );
		return array(
			'error'  => trim( (string) preg_replace( '/\s+/', ' ', $error->textContent ) ),
			'filled' => $filled->getAttribute( 'value' ),
		);
	}

	/** wp-login.php's answer to its lost-password form: the status, where it sends, what it says. */
	private function lost_password( string $login ): string {
		$answer = $this->site()->request( 'POST', '/wp-login.php?action=lostpassword', array( 'user_login' => $login, 'wp-submit' => 'Get New Password' ) );
		$error  = ( new Html( $answer->body ) )->one( '//*[@id="login_error"]' );
		return $answer->status . ' ' . $answer->header( 'Location' ) . ' ' . ( $error ? trim( $error->textContent ) : '' );
	}

	public function test_wrong_password_unknown_user_and_unknown_email_read_the_same(): void {
		$wrong_password = $this->sign_in( $this->user->user_login, 'not the password' );
		$unknown_user   = $this->sign_in( 'nobody_' . wp_generate_password( 6, false ), 'not the password' );
		$unknown_email  = $this->sign_in( 'nobody-' . strtolower( wp_generate_password( 6, false ) ) . '@example.org', 'not the password' );

		$this->assertSame( 'Error: The username or password is incorrect.', $wrong_password['error'] );
		$this->assertSame( $wrong_password, $unknown_user, 'An unknown username reads as a wrong password.' );
		$this->assertSame( $wrong_password, $unknown_email, 'An unknown e-mail address reads as a wrong password.' );
		$this->assertStringNotContainsString( $this->user->user_login, $wrong_password['error'] );
	}

	public function test_the_lost_password_form_answers_the_same_for_every_name(): void {
		$known         = $this->lost_password( $this->user->user_login );
		$unknown_user  = $this->lost_password( 'nobody_' . wp_generate_password( 6, false ) );
		$unknown_email = $this->lost_password( 'nobody-' . strtolower( wp_generate_password( 6, false ) ) . '@example.org' );

		$this->assertSame( '302 /wp-login.php?checkemail=confirm ', $known, 'A known account is sent to "Check your email".' );
		$this->assertSame( $known, $unknown_user );
		$this->assertSame( $known, $unknown_email );
	}

	public function test_turned_off_wordpress_own_messages_come_back(): void {
		$this->settings( array( LoginMessages::FIELD => false ) );
		try {
			$wrong_password = $this->sign_in( $this->user->user_login, 'not the password' );
			$unknown_user   = $this->sign_in( 'nobody_x1', 'not the password' );
			$unknown_email  = $this->sign_in( 'nobody-x1@example.org', 'not the password' );
			$lost_unknown   = $this->lost_password( 'nobody_x1' );
		} finally {
			$this->settings( array( LoginMessages::FIELD => true ) );
		}
		$this->assertStringContainsString( 'The password you entered for the username ' . $this->user->user_login . ' is incorrect', $wrong_password['error'] );
		$this->assertStringContainsString( 'is not registered on this site', $unknown_user['error'] );
		$this->assertStringContainsString( 'Unknown email address', $unknown_email['error'] );
		$this->assertStringContainsString( 'There is no account with that username or email address', $lost_unknown );
	}

	/**
	 * The popup's lost-password answer over HTTP for one name: status, headers (but the date)
	 * and body.
	 */
	private function popup_lost_password( string $login, string $nonce ): string {
		$answer  = $this->site()->request(
			'POST',
			'/wp-admin/admin-ajax.php',
			array(
				'action'      => AccountLostPassword::ACTION,
				'user_login'  => $login,
				'_ajax_nonce' => $nonce,
			)
		);
		$head    = preg_replace( '/^Date:.*$/mi', '', $answer->head );
		return $answer->status . "\n" . $head . "\n" . $answer->body;
	}

	public function test_the_popup_lost_password_answer_is_the_same_for_every_name_and_the_mail_follows_it(): void {
		$page = $this->site()->request( 'GET', '/' );
		$this->assertSame( 1, preg_match( '#"nonce":"(\w+)"#', $page->body, $nonce ), 'The page gives the popup a nonce.' );
		$known   = $this->popup_lost_password( $this->user->user_login, $nonce[1] );
		$unknown = $this->popup_lost_password( 'nobody_' . wp_generate_password( 6, false ), $nonce[1] );
		$email   = $this->popup_lost_password( 'nobody-' . strtolower( wp_generate_password( 6, false ) ) . '@example.org', $nonce[1] );
		$this->assertStringStartsWith( "200\n", $known );
		$this->assertSame( $known, $unknown, 'Status, headers and body are the same for an unknown name.' );
		$this->assertSame( $known, $email, 'And for an unknown e-mail address.' );
		$to = array_merge( ...array_column( $this->site()->mails(), 'to' ) );
		$this->assertContains( $this->user->user_email, $to, 'The existing account got its e-mail, after the answer.' );
	}

	public function test_the_setting_is_in_the_sign_in_section_and_on_by_default(): void {
		$section = Settings::section( LoginGuard::SECTION );
		$this->assertNotNull( $section );
		$this->assertArrayHasKey( LoginMessages::FIELD, $section->fields );
		$this->assertTrue( $section->fields[ LoginMessages::FIELD ]->default );
		$this->assertArrayHasKey( 'attempts', $section->fields, "The section keeps LoginGuard's own fields." );
	}
}
