<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\GetToken;
use WP_Error;

/**
 * `tenderpress_lost_password`: the account island's "lost your password?" form. WordPress's own
 * retrieve_password() mails the account a reset link, which leads back to the page the visitor
 * was on with the reset popup open instead of to wp-login.php. Whether an account matches, may
 * not reset, or its mail failed, the visitor reads the same answer; only a lockout (429), an
 * unsigned or GET request and malformed fields answer otherwise, and those send and store nothing.
 */
final class AccountLostPasswordTest extends TestCase {

	/** @var int */
	private $user_id;

	/** @var list<array<string, mixed>> Mail WordPress sent during the test. */
	private $mails = array();

	/** @var callable */
	private $capture;

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.30';

		$this->mails   = array();
		// Mail that is sent, not mail held back (AccountLostPassword skips it first, at PHP_INT_MIN).
		$this->capture = function ( $short_circuit, $atts ) {
			if ( null !== $short_circuit ) {
				return $short_circuit;
			}
			$this->mails[] = $atts;
			return true;
		};
		add_filter( 'pre_wp_mail', $this->capture, PHP_INT_MIN + 1, 2 );
		$user_id = wp_insert_user(
			array(
				'user_login' => 'grace hopper ' . wp_generate_password( 4, false ),
				'user_email' => 'grace-' . wp_generate_password( 6, false ) . '@example.org',
				'user_pass'  => wp_generate_password(),
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );

		$this->user_id = $user_id;
	}

	protected function tearDown(): void {
		remove_filter( 'pre_wp_mail', $this->capture, PHP_INT_MIN + 1 );
		unset( $_SERVER['REMOTE_ADDR'] );
		parent::tearDown();
	}

	/**
	 * The island's request, signed with a fresh account nonce.
	 *
	 * @param array<string, mixed> $change Fields to replace (null removes one).
	 * @return array<string, mixed>
	 */
	private function fields( array $change = array() ): array {
		$fields = array_merge(
			array(
				'user_login'  => get_userdata( $this->user_id )->user_login,
				'return_to'   => home_url( '/tenders/?status=open' ),
				'_ajax_nonce' => wp_create_nonce( GetToken::NONCE ),
			),
			$change
		);
		return array_filter( $fields, static fn( $value ) => null !== $value );
	}

	/** Sends the request, then what the request sends once its answer has left (shutdown). */
	private function send( array $fields ): Ajax {
		$answer           = Ajax::post( AccountLostPassword::ACTION, $fields );
		$answer->status ??= 200;
		$this->after_the_answer();
		return $answer;
	}

	/** What the request does on shutdown, once the answer left: the held e-mail goes. */
	private function after_the_answer(): void {
		remove_action( 'shutdown', array( AccountLostPassword::class, 'finish_then_send' ), 0 );
		AccountLostPassword::send_held();
	}

	public function test_the_email_goes_only_after_the_answer(): void {
		$answer = Ajax::post( AccountLostPassword::ACTION, $this->fields() );
		$this->assertSame( 200, $answer->status ?? 200, $answer->body );
		$this->assertSame( array(), $this->mails, 'Nothing is mailed before the answer is sent.' );
		$this->assertSame( 0, has_action( 'shutdown', array( AccountLostPassword::class, 'finish_then_send' ) ), 'The e-mail waits for the end of the request.' );
		$this->after_the_answer();
		$this->assertCount( 1, $this->mails );
		$this->assertSame( get_userdata( $this->user_id )->user_email, $this->mails[0]['to'] );
	}

	/**
	 * The statuses a client gets for the same name asked for again and again, from an address of
	 * its own.
	 *
	 * @return list<int>
	 */
	private function statuses_for( string $login, string $address ): array {
		$_SERVER['REMOTE_ADDR'] = $address;
		$statuses               = array();
		for ( $i = 0; $i < 7; $i++ ) {
			$statuses[] = (int) $this->send( $this->fields( array( 'user_login' => $login ) ) )->status;
		}
		return $statuses;
	}

