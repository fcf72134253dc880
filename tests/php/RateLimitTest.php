<?php
namespace TenderPress\Tests;

use TenderPress\Support\RateLimit;

/**
 * The per-client rate limit: a few hits of a bucket per client and window, counted by the
 * address that opened the connection (never a header a client can invent), an IPv6 client by
 * its /64, kept in transients under a hash that does not reveal the address.
 */
final class RateLimitTest extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.1';
	}

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'], $_SERVER['HTTP_CLIENT_IP'] );
		remove_all_filters( 'tenderpress_client_address' );
		parent::tearDown();
	}

	/** How many of `$tries` hits the limit allows. */
	private function allowed( int $tries, string $bucket = 'test', int $limit = 3, int $window = 600 ): int {
		$allowed = 0;
		for ( $i = 0; $i < $tries; $i++ ) {
			$allowed += RateLimit::hit( $bucket, $limit, $window ) ? 1 : 0;
		}
		return $allowed;
	}

	public function test_a_client_gets_the_limit_and_then_is_refused(): void {
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$this->assertFalse( RateLimit::hit( 'test', 3, 600 ) );
		$this->assertFalse( RateLimit::hit( 'test', 3, 600 ), 'Still refused on the next try.' );
	}

	public function test_another_client_has_its_own_allowance(): void {
		$this->assertSame( 3, $this->allowed( 5 ) );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.2';
		$this->assertSame( 3, $this->allowed( 5 ), 'Another address is not held back by the first.' );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.1';
		$this->assertSame( 0, $this->allowed( 1 ), 'The first is still over its limit.' );
	}

	public function test_buckets_are_counted_apart(): void {
		$this->assertSame( 3, $this->allowed( 5, 'login' ) );
		$this->assertSame( 3, $this->allowed( 5, 'save_shares' ), 'A client over one limit is not over another.' );
	}

	public function test_a_client_is_free_again_when_its_window_ends(): void {
		$this->assertSame( 2, $this->allowed( 4, 'short', 2, 1 ) );
		sleep( 1 );
		$this->assertSame( 2, $this->allowed( 4, 'short', 2, 1 ), 'A new window; the refused hits did not count.' );
	}

	public function test_the_window_is_fixed_from_the_first_hit_and_kept_in_a_transient(): void {
		$before = time();
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$stored = get_transient( RateLimit::key( 'test' ) );
		$this->assertIsArray( $stored );
		$this->assertSame( 2, $stored['count'] );
		$this->assertGreaterThanOrEqual( $before + 600, $stored['until'] );
		$this->assertLessThanOrEqual( time() + 600, $stored['until'] );
		$this->assertStringStartsWith( RateLimit::PREFIX, RateLimit::key( 'test' ) );
		$this->assertLessThanOrEqual( 172, strlen( RateLimit::key( 'test' ) ), 'Fits a transient name.' );
	}

	/**
	 * With a persistent object cache (Redis, Memcached), the counters live in the cache only, in
	 * the plugin's own group: a flood of new clients writes no row to the options table.
	 *
	 * This site has no persistent cache (Redis arrives with the production stack, issue 27). The
	 * test tells WordPress it has one (wp_using_ext_object_cache( true )), so WordPress and
	 * RateLimit take the persistent-cache path, with WordPress's in-process cache behind it. That
	 * cache does not outlive the request, so what this shows holds within one process: no row in
	 * wp_options per new client, the limit kept by the cache's counter. That the counter survives
	 * between requests, and expires, is the cache server's part, to be proved against Redis.
	 */
	public function test_with_a_persistent_object_cache_a_new_client_adds_no_row(): void {
		global $wpdb;
		$rows = static fn() => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options}" );
		$was  = wp_using_ext_object_cache( true );
		try {
			$before = $rows();
			$log    = QueryLog::start();
			for ( $i = 1; $i <= 20; $i++ ) {
				$_SERVER['REMOTE_ADDR'] = '198.51.100.' . $i;
				$this->assertSame( 3, $this->allowed( 5 ), "client {$i}" );
				$wait = RateLimit::wait( 'test', 3 );
				$this->assertGreaterThan( 0, $wait );
				$this->assertLessThanOrEqual( 600, $wait );
			}
			$this->assertSame( array(), $log->stop(), 'Nothing written to the database.' );
			$this->assertSame( $before, $rows(), 'No row per new client.' );
			$this->assertSame( 3, (int) wp_cache_get( RateLimit::key( 'test' ), RateLimit::GROUP ), 'The count is a counter in the plugin\'s own cache group.' );
			$this->assertFalse( wp_cache_get( RateLimit::key( 'test' ), 'transient' ), 'Not a transient.' );

			RateLimit::clear( 'test' );
			$this->assertSame( 0, RateLimit::wait( 'test', 3 ) );
			$this->assertSame( 3, $this->allowed( 5 ), 'Cleared, the client has its allowance again.' );
			$_SERVER['REMOTE_ADDR'] = '198.51.100.1';
			$this->assertSame( 0, $this->allowed( 1 ), 'Another client is still over its limit.' );
		} finally {
			wp_using_ext_object_cache( (bool) $was );
			wp_cache_flush_group( RateLimit::GROUP );
		}
	}

	public function test_the_stored_key_does_not_reveal_the_address(): void {
		global $wpdb;
		$this->assertTrue( RateLimit::hit( 'test', 3, 600 ) );
		$rows = $wpdb->get_col( $wpdb->prepare( "SELECT CONCAT(option_name, ' ', option_value) FROM {$wpdb->options} WHERE option_name LIKE %s", '%' . $wpdb->esc_like( RateLimit::PREFIX ) . '%' ) );
		$this->assertNotEmpty( $rows, 'Stored in the options table (no persistent object cache here).' );
		foreach ( $rows as $row ) {
			$this->assertStringNotContainsString( '192.0.2.1', $row );
			$this->assertStringNotContainsString( md5( '192.0.2.1' ), $row );
			$this->assertStringNotContainsString( sha1( '192.0.2.1' ), $row );
		}
	}

	public function test_clear_forgets_a_clients_hits(): void {
		$this->assertSame( 3, $this->allowed( 4 ) );
		RateLimit::clear( 'test' );
		$this->assertSame( 3, $this->allowed( 4 ) );
	}

	public function test_a_limit_of_zero_allows_nothing(): void {
		$this->assertFalse( RateLimit::hit( 'test', 0, 600 ) );
		$this->assertFalse( RateLimit::hit( 'test', -1, 600 ) );
	}

	public function test_forwarded_headers_are_not_trusted_by_default(): void {
		$this->assertSame( 3, $this->allowed( 5 ) );
		foreach ( array( '198.51.100.1', '198.51.100.2', '198.51.100.3' ) as $invented ) {
			$_SERVER['HTTP_X_FORWARDED_FOR'] = $invented;
			$_SERVER['HTTP_CLIENT_IP']       = $invented;
			$this->assertSame( '192.0.2.1', RateLimit::client() );
			$this->assertFalse( RateLimit::hit( 'test', 3, 600 ), 'An invented X-Forwarded-For gives no new allowance.' );
		}
	}

	public function test_a_site_behind_a_proxy_names_the_visitor_through_the_filter(): void {
		$_SERVER['REMOTE_ADDR'] = '10.0.0.5';
		$visitor                = '203.0.113.7';
		add_filter(
			'tenderpress_client_address',
			static function ( $address ) use ( &$visitor ) {
				return '10.0.0.5' === $address ? $visitor : $address;
			}
		);
		$this->assertSame( '203.0.113.7', RateLimit::client() );
		$this->assertSame( 3, $this->allowed( 5 ) );
		$visitor = '203.0.113.8';
		$this->assertSame( 3, $this->allowed( 5 ), 'Another visitor behind the same proxy has its own allowance.' );
	}

	public function test_a_filter_that_returns_no_address_falls_back_to_the_connection(): void {
		foreach ( array( 'not an address', '', array( '203.0.113.7' ), null, '203.0.113.7, 10.0.0.1' ) as $bad ) {
			$answer = static fn() => $bad;
			add_filter( 'tenderpress_client_address', $answer );
			$this->assertSame( '192.0.2.1', RateLimit::client(), wp_json_encode( $bad ) );
			remove_filter( 'tenderpress_client_address', $answer );
		}
	}

	public function test_an_ipv6_client_is_counted_by_its_64_network(): void {
		$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2:aaaa::1';
		$this->assertSame( '2001:db8:1:2::/64', RateLimit::client() );
		$this->assertSame( 3, $this->allowed( 5 ) );
		$_SERVER['REMOTE_ADDR'] = '2001:db8:1:2:bbbb:cccc:dddd:eeee';
		$this->assertSame( 0, $this->allowed( 2 ), 'Another address of the same /64 is the same client.' );
		$_SERVER['REMOTE_ADDR'] = '2001:db8:1:3::1';
		$this->assertSame( 3, $this->allowed( 5 ), 'Another /64 is another client.' );
	}

	public function test_an_ipv4_address_written_as_ipv6_is_that_ipv4_client(): void {
		$_SERVER['REMOTE_ADDR'] = '::ffff:192.0.2.1';
		$this->assertSame( '192.0.2.1', RateLimit::client() );
	}

	public function test_requests_without_an_address_share_one_allowance(): void {
		foreach ( array( null, '', 'garbage', '999.1.1.1' ) as $remote ) {
			if ( null === $remote ) {
				unset( $_SERVER['REMOTE_ADDR'] );
			} else {
				$_SERVER['REMOTE_ADDR'] = $remote;
			}
			$this->assertSame( 'unknown', RateLimit::client(), wp_json_encode( $remote ) );
		}
	}
}
