<?php
namespace TenderPress\Rest;

use TenderPress\Push\P256;
use TenderPress\Push\PushSettings;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Push\Vapid;
use TenderPress\Support\Base64Url;
use TenderPress\Support\RateLimit;
use TenderPress\Settings\Settings;
use TenderPress\Support\Rest;
use TenderPress\Support\SameOriginRequest;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The routes a browser subscribes, changes its topics and unsubscribes through:
 * `POST /wp-json/tenderpress/v1/push/subscriptions` with the browser's PushSubscription (its
 * endpoint and keys) and the chosen topics, and `DELETE` on the same route with the endpoint and
 * its auth secret.
 *
 * - No nonce: they are called from cached pages, where any nonce would be stale. What protects a
 *   subscription is its auth secret, 16 random bytes only its browser knows: changing or removing
 *   one needs it. What keeps other sites from subscribing through their visitors' browsers: a
 *   body only as `application/json` (415 otherwise), which a cross-origin page cannot send
 *   without a CORS preflight the site never answers, and an `Origin` (or `Sec-Fetch-Site`) of
 *   another site is refused (403).
 * - Idempotent: subscribing again with the same endpoint and secret updates the topics;
 *   unsubscribing what is not stored answers that it is not.
 * - Bounded: a body of at most MAX_BODY bytes, at most SubscriptionTopics::MAX_PER_KIND topics
 *   of each kind, RATE_LIMIT writes per client in RATE_WINDOW seconds, and, site-wide, at most
 *   the settings' number of stored subscriptions (503 once full) and of new ones an hour (429).
 * - Server-side request forgery: the site will POST to every stored endpoint, so only the
 *   browsers' push services are accepted (PushSettings::endpoint_allowed()).
 */
final class PushSubscriptionRoutes {

	public const ROUTE = '/push/subscriptions';

	/** The largest request body read; a subscription with every topic is about 1.5 KB. */
	public const MAX_BODY = 8192;

	public const RATE_LIMIT  = 30;
	public const RATE_WINDOW = 10 * MINUTE_IN_SECONDS;

