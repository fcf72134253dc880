<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\SaveShares;
use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareServices;
use TenderPress\Support\RateLimit;

/**
 * `tenderpress_save_facebook_shares`: the counts a visitor's browser read from Facebook, sent
 * back by the share island when the site owner turned collecting on. What a browser sends is a
 * claim: only this site's published pages are counted, a count only grows and by a bounded
 * amount, one client saves a few times an hour, and anything malformed, unsigned or sent while
 * collecting is off is refused with a short translated 4xx that stores and logs nothing.
 */
final class SaveSharesTest extends TestCase {

	private const ADDRESS = '192.0.2.10';

	protected function setUp(): void {
		parent::setUp();
		$this->collect( true );
		// The seed stores counts for its newest notices; these tests read the table whole
		// (rolled back after each test).
		$GLOBALS['wpdb']->query( 'DELETE FROM ' . ShareCounts::table() );
	}

	protected function tearDown(): void {
		$_SERVER['REQUEST_METHOD'] = 'GET';
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'] );
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		parent::tearDown();
	}

	/** Turns collecting counts in browsers on or off, as the settings screen saves it. */
	private function collect( bool $on ): void {
		$form = array();
		foreach ( Settings::section( Share::SECTION )->fields as $id => $field ) {
			$form[ $id ] = $field->default;
		}
		$form['collect'] = $on;
		update_option( Settings::OPTION, array( Share::SECTION => $form ) );
		$this->assertSame( $on, Settings::get( Share::SECTION, 'collect' ) );
	}

	/**
	 * The island's request: the counts and the nonce its props carry.
	 *
	 * @param mixed $counts share_counts.
	 */
	private function fields( $counts ): array {
		return array(
			'share_counts' => $counts,
			'_ajax_nonce'  => wp_create_nonce( SaveShares::NONCE ),
		);
	}

	/** POSTs the fields to the Facebook save from a client's address. */
	private function send( array $fields, string $address = self::ADDRESS ): Ajax {
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_SERVER['REMOTE_ADDR']    = $address;
		try {
			$answer = Ajax::post( SaveShares::action( 'facebook' ), $fields );
			// wp_send_json_success() sends no status line of its own: PHP's 200.
			$answer->status ??= 200;
			return $answer;
		} finally {
			$_SERVER['REQUEST_METHOD'] = 'GET';
		}
	}

	/**
	 * Sends counts with a valid nonce and expects them accepted; returns `saved`.
	 *
	 * @param array<string, string> $counts By URL.
	 */
	private function save( array $counts, string $address = self::ADDRESS ): int {
		$answer = $this->send( $this->fields( $counts ), $address );
		$json   = $answer->json();
		$this->assertSame( 200, $answer->status, $answer->body );
		$this->assertIsArray( $json, $answer->body );
		$this->assertTrue( $json['success'] );
		return $json['data']['saved'];
	}

	/** Facebook's stored count of a URL's page, or null when there is none. */
	private function facebook( string $url ): ?int {
		$page = (string) ShareCounts::page_of( $url );
		return ShareCounts::for_pages( array( $page ) )[ $page ]['facebook'] ?? null;
	}

