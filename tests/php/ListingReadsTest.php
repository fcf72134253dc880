<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Islands\Paginator;
use TenderPress\Listings\NoticeListing;
use TenderPress\Listings\ListingSettings;

/**
 * A listing is a read. Rendering it for a visitor, previewing it in the block editor, reading
 * notices over REST and paging in place change nothing in the database: no INSERT, UPDATE or
 * DELETE reaches it (the statements are read from the database layer's query log), however many
 * variants of a listing are rendered. The notice archives query their notices once.
 */
final class ListingReadsTest extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		Paginator::reset();
	}

	protected function tearDown(): void {
		PageView::reset();
		Paginator::reset();
		unset( $GLOBALS['_wp_current_template_id'], $GLOBALS['_wp_current_template_content'] );
		parent::tearDown();
	}

	/** The page a visitor gets for a URL: its request, main query and block template. */
	private function page_html( string $url, callable $template_function ): string {
		PageView::visit( $url );
		$template_function();
		return get_the_block_template_html();
	}

	private function term_url( string $slug, string $taxonomy ): string {
		$link = get_term_link( $slug, $taxonomy );
		$this->assertIsString( $link );
		return $link;
	}

	public function test_a_visitor_viewing_listings_writes_nothing(): void {
		$log = QueryLog::start();
		$pages = array(
			array( home_url( '/' ), 'get_front_page_template' ),
			array( home_url( '/page/3/' ), 'get_front_page_template' ),
			array( home_url( '/tenders/' ), 'get_post_type_archive_template' ),
			array( $this->term_url( 'kerala', 'tender_location' ), 'get_taxonomy_template' ),
			array( $this->term_url( 'civil-works', 'tender_category' ) . 'page/2/', 'get_taxonomy_template' ),
			array( home_url( '/expressions-of-interest/' ), 'get_page_template' ),
		);
		foreach ( $pages as [ $url, $template_function ] ) {
			$html = $this->page_html( $url, $template_function );
			$this->assertStringContainsString( 'tp-notice-card', $html, $url );
			$this->assertStringContainsString( 'data-tp-island="paginator"', $html, $url );
		}
		$this->assertSame( array(), $log->stop(), 'No statement changed the database.' );
	}

	public function test_previewing_listings_in_the_editor_writes_nothing(): void {
		$this->log_in_as( 'contributor' );
		$log = QueryLog::start();
		// A contributor can ask for as many variants as they like: none of them is stored.
		for ( $per_page = 1; $per_page <= 30; $per_page++ ) {
			$response = $this->rest(
				'GET',
				'/wp/v2/block-renderer/tenderpress/listing',
				array(
					'context'    => 'edit',
					'attributes' => array(
						'perPage'    => $per_page,
						'noticeType' => 0 === $per_page % 2 ? 'eoi' : '',
					),
				)
			);
			$this->assertSame( 200, $response->get_status() );
			$this->assertStringContainsString( 'tp-notice-card', $response->get_data()['rendered'] );
		}
		$this->assertSame( array(), $log->stop() );
	}

	public function test_reading_notices_over_rest_writes_nothing(): void {
		$log = QueryLog::start();
		$list = $this->rest( 'GET', '/wp/v2/tenders', array( 'per_page' => 20 ) );
		$this->assertSame( 200, $list->get_status() );
		$one = $this->rest( 'GET', '/wp/v2/tenders/' . $list->get_data()[0]['id'] );
		$this->assertSame( 200, $one->get_status() );
		$this->assertSame( array(), $log->stop() );
	}

	public function test_paging_in_place_writes_nothing_for_good_and_bad_requests(): void {
		$sid = ListingSettings::sid( ListingSettings::from_attributes( array( 'perPage' => 10 ) ) );
		$fields = PaginationFields::for_listing( $sid );
		$log = QueryLog::start();
		$this->assertStringContainsString( 'tp-notice-card', Ajax::post( PaginationRequest::ACTION, $fields )->body );
		Ajax::post( PaginationRequest::ACTION, array( 'page' => '3' ) + $fields );
		Ajax::post( PaginationRequest::ACTION, array( 'sid' => 'forged' ) + $fields );
		Ajax::post( PaginationRequest::ACTION, array( 'page' => '-1' ) + $fields );
		$this->assertSame( array(), $log->stop() );
	}

	public function test_a_notice_archive_queries_its_notices_once(): void {
		$notice_queries = array();
		$count = static function ( $posts, $query ) use ( &$notice_queries ) {
			if ( 'tender' === $query->get( 'post_type' ) ) {
				$notice_queries[] = $query->is_main_query() ? 'main' : 'listing';
			}
			return $posts;
		};
		add_filter( 'posts_pre_query', $count, 10, 2 );
		try {
			// Maharashtra: a state with more than one page of open notices (the archive lists those).
			$html = $this->page_html( $this->term_url( 'maharashtra', 'tender_location' ) . 'page/2/', 'get_taxonomy_template' );
		} finally {
			remove_filter( 'posts_pre_query', $count );
		}
		$this->assertSame( array( 'main' ), $notice_queries, 'The listing reused the main query.' );

		// And it shows exactly what its own query would have shown.
		$term = get_term_by( 'slug', 'maharashtra', 'tender_location' );
		$settings = ListingSettings::from_attributes( array( 'showFilters' => true ) );
		$settings['perPage'] = ListingSettings::archive_per_page();
		$settings['taxonomy'] = 'tender_location';
		$settings['termId'] = (int) $term->term_id;
		$own = new \WP_Query( NoticeListing::query_args( $settings, 2 ) );
		$dom = new Html( $html );
		$shown = array_map( static fn( $a ) => url_to_postid( $a->getAttribute( 'href' ) ), $dom->all( '//article[' . Html::has_class( 'tp-notice-card' ) . ']//h2/a' ) );
		$this->assertSame( wp_list_pluck( $own->posts, 'ID' ), $shown );
		$this->assertSame( (string) $own->max_num_pages, $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' )->getAttribute( 'data-totalpages' ) );
		$nav = $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertSame( ListingSettings::sid( $settings ), $nav->getAttribute( 'data-sid' ) );
		$this->assertSame( '0', $nav->getAttribute( 'data-postid' ), 'An archive is no post: not the term id.' );
		$this->assertNotSame( (string) $term->term_id, $nav->getAttribute( 'data-postid' ) );
	}

	/** @return array<string, mixed> The paginator's props on the page. */
	private function paginator_props( Html $dom ): array {
		$script = $dom->one( '//*[@data-tp-island="paginator"]/script[@data-tp-props]' );
		$this->assertNotNull( $script );
		return json_decode( $script->textContent, true );
	}

	public function test_the_notice_type_in_the_url_filters_the_listing_and_travels_as_custom_data(): void {
		$dom = new Html( $this->page_html( home_url( '/tenders/?notice_type=eoi' ), 'get_post_type_archive_template' ) );
		$badges = array_map( static fn( $b ) => trim( $b->textContent ), $dom->all( '//article//span[' . Html::has_class( 'tp-badge' ) . ']' ) );
		$this->assertNotEmpty( $badges );
		$this->assertSame( array( 'EOI' ), array_values( array_unique( $badges ) ) );
		$this->assertSame( array( 'noticeType' => 'eoi' ), $this->paginator_props( $dom )['customData'] );
		$this->assertStringContainsString( 'notice_type=eoi', $dom->one( '//a[@data-page="2"]' )->getAttribute( 'href' ), 'Page links keep the filter.' );

		// An unknown type is ignored, as any query string is (a malformed one gets a 400:
		// PublicInputGuardTest).
		$dom = new Html( $this->page_html( home_url( '/tenders/?notice_type=auction' ), 'get_post_type_archive_template' ) );
		$this->assertSame( array(), $this->paginator_props( $dom )['customData'] );
	}
}
