<?php
namespace TenderPress\Accounts;

use TenderPress\Ajax\AccountLogin;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use WP_Error;

/**
 * WordPress's sign-in screen (wp-login.php), like the sign-in popups, says one thing for every failed sign-in and one thing for
 * every lost-password request, so it tells no one which usernames and e-mail addresses have
 * accounts. WordPress's own words tell them apart: "The password you entered for the username X is
 * incorrect", "Unknown username", "Unknown email address", and on the lost-password form "There is
 * no account with that username or email address" where a known account gets "Check your email".
 * A setting in the Sign-in section, on by default.
 *
 * Only WordPress's hooks, no output buffering:
 * - `wp_login_errors`: on wp-login.php's sign-in form, the unknown-username, unknown-e-mail and
 *   wrong-password errors become one error of ours. wp-login.php reads the filtered error to
 *   decide whether to fill the username back in (only after `incorrect_password`), so that tell
 *   goes too. A lockout or a plugin's own error is kept. The `authenticate` result itself is left
 *   alone: other plugins (LoginGuard, audit logs) read its codes, and the other ways in answer
 *   without them already (XML-RPC says "Incorrect username or password." for all, the popups
 *   AccountLogin's one message).
 * - `shake_error_codes`: the form shakes for ours as it does for WordPress's.
 * - `lostpassword_errors`, last: when no account matched and nothing else was wrong, wp-login.php's
 *   form answers as it does when one matched: the redirect to "Check your email". The
 *   lost-password limit (LoginGuard, on `lostpassword_post`) has already counted the request.
 *   The account popup's own action (AccountLostPassword) answers alike already and is left alone.
 */
final class LoginMessages {

	/** The setting, in LoginGuard's Sign-in section. */
	public const FIELD = 'sameLoginErrors';

	/** Error code of every failed sign-in while the setting is on. */
	public const ERROR = 'tenderpress_login_failed';

	/** WordPress's error codes that say which part of a sign-in was wrong. */
	public const TELLING_CODES = array( 'invalid_username', 'invalid_email', 'incorrect_password' );

	/** @var bool Whether this request is wp-login.php's lost-password form. */
	private $on_lost_password_form = false;

	public function register(): void {
		// The Sign-in section is LoginGuard's; this adds one field to it, after its own.
		Settings::add_section( LoginGuard::SECTION, array( self::class, 'settings' ) );
		add_filter( 'wp_login_errors', array( $this, 'one_login_error' ), PHP_INT_MAX );
		add_filter( 'shake_error_codes', array( $this, 'shake' ) );
		add_action( 'login_form_lostpassword', array( $this, 'mark_lost_password_form' ) );
		add_action( 'login_form_retrievepassword', array( $this, 'mark_lost_password_form' ) );
		add_filter( 'lostpassword_errors', array( $this, 'same_lost_password_answer' ), PHP_INT_MAX, 2 );
	}

	public static function settings(): SettingsSection {
		$section = LoginGuard::settings();
		return new SettingsSection(
			$section->title,
			$section->description,
			$section->fields + array(
				self::FIELD => new SettingsField(
					SettingsField::BOOLEAN,
					__( 'One message for every failed sign-in', 'tenderpress' ),
					__( 'wp-login.php says the same for a wrong password, an unknown username and an unknown e-mail address, and its lost-password form answers the same whether an account matches or not, as the sign-in popups do. Turned off, WordPress\'s own messages tell anyone which usernames and e-mail addresses have accounts.', 'tenderpress' ),
					true
				),
			),
			$section->report
		);
	}

	private static function enabled(): bool {
		return (bool) Settings::get( LoginGuard::SECTION, self::FIELD );
	}

	/**
	 * @param mixed $errors What wp-login.php is about to show.
	 * @return mixed The same, or one error for every telling one.
	 */
	public function one_login_error( $errors ) {
		if ( ! $errors instanceof WP_Error || ! self::enabled() || array() === array_intersect( $errors->get_error_codes(), self::TELLING_CODES ) ) {
			return $errors;
		}
		if ( array() !== array_diff( $errors->get_error_codes(), self::TELLING_CODES ) ) {
			return $errors;
		}
		return new WP_Error( self::ERROR, '<strong>' . esc_html__( 'Error:', 'tenderpress' ) . '</strong> ' . esc_html( AccountLogin::wrong_login_message() ) );
	}

	/**
	 * @param mixed $codes Error codes for which the login form shakes.
	 * @return mixed
	 */
	public function shake( $codes ) {
		return is_array( $codes ) ? array_merge( $codes, array( self::ERROR ) ) : $codes;
	}

	public function mark_lost_password_form(): void {
		$this->on_lost_password_form = true;
	}

	/**
	 * On wp-login.php's lost-password form, a request for no account (and with nothing else
	 * wrong) is answered as a request for one is: the redirect to "Check your email".
	 *
	 * @param mixed $errors    The request's errors so far.
	 * @param mixed $user_data The account asked for, or false.
	 * @return mixed
	 */
	public function same_lost_password_answer( $errors, $user_data = false ) {
		if ( ! $this->on_lost_password_form || $user_data || ! $errors instanceof WP_Error || ! self::enabled() ) {
			return $errors;
		}
		// Only WordPress's "no such account" for an e-mail address may stand: an empty field, a
		// lockout or another plugin's refusal is shown as it is, alike for every name.
		if ( array() !== array_diff( $errors->get_error_codes(), array( 'invalid_email' ) ) ) {
			return $errors;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.NonceVerification.Missing -- wp-login.php's own redirect, validated below as it validates it.
		$requested = isset( $_REQUEST['redirect_to'] ) && is_string( $_REQUEST['redirect_to'] ) ? wp_unslash( $_REQUEST['redirect_to'] ) : '';
		// The address wp-login.php sends a matched account to (its default, or the form's own).
		wp_safe_redirect( '' !== $requested ? $requested : 'wp-login.php?checkemail=confirm' );
		exit;
	}
}
