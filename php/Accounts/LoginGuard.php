<?php
namespace TenderPress\Accounts;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\RateLimit;

/**
 * Limits password guessing on every way into WordPress's accounts: wp-login.php, XML-RPC, the
 * account popups (through wp_signon()) and whatever else calls wp_authenticate(), since it sits
 * on WordPress's own `authenticate` filter rather than on one form.
 *
 * - Failed logins are counted per client (its address, see RateLimit::client()) and per account.
 *   A client that fails `attempts` times, or an account that fails three times as often from
 *   anywhere, is locked out for `lockout` minutes: every login for it then fails with "Too many
 *   failed attempts. Try again in N minutes.", even with the right password, so guessing cannot
 *   go on. The account's limit is higher so that one address cannot lock a person out of their
 *   own account; it bounds guessing spread over many addresses.
 * - A successful login forgets the client's and the account's failures.
 * - Lost-password requests (each sends an e-mail) are counted the same way, whether the account
 *   exists or not, so the limit says nothing about which accounts exist.
 * - Counts live in transients, so they hold across PHP workers, and in a persistent object
 *   cache where the site has one.
 * - Behind a reverse proxy or CDN every visitor has the proxy's address; the site owner can name
 *   the header the proxy puts the visitor's address in, and only then is it read.
 */
final class LoginGuard {

	public const SECTION = 'accounts';

	/** Error code of a refused login or lost-password request (the account popups answer 429). */
	public const LOCKED = 'tenderpress_locked';

	/** An account may fail this many times the client limit before it is locked for everyone. */
	public const ACCOUNT_FACTOR = 3;

	public function register(): void {
		Settings::add_section( self::SECTION, array( self::class, 'settings' ) );
		// After WordPress's own checks (priority 20 and 30), so a lockout wins even over the right
		// password, and before its spam check (99) has anything to add.
		add_filter( 'authenticate', array( $this, 'refuse_when_locked' ), 90, 2 );
		add_action( 'wp_login_failed', array( $this, 'count_failure' ), 10, 2 );
		add_action( 'wp_login', array( $this, 'forget_failures' ), 10, 1 );
		add_action( 'lostpassword_post', array( $this, 'limit_lost_password' ), 10, 2 );
		add_filter( 'tenderpress_client_address', array( $this, 'address_from_proxy' ) );
	}

	public static function settings(): SettingsSection {
		return new SettingsSection(
			__( 'Sign-in', 'tenderpress' ),
			__( 'Limits on guessing passwords, for every way into the site: the sign-in popups, wp-login.php and XML-RPC.', 'tenderpress' ),
			array(
				'attempts'    => new SettingsField( SettingsField::INTEGER, __( 'Failed sign-ins before a pause', 'tenderpress' ), __( 'Per visitor\'s address. An account is paused after three times as many from any address, and lost-password requests are limited the same way.', 'tenderpress' ), 5, 3, 50 ),
				'lockout'     => new SettingsField( SettingsField::INTEGER, __( 'Pause', 'tenderpress' ), '', 15, 1, 1440, __( 'minutes', 'tenderpress' ) ),
				'proxyHeader' => SettingsField::text(
					__( 'Visitor address header', 'tenderpress' ),
					__( 'Only for a site behind a reverse proxy or CDN that puts the visitor\'s address in a header, such as X-Forwarded-For or CF-Connecting-IP: its last address is used. Leave empty otherwise: any visitor can send such a header.', 'tenderpress' ),
					64,
					'/^[A-Za-z0-9-]+$/D',
					__( 'a header name: letters, digits and hyphens', 'tenderpress' )
				),
				'freshToken'  => new SettingsField( SettingsField::BOOLEAN, __( 'Fresh form token for cached pages', 'tenderpress' ), __( 'When the sign-in popups load, they ask the site for a new form token, so their forms keep working on pages a cache served hours or days later. Turn off only when no page cache serves your pages: each visitor who opens a popup then makes one request less.', 'tenderpress' ), true ),
			)
		);
	}

	/**
	 * @param mixed $user     What the earlier checks made of the login.
	 * @param mixed $username The name or e-mail address typed.
	 * @return mixed The same, or the lockout's error.
	 */
	public function refuse_when_locked( $user, $username ) {
		$minutes = self::minutes_locked( is_string( $username ) ? $username : '' );
		return $minutes > 0 ? self::locked_error( $minutes ) : $user;
	}

