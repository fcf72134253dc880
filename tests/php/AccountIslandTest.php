<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use TenderPress\Islands\Account;
use TenderPress\Islands\IslandAssets;
use TenderPress\Settings\Settings;
use WP_Block_Type_Registry;

/**
 * The account island as a visitor meets it: a "Sign in" link in the header, the block and the
 * shortcode that works without JavaScript (wp-login.php, back to the same page), an island that
 * waits for intent unless the page was opened to show a popup, a page opened from the e-mailed
 * reset link that still offers WordPress's own reset form, and a signed-in visitor's name and
 * log-out link instead. Sign-in and log-out return to this page on the site's own origin, without
 * the reset key or the popup arguments.
 */
final class AccountIslandTest extends TestCase {

	/** @var array<string, mixed> The request line the bootstrap set. */
	private $server = array();

	protected function setUp(): void {
		parent::setUp();
		$this->server = array_intersect_key( $_SERVER, array_flip( array( 'REQUEST_URI', 'HTTP_HOST' ) ) );
	}

	protected function tearDown(): void {
		unset( $_SERVER['REQUEST_URI'], $_SERVER['HTTP_HOST'] );
		$_SERVER = $this->server + $_SERVER;
		$_GET    = array();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		parent::tearDown();
	}

	/**
	 * Puts the request in the state a visit to the path with these query arguments leaves it:
	 * the request line as the web server passes it, and $_GET slashed as WordPress leaves it.
	 *
	 * @param string               $path The page's path on the site.
	 * @param array<string, mixed> $args Query arguments.
	 */
	private function visit( string $path, array $args = array() ): void {
		$query                  = http_build_query( $args, '', '&', PHP_QUERY_RFC3986 );
		$_SERVER['REQUEST_URI'] = $path . ( '' === $query ? '' : '?' . $query );
		$_GET                   = wp_slash( $args );
	}

	/**
	 * The sign-in block as the header or a post renders it, with these attributes.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 */
	private function block( array $attributes = array() ): string {
		return do_blocks(
			serialize_block(
				array(
					'blockName'    => Account::BLOCK,
					'attrs'        => $attributes,
					'innerBlocks'  => array(),
					'innerHTML'    => '',
					'innerContent' => array(),
				)
			)
		);
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( string $html ): array {
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $match ), 'The island carries its props.' );
		$props = json_decode( $match[1] ?? '', true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** @return array<int|string, mixed> The query arguments of a link, decoded. */
	private function query_of( string $url ): array {
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $args );
		return $args;
	}

	/** The address of a link without its query, to compare with the page WordPress serves. */
	private function without_query( string $url ): string {
		return explode( '?', $url, 2 )[0];
	}

	/** The island's container in the markup; fails when there is none. */
	private function container( Html $dom ): \DOMElement {
		$container = $dom->one( '//*[@data-tp-island="' . Account::ISLAND . '"]' );
		$this->assertNotNull( $container, 'The account island is in the markup.' );
		return $container;
	}

	private const TRIGGER = '//*[@data-tp-island="' . Account::ISLAND . '"]//a[contains(concat(" ", normalize-space(@class), " "), " tp-account__trigger ")]';

	/** The "Sign in" link inside the island; fails when there is none. */
	private function trigger( Html $dom ): \DOMElement {
		$trigger = $dom->one( self::TRIGGER );
		$this->assertNotNull( $trigger, 'The island holds the sign-in link.' );
		return $trigger;
	}

	/** The words of the "Sign in" link, as a visitor reads them. */
	private function trigger_words( string $html ): string {
		$dom = new Html( $html );
		$this->trigger( $dom );
		return $dom->text( self::TRIGGER );
	}

	/** Where signing in from the trigger returns to. */
	private function trigger_returns_to( string $html ): string {
		$href = $this->trigger( new Html( $html ) )->getAttribute( 'href' );
		$this->assertSame( site_url( 'wp-login.php', 'login' ), $this->without_query( $href ), 'Without JavaScript the trigger is WordPress\'s sign-in screen.' );
		return $this->query_of( $href )['redirect_to'] ?? '';
	}

	/** The no-JavaScript link to wp-login.php's reset form, or null when there is none. */
	private function reset_fallback( string $html ): ?string {
		$link = ( new Html( $html ) )->one( '//a[' . Html::has_class( 'tp-account__reset-fallback' ) . ']' );
		return $link ? $link->getAttribute( 'href' ) : null;
	}

