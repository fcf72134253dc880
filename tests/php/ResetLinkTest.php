<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\ResetLink;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Islands\Account;
use WP_User;

/**
 * The e-mailed reset link over real HTTP: the key leaves the address before any HTML is sent.
 * The first request answers a redirect to the same page without the key, with the key in
 * HttpOnly cookies scoped to admin-ajax.php and wp-login.php; neither answer may be cached or
 * pass the address on in a Referer; no page holds the key; and the reset works from the cookie
 * alone, in the popup and, without JavaScript, in wp-login.php's own form.
 */
final class ResetLinkTest extends CommittedTestCase {

	private const OLD_PASSWORD = 'Old password 1 of Kit';

	private const NEW_PASSWORD = 'New password 2 for Kit';

	/** @var SiteServer|null */
	private static $site;

	/** @var WP_User */
	private $user;

	/** @var string */
	private $key;

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
		$user_id = wp_insert_user(
			array(
				'user_login' => 'kit_' . strtolower( wp_generate_password( 8, false ) ),
				'user_email' => 'kit-' . strtolower( wp_generate_password( 8, false ) ) . '@example.org',
				'user_pass'  => self::OLD_PASSWORD,
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );
		$this->user = get_userdata( $user_id );
		$key        = get_password_reset_key( $this->user );
		$this->assertIsString( $key );
		$this->key = $key;
	}

	private function site(): SiteServer {
		$this->assertNotNull( self::$site );
		return self::$site;
	}

	/** The site's cookie names carry its COOKIEHASH, made from its own address. */
	private function cookie_name( string $prefix ): string {
		return $prefix . md5( $this->site()->url );
	}

	/** The link the lost-password mail carries, to a page of the test site. */
	private function emailed_link(): string {
		return AccountLostPassword::link( $this->site()->url . '/?ref=mail', $this->key, $this->user->user_login );
	}

	private function has_password( string $password ): bool {
		clean_user_cache( $this->user->ID );
		return wp_check_password( $password, get_userdata( $this->user->ID )->user_pass, $this->user->ID );
	}

	private function assert_private( SiteAnswer $answer ): void {
		$this->assertSame( array( 'private, no-store' ), $answer->headers( 'Cache-Control' ), 'No cache keeps it, nor a CDN that stores what says no-cache.' );
		$this->assertSame( 'no-referrer', $answer->header( 'Referrer-Policy' ), 'No link on it passes its address on.' );
	}

	private function assert_keyless( string $text, string $what ): void {
		$this->assertStringNotContainsString( $this->key, $text, $what . ' holds no key.' );
		$this->assertStringNotContainsString( rawurlencode( $this->key ), $text, $what . ' holds no key.' );
	}

	/**
	 * Follows the e-mailed link as a browser does: its redirect, then the page.
	 *
	 * @return array{SiteAnswer, SiteAnswer} The redirect and the page.
	 */
	private function follow_link(): array {
		$first = $this->site()->request( 'GET', $this->emailed_link() );
		$this->assertSame( 302, $first->status, $first->head );
		$page = $this->site()->request( 'GET', (string) $first->header( 'Location' ) );
		$this->assertSame( 200, $page->status, $page->head );
		return array( $first, $page );
	}

	public function test_the_first_request_moves_the_key_into_cookies_and_redirects_without_it(): void {
		$first = $this->site()->request( 'GET', $this->emailed_link() );

		$this->assertSame( 302, $first->status, 'A redirect, before any HTML.' );
		$location = (string) $first->header( 'Location' );
		$this->assertSame( $this->site()->url . '/', strtok( $location, '?' ) );
		parse_str( (string) wp_parse_url( $location, PHP_URL_QUERY ), $args );
		$this->assertSame(
			array(
				'ref'                 => 'mail',
				Account::RESET_ARG    => '1',
				Account::SELECTOR_ARG => '#tenderpress-resetpassword',
			),
			$args,
			'The same page, the popup still asked for, without the key and the account.'
		);
		$this->assert_private( $first );
		$this->assert_keyless( $first->body, 'The answer' );
		$this->assert_keyless( $location, 'The address redirected to' );

		$paths = array(
			ResetLink::COOKIE_PREFIX      => (string) wp_parse_url( admin_url( 'admin-ajax.php' ), PHP_URL_PATH ),
			ResetLink::CORE_COOKIE_PREFIX => (string) wp_parse_url( site_url( 'wp-login.php' ), PHP_URL_PATH ),
		);
		foreach ( $paths as $prefix => $path ) {
			$cookie = $first->cookie( $this->cookie_name( $prefix ) );
			$this->assertNotNull( $cookie, $prefix . ' is set.' );
			$this->assertSame( $this->user->user_login . ':' . $this->key, $cookie['value'] );
			$this->assertSame( $path, $cookie['attributes']['path'] ?? null, 'Sent only to the one path that reads it.' );
			$this->assertArrayHasKey( 'httponly', $cookie['attributes'], 'No script reads it.' );
			$this->assertSame( 'strict', strtolower( $cookie['attributes']['samesite'] ?? '' ) );
			$this->assertArrayNotHasKey( 'secure', $cookie['attributes'], 'Secure only on https (this site is http).' );
			$this->assertArrayNotHasKey( 'expires', $cookie['attributes'], 'Gone with the browser session.' );
		}
	}

