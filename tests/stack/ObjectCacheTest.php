<?php
namespace TenderPress\Tests\Stack;

use PHPUnit\Framework\TestCase;
use TenderPress\Tests\FakeServer;
use WP_Object_Cache;

/**
 * The stack's Redis object cache (scripts/stack/object-cache.php), on the real Redis the stack
 * suite started and the real WordPress loaded with the drop-in, as its php-fpm pools run it.
 * Modelled on WordPress's own object-cache tests: two cache objects on one Redis stand for two
 * requests (or two application servers), so what one stores the other must read.
 * Each test uses a key prefix of its own, so it never touches the site's entries.
 */
final class ObjectCacheTest extends TestCase {

	private string $prefix;

	private WP_Object_Cache $cache;

	/** @var mixed The site's cache object, put back after each test. */
	private $site_cache;

	/** @var resource|null A Redis server of this test's own, for the outage tests. */
	private $own_redis = null;

	/** @var list<string> Files of this test's own (own_markers()). */
	private array $own_files = array();

	protected function setUp(): void {
		parent::setUp();
		$this->prefix     = 'tp-test-' . bin2hex( random_bytes( 6 ) );
		$this->cache      = $this->request();
		$this->site_cache = $GLOBALS['wp_object_cache'];
	}

	protected function tearDown(): void {
		$this->cache->flush();
		$GLOBALS['wp_object_cache'] = $this->site_cache;
		if ( $this->own_redis ) {
			proc_terminate( $this->own_redis );
			proc_close( $this->own_redis );
		}
		// The test's own throttle and down marker, and the marks its requests without Redis left
		// beside the marker.
		foreach ( $this->own_files as $file ) {
			foreach ( array_merge( array( $file ), glob( $file . '-stale-*' ) ?: array() ) as $left ) {
				if ( file_exists( $left ) ) {
					unlink( $left );
				}
			}
		}
		parent::tearDown();
	}

	/**
	 * A new cache object on the stack's Redis: another request, as far as the cache can tell.
	 *
	 * @param array<string, mixed> $config
	 */
	private function request( array $config = array() ): WP_Object_Cache {
		$cache = new WP_Object_Cache( $config + array( 'prefix' => $this->prefix ) );
		$cache->add_global_groups( array( 'global-cache-test' ) );
		$cache->add_non_persistent_groups( array( 'non-persistent-test' ) );
		return $cache;
	}

	public function test_wordpress_runs_on_the_drop_in_connected_to_redis(): void {
		$this->assertTrue( wp_using_ext_object_cache() );
		$this->assertInstanceOf( WP_Object_Cache::class, $GLOBALS['wp_object_cache'] );
		$this->assertTrue( $GLOBALS['wp_object_cache']->is_connected() );
		$this->assertTrue( $this->cache->is_connected() );
	}

	public function test_a_miss_is_false_and_found_says_so(): void {
		$this->assertFalse( $this->cache->get( 'nothing', 'default', false, $found ) );
		$this->assertFalse( $found );
		$this->assertSame( 1, $this->cache->cache_misses );
	}

	public function test_what_one_request_sets_the_next_reads_with_its_type(): void {
		$values = array(
			'string' => 'a value',
			'number' => '42',
			'int'    => 42,
			'zero'   => 0,
			'float'  => 1.5,
			'false'  => false,
			'null'   => null,
			'array'  => array( 'a' => array( 1, 2 ) ),
			'empty'  => '',
		);
		foreach ( $values as $key => $value ) {
			$this->assertTrue( $this->cache->set( $key, $value, 'group' ) );
		}
		$next = $this->request();
		foreach ( $values as $key => $value ) {
			$this->assertSame( $value, $next->get( $key, 'group', false, $found ), $key );
			$this->assertTrue( $found, "{$key} is found, even when its value is false or null" );
		}
	}

	public function test_objects_are_copies_in_and_out(): void {
		$object        = new \stdClass();
		$object->title = 'before';
		$this->cache->set( 'object', $object );
		$object->title = 'changed after set';
		$this->assertSame( 'before', $this->cache->get( 'object' )->title );
		$fetched        = $this->cache->get( 'object' );
		$fetched->title = 'changed after get';
		$this->assertSame( 'before', $this->cache->get( 'object' )->title );
		$this->assertEquals( (object) array( 'title' => 'before' ), $this->request()->get( 'object' ) );
	}

