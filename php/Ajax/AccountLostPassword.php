<?php
namespace TenderPress\Ajax;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Islands\Account;
use TenderPress\Support\AjaxResponse;

/**
 * `tenderpress_lost_password` (POST, visitors and signed-in users): the account island's "lost
 * your password?" form. Fields: `user_login` (username or e-mail address), `return_to`
 * (optional, a page of this site) and `_ajax_nonce` (GetToken::NONCE).
 *
 * The request goes through WordPress's retrieve_password(), so its hooks run (LoginGuard's limit
 * on `lostpassword_post`, plugins that refuse resets) and its e-mail goes out through wp_mail().
 * While it runs, the link in that e-mail is changed from wp-login.php's reset form to `return_to`
 * with the account island's reset popup open (link()); the rest of the message is WordPress's.
 *
 * The answer is the same, byte for byte and header for header, whether an account matches,
 * matches but may not reset, or matches and the mail could not be sent: telling them apart would
 * tell anyone which usernames and e-mail addresses have accounts. The e-mail goes after the
 * answer (hold_email()), so the time does not tell either. Only a malformed field (400), a
 * request that is not a signed POST from this site (405, 403) and LoginGuard's limit (429, its
 * own message) answer otherwise.
 */
final class AccountLostPassword {

	public const ACTION = 'tenderpress_lost_password';

	/** Query arguments of the e-mailed link that open the reset popup (the island reads them). */
	public const POPUP_ARG = Account::RESET_ARG;

	/** The popup the e-mailed link opens. */
	public const POPUP_SELECTOR = '#' . Account::DIALOG_IDS['reset'];

	/** @var string The page of this site the e-mailed link leads to, while a request runs. */
	private $return_to = '';

	/** @var bool Whether the next wp_mail() call is the held reset e-mail, not to be sent now. */
	private $skip_next = false;

	/** @var list<array<string, mixed>> Reset e-mails to send once the answer has left. */
	private static $held = array();

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function handle(): void {
		if ( ! AccountLogin::is_signed_post( __( 'Ask for a new password with POST.', 'tenderpress' ) ) ) {
			return;
		}
		$login     = AccountLogin::field( 'user_login', AccountLogin::MAX_LOGIN );
		$return_to = AccountLogin::field( 'return_to', AccountLogin::MAX_URL, false );
		// A name that sanitize_user() empties (markup only) names no account, and WordPress's
		// lookup of it by login raises a notice (an empty cache key): refused as malformed.
		if ( ! is_string( $login ) || '' === sanitize_user( $login ) || false === $return_to ) {
			AjaxResponse::error( __( 'Fill in your username or e-mail address.', 'tenderpress' ), 400 );
			return;
		}

		$this->return_to = AccountLogin::same_site_url( (string) $return_to );
		add_filter( 'retrieve_password_notification_email', array( $this, 'email' ), 10, 4 );
		add_filter( 'retrieve_password_notification_email', array( $this, 'hold_email' ), PHP_INT_MAX );
		add_filter( 'pre_wp_mail', array( $this, 'skip_held_email' ), PHP_INT_MIN );
		try {
			// retrieve_password() unslashes what it is given, as it does $_POST['user_login'].
			$result = retrieve_password( wp_slash( $login ) );
		} finally {
			remove_filter( 'retrieve_password_notification_email', array( $this, 'email' ), 10 );
			remove_filter( 'retrieve_password_notification_email', array( $this, 'hold_email' ), PHP_INT_MAX );
			remove_filter( 'pre_wp_mail', array( $this, 'skip_held_email' ), PHP_INT_MIN );
			$this->return_to = '';
			$this->skip_next = false;
		}

		if ( is_wp_error( $result ) && in_array( LoginGuard::LOCKED, $result->get_error_codes(), true ) ) {
			AjaxResponse::error( AccountLogin::locked_message( $result ), 429 );
			return;
		}
		if ( array() !== self::$held ) {
			add_action( 'shutdown', array( self::class, 'finish_then_send' ), 0 );
		}
		// The same bytes and headers for every name; Content-Length lets a client take the answer
		// as complete while the worker goes on to send a held e-mail (finish_then_send()).
		$body = (string) wp_json_encode(
			array(
				'success' => true,
				'data'    => array(
					'message' => __( 'If an account matches, a link to choose a new password is on its way to its e-mail address.', 'tenderpress' ),
				),
			)
		);
		if ( ! headers_sent() ) {
			header( 'Content-Type: application/json; charset=' . get_option( 'blog_charset' ) );
			header( 'Content-Length: ' . strlen( $body ) );
		}
		echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON from wp_json_encode().
		wp_die( '', '', array( 'response' => 200 ) );
	}