	public function test_the_page_after_the_redirect_holds_no_key_and_offers_the_reset(): void {
		list( , $page ) = $this->follow_link();

		$this->assert_private( $page );
		$this->assert_keyless( $page->body, 'The page' );
		$this->assertStringNotContainsString( $this->user->user_login, $page->body, 'Nor the account.' );
		$this->assertStringContainsString( 'data-tp-island="account"', $page->body );
		$this->assertStringContainsString( esc_url( $this->site()->url . '/wp-login.php?action=rp' ), $page->body, "Without JavaScript, a link to WordPress's reset form." );
	}

	/** The popup's request, with the nonce the page gave and the cookies a browser would send. */
	private function reset_request( array $cookies, string $page_body ): SiteAnswer {
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(\{[^<]*"nonce":"(\w+)"[^<]*)</script>#', $page_body, $match ), 'The page gives the island a nonce.' );
		return $this->site()->request(
			'POST',
			'/wp-admin/admin-ajax.php',
			array(
				'action'      => AccountResetPassword::ACTION,
				'pass1'       => self::NEW_PASSWORD,
				'pass2'       => self::NEW_PASSWORD,
				'_ajax_nonce' => $match[2],
			),
			array(),
			$cookies
		);
	}

	public function test_the_popup_resets_the_password_with_the_cookie_and_clears_it(): void {
		list( $first, $page ) = $this->follow_link();
		$name                 = $this->cookie_name( ResetLink::COOKIE_PREFIX );
		$cookie               = $first->cookie( $name );
		$this->assertNotNull( $cookie );

		$answer = $this->reset_request( array( $name => $cookie['value'] ), $page->body );
		$this->assertSame( 200, $answer->status, $answer->body );
		$this->assertTrue( $answer->json()['success'] ?? false );
		$this->assertTrue( $this->has_password( self::NEW_PASSWORD ) );
		$cleared = $answer->cookie( $name );
		$this->assertNotNull( $cleared, 'The used cookie is cleared.' );
		$this->assertSame( '0', $cleared['attributes']['max-age'] ?? null, 'It expires at once.' );
	}

	public function test_without_the_cookie_or_with_a_wrong_one_nothing_changes(): void {
		list( , $page ) = $this->follow_link();
		$name           = $this->cookie_name( ResetLink::COOKIE_PREFIX );
		foreach ( array(
			'no cookie'   => array(),
			'a wrong key' => array( $name => $this->user->user_login . ':AAAAAAAAAAAAAAAAAAAA' ),
			'garbage'     => array( $name => 'garbage' ),
		) as $case => $cookies ) {
			$answer = $this->reset_request( $cookies, $page->body );
			$this->assertSame( 403, $answer->status, $case . ': ' . $answer->body );
			$this->assertSame( AccountResetPassword::invalid_link_message(), $answer->json()['data']['message'] ?? null, $case );
			$this->assertTrue( $this->has_password( self::OLD_PASSWORD ), $case . ': the password is unchanged.' );
		}
		$this->assertInstanceOf( WP_User::class, check_password_reset_key( $this->key, $this->user->user_login ), 'The link still works.' );
	}

	public function test_without_javascript_wordpress_reset_form_works_from_its_own_cookie(): void {
		list( $first, $page ) = $this->follow_link();
		$name                 = $this->cookie_name( ResetLink::CORE_COOKIE_PREFIX );
		$cookie               = $first->cookie( $name );
		$this->assertNotNull( $cookie );
		$this->assertSame( 1, preg_match( '#<a class="tp-account__reset-fallback" href="([^"]+)"#', $page->body, $link ) );

		$form = $this->site()->request( 'GET', html_entity_decode( $link[1] ), array(), array(), array( $name => $cookie['value'] ) );
		$this->assertSame( 200, $form->status, $form->head );
		$this->assertStringContainsString( 'id="resetpassform"', $form->body, "WordPress's reset form, not its invalid-link error." );
		$this->assertSame( 1, preg_match( '#name="rp_key" value="(\w+)"#', $form->body, $rp_key ) );

		$done = $this->site()->request(
			'POST',
			'/wp-login.php?action=resetpass',
			array(
				'pass1'     => self::NEW_PASSWORD,
				'pass2'     => self::NEW_PASSWORD,
				'rp_key'    => $rp_key[1],
				'wp-submit' => 'Save Password',
			),
			array(),
			array( $name => $cookie['value'] )
		);
		$this->assertSame( 200, $done->status, $done->head );
		$this->assertTrue( $this->has_password( self::NEW_PASSWORD ), 'wp-login.php set the new password.' );
	}
}
