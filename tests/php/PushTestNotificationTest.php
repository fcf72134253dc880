<?php
namespace TenderPress\Tests;

use TenderPress\Admin\SettingsPage;
use TenderPress\Push\PushSettings;
use TenderPress\Push\PushTestNotification;
use TenderPress\Rest\PushSubscriptionRoutes;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Settings\Settings;
use TenderPress\Support\Rest;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The settings screen's "Send a test notification to this browser": the route sends the browser's
 * subscription a test message at once, encrypted and signed as a notice's notification is, to a
 * fake push service on loopback; only administrators may; a subscription the push service says
 * is gone is removed when the site stored it; bad subscriptions and addresses the site may not
 * send to are refused with nothing sent; and the screen shows the button with what its script
 * needs.
 */
final class PushTestNotificationTest extends TestCase {

	private const ROUTE = '/' . Rest::NAMESPACE . PushTestNotification::ROUTE;

	use UsesFakePushService;

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$this->forget_received();
		$wpdb->query( 'DELETE FROM ' . SubscriptionStore::table() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->store_section( PushSettings::SECTION, array( 'allowLocal' => '1' ) );
		$this->log_in_as( 'administrator' );
	}

	protected function tearDown(): void {
		parent::tearDown();
		Settings::forget_stored();
	}

	/**
	 * A browser's subscription at a path of the fake service that answers as named.
	 *
	 * @return array{0: array<string, mixed>, 1: PushReceiver}
	 */
	private function browser( string $answer = 'ok' ): array {
		$browser = PushReceiver::create();
		return array(
			array(
				'endpoint' => self::$service->url( '/push/' . $answer . '/' . wp_generate_password( 12, false ) ),
				'keys'     => $browser->keys(),
			),
			$browser,
		);
	}

	private function post( string $body ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( $body );
		return rest_get_server()->dispatch( $request );
	}

	public function test_an_administrator_s_browser_gets_the_test_message_encrypted_for_it_and_nothing_is_stored(): void {
		update_option( 'blogname', 'Tenders & EOIs of Mysuru' );
		list( $subscription, $browser ) = $this->browser();

		$response = $this->post( (string) wp_json_encode( $subscription ) );

		$this->assertSame( 200, $response->get_status() );
		$this->assertStringStartsWith( 'Sent.', $response->get_data()['message'] );
		$received = $this->received();
		$this->assertCount( 1, $received );
		$this->assertSame( 'aes128gcm', $received[0]['encoding'] );
		$this->assertStringStartsWith( 'vapid t=', $received[0]['auth'] );
		$this->assertSame( PushTestNotification::TAG, $received[0]['topic'] );
		$message = json_decode( $browser->decrypt( (string) base64_decode( $received[0]['body'] ) ), true );
		$this->assertSame( 'Test notification from Tenders & EOIs of Mysuru', $message['title'] );
		$this->assertSame( home_url( '/' ), $message['url'] );
		$this->assertSame( PushTestNotification::TAG, $message['tag'] );
		$this->assertNotSame( '', $message['body'] );
		// A test is not a sign-up.
		$this->assertSame( 0, SubscriptionStore::count() );
	}

	public function test_a_stored_subscription_that_gets_the_test_counts_as_reached(): void {
		list( $subscription ) = $this->browser();
		$this->assertTrue( SubscriptionStore::insert( $subscription['endpoint'], $subscription['keys']['p256dh'], $subscription['keys']['auth'], SubscriptionTopics::none() ) );
		SubscriptionStore::failed( array( SubscriptionStore::find( $subscription['endpoint'] )['id'] ) );
		$this->assertSame( 1, SubscriptionStore::find( $subscription['endpoint'] )['failures'] );

		$this->assertSame( 200, $this->post( (string) wp_json_encode( $subscription ) )->get_status() );

		$this->assertSame( 0, SubscriptionStore::find( $subscription['endpoint'] )['failures'] );
	}

