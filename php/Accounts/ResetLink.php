<?php
namespace TenderPress\Accounts;

use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Islands\Account;
use TenderPress\Support\PrivateAnswer;
use TenderPress\Support\SiteOrigin;

/**
 * The e-mailed reset link's key, kept out of every URL and page: the link leads to a page of the
 * site with the reset popup's argument and the key and login in its query string (an e-mail link
 * can carry nothing else). Before any HTML is sent, the first request for such an address moves
 * the key into HttpOnly cookies and redirects to the same address without it, as wp-login.php
 * does with its `wp-resetpass-` cookie. So the key is never printed into a page and never stays
 * in the address bar, the history, a Referer, analytics or a cache keyed without the query.
 *
 * Two cookies, each scoped to the one path that reads it, so no other page ever receives the key:
 * - ours, on admin-ajax.php, read by the reset popup's action (AccountResetPassword);
 * - wp-login.php's own `wp-resetpass-<hash>`, on wp-login.php, read by WordPress's reset form,
 *   which the page links to for visitors without JavaScript (with no key in the link).
 * Both are HttpOnly, SameSite=Strict (only this site's own pages use them) and Secure on https,
 * and end with the browser session, like wp-login.php's. The key is checked where it is used,
 * with check_password_reset_key(), never here.
 *
 * The redirect and the page it leads to are sent with `Cache-Control: no-store` and
 * `Referrer-Policy: no-referrer`.
 */
final class ResetLink {

	/** Our cookie's name, before COOKIEHASH (one site's cookie never meets another's). */
	public const COOKIE_PREFIX = 'tenderpress-resetpass-';

	/** WordPress's own reset cookie's name, before COOKIEHASH (wp-login.php, action `rp`). */
	public const CORE_COOKIE_PREFIX = 'wp-resetpass-';

	/** The e-mailed link's arguments that carry the account and its key. */
	public const KEY_ARGS = array( 'key', 'login' );

	public function register(): void {
		// `send_headers` runs once the request is parsed and before any template code or output,
		// so the key leaves the address before a byte of HTML exists.
		add_action( 'send_headers', array( $this, 'guard_reset_page' ) );
	}

	/**
	 * For a page opened for the reset popup: no caching, no Referer, and, while the address still
	 * holds the key, the cookies and a redirect to the address without it.
	 */
	public function guard_reset_page(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- an e-mailed link, checked where it is used.
		if ( ! isset( $_GET[ Account::RESET_ARG ] ) ) {
			return;
		}
		self::private_headers();
		if ( ! isset( $_GET['key'] ) && ! isset( $_GET['login'] ) ) {
			return;
		}
		$key   = isset( $_GET['key'] ) && is_string( $_GET['key'] ) ? sanitize_text_field( wp_unslash( $_GET['key'] ) ) : '';
		$login = isset( $_GET['login'] ) && is_string( $_GET['login'] ) ? sanitize_user( wp_unslash( $_GET['login'] ) ) : '';
		// phpcs:enable
		if ( '' !== $login && preg_match( '/^[A-Za-z0-9]{1,' . AccountResetPassword::MAX_KEY . '}$/D', $key ) ) {
			$value = $login . ':' . $key;
			self::set_cookie( self::cookie_name(), $value, self::ajax_path() );
			self::set_cookie( self::CORE_COOKIE_PREFIX . COOKIEHASH, $value, self::login_path() );
		}
		// A link whose key is malformed is redirected all the same: its key leaves the address
		// too, and the popup then says the link is not valid.
		wp_safe_redirect( self::address_without_key(), 302, 'TenderPress' );
		exit;
	}

	/**
	 * The account and key the reset cookie holds, or null without a well-formed one.
	 *
	 * @return array{login: string, key: string}|null
	 */
	public static function from_cookie(): ?array {
		$name = self::cookie_name();
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked below; the key is compared by check_password_reset_key().
		$value = isset( $_COOKIE[ $name ] ) && is_string( $_COOKIE[ $name ] ) ? wp_unslash( $_COOKIE[ $name ] ) : '';
		if ( ! preg_match( '/^([^:\x00-\x1F]{1,' . AccountLogin::MAX_LOGIN . '}):([A-Za-z0-9]{1,' . AccountResetPassword::MAX_KEY . '})$/D', $value, $parts ) || '' === sanitize_user( $parts[1] ) ) {
			return null;
		}
		return array(
			'login' => $parts[1],
			'key'   => $parts[2],
		);
	}

	/** Forgets the key in both cookies, once it was used. */
	public static function forget(): void {
		self::set_cookie( self::cookie_name(), '', self::ajax_path(), time() - DAY_IN_SECONDS );
		self::set_cookie( self::CORE_COOKIE_PREFIX . COOKIEHASH, '', self::login_path(), time() - DAY_IN_SECONDS );
	}

	public static function cookie_name(): string {
		return self::COOKIE_PREFIX . COOKIEHASH;
	}

	/** No cache may keep the answer, and no link on the page may pass its address on. */
	private static function private_headers(): void {
		if ( headers_sent() ) {
			return;
		}
		PrivateAnswer::send_headers();
		header( 'Referrer-Policy: no-referrer' );
	}

	private static function set_cookie( string $name, string $value, string $path, int $expires = 0 ): void {
		if ( headers_sent() ) {
			return;
		}
		setcookie(
			$name,
			$value,
			array(
				'expires'  => $expires,
				'path'     => $path,
				'domain'   => (string) COOKIE_DOMAIN, // false (no domain) unless the site sets one.
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Strict',
			)
		);
	}

	/** The path of admin-ajax.php, where the popup's reset request goes. */
	private static function ajax_path(): string {
		return (string) wp_parse_url( admin_url( 'admin-ajax.php' ), PHP_URL_PATH );
	}

	/** The path of wp-login.php, whose reset form reads WordPress's own cookie. */
	private static function login_path(): string {
		return (string) wp_parse_url( network_site_url( 'wp-login.php', 'login' ), PHP_URL_PATH );
	}

	/** This request's address on the site's own origin, without the key and the account. */
	private static function address_without_key(): string {
		$uri = isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		if ( ! str_starts_with( $uri, '/' ) || str_starts_with( $uri, '//' ) ) {
			$uri = '/';
		}
		return AccountLogin::same_site_url( remove_query_arg( self::KEY_ARGS, SiteOrigin::get() . $uri ) );
	}
}