	/** @return list<array<string, string>> Every stored count. */
	private function stored(): array {
		global $wpdb;
		return $wpdb->get_results( 'SELECT page, service, shares FROM ' . ShareCounts::table() . ' ORDER BY page, service', ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the plugin's own table, no input.
	}

	/**
	 * Expects a refusal with this status and a translated message; nothing stored, nothing
	 * written to the database (not even the rate limit's count) and nothing logged.
	 *
	 * @param int              $status  The status expected.
	 * @param callable(): Ajax $request Sends the request.
	 * @return string The message.
	 */
	private function assert_refused( int $status, callable $request ): string {
		// A translation that marks every string of the plugin, to see the message is translated.
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$before = $this->stored();
			$log    = DebugLog::open_proven();
			$writes = QueryLog::start();
			$answer = $request();
			$this->assertSame( array(), $writes->stop(), 'Nothing written.' );
			$this->assertSame( $status, $answer->status, $answer->body );
			$json = $answer->json();
			$this->assertIsArray( $json, $answer->body );
			$this->assertFalse( $json['success'] );
			$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,70}»$/u', $json['data']['message'] );
			$this->assertSame( $before, $this->stored(), 'Nothing stored.' );
			$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
			return $json['data']['message'];
		} finally {
			remove_filter( 'gettext_tenderpress', $mark );
		}
	}

	public function test_a_count_read_in_a_browser_is_stored_for_the_page(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$log    = DebugLog::open_proven();
		$this->assertSame( 1, $this->save( array( $notice => '12' ) ) );
		$this->assertSame( 12, $this->facebook( $notice ) );
		$this->assertSame(
			array(
				array(
					'page'    => ShareCounts::page_of( $notice ),
					'service' => 'facebook',
					'shares'  => '12',
				),
			),
			$this->stored(),
			'One row, for Facebook only.'
		);
		$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
	}

	public function test_a_count_grows_by_at_most_max_raise_per_save(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $notice ), 'facebook', 100 );
		$this->assertSame( 1, $this->save( array( $notice => (string) ShareServices::MAX_COUNT ) ) );
		$this->assertSame( 100 + SaveShares::MAX_RAISE, $this->facebook( $notice ) );
		$this->assertSame( 1, $this->save( array( $notice => '1000000' ) ) );
		$this->assertSame( 100 + 2 * SaveShares::MAX_RAISE, $this->facebook( $notice ), 'Each save adds at most MAX_RAISE.' );
		$this->assertSame( 1, $this->save( array( $notice => '210' ) ) );
		$this->assertSame( 210, $this->facebook( $notice ), 'A count within reach is stored as reported.' );
		$this->assertLessThanOrEqual( 100, SaveShares::MAX_RAISE, 'A forger adds little per save.' );
	}

	public function test_a_lower_or_equal_count_never_lowers_the_stored_one_and_marks_the_page_checked(): void {
		global $wpdb;
		$notice = (string) get_permalink( $this->make_notice() );
		$page   = (string) ShareCounts::page_of( $notice );
		ShareCounts::store( $page, 'facebook', 500 );
		ShareCounts::store( $page, 'pinterest', 7 );
		$before = $this->stored();
		$long   = '2020-01-01 00:00:00';
		foreach ( array( '0', '3', '499', '500' ) as $count ) {
			$wpdb->update( ShareCounts::table(), array( 'updated' => $long ), array( 'page_key' => sha1( $page ) ) );
			$this->assertSame( 0, $this->save( array( $notice => $count ) ), $count );
			$this->assertSame( $before, $this->stored(), 'Counts as they were.' );
			// Checked just now, so the count answer stops asking browsers for it for a while.
			$this->assertGreaterThan( $long, ShareCounts::last_refreshed( array( $page ), array( 'facebook' ) )[ $page ] );
			$this->assertSame( $long, ShareCounts::last_refreshed( array( $page ), array( 'pinterest' ) )[ $page ], 'Other networks untouched.' );
		}
	}

	/**
	 * The writes of a save, without the rate limit's own count (a transient on this site, which
	 * has no persistent object cache: see RateLimitTest for a site with one).
	 *
	 * @param list<string> $writes Statements QueryLog saw.
	 * @return list<string>
	 */
	private static function writes_but_the_rate_limit( array $writes ): array {
		return array_values( array_filter( $writes, static fn( string $sql ) => ! str_contains( $sql, RateLimit::PREFIX ) ) );
	}

	public function test_a_save_that_raises_no_count_writes_nothing(): void {
		global $wpdb;
		$notice = (string) get_permalink( $this->make_notice() );
		$page   = (string) ShareCounts::page_of( $notice );
		ShareCounts::store( $page, 'facebook', 500 );
		$before = $this->stored();
		foreach ( array( '0', '3', '499', '500' ) as $i => $count ) {
			$queries = $wpdb->num_queries;
			$log     = QueryLog::start();
			// A client each, so the rate limit never refuses.
			$this->assertSame( 0, $this->save( array( $notice => $count ), '192.0.2.' . ( 100 + $i ) ), $count );
			$this->assertSame( array(), self::writes_but_the_rate_limit( $log->stop() ), "A save of {$count} against 500 checked just now writes no count." );
			$this->assertSame( $before, $this->stored() );
			$this->assertLessThan( 20, $wpdb->num_queries - $queries, 'A handful of reads.' );
		}

		// With a persistent object cache the rate limit's count is not in the database either, so
		// such a save writes nothing at all. (WordPress's in-process cache stands in for one here:
		// within this request it is what a persistent cache is; see RateLimitTest.)
		$was = wp_using_ext_object_cache( true );
		try {
			$log = QueryLog::start();
			$this->assertSame( 0, $this->save( array( $notice => '500' ), '192.0.2.200' ) );
			$this->assertSame( array(), $log->stop(), 'Not one row written.' );
			$this->assertSame( 1, $this->save( array( $notice => '501' ), '192.0.2.201' ), 'A count that grows is still stored.' );
			$this->assertSame( 501, $this->facebook( $notice ) );
		} finally {
			wp_using_ext_object_cache( (bool) $was );
			wp_cache_flush_group( RateLimit::GROUP );
		}
	}

	public function test_a_zero_for_a_page_without_a_count_stores_no_row(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$this->assertSame( 0, $this->save( array( $notice => '0' ) ) );
		$this->assertSame( array(), $this->stored() );
	}

	public function test_only_this_sites_published_pages_are_counted(): void {
		$notice  = (string) get_permalink( $this->make_notice() );
		$post    = (string) get_permalink( self::factory_post( 'post', 'publish' ) );
		$page    = (string) get_permalink( self::factory_post( 'page', 'publish' ) );
		$draft   = self::factory_post( 'post', 'draft' );
		$private = self::factory_post( 'post', 'private' );
		$pending = $this->make_notice( array(), array( 'post_status' => 'pending' ) );
		$home    = home_url( '/' );
		$this->assertStringNotContainsString( '?', $notice, 'Pretty permalinks on the test site.' );

		$saved = $this->save(
			array(
				$notice                                => '5',
				str_replace( 'http://', 'https://', $post ) => '6',
				$page . '#comments'                    => '7',
				$home                                  => '8',
				// Not this site's.
				'https://evil.example/tenders/x/'      => '9',
				'http://127.0.0.1:9999/'               => '9',
				'javascript:alert(1)//' . $notice      => '9',
				// This site's, but no published page.
				home_url( '/invented/path/' )          => '9',
				home_url( '/tenders/no-such-notice/' ) => '9',
				home_url( '/?p=' . $draft )            => '9',
				(string) get_permalink( $draft )       => '9',
				home_url( '/?p=' . $private )          => '9',
				(string) get_permalink( $private )     => '9',
				home_url( '/?p=' . $pending )          => '9',
				home_url( '/wp-admin/' )               => '9',
				// A published page under another address than its own.
				$notice . '?utm_source=x'              => '9',
				$notice . '2/'                         => '9',
				home_url( '/?p=' . url_to_postid( $post ) ) => '9',
				$home . '?s=roads'                     => '9',
				$home . 'page/2/'                      => '9',
			)
		);
		$this->assertSame( 4, $saved );
		$expected = array();
		foreach ( array(
			$notice => '5',
			$post   => '6',
			$page   => '7',
			$home   => '8',
		) as $url => $count ) {
			$expected[] = array(
				'page'    => (string) ShareCounts::page_of( $url ),
				'service' => 'facebook',
				'shares'  => $count,
			);
		}
		usort( $expected, static fn( $a, $b ) => strcmp( $a['page'], $b['page'] ) );
		$this->assertSame( $expected, $this->stored(), 'Rows only for the four published pages.' );
	}

	public function test_odd_addresses_of_this_site_are_skipped_quietly(): void {
		$counts = array();
		foreach ( array(
			'/%zz%/',
			'/?p[]=1',
			'/?p=1&p=2',
			'/?p=' . str_repeat( '9', 30 ),
			'/?page_id=-1',
			'/?attachment_id=99999999999999999999',
			'/tenders/%E0%A4/',
			'/tenders/ü/',
			'/../../wp-config.php',
			'/index.php/tenders/',
			'/' . str_repeat( 'a/', 1000 ),
			'/?' . str_repeat( 'x', 2100 ),
		) as $path ) {
			$counts[ home_url( $path ) ] = '5';
		}
		$log = DebugLog::open_proven();
		$this->assertSame( 0, $this->save( $counts ) );
		$this->assertSame( array(), $this->stored() );
		$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
	}

	public function test_the_posts_page_and_a_static_front_page_are_counted(): void {
		$front = self::factory_post( 'page', 'publish' );
		$blog  = self::factory_post( 'page', 'publish' );
		update_option( 'show_on_front', 'page' );
		update_option( 'page_on_front', $front );
		update_option( 'page_for_posts', $blog );
		$counts = array(
			home_url( '/' )                 => '3',
			(string) get_permalink( $blog ) => '4',
		);
		$this->assertSame( 2, $this->save( $counts ) );
		$this->assertSame( 3, $this->facebook( home_url( '/' ) ) );
		$this->assertSame( 4, $this->facebook( (string) get_permalink( $blog ) ) );
	}

	public function test_two_addresses_of_one_page_count_once_with_the_larger_count(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$this->assertSame(
			1,
			$this->save(
				array(
					$notice => '4',
					str_replace( 'http://', 'https://', $notice ) => '9',
				)
			)
		);
		$this->assertSame( 9, $this->facebook( $notice ) );
	}

	public function test_a_signed_in_user_saves_too(): void {
		$this->log_in_as( 'subscriber' );
		$notice = (string) get_permalink( $this->make_notice() );
		$this->assertSame( 1, $this->save( array( $notice => '2' ) ) );
		$this->assertSame( 2, $this->facebook( $notice ) );
	}

	/** @return array<string, array{0: mixed, 1: string}> share_counts, and what the message says. */
	public function bad_counts(): array {
		$url  = 'http://127.0.0.1:8888/';
		$many = array();
		for ( $i = 0; $i <= ShareCounts::MAX_URLS; $i++ ) {
			$many[ $url . '?n=' . $i ] = '1';
		}
		return array(
			'no share_counts'           => array( null, 'share_counts' ),
			'a string'                  => array( '12', 'share_counts' ),
			'an empty string'           => array( '', 'share_counts' ),
			'a list, not a map'         => array( array( '12', '13' ), 'share_counts' ),
			'a list of one'             => array( array( '12' ), 'share_counts' ),
			'more than fifty addresses' => array( $many, 'at most' ),
			'letters after digits'      => array( array( $url => '12abc' ), 'whole number' ),
			'negative'                  => array( array( $url => '-1' ), 'whole number' ),
			'an exponent'               => array( array( $url => '1e3' ), 'whole number' ),
			'decimals'                  => array( array( $url => '1.5' ), 'whole number' ),
			'a plus sign'               => array( array( $url => '+5' ), 'whole number' ),
			'a space'                   => array( array( $url => ' 12' ), 'whole number' ),
			'a newline after'           => array( array( $url => "12\n" ), 'whole number' ),
			'hex'                       => array( array( $url => '0x' . dechex( 31 ) ), 'whole number' ),
			'Arabic-Indic digits'       => array( array( $url => '١٢' ), 'whole number' ),
			'empty'                     => array( array( $url => '' ), 'whole number' ),
			'an array'                  => array( array( $url => array( '12' ) ), 'whole number' ),
			'a nested map'              => array( array( $url => array( 'a' => array( 'b' => '1' ) ) ), 'whole number' ),
			'above MAX_COUNT'           => array( array( $url => (string) ( ShareServices::MAX_COUNT + 1 ) ), 'whole number' ),
			'twenty digits'             => array( array( $url => str_repeat( '9', 20 ) ), 'whole number' ),
			'a 1 MB string'             => array( array( $url => str_repeat( '1', 1024 * 1024 ) ), 'whole number' ),
			'a script'                  => array( array( $url => '<script>alert(1)</script>' ), 'whole number' ),
			'one bad among good ones'   => array(
				array(
					$url        => '5',
					$url . '?a' => '6',
					$url . '?b' => 'x',
				),
				'whole number',
			),
		);
	}

	/**
	 * @dataProvider bad_counts
	 * @param mixed $counts share_counts.
	 */
	public function test_malformed_counts_get_a_short_translated_400_and_store_nothing( $counts, string $says ): void {
		$notice = (string) get_permalink( $this->make_notice() );
		// The site's own page alongside (where there is room), so that a partial save would show.
		if ( is_array( $counts ) && ! array_is_list( $counts ) && count( $counts ) < ShareCounts::MAX_URLS ) {
			$counts = array( $notice => '7' ) + $counts;
		}
		$fields = $this->fields( $counts );
		if ( null === $counts ) {
			unset( $fields['share_counts'] );
		}
		$message = $this->assert_refused( 400, fn() => $this->send( $fields ) );
		$this->assertStringContainsString( $says, $message );
		$this->assertNull( $this->facebook( $notice ), 'All or nothing.' );
	}

	public function test_a_malformed_request_does_not_use_up_the_clients_allowance(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		for ( $i = 0; $i < SaveShares::RATE_LIMIT * 2; $i++ ) {
			$this->assertSame( 400, $this->send( $this->fields( array( $notice => 'x' ) ) )->status );
		}
		$this->assertSame( 1, $this->save( array( $notice => '1' ) ) );
	}

	/** A nonce WordPress made for this action three days ago (nonces last a day or two). */
	private static function old_nonce(): string {
		$tick = wp_nonce_tick( SaveShares::NONCE ) - 6;
		return substr( wp_hash( $tick . '|' . SaveShares::NONCE . '|0|', 'nonce' ), -12, 10 );
	}

	public function test_a_missing_or_stale_nonce_gets_403_and_stores_nothing(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$this->assertSame( 1, wp_verify_nonce( substr( wp_hash( wp_nonce_tick( SaveShares::NONCE ) . '|' . SaveShares::NONCE . '|0|', 'nonce' ), -12, 10 ), SaveShares::NONCE ), 'old_nonce() makes nonces as WordPress does.' );
		$fields = $this->fields( array( $notice => '5' ) );
		foreach ( array(
			'missing'           => null,
			'empty'             => '',
			'three days old'    => self::old_nonce(),
			'another action\'s' => wp_create_nonce( 'tenderpress_pagination' ),
			'invented'          => 'abcdef0123',
			'an array'          => array( $fields['_ajax_nonce'] ),
			'a script'          => '<script>alert(1)</script>',
		) as $case => $nonce ) {
			$sent = $fields;
			if ( null === $nonce ) {
				unset( $sent['_ajax_nonce'] );
			} else {
				$sent['_ajax_nonce'] = $nonce;
			}
			$message = $this->assert_refused( 403, fn() => $this->send( $sent ) );
			$this->assertStringContainsString( 'Reload', $message, $case );
		}
		$this->assertNull( $this->facebook( $notice ) );
	}

	public function test_a_nonce_only_in_the_query_string_is_not_enough(): void {
		$notice                  = (string) get_permalink( $this->make_notice() );
		$fields                  = $this->fields( array( $notice => '5' ) );
		$_GET['_ajax_nonce']     = $fields['_ajax_nonce'];
		$_REQUEST['_ajax_nonce'] = $fields['_ajax_nonce'];
		unset( $fields['_ajax_nonce'] );
		$this->assertSame( 403, $this->send( $fields )->status );
		$this->assertNull( $this->facebook( $notice ) );
	}

	public function test_nothing_is_saved_while_collecting_is_off(): void {
		$this->collect( false );
		$notice  = (string) get_permalink( $this->make_notice() );
		$message = $this->assert_refused( 403, fn() => $this->send( $this->fields( array( $notice => '5' ) ) ) );
		$this->assertStringContainsString( 'does not collect', $message );
	}

	public function test_collecting_is_off_on_a_new_site(): void {
		delete_option( Settings::OPTION );
		$this->assertFalse( Settings::get( Share::SECTION, 'collect' ) );
		$notice = (string) get_permalink( $this->make_notice() );
		$this->assert_refused( 403, fn() => $this->send( $this->fields( array( $notice => '5' ) ) ) );
	}

	public function test_a_get_request_is_refused(): void {
		$notice                 = (string) get_permalink( $this->make_notice() );
		$_SERVER['REMOTE_ADDR'] = self::ADDRESS;
		$message                = $this->assert_refused( 405, fn() => Ajax::get( SaveShares::action( 'facebook' ), $this->fields( array( $notice => '5' ) ) ) );
		$this->assertStringContainsString( 'POST', $message );
		$this->assertNull( $this->facebook( $notice ) );
	}

	public function test_only_networks_counted_in_browsers_have_a_save(): void {
		$this->assertSame( array( 'facebook' ), SaveShares::networks() );
		$this->assertSame( 'tenderpress_save_facebook_shares', SaveShares::action( 'facebook' ) );
		$this->assertNotFalse( has_action( 'wp_ajax_nopriv_tenderpress_save_facebook_shares' ) );
		$this->assertNotFalse( has_action( 'wp_ajax_tenderpress_save_facebook_shares' ) );
		foreach ( array( 'tumblr', 'pinterest', 'vk', 'x', 'email', 'nonsense' ) as $network ) {
			$this->assertFalse( has_action( 'wp_ajax_nopriv_' . SaveShares::action( $network ) ), $network . ': the action does not exist.' );
			$this->assertFalse( has_action( 'wp_ajax_' . SaveShares::action( $network ) ), $network );
		}
	}

	public function test_a_client_saves_a_few_times_an_hour_then_gets_429(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		for ( $i = 1; $i <= SaveShares::RATE_LIMIT; $i++ ) {
			$this->assertSame( 1, $this->save( array( $notice => (string) $i ) ), "save {$i}" );
		}
		$this->assertSame( SaveShares::RATE_LIMIT, $this->facebook( $notice ) );
		$message = $this->assert_refused( 429, fn() => $this->send( $this->fields( array( $notice => '40' ) ) ) );
		$this->assertStringContainsString( 'Try again later', $message );
		$this->assertSame( SaveShares::RATE_LIMIT, $this->facebook( $notice ) );

		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.99';
		$this->assertSame( 429, $this->send( $this->fields( array( $notice => '40' ) ) )->status, 'An invented X-Forwarded-For changes nothing.' );
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'] );

		$this->assertSame( 1, $this->save( array( $notice => '40' ), '192.0.2.77' ), 'Another client is still allowed.' );
		$this->assertSame( 40, $this->facebook( $notice ) );
	}

	public function test_a_client_may_save_again_once_its_hour_is_over(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		for ( $i = 1; $i <= SaveShares::RATE_LIMIT; $i++ ) {
			$this->save( array( $notice => (string) $i ) );
		}
		$this->assertSame( 429, $this->send( $this->fields( array( $notice => '9' ) ) )->status );

		// The hour passes: WordPress finds the count's transient expired, as it would an hour on.
		$this->assertFalse( (bool) wp_using_ext_object_cache(), 'Transients live in the options table here.' );
		$_SERVER['REMOTE_ADDR'] = self::ADDRESS;
		$key                    = RateLimit::key( SaveShares::RATE_BUCKET );
		$this->assertNotFalse( get_option( '_transient_timeout_' . $key ) );
		$this->assertLessThanOrEqual( time() + SaveShares::RATE_WINDOW, (int) get_option( '_transient_timeout_' . $key ), 'The window is an hour.' );
		update_option( '_transient_timeout_' . $key, time() - 1 );

		$this->assertSame( 1, $this->save( array( $notice => '9' ) ) );
		$this->assertSame( 9, $this->facebook( $notice ) );
	}

	public function test_the_answer_says_how_many_pages_grew(): void {
		$a = (string) get_permalink( $this->make_notice() );
		$b = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $b ), 'facebook', 30 );
		$counts = array(
			$a                   => '3',
			$b                   => '30',
			home_url( '/nope/' ) => '4',
		);
		$answer = $this->send( $this->fields( $counts ) );
		$this->assertSame( 200, $answer->status );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array( 'saved' => 1 ),
			),
			$answer->json()
		);
	}

	/** A post of a type and status; returns its id. */
	private static function factory_post( string $type, string $status ): int {
		$id = wp_insert_post(
			array(
				'post_type'   => $type,
				'post_status' => $status,
				'post_title'  => 'Share test ' . wp_generate_password( 6, false ),
			),
			true
		);
		\PHPUnit\Framework\Assert::assertIsInt( $id );
		return $id;
	}
}