	public function test_a_subscription_the_push_service_says_is_gone_is_removed_if_stored_and_answered_410(): void {
		list( $subscription ) = $this->browser( '410' );
		$this->assertTrue( SubscriptionStore::insert( $subscription['endpoint'], $subscription['keys']['p256dh'], $subscription['keys']['auth'], SubscriptionTopics::none() ) );

		$response = $this->post( (string) wp_json_encode( $subscription ) );

		$this->assertSame( 410, $response->get_status() );
		$this->assertSame( 'tenderpress_push_test_gone', $response->get_data()['code'] );
		$this->assertNull( SubscriptionStore::find( $subscription['endpoint'] ) );
	}

	public function test_a_gone_subscription_stored_with_other_keys_is_not_removed(): void {
		list( $subscription ) = $this->browser( '404' );
		$other                = PushReceiver::create()->keys();
		$this->assertTrue( SubscriptionStore::insert( $subscription['endpoint'], $other['p256dh'], $other['auth'], SubscriptionTopics::none() ) );

		$this->assertSame( 410, $this->post( (string) wp_json_encode( $subscription ) )->get_status() );

		$this->assertNotNull( SubscriptionStore::find( $subscription['endpoint'] ) );
	}

	/** @return array<string, array{0: string, 1: string}> */
	public static function failing_services(): array {
		return array(
			'busy (429)'      => array( '429', 'busy' ),
			'broken (503)'    => array( '503', 'busy' ),
			'refusing (403)'  => array( '403', 'refused' ),
			'too large (413)' => array( '413', 'refused' ),
		);
	}

	/**
	 * @dataProvider failing_services
	 */
	public function test_a_push_service_that_does_not_take_the_message_is_reported_as_a_bad_gateway( string $answer, string $said ): void {
		list( $subscription ) = $this->browser( $answer );

		$response = $this->post( (string) wp_json_encode( $subscription ) );

		$this->assertSame( 502, $response->get_status() );
		$this->assertStringContainsString( $said, $response->get_data()['message'] );
		$this->assertCount( 1, $this->received() );
	}

