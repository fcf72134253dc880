<?php
namespace TenderPress\Ajax;

use TenderPress\Accounts\ResetLink;
use TenderPress\Support\AjaxResponse;
use WP_Error;
use WP_User;

/**
 * `tenderpress_reset_password` (POST, visitors and signed-in users): the account island's reset
 * popup, opened by the link AccountLostPassword e-mails. Fields: `pass1`, `pass2` and
 * `_ajax_nonce` (GetToken::NONCE). The account and its key come from the HttpOnly cookie the
 * e-mailed link left (ResetLink), never from a field; a used key's cookie is cleared.
 *
 * The original add-on's reset took a user and a new password without checking a key, so anyone
 * could set anyone's password (CVE-2023-32243). Here nothing happens to an account before
 * WordPress's check_password_reset_key() accepts this account's own key, unexpired; every other
 * key (missing, made up, expired, used, another account's) gets one message and changes nothing.
 * Then, as wp-login.php does: the two passwords must match, `validate_password_reset` runs so
 * password policy plugins can refuse, and reset_password() sets the password (running WordPress's
 * hooks and clearing the key, so a link works once).
 *
 * Answers: `{success: true, data: {message}}`; 405 for anything but POST, 403 for a missing or
 * stale nonce or a key that is not valid (no cookie, a made-up or expired one), 400 for malformed
 * fields, passwords that differ or are empty, or a password a policy refused (with its message).
 */
final class AccountResetPassword {

	public const ACTION = 'tenderpress_reset_password';

	/** The longest reset key taken (WordPress makes keys of 20 letters and digits). */
	public const MAX_KEY = 200;

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function handle(): void {
		if ( ! AccountLogin::is_signed_post( __( 'Choose a new password with POST.', 'tenderpress' ) ) ) {
			return;
		}
		$pass1 = AccountLogin::field( 'pass1', AccountLogin::MAX_PASSWORD );
		$pass2 = AccountLogin::field( 'pass2', AccountLogin::MAX_PASSWORD );
		if ( ! is_string( $pass1 ) || ! is_string( $pass2 ) ) {
			AjaxResponse::error( __( 'Fill in the new password twice.', 'tenderpress' ), 400 );
			return;
		}

		// The key and account come only from the cookie the e-mailed link left (ResetLink), never
		// from the request's fields or address, so no page or log ever holds them.
		$link = ResetLink::from_cookie();
		$user = null !== $link ? check_password_reset_key( $link['key'], $link['login'] ) : null;
		if ( ! $user instanceof WP_User ) {
			AjaxResponse::error( self::invalid_link_message(), 403 );
			return;
		}
		if ( $pass1 !== $pass2 ) {
			AjaxResponse::error( __( 'The passwords do not match.', 'tenderpress' ), 400 );
			return;
		}
		if ( '' === trim( $pass1 ) ) {
			AjaxResponse::error( __( 'Fill in a new password.', 'tenderpress' ), 400 );
			return;
		}

		$errors = new WP_Error();
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own action (wp-login.php), fired as its reset form fires it.
		do_action( 'validate_password_reset', $errors, $user );
		if ( $errors->has_errors() ) {
			$message = trim( wp_strip_all_tags( (string) $errors->get_error_message() ) );
			AjaxResponse::error( '' !== $message ? $message : __( 'Choose another password.', 'tenderpress' ), 400 );
			return;
		}

		// Slashed, as wp-login.php passes $_POST['pass1']: WordPress checks passwords slashed at
		// login (AccountLogin::sign_on()), so the password is stored the same way.
		reset_password( $user, AccountLogin::slashed_field( 'pass1' ) );
		ResetLink::forget();
		wp_send_json_success(
			array(
				'message' => __( 'Your password has been changed. You can log in with it now.', 'tenderpress' ),
			)
		);
	}

	/** The one message for every key that is not valid: never why. */
	public static function invalid_link_message(): string {
		return __( 'This link has expired or is not valid. Ask for a new one.', 'tenderpress' );
	}
}
