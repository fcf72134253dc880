<?php
namespace TenderPress\Accounts;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\ClientAddress;
use TenderPress\Support\RateLimit;
use WP_User;

/**
 * Limits password guessing on every way into WordPress's accounts: wp-login.php, XML-RPC, the
 * account popups (through wp_signon()) and whatever else calls wp_authenticate(), since it sits
 * on WordPress's own `authenticate` filter rather than on one form. It follows OWASP's design
 * with device cookies, so that an attacker's guessing cannot keep the owner out:
 *
 * - A browser that signed in to an account carries a device cookie for it (DeviceCookie). From
 *   it, the account's sign-ins are counted for that device alone: `attempts` failures in a
 *   period pause the device (its cookie is not trusted until the period ends); until then the
 *   right password works even while the account is paused for everyone else.
 * - Any other client is counted per address (ClientAddress, an IPv6 client by its /64) and per
 *   account. A client that fails `attempts` times, or an account that fails three times as often
 *   from clients without its device cookie, is paused for `lockout` minutes: every sign-in from
 *   it (or, for the account, from any such client) then fails with "Too many failed attempts. Try
 *   again in N minutes.", even with the right password, so guessing cannot go on.
 * - The account is the user the typed login or e-mail address resolves to (AccountKey), and a
 *   name no account has is counted by its normal form (NFKC, case-folded).
 * - When an account is paused, its owner is mailed a link that lets one browser become a
 *   trusted device (UnlockLink), at most once per period.
 * - A successful sign-in forgets the failures of its address and gives the browser a new device
 *   cookie. It does not forget the account's: a pause caused by others lasts its period.
 * - Lost-password requests (each sends an e-mail) are counted the same way, whether the account
 *   exists or not, so the limit says nothing about which accounts exist.
 * - Counts live in RateLimit's transients, so they hold across PHP workers, and in a persistent
 *   object cache where the site has one.
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
		add_action( 'wp_login', array( $this, 'forget_failures' ), 10, 2 );
		add_action( 'lostpassword_post', array( $this, 'limit_lost_password' ), 10, 2 );
		add_action( 'login_form_' . UnlockLink::ACTION, array( UnlockLink::class, 'handle' ) );
		add_filter( 'login_message', array( UnlockLink::class, 'notice' ) );
	}

	public static function settings(): SettingsSection {
		return new SettingsSection(
			__( 'Sign-in', 'tenderpress' ),
			__( 'Limits on guessing passwords, for every way into the site: the sign-in popups, wp-login.php and XML-RPC.', 'tenderpress' ),
			array(
				'attempts'       => new SettingsField( SettingsField::INTEGER, __( 'Failed sign-ins before a pause', 'tenderpress' ), __( 'Per visitor\'s address, and per browser that has signed in to the account before. An account is paused after three times as many from other browsers; browsers that signed in to it before can still sign in, and its owner is e-mailed a link to unlock another. Lost-password requests are limited the same way.', 'tenderpress' ), 5, 3, 50 ),
				'lockout'        => new SettingsField( SettingsField::INTEGER, __( 'Pause', 'tenderpress' ), '', 15, 1, 1440, __( 'minutes', 'tenderpress' ) ),
				'trustedProxies' => new SettingsField(
					SettingsField::TEXT,
					__( 'Trusted proxies', 'tenderpress' ),
					__( 'Only for a site behind a reverse proxy, load balancer or CDN: the addresses or ranges (CIDR, IPv4 or IPv6, such as 10.0.0.0/8 or 2001:db8::/32) its requests come from, separated by commas or spaces. Only requests from these addresses have their visitor\'s address read from the header below; any other visitor could send such a header. Leave empty when visitors reach the site directly.', 'tenderpress' ),
					'',
					null,
					1000,
					'',
					array(),
					'',
					'',
					static function ( string $value ): ?string {
						$ranges = ClientAddress::parse_ranges( $value );
						return is_wp_error( $ranges ) ? $ranges->get_error_message() : null;
					}
				),
				'proxyHeader'    => SettingsField::text(
					__( 'Visitor address header', 'tenderpress' ),
					__( 'The header the trusted proxies put the visitor\'s address in, such as X-Forwarded-For (used when empty) or CF-Connecting-IP. Its addresses are read from the right, past the trusted proxies\' own.', 'tenderpress' ),
					64,
					'/^[A-Za-z0-9-]+$/D',
					__( 'a header name: letters, digits and hyphens', 'tenderpress' )
				),
				'freshToken'     => new SettingsField( SettingsField::BOOLEAN, __( 'Fresh form token for cached pages', 'tenderpress' ), __( 'When the sign-in popups load, they ask the site for a new form token, so their forms keep working on pages a cache served hours or days later. Turn off only when no page cache serves your pages: each visitor who opens a popup then makes one request less.', 'tenderpress' ), true ),
			)
		);
	}

	/**
	 * @param mixed $user     What the earlier checks made of the login.
	 * @param mixed $username The name or e-mail address typed.
	 * @return mixed The same, or the lockout's error.
	 */
	public function refuse_when_locked( $user, $username ) {
		$typed   = is_string( $username ) ? $username : '';
		$account = $user instanceof WP_User ? $user : AccountKey::user( $typed );
		$minutes = self::minutes_locked( $typed, $account );
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
		$typed                     = is_string( $username ) ? $username : '';
		$user                      = AccountKey::user( $typed );
		list( $attempts, $window ) = self::limits();
		$device                    = null === $user ? null : DeviceCookie::device( $user );
		if ( null !== $device ) {
			RateLimit::hit( 'login-device', $attempts, $window, self::device_subject( $device ) );
			return;
		}
		$this->count( 'login', $typed, $user );
		if ( null !== $user && RateLimit::wait( 'login-account', $attempts * self::ACCOUNT_FACTOR, AccountKey::of( $typed, $user ) ) > 0 ) {
			UnlockLink::offer( $user, $window );
		}
	}

	/**
	 * @param mixed $user_login The account that signed in.
	 * @param mixed $user       Its user.
	 */
	public function forget_failures( $user_login, $user = null ): void {
		RateLimit::clear( 'login' );
		if ( $user instanceof WP_User ) {
			$device = DeviceCookie::device( $user );
			if ( null !== $device ) {
				RateLimit::clear( 'login-device', self::device_subject( $device ) );
			}
			DeviceCookie::issue( $user );
		}
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
		$user    = $user_data instanceof WP_User ? $user_data : null;
		$typed   = null !== $user ? $user->user_login : self::posted_login();
		$minutes = self::minutes_locked( $typed, $user, 'lostpassword' );
		if ( 0 === $minutes ) {
			$this->count( 'lostpassword', $typed, $user );
			return;
		}
		$errors->add( self::LOCKED, self::locked_error( $minutes )->get_error_message() );
	}

	/**
	 * The name a lost-password form asked for. Core hands the hook no name when no account has it,
	 * but wp-login.php's form and the popup both post it as `user_login`; counting it keeps an
	 * unknown name's limit the same as a known one's, so a pause tells nobody which names exist.
	 */
	private static function posted_login(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- wp-login.php's form has no nonce (the popup's is checked before); the name only picks a counter.
		$posted = isset( $_POST['user_login'] ) && is_string( $_POST['user_login'] ) ? sanitize_text_field( wp_unslash( $_POST['user_login'] ) ) : '';
		return $posted;
	}

	/**
	 * Minutes the client or the account has still to wait (0: it may go ahead), rounded up. For
	 * a sign-in from a device the account trusts, only the device's own count matters.
	 */
	private static function minutes_locked( string $typed, ?WP_User $user, string $bucket = 'login' ): int {
		list( $attempts ) = self::limits();
		$device           = 'login' === $bucket && null !== $user ? DeviceCookie::device( $user ) : null;
		if ( null !== $device ) {
			$seconds = RateLimit::wait( 'login-device', $attempts, self::device_subject( $device ) );
		} else {
			$seconds = max(
				RateLimit::wait( $bucket, $attempts ),
				'' === trim( $typed ) && null === $user ? 0 : RateLimit::wait( $bucket . '-account', $attempts * self::ACCOUNT_FACTOR, AccountKey::of( $typed, $user ) )
			);
		}
		return (int) ceil( $seconds / MINUTE_IN_SECONDS );
	}

	private function count( string $bucket, string $typed, ?WP_User $user ): void {
		list( $attempts, $window ) = self::limits();
		RateLimit::hit( $bucket, $attempts, $window );
		if ( '' !== trim( $typed ) || null !== $user ) {
			RateLimit::hit( $bucket . '-account', $attempts * self::ACCOUNT_FACTOR, $window, AccountKey::of( $typed, $user ) );
		}
	}

	/** @return array{0: int, 1: int} Attempts, and the window in seconds. */
	private static function limits(): array {
		return array( (int) Settings::get( self::SECTION, 'attempts' ), (int) Settings::get( self::SECTION, 'lockout' ) * MINUTE_IN_SECONDS );
	}

	/** Whom a device's failures are counted for: the nonce its cookie carries. */
	private static function device_subject( string $device ): string {
		return 'device:' . $device;
	}

	private static function locked_error( int $minutes ): \WP_Error {
		return new \WP_Error(
			self::LOCKED,
			/* translators: %s: minutes to wait. */
			sprintf( _n( 'Too many failed attempts. Try again in %s minute.', 'Too many failed attempts. Try again in %s minutes.', $minutes, 'tenderpress' ), number_format_i18n( $minutes ) )
		);
	}
}
