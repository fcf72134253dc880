<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeStatus;
use TenderPress\Listings\FilterCounts;
use TenderPress\Listings\FilteredView;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Listings\NoticeListing;
use TenderPress\Listings\NoticeViews;
use TenderPress\Support\Upgrade;

/**
 * Filters and sort orders of a listing, checked against the seeded notices themselves: for each
 * filter (alone and combined) the notices listed are exactly those whose stored fields match,
 * computed here from postmeta and terms without the lookup table, in the order asked for.
 * Also: the lookup table follows every change to a notice, the upgrade fills it, bad filters in
 * a page's URL are left out with a message, and a filtered view is not indexed.
 */
final class NoticeFiltersTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		parent::tearDown();
	}

	/**
	 * Every published notice with the fields the filters read, from postmeta and terms.
	 *
	 * @return list<array{id:int,date:string,type:string,deadline:string,value:?float,buyer:string,categories:list<string>,locations:list<string>}>
	 */
	private function truth(): array {
		// Read once per test (no test changes a notice before reading this).
		return $this->truth ??= $this->read_truth();
	}

	/** @var list<array<string, mixed>>|null */
	private $truth;

	/** @return list<array{id:int,date:string,type:string,deadline:string,value:?float,buyer:string,categories:list<string>,locations:list<string>}> */
	private function read_truth(): array {
		$notices = array();
		// get_posts() primed the term cache: get_the_terms() reads it.
		$slugs = static function ( \WP_Post $post, string $taxonomy ): array {
			$terms = get_the_terms( $post, $taxonomy );
			return is_array( $terms ) ? wp_list_pluck( $terms, 'slug' ) : array();
		};
		foreach ( get_posts(
			array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'numberposts' => -1,
			)
		) as $post ) {
			$type      = get_post_meta( $post->ID, 'tp_notice_type', true );
			$value     = get_post_meta( $post->ID, 'tp_value_amount', true );
			$notices[] = array(
				'id'         => $post->ID,
				'date'       => $post->post_date,
				'type'       => '' === $type ? 'tender' : $type,
				'deadline'   => (string) get_post_meta( $post->ID, 'tp_deadline', true ),
				'value'      => is_numeric( $value ) ? (float) $value : null,
				'buyer'      => (string) get_post_meta( $post->ID, 'tp_buyer', true ),
				'categories' => $slugs( $post, 'tender_category' ),
				'locations'  => $slugs( $post, 'tender_location' ),
			);
		}
		return $notices;
	}

	/**
	 * The ids a listing with these filters shows, page after page.
	 *
	 * @param array<string, string> $filters
	 * @return list<int>
	 */
	private function listed( array $filters ): array {
		ListingCache::bump();
		$query = new \WP_Query( NoticeListing::query_args( array_merge( ListingSettings::from_attributes( array( 'perPage' => 50 ) ), $filters ), 1 ) + array( 'fields' => 'ids' ) );
		$ids   = array_map( 'intval', $query->posts );
		for ( $page = 2; $page <= $query->max_num_pages; $page++ ) {
			$next = new \WP_Query( NoticeListing::query_args( array_merge( ListingSettings::from_attributes( array( 'perPage' => 50 ) ), $filters ), $page ) + array( 'fields' => 'ids' ) );
			$ids  = array_merge( $ids, array_map( 'intval', $next->posts ) );
		}
		$this->assertSame( count( $ids ), (int) $query->found_posts, 'The count matches the notices listed.' );
		return $ids;
	}

	/**
	 * The ids of the notices matching the filters, in the order the listing promises.
	 *
	 * @param array<string, string> $filters
	 * @return list<int>
	 */
	private function expected( array $filters ): array {
		$now     = wp_date( 'Y-m-d H:i:s' );
		$soon    = wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() );
		$sort     = $filters['sort'] ?? 'newest';
		$children = static fn( string $slug, string $taxonomy ): array => array_merge(
			array( $slug ),
			array_map(
				static fn( $id ) => get_term( $id, $taxonomy )->slug,
				get_term_children( get_term_by( 'slug', $slug, $taxonomy )->term_id, $taxonomy )
			)
		);
		$terms    = array(
			'category' => isset( $filters['category'] ) ? $children( $filters['category'], 'tender_category' ) : array(),
			'location' => isset( $filters['location'] ) ? $children( $filters['location'], 'tender_location' ) : array(),
		);
		$matches  = array_filter(
			$this->truth(),
			static function ( array $n ) use ( $filters, $now, $soon, $sort, $terms ): bool {
				$open = '' !== $n['deadline'] && $n['deadline'] > $now;
				return ( ! isset( $filters['noticeType'] ) || $n['type'] === $filters['noticeType'] )
					&& ( ! isset( $filters['status'] ) || ( 'open' === $filters['status'] && $open ) || ( 'closing-soon' === $filters['status'] && $open && $n['deadline'] <= $soon ) || ( 'closed' === $filters['status'] && '' !== $n['deadline'] && ! $open ) )
					&& ( 'closing' !== $sort || $open )
					&& ( ! isset( $filters['category'] ) || array_intersect( $n['categories'], $terms['category'] ) )
					&& ( ! isset( $filters['location'] ) || array_intersect( $n['locations'], $terms['location'] ) )
					&& ( ! isset( $filters['deadlineFrom'] ) || ( '' !== $n['deadline'] && $n['deadline'] >= $filters['deadlineFrom'] . ' 00:00:00' ) )
					&& ( ! isset( $filters['deadlineTo'] ) || ( '' !== $n['deadline'] && $n['deadline'] <= $filters['deadlineTo'] . ' 23:59:59' ) )
					&& ( ! isset( $filters['valueMin'] ) || ( null !== $n['value'] && $n['value'] >= (float) $filters['valueMin'] ) )
					&& ( ! isset( $filters['valueMax'] ) || ( null !== $n['value'] && $n['value'] <= (float) $filters['valueMax'] ) )
					&& ( ! isset( $filters['buyer'] ) || $n['buyer'] === $filters['buyer'] );
			}
		);
		usort(
			$matches,
			static function ( array $a, array $b ) use ( $sort ): int {
				switch ( $sort ) {
					case 'closing':
						return array( $a['deadline'], $a['id'] ) <=> array( $b['deadline'], $b['id'] );
					case 'value':
						return array( $b['value'] ?? -1, $b['id'] ) <=> array( $a['value'] ?? -1, $a['id'] );
				}
				return array( $b['date'], $b['id'] ) <=> array( $a['date'], $a['id'] );
			}
		);
		return array_column( $matches, 'id' );
	}

	/** A buyer of the seed with several notices. */
	private function a_buyer(): string {
		$buyers = array_count_values( array_filter( array_column( $this->truth(), 'buyer' ) ) );
		arsort( $buyers );
		return (string) array_key_first( $buyers );
	}

	/** @return array<string, array{0: array<string, string>}> */
	public function filter_sets(): array {
		$today = wp_date( 'Y-m-d' );
		$month = wp_date( 'Y-m-d', time() + 30 * DAY_IN_SECONDS );
		return array(
			'type: EOI'                         => array( array( 'noticeType' => 'eoi' ) ),
			'type: corrigendum'                 => array( array( 'noticeType' => 'corrigendum' ) ),
			'status: open'                      => array( array( 'status' => 'open' ) ),
			'status: closing soon'              => array( array( 'status' => 'closing-soon' ) ),
			'status: closed'                    => array( array( 'status' => 'closed' ) ),
			'category'                          => array( array( 'category' => 'civil-works' ) ),
			'location: a state takes its cities' => array( array( 'location' => 'maharashtra' ) ),
			'location: a city'                  => array( array( 'location' => 'pune' ) ),
			'deadline from'                     => array( array( 'deadlineFrom' => $today ) ),
			'deadline range'                    => array( array( 'deadlineFrom' => $today, 'deadlineTo' => $month ) ),
			'value at least'                    => array( array( 'valueMin' => '250000000' ) ),
			'value range'                       => array( array( 'valueMin' => '10000000', 'valueMax' => '50000000.50' ) ),
			'sort: newest'                      => array( array() ),
			'sort: closing soonest'             => array( array( 'sort' => 'closing' ) ),
			'sort: highest value'               => array( array( 'sort' => 'value' ) ),
			'type, status, location, by value'  => array( array( 'noticeType' => 'tender', 'status' => 'open', 'location' => 'maharashtra', 'sort' => 'value' ) ),
			'category, deadline range, value'   => array( array( 'category' => 'electrical', 'deadlineFrom' => $today, 'deadlineTo' => $month, 'valueMin' => '1000000' ) ),
			'EOIs closing soonest in a state'   => array( array( 'noticeType' => 'eoi', 'location' => 'kerala', 'sort' => 'closing' ) ),
			'closed, by value, in a category'   => array( array( 'status' => 'closed', 'category' => 'consultancy', 'sort' => 'value' ) ),
			'a category and a state'            => array( array( 'category' => 'civil-works', 'location' => 'maharashtra' ) ),
			'a category and a city, open'       => array( array( 'category' => 'electrical', 'location' => 'pune', 'status' => 'open' ) ),
		);
	}

	/**
	 * @dataProvider filter_sets
	 * @param array<string, string> $filters
	 */
	public function test_a_listing_shows_exactly_the_notices_matching_its_filters_in_the_order_asked_for( array $filters ): void {
		$expected = $this->expected( $filters );
		$this->assertNotEmpty( $expected, 'The seed has notices for this case, so it proves something.' );
		$this->assertSame( $expected, $this->listed( $filters ) );
		// Both ways of reading a page (NoticeFilterQuery::answer_from_index) give the same list:
		// walking the listing's order, and reading the matches as a set and sorting them.
		foreach ( array( 'walk' => true, 'set' => false ) as $plan => $walk ) {
			$choose = static fn() => $walk;
			add_filter( 'tenderpress_filter_walk', $choose );
			$this->assertSame( $expected, $this->listed( $filters ), 'Read as a ' . $plan . '.' );
			remove_filter( 'tenderpress_filter_walk', $choose );
		}
	}

	public function test_the_forms_counts_by_type_and_buyer_follow_each_change_to_a_notice(): void {
		$counts = static function (): array {
			ListingCache::bump();
			$all = FilterCounts::get( ListingSettings::defaults() );
			return array( $all['types'], $all['buyers'] );
		};
		$this->assertTrue( NoticeFacets::ready(), 'The counts come from the kept counts, not a fallback.' );
		list( $types, $buyers ) = $counts();
		$truth = array_count_values( array_column( $this->truth(), 'type' ) );
		ksort( $truth );
		$kept = array_filter( $types );
		ksort( $kept );
		$this->assertSame( $truth, $kept, 'The kept counts match the notices.' );
		$this->assertArrayNotHasKey( 'Test Buyer Board', $buyers );

		$id = $this->make_notice(
			array(
				'tp_notice_type' => 'eoi',
				'tp_buyer'       => 'Test Buyer Board',
			)
		);
		list( $now_types, $now_buyers ) = $counts();
		$this->assertSame( $types['eoi'] + 1, $now_types['eoi'] );
		$this->assertSame( 1, $now_buyers['Test Buyer Board'] );

		update_post_meta( $id, 'tp_notice_type', 'corrigendum' );
		update_post_meta( $id, 'tp_buyer', 'Second Test Board' );
		list( $now_types, $now_buyers ) = $counts();
		$this->assertSame( array( $types['eoi'], $types['corrigendum'] + 1 ), array( $now_types['eoi'], $now_types['corrigendum'] ) );
		$this->assertSame( array( false, 1 ), array( isset( $now_buyers['Test Buyer Board'] ), $now_buyers['Second Test Board'] ) );

		wp_trash_post( $id );
		$this->assertSame( array( $types, $buyers ), $counts(), 'A notice trashed no longer counts.' );
		wp_untrash_post( $id );
		wp_publish_post( $id );
		$this->assertSame( 1, $counts()[1]['Second Test Board'] ?? 0, 'Published again, it counts again.' );
		wp_delete_post( $id, true );
		$this->assertSame( array( $types, $buyers ), $counts() );
	}

	public function test_a_buyer_filter_lists_that_buyers_notices_alone_and_with_a_status(): void {
		$buyer = $this->a_buyer();
		foreach ( array( array( 'buyer' => $buyer ), array( 'buyer' => $buyer, 'status' => 'open', 'sort' => 'closing' ) ) as $filters ) {
			$expected = $this->expected( $filters );
			$this->assertNotEmpty( $expected );
			$this->assertSame( $expected, $this->listed( $filters ) );
		}
	}

	public function test_the_lookup_table_follows_each_change_to_a_notice(): void {
		$row = static function ( int $id ) {
			global $wpdb;
			return $wpdb->get_row( $wpdb->prepare( 'SELECT notice_type, deadline, value_amount, buyer, reference FROM ' . NoticeIndex::table() . ' WHERE post_id = %d', $id ), ARRAY_A );
		};
		$id = $this->make_notice(
			array(
				'tp_notice_type'  => 'eoi',
				'tp_deadline'     => '2031-05-06 10:00',
				'tp_value_amount' => 1250000,
				'tp_buyer'        => 'Test Buyer Board',
				'tp_reference'    => 'TB/2031/7',
			)
		);
		$this->assertSame( 'eoi', $row( $id )['notice_type'] );
		$this->assertSame( '2031-05-06 10:00:00', $row( $id )['deadline'] );
		$this->assertEqualsWithDelta( 1250000, (float) $row( $id )['value_amount'], 0.001 );
		$this->assertSame( array( 'Test Buyer Board', 'TB/2031/7' ), array( $row( $id )['buyer'], $row( $id )['reference'] ) );

		update_post_meta( $id, 'tp_notice_type', 'award' );
		delete_post_meta( $id, 'tp_value_amount' );
		$this->assertSame( 'award', $row( $id )['notice_type'] );
		$this->assertNull( $row( $id )['value_amount'], 'A value removed is "not given", not 0.' );
		$this->assertContains( $id, $this->listed( array( 'noticeType' => 'award' ) ) );

		wp_trash_post( $id );
		$this->assertNull( $row( $id ), 'A trashed notice leaves the table.' );
		wp_untrash_post( $id );
		wp_publish_post( $id );
		$this->assertSame( 'award', $row( $id )['notice_type'], 'Published again, it is back.' );
		wp_delete_post( $id, true );
		$this->assertNull( $row( $id ) );

		$draft = $this->make_notice( array( 'tp_notice_type' => 'eoi' ), array( 'post_status' => 'draft' ) );
		$this->assertNull( $row( $draft ), 'Drafts are not listed, so not indexed.' );
	}

	public function test_the_upgrade_fills_the_lookup_table_from_the_stored_notices(): void {
		global $wpdb;
		// Emptied (not dropped: a DDL statement would end the test's transaction on MariaDB).
		$wpdb->query( 'DELETE FROM ' . NoticeIndex::table() );
		$wpdb->query( 'DELETE FROM ' . NoticeFacets::table() );
		if ( NoticeSearch::on_sqlite() ) {
			// The date index as schema 4 made it (SQLite's DDL stays inside the transaction).
			$wpdb->query( 'ALTER TABLE ' . NoticeIndex::table() . ' DROP INDEX post_date, ADD INDEX post_date (post_date, post_id)' );
			$this->assertNull( $wpdb->get_var( 'SHOW INDEX FROM ' . NoticeIndex::table() . " WHERE Key_name = 'post_date' AND Seq_in_index = 3" ) );
		}
		update_option( Upgrade::OPTION, 3 );
		$this->assertFalse( NoticeIndex::ready() );

		Upgrade::run();

		$this->assertTrue( NoticeIndex::ready() );
		$this->assertSame( count( $this->truth() ), (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . NoticeIndex::table() ) );
		$this->assertSame( count( $this->truth() ), array_sum( array_column( NoticeFacets::all(), 'total' ) ), 'The counts by type and buyer are filled too.' );
		$this->assertSame( 'deadline', $wpdb->get_var( 'SHOW INDEX FROM ' . NoticeIndex::table() . " WHERE Key_name = 'post_date' AND Seq_in_index = 3", 4 ), 'The date index carries the deadline.' );
		$this->assertSame( $this->expected( array( 'noticeType' => 'eoi' ) ), $this->listed( array( 'noticeType' => 'eoi' ) ) );
	}

	public function test_before_the_upgrade_the_type_filter_still_works_and_the_others_are_not_applied(): void {
		update_option( Upgrade::OPTION, 3 );
		$this->assertSame( $this->expected( array( 'noticeType' => 'eoi' ) ), $this->listed( array( 'noticeType' => 'eoi' ) ) );
		$this->assertSame( $this->expected( array() ), $this->listed( array( 'status' => 'closed' ) ) );
	}

	/** @return array<string, array{0: string, 1: string}> */
	public function bad_url_filters(): array {
		return array(
			'unknown status'      => array( 'status=archived', 'status' ),
			'unknown sort'        => array( 'sort=rand', 'sort' ),
			'a list'              => array( 'category[]=civil-works', 'category' ),
			'unknown location'    => array( 'location=atlantis', 'location' ),
			// A date or an amount typed that is not one is told beside its field: FilterInputsTest.
			'a buyer with markup' => array( 'buyer=%3Cscript%3Ealert(1)%3C/script%3E', 'buyer' ),
			'a search with markup' => array( 'q=%3Cscript%3Ealert(1)%3C/script%3E', 'q' ),
			'a search of dashes'  => array( 'q=---', 'q' ),
			'a huge value'        => array( 'buyer=' . str_repeat( 'x', 5000 ), 'buyer' ),
		);
	}

	/**
	 * @dataProvider bad_url_filters
	 */
	public function test_a_bad_filter_in_the_url_is_left_out_and_the_visitor_is_told( string $query, string $arg ): void {
		$log = DebugLog::open_proven();
		PageView::visit( home_url( '/tenders/?' . $query ) );
		$html = do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' );

		$ignored = ( new Html( $html ) )->all( '//p[' . Html::has_class( 'tp-filters__ignored' ) . ']' );
		$this->assertCount( 1, $ignored );
		$this->assertStringContainsString( '“' . $arg . '”', $ignored[0]->textContent );
		$this->assertStringNotContainsString( '<script>alert', $html, 'The value is not echoed as markup.' );
		$this->assertSame( count( $this->expected( array( 'status' => 'open' ) ) ) . ' notices', ( new Html( $html ) )->text( '//p[' . Html::has_class( 'tp-listing__count' ) . ']' ), 'The listing shows what it shows unfiltered: the open notices.' );
		$this->assertSame( '', $log->written_since_opened() );
	}

	public function test_the_form_works_as_a_plain_get_form_and_shows_the_filters_applied_and_their_counts(): void {
		PageView::visit( home_url( '/tenders/?status=open&location=maharashtra&sort=closing' ) );
		$html = new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );

		$form = $html->one( '//form[' . Html::has_class( 'tp-filters' ) . ']' );
		$this->assertNotNull( $form );
		$this->assertSame( 'get', $form->getAttribute( 'method' ) );
		$this->assertSame( home_url( '/tenders/' ), $form->getAttribute( 'action' ) );
		$this->assertSame( 'closed', $html->one( '//details', $form )->hasAttribute( 'open' ) ? 'open' : 'closed', 'On a phone the panel stays closed, so the notices come first; from 1024 px the stylesheet shows its fields.' );
		// Sort by sits beside the count, above the notices, a field of the same form.
		$fields = array_merge( $html->all( './/select|.//input', $form ), $html->all( '//select[@form="' . $form->getAttribute( 'id' ) . '"]' ) );
		$names  = array_map( static fn( $field ) => $field->getAttribute( 'name' ), $fields );
		$this->assertSame( array( 'q', 'notice_type', 'status', 'category', 'location', 'deadline_from', 'deadline_to', 'value_min', 'value_max', 'buyer', 'sort' ), $names );
		foreach ( $fields as $field ) {
			$this->assertNotNull( $html->one( '//label[@for="' . $field->getAttribute( 'id' ) . '"]' ), 'Each field has its label.' );
		}
		$this->assertSame( 'open', $html->one( './/select[@name="status"]/option[@selected]', $form )->getAttribute( 'value' ), 'Open notices are the default, its first choice.' );
		$this->assertSame( 'maharashtra', $html->one( './/select[@name="location"]/option[@selected]', $form )->getAttribute( 'value' ) );

		$open = count( $this->expected( array( 'status' => 'open' ) ) );
		$this->assertSame( 'Open for bids (' . $open . ')', $html->text( './/select[@name="status"]/option[@value="open"]', $form ) );
		$eois = count( $this->expected( array( 'noticeType' => 'eoi' ) ) );
		$this->assertSame( 'EOI (' . $eois . ')', $html->text( './/select[@name="notice_type"]/option[@value="eoi"]', $form ) );
		$state = count( $this->expected( array( 'location' => 'maharashtra' ) ) );
		$this->assertSame( 'Maharashtra (' . $state . ')', $html->text( './/select[@name="location"]/option[@value="maharashtra"]', $form ), 'A state counts its cities\' notices once.' );

		$matching = count( $this->expected( array( 'status' => 'open', 'location' => 'maharashtra', 'sort' => 'closing' ) ) );
		$this->assertSame( $matching . ' notices', $html->text( '//p[' . Html::has_class( 'tp-listing__count' ) . ']' ) );
		$props = json_decode( (string) $html->text( '//script[@data-tp-props]' ), true );
		$this->assertSame(
			array(
				'location' => 'maharashtra',
				'sort'     => 'closing',
			),
			$props['customData'],
			'Pages loaded in place keep the filters (open notices are the listing\'s own default, signed in its sid).'
		);
		foreach ( $html->all( '//nav[' . Html::has_class( 'tp-pagination' ) . ']//a' ) as $link ) {
			parse_str( (string) wp_parse_url( $link->getAttribute( 'href' ), PHP_URL_QUERY ), $args );
			$this->assertSame( 'maharashtra', $args['location'] ?? null, 'Page links keep the filters.' );
		}
	}

	public function test_with_javascript_the_island_gets_the_form_beside_its_root_and_each_answer_says_how_many_notices_match(): void {
		PageView::visit( home_url( '/tenders/?status=closed' ) );
		$html   = new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );
		$island = $html->one( '//*[@data-tp-island="paginator"]' );
		$this->assertNotNull( $island );
		$this->assertNotNull( $html->one( './form[' . Html::has_class( 'tp-filters' ) . ']', $island ), 'The form is inside the island, so using it is intent.' );
		$this->assertNull( $html->one( './/*[@data-tp-root]//form', $island ), 'The form is not in React\'s root: it stays the server\'s markup.' );
		$this->assertNotNull( $html->one( './*[@data-tp-root]/div[' . Html::has_class( 'tp-listing__items' ) . ']', $island ) );
		$this->assertStringContainsString( '.tp-filters', $island->getAttribute( 'data-tp-intent' ) );
		$this->assertStringContainsString( '.tp-filters__apply', $island->getAttribute( 'data-tp-replay' ) );

		$props = json_decode( (string) $html->text( '//script[@data-tp-props]' ), true );
		$this->assertSame( NoticeFilters::ARGS, $props['filters']['args'] );
		$this->assertSame( array( 'sort' => 'newest', 'status' => 'open' ), $props['filters']['defaults'], 'Left out of the URL, as the server leaves them out.' );
		$this->assertSame( 'Filters (2)', $props['filters']['summaries']['2'] );
		$this->assertSame( array( 'sort' ), $props['filters']['uncounted'], 'The order is not counted as a filter, here as on the server.' );
		$this->assertSame( '0 notices', $props['filters']['none'] );

		// What a change of filters in place asks for: page 1 of the new filters.
		$nav    = $html->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$answer = Ajax::post(
			PaginationRequest::ACTION,
			PaginationFields::for_listing(
				$nav->getAttribute( 'data-sid' ),
				array(
					'page'        => '1',
					'custom_data' => (string) wp_json_encode( array( 'location' => 'maharashtra' ) ),
				)
			)
		);
		$this->assertSame( 200, $answer->status ?? 200 );
		$list     = ( new Html( $answer->body ) )->one( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']' );
		// The archive's listing lists open notices unless asked for closed ones too.
		$matching = count( $this->expected( array( 'location' => 'maharashtra', 'status' => 'open' ) ) );
		$this->assertSame( (string) $matching, $list->getAttribute( 'data-found' ) );
		$this->assertSame( (string) (int) ceil( $matching / 10 ), $list->getAttribute( 'data-pages' ) );
		$this->assertSame( $matching . ' notices', $list->getAttribute( 'data-count' ) );
	}

	public function test_a_filtered_view_is_not_indexed_and_names_the_unfiltered_archive_as_canonical(): void {
		PageView::visit( home_url( '/tenders/?notice_type=eoi&status=open' ) );
		$robots = apply_filters( 'wp_robots', array( 'max-image-preview' => 'large' ) );
		$this->assertTrue( $robots['noindex'] ?? false );
		$this->assertTrue( $robots['follow'] ?? false );
		$this->assertSame( home_url( '/tenders/' ), FilteredView::unfiltered_url() );
		ob_start();
		( new FilteredView() )->canonical();
		$this->assertSame( '<link rel="canonical" href="' . home_url( '/tenders/' ) . '">' . "\n", ob_get_clean() );

		PageView::visit( home_url( '/tenders/' ) );
		$robots = apply_filters( 'wp_robots', array( 'max-image-preview' => 'large' ) );
		$this->assertArrayNotHasKey( 'noindex', $robots, 'The archive itself is indexed.' );
	}

	public function test_a_filter_can_narrow_a_listing_that_fixes_its_type_but_not_widen_it(): void {
		$settings = ListingSettings::from_attributes( array( 'noticeType' => 'eoi' ) );
		$this->assertSame( array(), NoticeFilters::from_url( $settings, array( 'notice_type' => 'tender' ) )['filters'] );
		$this->assertInstanceOf( \WP_Error::class, NoticeFilters::from_custom_data( '{"noticeType":"tender"}', $settings ) );
		$this->assertSame(
			array(
				'noticeType' => 'eoi',
				'status'     => 'open',
			),
			NoticeFilters::from_custom_data( '{"noticeType":"eoi","status":"open"}', $settings )
		);
		$this->assertSame( array(), NoticeFilters::from_url( $settings, array( 'sort' => 'newest' ) )['filters'], 'The default order is no filter.' );
	}

	/**
	 * The published notices every word of a search begins a word of: in the title, reference,
	 * buyer or text, read from the posts and postmeta here.
	 *
	 * @return list<int>
	 */
	private function containing( string $search ): array {
		$words = NoticeSearch::words( $search );
		$ids   = array();
		foreach ( get_posts(
			array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'numberposts' => -1,
			)
		) as $post ) {
			preg_match_all( '/[\p{L}\p{N}]+/u', mb_strtolower( NoticeSearch::text_of( $post ) ), $tokens );
			$all = true;
			foreach ( $words as $word ) {
				$all = $all && (bool) array_filter( $tokens[0], static fn( string $token ) => str_starts_with( $token, $word ) );
			}
			if ( $all ) {
				$ids[] = $post->ID;
			}
		}
		sort( $ids );
		return $ids;
	}

	/** @return list<int> */
	private function sorted( array $ids ): array {
		sort( $ids );
		return $ids;
	}

	public function test_a_pasted_reference_number_finds_that_notice_first(): void {
		$notice    = $this->truth()[7];
		$reference = (string) get_post_meta( $notice['id'], 'tp_reference', true );
		$this->assertMatchesRegularExpression( '#^[A-Z]+-?[A-Z]*/[A-Z]+/\d{4}/\d{4}$#', $reference, 'A reference like PWD-MH/EL/2026/0137.' );
		$listed = $this->listed( array( 'q' => $reference ) );
		$this->assertSame( $notice['id'], $listed[0] ?? null );
		$this->assertSame( $notice['id'], $this->listed( array( 'q' => '  ' . $reference . ' ' ) )[0] ?? null, 'Spaces pasted around it change nothing.' );
	}

	/** A corrigendum carries the number of the notice it amends: the notice is the one asked for. */
	public function test_a_reference_number_a_corrigendum_shares_finds_the_notice_it_amends_first(): void {
		$amended = null;
		foreach ( $this->truth() as $notice ) {
			if ( 'corrigendum' === $notice['type'] ) {
				$reference = (string) get_post_meta( $notice['id'], 'tp_reference', true );
				foreach ( $this->truth() as $other ) {
					if ( 'corrigendum' !== $other['type'] && get_post_meta( $other['id'], 'tp_reference', true ) === $reference ) {
						$amended = array( $other['id'], $notice['id'], $reference );
						break 2;
					}
				}
			}
		}
		$this->assertNotNull( $amended, 'The demo has a corrigendum of a listed notice.' );
		list( $notice, $corrigendum, $reference ) = $amended;
		$listed                                 = $this->listed( array( 'q' => $reference ) );
		$this->assertSame( $notice, $listed[0] ?? null );
		$this->assertContains( $corrigendum, $listed, 'Its corrigenda follow it.' );
	}

	/** @return array<string, array{0: string}> */
	public function searches(): array {
		return array(
			'a word of titles'          => array( 'road' ),
			'the start of a word'       => array( 'electr' ),
			'a buyer, two words'        => array( 'pune municipal' ),
			'any case and punctuation' => array( 'WATER, Supply!' ),
			'words of two letters'     => array( 'PWD-MH/EL' ),
		);
	}

	/**
	 * @dataProvider searches
	 */
	public function test_a_search_lists_the_notices_containing_every_word( string $search ): void {
		$expected = $this->containing( $search );
		$this->assertNotEmpty( $expected );
		$this->assertSame( $expected, $this->sorted( $this->listed( array( 'q' => $search ) ) ) );
	}

	public function test_a_search_combines_with_filters_and_an_order(): void {
		$filters  = array(
			'q'      => 'supply',
			'status' => 'open',
			'sort'   => 'closing',
		);
		$open     = $this->expected( array( 'sort' => 'closing' ) );
		$matching = $this->containing( 'supply' );
		$expected = array_values( array_filter( $open, static fn( int $id ) => in_array( $id, $matching, true ) ) );
		$this->assertNotEmpty( $expected );
		$this->assertSame( $expected, $this->listed( $filters ), 'Open notices containing the word, by deadline.' );

		// With a location: counted through the search's matches, each tested against the
		// state; the page read both ways.
		$filters['location'] = 'maharashtra';
		$in_state            = $this->expected( array( 'sort' => 'closing', 'location' => 'maharashtra' ) );
		$expected            = array_values( array_filter( $in_state, static fn( int $id ) => in_array( $id, $matching, true ) ) );
		$this->assertNotEmpty( $expected );
		foreach ( array( true, false ) as $walk ) {
			$choose = static fn() => $walk;
			add_filter( 'tenderpress_filter_walk', $choose );
			$this->assertSame( $expected, $this->listed( $filters ), 'Open notices in the state containing the word.' );
			remove_filter( 'tenderpress_filter_walk', $choose );
		}
		// Page after page (on MySQL and MariaDB each page and the count are one statement).
		$paged = array();
		for ( $page = 1; $page <= (int) ceil( count( $expected ) / 3 ); $page++ ) {
			ListingCache::bump();
			$query = new \WP_Query( NoticeListing::query_args( array_merge( ListingSettings::from_attributes( array( 'perPage' => 3 ) ), $filters ), $page ) + array( 'fields' => 'ids' ) );
			$this->assertSame( count( $expected ), (int) $query->found_posts, "Counted on page {$page}." );
			$paged = array_merge( $paged, array_map( 'intval', $query->posts ) );
		}
		$this->assertSame( $expected, $paged );
	}

	/**
	 * Inside the test's transaction on both databases: the index is a table of its own (no
	 * full-text index that sees rows only once they are committed, as InnoDB's FULLTEXT did).
	 */
	public function test_a_search_finds_a_notice_edited_or_published_since_and_forgets_one_trashed(): void {
		$id = $this->make_notice( array( 'tp_buyer' => 'Zanskar Valley Hydel Board' ) );
		$this->assertSame( array( $id ), $this->listed( array( 'q' => 'zanskar hydel' ) ) );
		wp_update_post(
			array(
				'ID'           => $id,
				'post_content' => '<!-- wp:paragraph --><p>Turbines for the Quixotic river plant.</p><!-- /wp:paragraph -->',
			)
		);
		$this->assertSame( array( $id ), $this->listed( array( 'q' => 'quixotic' ) ) );
		$this->assertSame( array( $id ), $this->listed( array( 'q' => 'zanskar quixotic' ) ), 'The buyer is kept with the new text.' );
		$this->assertSame( array(), $this->listed( array( 'q' => 'paragraph quixotic' ) ), 'Block markup is not text.' );
		wp_trash_post( $id );
		$this->assertSame( array(), $this->listed( array( 'q' => 'quixotic' ) ) );
	}

	/**
	 * A notice whose text holds more distinct words than one INSERT of the table of words takes
	 * (5,000 on MySQL and MariaDB) is found by its last word: its words go in several statements.
	 */
	public function test_a_notice_of_more_than_five_thousand_words_is_found_by_its_last_one(): void {
		// 1,296 words of two characters and 3,800 of three: 5,096 words in 19,088 characters.
		$words = array();
		for ( $i = 0; $i < 5096; $i++ ) {
			$words[] = str_pad( base_convert( (string) $i, 10, 36 ), $i < 1296 ? 2 : 3, '0', STR_PAD_LEFT );
		}
		$last = (string) end( $words );
		$id   = $this->make_notice( array(), array( 'post_content' => implode( ' ', $words ) ) );
		$this->assertStringEndsWith( ' ' . $last, NoticeSearch::text_of( get_post( $id ) ), 'Every word is within the indexed text.' );
		$this->assertSame( array( $id ), $this->listed( array( 'q' => $last ) ) );
		$this->assertSame( array( $id ), $this->listed( array( 'q' => $words[1296] . ' ' . $last ) ) );
	}

	/**
	 * The reference's notice first and the rest moved down one, page after page, however the
	 * pages are read.
	 */
	public function test_a_reference_numbers_notice_stays_first_and_the_rest_page_on_in_order_both_ways(): void {
		$ids       = array();
		$reference = 'ZV/HY/2031/0042';
		$ids[]     = $this->make_notice( array( 'tp_reference' => $reference ) );
		for ( $i = 1; $i <= 4; $i++ ) {
			$ids[] = $this->make_notice( array(), array( 'post_content' => 'Follows on from ' . $reference . ', lot ' . $i . '.' ) );
		}
		$others = array_slice( $ids, 1 );
		usort( $others, static fn( int $a, int $b ) => array( get_post( $b )->post_date, $b ) <=> array( get_post( $a )->post_date, $a ) );
		$expected = array_merge( array( $ids[0] ), $others );
		foreach ( array( 'walk' => true, 'set' => false ) as $plan => $walk ) {
			$choose = static fn() => $walk;
			add_filter( 'tenderpress_filter_walk', $choose );
			$listed = array();
			for ( $page = 1; $page <= 3; $page++ ) {
				ListingCache::bump();
				$query  = new \WP_Query( NoticeListing::query_args( array_merge( ListingSettings::from_attributes( array( 'perPage' => 2 ) ), array( 'q' => $reference ) ), $page ) + array( 'fields' => 'ids' ) );
				$listed = array_merge( $listed, array_map( 'intval', $query->posts ) );
				$this->assertSame( 5, (int) $query->found_posts, "Page {$page}, read as a {$plan}." );
				$this->assertSame( 3, (int) $query->max_num_pages );
			}
			remove_filter( 'tenderpress_filter_walk', $choose );
			$this->assertSame( $expected, $listed, "Read as a {$plan}." );
		}
	}

	public function test_an_unfiltered_listing_is_whole_even_without_its_kept_counts(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . NoticeFacets::table() );
		$this->assertSame( $this->expected( array() ), $this->listed( array() ), 'Counted from the lookup table instead.' );
	}

	public function test_closing_soon_is_a_view_of_its_own_with_its_own_address_title_and_pages(): void {
		$expected = $this->expected(
			array(
				'status' => 'closing-soon',
				'sort'   => 'closing',
			)
		);
		$this->assertGreaterThan( 10, count( $expected ), 'The seed has more than a page of them.' );

		PageView::visit( NoticeViews::link( NoticeViews::CLOSING_SOON ) );
		$this->assertSame( home_url( '/tenders/closing-soon/' ), NoticeViews::link( NoticeViews::CLOSING_SOON ) );
		$this->assertTrue( is_post_type_archive( 'tender' ) );
		$this->assertSame( 'Notices closing soon', post_type_archive_title( '', false ) );
		$html = new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );
		$ids  = array_map( static fn( $link ) => url_to_postid( $link->getAttribute( 'href' ) ), $html->all( '//h2[' . Html::has_class( 'tp-notice-card__title' ) . ']/a' ) );
		$this->assertSame( array_slice( $expected, 0, 10 ), $ids );
		$this->assertSame( count( $expected ) . ' notices', $html->text( '//p[' . Html::has_class( 'tp-listing__count' ) . ']' ) );
		$this->assertNull( $html->one( '//select[@name="status"]' ), 'The view fixes the status…' );
		$this->assertNull( $html->one( '//select[@name="sort"]' ), '…and the order.' );
		$this->assertNull( $html->one( '//details[@open]' ), 'No filter of the visitor\'s is applied.' );
		$this->assertSame( home_url( '/tenders/closing-soon/page/2/' ), $html->one( '//nav//a[@rel="next"]' )->getAttribute( 'href' ) );
		$robots = apply_filters( 'wp_robots', array() );
		$this->assertArrayNotHasKey( 'noindex', $robots, 'The view is indexed like the archive.' );

		PageView::visit( home_url( '/tenders/closing-soon/page/2/' ) );
		$html = new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );
		$ids  = array_map( static fn( $link ) => url_to_postid( $link->getAttribute( 'href' ) ), $html->all( '//h2[' . Html::has_class( 'tp-notice-card__title' ) . ']/a' ) );
		$this->assertSame( array_slice( $expected, 10, 10 ), $ids );

		PageView::visit( home_url( '/tenders/closing-soon/?status=closed&location=maharashtra' ) );
		$this->assertSame(
			array(
				'status'   => 'closing-soon',
				'sort'     => 'closing',
				'location' => 'maharashtra',
			),
			NoticeFilters::from_url( ListingSettings::defaults() )['filters'],
			'The address\'s filters win; the visitor\'s narrow them.'
		);
	}
}
