<?php
namespace TenderPress\Accounts;

use TenderPress\Support\PrivateAnswer;
use WP_Error;
use WP_User;

/**
 * The way back in for an owner whose account is paused by someone else's guessing, from a
 * browser that has no device cookie yet (a new laptop, a cleared browser): when the account is
 * paused, its e-mail address gets a link that makes the browser that opens it a trusted device
 * of the account (DeviceCookie). The owner then signs in with their password, as before; the
 * link alone signs nobody in.
 *
 * - At most one mail per account per pause period, so guessing cannot flood the owner's inbox;
 *   sent after the answer where PHP can do that, so its time does not show that the account exists.
 * - The link's token is random, kept only as a keyed hash in the account's meta, valid for a
 *   day, and used once: redeeming it deletes it. A newer mail replaces an older link.
 * - Opening the link (GET, wp-login.php?action=tenderpress_unlock) moves its token into an
 *   HttpOnly cookie and redirects to the same screen without it, which only shows a button; the
 *   button (POST) redeems it. A mail scanner that fetches links cannot use it up, a read never
 *   writes, and the token is never printed into a page.
 * - A malformed link answers 400, a wrong, used or expired one 403 with one message whichever
 *   it is, and neither changes anything.
 */
final class UnlockLink {

	/** The wp-login.php action (its `login_form_<action>` hook) that opens and redeems a link. */
	public const ACTION = 'tenderpress_unlock';

	/** User meta holding the current link: its token's hash, when it expires, when it was sent. */
	public const META = 'tenderpress_unlock';

	/** How long a link works. */
	public const LIFETIME = DAY_IN_SECONDS;

	/** The cookie that holds an opened link's token for the unlock screen (HttpOnly, a session's). */
	public const COOKIE = 'tenderpress_unlock';

	/** Query argument of wp-login.php that says a browser was just unlocked. */
	public const DONE = 'tenderpress-unlocked';

