<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\SharingCount;
use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;

/**
 * `tenderpress_sharing_count`: the stored counts of this site's pages, for anyone, from cached
 * pages. Only this site's addresses are answered, the answer never carries what a visitor sent
 * (the original plugin echoed `urls[]` into its answer: a cross-site scripting hole), a call
 * costs the same queries for one address as for fifty and writes nothing, and bad input gets a
 * short translated 400 that changes nothing and logs nothing.
 */
final class SharingCountTest extends TestCase {

	/** @return array<string, mixed> */
	private function ask( $urls ): array {
		$answer = Ajax::get( SharingCount::ACTION, null === $urls ? array() : array( 'urls' => $urls ) );
		$json   = $answer->json();
		$this->assertIsArray( $json, substr( $answer->body, 0, 200 ) );
		$this->assertStringNotContainsString( '<script', $answer->body );
		return array( $answer->status, $json, $answer->body );
	}

	private function stored(): array {
		global $wpdb;
		return $wpdb->get_results( 'SELECT * FROM ' . ShareCounts::table() . ' ORDER BY page_key, service', ARRAY_A );
	}

	public function test_it_answers_the_stored_counts_of_this_sites_pages_only(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$other  = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $notice ), 'facebook', 12 );
		ShareCounts::store( (string) ShareCounts::page_of( $notice ), 'pinterest', 3 );

		list( $status, $json ) = $this->ask(
			array(
				$notice,
				$other,
				$notice . '#comments',
				str_replace( 'http://', 'https://', $notice ),
				'https://evil.example/tenders/x/',
				'http://127.0.0.1:9999/tenders/x/',
				'javascript:alert(1)//' . $notice,
				'//127.0.0.1:8888/tenders/x/',
				'ftp://127.0.0.1:8888/tenders/x/',
				'http://user:secret@127.0.0.1:8888/tenders/x/',
				str_repeat( 'a', 3000 ),
				array( $notice ),
				42,
			)
		);
		$this->assertSame( 200, $status );
		$this->assertSame( 1, $json['status'] );
		$this->assertSame(
			array(
				$notice => array(
					'facebook'  => 12,
					'pinterest' => 3,
				),
				$other  => array(),
			),
			$json['message'],
			'Each of this site\'s pages once (a fragment or another scheme is the same page); nothing else.'
		);
	}

	/**
	 * Counts at the edges of the spec's display rule (§9): hidden below 1, thousands and
	 * millions with one decimal, cut rather than rounded.
	 *
	 * @return array<string, array{int, string}>
	 */
	public static function counts_as_shown(): array {
		return array(
			'none'                 => array( 0, '' ),
			'one'                  => array( 1, '1' ),
			'below a thousand'     => array( 999, '999' ),
			'a thousand'           => array( 1000, '1.0K' ),
			'cut, not rounded up'  => array( 1049, '1.0K' ),
			'just below a million' => array( 999999, '999.9K' ),
			'a million'            => array( 1000000, '1.0M' ),
			'millions'             => array( 1250000, '1.2M' ),
		);
	}

	/** @dataProvider counts_as_shown */
	public function test_a_count_is_shown_as_the_spec_says( int $count, string $shown ): void {
		$this->assertSame( $shown, ShareCounts::format( $count ) );
	}

	public function test_the_answer_carries_each_pages_counts_as_its_bars_show_them(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		$quiet  = (string) get_permalink( $this->make_notice() );
		$page   = (string) ShareCounts::page_of( $notice );
		ShareCounts::store( $page, 'facebook', 1250 );
		ShareCounts::store( $page, 'x', 1 );
		ShareCounts::store( $page, 'whatsapp', 0 );

		list( $status, $json ) = $this->ask( array( $notice, $quiet ) );
		$this->assertSame( 200, $status );
		$this->assertSame(
			array(
				'total'    => array(
					'value'   => 1251,
					'count'   => '1.2K',
					'caption' => 'Shares',
				),
				'services' => array(
					'facebook' => array(
						'count' => '1.2K',
						'said'  => '1.2K shares',
					),
					'x'        => array(
						'count' => '1',
						'said'  => '1 share',
					),
				),
			),
			$json['shown'][ $notice ],
			'Formatted, with the words in the plural form of each count; a count of 0 shows none.'
		);
		$this->assertSame(
			array(
				'total'    => array(
					'value'   => 0,
					'count'   => '0',
					'caption' => 'Shares',
				),
				'services' => array(),
			),
			$json['shown'][ $quiet ],
			'A page with no count: the total still reads 0.'
		);
		$this->assertStringContainsString( '"services":{}', Ajax::get( SharingCount::ACTION, array( 'urls' => array( $quiet ) ) )->body, 'services stays a map when empty.' );
		$this->assertSame( 'Share', Share::shown_counts( array( 'x' => 1 ) )['total']['caption'], 'Exactly 1 takes the singular.' );
	}

	public function test_the_words_are_in_the_pages_language_not_the_askers(): void {
		$notice = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $notice ), 'x', 3 );
		// A signed-in administrator who reads the admin in Hindi asks from an English page.
		$admin = $this->log_in_as( 'administrator' );
		update_user_meta( $admin, 'locale', 'hi_IN' );
		$english = Ajax::get( SharingCount::ACTION, array( 'urls' => array( $notice ) ) )->json();
		$this->assertSame( '3 shares', $english['shown'][ $notice ]['services']['x']['said'], 'Without lang: the site\'s language, never the asker\'s own.' );
		$hindi = Ajax::get(
			SharingCount::ACTION,
			array(
				'urls' => array( $notice ),
				'lang' => 'hi_IN',
			)
		)->json();
		$this->assertSame( '3 बार साझा', $hindi['shown'][ $notice ]['services']['x']['said'], 'With the page\'s lang: its words.' );
		$this->assertSame( 'शेयर', $hindi['shown'][ $notice ]['total']['caption'] );
		wp_set_current_user( 0 );

		foreach ( array( 'hi-IN"><script>', '../etc', array( 'hi_IN' ) ) as $bad ) {
			$answer = Ajax::get(
				SharingCount::ACTION,
				array(
					'urls' => array( $notice ),
					'lang' => $bad,
				)
			);
			$this->assertSame( 400, $answer->status, (string) wp_json_encode( $bad ) );
			$this->assertStringNotContainsString( '<script', $answer->body );
		}
	}

	public function test_the_xss_payload_the_original_plugin_echoed_is_not_answered(): void {
		$home = home_url( '/' );
		foreach ( array(
			$home . '"><script>alert(document.cookie)</script>',
			$home . "'><img src=x onerror=alert(1)>",
			$home . '<svg/onload=alert(1)>',
			'javascript:alert(1)',
			'data:text/html,<script>alert(1)</script>',
		) as $payload ) {
			list( $status, $json, $body ) = $this->ask( array( $payload ) );
			$this->assertSame( 200, $status );
			$this->assertEquals( new \stdClass(), (object) $json['message'], $payload );
			$this->assertStringNotContainsString( 'alert', $body );
			$this->assertStringNotContainsString( 'onerror', $body );
		}
	}

	/** @return array<string, array{0: mixed, 1: string}> */
	public function bad_requests(): array {
		return array(
			'no urls'                 => array( null, 'list' ),
			'a string, not a list'    => array( 'http://127.0.0.1:8888/', 'list' ),
			'keys instead of a list'  => array( array( 'a' => 'http://127.0.0.1:8888/' ), 'list' ),
			'more than fifty'         => array( 51, 'at most' ),
			'ten thousand addresses'  => array( 10000, 'at most' ),
		);
	}

	/**
	 * @dataProvider bad_requests
	 * @param mixed $urls Or, as a number, that many addresses.
	 */
	public function test_bad_input_gets_a_short_translated_400_and_changes_nothing( $urls, string $says ): void {
		$urls = is_int( $urls ) ? array_fill( 0, $urls, home_url( '/' ) ) : $urls;
		// A translation that marks every string of the plugin, to see the message is translated.
		$mark = static fn( $translation ) => '«' . $translation . '»';
		add_filter( 'gettext_tenderpress', $mark );
		try {
			$before = $this->stored();
			$log    = DebugLog::open_proven();
			$writes = QueryLog::start();
			list( $status, $json ) = $this->ask( $urls );
			$this->assertSame( array(), $writes->stop(), 'Nothing written.' );
			$this->assertSame( 400, $status );
			$this->assertFalse( $json['success'] );
			$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,60}»$/u', $json['data']['message'] );
			$this->assertStringContainsString( $says, $json['data']['message'] );
			$this->assertSame( $before, $this->stored() );
			$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
		} finally {
			remove_filter( 'gettext_tenderpress', $mark );
		}
	}

	public function test_fifty_addresses_cost_the_queries_of_one_and_write_nothing(): void {
		global $wpdb;
		$pages = array();
		for ( $i = 0; $i < 50; $i++ ) {
			$pages[] = home_url( '/tenders/page-' . $i . '/' );
		}
		$cost = function ( array $urls ) use ( $wpdb ): int {
			$before = $wpdb->num_queries;
			$writes = QueryLog::start();
			list( $status ) = $this->ask( $urls );
			$this->assertSame( 200, $status );
			$this->assertSame( array(), $writes->stop(), 'A read writes nothing.' );
			return $wpdb->num_queries - $before;
		};
		$one   = $cost( array_slice( $pages, 0, 1 ) );
		$fifty = $cost( $pages );
		$this->assertSame( $one, $fifty );
		$this->assertLessThanOrEqual( 1, $fifty, 'One statement at most.' );
	}

	public function test_browsers_are_asked_to_collect_only_when_the_owner_turned_it_on_and_only_what_is_missing_or_old(): void {
		global $wpdb;
		$counted = (string) get_permalink( $this->make_notice() );
		$missing = (string) get_permalink( $this->make_notice() );
		$old     = (string) get_permalink( $this->make_notice() );
		ShareCounts::store( (string) ShareCounts::page_of( $counted ), 'facebook', 7 );
		ShareCounts::store( (string) ShareCounts::page_of( $old ), 'facebook', 9 );
		ShareCounts::store( (string) ShareCounts::page_of( $missing ), 'tumblr', 2 );
		$wpdb->update( ShareCounts::table(), array( 'updated' => gmdate( 'Y-m-d H:i:s', time() - ShareCountRefresh::REFRESH_INTERVAL - 60 ) ), array( 'page_key' => sha1( (string) ShareCounts::page_of( $old ) ) ) );

		list( , $json ) = $this->ask( array( $counted, $missing, $old ) );
		$this->assertSame( array( 'status', 'message', 'shown' ), array_keys( $json ), 'Off by default: no network is named, so no browser asks one.' );

		// As the settings form sends the section: every field at its default, collecting on.
		update_option( Settings::OPTION, array( Share::SECTION => array( 'collect' => true ) + array_map( static fn( $field ) => $field->default, Settings::section( Share::SECTION )->fields ) ) );
		try {
			list( $status, $json ) = $this->ask( array( $counted, $missing, $old ) );
			$this->assertSame( 200, $status );
			$this->assertTrue( $json['facebook'] );
			$this->assertSame( array( $missing, $old ), $json['facebook_urls'], 'Not the page whose count is fresh.' );
			$this->assertArrayNotHasKey( 'tumblr', $json, 'Networks read by the server are not a browser\'s business.' );
		} finally {
			Settings::forget_stored();
		}
	}
}
