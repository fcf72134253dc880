<?php
namespace TenderPress\Accounts;

use WP_User;

/**
 * The device cookie of OWASP's design against guessing ("Slow down online guessing attacks with
 * device cookies"): a browser that signed in to an account once carries a cookie that says so,
 * and from it the right password keeps working while the account is paused for everyone else.
 * Without it, an attacker who fails often enough for `admin` would keep the owner out too.
 *
 * The cookie holds a random nonce and the time it was issued, signed with an HMAC under the
 * site's auth salt over the account's id, the nonce, the time and a fragment of the account's
 * password hash. So it cannot be made up, changed, or moved to another account (each account has
 * a cookie of its own name, and the id is signed), and a new password makes every device cookie
 * of the account worthless. The nonce names the device: its failures are counted apart
 * (LoginGuard), and a device that used up its allowance is paused like any client.
 *
 * HttpOnly (no script reads it), Secure on an https site, SameSite=Lax, kept for a year; signing
 * out leaves it, since it names the browser, not a session.
 */
final class DeviceCookie {

	/** How long a device cookie is honoured after it was issued. */
	public const LIFETIME = 365 * 24 * 3600;

	/** Start of every device cookie's name. */
	public const PREFIX = 'tenderpress_device_';

	/** The cookie's name for an account: the id is not shown, and each site has its own. */
	public static function name( int $user_id ): string {
		return self::PREFIX . substr( hash_hmac( 'sha256', 'device-name|' . $user_id, wp_salt( 'auth' ) ), 0, 16 );
	}

	/**
	 * Gives this browser a new device cookie for the account and returns its value.
	 */
	public static function issue( WP_User $user ): string {
		$issued = time();
		$value  = self::value( $user, bin2hex( random_bytes( 16 ) ), $issued );
		if ( ! headers_sent() ) {
			setcookie(
				self::name( $user->ID ),
				$value,
				array(
					'expires'  => $issued + self::LIFETIME,
					'path'     => '/',
					'domain'   => (string) COOKIE_DOMAIN,
					'secure'   => is_ssl() || 'https' === wp_parse_url( home_url(), PHP_URL_SCHEME ),
					'httponly' => true,
					'samesite' => 'Lax',
				)
			);
		}
		/**
		 * A device cookie was issued to this browser (after a sign-in, or from an unlock link).
		 *
		 * @param string  $value The cookie's value.
		 * @param WP_User $user  The account it is for.
		 */
		do_action( 'tenderpress_device_cookie_issued', $value, $user );
		return $value;
	}

	/** The signed value for an account, a nonce and the time of issue. */
	public static function value( WP_User $user, string $nonce, int $issued ): string {
		return $nonce . '.' . $issued . '.' . self::signature( $user, $nonce, $issued );
	}

	/**
	 * The device this request's cookie names for the account (its nonce), or null when there is
	 * no such cookie or it is forged, changed, another account's, expired or from before a new
	 * password.
	 */
	public static function device( WP_User $user ): ?string {
		$name = self::name( $user->ID );
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared with a signature, never stored or shown.
		$value = isset( $_COOKIE[ $name ] ) && is_string( $_COOKIE[ $name ] ) ? wp_unslash( $_COOKIE[ $name ] ) : '';
		if ( ! preg_match( '/^([0-9a-f]{32})\.(\d{1,12})\.([0-9a-f]{64})$/D', $value, $parts ) ) {
			return null;
		}
		$issued = (int) $parts[2];
		if ( $issued > time() + MINUTE_IN_SECONDS || $issued + self::LIFETIME < time() ) {
			return null;
		}
		return hash_equals( self::signature( $user, $parts[1], $issued ), $parts[3] ) ? $parts[1] : null;
	}

	private static function signature( WP_User $user, string $nonce, int $issued ): string {
		// The same fragment of the password hash WordPress binds its own auth cookies to.
		$password = substr( (string) $user->user_pass, 8, 4 );
		return hash_hmac( 'sha256', 'device|' . $user->ID . '|' . $nonce . '|' . $issued . '|' . $password, wp_salt( 'auth' ) );
	}
}