	public function test_only_users_who_manage_options_may_send_one(): void {
		list( $subscription ) = $this->browser();
		foreach ( array( 'editor', 'author', 'subscriber' ) as $role ) {
			$this->log_in_as( $role );
			$this->assertSame( 403, $this->post( (string) wp_json_encode( $subscription ) )->get_status(), $role );
		}
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->post( (string) wp_json_encode( $subscription ) )->get_status() );
		$this->assertSame( array(), $this->received() );
	}

	/** @return array<string, array{0: string, 1: string}> */
	public static function bad_bodies(): array {
		$keys = PushReceiver::create()->keys();
		return array(
			// WordPress's own answer, and the plugin's for every route of its namespace.
			'not JSON'            => array( 'endpoint=x', 'rest_invalid_json' ),
			'a JSON list'         => array( '[1,2]', 'tenderpress_invalid_json' ),
			'no endpoint'         => array( (string) wp_json_encode( array( 'keys' => $keys ) ), 'tenderpress_push_endpoint' ),
			'a script endpoint'   => array(
				(string) wp_json_encode(
					array(
						'endpoint' => 'javascript:alert(1)',
						'keys'     => $keys,
					)
				),
				'tenderpress_push_endpoint',
			),
			'no keys'             => array( (string) wp_json_encode( array( 'endpoint' => 'https://fcm.googleapis.com/fcm/send/x' ) ), 'tenderpress_push_keys' ),
			'a short auth secret' => array(
				(string) wp_json_encode(
					array(
						'endpoint' => 'https://fcm.googleapis.com/fcm/send/x',
						'keys'     => array(
							'p256dh' => $keys['p256dh'],
							'auth'   => 'AAAA',
						),
					)
				),
				'tenderpress_push_keys',
			),
			'a key off the curve' => array(
				(string) wp_json_encode(
					array(
						'endpoint' => 'https://fcm.googleapis.com/fcm/send/x',
						'keys'     => array(
							'p256dh' => str_repeat( 'A', 87 ),
							'auth'   => $keys['auth'],
						),
					)
				),
				'tenderpress_push_keys',
			),
		);
	}

	public function test_a_body_over_the_size_limit_gets_413_and_nothing_is_sent(): void {
		$response = $this->post( (string) wp_json_encode( array( 'endpoint' => 'https://fcm.googleapis.com/fcm/send/x', 'pad' => str_repeat( 'x', PushSubscriptionRoutes::MAX_BODY ) ) ) );

		$this->assertSame( 413, $response->get_status() );
		$this->assertSame( 'tenderpress_push_size', $response->get_data()['code'] );
		$this->assertSame( array(), $this->received() );
	}

	/**
	 * @dataProvider bad_bodies
	 */
	public function test_a_bad_subscription_is_refused_with_a_message_and_nothing_is_sent( string $body, string $code ): void {
		$response = $this->post( $body );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( $code, $response->get_data()['code'] );
		$this->assertNotSame( '', $response->get_data()['message'] );
		$this->assertSame( array(), $this->received() );
	}

	public function test_a_loopback_push_service_is_refused_when_local_services_are_not_allowed(): void {
		$this->store_section( PushSettings::SECTION, array() );
		list( $subscription ) = $this->browser();

		$response = $this->post( (string) wp_json_encode( $subscription ) );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'tenderpress_push_endpoint_refused', $response->get_data()['code'] );
		$this->assertSame( array(), $this->received() );
	}

	public function test_the_settings_screen_shows_the_button_with_what_its_script_needs(): void {
		$doc = new Html( PushTestNotification::control() );

		$button = $doc->one( '//button[@data-tp-push-test-send]' );
		$this->assertNotNull( $button );
		$this->assertSame( 'Send a test notification to this browser', trim( $button->textContent ) );
		// Until its script runs: without JavaScript it cannot reach this browser's subscription.
		$this->assertTrue( $button->hasAttribute( 'disabled' ) );
		$this->assertSame( 'status', $doc->one( '//p[contains(@class, "tp-push-test__status")]' )?->getAttribute( 'role' ) );
		$props = json_decode( (string) $doc->one( '//div[@data-tp-push-test]' )?->getAttribute( 'data-tp-push-test' ), true );
		$this->assertSame( rest_url( self::ROUTE ), $props['testRoute'] );
		$this->assertSame( 1, wp_verify_nonce( $props['nonce'], 'wp_rest' ) );
		$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]{87}$/', $props['publicKey'] );
		$this->assertStringContainsString( '/sdk_files/push/webpush/sw.js?route=', $props['worker'] );
		// The push section of the settings screen shows it, after the prompt's preview.
		$report = Settings::section( PushSettings::SECTION )?->report;
		$this->assertIsCallable( $report );
		$this->assertStringEndsWith( PushTestNotification::control(), (string) $report() );
	}

	public function test_the_settings_screen_says_how_many_browsers_are_subscribed(): void {
		$this->assertStringContainsString( '0 browsers are subscribed to notifications.', PushTestNotification::control() );
		foreach ( array( 1, 2 ) as $count ) {
			list( $subscription ) = $this->browser();
			$this->assertTrue( SubscriptionStore::insert( $subscription['endpoint'], $subscription['keys']['p256dh'], $subscription['keys']['auth'], SubscriptionTopics::none() ) );
			$this->assertStringContainsString( 1 === $count ? '1 browser is subscribed to notifications.' : '2 browsers are subscribed to notifications.', PushTestNotification::control() );
		}
	}

	public function test_its_script_loads_on_the_settings_screen_only(): void {
		( new PushTestNotification() )->enqueue( 'options-general.php' );
		$this->assertFalse( wp_script_is( PushTestNotification::SCRIPT, 'enqueued' ) );

		( new PushTestNotification() )->enqueue( 'settings_page_' . SettingsPage::SLUG );
		$this->assertTrue( wp_script_is( PushTestNotification::SCRIPT, 'enqueued' ) );
		wp_dequeue_script( PushTestNotification::SCRIPT );
	}
}
