<?php
namespace TenderPress\Islands;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use TenderPress\Settings\Settings;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\SiteOrigin;

/**
 * The account island: a "Sign in" trigger that opens the login, lost-password and reset-password
 * popups (islands/account), in the theme's header, the block `tenderpress/login` or the shortcode
 * `[tenderpress_login]`. Signed-in visitors get their name and a log-out link instead.
 *
 * Without JavaScript the trigger is a link to wp-login.php, returning to this page, and a page
 * opened from the e-mailed reset link offers a link to wp-login.php's own reset form (the key
 * travels in a cookie, never in this page: see ResetLink): nothing depends on the island. The island loads on a visitor's intent, or at once when the page was
 * opened to show one of its popups (the query arguments below).
 */
final class Account extends IslandBlock {

	public const ISLAND    = 'account';
	public const BLOCK     = 'tenderpress/login';
	public const SHORTCODE = 'tenderpress_login';

	/** Query argument that opens the lost-password popup. */
	public const LOST_ARG = 'tenderpress-lostpassword';

	/**
	 * Query argument that opens the reset-password popup. The e-mailed link adds `key` and
	 * `login`, which ResetLink moves into cookies before the page is sent.
	 */
	public const RESET_ARG = 'tenderpress-resetpassword';

	/** Query argument naming an element the island clicks once a popup opened by a link is open. */
	public const SELECTOR_ARG = 'popup-selector';

	/**
	 * Every argument of a popup's address, the reset key with them: never to be carried into
	 * another link (a sign-in's return, the calendar's months).
	 */
	public const URL_ARGS = array( self::LOST_ARG, self::RESET_ARG, self::SELECTOR_ARG, 'key', 'login' );

	/**
	 * The id of the first island's dialog in each view, for links to name (the e-mailed link's
	 * popup-selector names the reset one).
	 */
	public const DIALOG_IDS = array(
		'login' => 'tenderpress-login',
		'lost'  => 'tenderpress-lostpassword',
		'reset' => 'tenderpress-resetpassword',
	);

	/**
	 * The trigger and its island for a visitor, or the signed-in state.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: label (the trigger's
	 *                                         words; empty for "Sign in").
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$here = self::current_url();
		if ( is_user_logged_in() ) {
			return self::signed_in( $here );
		}
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		$label = '' !== $label ? $label : __( 'Sign in', 'tenderpress' );

		$inner = '<a class="tp-account__trigger" href="' . esc_url( wp_login_url( $here ) ) . '" data-tp-account-open="login" aria-haspopup="dialog">' . esc_html( $label ) . '</a>';
		$reset = self::reset_link_fallback();
		if ( '' !== $reset ) {
			// Only this request's visitor followed the e-mailed link; the island replaces this
			// with the popup, so it shows only without JavaScript.
			$inner .= ' <a class="tp-account__reset-fallback" href="' . esc_url( $reset ) . '">' . esc_html__( 'Choose your new password', 'tenderpress' ) . '</a>';
		}
		return IslandContainer::render(
			self::ISLAND,
			'<div data-tp-root>' . $inner . '</div>',
			self::props( $label, $here ),
			array(
				// A page opened to show a popup shows it at once; otherwise on intent.
				'when'   => self::opened_for_popup() ? 'load' : 'interaction',
				'replay' => '[data-tp-account-open]',
			)
		);
	}

	/**
	 * The island's props.
	 *
	 * @return array<string, mixed>
	 */
	private static function props( string $label, string $here ): array {
		$register = get_option( 'users_can_register' ) ? wp_registration_url() : '';
		return array(
			'label'     => $label,
			'ajaxUrl'   => admin_url( 'admin-ajax.php' ),
			'nonce'     => wp_create_nonce( GetToken::NONCE ),
			// A cached page's nonce may be days old: ask for a fresh one when the island loads.
			'token'     => Settings::get( LoginGuard::SECTION, 'freshToken' ) ? GetToken::ACTION : null,
			'actions'   => array(
				'login' => AccountLogin::ACTION,
				'lost'  => AccountLostPassword::ACTION,
				'reset' => AccountResetPassword::ACTION,
			),
			'args'      => array(
				'lost'     => self::LOST_ARG,
				'reset'    => self::RESET_ARG,
				'selector' => self::SELECTOR_ARG,
			),
			'dialogIds' => self::DIALOG_IDS,
			'limits'    => array(
				'login'    => AccountLogin::MAX_LOGIN,
				'password' => AccountLogin::MAX_PASSWORD,
			),
			'urls'      => array(
				'login'    => wp_login_url( $here ),
				'lost'     => wp_lostpassword_url( $here ),
				'register' => $register,
			),
			'messages'  => AjaxResponse::client_messages(),
			'i18n'      => array(
				'close'           => __( 'Close', 'tenderpress' ),
				'loginTitle'      => __( 'Sign in', 'tenderpress' ),
				'username'        => __( 'Username or e-mail address', 'tenderpress' ),
				'password'        => __( 'Password', 'tenderpress' ),
				'showPassword'    => __( 'Show password', 'tenderpress' ),
				'hidePassword'    => __( 'Hide password', 'tenderpress' ),
				'remember'        => __( 'Remember me', 'tenderpress' ),
				'submit'          => __( 'Sign in', 'tenderpress' ),
				'lostLink'        => __( 'Lost your password?', 'tenderpress' ),
				'register'        => __( 'Create an account', 'tenderpress' ),
				'lostTitle'       => __( 'Lost password', 'tenderpress' ),
				'lostIntro'       => __( 'Enter your username or e-mail address. You will get an e-mail with a link to choose a new password.', 'tenderpress' ),
				'lostSubmit'      => __( 'Get a new password', 'tenderpress' ),
				'backToLogin'     => __( 'Back to sign in', 'tenderpress' ),
				'resetTitle'      => __( 'Choose a new password', 'tenderpress' ),
				'newPassword'     => __( 'New password', 'tenderpress' ),
				'confirmPassword' => __( 'Confirm new password', 'tenderpress' ),
				'resetSubmit'     => __( 'Save password', 'tenderpress' ),
				/* translators: %s: how strong a new password is, such as "weak" or "strong". */
				'strength'        => __( 'Strength: %s', 'tenderpress' ),
				'strengths'       => array(
					__( 'very weak', 'tenderpress' ),
					__( 'weak', 'tenderpress' ),
					__( 'medium', 'tenderpress' ),
					__( 'strong', 'tenderpress' ),
				),
				'required'        => __( 'Fill in this field.', 'tenderpress' ),
				'mismatch'        => __( 'The passwords do not match.', 'tenderpress' ),
				'busy'            => __( 'Please wait…', 'tenderpress' ),
				'signedIn'        => __( 'Signed in. Loading…', 'tenderpress' ),
			),
		);
	}