	/**
	 * @param mixed $username The name or e-mail address typed.
	 * @param mixed $error    Why it failed.
	 */
	public function count_failure( $username, $error = null ): void {
		if ( $error instanceof \WP_Error && in_array( self::LOCKED, $error->get_error_codes(), true ) ) {
			return;
		}
		$this->count( 'login', is_string( $username ) ? $username : '' );
	}

	/**
	 * @param mixed $user_login The account that signed in.
	 */
	public function forget_failures( $user_login ): void {
		RateLimit::clear( 'login' );
		RateLimit::clear( 'login-account', self::account( is_string( $user_login ) ? $user_login : '' ) );
	}

	/**
	 * Counts a lost-password request and refuses it (no e-mail goes out) over the limit.
	 *
	 * @param mixed $errors    The request's errors, which WordPress checks after this action.
	 * @param mixed $user_data The account asked for, or false.
	 */
	public function limit_lost_password( $errors, $user_data = false ): void {
		if ( ! $errors instanceof \WP_Error ) {
			return;
		}
		$login   = $user_data instanceof \WP_User ? $user_data->user_login : '';
		$minutes = self::minutes_locked( $login, 'lostpassword' );
		if ( 0 === $minutes ) {
			$this->count( 'lostpassword', $login );
			return;
		}
		$errors->add( self::LOCKED, self::locked_error( $minutes )->get_error_message() );
	}

	/**
	 * The visitor's address from the header the site owner named, for a site behind a proxy:
	 * the header's last address, which the nearest proxy added. Anything else keeps $address.
	 *
	 * @param mixed $address The address so far (REMOTE_ADDR).
	 * @return mixed
	 */
	public function address_from_proxy( $address ) {
		$header = Settings::get( self::SECTION, 'proxyHeader' );
		if ( ! is_string( $header ) || '' === $header ) {
			return $address;
		}
		$key = 'HTTP_' . strtoupper( str_replace( '-', '_', $header ) );
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- reduced to one validated IP address below.
		$value = isset( $_SERVER[ $key ] ) && is_string( $_SERVER[ $key ] ) ? wp_unslash( $_SERVER[ $key ] ) : '';
		$parts = array_map( 'trim', explode( ',', $value ) );
		$last  = filter_var( end( $parts ), FILTER_VALIDATE_IP );
		return is_string( $last ) ? $last : $address;
	}

	/**
	 * Minutes the client or the account has still to wait (0: it may go ahead), rounded up.
	 */
	private static function minutes_locked( string $username, string $bucket = 'login' ): int {
		list( $attempts ) = self::limits();
		$seconds          = max(
			RateLimit::wait( $bucket, $attempts ),
			'' === $username ? 0 : RateLimit::wait( $bucket . '-account', $attempts * self::ACCOUNT_FACTOR, self::account( $username ) )
		);
		return (int) ceil( $seconds / MINUTE_IN_SECONDS );
	}

	private function count( string $bucket, string $username ): void {
		list( $attempts, $window ) = self::limits();
		RateLimit::hit( $bucket, $attempts, $window );
		if ( '' !== $username ) {
			RateLimit::hit( $bucket . '-account', $attempts * self::ACCOUNT_FACTOR, $window, self::account( $username ) );
		}
	}

	/** @return array{0: int, 1: int} Attempts, and the window in seconds. */
	private static function limits(): array {
		return array( (int) Settings::get( self::SECTION, 'attempts' ), (int) Settings::get( self::SECTION, 'lockout' ) * MINUTE_IN_SECONDS );
	}

	/**
	 * One account however it was typed: an e-mail address of an account is that account's login,
	 * and case does not matter. An unknown name is counted as typed, so guessing names costs the
	 * same as guessing passwords and says nothing about which exist.
	 */
	private static function account( string $username ): string {
		$typed = strtolower( trim( $username ) );
		if ( is_email( $typed ) ) {
			$user = get_user_by( 'email', $typed );
			if ( $user instanceof \WP_User ) {
				$typed = strtolower( $user->user_login );
			}
		}
		return 'account:' . $typed;
	}

	private static function locked_error( int $minutes ): \WP_Error {
		return new \WP_Error(
			self::LOCKED,
			/* translators: %s: minutes to wait. */
			sprintf( _n( 'Too many failed attempts. Try again in %s minute.', 'Too many failed attempts. Try again in %s minutes.', $minutes, 'tenderpress' ), number_format_i18n( $minutes ) )
		);
	}
}
