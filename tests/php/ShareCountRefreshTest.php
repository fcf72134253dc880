<?php
namespace TenderPress\Tests;

use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;

/**
 * The background refresh of share counts, against a local fake of the networks' count endpoints
 * (support/share-count-server.php, run by PHP's built-in server on a free port of localhost):
 * recent pages get the counts the networks answer, a few pages per run, each at most every few
 * hours; a network's error never replaces a count; the server never asks a network whose counts
 * only browsers may read; nothing is requested from a local address unless WordPress's own
 * filters allow it; and the hourly event exists exactly while counts are shown, scheduled by the
 * owner's actions, never by a visitor's page view.
 */
final class ShareCountRefreshTest extends TestCase {

	/** @var list<resource> The fake server's processes: on 127.0.0.1 (reached as localhost) and 127.0.0.2. */
	private static $servers = array();

	/** @var int The fake's port, on both addresses. */
	private static $port = 0;

	/** @var string The log of requests the fake received. */
	private static $log = '';

	/** @var string The counts the fake answers, by page address (JSON). */
	private static $counts = '';

	/** @var array<int, array{0: string, 1: callable, 2: int}> Filters added by a test. */
	private $filters = array();

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$log    = (string) tempnam( sys_get_temp_dir(), 'tp-fake-log-' );
		self::$counts = (string) tempnam( sys_get_temp_dir(), 'tp-fake-counts-' );
		// A free port: the system picks one for a socket that is closed at once.
		$probe = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		self::assertIsResource( $probe, (string) $error );
		self::$port = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		foreach ( array( '127.0.0.1', '127.0.0.2' ) as $address ) {
			self::start_server( $address );
		}
	}

	/** Starts the fake on an address (one process, no workers, so stopping it stops all of it). */
	private static function start_server( string $address ): void {
		$server = proc_open(
			array( PHP_BINARY, '-S', $address . ':' . self::$port, __DIR__ . '/support/share-count-server.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', '/dev/null', 'w' ),
				2 => array( 'file', '/dev/null', 'w' ),
			),
			$pipes,
			__DIR__ . '/support',
			array(
				'TP_FAKE_LOG'    => self::$log,
				'TP_FAKE_COUNTS' => self::$counts,
			)
		);
		self::assertIsResource( $server );
		self::$servers[] = $server;
		$until           = microtime( true ) + 5;
		do {
			$socket = @fsockopen( $address, self::$port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- refused until the server listens.
			if ( $socket ) {
				fclose( $socket );
				return;
			}
			usleep( 20000 );
		} while ( microtime( true ) < $until );
		self::fail( 'The fake count server did not start on ' . $address . ':' . self::$port . '.' );
	}

	public static function tearDownAfterClass(): void {
		foreach ( self::$servers as $server ) {
			proc_terminate( $server );
			proc_close( $server );
		}
		self::$servers = array();
		@unlink( self::$log ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		@unlink( self::$counts ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		file_put_contents( self::$log, '' );
		file_put_contents( self::$counts, '{}' );
		// The site's own posts are older than the refresh looks (rolled back after the test), so
		// the pages a test makes are the only recent ones.
		$wpdb->query( "UPDATE {$wpdb->posts} SET post_date = '2001-01-01 00:00:00', post_date_gmt = '2001-01-01 00:00:00'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
		$wpdb->query( 'DELETE FROM ' . ShareCounts::table() ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$this->share_settings( array( 'counts' => true ) );
		wp_clear_scheduled_hook( ShareCountRefresh::HOOK );
		$this->point_sources_at_the_fake();
	}

	protected function tearDown(): void {
		foreach ( $this->filters as list( $hook, $callback, $priority ) ) {
			remove_filter( $hook, $callback, $priority );
		}
		$this->filters = array();
		parent::tearDown();
		// The settings read before the rollback are not the stored ones any more.
		Settings::forget_stored();
	}

	private function filter( string $hook, callable $callback, int $priority = 10, int $arguments = 1 ): void {
		add_filter( $hook, $callback, $priority, $arguments );
		$this->filters[] = array( $hook, $callback, $priority );
	}

	/** Saves the share settings: the defaults with these changes, as the settings screen would. */
	private function share_settings( array $changes ): void {
		$defaults = array_map( static fn( $field ) => $field->default, Settings::section( Share::SECTION )->fields );
		update_option( Settings::OPTION, array( Share::SECTION => array_merge( $defaults, $changes ) ) );
	}

	private function base( string $host = 'localhost' ): string {
		return 'http://' . $host . ':' . self::$port;
	}

	/**
	 * Sources as the catalogue's, on the fake: three server networks (JSON, JSONP, a script call)
	 * and one for browsers only.
	 *
	 * @param array<string, array<string, string>> $changes Sources to change, add or (as null) remove.
	 */
	private function point_sources_at_the_fake( array $changes = array() ): void {
		$base    = $this->base();
		$sources = array_merge(
			array(
				'tumblr'    => array(
					'url'   => $base . '/tumblr/v2/share/stats?url={url}',
					'path'  => 'response.note_count',
					'where' => 'server',
				),
				'pinterest' => array(
					'url'   => $base . '/pinterest/v1/urls/count.json?source=6&url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
				'vk'        => array(
					'url'     => $base . '/vk/share.php?act=count&index=0&url={url}',
					'pattern' => 'VK\.Share\.count\(\s*\d+\s*,\s*(\d+)\s*\)',
					'where'   => 'server',
				),
				'facebook'  => array(
					'url'   => $base . '/facebook?id={url}',
					'path'  => 'share.share_count',
					'where' => 'browser',
				),
			),
			$changes
		);
		foreach ( $this->filters as $i => list( $hook, $callback, $priority ) ) {
			if ( 'tenderpress_share_count_sources' === $hook ) {
				remove_filter( $hook, $callback, $priority );
				unset( $this->filters[ $i ] );
			}
		}
		$this->filter( 'tenderpress_share_count_sources', static fn() => array_filter( $sources ) );
	}

	/** Lets WordPress reach the fake: the loopback host and the fake's port, through its own filters. */
	private function allow_the_fake( bool $host = true, bool $port = true ): void {
		if ( $host ) {
			$this->filter( 'http_request_host_is_external', static fn( $external, $requested ) => $external || 'localhost' === $requested, 10, 2 );
		}
		if ( $port ) {
			$this->filter( 'http_allowed_safe_ports', static fn( $ports, $requested ) => 'localhost' === $requested || '127.0.0.1' === $requested ? array_merge( (array) $ports, array( self::$port ) ) : $ports, 10, 2 );
		}
	}

	/** @param array<string, int> $counts What the fake answers, by page address. */
	private function networks_answer( array $counts ): void {
		file_put_contents( self::$counts, wp_json_encode( $counts ) );
	}

	/**
	 * What the fake was asked, in order.
	 *
	 * @return list<array{path: string, page: string, agent: string, host: string}>
	 */
	private function requested(): array {
		$lines = array_filter( explode( "\n", (string) file_get_contents( self::$log ) ) );
		return array_values( array_map( static fn( $line ) => json_decode( $line, true ), $lines ) );
	}

	/** @return list<string> The paths the fake was asked for, as "path page". */
	private function asked(): array {
		return array_map( static fn( $request ) => $request['path'] . ' ' . $request['page'], $this->requested() );
	}

	/** A published notice, published this many minutes ago; returns its address. */
	private function notice( int $minutes_ago = 0, array $post = array() ): string {
		$gmt = gmdate( 'Y-m-d H:i:s', time() - $minutes_ago * MINUTE_IN_SECONDS );
		$id  = $this->make_notice(
			array(),
			$post + array(
				'post_date'     => get_date_from_gmt( $gmt ),
				'post_date_gmt' => $gmt,
			)
		);
		return (string) get_permalink( $id );
	}

	private static function page( string $address ): string {
		return (string) ShareCounts::page_of( $address );
	}

	/**
	 * The stored counts, as "page service" => [shares, updated].
	 *
	 * @return array<string, array{0: int, 1: string}>
	 */
	private function stored(): array {
		global $wpdb;
		$rows   = $wpdb->get_results( 'SELECT page, service, shares, updated FROM ' . ShareCounts::table() . ' ORDER BY page, service', ARRAY_A ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$stored = array();
		foreach ( $rows as $row ) {
			$stored[ $row['page'] . ' ' . $row['service'] ] = array( (int) $row['shares'], $row['updated'] );
		}
		return $stored;
	}

	/** Stores a count as if it had been refreshed this many hours ago. */
	private function stored_hours_ago( string $address, string $service, int $shares, float $hours ): void {
		global $wpdb;
		ShareCounts::store( self::page( $address ), $service, $shares );
		$wpdb->update( ShareCounts::table(), array( 'updated' => gmdate( 'Y-m-d H:i:s', (int) ( time() - $hours * HOUR_IN_SECONDS ) ) ), array( 'page_key' => sha1( self::page( $address ) ), 'service' => $service ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery
	}

	private function run_refresh( float $budget = ShareCountRefresh::BUDGET ): void {
		( new ShareCountRefresh() )->run( $budget );
	}

	public function test_the_event_fetches_and_stores_the_counts_of_recent_notices_from_each_server_network(): void {
		$this->allow_the_fake();
		$shared   = $this->notice( 10 );
		$unshared = $this->notice( 5 );
		$old      = $this->notice( 91 * 24 * 60 );
		$draft    = $this->notice( 1, array( 'post_status' => 'draft' ) );
		$this->networks_answer( array( $shared => 5 ) );

		do_action( ShareCountRefresh::HOOK );

		$stored = $this->stored();
		$counts = array();
		foreach ( $stored as $key => list( $shares, $updated ) ) {
			$counts[ $key ] = $shares;
			$this->assertEqualsWithDelta( time(), strtotime( $updated . ' UTC' ), 60, 'Stored now, in GMT.' );
		}
		ksort( $counts );
		$expected = array(
			self::page( $shared ) . ' pinterest'   => 5,
			self::page( $shared ) . ' tumblr'      => 5,
			self::page( $shared ) . ' vk'          => 5,
			self::page( $unshared ) . ' pinterest' => 0,
			self::page( $unshared ) . ' tumblr'    => 0,
			self::page( $unshared ) . ' vk'        => 0,
		);
		ksort( $expected );
		$this->assertSame(
			$expected,
			$counts,
			'Each server network\'s count, 0 too; nothing for an old notice or a draft.'
		);
		$this->assertSame(
			array(
				'/tumblr/v2/share/stats ' . $unshared,
				'/pinterest/v1/urls/count.json ' . $unshared,
				'/vk/share.php ' . $unshared,
				'/tumblr/v2/share/stats ' . $shared,
				'/pinterest/v1/urls/count.json ' . $shared,
				'/vk/share.php ' . $shared,
			),
			$this->asked(),
			'The newest first, with the page\'s full address.'
		);
		$this->assertNotContains( $old, array_column( $this->requested(), 'page' ) );
		$this->assertNotContains( $draft, array_column( $this->requested(), 'page' ) );
		foreach ( $this->requested() as $request ) {
			$this->assertStringStartsWith( 'TenderPress/' . TENDERPRESS_VERSION, $request['agent'] );
		}
		$this->assertSame( array( 5, 5, 5 ), array_values( ShareCounts::for_pages( array( self::page( $shared ) ) )[ self::page( $shared ) ] ), 'What visitors\' pages read.' );
	}

	public function test_a_network_whose_counts_only_browsers_may_read_is_never_asked_by_the_server(): void {
		$this->allow_the_fake();
		$page = $this->notice();
		$this->networks_answer( array( $page => 9 ) );

		$this->run_refresh();

		$this->assertCount( 3, $this->requested() );
		$this->assertNotContains( '/facebook', array_column( $this->requested(), 'path' ) );
		$this->assertArrayNotHasKey( self::page( $page ) . ' facebook', $this->stored() );
	}

	public function test_an_error_or_an_answer_without_a_count_stores_nothing_and_keeps_the_old_count(): void {
		$this->allow_the_fake();
		$base = $this->base();
		$this->point_sources_at_the_fake(
			array(
				'tumblr'    => array(
					'url'   => $base . '/error?url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
				'pinterest' => array(
					'url'   => $base . '/garbage?url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
				'vk'        => array(
					'url'     => $base . '/garbage?url={url}',
					'pattern' => 'VK\.Share\.count\(\s*\d+\s*,\s*(\d+)\s*\)',
					'where'   => 'server',
				),
				'buffer'    => array(
					'url'   => $base . '/huge?url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
				'odnoklassniki' => array(
					'url'   => $base . '/nowhere?url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
			)
		);
		$page = $this->notice();
		$this->stored_hours_ago( $page, 'tumblr', 12, 7 );
		$this->stored_hours_ago( $page, 'pinterest', 4, 7 );
		$before = $this->stored();

		$this->run_refresh();

		$this->assertCount( 5, $this->requested(), 'Each network was asked.' );
		$this->assertSame( $before, $this->stored(), 'A 500 (whose body looks like a count), an HTML page, an absurd number and a 404 change nothing.' );
	}

	public function test_a_networks_lower_count_replaces_the_stored_one(): void {
		$this->allow_the_fake();
		$page = $this->notice();
		$this->stored_hours_ago( $page, 'tumblr', 50, 7 );
		$this->networks_answer( array( $page => 3 ) );

		$this->run_refresh();

		$this->assertSame( 3, $this->stored()[ self::page( $page ) . ' tumblr' ][0], 'The network\'s answer is authoritative (it removes spam shares).' );
	}

	public function test_a_run_refreshes_a_batch_of_pages_never_refreshed_first_then_the_longest_unrefreshed(): void {
		$this->allow_the_fake();
		$this->point_sources_at_the_fake(
			array(
				'pinterest' => null,
				'vk'        => null,
			)
		);
		$never = array();
		for ( $i = 0; $i < ShareCountRefresh::BATCH + 2; $i++ ) {
			$never[] = $this->notice( 100 - $i );
		}
		$newest_first = array_reverse( $never );
		$stale_7h     = $this->notice( 200 );
		$stale_10h    = $this->notice( 300 );
		$fresh        = $this->notice( 400 );
		$this->stored_hours_ago( $stale_7h, 'tumblr', 1, 7 );
		$this->stored_hours_ago( $stale_10h, 'tumblr', 1, 10 );
		$this->stored_hours_ago( $fresh, 'tumblr', 1, 1 );

		$this->run_refresh();
		$this->assertSame( array_slice( $newest_first, 0, ShareCountRefresh::BATCH ), array_column( $this->requested(), 'page' ), 'A batch of the never refreshed, newest first.' );

		file_put_contents( self::$log, '' );
		$this->run_refresh();
		$this->assertSame( array_merge( array_slice( $newest_first, ShareCountRefresh::BATCH ), array( $stale_10h, $stale_7h ) ), array_column( $this->requested(), 'page' ), 'The rest of them, then the longest unrefreshed; not the one refreshed an hour ago.' );

		file_put_contents( self::$log, '' );
		$this->run_refresh();
		$this->assertSame( array(), $this->requested(), 'Every page is fresh.' );
	}

	public function test_a_page_refreshed_within_the_interval_is_not_asked_again_and_is_after_it(): void {
		$this->allow_the_fake();
		$page = $this->notice();
		$this->run_refresh();
		$this->assertCount( 3, $this->requested() );

		file_put_contents( self::$log, '' );
		$this->run_refresh();
		$this->assertSame( array(), $this->requested(), 'Refreshed a moment ago.' );

		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . ShareCounts::table() . ' SET updated = %s', gmdate( 'Y-m-d H:i:s', time() - ShareCountRefresh::REFRESH_INTERVAL - 60 ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared
		$this->run_refresh();
		$this->assertCount( 3, $this->requested(), 'Asked again once the interval has passed.' );
		$this->assertSame( array( $page ), array_unique( array_column( $this->requested(), 'page' ) ) );
	}

	public function test_a_run_starts_no_request_after_its_time_budget(): void {
		$this->allow_the_fake();
		$this->point_sources_at_the_fake(
			array(
				'tumblr'    => array(
					'url'   => $this->base() . '/slow?ms=400&url={url}',
					'path'  => 'response.note_count',
					'where' => 'server',
				),
				'pinterest' => null,
				'vk'        => null,
			)
		);
		for ( $i = 0; $i < 4; $i++ ) {
			$this->notice( $i );
		}
		$started = microtime( true );

		$this->run_refresh( 0.6 );

		$this->assertCount( 2, $this->requested(), 'One started at 0 s, one at 0.4 s; none at 0.8 s.' );
		$this->assertCount( 2, $this->stored() );
		$this->assertLessThan( 1.5, microtime( true ) - $started );
	}

	public function test_a_network_that_keeps_failing_is_not_asked_again_in_the_same_run(): void {
		$this->allow_the_fake();
		$this->point_sources_at_the_fake(
			array(
				'tumblr' => array(
					'url'   => $this->base() . '/error?url={url}',
					'path'  => 'count',
					'where' => 'server',
				),
				'vk'     => null,
			)
		);
		for ( $i = 0; $i < 6; $i++ ) {
			$this->notice( $i );
		}

		$this->run_refresh();

		$paths = array_count_values( array_column( $this->requested(), 'path' ) );
		$this->assertSame( ShareCountRefresh::FAILURES_BEFORE_SKIP, $paths['/error'] );
		$this->assertSame( 6, $paths['/pinterest/v1/urls/count.json'], 'The others are still asked.' );
	}

	/** @return array<string, array{0: bool, 1: bool}> */
	public function partly_allowed(): array {
		return array(
			'neither the host nor the port allowed' => array( false, false ),
			'only the port allowed'                 => array( false, true ),
			'only the host allowed'                 => array( true, false ),
		);
	}

	/** @dataProvider partly_allowed */
	public function test_a_local_address_is_not_requested_unless_wordpress_is_told_it_may_be( bool $host, bool $port ): void {
		$this->allow_the_fake( $host, $port );
		$page = $this->notice();
		$this->networks_answer( array( $page => 5 ) );

		$this->run_refresh();

		$this->assertSame( array(), $this->requested(), 'The fake heard nothing.' );
		$this->assertSame( array(), $this->stored(), 'Nothing stored.' );
	}

	public function test_a_redirect_is_followed_to_an_allowed_host_and_not_to_a_local_or_link_local_address(): void {
		$this->allow_the_fake();
		// The fake's port is allowed on every host, so only the address decides.
		$this->filter( 'http_allowed_safe_ports', static fn( $ports ) => array_merge( (array) $ports, array( self::$port ) ) );
		$page    = $this->notice();
		$target  = static fn( string $base ) => $base . '/tumblr/v2/share/stats?url=' . rawurlencode( $page );
		$through = fn( string $to ) => array(
			'url'   => $this->base() . '/redirect?to=' . rawurlencode( $to ) . '&url={url}',
			'path'  => 'response.note_count',
			'where' => 'server',
		);
		$this->networks_answer( array( $page => 6 ) );
		$this->point_sources_at_the_fake(
			array(
				'tumblr'    => $through( $target( $this->base( '127.0.0.2' ) ) ),
				'pinterest' => $through( $target( $this->base() ) ),
				'vk'        => $through( 'http://169.254.169.254/latest/meta-data/?url=' . rawurlencode( $page ) ),
			)
		);
		$errors = array();
		$this->filter(
			'http_api_debug',
			static function ( $response, $context, $transport, $args, $url ) use ( &$errors ) {
				if ( is_wp_error( $response ) ) {
					$errors[ (string) wp_parse_url( $url, PHP_URL_QUERY ) ] = $response->get_error_message();
				}
			},
			10,
			5
		);
		$started = microtime( true );

		$this->run_refresh();

		$this->assertSame(
			array(
				'A valid URL was not provided.',
				'A share count request was redirected to a local address.',
			),
			array_values( $errors ),
			'WordPress refused the loopback address, the refresh the metadata address, which WordPress lets through.'
		);
		$this->assertSame(
			array( 'localhost', 'localhost', 'localhost', 'localhost' ),
			array_map( static fn( $request ) => explode( ':', $request['host'] )[0], $this->requested() ),
			'Three redirects; only the one to localhost, which the test allows, was followed; the fake on 127.0.0.2 heard nothing.'
		);
		$this->assertSame( array( self::page( $page ) . ' pinterest' ), array_keys( $this->stored() ) );
		$this->assertSame( 6, $this->stored()[ self::page( $page ) . ' pinterest' ][0] );
		$this->assertLessThan( 2, microtime( true ) - $started, 'The metadata address was refused, not waited for.' );
	}

	public function test_link_local_reserved_and_private_addresses_are_refused_unless_wordpress_is_told_they_are_external(): void {
		foreach ( array( 'http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://192.168.1.1:8080/', 'http://172.16.0.1/', 'http://127.0.0.2/', 'http://0.0.0.0/', 'http://240.0.0.1/', 'http://100.100.100.200/', 'http://100.64.0.1/', 'http://localhost/' ) as $address ) {
			$this->assertFalse( ShareCountRefresh::is_public( $address ), $address );
			try {
				ShareCountRefresh::refuse_redirect( $address );
				$this->fail( 'A redirect to ' . $address . ' is refused.' );
			} catch ( \WpOrg\Requests\Exception $refused ) {
				$this->assertSame( 'tenderpress.redirect_refused', $refused->getType() );
			}
		}
		$this->assertTrue( ShareCountRefresh::is_public( 'https://93.184.215.14/count?url=x' ) );
		$this->assertFalse( ShareCountRefresh::is_public( 'http://93.184.215.14/count?url=x' ), 'Public hosts are asked over https only.' );
		$this->assertFalse( ShareCountRefresh::is_public( 'not an address' ) );
		$this->filter( 'http_request_host_is_external', static fn( $external, $host ) => $external || '169.254.169.254' === $host, 10, 2 );
		$this->assertTrue( ShareCountRefresh::is_public( 'http://169.254.169.254/' ), 'WordPress\'s own filter decides, as for its own checks.' );
	}

	public function test_with_counts_turned_off_a_run_asks_nobody(): void {
		$this->allow_the_fake();
		$this->notice();
		$this->share_settings( array( 'counts' => false ) );

		$this->run_refresh();

		$this->assertSame( array(), $this->requested() );
		$this->assertSame( array(), $this->stored() );
	}

	public function test_the_hourly_event_is_scheduled_when_counts_are_turned_on_and_removed_when_turned_off(): void {
		$this->share_settings( array( 'counts' => false ) );
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ) );

		$this->share_settings( array( 'counts' => true ) );
		$next = wp_next_scheduled( ShareCountRefresh::HOOK );
		$this->assertIsInt( $next );
		$this->assertEqualsWithDelta( time() + MINUTE_IN_SECONDS, $next, 5 );
		$this->assertSame( 'hourly', wp_get_schedule( ShareCountRefresh::HOOK ) );

		$this->share_settings(
			array(
				'counts' => true,
				'posts'  => false,
			)
		);
		$this->assertSame( $next, wp_next_scheduled( ShareCountRefresh::HOOK ), 'Saving other settings keeps the one event.' );
		$this->assertCount( 1, array_filter( _get_cron_array(), static fn( $events ) => isset( $events[ ShareCountRefresh::HOOK ] ) ) );

		$this->share_settings( array( 'counts' => false ) );
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ) );

		$this->share_settings( array( 'counts' => true ) );
		delete_option( Settings::OPTION );
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ), 'Settings deleted: counts are off.' );
	}

	public function test_without_a_network_that_gives_counts_to_servers_no_event_is_scheduled(): void {
		$this->point_sources_at_the_fake(
			array(
				'tumblr'    => null,
				'pinterest' => null,
				'vk'        => null,
			)
		);
		$this->share_settings( array( 'counts' => false ) );
		$this->share_settings( array( 'counts' => true ) );
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ) );
	}

	public function test_a_site_that_showed_counts_before_gets_the_event_from_an_administrators_admin_page_only(): void {
		$this->assertNotFalse( has_action( 'admin_init', array( ShareCountRefresh::class, 'sync_schedule_for_admin' ) ) );
		$this->assertTrue( Settings::get( Share::SECTION, 'counts' ) );
		wp_clear_scheduled_hook( ShareCountRefresh::HOOK );

		$this->log_in_as( 'editor' );
		ShareCountRefresh::sync_schedule_for_admin();
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ), 'Not for an editor.' );

		$this->log_in_as( 'administrator' );
		ShareCountRefresh::sync_schedule_for_admin();
		$this->assertIsInt( wp_next_scheduled( ShareCountRefresh::HOOK ) );
	}

	public function test_a_visitors_page_view_schedules_nothing_and_writes_nothing(): void {
		$this->assertTrue( Settings::get( Share::SECTION, 'counts' ) );
		$page = $this->notice();
		wp_clear_scheduled_hook( ShareCountRefresh::HOOK );
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ) );
		$writes = QueryLog::start();
		try {
			PageView::visit( $page );
			do_action( 'template_redirect' );
			$this->assertTrue( is_singular( 'tender' ) );
			$html = apply_filters( 'the_content', 'Text.' );
			$this->assertStringContainsString( 'tp-share', $html );
			ob_start();
			do_action( 'wp_footer' );
			ob_end_clean();
		} finally {
			$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
			PageView::reset();
		}
		$this->assertFalse( wp_next_scheduled( ShareCountRefresh::HOOK ) );
		$this->assertSame( array(), $this->requested() );
		// Nor would one that fired every hook of a page view: none of them runs the refresh's code.
		global $wp_filter;
		foreach ( array( 'plugins_loaded', 'init', 'wp_loaded', 'parse_request', 'wp', 'template_redirect', 'wp_head', 'the_content', 'wp_footer', 'shutdown', 'wp_ajax_nopriv_tenderpress_sharing_count' ) as $hook ) {
			foreach ( isset( $wp_filter[ $hook ] ) ? $wp_filter[ $hook ]->callbacks : array() as $callbacks ) {
				foreach ( $callbacks as $callback ) {
					$function = $callback['function'];
					$owner    = is_array( $function ) ? ( is_object( $function[0] ) ? get_class( $function[0] ) : (string) $function[0] ) : '';
					$this->assertNotSame( ShareCountRefresh::class, $owner, $hook );
				}
			}
		}
	}
}
