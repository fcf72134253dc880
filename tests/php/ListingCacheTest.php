<?php
namespace TenderPress\Tests;

use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;

/**
 * Rendered listing pages stay cached while an editor merely has a notice open (the heartbeat
 * renews its edit lock every 15 seconds), are invalidated once per save however many fields the
 * save changes, and live in the object cache: nothing piles up in the database.
 */
final class ListingCacheTest extends TestCase {

	/** @var int How many times the listing cache was invalidated since the test began. */
	private $invalidations = 0;

	/** @var callable */
	private $count_invalidations;

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/post.php';
		require_once ABSPATH . 'wp-admin/includes/misc.php';
		$this->count_invalidations = function ( $group ) {
			if ( ListingCache::GROUP === $group ) {
				++$this->invalidations;
			}
		};
		add_action( 'wp_cache_set_last_changed', $this->count_invalidations );
	}

	protected function tearDown(): void {
		remove_action( 'wp_cache_set_last_changed', $this->count_invalidations );
		parent::tearDown();
	}

	/** @return array<string, mixed> */
	private function listing(): array {
		return ListingSettings::from_attributes( array( 'perPage' => 10 ) );
	}

	/** Listing queries run from now on (a cache hit runs none). */
	private function listing_queries( callable $during ): int {
		$queries = 0;
		$count = static function ( $posts, $query ) use ( &$queries ) {
			if ( 'tender' === $query->get( 'post_type' ) ) {
				++$queries;
			}
			return $posts;
		};
		add_filter( 'posts_pre_query', $count, 10, 2 );
		try {
			$during();
		} finally {
			remove_filter( 'posts_pre_query', $count );
		}
		return $queries;
	}

	private function first_notice_on_page_one(): int {
		return (int) get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 1,
				'fields'      => 'ids',
				'orderby'     => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
			)
		)[0];
	}

	public function test_an_editor_keeping_a_notice_open_for_a_minute_leaves_the_cache_intact(): void {
		$this->log_in_as( 'editor' );
		$notice = $this->first_notice_on_page_one();
		ListingPage::get( $this->listing(), 1 );
		$this->invalidations = 0;

		// What the block editor's heartbeat does every 15 s while the notice is open.
		wp_set_post_lock( $notice );
		for ( $beat = 1; $beat <= 4; $beat++ ) {
			$response = wp_refresh_post_lock(
				array(),
				array(
					'wp-refresh-post-lock' => array( 'post_id' => $notice ),
				),
				'tender'
			);
			$this->assertArrayHasKey( 'new_lock', $response['wp-refresh-post-lock'], 'The lock was renewed.' );
		}
		update_post_meta( $notice, '_edit_last', get_current_user_id() );

		$this->assertSame( 0, $this->listing_queries( fn() => ListingPage::get( $this->listing(), 1 ) ), 'Page 1 still comes from the cache.' );
		$this->assertSame( 0, $this->invalidations );
	}

	public function test_saving_a_notice_with_ten_fields_invalidates_once_and_shows_the_change(): void {
		$this->log_in_as( 'editor' );
		$notice = $this->first_notice_on_page_one();
		ListingPage::get( $this->listing(), 1 );
		$this->invalidations = 0;

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $notice,
			array(
				'title' => 'Renamed notice for the cache test',
				'meta'  => array(
					'tp_reference'      => 'CACHE/2026/001',
					'tp_buyer'          => 'Cache Test Buyer',
					'tp_published_date' => '2026-11-01',
					'tp_deadline'       => '2099-12-01 15:00:00',
					'tp_eoi_deadline'   => '2099-11-20 15:00:00',
					'tp_opening_date'   => '2099-12-02 11:00:00',
					'tp_value_amount'   => 1250000,
					'tp_bid_security'   => 25000,
					'tp_document_fee'   => 1000,
					'tp_currency'       => 'INR',
				),
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$html = ListingPage::get( $this->listing(), 1 )['html'];

		$this->assertSame( 1, $this->invalidations, 'One save, one invalidation.' );
		$this->assertStringContainsString( 'Renamed notice for the cache test', $html );
		$this->assertStringContainsString( 'Cache Test Buyer', $html );
	}

	public function test_renaming_a_location_shows_on_the_cached_page(): void {
		$html = ListingPage::get( $this->listing(), 1 )['html'];
		$location = get_the_terms( $this->first_notice_on_page_one(), 'tender_location' )[0];
		$this->assertStringContainsString( esc_html( $location->name ), $html );

		wp_update_term( $location->term_id, 'tender_location', array( 'name' => 'Renamed District' ) );
		$this->assertStringContainsString( 'Renamed District', ListingPage::get( $this->listing(), 1 )['html'] );
	}

	public function test_listings_leave_no_rows_behind(): void {
		global $wpdb;
		$rows = static fn() => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options}" );
		$before = $rows();
		for ( $page = 1; $page <= 12; $page++ ) {
			ListingPage::get( $this->listing(), $page );
			ListingPage::get( ListingSettings::from_attributes( array( 'perPage' => 5 ) ), $page, array( 'noticeType' => 'eoi' ) );
		}
		ListingCache::bump();
		for ( $page = 1; $page <= 12; $page++ ) {
			ListingPage::get( $this->listing(), $page );
		}
		$this->assertSame( $before, $rows(), 'Rendered pages live in the object cache, not in options or transients.' );
		$this->assertSame( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tp\\_list\\_%'" ) );
	}

	public function test_an_unrelated_post_or_private_meta_does_not_invalidate(): void {
		$this->log_in_as( 'editor' );
		$this->invalidations = 0;
		$post = wp_insert_post(
			array(
				'post_title'  => 'A blog post',
				'post_status' => 'publish',
			)
		);
		update_post_meta( $post, 'tp_buyer', 'Not a notice' );
		update_post_meta( $this->first_notice_on_page_one(), '_wp_old_slug', 'old-slug' );
		ListingCache::publish_pending();
		$this->assertSame( 0, $this->invalidations );
	}
}