	private function user( string $login = 'ana clerk@bids' ): \WP_User {
		$id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_email' => 'ana-clerk@example.org',
				'user_pass'  => wp_generate_password(),
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $id );
		$user = get_user_by( 'id', $id );
		$this->assertInstanceOf( \WP_User::class, $user );
		return $user;
	}

	/**
	 * Saves the accounts section as the settings form sends it: every field at its default, then
	 * these.
	 *
	 * @param array<string, mixed> $values Fields to change.
	 */
	private function set_accounts( array $values ): void {
		$section = Settings::section( LoginGuard::SECTION );
		$this->assertNotNull( $section );
		$form = array();
		foreach ( $section->fields as $id => $field ) {
			$form[ $id ] = $field->default;
		}
		update_option( Settings::OPTION, array( LoginGuard::SECTION => array_merge( $form, $values ) ) );
	}

	public function test_a_visitor_gets_a_sign_in_link_back_to_this_page_from_the_block_and_the_shortcode(): void {
		$this->visit( '/about/' );

		foreach ( array(
			'block'     => $this->block(),
			'shortcode' => do_shortcode( '[' . Account::SHORTCODE . ']' ),
		) as $source => $html ) {
			$dom       = new Html( $html );
			$container = $this->container( $dom );
			$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ), $source . ': the island waits for the visitor\'s intent.' );

			$trigger = $this->trigger( $dom );
			$this->assertSame( 'Sign in', $this->trigger_words( $html ), $source );
			$this->assertSame( 'dialog', $trigger->getAttribute( 'aria-haspopup' ), $source . ': screen readers hear that it opens a dialog.' );
			$this->assertSame( home_url( '/about/' ), $this->trigger_returns_to( $html ), $source . ': signing in returns to this page.' );
			$this->assertNull( $this->reset_fallback( $html ), $source . ': no reset link on an ordinary page.' );
		}
		$this->assertContains( Account::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );
	}

	public function test_the_label_changes_the_trigger_words_and_markup_in_it_never_reaches_the_page(): void {
		$this->visit( '/about/' );

		$html = $this->block( array( 'label' => 'Buyers\' <b>account</b> & bids' ) );
		$this->assertSame( 'Buyers\' account & bids', $this->trigger_words( $html ), 'The tags are stripped, the words kept.' );
		$this->assertNull( ( new Html( $html ) )->one( '//b' ), 'No bold element from the label.' );
		$this->assertSame( 'Buyers\' account & bids', $this->props( $html )['label'], 'The island shows the same words.' );

		$html = do_shortcode( '[' . Account::SHORTCODE . ' label="Log in <script>alert(1)</script>"]' );
		$this->assertSame( 'Log in', $this->trigger_words( $html ) );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringNotContainsString( 'alert', $html, 'A script\'s content is dropped with its tags.' );

		$this->assertSame( 'Sign in', $this->trigger_words( $this->block( array( 'label' => '  <i></i> ' ) ) ), 'A label with no words falls back to "Sign in".' );
	}

	public function test_the_props_carry_a_valid_nonce_the_account_actions_their_limits_and_query_arguments(): void {
		$this->visit( '/about/' );
		$props = $this->props( $this->block() );

		$this->assertSame( 1, wp_verify_nonce( $props['nonce'], GetToken::NONCE ), 'The popups\' forms are signed with a nonce the handlers accept.' );
		$this->assertSame( GetToken::ACTION, $props['token'], 'By default the island asks for a fresh nonce, for pages served from a cache.' );
		$this->assertSame( admin_url( 'admin-ajax.php' ), $props['ajaxUrl'] );
		$this->assertSame(
			array(
				'login' => AccountLogin::ACTION,
				'lost'  => AccountLostPassword::ACTION,
				'reset' => AccountResetPassword::ACTION,
			),
			$props['actions']
		);
		$this->assertSame(
			array(
				'login'    => AccountLogin::MAX_LOGIN,
				'password' => AccountLogin::MAX_PASSWORD,
			),
			$props['limits'],
			'The island refuses no more and no less than the handlers do.'
		);
		$this->assertSame(
			array(
				'lost'     => Account::LOST_ARG,
				'reset'    => Account::RESET_ARG,
				'selector' => Account::SELECTOR_ARG,
			),
			$props['args']
		);
		$this->assertSame( wp_login_url( home_url( '/about/' ) ), $props['urls']['login'] );
		$this->assertSame( wp_lostpassword_url( home_url( '/about/' ) ), $props['urls']['lost'] );
	}

	public function test_with_fresh_tokens_turned_off_the_island_asks_for_none(): void {
		$this->set_accounts( array( 'freshToken' => false ) );
		$this->assertNull( $this->props( $this->block() )['token'] );
	}

	public function test_the_register_link_is_offered_only_when_anyone_can_register(): void {
		update_option( 'users_can_register', 0 );
		$this->assertSame( '', $this->props( $this->block() )['urls']['register'], 'No "Create an account" link on a site that takes no registrations.' );

		update_option( 'users_can_register', 1 );
		$this->assertSame( wp_registration_url(), $this->props( $this->block() )['urls']['register'] );
	}

	public function test_a_signed_in_visitor_sees_their_name_escaped_and_a_log_out_link_back_to_this_page(): void {
		global $wpdb;
		$user = $this->user();
		// A display name as an import or another plugin may have stored it, markup and all.
		$wpdb->update( $wpdb->users, array( 'display_name' => '<em>Ana</em> & Co' ), array( 'ID' => $user->ID ) );
		clean_user_cache( $user->ID );
		wp_set_current_user( $user->ID );
		$this->visit( '/about/', array( 'ref' => 'mail' ) );

		foreach ( array(
			'block'     => $this->block(),
			'shortcode' => do_shortcode( '[' . Account::SHORTCODE . ']' ),
		) as $source => $html ) {
			$dom = new Html( $html );
			$this->assertNull( $dom->one( '//*[@data-tp-island]' ), $source . ': no island for a signed-in visitor.' );
			$this->assertSame( 'Signed in as <em>Ana</em> & Co', $dom->text( '//*[' . Html::has_class( 'tp-account__name' ) . ']' ), $source . ': the name is shown as text.' );
			$this->assertNull( $dom->one( '//em' ), $source . ': the name\'s markup is not markup on the page.' );

			$logout = $dom->one( '//a[' . Html::has_class( 'tp-account__logout' ) . ']' );
			$this->assertNotNull( $logout, $source );
			$this->assertSame( 'Log out', $dom->text( '//a[' . Html::has_class( 'tp-account__logout' ) . ']' ), $source );
			$href = $logout->getAttribute( 'href' );
			$this->assertSame( site_url( 'wp-login.php', 'login' ), $this->without_query( $href ), $source );
			$args = $this->query_of( $href );
			$this->assertSame( 'logout', $args['action'], $source );
			$this->assertSame( 1, wp_verify_nonce( $args['_wpnonce'], 'log-out' ), $source . ': wp-login.php logs out without asking again.' );
			$this->assertSame( home_url( '/about/?ref=mail' ), $args['redirect_to'], $source . ': logging out returns to this page.' );
		}
		$this->assertNotContains( Account::ISLAND, IslandAssets::instance()->used(), 'No island script is loaded for a signed-in visitor.' );
	}

	public function test_a_page_opened_from_the_emailed_link_loads_the_island_at_once_and_offers_wordpress_reset_form(): void {
		// The address the e-mailed link leads to once ResetLink took the key and login out of it.
		$this->visit(
			'/about/',
			array(
				Account::RESET_ARG    => '1',
				Account::SELECTOR_ARG => '#tenderpress-resetpassword',
				'ref'                 => 'mail',
			)
		);
		$html = $this->block();

		$this->assertSame( 'load', $this->container( new Html( $html ) )->getAttribute( 'data-tp-when' ), 'The reset popup opens without waiting for the visitor.' );

		$fallback = $this->reset_fallback( $html );
		$this->assertNotNull( $fallback, 'Without JavaScript the visitor can still choose a password.' );
		$this->assertSame( site_url( 'wp-login.php', 'login' ), $this->without_query( $fallback ) );
		$this->assertSame( array( 'action' => 'rp' ), $this->query_of( $fallback ), "WordPress's reset form, which reads its own reset cookie: no key in the link." );

		$return_to = $this->trigger_returns_to( $html );
		$this->assertSame( home_url( '/about/?ref=mail' ), $return_to, 'Signing in instead returns to the page without the reset.' );
		foreach ( array( Account::RESET_ARG, Account::SELECTOR_ARG, 'key', 'login' ) as $arg ) {
			$this->assertArrayNotHasKey( $arg, $this->query_of( $return_to ) );
		}
	}

	/**
	 * A page rendered while its address still holds the key (a cache or proxy answered the first
	 * request, or ResetLink's redirect was skipped): the key and the account appear nowhere in its
	 * HTML, the island's props and the no-JavaScript link included.
	 *
	 * @return array<string, array{mixed}>
	 */
	public static function keys_in_the_address(): array {
		return array(
			'a valid key'               => array( 'valid' ),
			'a key with markup'         => array( '"><script>valid' ),
			'a key sent as an array'    => array( array( 'x' ) ),
		);
	}

	/**
	 * @dataProvider keys_in_the_address
	 * @param mixed $key
	 */
	public function test_a_page_never_prints_the_reset_key_or_the_account( $key ): void {
		// PHPUnit turns a notice or warning into a failure only for the levels PHP reports.
		$reported = error_reporting(); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads the level, changes nothing.
		$this->assertSame( E_ALL, $reported & E_ALL, 'Every notice and warning would fail this test.' );
		$user  = $this->user( 'ana_clerk_' . strtolower( wp_generate_password( 5, false ) ) );
		$valid = get_password_reset_key( $user );
		$this->assertIsString( $valid );
		$this->visit(
			'/about/',
			array(
				Account::RESET_ARG    => '1',
				Account::SELECTOR_ARG => '#tenderpress-resetpassword',
				'key'                 => is_string( $key ) ? str_replace( 'valid', $valid, $key ) : $key,
				'login'               => $user->user_login,
			)
		);
		$html = $this->block();

		$this->assertStringNotContainsString( $valid, $html, 'The key is not in the page.' );
		$this->assertStringNotContainsString( $user->user_login, $html, 'Nor the account it is for.' );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertSame( network_site_url( 'wp-login.php?action=rp', 'login' ), $this->reset_fallback( $html ) );
		$this->assertSame( 'load', $this->container( new Html( $html ) )->getAttribute( 'data-tp-when' ), 'The island still opens its popup.' );
	}

	public function test_a_page_opened_for_the_lost_password_popup_loads_the_island_at_once_without_a_reset_link(): void {
		$this->visit( '/about/', array( Account::LOST_ARG => '1' ) );
		$html = $this->block();

		$this->assertSame( 'load', $this->container( new Html( $html ) )->getAttribute( 'data-tp-when' ) );
		$this->assertNull( $this->reset_fallback( $html ) );
		$this->assertSame( home_url( '/about/' ), $this->trigger_returns_to( $html ), 'Signing in does not open the popup again.' );
	}

	public function test_sign_in_returns_to_the_site_own_origin_whatever_the_host_header_says(): void {
		$_SERVER['HTTP_HOST'] = 'evil.example';
		$this->visit( '/about/', array( 'ref' => 'mail' ) );
		$return_to = $this->trigger_returns_to( $this->block() );

		$this->assertSame( wp_parse_url( home_url(), PHP_URL_HOST ), wp_parse_url( $return_to, PHP_URL_HOST ) );
		$this->assertSame( home_url( '/about/?ref=mail' ), $return_to, 'The path and other query arguments are kept.' );
		$this->assertSame( home_url( '/about/?ref=mail' ), Account::current_url() );
	}

	public function test_a_request_path_naming_another_host_returns_to_the_home_page(): void {
		$_SERVER['REQUEST_URI'] = '//evil.example/x';
		$this->assertSame( home_url( '/' ), $this->trigger_returns_to( $this->block() ) );
	}

	public function test_the_emailed_link_carries_the_arguments_the_island_reads(): void {
		$args = $this->query_of( AccountLostPassword::link( home_url( '/about/' ), 'k3y', 'ana' ) );
		$this->assertSame(
			array(
				Account::RESET_ARG    => '1',
				Account::SELECTOR_ARG => '#tenderpress-resetpassword',
			),
			array_intersect_key( $args, array_flip( array( Account::RESET_ARG, Account::SELECTOR_ARG ) ) ),
			'The e-mailed link opens the reset popup the island shows.'
		);
	}

	public function test_the_block_is_registered_with_a_label_and_is_in_the_theme_header(): void {
		$block = WP_Block_Type_Registry::get_instance()->get_registered( Account::BLOCK );
		$this->assertNotNull( $block );
		$this->assertSame( 'string', $block->attributes['label']['type'] ?? null, 'The editor can change the trigger\'s words.' );

		$header = (string) file_get_contents( dirname( __DIR__, 2 ) . '/theme/parts/header.html' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the theme.
		$names  = array();
		$walk   = static function ( array $blocks ) use ( &$walk, &$names ): void {
			foreach ( $blocks as $parsed ) {
				$names[] = $parsed['blockName'];
				$walk( $parsed['innerBlocks'] );
			}
		};
		$walk( parse_blocks( $header ) );
		$this->assertContains( Account::BLOCK, $names, 'Every page\'s header has the sign-in link.' );
	}
}