	/** The site-wide count of new subscriptions an hour (RateLimit's bucket, one for the site). */
	private const NEW_BUCKET  = 'push_new';
	private const NEW_SUBJECT = 'site';

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	public function register_routes(): void {
		register_rest_route(
			Rest::NAMESPACE,
			self::ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'subscribe' ),
					'permission_callback' => '__return_true',
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'unsubscribe' ),
					'permission_callback' => '__return_true',
				),
			)
		);
	}

	/**
	 * @return WP_REST_Response|WP_Error
	 */
	public function subscribe( WP_REST_Request $request ) {
		$body = $this->body( $request );
		if ( $body instanceof WP_Error ) {
			return $body;
		}
		$subscription = self::subscription( $body );
		if ( $subscription instanceof WP_Error ) {
			return $subscription;
		}
		$replaced = self::replaced( $body, $subscription['endpoint'] );
		if ( $replaced instanceof WP_Error ) {
			return $replaced;
		}
		$renewal = null !== ( $body['replaces'] ?? null );
		if ( $renewal && null === $replaced ) {
			// The old one is not stored (any more), or not the sender's: a renewal never signs a
			// browser up on its own. Sent again after it was stored, it is answered as stored.
			$stored = SubscriptionStore::find( $subscription['endpoint'] );
			if ( null === $stored || ! hash_equals( $stored['auth'], $subscription['auth'] ) || ! hash_equals( $stored['p256dh'], $subscription['p256dh'] ) ) {
				return self::error( 'tenderpress_push_replaces_unknown', __( 'The subscription this one replaces is not stored on this site.', 'tenderpress' ), 404 );
			}
			return new WP_REST_Response( self::answer( true, $stored['topics'] ), 200 );
		}
		// A renewed subscription keeps the topics of the one it replaces, unless it names its own.
		$topics = null === $replaced || isset( $body['topics'] ) ? SubscriptionTopics::check( $body['topics'] ?? null ) : $replaced['topics'];
		if ( $topics instanceof WP_Error ) {
			return $topics;
		}

		list( 'endpoint' => $endpoint, 'p256dh' => $p256dh, 'auth' => $auth ) = $subscription;
		$stored = SubscriptionStore::find( $endpoint );
		if ( null === $stored && null === $replaced ) {
			// A new browser (a renewal only takes its old subscription's place).
			$full = self::full();
			if ( null !== $full ) {
				return $full;
			}
		}
		if ( null === $stored && SubscriptionStore::insert( $endpoint, $p256dh, $auth, $topics ) ) {
			if ( null !== $replaced ) {
				SubscriptionStore::delete( $replaced['id'] );
			}
			return new WP_REST_Response( self::answer( true, $topics ), 201 );
		}
		// Stored already, maybe by a request that raced this one.
		$stored = $stored ?? SubscriptionStore::find( $endpoint );
		if ( null === $stored ) {
			// Neither stored by this request nor by another: the database refused the row.
			return self::error( 'tenderpress_push_not_stored', __( 'The subscription could not be stored. Try again later.', 'tenderpress' ), 503 );
		}
		if ( ! hash_equals( $stored['auth'], $auth ) || ! hash_equals( $stored['p256dh'], $p256dh ) ) {
			return self::error( 'tenderpress_push_not_yours', __( 'This subscription belongs to another browser.', 'tenderpress' ), 403 );
		}
		if ( null === $replaced && ! isset( $body['topics'] ) ) {
			// Sent again without topics (a renewal whose first answer was lost): they stay.
			$topics = $stored['topics'];
		}
		SubscriptionStore::update_topics( $stored['id'], $topics );
		if ( null !== $replaced ) {
			SubscriptionStore::delete( $replaced['id'] );
		}
		return new WP_REST_Response( self::answer( true, $topics ), 200 );
	}

	/**
	 * @return WP_REST_Response|WP_Error
	 */
	public function unsubscribe( WP_REST_Request $request ) {
		// Its two fields may come as a JSON body or, as some clients and proxies drop a DELETE's
		// body, in the query string.
		$body = $this->body( $request, '' === (string) $request->get_body() );
		if ( $body instanceof WP_Error ) {
			return $body;
		}
		$endpoint = is_string( $body['endpoint'] ?? null ) ? $body['endpoint'] : '';
		$auth     = Base64Url::decode( is_string( $body['auth'] ?? null ) ? $body['auth'] : '' );
		if ( '' === $endpoint || strlen( $endpoint ) > SubscriptionStore::MAX_ENDPOINT_LENGTH || null === $auth || 16 !== strlen( $auth ) ) {
			return self::error( 'tenderpress_push_unsubscribe', __( 'Say which subscription to end: its endpoint and its auth secret.', 'tenderpress' ) );
		}
		$stored = SubscriptionStore::find( $endpoint );
		if ( null !== $stored && ! hash_equals( $stored['auth'], Base64Url::encode( $auth ) ) ) {
			return self::error( 'tenderpress_push_not_yours', __( 'This subscription belongs to another browser.', 'tenderpress' ), 403 );
		}
		if ( null !== $stored ) {
			SubscriptionStore::delete( $stored['id'] );
		}
		return new WP_REST_Response( self::answer( false, SubscriptionTopics::none() ), 200 );
	}

	/**
	 * The answer when the site takes no new subscription now, or null when it does: at most the
	 * settings' number stored (503) and of new ones in an hour, site-wide (429, with Retry-After).
	 */
	private static function full(): ?WP_REST_Response {
		if ( SubscriptionStore::count() >= (int) Settings::get( PushSettings::SECTION, 'maxSubscriptions' ) ) {
			return rest_convert_error_to_response( self::error( 'tenderpress_push_full', __( 'This site takes no more notification sign-ups for now.', 'tenderpress' ), 503 ) );
		}
		$hourly = (int) Settings::get( PushSettings::SECTION, 'newPerHour' );
		if ( ! RateLimit::hit( self::NEW_BUCKET, $hourly, HOUR_IN_SECONDS, self::NEW_SUBJECT ) ) {
			$response = rest_convert_error_to_response( self::error( 'tenderpress_push_busy', __( 'Many browsers signed up in the last hour. Try again later.', 'tenderpress' ), 429 ) );
			$response->header( 'Retry-After', (string) max( 1, RateLimit::wait( self::NEW_BUCKET, $hourly, self::NEW_SUBJECT ) ) );
			return $response;
		}
		return null;
	}

	/**
	 * The request's JSON object, after the checks every write shares: the table exists, the
	 * request comes from this site's pages (or no browser's), the client is within its rate, the
	 * body is JSON, small and an object.
	 *
	 * @param WP_REST_Request $request  The request.
	 * @param bool            $in_query Whether the fields come in the query string instead.
	 * @return array<string, mixed>|WP_Error
	 */
	private function body( WP_REST_Request $request, bool $in_query = false ) {
		if ( ! SubscriptionStore::ready() ) {
			return self::error( 'tenderpress_not_ready', __( 'Notifications are not ready: the site is finishing an update.', 'tenderpress' ), 503 );
		}
		if ( ! SameOriginRequest::allows( $request->get_header( 'origin' ), $request->get_header( 'sec_fetch_site' ) ) ) {
			return self::error( 'tenderpress_push_origin', __( 'Notifications can only be turned on from this site\'s own pages.', 'tenderpress' ), 403 );
		}
		if ( ! RateLimit::hit( 'push', self::RATE_LIMIT, self::RATE_WINDOW ) ) {
			return self::error( 'tenderpress_push_rate', __( 'Too many requests. Try again in a few minutes.', 'tenderpress' ), 429 );
		}
		if ( ! $in_query ) {
			$type = $request->get_content_type();
			if ( ! is_array( $type ) || 'application/json' !== $type['value'] ) {
				return self::error( 'tenderpress_push_type', __( 'Send the subscription as JSON (Content-Type: application/json).', 'tenderpress' ), 415 );
			}
		}
		if ( $in_query ) {
			return $request->get_query_params();
		}
		return self::json_object( $request );
	}

	/**
	 * A request's body as a JSON object of at most MAX_BODY bytes (the push routes' bodies).
	 *
	 * @return array<string, mixed>|WP_Error
	 */
	public static function json_object( WP_REST_Request $request ) {
		if ( strlen( (string) $request->get_body() ) > self::MAX_BODY ) {
			return self::error( 'tenderpress_push_size', __( 'The request is too large.', 'tenderpress' ), 413 );
		}
		$body = json_decode( (string) $request->get_body(), true );
		if ( ! is_array( $body ) || array_is_list( $body ) ) {
			return self::error( 'tenderpress_push_body', __( 'Send the subscription as a JSON object.', 'tenderpress' ) );
		}
		return $body;
	}

	/**
	 * A browser's PushSubscription as sent (`endpoint`, `keys.p256dh`, `keys.auth`), checked: an
	 * endpoint the site may send to, a P-256 public key and a 16-byte auth secret, the keys in
	 * their canonical base64url.
	 *
	 * @param array<string, mixed> $body
	 * @return array{endpoint: string, p256dh: string, auth: string}|WP_Error
	 */
	public static function subscription( array $body ) {
		$endpoint = self::endpoint( $body );
		if ( $endpoint instanceof WP_Error ) {
			return $endpoint;
		}
		$keys   = is_array( $body['keys'] ?? null ) ? $body['keys'] : array();
		$p256dh = Base64Url::decode( is_string( $keys['p256dh'] ?? null ) ? $keys['p256dh'] : '' );
		$auth   = Base64Url::decode( is_string( $keys['auth'] ?? null ) ? $keys['auth'] : '' );
		if ( null === $p256dh || null === P256::public_key( $p256dh ) || null === $auth || 16 !== strlen( $auth ) ) {
			return self::error( 'tenderpress_push_keys', __( 'The subscription\'s keys are not valid.', 'tenderpress' ) );
		}
		return array(
			'endpoint' => $endpoint,
			'p256dh'   => Base64Url::encode( $p256dh ),
			'auth'     => Base64Url::encode( $auth ),
		);
	}

	/**
	 * The stored subscription a renewed one replaces (`replaces`: the old endpoint and its auth
	 * secret, which the service worker sends on `pushsubscriptionchange`), or null when the body
	 * names none, or one that is not stored or not the sender's.
	 *
	 * @param array<string, mixed> $body
	 * @return array{id: int, endpoint: string, p256dh: string, auth: string, topics: array<string, list<int|string>>, failures: int}|WP_Error|null
	 */
	private static function replaced( array $body, string $endpoint ) {
		if ( ! array_key_exists( 'replaces', $body ) || null === $body['replaces'] ) {
			return null;
		}
		$replaces = $body['replaces'];
		$auth     = is_array( $replaces ) && is_string( $replaces['auth'] ?? null ) ? Base64Url::decode( $replaces['auth'] ) : null;
		if ( ! is_array( $replaces ) || ! is_string( $replaces['endpoint'] ?? null ) || strlen( $replaces['endpoint'] ) > SubscriptionStore::MAX_ENDPOINT_LENGTH || null === $auth || 16 !== strlen( $auth ) ) {
			return self::error( 'tenderpress_push_replaces', __( 'Say which subscription this one replaces: its endpoint and its auth secret.', 'tenderpress' ) );
		}
		$old = $replaces['endpoint'] === $endpoint ? null : SubscriptionStore::find( $replaces['endpoint'] );
		return null !== $old && hash_equals( $old['auth'], Base64Url::encode( $auth ) ) ? $old : null;
	}

	/**
	 * @param array<string, mixed> $body
	 * @return string|WP_Error
	 */
	private static function endpoint( array $body ) {
		$endpoint = $body['endpoint'] ?? null;
		if ( ! is_string( $endpoint ) || '' === $endpoint || strlen( $endpoint ) > SubscriptionStore::MAX_ENDPOINT_LENGTH || null === Vapid::audience( $endpoint ) || preg_match( '/[\x00-\x20\x7f<>"]/', $endpoint ) ) {
			return self::error( 'tenderpress_push_endpoint', __( 'The subscription has no valid push service address.', 'tenderpress' ) );
		}
		if ( ! PushSettings::endpoint_allowed( $endpoint ) ) {
			return self::error( 'tenderpress_push_endpoint_refused', __( 'Only the browsers\' own push services are accepted.', 'tenderpress' ) );
		}
		return $endpoint;
	}

	/**
	 * @param bool                            $subscribed Whether the browser is subscribed now.
	 * @param array<string, list<int|string>> $topics     Its topics.
	 * @return array{subscribed: bool, topics: array<string, list<int|string>>}
	 */
	private static function answer( bool $subscribed, array $topics ): array {
		return array(
			'subscribed' => $subscribed,
			'topics'     => $topics,
		);
	}

	private static function error( string $code, string $message, int $status = 400 ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}
}