	public function test_unknown_and_existing_names_get_the_same_answer_and_the_same_limit(): void {
		$user     = get_userdata( $this->user_id );
		$answers  = array();
		$bodies   = array();
		foreach ( array( $user->user_login, $user->user_email, 'nobody_' . wp_generate_password( 6, false ), 'nobody-' . strtolower( wp_generate_password( 6, false ) ) . '@example.org' ) as $i => $login ) {
			$_SERVER['REMOTE_ADDR'] = '198.51.100.' . ( 10 + $i );
			$answer                 = $this->send( $this->fields( array( 'user_login' => $login ) ) );
			$answers[]              = $answer->status;
			$bodies[]               = $answer->body;
		}
		$this->assertSame( array( 200, 200, 200, 200 ), $answers );
		$this->assertCount( 1, array_unique( $bodies ), 'The same bytes for every name.' );
		$this->assertCount( 2, $this->mails, 'Only the existing account was mailed (twice: by name and by address).' );

		$existing = $this->statuses_for( $user->user_login, '203.0.113.21' );
		$unknown  = $this->statuses_for( 'nobody_' . wp_generate_password( 6, false ), '203.0.113.22' );
		$this->assertContains( 429, $existing, 'The limit is reached within seven requests.' );
		$this->assertSame( $existing, $unknown, 'An unknown name is limited exactly as an existing one.' );
	}