	public function test_groups_keep_the_same_key_apart_and_the_empty_group_is_default(): void {
		$this->cache->set( 'key', 'one', 'group-1' );
		$this->cache->set( 'key', 'two', 'group-2' );
		$this->cache->set( 'key', 'three' );
		$next = $this->request();
		$this->assertSame( 'one', $next->get( 'key', 'group-1' ) );
		$this->assertSame( 'two', $next->get( 'key', 'group-2' ) );
		$this->assertSame( 'three', $next->get( 'key', 'default' ) );
	}

	public function test_add_only_stores_what_is_not_there_in_any_request(): void {
		$this->assertTrue( $this->cache->add( 'key', 'first' ) );
		$this->assertFalse( $this->cache->add( 'key', 'second' ) );
		$this->assertFalse( $this->request()->add( 'key', 'third' ), 'Another request sees it.' );
		$this->assertSame( 'first', $this->request()->get( 'key' ) );
	}

	public function test_add_is_refused_while_additions_are_suspended(): void {
		wp_suspend_cache_addition( true );
		try {
			$this->assertFalse( $this->cache->add( 'key', 'value' ) );
		} finally {
			wp_suspend_cache_addition( false );
		}
		$this->assertFalse( $this->request()->get( 'key' ) );
	}

	public function test_replace_only_changes_what_is_there(): void {
		$this->assertFalse( $this->cache->replace( 'key', 'value' ) );
		$this->assertFalse( $this->request()->get( 'key' ) );
		$this->cache->set( 'key', 'value' );
		$this->assertTrue( $this->request()->replace( 'key', 'replaced' ) );
		$this->assertSame( 'replaced', $this->request()->get( 'key' ) );
	}

	public function test_delete_removes_it_for_every_request(): void {
		$this->cache->set( 'key', 'value' );
		$this->assertTrue( $this->request()->delete( 'key' ) );
		$this->assertFalse( $this->request()->get( 'key' ) );
		$this->assertFalse( $this->cache->get( 'key', 'default', true ), 'A forced read asks Redis.' );
		$this->assertFalse( $this->request()->delete( 'key' ), 'Nothing left to delete.' );
	}

	public function test_incr_and_decr_count_across_requests_and_never_below_zero(): void {
		$this->assertFalse( $this->cache->incr( 'count' ), 'No entry, no count.' );
		$this->cache->set( 'count', 0 );
		$this->assertSame( 1, $this->cache->incr( 'count' ) );
		$this->assertSame( 3, $this->request()->incr( 'count', 2 ) );
		$this->assertSame( 2, $this->request()->decr( 'count' ) );
		$this->assertSame( 0, $this->request()->decr( 'count', 5 ), 'Never below zero.' );
		$this->cache->set( 'text', 'not a number' );
		$this->assertSame( 1, $this->request()->incr( 'text' ), 'A value that is not a number counts as 0.' );
		$this->cache->set( 'numeric', '5' );
		$this->assertSame( 6, $this->request()->incr( 'numeric' ) );
	}

	public function test_two_servers_counting_at_once_lose_no_step(): void {
		$this->cache->set( 'hits', 0 );
		$a = $this->request();
		$b = $this->request();
		for ( $i = 0; $i < 50; $i++ ) {
			$a->incr( 'hits' );
			$b->incr( 'hits' );
		}
		$this->assertSame( 100, $this->request()->get( 'hits' ) );
	}

	public function test_an_entry_with_a_lifetime_expires(): void {
		$this->cache->set( 'brief', 'value', 'default', 1 );
		$this->cache->add( 'brief-add', 'value', 'default', 1 );
		$this->assertSame( 'value', $this->request()->get( 'brief' ) );
		usleep( 2100000 );
		$this->assertFalse( $this->request()->get( 'brief' ) );
		$this->assertFalse( $this->request()->get( 'brief-add' ) );
	}