	/**
	 * The `retrieve_password_notification_email` filter, last, while a request of ours runs: keeps
	 * the finished message (this plugin's link, other plugins' changes) to send after the answer,
	 * and marks the wp_mail() call that follows to be skipped.
	 *
	 * Sending a reset e-mail takes far longer than finding no account (a mail server's round
	 * trips), so answering after it would tell by time alone which names have accounts. So the
	 * answer goes first and the e-mail after it, in the same PHP request: on a shutdown hook, once
	 * the answer is flushed and, under PHP-FPM, the connection handed back with
	 * fastcgi_finish_request(). Not WP-Cron: a cron event waits for a later visit (or a loopback
	 * request many hosts block), and its arguments, the reset key among them, would sit in the
	 * options table in plain text until then.
	 *
	 * @param mixed $email The notification (to, subject, message, headers).
	 * @return mixed
	 */
	public function hold_email( $email ) {
		if ( is_array( $email ) && is_string( $email['to'] ?? null ) ) {
			self::$held[]    = $email;
			$this->skip_next = true;
		}
		return $email;
	}

	/**
	 * The `pre_wp_mail` filter while a request of ours runs: the held reset e-mail is not sent now
	 * (retrieve_password() sees a success); any other mail goes as usual.
	 *
	 * @param mixed $short_circuit Null to send.
	 * @return mixed
	 */
	public function skip_held_email( $short_circuit ) {
		if ( ! $this->skip_next ) {
			return $short_circuit;
		}
		$this->skip_next = false;
		return true;
	}

	/**
	 * On shutdown after an answer that held an e-mail: the answer leaves first (every output
	 * buffer flushed, the FastCGI connection finished where PHP-FPM runs), then the e-mail goes.
	 */
	public static function finish_then_send(): void {
		ignore_user_abort( true );
		while ( ob_get_level() > 0 ) {
			ob_end_flush();
		}
		flush();
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		self::send_held();
	}

	/** Sends the e-mails held back for the answer, as retrieve_password() would have sent them. */
	public static function send_held(): void {
		$held       = self::$held;
		self::$held = array();
		foreach ( $held as $email ) {
			wp_mail( (string) $email['to'], wp_specialchars_decode( (string) ( $email['subject'] ?? '' ) ), (string) ( $email['message'] ?? '' ), $email['headers'] ?? '' );
		}
	}

	/**
	 * The `retrieve_password_notification_email` filter while a request of ours runs: the reset
	 * link of WordPress's message, which leads to wp-login.php, leads to the island's popup
	 * instead. A message some other plugin rewrote so that it holds no such link is left as it is.
	 *
	 * @param mixed  $email      The notification (to, subject, message, headers).
	 * @param string $key        The reset key.
	 * @param string $user_login The account's username.
	 * @return mixed
	 */
	public function email( $email, $key, $user_login ) {
		if ( ! is_array( $email ) || ! is_string( $email['message'] ?? null ) || '' === $this->return_to ) {
			return $email;
		}
		// Any wp-login.php address whose query asks for the reset form with this key, in whatever
		// order WordPress writes its parameters (newer versions put login and key first); up to a
		// space, a quote or an angle bracket, so a link in an HTML message keeps its tag.
		$link             = self::link( $this->return_to, (string) $key, (string) $user_login );
		$email['message'] = (string) preg_replace_callback(
			'#[^\s"\'<>]*wp-login\.php\?[^\s"\'<>]*#',
			static function ( array $found ) use ( $key, $link ): string {
				$query = array();
				wp_parse_str( html_entity_decode( (string) wp_parse_url( $found[0], PHP_URL_QUERY ) ), $query );
				return 'rp' === ( $query['action'] ?? '' ) && ( $query['key'] ?? '' ) === (string) $key ? $link : $found[0];
			},
			$email['message']
		);
		return $email;
	}

	/**
	 * The e-mailed link: the page to return to, with the reset popup open for this key.
	 * add_query_arg() does not encode values, so the selector's "#" is encoded here (a raw one
	 * would start a fragment and carry the key and login away from the query string), and the
	 * login too (it may hold spaces, "&" or "@"); the key is letters and digits.
	 */
	public static function link( string $return_to, string $key, string $user_login ): string {
		return add_query_arg(
			array(
				self::POPUP_ARG       => '1',
				Account::SELECTOR_ARG => rawurlencode( self::POPUP_SELECTOR ),
				'key'                 => $key,
				'login'               => rawurlencode( $user_login ),
			),
			$return_to
		);
	}
}
