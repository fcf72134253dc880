<?php
namespace TenderPress\Push;

use TenderPress\Support\Base64Url;
use WpOrg\Requests\Hooks;
use WpOrg\Requests\Requests;
use WpOrg\Requests\Response;

/**
 * Hands one message to many push services at once: each subscription's copy is encrypted for
 * its browser (PayloadEncryption), signed for its push service (Vapid), and all of a batch's
 * requests go out together through the Requests library that ships with WordPress (curl's multi
 * interface where PHP has curl).
 *
 * What each answer means (RFC 8030 §5, §6.3):
 * - 2xx: delivered.
 * - 404 and 410: the subscription is gone (the visitor unsubscribed or the browser dropped it);
 *   the caller removes it.
 * - 429 and 5xx, and no answer at all: try again later, not before Retry-After when the push
 *   service gives one.
 * - Any other answer (400, 401, 403, 413): a failure that trying again will not mend.
 *
 * An endpoint is checked again before each batch (PushSettings::send_addresses()): it must
 * still be one the site accepts, and each host is looked up once, within a hard time limit, and
 * must resolve to a public address; the requests then connect to that address, not to a second
 * lookup's answer. Push services never redirect, so redirects are not followed.
 *
 * Bounded: a batch's lookups take at most PushSettings::LOOKUP_SECONDS and its requests, sent
 * all at once, at most TIMEOUT (curl's timeout of the whole request), so a batch's network time
 * is at most MAX_NETWORK_SECONDS, which PushQueue's lock is sized for. That needs PHP's curl
 * extension (WordPress's usual transport): without it, the Requests library would send one
 * request after another, so nothing is sent (available()).
 */
final class PushDelivery {

	public const DELIVERED = 'delivered';
	public const GONE      = 'gone';
	public const RETRY     = 'retry';
	public const FAILED    = 'failed';

	/** Seconds a push service keeps a message for a browser that is offline. */
	public const TTL = 2 * DAY_IN_SECONDS;

	/** Seconds one request may take; the batch waits for its slowest. */
	public const TIMEOUT = 10;

	/** The most a batch's lookups and requests take together. */
	public const MAX_NETWORK_SECONDS = PushSettings::LOOKUP_SECONDS + self::TIMEOUT;

	/** A Retry-After beyond this is treated as this: a day. */
	public const MAX_RETRY_AFTER = DAY_IN_SECONDS;

	/** @var array<string, string> Authorization header by audience, for this delivery's tokens. */
	private array $authorizations = array();

	/**
	 * @param string $payload The message (JSON), at most PayloadEncryption::MAX_PLAINTEXT bytes.
	 * @param string $topic   Replaces an undelivered message with the same topic (RFC 8030 §5.4):
	 *                        up to 32 base64url characters.
	 * @param int    $now     The time the tokens are made at.
	 */
	public function __construct(
		private readonly string $payload,
		private readonly string $topic,
		private readonly int $now
	) {}

	/**
	 * Sends the message to each subscription.
	 *
	 * @param list<array{id: int, endpoint: string, p256dh: string, auth: string}> $subscriptions
	 * @return array<int, array{0: string, 1: int}> By subscription id: the outcome and, for
	 *                                              RETRY, the seconds to wait (0: none given).
	 */
	public function send( array $subscriptions ): array {
		$outcomes = array();
		$requests = array();
		if ( ! self::available() ) {
			foreach ( $subscriptions as $subscription ) {
				$outcomes[ $subscription['id'] ] = array( self::RETRY, 0 );
			}
			return $outcomes;
		}
		$addresses = PushSettings::send_addresses( array_column( $subscriptions, 'endpoint' ) );
		foreach ( $subscriptions as $subscription ) {
			$address = $addresses[ (string) Vapid::audience( $subscription['endpoint'] ) ] ?? null;
			if ( false === $address ) {
				// Its host did not resolve in time: a passing fault, tried again later.
				$outcomes[ $subscription['id'] ] = array( self::RETRY, 0 );
				continue;
			}
			$request = null === $address ? null : $this->request( $subscription, $address );
			if ( null === $request ) {
				$outcomes[ $subscription['id'] ] = array( self::FAILED, 0 );
				continue;
			}
			$requests[ $subscription['id'] ] = $request;
		}
		if ( array() === $requests ) {
			return $outcomes;
		}
		$responses = Requests::request_multiple(
			$requests,
			array(
				'timeout'          => self::TIMEOUT,
				'connect_timeout'  => self::TIMEOUT,
				'follow_redirects' => false,
				'useragent'        => 'TenderPress/' . TENDERPRESS_VERSION . ' (push; ' . home_url( '/' ) . ')',
				'verify'           => ABSPATH . 'wp-includes/certificates/ca-bundle.crt',
			)
		);
		foreach ( $responses as $id => $response ) {
			$outcomes[ (int) $id ] = $response instanceof Response ? self::outcome( $response ) : array( self::RETRY, 0 );
		}
		return $outcomes;
	}