	public function test_the_multiple_functions_read_and_write_many_at_once(): void {
		$this->assertSame( array( 'a' => true, 'b' => true ), $this->cache->set_multiple( array( 'a' => 1, 'b' => 'two' ), 'many' ) );
		$this->assertSame( array( 'b' => false, 'c' => true ), $this->request()->add_multiple( array( 'b' => 'again', 'c' => 3 ), 'many' ) );
		$this->assertSame( array( 'a' => 1, 'b' => 'two', 'c' => 3, 'd' => false ), $this->request()->get_multiple( array( 'a', 'b', 'c', 'd' ), 'many' ) );
		$this->assertSame( array( 'a' => true, 'd' => false ), $this->request()->delete_multiple( array( 'a', 'd' ), 'many' ) );
		$this->assertSame( array( 'a' => false, 'b' => 'two' ), $this->request()->get_multiple( array( 'a', 'b' ), 'many' ) );
	}

	public function test_non_persistent_groups_last_one_request(): void {
		$this->cache->set( 'key', 'value', 'non-persistent-test' );
		$this->assertSame( 'value', $this->cache->get( 'key', 'non-persistent-test' ) );
		$this->assertFalse( $this->cache->incr( 'key-count', 1, 'non-persistent-test' ), 'No entry, no count.' );
		$this->assertFalse( $this->request()->get( 'key', 'non-persistent-test' ) );
	}

	public function test_global_groups_are_shared_by_every_site_and_others_are_not(): void {
		$this->cache->set( 'key', 'global', 'global-cache-test' );
		$this->cache->set( 'key', 'site one', 'site-group' );
		$other = $this->request();
		$other->switch_to_blog( 2 );
		$this->assertSame( 'global', $other->get( 'key', 'global-cache-test' ) );
		// A single site has one blog: switching changes nothing it reads.
		$this->assertSame( is_multisite() ? false : 'site one', $other->get( 'key', 'site-group' ) );
	}

	public function test_flush_group_empties_one_group_only(): void {
		$this->cache->set( 'key', 'a', 'group' );
		$this->cache->set( 'key', 'b', 'group-longer' );
		$this->cache->set( 'key', 'c', 'x:group' );
		$this->assertTrue( $this->request()->flush_group( 'group' ) );
		$this->assertFalse( $this->request()->get( 'key', 'group' ) );
		$this->assertSame( 'b', $this->request()->get( 'key', 'group-longer' ) );
		$this->assertSame( 'c', $this->request()->get( 'key', 'x:group' ) );
	}

	public function test_flush_empties_this_site_and_no_other(): void {
		$this->cache->set( 'key', 'mine' );
		$neighbour = new WP_Object_Cache( array( 'prefix' => $this->prefix . '-neighbour' ) );
		$neighbour->set( 'key', 'theirs' );
		$this->assertTrue( $this->request()->flush() );
		$this->assertFalse( $this->request()->get( 'key' ) );
		$this->assertSame( 'theirs', ( new WP_Object_Cache( array( 'prefix' => $this->prefix . '-neighbour' ) ) )->get( 'key' ) );
		$neighbour->flush();
	}

	public function test_flush_runtime_forgets_this_request_only(): void {
		$this->cache->set( 'key', 'value', 'non-persistent-test' );
		$this->cache->set( 'key', 'value' );
		$this->assertTrue( $this->cache->flush_runtime() );
		$this->assertFalse( $this->cache->get( 'key', 'non-persistent-test' ) );
		$this->assertSame( 'value', $this->cache->get( 'key' ), 'Still in Redis.' );
	}

	public function test_invalid_keys_are_refused_and_reported_as_wordpress_does(): void {
		$reported = array();
		$record   = static function ( $name ) use ( &$reported ) {
			$reported[] = $name;
		};
		// _doing_it_wrong() would also raise a notice under WP_DEBUG: counted here instead.
		add_action( 'doing_it_wrong_run', $record );
		add_filter( 'doing_it_wrong_trigger_error', '__return_false' );
		try {
			$this->assertFalse( $this->cache->set( '', 'value' ) );
			$this->assertFalse( $this->cache->get( '   ' ) );
		} finally {
			remove_action( 'doing_it_wrong_run', $record );
			remove_filter( 'doing_it_wrong_trigger_error', '__return_false' );
		}
		$this->assertSame( array( WP_Object_Cache::class, WP_Object_Cache::class ), $reported );
	}