	/**
	 * Mails the account a new link, unless one went out in the last `$period` seconds.
	 *
	 * @return bool Whether a mail was sent (or, under PHP-FPM, will be once the answer is out).
	 */
	public static function offer( WP_User $user, int $period ): bool {
		$now    = time();
		$stored = get_user_meta( $user->ID, self::META, true );
		if ( is_array( $stored ) && is_int( $stored['sent'] ?? null ) && $stored['sent'] + $period > $now ) {
			return false;
		}
		$token = wp_generate_password( 32, false );
		update_user_meta(
			$user->ID,
			self::META,
			array(
				'hash'    => self::hash( $user->ID, $token ),
				'expires' => $now + self::LIFETIME,
				'sent'    => $now,
			)
		);
		$site = wp_specialchars_decode( (string) get_option( 'blogname' ), ENT_QUOTES );
		$link = self::url( $user->ID, $token );
		/* translators: %s: the site's name. */
		$subject = sprintf( __( '[%s] Sign-in to your account is paused', 'tenderpress' ), $site );
		$message = implode(
			"\r\n\r\n",
			array(
				/* translators: %s: the account's username. */
				sprintf( __( 'Someone has tried too many wrong passwords for your account %s, so signing in to it is paused for now in browsers that have not signed in to it before.', 'tenderpress' ), $user->user_login ),
				__( 'If that was not you, you need do nothing: your password still works in the browsers you have signed in with. To sign in from another browser meanwhile, open this link in it, then sign in with your password as usual:', 'tenderpress' ),
				$link,
				__( 'The link works once, within a day. It does not sign you in by itself.', 'tenderpress' ),
			)
		);
		$send    = static function () use ( $user, $subject, $message ): bool {
			return (bool) wp_mail( $user->user_email, $subject, $message );
		};
		// Under PHP-FPM the mail goes out after the answer has been sent: a sign-in that pauses an
		// account must not take longer than one that pauses a name no account has, or the time
		// would tell which names exist. Elsewhere (the built-in server, the CLI) it goes out now.
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			add_action(
				'shutdown',
				static function () use ( $send ): void {
					fastcgi_finish_request();
					$send();
				},
				// After WordPress has flushed its output buffers (priority 1).
				100
			);
			return true;
		}
		return $send();
	}

	/** The link that opens the unlock screen for a token. */
	public static function url( int $user_id, string $token ): string {
		return add_query_arg(
			array(
				'action'    => self::ACTION,
				'tp_user'   => $user_id,
				'tp_unlock' => $token,
			),
			wp_login_url()
		);
	}

	/**
	 * The hook `login_form_tenderpress_unlock` of wp-login.php: the screen with the button (GET), or the
	 * redemption (POST) and a redirect to the sign-in screen, which then says so.
	 */
	public static function handle(): void {
		// No cache keeps the page, and no link on it passes its address on.
		PrivateAnswer::send_headers();
		header( 'Referrer-Policy: no-referrer' );
		$post = 'POST' === ( isset( $_SERVER['REQUEST_METHOD'] ) && is_string( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( $_SERVER['REQUEST_METHOD'] ) ) : 'GET' );
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the token is the proof; there is no session to forge a request for.
		$query = wp_unslash( $_GET );
		if ( ! $post && ( isset( $query['tp_user'] ) || isset( $query['tp_unlock'] ) ) ) {
			// The link as mailed: its token moves into a cookie and out of the address before any
			// HTML is sent, as wp-login.php does with reset keys, so the page's address (in
			// history, in logs of what the page loads) no longer holds it.
			$answer = self::answer( false, $query );
			if ( $answer instanceof WP_User ) {
				self::keep_token( (string) $query['tp_user'] . ':' . (string) $query['tp_unlock'] );
				wp_safe_redirect( add_query_arg( 'action', self::ACTION, wp_login_url() ), 303 );
				exit;
			}
		} else {
			$answer = self::answer( $post, self::kept_token() );
		}
		if ( $answer instanceof WP_Error ) {
			$data = $answer->get_error_data();
			wp_die( esc_html( $answer->get_error_message() ), esc_html__( 'Unlock link', 'tenderpress' ), array( 'response' => is_int( $data ) ? $data : 403 ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the status code, an integer.
		}
		if ( $post ) {
			self::keep_token( '' );
			wp_safe_redirect( add_query_arg( self::DONE, '1', wp_login_url() ), 303 );
			exit;
		}
		self::render_form();
		exit;
	}

	/** Keeps a link's `<user>:<token>` in this browser for the unlock screen ('' forgets it). */
	private static function keep_token( string $value ): void {
		if ( headers_sent() ) {
			return;
		}
		setcookie(
			self::COOKIE,
			$value,
			array(
				'expires'  => '' === $value ? time() - DAY_IN_SECONDS : 0,
				'path'     => (string) wp_parse_url( wp_login_url(), PHP_URL_PATH ),
				'domain'   => (string) COOKIE_DOMAIN,
				'secure'   => is_ssl(),
				'httponly' => true,
				'samesite' => 'Lax',
			)
		);
	}

	/**
	 * The fields of the link kept in this browser's cookie, as answer() takes them.
	 *
	 * @return array<string, string>
	 */
	private static function kept_token(): array {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked by answer().
		$value = isset( $_COOKIE[ self::COOKIE ] ) && is_string( $_COOKIE[ self::COOKIE ] ) ? wp_unslash( $_COOKIE[ self::COOKIE ] ) : '';
		$parts = explode( ':', $value, 2 );
		return 2 === count( $parts ) ? array(
			'tp_user'   => $parts[0],
			'tp_unlock' => $parts[1],
		) : array();
	}

	/**
	 * What a request to the unlock screen gets, as data: the account whose link it is, or the
	 * error (its data the HTTP status). A POST with a valid link redeems it: the token is
	 * deleted and this browser gets a new device cookie for the account (a new device, with a fresh
	 * allowance).
	 *
	 * @param bool                 $redeem Whether the request is the button's POST.
	 * @param array<string, mixed> $fields The query (GET) or form (POST) fields, unslashed.
	 * @return WP_User|WP_Error
	 */
	public static function answer( bool $redeem, array $fields ) {
		$user_id = $fields['tp_user'] ?? null;
		$token   = $fields['tp_unlock'] ?? null;
		if ( ! is_string( $user_id ) || ! preg_match( '/^[1-9]\d{0,18}$/D', $user_id ) || ! is_string( $token ) || ! preg_match( '/^[A-Za-z0-9]{32}$/D', $token ) ) {
			return new WP_Error( 'tenderpress_unlock_malformed', __( 'This unlock link is incomplete. Open the whole link from the e-mail.', 'tenderpress' ), 400 );
		}
		$invalid = new WP_Error( 'tenderpress_unlock_invalid', __( 'This unlock link has expired or has been used. A new one is sent the next time sign-in to the account is paused.', 'tenderpress' ), 403 );
		$user    = get_user_by( 'id', (int) $user_id );
		if ( ! $user instanceof WP_User ) {
			// Costs the same check as a known account, so the answer says nothing about ids.
			hash_equals( self::hash( (int) $user_id, $token ), self::hash( 0, $token ) );
			return $invalid;
		}
		$stored = get_user_meta( $user->ID, self::META, true );
		if ( ! is_array( $stored ) || ! is_string( $stored['hash'] ?? null ) || ! is_int( $stored['expires'] ?? null ) || ! hash_equals( $stored['hash'], self::hash( $user->ID, $token ) ) || $stored['expires'] < time() ) {
			return $invalid;
		}
		if ( $redeem ) {
			// Used once: the token goes, but when it was sent stays, so no new mail this period.
			update_user_meta( $user->ID, self::META, array( 'sent' => $stored['sent'] ?? time() ) );
			DeviceCookie::issue( $user );
		}
		return $user;
	}

	/** The notice wp-login.php shows after a redemption. */
	public static function notice( string $message ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only chooses a notice.
		if ( ! isset( $_GET[ self::DONE ] ) ) {
			return $message;
		}
		return $message . '<p class="message">' . esc_html__( 'This browser can sign in to your account again. Sign in with your password.', 'tenderpress' ) . '</p>';
	}

	private static function hash( int $user_id, string $token ): string {
		return hash_hmac( 'sha256', 'unlock|' . $user_id . '|' . $token, wp_salt( 'auth' ) );
	}

	/** The screen with the button, in wp-login.php's own frame; the token stays in its cookie. */
	private static function render_form(): void {
		if ( function_exists( 'login_header' ) ) {
			login_header( __( 'Unlock sign-in', 'tenderpress' ) );
		}
		printf(
			'<form name="tenderpress-unlock" id="tenderpress-unlock" method="post" action="%1$s"><p>%2$s</p>',
			esc_url( add_query_arg( 'action', self::ACTION, wp_login_url() ) ),
			esc_html__( 'Let this browser sign in to your account while sign-in is paused for others. You sign in with your password next.', 'tenderpress' )
		);
		printf( '<p class="submit"><input type="submit" class="button button-primary button-large" value="%s"></p></form>', esc_attr__( 'Unlock this browser', 'tenderpress' ) );
		if ( function_exists( 'login_footer' ) ) {
			login_footer();
		}
	}
}
