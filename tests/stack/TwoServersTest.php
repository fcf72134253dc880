<?php
namespace TenderPress\Tests\Stack;

use PHPUnit\Framework\TestCase;
use TenderPress\Ajax\PaginationRequest;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushSettings;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Tests\FakeServer;
use TenderPress\Tests\PaginationFields;
use TenderPress\Tests\PushReceiver;
use WpOrg\Requests\Requests;

/**
 * The stack's two application servers (php-fpm pools) behind nginx, as two hosts:
 * - a notice's push notification with both running WP-Cron at once (wp-cron.php asked of both
 *   together, as two hosts' timers, or a timer and a stray visitor's request, would): a local
 *   push service counts what it receives, and each subscription hears of the notice exactly once;
 * - a listing page one renders into the shared object cache is the other's to use;
 * - failed sign-ins count toward one limit, whichever server each reaches.
 *
 * It works on the stack suite's own copy of the database: the subscriptions, the notice and the
 * setting it adds are taken away after it.
 */
final class TwoServersTest extends TestCase {

	private const SUBSCRIBERS = 40;

	/** Concurrent wp-cron.php requests: more than the two pools' six workers. */
	private const CRON_REQUESTS = 8;

	private ?FakeServer $service = null;

	private string $log = '';

	private int $notice = 0;

	/** @var array<string, mixed> */
	private array $settings_before = array();

	protected function setUp(): void {
		parent::setUp();
		$this->log             = (string) tempnam( sys_get_temp_dir(), 'tp-stack-push-' );
		$this->service         = FakeServer::start( 'push-service.php', array( 'TP_FAKE_LOG' => $this->log ) );
		$this->settings_before = (array) get_option( Settings::OPTION, array() );
		$push                  = (array) ( $this->settings_before[ PushSettings::SECTION ] ?? array() );
		$fields                = Settings::section( PushSettings::SECTION )?->fields ?? array();
		$defaults              = array_map( static fn( $field ) => $field->default, $fields );
		// The fake push service is on loopback: the development setting lets the site send there.
		update_option( Settings::OPTION, array( PushSettings::SECTION => array( 'allowLocal' => true ) + $push + $defaults ) + $this->settings_before );
		Settings::forget_stored();
		Vapid::keys();
	}

