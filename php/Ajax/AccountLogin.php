<?php
namespace TenderPress\Ajax;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\PrivateAnswer;
use TenderPress\Support\SameOriginRequest;
use TenderPress\Support\SiteOrigin;
use WP_Error;
use WP_User;

/**
 * `tenderpress_login` (POST, visitors and signed-in users): the account island's login form, on
 * WordPress's own accounts. Fields: `log` (username or e-mail address), `pwd`, `rememberme`
 * ('1' or absent), `redirect_to` (optional) and `_ajax_nonce` (GetToken::NONCE).
 *
 * The login goes through wp_signon(), as wp-login.php's does, so every plugin's login hooks run
 * (two-factor, LoginGuard's lockout, audit logs). The answer is `{success: true, data: {redirect,
 * name}}`, where `redirect` is a URL of this site (wp_validate_redirect(), then the
 * `login_redirect` filter, then checked again); a refusal is a 4xx with a short translated
 * message:
 * - 405 for anything but POST, 403 for a missing or stale nonce, 400 for a malformed field;
 * - 429 with LoginGuard's own message when it locked the client or the account out;
 * - 403 with one message for every other failure. WordPress's messages say whether the
 *   username or e-mail address exists (and name it), so they are never passed on.
 *
 * An unknown username returns from WordPress without a password hash being checked, which is
 * faster than a wrong password and would tell the two apart by time alone: when no hash was
 * checked, the password is checked against a dummy hash (dummy_hash()) so both take about as long.
 *
 * The shared parts of the three account actions (POST, nonce, fields, same-site URLs) are the
 * public static helpers here; AccountLostPassword and AccountResetPassword use them.
 */
final class AccountLogin {

	public const ACTION = 'tenderpress_login';

	/** The longest username or e-mail address taken (WordPress's own columns hold 60 and 100). */
	public const MAX_LOGIN = 200;

	/** The longest password taken: longer ones only cost hashing time. */
	public const MAX_PASSWORD = 4096;

	/** The longest URL taken for a page to return to. */
	public const MAX_URL = 2048;

	/**
	 * A portable phpass hash (WordPress before 6.8) of a random password nobody knows, made once
	 * with wp_hash_password(): checking a password against it costs what checking a real user's
	 * phpass hash costs. A fixed value, so the check costs no database write or extra hashing.
	 */
	public const DUMMY_HASH_PHPASS = '$P$BLxX0BFbRa8p7SdrN0wGu4OaSzdaJT1';

	/**
	 * The same for WordPress 6.8 and later, which hash new passwords with bcrypt (cost 10, its
	 * default) behind a `$wp` prefix: against a phpass hash, a check would be many times faster
	 * than a real user's.
	 */
	public const DUMMY_HASH_BCRYPT = '$wp$2y$10$X9ry31X5t.cWzIw7i/zJZuOdAEttKDTtfJJhr950SHs4qQZhXDYxq';

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function handle(): void {
		if ( ! self::is_signed_post( __( 'Log in with POST.', 'tenderpress' ) ) ) {
			return;
		}
		$login    = self::field( 'log', self::MAX_LOGIN );
		$password = self::field( 'pwd', self::MAX_PASSWORD );
		$redirect = self::field( 'redirect_to', self::MAX_URL, false );
		$remember = self::field( 'rememberme', 1, false );
		if ( ! is_string( $login ) || ! is_string( $password ) || false === $redirect || false === $remember || ( null !== $remember && '1' !== $remember ) ) {
			AjaxResponse::error( __( 'Fill in your username or e-mail address and your password.', 'tenderpress' ), 400 );
			return;
		}

		if ( '' === trim( $login ) || '' === trim( $password ) ) {
			// WordPress would refuse these without a hash check, or, for a signed-in visitor who
			// sends neither, sign them in again from their cookie: refused here alike, after the
			// same check a wrong password costs.
			wp_check_password( self::slashed_field( 'pwd' ), self::dummy_hash() );
			AjaxResponse::error( self::wrong_login_message(), 403 );
			return;
		}
		$user = $this->sign_on( $login, self::slashed_field( 'pwd' ), null !== $remember );
		if ( is_wp_error( $user ) ) {
			if ( in_array( LoginGuard::LOCKED, $user->get_error_codes(), true ) ) {
				AjaxResponse::error( self::locked_message( $user ), 429 );
				return;
			}
			AjaxResponse::error( self::wrong_login_message(), 403 );
			return;
		}

		$requested = (string) $redirect;
		$target    = self::same_site_url( $requested );
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter (wp-login.php), applied as its login applies it.
		$target = self::same_site_url( (string) apply_filters( 'login_redirect', $target, $requested, $user ) );
		wp_send_json_success(
			array(
				'redirect' => $target,
				'name'     => $user->display_name,
			)
		);
	}

	/** The one message for every failed login: never which of the two was wrong. */
	public static function wrong_login_message(): string {
		return __( 'The username or password is incorrect.', 'tenderpress' );
	}

