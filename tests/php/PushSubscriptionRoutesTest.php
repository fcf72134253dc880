<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Push\P256;
use TenderPress\Push\PushSettings;
use TenderPress\Rest\PushSubscriptionRoutes;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Settings\Settings;
use TenderPress\Support\Base64Url;
use TenderPress\Support\Rest;
use TenderPress\Support\Upgrade;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The push subscription routes as a visitor's browser meets them: a subscription (the browser's
 * endpoint and keys, and the topics chosen) is stored with 201 and sent again updates its topics
 * with 200, one row per endpoint; only the browser that holds the auth secret may change or end
 * it (403 for anyone else, the row untouched); unsubscribing is idempotent. Bad input of every
 * kind is refused with 400 and a short message saying what is wrong, storing nothing and raising
 * no PHP notice; push services on private, loopback, link-local, metadata or shared addresses, over
 * plain http or with credentials in the address are refused unless the development setting
 * allows local services; a body over the size limit gets 413, a client over its rate 429, a site
 * before its schema upgrade 503, each storing nothing. Last, the topics chosen take the notices
 * they should: any notice when none are chosen, a category's sub-categories, and every kind
 * chosen at once.
 */
final class PushSubscriptionRoutesTest extends TestCase {

	private const ROUTE = '/' . Rest::NAMESPACE . PushSubscriptionRoutes::ROUTE;

	/** A browser's address at a push service the site accepts (Firefox's: no DNS lookup on subscribing). */
	private const ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-browser-one';

	/** Another browser's push address at the same service. */
	private const OTHER_ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-browser-two';

	/** The client address the tests' requests come from. */
	private const CLIENT = '198.51.100.23';

	private const NOT_YOURS    = 'This subscription belongs to another browser.';
	private const BAD_BODY     = 'Send the subscription as a JSON object.';
	private const BAD_ENDPOINT = 'The subscription has no valid push service address.';
	private const REFUSED      = 'Only the browsers\' own push services are accepted.';
	private const NOT_JSON     = 'Send the subscription as JSON (Content-Type: application/json).';
	private const OTHER_SITE   = 'Notifications can only be turned on from this site\'s own pages.';
	private const FULL         = 'This site takes no more notification sign-ups for now.';
	private const BUSY         = 'Many browsers signed up in the last hour. Try again later.';
	private const BAD_KEYS     = 'The subscription\'s keys are not valid.';
	private const BAD_TOPICS   = 'Topics are a list of notice types, categories and locations.';
	private const TOO_MANY     = 'Choose at most 50 notice types, categories or locations of each kind.';
	private const NO_SUCH      = 'One of the chosen topics does not exist.';
	private const WHICH        = 'Say which subscription to end: its endpoint and its auth secret.';
	private const TOO_LARGE    = 'The request is too large.';
	private const RATE         = 'Too many requests. Try again in a few minutes.';
	private const NOT_READY    = 'Notifications are not ready: the site is finishing an update.';