	public function test_the_wp_cache_functions_reach_the_drop_in(): void {
		$GLOBALS['wp_object_cache'] = $this->cache;
		$this->assertTrue( wp_cache_set( 'key', 'value', 'functions' ) );
		$this->assertSame( 'value', wp_cache_get( 'key', 'functions', false, $found ) );
		$this->assertTrue( $found );
		$this->assertTrue( wp_cache_add( 'count', 1, 'functions' ) );
		$this->assertSame( 2, wp_cache_incr( 'count', 1, 'functions' ) );
		$this->assertSame( 1, wp_cache_decr( 'count', 1, 'functions' ) );
		$this->assertTrue( wp_cache_replace( 'key', 'new', 'functions' ) );
		$this->assertSame( array( 'key' => 'new', 'none' => false ), wp_cache_get_multiple( array( 'key', 'none' ), 'functions' ) );
		$this->assertSame( array( 'x' => true ), wp_cache_set_multiple( array( 'x' => 1 ), 'functions' ) );
		$this->assertSame( array( 'y' => true ), wp_cache_add_multiple( array( 'y' => 1 ), 'functions' ) );
		$this->assertSame( array( 'x' => true ), wp_cache_delete_multiple( array( 'x' ), 'functions' ) );
		$this->assertTrue( wp_cache_delete( 'key', 'functions' ) );
		$this->assertTrue( wp_cache_flush_group( 'functions' ) );
		$this->assertFalse( wp_cache_get( 'y', 'functions', true ) );
		foreach ( array( 'add_multiple', 'set_multiple', 'get_multiple', 'delete_multiple', 'flush_runtime', 'flush_group' ) as $feature ) {
			$this->assertTrue( wp_cache_supports( $feature ), $feature );
		}
		$this->assertFalse( wp_cache_supports( 'something else' ) );
		wp_cache_set( 'z', 'this site', 'functions' );
		wp_cache_switch_to_blog( get_current_blog_id() );
		$this->assertSame( 'this site', wp_cache_get( 'z', 'functions', true ), 'Switching to the same site changes nothing.' );
		$this->assertTrue( wp_cache_close() );
	}

	/**
	 * Starts a Redis server of this test's own on a free port; resolves with the port.
	 */
	/**
	 * A log throttle and a down marker of this test's own, neither made yet (tearDown() removes
	 * what the test's requests leave there).
	 *
	 * @return array{log_throttle: string, down_marker: string}
	 */
	private function own_markers(): array {
		$files = array();
		foreach ( array( 'log_throttle' => 'tp-cache-throttle', 'down_marker' => 'tp-cache-down' ) as $key => $prefix ) {
			$files[ $key ] = (string) tempnam( sys_get_temp_dir(), $prefix );
			unlink( $files[ $key ] );
			$this->own_files[] = $files[ $key ];
		}
		return $files;
	}