	protected function tearDown(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . SubscriptionStore::table() . ' WHERE endpoint LIKE %s', $wpdb->esc_like( $this->service?->url( '/push/' ) ?? '' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		if ( $this->notice ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", PushQueue::JOB_PREFIX . 'n' . $this->notice ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			wp_delete_post( $this->notice, true );
		}
		update_option( Settings::OPTION, $this->settings_before );
		Settings::forget_stored();
		$this->service?->stop();
		@unlink( $this->log ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		parent::tearDown();
	}

	public function test_a_notice_reaches_each_subscriber_once_with_both_servers_running_cron_together(): void {
		$paths = array();
		for ( $i = 0; $i < self::SUBSCRIBERS; $i++ ) {
			$keys     = PushReceiver::create()->keys();
			$endpoint = $this->service->url( '/push/ok/stack-' . $i . '-' . wp_generate_password( 8, false ) );
			$this->assertTrue( SubscriptionStore::insert( $endpoint, $keys['p256dh'], $keys['auth'], SubscriptionTopics::none() ) );
			$paths[] = (string) wp_parse_url( $endpoint, PHP_URL_PATH );
		}

		// Published now, its job due at once (the first run's delay waits for the editor's last
		// save; nothing else saves here).
		add_filter( 'tenderpress_push_first_run_delay', '__return_zero' );
		$notice = wp_insert_post(
			array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'post_title'  => 'Two servers, one notification',
				'meta_input'  => array(
					'tp_notice_type' => 'tender',
					'tp_buyer'       => 'Public Works Department',
					'tp_deadline'    => gmdate( 'Y-m-d H:i', time() + 30 * DAY_IN_SECONDS ),
				),
			),
			true
		);
		remove_filter( 'tenderpress_push_first_run_delay', '__return_zero' );
		$this->assertIsInt( $notice );
		$this->notice = $notice;
		$this->assertNotFalse( wp_next_scheduled( PushQueue::HOOK ), 'Publishing queued the notification.' );

		$access_log = dirname( __DIR__, 2 ) . '/.wp/stack/access.log';
		$log_from   = (int) filesize( $access_log );
		$cron       = array_fill( 0, self::CRON_REQUESTS, array( 'url' => home_url( '/wp-cron.php?doing_wp_cron' ) ) );
		// Rounds of simultaneous runs until the job is finished (the first round normally is).
		for ( $round = 0; $round < 20 && isset( PushQueue::jobs()[ 'n' . $notice ] ); $round++ ) {
			Requests::request_multiple( $cron, array( 'timeout' => 55 ) );
		}
		$this->assertArrayNotHasKey( 'n' . $notice, PushQueue::jobs(), 'The job is finished.' );

		$received = array_column(
			array_map( static fn( $line ) => json_decode( $line, true ), array_filter( explode( "\n", (string) file_get_contents( $this->log ) ) ) ),
			'path'
		);
		sort( $received );
		sort( $paths );
		$this->assertSame( $paths, $received, 'Each subscription was sent the notice once, and only the subscriptions were.' );

		// Both servers were asked to run cron meanwhile (nginx's access log names the pool).
		$asked = (string) file_get_contents( $access_log, false, null, $log_from );
		$this->assertMatchesRegularExpression( '#"GET /wp-cron\.php\?doing_wp_cron [^"]*" 200 .*upstream=unix:\S*fpm-a\.sock#', $asked );
		$this->assertMatchesRegularExpression( '#"GET /wp-cron\.php\?doing_wp_cron [^"]*" 200 .*upstream=unix:\S*fpm-b\.sock#', $asked );
	}

	public function test_a_listing_page_one_server_renders_into_the_object_cache_is_used_by_the_other(): void {
		$home = wp_remote_get( home_url( '/?tp_probe=' . wp_generate_password( 8, false ) ), array( 'timeout' => 30 ) );
		$this->assertSame( 200, wp_remote_retrieve_response_code( $home ) );
		$this->assertSame( 1, preg_match( '/data-sid="([^"]+)"/', wp_remote_retrieve_body( $home ), $sid ) );
		$redis = new \Redis();
		$this->assertTrue( $redis->connect( (string) getenv( 'TP_REDIS_HOST' ), (int) getenv( 'TP_REDIS_PORT' ) ) );
		$pattern = '*|' . \TenderPress\Listings\ListingCache::GROUP . '|*';
		$before  = (array) $redis->keys( $pattern );

		// Page 7 of the home page's listing, in place, past the page cache: one pool renders it
		// and stores it.
		list( $first, $first_pool ) = $this->page_in_place( $sid[1], 7 );
		$stored = array_values( array_diff( (array) $redis->keys( $pattern ), $before ) );
		$this->assertNotSame( array(), $stored, 'The rendered page went into the object cache.' );

		// The same page asked again until the other pool answers. Had it rendered the page
		// again, it would have stored it again, with the entry's whole lifetime; it read it.
		sleep( 2 );
		for ( $try = 0; $try < 10; $try++ ) {
			list( $second, $second_pool ) = $this->page_in_place( $sid[1], 7 );
			if ( $second_pool !== $first_pool ) {
				break;
			}
		}
		$this->assertNotSame( $first_pool, $second_pool, 'The other pool answered.' );
		$this->assertSame( $first, $second, 'The same page.' );
		foreach ( $stored as $key ) {
			$this->assertLessThanOrEqual( \TenderPress\Listings\ListingCache::LIFETIME - 2, $redis->ttl( $key ), 'Read from the cache, not stored again.' );
		}
		$redis->close();
	}

	/**
	 * A paginator's request for a page of a listing, through nginx, and the pool that answered it
	 * (nginx's access log names it; the request carries a mark of its own to be found there).
	 *
	 * @return array{0: string, 1: string} The answer's body and the pool ("a" or "b").
	 */
	private function page_in_place( string $sid, int $page ): array {
		$mark     = wp_generate_password( 12, false );
		$response = wp_remote_post(
			admin_url( 'admin-ajax.php?tp_probe=' . $mark ),
			array(
				'timeout' => 30,
				'body'    => array( 'action' => PaginationRequest::ACTION ) + PaginationFields::for_listing( $sid, array( 'page' => (string) $page ) ),
			)
		);
		$this->assertSame( 200, wp_remote_retrieve_response_code( $response ) );
		return array( wp_remote_retrieve_body( $response ), $this->pool_of( $mark ) );
	}

	public function test_failed_sign_ins_count_toward_one_limit_whichever_server_they_reach(): void {
		$attempts = (int) Settings::get( \TenderPress\Accounts\LoginGuard::SECTION, 'attempts' );
		$redis    = new \Redis();
		$this->assertTrue( $redis->connect( (string) getenv( 'TP_REDIS_HOST' ), (int) getenv( 'TP_REDIS_PORT' ) ) );
		$counts = '*|' . \TenderPress\Support\RateLimit::GROUP . '|*';
		try {
			$pools = array();
			for ( $i = 0; $i < $attempts; $i++ ) {
				list( $page, $pools[] ) = $this->sign_in( 'nobody-' . wp_generate_password( 6, false ) );
				$this->assertStringNotContainsString( 'Too many failed attempts', $page, 'Attempt ' . ( $i + 1 ) . ' is refused for its password only.' );
			}
			$this->assertEqualsCanonicalizing( array( 'a', 'b' ), array_values( array_unique( $pools ) ), 'Both servers took some of the attempts.' );
			list( $page ) = $this->sign_in( 'nobody-' . wp_generate_password( 6, false ) );
			$this->assertStringContainsString( 'Too many failed attempts', $page, 'The address is paused after the limit, counted across both servers.' );
		} finally {
			// The later suites sign in from this same address.
			$keys = (array) $redis->keys( $counts );
			if ( array() !== $keys ) {
				$redis->del( $keys );
			}
			$redis->close();
		}
	}

	/**
	 * A sign-in through wp-login.php, through nginx, with a wrong password.
	 *
	 * @return array{0: string, 1: string} The page it answered, and the pool that answered it.
	 */
	private function sign_in( string $login ): array {
		$mark     = wp_generate_password( 12, false );
		$response = wp_remote_post(
			site_url( 'wp-login.php?tp_probe=' . $mark ),
			array(
				'timeout' => 30,
				'cookies' => array( new \WP_Http_Cookie( array( 'name' => 'wordpress_test_cookie', 'value' => 'WP Cookie check' ) ) ),
				'body'    => array(
					'log'        => $login,
					'pwd'        => 'not the password',
					'testcookie' => '1',
				),
			)
		);
		$this->assertSame( 200, wp_remote_retrieve_response_code( $response ) );
		return array( wp_remote_retrieve_body( $response ), $this->pool_of( $mark ) );
	}

	/**
	 * The pool that answered the request marked `$mark`, from nginx's access log. nginx writes a
	 * request's line once it has sent the answer, so the client may read the log a moment early.
	 */
	private function pool_of( string $mark ): string {
		$file = dirname( __DIR__, 2 ) . '/.wp/stack/access.log';
		for ( $wait = 0; $wait < 40; $wait++ ) {
			if ( preg_match( '#tp_probe=' . $mark . ' [^\n]*upstream=unix:\S*fpm-(a|b)\.sock#', (string) file_get_contents( $file ), $pool ) ) {
				return $pool[1];
			}
			usleep( 50000 );
		}
		$this->fail( "nginx's access log has no line for the request marked {$mark}." );
	}
}