	/** What the plugin's guard of its REST routes says to a JSON body that is no object. */
	private const NOT_AN_OBJECT = 'The request body must be a JSON object.';

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		Settings::forget_stored();
	}

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'] );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
	}

	/**
	 * A browser's keys, as its PushSubscription gives them: the 65-byte P-256 point and 16 random
	 * bytes of auth secret, each base64url.
	 *
	 * @return array{p256dh: string, auth: string}
	 */
	private static function browser_keys(): array {
		list( , $point ) = P256::generate();
		return array(
			'p256dh' => Base64Url::encode( $point ),
			'auth'   => Base64Url::encode( random_bytes( 16 ) ),
		);
	}

	/**
	 * The body a browser sends to subscribe.
	 *
	 * @param string                    $endpoint The push service's address.
	 * @param array<string, string>     $keys     The browser's keys.
	 * @param array<string, mixed>|null $topics   The topics chosen; null sends none.
	 * @return array<string, mixed>
	 */
	private static function subscription( string $endpoint, array $keys, ?array $topics = null ): array {
		$body = array(
			'endpoint' => $endpoint,
			'keys'     => $keys,
		);
		if ( null !== $topics ) {
			$body['topics'] = $topics;
		}
		return $body;
	}

	/**
	 * A request with a raw body, as a browser's fetch() sends it.
	 *
	 * @param string                $method       The method.
	 * @param string                $body         The body.
	 * @param string                $content_type Its content type ('' for none).
	 * @param array<string, string> $headers      More headers, such as Origin.
	 */
	private function send( string $method, string $body, string $content_type = 'application/json', array $headers = array() ): WP_REST_Response {
		$request = new WP_REST_Request( $method, self::ROUTE );
		if ( '' !== $content_type ) {
			$request->set_header( 'content-type', $content_type );
		}
		foreach ( $headers as $name => $value ) {
			$request->set_header( $name, $value );
		}
		$request->set_body( $body );
		return rest_get_server()->dispatch( $request );
	}

	/** @param array<string, mixed> $body */
	private function subscribe( array $body ): WP_REST_Response {
		return $this->send( 'POST', (string) wp_json_encode( $body ) );
	}

	/**
	 * A browser's keys.
	 *
	 * @return array{p256dh: string, auth: string}
	 */
	private static function keys( string $p256dh, string $auth ): array {
		return array(
			'p256dh' => $p256dh,
			'auth'   => $auth,
		);
	}

	/**
	 * The body of an unsubscribe: the endpoint and the auth secret, and some padding when given.
	 *
	 * @param mixed  $endpoint What is sent as the endpoint.
	 * @param mixed  $auth     What is sent as the auth secret.
	 * @param string $padding  Bytes of an extra member, '' for none.
	 */
	private static function goodbye( $endpoint, $auth, string $padding = '' ): string {
		$body = array(
			'endpoint' => $endpoint,
			'auth'     => $auth,
		);
		if ( '' !== $padding ) {
			$body['padding'] = $padding;
		}
		return (string) wp_json_encode( $body );
	}

	/** Unsubscribes an endpoint with an auth secret. */
	private function unsubscribe( string $endpoint, string $auth ): WP_REST_Response {
		return $this->send( 'DELETE', self::goodbye( $endpoint, $auth ) );
	}

	/**
	 * The row stored for an endpoint, as the table holds it, or null.
	 *
	 * @return array<string, string>|null
	 */
	private function stored_row( string $endpoint ): ?array {
		global $wpdb;
		$table = SubscriptionStore::table();
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE endpoint_hash = %s", SubscriptionStore::hash( $endpoint ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table under test.
		return is_array( $row ) ? $row : null;
	}

	/**
	 * Every stored row, in id order: what a refused request must leave as it was.
	 *
	 * @return list<array<string, string>>
	 */
	private function all_rows(): array {
		global $wpdb;
		$table = SubscriptionStore::table();
		$rows  = $wpdb->get_results( "SELECT * FROM {$table} ORDER BY id", ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table under test.
		return is_array( $rows ) ? $rows : array();
	}

	/**
	 * The writes of a query log that touched the subscriptions' table.
	 *
	 * @param list<string> $writes
	 * @return list<string>
	 */
	private static function table_writes( array $writes ): array {
		return array_values( array_filter( $writes, static fn( string $query ): bool => str_contains( $query, SubscriptionStore::table() ) ) );
	}

	/** Asserts an error answer: its status and its exact message. */
	private function assertRefused( WP_REST_Response $response, int $status, string $message ): void {
		$this->assertSame( $status, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertIsArray( $error );
		$this->assertSame( $message, $error['message'] );
		$this->assertSame( $status, $error['data']['status'] ?? null );
	}

	/**
	 * Asserts a success answer.
	 *
	 * @param WP_REST_Response                $response   The answer.
	 * @param int                             $status     Its expected status.
	 * @param bool                            $subscribed Whether the browser is subscribed now.
	 * @param array<string, list<int|string>> $topics     Its topics.
	 */
	private function assertAnswer( WP_REST_Response $response, int $status, bool $subscribed, array $topics ): void {
		$this->assertSame( $status, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame(
			array(
				'subscribed' => $subscribed,
				'topics'     => $topics,
			),
			$response->get_data()
		);
	}

	/** Turns the development setting that accepts local push services on or off. */
	private function allow_local( bool $allow ): void {
		$this->store_section( PushSettings::SECTION, array( 'allowLocal' => $allow ) );
		$this->assertSame( $allow, Settings::get( PushSettings::SECTION, 'allowLocal' ) );
	}

	/** A term of a notice taxonomy; returns its id. */
	private function term( string $name, string $taxonomy, int $parent = 0 ): int {
		$term = wp_insert_term( $name . ' ' . wp_generate_password( 6, false ), $taxonomy, array( 'parent' => $parent ) );
		$this->assertIsArray( $term, is_wp_error( $term ) ? $term->get_error_message() : '' );
		return (int) $term['term_id'];
	}

	/** A published notice of a type in the given terms; returns its id. */
	private function notice_in( string $type, array $categories = array(), array $locations = array() ): int {
		$id = $this->make_notice( array( 'tp_notice_type' => $type ) );
		$this->assertIsArray( wp_set_object_terms( $id, $categories, NoticeTaxonomies::CATEGORY ) );
		$this->assertIsArray( wp_set_object_terms( $id, $locations, NoticeTaxonomies::LOCATION ) );
		return $id;
	}

	public function test_the_schema_has_the_subscriptions_table(): void {
		$this->assertTrue( SubscriptionStore::ready(), 'The seeded site has run the upgrade that creates the table.' );
		$this->assertGreaterThanOrEqual( SubscriptionStore::SCHEMA_VERSION, Upgrade::stored_version() );
	}

	public function test_a_valid_subscription_is_stored_with_its_keys_and_topics(): void {
		$works    = $this->term( 'Works', NoticeTaxonomies::CATEGORY );
		$pune     = $this->term( 'Pune', NoticeTaxonomies::LOCATION );
		$keys     = self::browser_keys();
		$before   = SubscriptionStore::count();
		$response = $this->subscribe(
			self::subscription(
				self::ENDPOINT,
				$keys,
				array(
					'types'      => array( 'eoi', 'tender' ),
					'categories' => array( (string) $works ),
					'locations'  => array( $pune ),
				)
			)
		);

		$topics = array(
			'types'      => array( 'eoi', 'tender' ),
			'categories' => array( $works ),
			'locations'  => array( $pune ),
		);
		$this->assertAnswer( $response, 201, true, $topics );
		$this->assertSame( $before + 1, SubscriptionStore::count() );

		$row = $this->stored_row( self::ENDPOINT );
		$this->assertNotNull( $row );
		$this->assertSame( self::ENDPOINT, $row['endpoint'] );
		$this->assertSame( hash( 'sha256', self::ENDPOINT ), $row['endpoint_hash'] );
		$this->assertSame( $keys['p256dh'], $row['p256dh'] );
		$this->assertSame( $keys['auth'], $row['auth'] );
		$this->assertSame( $topics, json_decode( $row['topics'], true ), 'A term id sent as digits is stored as the number.' );
		$this->assertSame( 0, (int) $row['failures'] );
		$this->assertNull( $row['last_success'] );

		$found = SubscriptionStore::find( self::ENDPOINT );
		$this->assertNotNull( $found );
		$this->assertSame( $topics, $found['topics'] );
		$this->assertSame( $keys, self::keys( $found['p256dh'], $found['auth'] ) );
	}

	public function test_a_subscription_without_topics_gets_every_kind_empty_which_is_everything(): void {
		$response = $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) );
		$this->assertAnswer( $response, 201, true, SubscriptionTopics::none() );
		$this->assertSame(
			array(
				'types'      => array(),
				'categories' => array(),
				'locations'  => array(),
			),
			SubscriptionTopics::none()
		);
		$row = $this->stored_row( self::ENDPOINT );
		$this->assertNotNull( $row );
		$this->assertSame( SubscriptionTopics::none(), json_decode( $row['topics'], true ) );

		// Explicitly empty or null topics are the same.
		foreach ( array( array(), null ) as $i => $topics ) {
			$endpoint = self::OTHER_ENDPOINT . '-' . $i;
			$body     = self::subscription( $endpoint, self::browser_keys() ) + array( 'topics' => $topics );
			$this->assertAnswer( $this->subscribe( $body ), 201, true, SubscriptionTopics::none() );
		}
	}

	public function test_the_browsers_push_services_are_accepted_in_the_forms_browsers_send(): void {
		$this->allow_local( false );
		$endpoints = array(
			'Chrome (FCM)'                   => 'https://fcm.googleapis.com/fcm/send/dH1Kq0q3XyE:APA91bE-browser',
			'Chrome (FCM, Web Push path)'    => 'https://fcm.googleapis.com/wp/dH1Kq0q3XyE:APA91bE-browser',
			'Firefox (autopush)'             => 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-browser',
			'Safari'                         => 'https://web.push.apple.com/QGu7h5n0Yk1-browser',
			'Edge on Windows (WNS)'          => 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB-browser',
			'the default port written out'   => 'https://fcm.googleapis.com:443/fcm/send/port-written-out',
			'a host in capitals'             => 'https://FCM.googleapis.com/fcm/send/capitals',
			'a query and characters to keep' => 'https://updates.push.services.mozilla.com/wpush/v2/abc~_-.%2F?x=1&y=2',
			'the longest endpoint kept'      => str_pad( 'https://fcm.googleapis.com/fcm/send/', SubscriptionStore::MAX_ENDPOINT_LENGTH, 'a' ),
		);
		foreach ( $endpoints as $what => $endpoint ) {
			$keys = self::browser_keys();
			$this->assertAnswer( $this->subscribe( self::subscription( $endpoint, $keys ) ), 201, true, SubscriptionTopics::none() );
			$row = $this->stored_row( $endpoint );
			$this->assertNotNull( $row, $what );
			$this->assertSame( $endpoint, $row['endpoint'], $what );
		}
	}

	public function test_keys_with_base64_padding_are_accepted_and_stored_without_it(): void {
		$keys   = self::browser_keys();
		$padded = array(
			'p256dh' => $keys['p256dh'] . str_repeat( '=', ( 4 - strlen( $keys['p256dh'] ) % 4 ) % 4 ),
			'auth'   => $keys['auth'] . '==',
		);
		$this->assertNotSame( $keys, $padded );
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $padded ) ), 201, true, SubscriptionTopics::none() );
		$row = $this->stored_row( self::ENDPOINT );
		$this->assertNotNull( $row );
		$this->assertSame( $keys['p256dh'], $row['p256dh'] );
		$this->assertSame( $keys['auth'], $row['auth'] );

		// The same browser, without the padding this time: its own subscription.
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $keys, array( 'types' => array( 'award' ) ) ) ), 200, true, array( 'types' => array( 'award' ) ) + SubscriptionTopics::none() );
	}

	public function test_subscribing_again_with_the_same_keys_updates_the_topics_and_keeps_one_row(): void {
		$keys   = self::browser_keys();
		$before = SubscriptionStore::count();
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $keys, array( 'types' => array( 'tender' ) ) ) ), 201, true, array( 'types' => array( 'tender' ) ) + SubscriptionTopics::none() );
		$first = $this->stored_row( self::ENDPOINT );
		$this->assertNotNull( $first );

		$roads  = $this->term( 'Roads', NoticeTaxonomies::CATEGORY );
		$topics = array(
			'types'      => array( 'corrigendum', 'award' ),
			'categories' => array( $roads ),
			'locations'  => array(),
		);
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $keys, $topics ) ), 200, true, $topics );
		$this->assertSame( $before + 1, SubscriptionStore::count(), 'Still one row for the endpoint.' );
		$row = $this->stored_row( self::ENDPOINT );
		$this->assertNotNull( $row );
		$this->assertSame( $first['id'], $row['id'] );
		$this->assertSame( $first['created'], $row['created'] );
		$this->assertSame( $keys['auth'], $row['auth'] );
		$this->assertSame( $topics, json_decode( $row['topics'], true ) );

		// The same request again changes nothing: idempotent.
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $keys, $topics ) ), 200, true, $topics );
		$this->assertSame( $before + 1, SubscriptionStore::count() );
		$this->assertSame( $row, $this->stored_row( self::ENDPOINT ) );

		// Topics sent twice are kept once.
		$this->assertAnswer(
			$this->subscribe(
				self::subscription(
					self::ENDPOINT,
					$keys,
					array(
						'types'      => array( 'eoi', 'eoi' ),
						'categories' => array( $roads, (string) $roads ),
					)
				)
			),
			200,
			true,
			array(
				'types'      => array( 'eoi' ),
				'categories' => array( $roads ),
				'locations'  => array(),
			)
		);
	}

	public function test_a_renewed_subscription_takes_the_old_ones_topics_and_place(): void {
		$old    = self::browser_keys();
		$topics = array( 'types' => array( 'eoi' ) ) + SubscriptionTopics::none();
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $old, array( 'types' => array( 'eoi' ) ) ) ), 201, true, $topics );
		$before = SubscriptionStore::count();

		// What the service worker sends on pushsubscriptionchange: the new subscription, no topics.
		$renewed = self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) + array(
			'replaces' => array(
				'endpoint' => self::ENDPOINT,
				'auth'     => $old['auth'],
			),
		);
		$this->assertAnswer( $this->subscribe( $renewed ), 201, true, $topics );
		$this->assertNull( $this->stored_row( self::ENDPOINT ), 'The old subscription is gone.' );
		$this->assertSame( $topics, json_decode( (string) $this->stored_row( self::OTHER_ENDPOINT )['topics'], true ) );
		$this->assertSame( $before, SubscriptionStore::count() );

		// Sent again (its first answer lost): the same row, the same topics.
		$this->assertAnswer( $this->subscribe( $renewed ), 200, true, $topics );
		$this->assertSame( $before, SubscriptionStore::count() );
	}

	public function test_a_renewal_of_another_browsers_or_of_no_stored_subscription_signs_nobody_up(): void {
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys(), array( 'types' => array( 'eoi' ) ) ) )->get_status() );
		$before = $this->all_rows();

		foreach ( array(
			'another browser\'s' => self::ENDPOINT,
			'one never stored'   => 'https://93.184.215.14/push/v2/never-stored',
		) as $what => $old ) {
			$renewed = self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) + array(
				'replaces' => array(
					'endpoint' => $old,
					'auth'     => self::browser_keys()['auth'],
				),
			);
			$this->assertRefused( $this->subscribe( $renewed ), 404, 'The subscription this one replaces is not stored on this site.' );
			$this->assertSame( $before, $this->all_rows(), $what . ': nothing is stored or changed.' );
		}
	}

	public function test_a_renewal_that_does_not_say_which_subscription_it_replaces_is_refused_and_nothing_is_stored(): void {
		$before = $this->all_rows();
		foreach ( array(
			'a string'     => 'https://93.184.215.14/push/old',
			'no auth'      => array( 'endpoint' => self::ENDPOINT ),
			'a short auth' => array(
				'endpoint' => self::ENDPOINT,
				'auth'     => 'AAAA',
			),
			'a list'       => array( self::ENDPOINT ),
		) as $what => $replaces ) {
			$response = $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) + array( 'replaces' => $replaces ) );
			$this->assertRefused( $response, 400, 'Say which subscription this one replaces: its endpoint and its auth secret.' );
			$this->assertSame( $before, $this->all_rows(), $what );
		}
	}

	public function test_the_same_endpoint_with_another_auth_secret_is_refused_and_the_row_is_unchanged(): void {
		$keys = self::browser_keys();
		$this->assertAnswer( $this->subscribe( self::subscription( self::ENDPOINT, $keys, array( 'types' => array( 'tender' ) ) ) ), 201, true, array( 'types' => array( 'tender' ) ) + SubscriptionTopics::none() );
		$before = $this->all_rows();

		$thief    = self::browser_keys();
		$attempts = array(
			'another browser\'s keys'            => $thief,
			'the right key, another auth secret' => self::keys( $keys['p256dh'], $thief['auth'] ),
			'the right auth secret, another key' => self::keys( $thief['p256dh'], $keys['auth'] ),
		);
		foreach ( $attempts as $what => $attempt ) {
			$response = $this->subscribe( self::subscription( self::ENDPOINT, $attempt, array( 'types' => array( 'award' ) ) ) );
			$this->assertRefused( $response, 403, self::NOT_YOURS );
			$this->assertSame( $before, $this->all_rows(), $what . ': the stored row is unchanged.' );
		}
	}

	public function test_unsubscribing_with_the_auth_secret_removes_the_subscription_and_is_idempotent(): void {
		$keys  = self::browser_keys();
		$other = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$this->assertSame( 201, $this->subscribe( self::subscription( self::OTHER_ENDPOINT, $other ) )->get_status() );
		$count = SubscriptionStore::count();

		$this->assertAnswer( $this->unsubscribe( self::ENDPOINT, $keys['auth'] ), 200, false, SubscriptionTopics::none() );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );
		$this->assertNull( SubscriptionStore::find( self::ENDPOINT ) );
		$this->assertSame( $count - 1, SubscriptionStore::count() );
		$this->assertNotNull( $this->stored_row( self::OTHER_ENDPOINT ), 'Another browser\'s subscription stays.' );

		// Again: what is not stored is answered as not subscribed.
		$this->assertAnswer( $this->unsubscribe( self::ENDPOINT, $keys['auth'] ), 200, false, SubscriptionTopics::none() );
		$this->assertSame( $count - 1, SubscriptionStore::count() );

		// And the browser may subscribe anew.
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$this->assertSame( $count, SubscriptionStore::count() );
	}

	public function test_an_unsubscribe_may_come_in_the_query_string_as_a_delete_without_a_body(): void {
		$keys = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$wrong = new WP_REST_Request( 'DELETE', '/tenderpress/v1/push/subscriptions' );
		$wrong->set_query_params(
			array(
				'endpoint' => self::ENDPOINT,
				'auth'     => self::browser_keys()['auth'],
			)
		);
		$this->assertRefused( rest_get_server()->dispatch( $wrong ), 403, self::NOT_YOURS );
		$this->assertNotNull( $this->stored_row( self::ENDPOINT ) );

		$request = new WP_REST_Request( 'DELETE', '/tenderpress/v1/push/subscriptions' );
		$request->set_query_params(
			array(
				'endpoint' => self::ENDPOINT,
				'auth'     => $keys['auth'],
			)
		);
		$this->assertAnswer( rest_get_server()->dispatch( $request ), 200, false, SubscriptionTopics::none() );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );
	}

	public function test_unsubscribing_with_a_wrong_auth_secret_is_refused_and_the_row_stays(): void {
		$keys = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$before = $this->all_rows();

		$this->assertRefused( $this->unsubscribe( self::ENDPOINT, self::browser_keys()['auth'] ), 403, self::NOT_YOURS );
		$this->assertSame( $before, $this->all_rows() );

		// The key is public (it reaches the push service): it does not end the subscription.
		$this->assertRefused( $this->unsubscribe( self::ENDPOINT, $keys['p256dh'] ), 400, self::WHICH );
		$this->assertSame( $before, $this->all_rows() );
	}

	/** @return array<string, array{0: string}> Unsubscribe bodies that do not say which subscription. */
	public function bad_unsubscribes(): array {
		$auth = Base64Url::encode( str_repeat( "\x07", 16 ) );
		return array(
			'no endpoint'            => array( (string) wp_json_encode( array( 'auth' => $auth ) ) ),
			'an empty endpoint'      => array( self::goodbye( '', $auth ) ),
			'an endpoint not a text' => array( self::goodbye( array( self::ENDPOINT ), $auth ) ),
			'a too long endpoint'    => array( self::goodbye( str_pad( self::ENDPOINT, SubscriptionStore::MAX_ENDPOINT_LENGTH + 1, 'a' ), $auth ) ),
			'no auth'                => array( (string) wp_json_encode( array( 'endpoint' => self::ENDPOINT ) ) ),
			'an auth of 15 bytes'    => array( self::goodbye( self::ENDPOINT, Base64Url::encode( str_repeat( "\x07", 15 ) ) ) ),
			'an auth not base64url'  => array( self::goodbye( self::ENDPOINT, 'AAAAAAAAAAAAAAAAAAAA+/' ) ),
			'an auth not a text'     => array( self::goodbye( self::ENDPOINT, 16 ) ),
		);
	}

	/**
	 * @dataProvider bad_unsubscribes
	 * @param string $body The request body.
	 */
	public function test_an_unsubscribe_that_does_not_say_which_is_refused_and_nothing_is_removed( string $body ): void {
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) )->get_status() );
		$before = $this->all_rows();
		$log    = DebugLog::open_proven();
		$this->assertRefused( $this->send( 'DELETE', $body ), 400, self::WHICH );
		$this->assertSame( $before, $this->all_rows() );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );
	}

	/**
	 * Requests the route refuses as bad input: each a function of a valid subscription body and
	 * of the test's terms that gives the body sent, with the content type and the message.
	 *
	 * @return array<string, array{0: callable(array<string, mixed>, array<string, int>): string, 1: string, 2: string}>
	 */
	public function bad_subscriptions(): array {
		$json      = static fn( callable $change ): callable => static fn( array $valid, array $terms ): string => (string) wp_json_encode( $change( $valid, $terms ) );
		$with      = static fn( string $key, $value ): callable => $json(
			static function ( array $valid ) use ( $key, $value ): array {
				$valid[ $key ] = $value;
				return $valid;
			}
		);
		$without   = static fn( string $key ): callable => $json(
			static function ( array $valid ) use ( $key ): array {
				unset( $valid[ $key ] );
				return $valid;
			}
		);
		$key       = static fn( string $name, $value ): callable => $json(
			static function ( array $valid ) use ( $name, $value ): array {
				if ( null === $value ) {
					unset( $valid['keys'][ $name ] );
				} else {
					$valid['keys'][ $name ] = $value;
				}
				return $valid;
			}
		);
		$topics    = static fn( callable $topics ): callable => $json(
			static function ( array $valid, array $terms ) use ( $topics ): array {
				$valid['topics'] = $topics( $terms );
				return $valid;
			}
		);
		$raw       = static fn( string $body ): callable => static fn(): string => $body;
		$off_curve = "\x04" . str_repeat( "\x01", 64 );
		// Right bytes in standard base64, with its "+" or "/" (and padding).
		$standard = static function ( callable $bytes ): string {
			do {
				$text = base64_encode( $bytes() ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- standard base64, which is refused.
			} while ( false === strpbrk( $text, '+/' ) );
			return $text;
		};

		return array(
			// The body.
			'no body'                            => array( $raw( '' ), 'application/json', self::BAD_BODY ),
			'an empty JSON list'                 => array( $raw( '[]' ), 'application/json', self::BAD_BODY ),
			// A body sent as JSON is read before the route: by the plugin's guard of its REST
			// routes (NoticeRestGuard) when it is JSON but no object, by WordPress when broken.
			'a JSON list'                        => array( $json( static fn( array $valid ): array => array( $valid ) ), 'application/json', self::NOT_AN_OBJECT ),
			'a JSON text'                        => array( $raw( '"subscribe me"' ), 'application/json', self::NOT_AN_OBJECT ),
			'a JSON number'                      => array( $raw( '42' ), 'application/json', self::NOT_AN_OBJECT ),
			'JSON null'                          => array( $raw( 'null' ), 'application/json', self::NOT_AN_OBJECT ),
			'not JSON, sent as JSON'             => array( $raw( 'endpoint=https://93.184.215.14/push/x' ), 'application/json', 'Invalid JSON body passed.' ),
			'broken JSON, sent as JSON'          => array( $raw( '{"endpoint": "https://93.184.215.14/push/x"' ), 'application/json', 'Invalid JSON body passed.' ),
			// The endpoint.
			'no endpoint'                        => array( $without( 'endpoint' ), 'application/json', self::BAD_ENDPOINT ),
			'an empty endpoint'                  => array( $with( 'endpoint', '' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint that is a number'       => array( $with( 'endpoint', 42 ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint that is a list'         => array( $with( 'endpoint', array( self::ENDPOINT ) ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint that is null'           => array( $with( 'endpoint', null ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint over 1024 bytes'        => array( $with( 'endpoint', str_pad( 'https://93.184.215.14/push/', SubscriptionStore::MAX_ENDPOINT_LENGTH + 1, 'a' ) ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint that is not a URL'      => array( $with( 'endpoint', 'not a push service' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint that is a word'         => array( $with( 'endpoint', 'push' ), 'application/json', self::BAD_ENDPOINT ),
			'a relative endpoint'                => array( $with( 'endpoint', '/push/abc' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint without a scheme'       => array( $with( 'endpoint', '//93.184.215.14/push/abc' ), 'application/json', self::BAD_ENDPOINT ),
			'a mailto endpoint'                  => array( $with( 'endpoint', 'mailto:push@example.com' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint with a space'           => array( $with( 'endpoint', 'https://93.184.215.14/push/a b' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint with a tab'             => array( $with( 'endpoint', "https://93.184.215.14/push/a\tb" ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint with a new line'        => array( $with( 'endpoint', "https://93.184.215.14/push/a\r\nX-Injected: 1" ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint with a quote'           => array( $with( 'endpoint', 'https://93.184.215.14/push/a"onmouseover="x' ), 'application/json', self::BAD_ENDPOINT ),
			'an endpoint with angle brackets'    => array( $with( 'endpoint', 'https://93.184.215.14/push/<script>' ), 'application/json', self::BAD_ENDPOINT ),
			// The keys.
			'no keys'                            => array( $without( 'keys' ), 'application/json', self::BAD_KEYS ),
			'keys that are a text'               => array( $with( 'keys', 'p256dh' ), 'application/json', self::BAD_KEYS ),
			'keys that are a list'               => array( $with( 'keys', array( 'a', 'b' ) ), 'application/json', self::BAD_KEYS ),
			'no p256dh'                          => array( $key( 'p256dh', null ), 'application/json', self::BAD_KEYS ),
			'a p256dh that is a number'          => array( $key( 'p256dh', 4 ), 'application/json', self::BAD_KEYS ),
			'a p256dh not base64url'             => array( $key( 'p256dh', 'not base64url!' ), 'application/json', self::BAD_KEYS ),
			'a real p256dh in standard base64'   => array( $key( 'p256dh', $standard( static fn(): string => P256::generate()[1] ) ), 'application/json', self::BAD_KEYS ),
			'a p256dh of 65 bytes off the curve' => array( $key( 'p256dh', Base64Url::encode( $off_curve ) ), 'application/json', self::BAD_KEYS ),
			'a p256dh of 65 zero bytes'          => array( $key( 'p256dh', Base64Url::encode( "\x04" . str_repeat( "\0", 64 ) ) ), 'application/json', self::BAD_KEYS ),
			'a p256dh of 64 bytes'               => array( $key( 'p256dh', Base64Url::encode( str_repeat( "\x01", 64 ) ) ), 'application/json', self::BAD_KEYS ),
			'a p256dh of 66 bytes'               => array( $key( 'p256dh', Base64Url::encode( $off_curve . "\x01" ) ), 'application/json', self::BAD_KEYS ),
			'an empty p256dh'                    => array( $key( 'p256dh', '' ), 'application/json', self::BAD_KEYS ),
			'no auth'                            => array( $key( 'auth', null ), 'application/json', self::BAD_KEYS ),
			'an auth of 15 bytes'                => array( $key( 'auth', Base64Url::encode( str_repeat( "\x07", 15 ) ) ), 'application/json', self::BAD_KEYS ),
			'an auth of 17 bytes'                => array( $key( 'auth', Base64Url::encode( str_repeat( "\x07", 17 ) ) ), 'application/json', self::BAD_KEYS ),
			'an auth of no length base64 has'    => array( $key( 'auth', 'AAAAA' ), 'application/json', self::BAD_KEYS ),
			'a real auth in standard base64'     => array( $key( 'auth', $standard( static fn(): string => random_bytes( 16 ) ) ), 'application/json', self::BAD_KEYS ),
			'an auth that is a list'             => array( $key( 'auth', array( 'AAAAAAAAAAAAAAAAAAAAAA' ) ), 'application/json', self::BAD_KEYS ),
			// The topics.
			'topics that are a text'             => array( $with( 'topics', 'eoi' ), 'application/json', self::BAD_TOPICS ),
			'topics that are a number'           => array( $with( 'topics', 7 ), 'application/json', self::BAD_TOPICS ),
			'topics that are a list'             => array( $with( 'topics', array( 'eoi' ) ), 'application/json', self::BAD_TOPICS ),
			'topics of an unknown kind'          => array( $topics( static fn(): array => array( 'buyers' => array( 'Public Works' ) ) ), 'application/json', self::BAD_TOPICS ),
			'a known kind and an unknown one'    => array( $topics( static fn(): array => array( 'keywords' => array() ) + array( 'types' => array( 'eoi' ) ) ), 'application/json', self::BAD_TOPICS ),
			'an unknown notice type'             => array( $topics( static fn(): array => array( 'types' => array( 'tender', 'bogus' ) ) ), 'application/json', self::NO_SUCH ),
			'a notice type in capitals'          => array( $topics( static fn(): array => array( 'types' => array( 'EOI' ) ) ), 'application/json', self::NO_SUCH ),
			'a notice type that is a number'     => array( $topics( static fn(): array => array( 'types' => array( 1 ) ) ), 'application/json', self::NO_SUCH ),
			'a category that does not exist'     => array( $topics( static fn(): array => array( 'categories' => array( 987654321 ) ) ), 'application/json', self::NO_SUCH ),
			'a location that does not exist'     => array( $topics( static fn(): array => array( 'locations' => array( '987654321' ) ) ), 'application/json', self::NO_SUCH ),
			'a location given as a category'     => array( $topics( static fn( array $terms ): array => array( 'categories' => array( $terms['location'] ) ) ), 'application/json', self::NO_SUCH ),
			'a category given as a location'     => array( $topics( static fn( array $terms ): array => array( 'locations' => array( $terms['category'] ) ) ), 'application/json', self::NO_SUCH ),
			'a term id that is not digits'       => array( $topics( static fn( array $terms ): array => array( 'categories' => array( $terms['category'] . 'a' ) ) ), 'application/json', self::NO_SUCH ),
			'a term id with a sign'              => array( $topics( static fn( array $terms ): array => array( 'categories' => array( '+' . $terms['category'] ) ) ), 'application/json', self::NO_SUCH ),
			'a term id with a space'             => array( $topics( static fn( array $terms ): array => array( 'categories' => array( ' ' . $terms['category'] ) ) ), 'application/json', self::NO_SUCH ),
			'a negative term id'                 => array( $topics( static fn(): array => array( 'categories' => array( -1 ) ) ), 'application/json', self::NO_SUCH ),
			'a term id of zero'                  => array( $topics( static fn(): array => array( 'categories' => array( 0 ) ) ), 'application/json', self::NO_SUCH ),
			'a term id with decimals'            => array( $topics( static fn( array $terms ): array => array( 'categories' => array( $terms['category'] + 0.5 ) ) ), 'application/json', self::NO_SUCH ),
			'a term id too long to be one'       => array( $topics( static fn(): array => array( 'categories' => array( str_repeat( '9', 30 ) ) ) ), 'application/json', self::NO_SUCH ),
			'a term name for an id'              => array( $topics( static fn(): array => array( 'categories' => array( 'works' ) ) ), 'application/json', self::NO_SUCH ),
			'an empty term id'                   => array( $topics( static fn(): array => array( 'locations' => array( '' ) ) ), 'application/json', self::NO_SUCH ),
			'a null topic'                       => array( $topics( static fn(): array => array( 'types' => array( null ) ) ), 'application/json', self::NO_SUCH ),
			'51 notice types'                    => array( $topics( static fn(): array => array( 'types' => array_fill( 0, 51, 'eoi' ) ) ), 'application/json', self::TOO_MANY ),
			'51 categories'                      => array( $topics( static fn( array $terms ): array => array( 'categories' => array_fill( 0, 51, $terms['category'] ) ) ), 'application/json', self::TOO_MANY ),
			'51 locations'                       => array( $topics( static fn( array $terms ): array => array( 'locations' => array_fill( 0, 51, $terms['location'] ) ) ), 'application/json', self::TOO_MANY ),
			'a kind that is a text'              => array( $topics( static fn(): array => array( 'types' => 'eoi' ) ), 'application/json', self::TOO_MANY ),
			'a kind that is an object'           => array( $topics( static fn(): array => array( 'types' => array( 'first' => 'eoi' ) ) ), 'application/json', self::TOO_MANY ),
			'nested notice types'                => array( $topics( static fn(): array => array( 'types' => array( array( 'eoi' ) ) ) ), 'application/json', self::NO_SUCH ),
			'nested categories'                  => array( $topics( static fn( array $terms ): array => array( 'categories' => array( array( $terms['category'] ) ) ) ), 'application/json', self::NO_SUCH ),
			'a category that is an object'       => array( $topics( static fn( array $terms ): array => array( 'categories' => array( array( 'id' => $terms['category'] ) ) ) ), 'application/json', self::NO_SUCH ),
		);
	}

	/**
	 * @dataProvider bad_subscriptions
	 * @param callable $body         The body sent, from a valid one and the test's terms.
	 * @param string   $content_type The request's content type.
	 * @param string   $message      The answer's message.
	 */
	public function test_bad_input_is_refused_with_the_routes_message_and_nothing_is_stored( callable $body, string $content_type, string $message ): void {
		$terms = array(
			'category' => $this->term( 'Works', NoticeTaxonomies::CATEGORY ),
			'location' => $this->term( 'Pune', NoticeTaxonomies::LOCATION ),
		);
		// A subscription stored already, which a refused request must leave as it is.
		$this->assertSame( 201, $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) )->get_status() );
		$valid  = self::subscription( self::ENDPOINT, self::browser_keys(), array( 'types' => array( 'eoi' ) ) );
		$sent   = $body( $valid, $terms );
		$before = $this->all_rows();

		$log      = DebugLog::open_proven();
		$writes   = QueryLog::start();
		$response = $this->send( 'POST', $sent, $content_type );
		$this->assertSame( array(), self::table_writes( $writes->stop() ), 'Nothing is written to the subscriptions.' );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );

		$this->assertRefused( $response, 400, $message );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored or changed.' );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );
		$this->assertStringNotContainsString( '<script', (string) wp_json_encode( $response->get_data() ), 'What was sent is not echoed back.' );

		// The valid body itself is taken: the refusal was for the change alone.
		$this->assertSame( 201, $this->subscribe( $valid )->get_status() );
	}

	/** @return array<string, array{0: string}> Endpoints with a control character, which no URL has. */
	public function endpoints_with_control_characters(): array {
		return array(
			'a NUL byte'         => array( "https://93.184.215.14/push/a\0b" ),
			'a start of heading' => array( "https://93.184.215.14/push/a\x01b" ),
			'a unit separator'   => array( "https://93.184.215.14/push/a\x1fb" ),
			'a DEL character'    => array( "https://93.184.215.14/push/a\x7fb" ),
		);
	}

	/**
	 * @dataProvider endpoints_with_control_characters
	 * @param string $endpoint The push service's address.
	 */
	public function test_an_endpoint_with_a_control_character_is_refused( string $endpoint ): void {
		$before   = $this->all_rows();
		$response = $this->subscribe( self::subscription( $endpoint, self::browser_keys() ) );
		$this->assertRefused( $response, 400, self::BAD_ENDPOINT );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );
	}

	/** @return array<string, array{0: string}> Push service addresses the site must not send to. */
	public function refused_endpoints(): array {
		return array(
			'another loopback address'         => array( 'https://127.0.0.2/push/x' ),
			'localhost by name'                => array( 'https://localhost/push/x' ),
			'a private 10/8 address'           => array( 'https://10.0.0.5/push/x' ),
			'a private 172.16/12 address'      => array( 'https://172.16.4.2/push/x' ),
			'a private 192.168/16 address'     => array( 'https://192.168.1.2/push/x' ),
			'a link-local address'             => array( 'https://169.254.10.20/push/x' ),
			'the cloud metadata service'       => array( 'https://169.254.169.254/latest/meta-data/' ),
			'a shared (CGNAT) address'         => array( 'https://100.64.0.1/push/x' ),
			'the unspecified address'          => array( 'https://0.0.0.0/push/x' ),
			'a loopback address, decimal'      => array( 'https://2130706433/push/x' ),
			'a loopback address, short'        => array( 'https://127.1/push/x' ),
			'a private address with a dot'     => array( 'https://10.0.0.5./push/x' ),
			'the IPv6 loopback'                => array( 'https://[::1]/push/x' ),
			'an IPv6 unique local address'     => array( 'https://[fd00::1]/push/x' ),
			'an IPv6 link-local address'       => array( 'https://[fe80::1]/push/x' ),
			'an IPv4-mapped loopback'          => array( 'https://[::ffff:127.0.0.1]/push/x' ),
			'IPv4-mapped loopback, in hex'     => array( 'https://[::ffff:7f00:1]/push/x' ),
			'IPv4-mapped metadata service'     => array( 'https://[::ffff:169.254.169.254]/latest/meta-data/' ),
			'a NAT64 private address'          => array( 'https://[64:ff9b::a00:5]/push/x' ),
			'a 6to4 private address'           => array( 'https://[2002:a00:5::1]/push/x' ),
			'a public address'                 => array( 'https://93.184.215.14/push/x' ),
			'a public IPv6 address'            => array( 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/push/x' ),
			'a public host that is no service' => array( 'https://push.example.com/wpush/v2/x' ),
			'a push service on another port'   => array( 'https://fcm.googleapis.com:8443/fcm/send/x' ),
			'a push service over plain http'   => array( 'http://updates.push.services.mozilla.com/wpush/v2/x' ),
			'a push service with userinfo'     => array( 'https://user:pw@fcm.googleapis.com/fcm/send/x' ),
			'a look-alike, as a sub-domain'    => array( 'https://fcm.googleapis.com.example.net/fcm/send/x' ),
			'a look-alike, as a prefix'        => array( 'https://evilfcm.googleapis.com/fcm/send/x' ),
			'two labels under a wildcard'      => array( 'https://a.b.push.apple.com/x' ),
			'the wildcard\'s domain itself'    => array( 'https://notify.windows.com/w/?token=x' ),
			'Firefox\'s WebSocket host'        => array( 'https://push.services.mozilla.com/wpush/v2/x' ),
			'the legacy GCM host'              => array( 'https://android.googleapis.com/gcm/send/x' ),
			'a public address over plain http' => array( 'http://93.184.215.14/push/x' ),
			'a public address with userinfo'   => array( 'https://user:pw@93.184.215.14/push/x' ),
			'a public address with a user'     => array( 'https://user@93.184.215.14/push/x' ),
			'an ftp address'                   => array( 'ftp://93.184.215.14/push/x' ),
			'a file address'                   => array( 'file://93.184.215.14/etc/passwd' ),
		);
	}

	/**
	 * @dataProvider refused_endpoints
	 * @param string $endpoint The push service's address.
	 */
	public function test_push_services_on_private_or_unsafe_addresses_are_refused( string $endpoint ): void {
		$this->allow_local( false );
		$before   = $this->all_rows();
		$log      = DebugLog::open_proven();
		$response = $this->subscribe( self::subscription( $endpoint, self::browser_keys() ) );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );
		$this->assertRefused( $response, 400, self::REFUSED );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );
		$this->assertNull( $this->stored_row( $endpoint ) );
	}

	public function test_the_sites_own_loopback_address_is_refused_too_while_local_services_are_off(): void {
		// The test site is at 127.0.0.1, as a site is whose own name resolves to this machine
		// (an /etc/hosts entry, a split-horizon DNS). WordPress's default callback of
		// `http_request_host_is_external` (allowed_http_request_hosts()) calls every host a
		// redirect may go to, the site's own first, "external": it is not a public push service.
		$this->allow_local( false );
		$this->assertSame( '127.0.0.1', wp_parse_url( home_url(), PHP_URL_HOST ), 'The test site runs on the loopback address.' );
		$before = $this->all_rows();
		foreach ( array( 'https://127.0.0.1/push/x', 'https://127.0.0.1:6379/push/x' ) as $endpoint ) {
			$this->assertRefused( $this->subscribe( self::subscription( $endpoint, self::browser_keys() ) ), 400, self::REFUSED );
		}
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );
	}

	public function test_a_private_host_the_site_redirects_to_is_still_refused_as_a_push_service(): void {
		// A site that lets redirects go to an internal host (allowed_redirect_hosts, as single
		// sign-on plugins do) has not asked for push requests into its network.
		$this->allow_local( false );
		$redirects = static fn( $hosts ) => array_merge( (array) $hosts, array( '10.0.0.5' ) );
		add_filter( 'allowed_redirect_hosts', $redirects );
		try {
			$before = $this->all_rows();
			$this->assertRefused( $this->subscribe( self::subscription( 'https://10.0.0.5:6379/push/x', self::browser_keys() ) ), 400, self::REFUSED );
			$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );
		} finally {
			remove_filter( 'allowed_redirect_hosts', $redirects );
		}
	}

	public function test_a_push_service_the_site_adds_through_the_filter_is_accepted_on_https_and_port_443_only(): void {
		$this->allow_local( false );
		$add = static fn( array $services ): array => array_merge( $services, array( 'push.example.net', '*.push.example.org' ) );
		add_filter( 'tenderpress_push_services', $add );
		try {
			$this->assertSame( 201, $this->subscribe( self::subscription( 'https://push.example.net/p/one', self::browser_keys() ) )->get_status() );
			$this->assertSame( 201, $this->subscribe( self::subscription( 'https://eu1.push.example.org/p/two', self::browser_keys() ) )->get_status() );
			$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) )->get_status(), 'The browsers\' services stay.' );
			$before = $this->all_rows();
			foreach ( array( 'http://push.example.net/p/x', 'https://push.example.net:8443/p/x', 'https://push.example.org/p/x', 'https://other.example.net/p/x' ) as $endpoint ) {
				$this->assertRefused( $this->subscribe( self::subscription( $endpoint, self::browser_keys() ) ), 400, self::REFUSED );
			}
			$this->assertSame( $before, $this->all_rows() );
		} finally {
			remove_filter( 'tenderpress_push_services', $add );
		}
		$this->assertRefused( $this->subscribe( self::subscription( 'https://push.example.net/p/three', self::browser_keys() ) ), 400, self::REFUSED );
	}

	public function test_a_host_allowed_by_http_request_host_is_external_is_no_push_service(): void {
		$this->allow_local( false );
		$allow = static fn( $external, $host ) => $external || '10.0.0.5' === $host || 'push.example.com' === $host;
		add_filter( 'http_request_host_is_external', $allow, 10, 2 );
		try {
			$before = $this->all_rows();
			$this->assertRefused( $this->subscribe( self::subscription( 'https://10.0.0.5/push/x', self::browser_keys() ) ), 400, self::REFUSED );
			$this->assertRefused( $this->subscribe( self::subscription( 'https://push.example.com/push/x', self::browser_keys() ) ), 400, self::REFUSED );
			$this->assertSame( $before, $this->all_rows() );
		} finally {
			remove_filter( 'http_request_host_is_external', $allow, 10 );
		}
	}

	public function test_with_local_services_allowed_a_local_http_push_service_is_accepted(): void {
		$this->allow_local( true );
		$keys     = self::browser_keys();
		$endpoint = 'http://127.0.0.1:8999/push/x';
		$this->assertAnswer( $this->subscribe( self::subscription( $endpoint, $keys ) ), 201, true, SubscriptionTopics::none() );
		$row = $this->stored_row( $endpoint );
		$this->assertNotNull( $row );
		$this->assertSame( $endpoint, $row['endpoint'] );
		$this->assertSame( 201, $this->subscribe( self::subscription( 'https://10.0.0.5/push/x', self::browser_keys() ) )->get_status() );
		$this->assertSame( 201, $this->subscribe( self::subscription( 'http://localhost:8999/push/x', self::browser_keys() ) )->get_status() );
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) )->get_status(), 'The browsers\' services too.' );

		// Still refused: public hosts that are no push service (the setting is for local ones),
		// credentials in the address, and schemes other than http and https.
		$before = $this->all_rows();
		$this->assertRefused( $this->subscribe( self::subscription( 'https://93.184.215.14:8443/push/y', self::browser_keys() ) ), 400, self::REFUSED );
		$this->assertRefused( $this->subscribe( self::subscription( 'http://push.example.com/push/y', self::browser_keys() ) ), 400, self::REFUSED );
		$this->assertRefused( $this->subscribe( self::subscription( 'http://user:pw@127.0.0.1:8999/push/y', self::browser_keys() ) ), 400, self::REFUSED );
		$this->assertRefused( $this->subscribe( self::subscription( 'ftp://127.0.0.1/push/y', self::browser_keys() ) ), 400, self::REFUSED );
		$this->assertSame( $before, $this->all_rows() );

		// Turned off again, a local address is refused.
		$this->allow_local( false );
		$this->assertRefused( $this->subscribe( self::subscription( 'http://127.0.0.1:8999/push/z', self::browser_keys() ) ), 400, self::REFUSED );
	}

	/** @return array<string, array{0: string}> */
	public static function not_json(): array {
		return array(
			'text/plain, as a cross-origin form or fetch sends it without asking' => array( 'text/plain' ),
			'text/plain with a charset' => array( 'text/plain;charset=UTF-8' ),
			'a form'                    => array( 'application/x-www-form-urlencoded' ),
			'a multipart form'          => array( 'multipart/form-data; boundary=x' ),
			'no content type'           => array( '' ),
			'JSON under another name'   => array( 'application/json-patch+json' ),
		);
	}

	/**
	 * @dataProvider not_json
	 * @param string $content_type The body's content type.
	 */
	public function test_a_valid_subscription_not_sent_as_json_is_refused_with_415_and_nothing_is_stored( string $content_type ): void {
		$keys   = self::browser_keys();
		$body   = (string) wp_json_encode( self::subscription( self::ENDPOINT, $keys ) );
		$log    = DebugLog::open_proven();
		$writes = QueryLog::start();
		$this->assertRefused( $this->send( 'POST', $body, $content_type ), 415, self::NOT_JSON );
		$this->assertSame( array(), self::table_writes( $writes->stop() ) );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );

		// Nor is one ended that way.
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$this->assertRefused( $this->send( 'DELETE', self::goodbye( self::ENDPOINT, $keys['auth'] ), $content_type ), 415, self::NOT_JSON );
		$this->assertNotNull( $this->stored_row( self::ENDPOINT ) );

		// JSON with its charset is JSON.
		$this->assertSame( 200, $this->send( 'POST', $body, 'application/json; charset=utf-8' )->get_status() );
	}

	/** @return array<string, array{0: array<string, string>}> */
	public static function other_sites(): array {
		return array(
			'another site'                          => array( array( 'origin' => 'https://attacker.example' ) ),
			'another port of this host'             => array( array( 'origin' => 'http://127.0.0.1:1' ) ),
			'an opaque origin (sandbox, data: URL)' => array( array( 'origin' => 'null' ) ),
			'no Origin, but a cross-site fetch'     => array( array( 'sec-fetch-site' => 'cross-site' ) ),
		);
	}

	/**
	 * @dataProvider other_sites
	 * @param array<string, string> $headers What the browser sends of where the request comes from.
	 */
	public function test_a_write_from_another_sites_page_is_refused_with_403_and_changes_nothing( array $headers ): void {
		$keys = self::browser_keys();
		$this->assertRefused( $this->send( 'POST', (string) wp_json_encode( self::subscription( self::ENDPOINT, $keys ) ), 'application/json', $headers ), 403, self::OTHER_SITE );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );

		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		$this->assertRefused( $this->send( 'DELETE', self::goodbye( self::ENDPOINT, $keys['auth'] ), 'application/json', $headers ), 403, self::OTHER_SITE );
		$this->assertNotNull( $this->stored_row( self::ENDPOINT ) );
	}

	public function test_a_write_from_the_sites_own_pages_is_served(): void {
		$origin = (string) preg_replace( '#^(https?://[^/]+).*$#', '$1', home_url( '/' ) );
		$keys   = self::browser_keys();
		$this->assertSame(
			201,
			$this->send(
				'POST',
				(string) wp_json_encode( self::subscription( self::ENDPOINT, $keys ) ),
				'application/json',
				array(
					'origin'         => $origin,
					'sec-fetch-site' => 'same-origin',
				)
			)->get_status()
		);
		$this->assertSame( 200, $this->send( 'DELETE', self::goodbye( self::ENDPOINT, $keys['auth'] ), 'application/json', array( 'origin' => strtoupper( $origin ) ) )->get_status() );
		$this->assertNull( $this->stored_row( self::ENDPOINT ) );
	}

	public function test_a_full_site_answers_503_to_a_new_browser_and_stores_nothing_while_subscribers_are_served(): void {
		$this->store_section( PushSettings::SECTION, array( 'maxSubscriptions' => 2 ) );
		$first = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $first ) )->get_status() );
		$this->assertSame( 201, $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) )->get_status() );
		$before = $this->all_rows();

		$third = self::ENDPOINT . '-third';
		$this->assertRefused( $this->subscribe( self::subscription( $third, self::browser_keys() ) ), 503, self::FULL );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );

		// A subscriber still changes its topics, and a browser that renews takes its old place.
		$this->assertSame( 200, $this->subscribe( self::subscription( self::ENDPOINT, $first, array( 'types' => array( 'eoi' ) ) ) )->get_status() );
		$renewed = self::subscription( $third, self::browser_keys() ) + array(
			'replaces' => array(
				'endpoint' => self::ENDPOINT,
				'auth'     => $first['auth'],
			),
		);
		$this->assertSame( 201, $this->subscribe( $renewed )->get_status() );
		$this->assertSame( 2, SubscriptionStore::count() );

		// Once one leaves, a new browser is taken.
		$this->assertSame( 200, $this->unsubscribe( $third, $renewed['keys']['auth'] )->get_status() );
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT . '-fourth', self::browser_keys() ) )->get_status() );
	}

	public function test_past_the_hours_new_subscriptions_the_site_answers_429_to_every_client_and_stores_nothing(): void {
		$this->store_section( PushSettings::SECTION, array( 'newPerHour' => 2 ) );
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) )->get_status() );
		$_SERVER['REMOTE_ADDR'] = '203.0.113.77';
		$this->assertSame( 201, $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) )->get_status() );
		$before = $this->all_rows();

		foreach ( array( '203.0.113.78', self::CLIENT ) as $client ) {
			$_SERVER['REMOTE_ADDR'] = $client;
			$response               = $this->subscribe( self::subscription( self::ENDPOINT . '-' . $client, self::browser_keys() ) );
			$this->assertRefused( $response, 429, self::BUSY );
			$wait = (int) ( $response->get_headers()['Retry-After'] ?? 0 );
			$this->assertGreaterThan( 0, $wait );
			$this->assertLessThanOrEqual( HOUR_IN_SECONDS, $wait );
		}
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );
	}

	public function test_the_caps_are_settings_of_the_push_section_with_sensible_defaults(): void {
		$this->store_section( PushSettings::SECTION, array() );
		$this->assertSame( 100000, Settings::get( PushSettings::SECTION, 'maxSubscriptions' ) );
		$this->assertSame( 1000, Settings::get( PushSettings::SECTION, 'newPerHour' ) );
	}

	public function test_a_body_over_the_size_limit_gets_413_and_nothing_is_stored(): void {
		$valid              = self::subscription( self::ENDPOINT, self::browser_keys() ) + array( 'padding' => '' );
		$length             = strlen( (string) wp_json_encode( $valid ) );
		$at_most            = $valid;
		$at_most['padding'] = str_repeat( 'x', PushSubscriptionRoutes::MAX_BODY - $length );
		$over               = $at_most;
		$over['padding']   .= 'x';
		$this->assertSame( PushSubscriptionRoutes::MAX_BODY, strlen( (string) wp_json_encode( $at_most ) ) );
		$this->assertSame( PushSubscriptionRoutes::MAX_BODY + 1, strlen( (string) wp_json_encode( $over ) ) );

		$before = $this->all_rows();
		$log    = DebugLog::open_proven();
		$this->assertRefused( $this->subscribe( $over ), 413, self::TOO_LARGE );
		$this->assertRefused( $this->send( 'POST', str_repeat( ' ', 100000 ) . '{}' ), 413, self::TOO_LARGE );
		$this->assertRefused( $this->send( 'DELETE', self::goodbye( self::ENDPOINT, $valid['keys']['auth'], str_repeat( 'x', PushSubscriptionRoutes::MAX_BODY ) ) ), 413, self::TOO_LARGE );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored.' );

		// A body of exactly the limit is read.
		$this->assertSame( 201, $this->subscribe( $at_most )->get_status() );
	}

	public function test_a_client_over_its_rate_gets_429_and_nothing_is_stored_while_others_are_served(): void {
		$keys = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		for ( $i = 2; $i <= PushSubscriptionRoutes::RATE_LIMIT; $i++ ) {
			$topics = array( 'types' => array( NoticeFields::NOTICE_TYPES[ $i % count( NoticeFields::NOTICE_TYPES ) ] ) );
			$this->assertSame( 200, $this->subscribe( self::subscription( self::ENDPOINT, $keys, $topics ) )->get_status(), 'Write ' . $i . ' is within the rate.' );
		}
		$before = $this->all_rows();

		$writes = QueryLog::start();
		$this->assertRefused( $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) ), 429, self::RATE );
		$this->assertRefused( $this->subscribe( self::subscription( self::ENDPOINT, $keys, array( 'types' => array( 'award' ) ) ) ), 429, self::RATE );
		$this->assertRefused( $this->unsubscribe( self::ENDPOINT, $keys['auth'] ), 429, self::RATE );
		$this->assertSame( array(), self::table_writes( $writes->stop() ) );
		$this->assertSame( $before, $this->all_rows(), 'Nothing is stored, changed or removed.' );

		// Another client is not held back by the first.
		$_SERVER['REMOTE_ADDR'] = '203.0.113.77';
		$this->assertSame( 201, $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) )->get_status() );
		$this->assertNotNull( $this->stored_row( self::OTHER_ENDPOINT ) );

		// The first still is.
		$_SERVER['REMOTE_ADDR'] = self::CLIENT;
		$this->assertRefused( $this->unsubscribe( self::ENDPOINT, $keys['auth'] ), 429, self::RATE );
		$this->assertNotNull( $this->stored_row( self::ENDPOINT ) );
	}

	public function test_refused_requests_count_against_the_rate_too(): void {
		for ( $i = 1; $i <= PushSubscriptionRoutes::RATE_LIMIT; $i++ ) {
			$this->assertRefused( $this->send( 'POST', '"nothing"', 'text/plain' ), 415, self::NOT_JSON );
		}
		$before = $this->all_rows();
		$this->assertRefused( $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) ), 429, self::RATE );
		$this->assertSame( $before, $this->all_rows() );
	}

	public function test_a_subscription_the_database_refuses_to_store_answers_503_not_that_it_is_another_browsers(): void {
		global $wpdb;
		$table = SubscriptionStore::table();
		// The database turns the row down (a full disk, a lost connection): the insert fails.
		$refuse = static fn( string $query ): string => str_starts_with( $query, "INSERT IGNORE INTO {$table}" ) ? 'INSERT INTO tenderpress_no_such_table (id) VALUES (1)' : $query;
		add_filter( 'query', $refuse );
		$errors = $wpdb->suppress_errors( true );
		try {
			$response = $this->subscribe( self::subscription( self::ENDPOINT, self::browser_keys() ) );
		} finally {
			$wpdb->suppress_errors( $errors );
			remove_filter( 'query', $refuse );
		}

		$this->assertRefused( $response, 503, 'The subscription could not be stored. Try again later.' );
		$this->assertSame( 0, SubscriptionStore::count() );
	}

	public function test_before_the_schema_upgrade_the_routes_answer_503_and_nothing_is_stored(): void {
		$keys = self::browser_keys();
		$this->assertSame( 201, $this->subscribe( self::subscription( self::ENDPOINT, $keys ) )->get_status() );
		update_option( Upgrade::OPTION, SubscriptionStore::SCHEMA_VERSION - 1, true );
		$this->assertFalse( SubscriptionStore::ready() );
		$before = $this->all_rows();

		$writes = QueryLog::start();
		$this->assertRefused( $this->subscribe( self::subscription( self::OTHER_ENDPOINT, self::browser_keys() ) ), 503, self::NOT_READY );
		$this->assertRefused( $this->subscribe( self::subscription( self::ENDPOINT, $keys, array( 'types' => array( 'award' ) ) ) ), 503, self::NOT_READY );
		$this->assertRefused( $this->unsubscribe( self::ENDPOINT, $keys['auth'] ), 503, self::NOT_READY );
		$this->assertSame( array(), $writes->stop(), 'Nothing at all is written, not even a rate count.' );
		$this->assertSame( $before, $this->all_rows() );
	}

	public function test_no_topics_take_every_notice(): void {
		$works = $this->term( 'Works', NoticeTaxonomies::CATEGORY );
		$pune  = $this->term( 'Pune', NoticeTaxonomies::LOCATION );
		foreach ( array( 'tender', 'eoi', 'corrigendum', 'award' ) as $type ) {
			$plain = get_post( $this->notice_in( $type ) );
			$filed = get_post( $this->notice_in( $type, array( $works ), array( $pune ) ) );
			$this->assertTrue( SubscriptionTopics::matches( SubscriptionTopics::none(), SubscriptionTopics::of_notice( $plain ) ), $type );
			$this->assertTrue( SubscriptionTopics::matches( SubscriptionTopics::none(), SubscriptionTopics::of_notice( $filed ) ), $type );
		}
	}

	public function test_a_type_filter_takes_only_notices_of_those_types(): void {
		$eoi    = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi' ) ) );
		$tender = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender' ) ) );
		$award  = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'award' ) ) );
		$this->assertSame( array( 'eoi' ), $eoi['types'] );

		$only_eoi = array( 'types' => array( 'eoi' ) ) + SubscriptionTopics::none();
		$this->assertTrue( SubscriptionTopics::matches( $only_eoi, $eoi ) );
		$this->assertFalse( SubscriptionTopics::matches( $only_eoi, $tender ) );
		$this->assertFalse( SubscriptionTopics::matches( $only_eoi, $award ) );

		$two = array( 'types' => array( 'eoi', 'award' ) ) + SubscriptionTopics::none();
		$this->assertTrue( SubscriptionTopics::matches( $two, $eoi ), 'Choices of one kind are alternatives.' );
		$this->assertTrue( SubscriptionTopics::matches( $two, $award ) );
		$this->assertFalse( SubscriptionTopics::matches( $two, $tender ) );
	}

	public function test_a_category_takes_notices_of_its_sub_categories_but_not_the_other_way(): void {
		$works  = $this->term( 'Works', NoticeTaxonomies::CATEGORY );
		$roads  = $this->term( 'Roads', NoticeTaxonomies::CATEGORY, $works );
		$bridge = $this->term( 'Bridges', NoticeTaxonomies::CATEGORY, $roads );
		$goods  = $this->term( 'Goods', NoticeTaxonomies::CATEGORY );

		$in_bridges = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender', array( $bridge ) ) ) );
		$in_works   = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender', array( $works ) ) ) );
		$in_goods   = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender', array( $goods ) ) ) );
		$nowhere    = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender' ) ) );
		$this->assertEqualsCanonicalizing( array( $bridge, $roads, $works ), $in_bridges['categories'], 'A notice is in its category and every ancestor.' );

		$works_topics = array( 'categories' => array( $works ) ) + SubscriptionTopics::none();
		$this->assertTrue( SubscriptionTopics::matches( $works_topics, $in_bridges ), 'A grandchild category is taken.' );
		$this->assertTrue( SubscriptionTopics::matches( $works_topics, $in_works ) );
		$this->assertFalse( SubscriptionTopics::matches( $works_topics, $in_goods ) );
		$this->assertFalse( SubscriptionTopics::matches( $works_topics, $nowhere ), 'A notice with no category is not in one chosen.' );

		$roads_topics = array( 'categories' => array( $roads ) ) + SubscriptionTopics::none();
		$this->assertTrue( SubscriptionTopics::matches( $roads_topics, $in_bridges ) );
		$this->assertFalse( SubscriptionTopics::matches( $roads_topics, $in_works ), 'A sub-category does not take its parent\'s notices.' );
	}

	public function test_choosing_categories_and_locations_needs_both_to_match(): void {
		$works  = $this->term( 'Works', NoticeTaxonomies::CATEGORY );
		$roads  = $this->term( 'Roads', NoticeTaxonomies::CATEGORY, $works );
		$goods  = $this->term( 'Goods', NoticeTaxonomies::CATEGORY );
		$state  = $this->term( 'Maharashtra', NoticeTaxonomies::LOCATION );
		$pune   = $this->term( 'Pune', NoticeTaxonomies::LOCATION, $state );
		$nagpur = $this->term( 'Nagpur', NoticeTaxonomies::LOCATION, $state );
		$delhi  = $this->term( 'Delhi', NoticeTaxonomies::LOCATION );

		$roads_in_pune = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi', array( $roads ), array( $pune ) ) ) );
		$goods_in_pune = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi', array( $goods ), array( $pune ) ) ) );
		$works_nowhere = SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi', array( $works ) ) ) );

		$works_in_pune = array(
			'types'      => array(),
			'categories' => array( $works ),
			'locations'  => array( $pune ),
		);
		$this->assertTrue( SubscriptionTopics::matches( $works_in_pune, $roads_in_pune ) );
		$this->assertFalse( SubscriptionTopics::matches( $works_in_pune, $goods_in_pune ), 'The location matches, the category does not.' );
		$this->assertFalse( SubscriptionTopics::matches( $works_in_pune, $works_nowhere ), 'The category matches, the location does not.' );

		$works_in_nagpur = array( 'locations' => array( $nagpur ) ) + $works_in_pune;
		$this->assertFalse( SubscriptionTopics::matches( $works_in_nagpur, $roads_in_pune ) );

		$works_in_state = array( 'locations' => array( $delhi, $state ) ) + $works_in_pune;
		$this->assertTrue( SubscriptionTopics::matches( $works_in_state, $roads_in_pune ), 'A state takes its cities\' notices.' );

		$with_type = array( 'types' => array( 'tender' ) ) + $works_in_pune;
		$this->assertFalse( SubscriptionTopics::matches( $with_type, $roads_in_pune ), 'And the type must match too when chosen.' );
	}

	public function test_topics_stored_through_the_route_take_the_notices_chosen(): void {
		$works = $this->term( 'Works', NoticeTaxonomies::CATEGORY );
		$roads = $this->term( 'Roads', NoticeTaxonomies::CATEGORY, $works );
		$pune  = $this->term( 'Pune', NoticeTaxonomies::LOCATION );
		$this->assertSame(
			201,
			$this->subscribe(
				self::subscription(
					self::ENDPOINT,
					self::browser_keys(),
					array(
						'types'      => array( 'eoi' ),
						'categories' => array( (string) $works ),
						'locations'  => array( (string) $pune ),
					)
				)
			)->get_status()
		);
		$stored = SubscriptionStore::find( self::ENDPOINT );
		$this->assertNotNull( $stored );

		$this->assertTrue( SubscriptionTopics::matches( $stored['topics'], SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi', array( $roads ), array( $pune ) ) ) ) ) );
		$this->assertFalse( SubscriptionTopics::matches( $stored['topics'], SubscriptionTopics::of_notice( get_post( $this->notice_in( 'tender', array( $roads ), array( $pune ) ) ) ) ) );
		$this->assertFalse( SubscriptionTopics::matches( $stored['topics'], SubscriptionTopics::of_notice( get_post( $this->notice_in( 'eoi', array( $roads ) ) ) ) ) );
	}
}