	private function start_own_redis(): int {
		$port            = FakeServer::free_port();
		$this->own_redis = proc_open(
			array( 'redis-server', '--bind', '127.0.0.1', '--port', (string) $port, '--save', '', '--appendonly', 'no' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', '/dev/null', 'w' ),
				2 => array( 'file', '/dev/null', 'w' ),
			),
			$pipes
		);
		$until = microtime( true ) + 10;
		do {
			$socket = @fsockopen( '127.0.0.1', $port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- refused until it listens.
			if ( $socket ) {
				fclose( $socket );
				return $port;
			}
			usleep( 20000 );
		} while ( microtime( true ) < $until );
		$this->fail( 'redis-server did not start.' );
	}

	/**
	 * Runs `$during` with PHP's log in a file of its own; returns the lines logged.
	 *
	 * @return list<string>
	 */
	private function logged( callable $during ): array {
		$log      = tempnam( sys_get_temp_dir(), 'tp-cache-log' );
		$previous = ini_set( 'error_log', $log );
		try {
			$during();
		} finally {
			ini_set( 'error_log', (string) $previous );
		}
		$lines = array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) );
		unlink( $log );
		return $lines;
	}

	public function test_with_redis_down_it_serves_a_per_request_cache_and_logs_once_a_minute(): void {
		$down     = array( 'port' => FakeServer::free_port() ) + $this->own_markers();
		$throttle = $down['log_throttle'];
		$marker   = $down['down_marker'];
		$lines = $this->logged(
			function () use ( $down ) {
				$first = $this->request( $down );
				$this->assertFalse( $first->is_connected() );
				$this->assertTrue( $first->set( 'key', 'value' ) );
				$this->assertSame( 'value', $first->get( 'key', 'default', true, $found ) );
				$this->assertTrue( $found );
				$this->assertTrue( $first->add( 'count', 1 ) );
				$this->assertSame( 3, $first->incr( 'count', 2 ) );
				$this->assertSame( array( 'key' => 'value', 'none' => false ), $first->get_multiple( array( 'key', 'none' ) ) );
				$this->assertTrue( $first->delete( 'key' ) );
				$second = $this->request( $down );
				$this->assertFalse( $second->get( 'count' ), 'Nothing outlives the request.' );
				$this->request( $down );
			}
		);
		$this->assertCount( 1, $lines, 'Three requests within a minute: one line.' );
		$this->assertStringContainsString( 'per-request cache', $lines[0] );
		touch( $throttle, time() - 61 );
		touch( $marker, time() - 61 );
		$this->assertCount( 1, $this->logged( fn() => $this->request( $down ) ), 'A minute later, one more.' );
	}

	public function test_after_a_request_finds_redis_unreachable_the_next_ones_do_not_wait_for_it_for_a_few_seconds(): void {
		// The stack's own Redis, which answers.
		$config = $this->own_markers();
		$marker = $config['down_marker'];
		$this->assertTrue( $this->request( $config )->is_connected() );

		// Another request, in any process, found it unreachable a moment ago.
		touch( $marker );
		$skipping = $this->request( $config );
		$this->assertFalse( $skipping->is_connected(), 'It does not try Redis, nor wait for it.' );
		$this->assertTrue( $skipping->set( 'key', 'value' ) );
		$this->assertSame( 'value', $skipping->get( 'key' ), 'A per-request cache meanwhile.' );

		// Then one request tries again, and finds it.
		touch( $marker, time() - WP_Object_Cache::RETRY_AFTER );
		$this->assertTrue( $this->request( $config )->is_connected() );
	}

	public function test_the_first_request_to_find_redis_again_empties_what_requests_without_it_may_have_left_stale(): void {
		$config = array( 'port' => $this->start_own_redis() ) + $this->own_markers();
		$marker = $config['down_marker'];
		$other  = $config + array( 'prefix' => $this->prefix . '-another-site' );
		$this->request( $config )->set( 'post', 'as it was' );
		$this->request( $other )->set( 'post', 'another site\'s' );

		// Redis unreachable a moment ago: a request edits the post, which Redis never hears of.
		touch( $marker );
		$without = $this->request( $config );
		$this->assertFalse( $without->is_connected() );
		$without->set( 'post', 'edited' );

		// Back: the first request of the site to connect starts from an empty cache there.
		touch( $marker, time() - WP_Object_Cache::RETRY_AFTER );
		$back = $this->request( $config );
		$this->assertTrue( $back->is_connected() );
		$this->assertFalse( $back->get( 'post' ), 'Not the copy from before the edit.' );
		$back->set( 'post', 'edited' );
		$this->assertSame( 'edited', $this->request( $config )->get( 'post' ), 'Emptied once: what the next requests keep stays.' );
		$this->assertSame( 'another site\'s', $this->request( $other )->get( 'post' ), 'A site with no request while Redis was away keeps its entries.' );
	}

	public function test_when_redis_stops_during_a_request_it_carries_on_without_fatal(): void {
		$config = array( 'port' => $this->start_own_redis() ) + $this->own_markers();
		$cache  = $this->request( $config );
		$this->assertTrue( $cache->is_connected() );
		$cache->set( 'key', 'before' );
		$cache->set( 'count', 1 );
		$lines = $this->logged(
			function () use ( $cache, $config ) {
				$stopper = new \Redis();
				$stopper->connect( '127.0.0.1', $config['port'] );
				try {
					$stopper->rawCommand( 'SHUTDOWN', 'NOSAVE' );
				} catch ( \RedisException $closed ) {
					// The server closes the connection as it stops: that is the answer.
					unset( $closed );
				}
				$this->assertTrue( $cache->set( 'key', 'after' ) );
				$this->assertSame( 'after', $cache->get( 'key', 'default', true ) );
				$this->assertFalse( $cache->is_connected() );
				$this->assertSame( 2, $cache->incr( 'count' ) );
				$this->assertFalse( $this->request( $config )->get( 'key' ), 'The next request starts empty.' );
			}
		);
		$this->assertCount( 1, $lines );
		$this->assertFileExists( $config['down_marker'], 'The next requests stay off it for a few seconds.' );
	}
}