	/** Sends a request that must get the one answer; returns the answer. */
	private function answered( array $fields ): Ajax {
		$answer = $this->send( $fields );
		$json   = $answer->json();
		$this->assertSame( 200, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertTrue( $json['success'] );
		$this->assertSame( array( 'message' ), array_keys( $json['data'] ) );
		return $answer;
	}

	private function refused( int $status, Ajax $answer ): string {
		$json = $answer->json();
		$this->assertSame( $status, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertFalse( $json['success'] );
		$this->assertIsString( $json['data']['message'] );
		return $json['data']['message'];
	}

	/** The one link of a mail's message that leads to the page (the e-mailed reset link). */
	private function link_in( string $message, string $page ): string {
		$this->assertSame( 1, preg_match_all( '#' . preg_quote( $page, '#' ) . '\S*#', $message, $links ), $message );
		return $links[0][0];
	}

	public function test_the_account_is_mailed_a_link_back_to_the_page_with_the_reset_popup_open(): void {
		$user = get_userdata( $this->user_id );
		$this->answered( $this->fields() );

		$this->assertCount( 1, $this->mails );
		$this->assertSame( $user->user_email, $this->mails[0]['to'] );
		$message = $this->mails[0]['message'];
		$this->assertDoesNotMatchRegularExpression( '#wp-login\.php\?[^\s]*action=rp#', $message, "No link to wp-login.php's reset form." );
		$this->assertStringContainsString( 'Someone has requested a password reset', $message, "The rest is WordPress's message." );

		$link = $this->link_in( $message, home_url( '/tenders/' ) );
		$this->assertSame( home_url( '/tenders/' ), strtok( $link, '?' ) );
		parse_str( (string) wp_parse_url( $link, PHP_URL_QUERY ), $args );
		$this->assertSame( 'open', $args['status'], "The page's own arguments are kept." );
		$this->assertSame( '1', $args['tenderpress-resetpassword'] );
		$this->assertSame( '#tenderpress-resetpassword', $args['popup-selector'] );
		$this->assertSame( $user->user_login, $args['login'], 'The login, a space and all.' );
		$this->assertSame( $user->ID, check_password_reset_key( $args['key'], $args['login'] )->ID, "The link's key resets this account." );
		$this->assertNull( wp_parse_url( $link, PHP_URL_FRAGMENT ), 'Nothing of the link is lost to a fragment.' );
	}

	public function test_an_e_mail_address_finds_the_account_too(): void {
		$this->answered( $this->fields( array( 'user_login' => get_userdata( $this->user_id )->user_email ) ) );
		$this->assertCount( 1, $this->mails );
		$this->assertSame( get_userdata( $this->user_id )->user_email, $this->mails[0]['to'] );
	}

	/** @return array<string, array{string}> */
	public static function outside_addresses(): array {
		return array(
			'another site'            => array( 'https://evil.example/' ),
			'scheme-relative address' => array( '//evil.example/' ),
			'javascript: URL'         => array( 'javascript:alert(1)' ),
			'nothing'                 => array( '' ),
		);
	}

	/** @dataProvider outside_addresses */
	public function test_a_page_outside_the_site_makes_the_link_lead_home( string $address ): void {
		$this->answered( $this->fields( array( 'return_to' => $address ) ) );
		$link = $this->link_in( $this->mails[0]['message'], home_url( '/' ) );
		$this->assertSame( home_url( '/' ), strtok( $link, '?' ) );
		$this->assertStringNotContainsString( 'evil', $this->mails[0]['message'] );
	}

	public function test_without_a_page_the_link_leads_home(): void {
		$this->answered( $this->fields( array( 'return_to' => null ) ) );
		$this->assertSame( home_url( '/' ), strtok( $this->link_in( $this->mails[0]['message'], home_url( '/' ) ), '?' ) );
	}

	public function test_an_unknown_user_or_e_mail_gets_the_same_answer_and_nothing_is_sent(): void {
		$known       = $this->answered( $this->fields() );
		$this->mails = array();

		$unknown_user  = $this->answered( $this->fields( array( 'user_login' => 'nobody_' . wp_generate_password( 6, false ) ) ) );
		$unknown_email = $this->answered( $this->fields( array( 'user_login' => 'nobody-' . wp_generate_password( 6, false ) . '@example.org' ) ) );
		$this->assertSame( $known->body, $unknown_user->body );
		$this->assertSame( $known->body, $unknown_email->body );
		$this->assertSame( array(), $this->mails, 'No mail for an account that does not exist.' );
	}

	public function test_an_account_whose_mail_fails_gets_the_same_answer(): void {
		$known = $this->answered( $this->fields() );
		$fail  = static fn() => false;
		add_filter( 'pre_wp_mail', $fail, PHP_INT_MAX );
		try {
			$failed = $this->answered( $this->fields() );
		} finally {
			remove_filter( 'pre_wp_mail', $fail, PHP_INT_MAX );
		}
		$this->assertSame( $known->body, $failed->body );
	}

	public function test_an_account_that_may_not_reset_gets_the_same_answer_and_no_mail(): void {
		$known       = $this->answered( $this->fields() );
		$this->mails = array();
		$deny        = static fn() => false;
		add_filter( 'allow_password_reset', $deny );
		try {
			$denied = $this->answered( $this->fields() );
		} finally {
			remove_filter( 'allow_password_reset', $deny );
		}
		$this->assertSame( $known->body, $denied->body );
		$this->assertSame( array(), $this->mails );
	}

	public function test_a_link_in_an_html_message_keeps_its_tag(): void {
		$html = static function ( $email, $key, $user_login ) {
			$url              = network_site_url( "wp-login.php?action=rp&key=$key&login=" . rawurlencode( $user_login ), 'login' );
			$email['message'] = '<p><a href="' . $url . '&wp_lang=en_US">Choose a password</a></p>';
			return $email;
		};
		add_filter( 'retrieve_password_notification_email', $html, 5, 3 );
		try {
			$this->answered( $this->fields() );
		} finally {
			remove_filter( 'retrieve_password_notification_email', $html, 5 );
		}
		$this->assertMatchesRegularExpression( '#^<p><a href="' . preg_quote( home_url( '/tenders/' ), '#' ) . '\?[^"<>\s]+">Choose a password</a></p>$#', $this->mails[0]['message'] );
	}

	public function test_wordpress_own_lost_password_form_still_mails_its_own_link(): void {
		$this->answered( $this->fields() );
		$this->mails = array();
		$this->assertTrue( retrieve_password( wp_slash( get_userdata( $this->user_id )->user_login ) ) );
		$this->assertMatchesRegularExpression( '#wp-login\.php\?[^\s]*action=rp#', $this->mails[0]['message'], 'The link is changed only while the action runs.' );
		$this->assertStringNotContainsString( 'tenderpress-resetpassword', $this->mails[0]['message'] );
	}

	public function test_a_locked_out_client_gets_429_with_the_lockout_message_and_nothing_is_sent(): void {
		$lock = static function ( WP_Error $errors ) {
			$errors->add( 'tenderpress_locked', 'Too many failed attempts. Try again in 15 minutes.' );
		};
		add_action( 'lostpassword_post', $lock, PHP_INT_MAX );
		try {
			$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $this->refused( 429, $this->send( $this->fields() ) ) );
			$this->assertSame( 'Too many failed attempts. Try again in 15 minutes.', $this->refused( 429, $this->send( $this->fields( array( 'user_login' => 'nobody' ) ) ) ) );
		} finally {
			remove_action( 'lostpassword_post', $lock, PHP_INT_MAX );
		}
		$this->assertSame( array(), $this->mails );
		$this->assertSame( '', get_userdata( $this->user_id )->user_activation_key, 'No reset key was made.' );
	}

	public function test_a_form_without_a_nonce_or_with_a_stale_one_is_refused_and_nothing_is_sent(): void {
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => null ) ) ) );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => 'a1b2c3d4e5' ) ) ) );
		$this->refused( 403, $this->send( $this->fields( array( '_ajax_nonce' => array( 'x' ) ) ) ) );
		$this->assertSame( array(), $this->mails );
	}

	public function test_a_request_by_get_is_refused_with_405(): void {
		$this->refused( 405, Ajax::get( AccountLostPassword::ACTION, $this->fields() ) );
		$this->assertSame( array(), $this->mails );
	}

	/** @return array<string, array{array<string, mixed>}> */
	public static function malformed_fields(): array {
		return array(
			'no username'                => array( array( 'user_login' => null ) ),
			'empty username'             => array( array( 'user_login' => '' ) ),
			'only spaces'                => array( array( 'user_login' => '   ' ) ),
			'username as an array'       => array( array( 'user_login' => array( 'x' ) ) ),
			'username as a nested array' => array( array( 'user_login' => array( 'a' => array( 'b' => 'x' ) ) ) ),
			'username of 201 characters' => array( array( 'user_login' => str_repeat( 'a', 201 ) ) ),
			'NUL in the username'        => array( array( 'user_login' => "grace\0" ) ),
			'line break in the username' => array( array( 'user_login' => "a@example.org\r\nBcc: x@example.org" ) ),
			'broken UTF-8'               => array( array( 'user_login' => "grace\xc0\xaf" ) ),
			'markup only'                => array( array( 'user_login' => '<script>alert("x")</script>' ) ),
			'page as an array'           => array( array( 'return_to' => array( 'x' ) ) ),
			'page with a line break'     => array( array( 'return_to' => "/\r\nX: 1" ) ),
			'page of 2049 characters'    => array( array( 'return_to' => '/' . str_repeat( 'a', 2048 ) ) ),
		);
	}

	/**
	 * @dataProvider malformed_fields
	 * @param array<string, mixed> $change
	 */
	public function test_a_malformed_field_is_refused_and_nothing_is_sent_stored_or_logged( array $change ): void {
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$log     = DebugLog::open_proven();
			$writes  = QueryLog::start();
			$message = $this->refused( 400, $this->send( $this->fields( $change ) ) );
			$this->assertSame( array(), $writes->stop(), 'Nothing written.' );
			$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,90}»$/u', $message, 'A short translated message.' );
			$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
		} finally {
			remove_filter( 'gettext_tenderpress', $mark );
		}
		$this->assertSame( array(), $this->mails );
	}

	public function test_the_answer_is_translated_and_names_no_account(): void {
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$answer = $this->answered( $this->fields() );
		} finally {
			remove_filter( 'gettext_tenderpress', $mark );
		}
		$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,120}»$/u', $answer->json()['data']['message'] );
		$this->assertStringNotContainsString( 'grace', $answer->body );
	}

	public function test_the_link_helper_encodes_what_would_break_the_address(): void {
		$link = AccountLostPassword::link( 'https://example.org/page/#top', 'abc123', 'a&b c' );
		parse_str( (string) wp_parse_url( $link, PHP_URL_QUERY ), $args );
		$this->assertSame( 'a&b c', $args['login'] );
		$this->assertSame( 'abc123', $args['key'] );
		$this->assertSame( 'top', wp_parse_url( $link, PHP_URL_FRAGMENT ), "The page's own fragment stays last." );
	}
}