	/** The signed-in state: the visitor's name and a log-out link back to this page. */
	private static function signed_in( string $here ): string {
		$user = wp_get_current_user();
		return '<div class="tp-account tp-account--signed-in"><span class="tp-account__name">'
			. sprintf(
				/* translators: %s: the signed-in user's display name. */
				esc_html__( 'Signed in as %s', 'tenderpress' ),
				'<strong>' . esc_html( $user->display_name ) . '</strong>'
			)
			. '</span> <a class="tp-account__logout" href="' . esc_url( wp_logout_url( $here ) ) . '">' . esc_html__( 'Log out', 'tenderpress' ) . '</a></div>';
	}

	/** Whether this page was opened to show the lost-password or reset-password popup. */
	private static function opened_for_popup(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only decides when a script loads.
		return isset( $_GET[ self::LOST_ARG ] ) || isset( $_GET[ self::RESET_ARG ] );
	}

	/**
	 * For a page opened from the e-mailed reset link, wp-login.php's own reset form, so a visitor
	 * without JavaScript can still choose a password; '' otherwise. The link carries no key:
	 * ResetLink left the key in WordPress's own reset cookie, which that form reads, before it
	 * redirected here.
	 */
	private static function reset_link_fallback(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only decides whether a link is shown.
		if ( ! isset( $_GET[ self::RESET_ARG ] ) ) {
			return '';
		}
		return network_site_url( 'wp-login.php?action=rp', 'login' );
	}

	/**
	 * This page's address on the site's own origin, without the popup arguments and the reset
	 * key (never to be carried into a login or log-out link): where sign-in and log-out return.
	 * Built from the home URL's origin and the request path, never from the Host header.
	 */
	public static function current_url(): string {
		$uri = isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		if ( ! str_starts_with( $uri, '/' ) || str_starts_with( $uri, '//' ) ) {
			$uri = '/';
		}
		$origin = SiteOrigin::get();
		$url    = remove_query_arg( self::URL_ARGS, $origin . $uri );
		return AccountLogin::same_site_url( $url );
	}
}