	/**
	 * Signs the user on through wp_signon(), with a dummy hash check when WordPress checked no
	 * password hash (an unknown username or e-mail address, or a plugin that refused before the
	 * check), so a failure takes about as long whatever the reason.
	 *
	 * @param string $login    Username or e-mail address, unslashed.
	 * @param string $password The password as WordPress's own login form passes it (slashed):
	 *                         WordPress hashes and checks passwords slashed, so one typed into
	 *                         wp-login.php with a quote or backslash must arrive here the same way.
	 * @return WP_User|WP_Error
	 */
	private function sign_on( string $login, string $password, bool $remember ) {
		$checked = false;
		$watch   = static function ( $check ) use ( &$checked ) {
			$checked = true;
			return $check;
		};
		add_filter( 'check_password', $watch, PHP_INT_MIN );
		try {
			$user = wp_signon(
				array(
					'user_login'    => $login,
					'user_password' => $password,
					'remember'      => $remember,
				),
				is_ssl()
			);
		} finally {
			remove_filter( 'check_password', $watch, PHP_INT_MIN );
		}
		if ( is_wp_error( $user ) && ! $checked ) {
			wp_check_password( $password, self::dummy_hash() );
		}
		return $user;
	}

	/**
	 * The dummy hash in the format this WordPress gives new passwords: bcrypt from 6.8 on (the
	 * version that added wp_password_needs_rehash()), phpass before.
	 */
	public static function dummy_hash(): string {
		return function_exists( 'wp_password_needs_rehash' ) ? self::DUMMY_HASH_BCRYPT : self::DUMMY_HASH_PHPASS;
	}

	/** LoginGuard's message for a lockout ("Try again in N minutes."), as plain text. */
	public static function locked_message( WP_Error $error ): string {
		$message = trim( wp_strip_all_tags( (string) $error->get_error_message( LoginGuard::LOCKED ) ) );
		return '' !== $message ? $message : __( 'Too many failed attempts. Try again later.', 'tenderpress' );
	}

	/**
	 * Whether this is a POST sent by a page of this site (SameOriginRequest) with a valid account
	 * nonce; if not, answers 405 (with `Allow: POST`) or 403 and returns false, before anything is
	 * counted against an account or sent. Also marks the answer as never to be cached: it concerns one
	 * visitor's account.
	 *
	 * @param string $method_message What a request by another method is told.
	 */
	public static function is_signed_post( string $method_message ): bool {
		PrivateAnswer::send_headers();
		if ( ! headers_sent() ) {
			header( 'X-Robots-Tag: noindex' );
		}
		if ( ! AjaxResponse::require_post( $method_message ) || ! SameOriginRequest::check() ) {
			return false;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a nonce is compared, not stored or shown.
		$nonce = isset( $_POST['_ajax_nonce'] ) ? wp_unslash( $_POST['_ajax_nonce'] ) : '';
		if ( ! is_string( $nonce ) || '' === $nonce || ! wp_verify_nonce( $nonce, GetToken::NONCE ) ) {
			AjaxResponse::error( __( 'This form has expired. Reload the page and try again.', 'tenderpress' ), 403 );
			return false;
		}
		return true;
	}

	/**
	 * A text field of the POST body, unslashed: the value when it is a string of valid UTF-8 of
	 * at most `$max` characters without control characters; null when it is absent and not
	 * required; false when it is malformed (an array, too long, a control character, broken
	 * UTF-8) or required and absent. An empty string is a value: what an empty field means is
	 * for the caller to say.
	 *
	 * @return string|null|false
	 */
	public static function field( string $name, int $max, bool $required = true ) {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- is_signed_post() checked it.
		if ( ! isset( $_POST[ $name ] ) ) {
			return $required ? false : null;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked here, and sanitizing would change a password.
		$value = wp_unslash( $_POST[ $name ] );
		if ( ! is_string( $value ) || ! mb_check_encoding( $value, 'UTF-8' ) || mb_strlen( $value, 'UTF-8' ) > $max || preg_match( '/[\x00-\x1F\x7F]/', $value ) ) {
			return false;
		}
		return $value;
	}

	/**
	 * A field as it arrived, slashed as WordPress slashes $_POST, for the passwords: WordPress's
	 * own forms hand their passwords to wp_signon() and reset_password() slashed. Only called
	 * once field() accepted the same field.
	 */
	public static function slashed_field( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- a password, checked by field(), passed on as WordPress's own forms pass it.
		$value = $_POST[ $name ] ?? '';
		return is_string( $value ) ? $value : '';
	}

	/**
	 * An absolute URL of this site for a requested address: the address when wp_validate_redirect()
	 * accepts it (this site's host or one of `allowed_redirect_hosts`, http or https), the home
	 * page otherwise (other hosts, `//host`, `javascript:`, relative paths, nothing). A path from
	 * the root is made absolute on the home page's origin, because an e-mailed link needs a host.
	 */
	public static function same_site_url( string $requested ): string {
		$home = home_url( '/' );
		if ( '' === trim( $requested ) || ( ! str_starts_with( $requested, '/' ) && ! preg_match( '#^https?://#i', $requested ) ) ) {
			return $home;
		}
		$url = (string) wp_validate_redirect( $requested, $home );
		if ( str_starts_with( $url, '/' ) && ! str_starts_with( $url, '//' ) ) {
			$url = SiteOrigin::get() . $url;
		}
		return '' !== $url ? $url : $home;
	}
}