	/**
	 * Whether the site can send: PHP's curl extension, which sends a batch's requests at once and
	 * bounds each (lookup included) by its timeout.
	 */
	public static function available(): bool {
		return function_exists( 'curl_multi_init' );
	}

	/**
	 * What an answer means.
	 *
	 * @return array{0: string, 1: int}
	 */
	public static function outcome( Response $response ): array {
		$status = (int) $response->status_code;
		if ( $status >= 200 && $status < 300 ) {
			return array( self::DELIVERED, 0 );
		}
		if ( 404 === $status || 410 === $status ) {
			return array( self::GONE, 0 );
		}
		if ( 429 === $status || $status >= 500 ) {
			return array( self::RETRY, self::retry_after( (string) ( $response->headers['retry-after'] ?? '' ) ) );
		}
		return array( self::FAILED, 0 );
	}

	/**
	 * Seconds a Retry-After asks for (a number of seconds or an HTTP date), capped at
	 * MAX_RETRY_AFTER; 0 when there is none or it cannot be read.
	 */
	public static function retry_after( string $value, ?int $now = null ): int {
		$value = trim( $value );
		if ( '' === $value ) {
			return 0;
		}
		if ( ctype_digit( $value ) ) {
			return min( self::MAX_RETRY_AFTER, (int) $value );
		}
		// Only an HTTP date (RFC 9110 §5.6.7: IMF-fixdate, RFC 850 or asctime). strtotime() alone
		// also reads "-5" or "tomorrow" as a time relative to the clock, so a push service's
		// malformed header could hold a subscription for up to a day.
		$http_date = '/^(?:[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4}|[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2}) \d{2}:\d{2}:\d{2} GMT$|^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/D';
		$at        = preg_match( $http_date, $value ) ? strtotime( $value ) : false;
		return false === $at ? 0 : max( 0, min( self::MAX_RETRY_AFTER, $at - ( $now ?? time() ) ) );
	}

	/**
	 * One subscription's request, or null when it cannot be sent: its keys do not work.
	 *
	 * @param array{id: int, endpoint: string, p256dh: string, auth: string} $subscription
	 * @param string                                                         $address      The address to connect to ('' as the request finds it).
	 * @return array{url: string, headers: array<string, string>, data: string, type: string, options: array<string, Hooks>}|null
	 */
	private function request( array $subscription, string $address ): ?array {
		$audience = Vapid::audience( $subscription['endpoint'] );
		$point    = Base64Url::decode( $subscription['p256dh'] );
		$auth     = Base64Url::decode( $subscription['auth'] );
		if ( null === $audience || null === $point || null === $auth ) {
			return null;
		}
		try {
			$body = PayloadEncryption::encrypt( $this->payload, $point, $auth );
		} catch ( \InvalidArgumentException $e ) {
			return null;
		}
		if ( ! isset( $this->authorizations[ $audience ] ) ) {
			list( $scalar, $public )           = Vapid::keys();
			$this->authorizations[ $audience ] = Vapid::authorization( $audience, $this->now + Vapid::TOKEN_LIFETIME, $scalar, $public, Vapid::subject() );
		}
		return array(
			'url'     => $subscription['endpoint'],
			'headers' => array(
				'Authorization'    => $this->authorizations[ $audience ],
				'Content-Encoding' => 'aes128gcm',
				'Content-Type'     => 'application/octet-stream',
				'TTL'              => (string) self::TTL,
				'Urgency'          => 'normal',
				'Topic'            => $this->topic,
			),
			'data'    => $body,
			'type'    => Requests::POST,
			'options' => '' === $address ? array() : array( 'hooks' => self::pinned( $subscription['endpoint'], $address ) ),
		);
	}

	/**
	 * Hooks that make curl connect to `$address` for the endpoint's host and port, without
	 * looking the host up (CURLOPT_RESOLVE): TLS still checks the certificate against the host.
	 */
	public static function pinned( string $endpoint, string $address ): Hooks {
		$hooks = new Hooks();
		$host  = trim( (string) wp_parse_url( $endpoint, PHP_URL_HOST ), '[]' );
		if ( filter_var( $host, FILTER_VALIDATE_IP ) ) {
			// An address, not a name: nothing is looked up, so nothing to pin (and curl does not
			// take an IPv6 literal as the name of an entry).
			return $hooks;
		}
		$port  = (int) ( wp_parse_url( $endpoint, PHP_URL_PORT ) ?? ( 'http' === wp_parse_url( $endpoint, PHP_URL_SCHEME ) ? 80 : 443 ) );
		$entry = $host . ':' . $port . ':' . ( str_contains( $address, ':' ) ? '[' . $address . ']' : $address );
		$pin   = static function ( &$handle ) use ( $entry ): void {
			curl_setopt( $handle, CURLOPT_RESOLVE, array( $entry ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt -- the Requests library's own curl handle, through its hook.
		};
		$hooks->register( 'curl.before_multi_add', $pin );
		$hooks->register( 'curl.before_send', $pin );
		return $hooks;
	}
}
