<?php
namespace TenderPress\Tests;

use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Islands\Paginator;

/**
 * Every listing answers "not found" past its last page, as the notice archive does: the home
 * page's listing (in the theme's template), a listing block and a shortcode in a page's text, a
 * filtered view and a search. Each visit goes through WordPress as a request does: the URL is
 * parsed and queried (WP::main()), the template chosen and filtered (template_include), then
 * rendered.
 */
final class PastLastPageTest extends TestCase {

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

	/**
	 * A visit: whether WordPress answers 404, and the page's HTML.
	 *
	 * @return array{0:bool,1:string}
	 */
	private function visit( string $url ): array {
		PageView::visit( $url );
		// What wp-includes/template-loader.php does, in its order.
		do_action( 'template_redirect' );
		$template = false;
		foreach ( array( 'is_404' => 'get_404_template', 'is_search' => 'get_search_template', 'is_front_page' => 'get_front_page_template', 'is_post_type_archive' => 'get_post_type_archive_template', 'is_tax' => 'get_taxonomy_template', 'is_page' => 'get_page_template' ) as $tag => $template_getter ) {
			if ( $tag() ) {
				$template = $template_getter();
				break;
			}
		}
		$this->assertNotFalse( $template, $url );
		apply_filters( 'template_include', $template );
		return array( is_404(), (string) get_the_block_template_html() );
	}

	private function page_url( string $title ): string {
		$pages = get_posts(
			array(
				'post_type'   => 'page',
				'title'       => $title,
				'numberposts' => 1,
			)
		);
		$this->assertCount( 1, $pages, $title );
		return (string) get_permalink( $pages[0] );
	}

	/** The number of pages of a listing, counted as the listing counts them. */
	private function last_page( array $attributes, array $query = array() ): int {
		$settings = ListingSettings::from_attributes( $attributes );
		$last     = ListingPage::total( $settings, NoticeFilters::from_url( $settings, $query )['filters'] );
		$this->assertGreaterThan( 1, $last, 'The seed gives the listing more than one page.' );
		return $last;
	}

	private function assert_listing_page( string $url ): void {
		[ $not_found, $html ] = $this->visit( $url );
		$this->assertFalse( $not_found, "{$url} is a page of the listing." );
		$this->assertStringContainsString( 'tp-notice-card', $html, $url );
	}

	private function assert_not_found( string $url ): void {
		[ $not_found, $html ] = $this->visit( $url );
		$this->assertTrue( $not_found, "{$url} is past the listing's last page: not found." );
		$this->assertStringNotContainsString( 'tp-notice-card', $html, "{$url} shows no notices." );
		$this->assertStringContainsString( 'wp:pattern {"slug":"tenderpress/not-found"}', (string) $GLOBALS['_wp_current_template_content'], "{$url} shows the theme's 404 template." );
	}

	private function paged( string $url, int $page ): string {
		return user_trailingslashit( trailingslashit( $url ) . 'page/' . $page );
	}

	public function test_the_home_page_listing_ends_at_its_last_page(): void {
		// The listing of the theme's home pattern.
		$last = $this->last_page(
			array(
				'perPage'      => 10,
				'headingLevel' => 2,
			)
		);
		$this->assert_listing_page( home_url( '/' ) );
		$this->assert_listing_page( $this->paged( home_url( '/' ), $last ) );
		$this->assert_not_found( $this->paged( home_url( '/' ), $last + 1 ) );
		$this->assert_not_found( $this->paged( home_url( '/' ), 999 ) );
	}

	public function test_a_listing_block_in_a_pages_text_ends_at_its_last_page(): void {
		$url  = $this->page_url( 'Expressions of interest' );
		$last = $this->last_page(
			array(
				'noticeType' => 'eoi',
				'perPage'    => 5,
			)
		);
		$this->assert_listing_page( $this->paged( $url, $last ) );
		$this->assert_not_found( $this->paged( $url, $last + 1 ) );
	}

	public function test_a_listing_shortcode_ends_at_its_last_page(): void {
		$url  = $this->page_url( 'All notices (shortcode)' );
		$last = $this->last_page( array( 'perPage' => 8 ) );
		$this->assert_listing_page( $this->paged( $url, $last ) );
		$this->assert_not_found( $this->paged( $url, 999 ) );
	}

	public function test_listings_in_synced_patterns_count_and_odd_attributes_break_nothing(): void {
		$synced = wp_insert_post(
			array(
				'post_type'    => 'wp_block',
				'post_status'  => 'publish',
				'post_title'   => 'Latest EOIs',
				'post_content' => '<!-- wp:tenderpress/listing {"perPage":2} /-->',
			)
		);
		$this->assertIsInt( $synced );
		// What an author may type into a page: attributes of every shape.
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Odd listings',
				'post_content' => '<!-- wp:pattern {"slug":["x"]} /--><!-- wp:template-part {"slug":{"a":1},"theme":[1]} /--><!-- wp:block {"ref":"' . $synced . '"} /--><!-- wp:block {"ref":[1]} /--><!-- wp:tenderpress/listing {"perPage":"lots","noticeType":["eoi"]} /--><!-- wp:paragraph --><p>[[tenderpress_listing per_page="1"]]</p><!-- /wp:paragraph --><!-- wp:block {"ref":' . $synced . '} /-->',
			)
		);
		$this->assertIsInt( $page );
		$url   = (string) get_permalink( $page );
		$block = $this->last_page( array( 'perPage' => 'lots' ) );
		$synced_last = $this->last_page( array( 'perPage' => 2 ) );
		$this->assertGreaterThan( $block, $synced_last, 'The synced pattern\'s listing has more pages than the page\'s own.' );
		// A page is found while any of its listings has it.
		$this->assert_listing_page( $this->paged( $url, $synced_last ) );
		$this->assert_not_found( $this->paged( $url, $synced_last + 1 ) );
	}

	public function test_a_synced_pattern_that_holds_itself_is_read_once(): void {
		// An author can publish a synced pattern that names itself (WordPress refuses to render
		// it inside itself). Each copy must not be read again: three to a level, eight levels
		// deep, would be thousands of reads for any visitor asking for a page number.
		$synced = wp_insert_post(
			array(
				'post_type'   => 'wp_block',
				'post_status' => 'publish',
				'post_title'  => 'Itself',
			)
		);
		$this->assertIsInt( $synced );
		$self = str_repeat( '<!-- wp:block {"ref":' . $synced . '} /-->', 3 );
		wp_update_post(
			array(
				'ID'           => $synced,
				'post_content' => $self,
			)
		);
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Holds itself',
				'post_content' => $self,
			)
		);
		$this->assertIsInt( $page );
		$parsed = 0;
		$count  = static function ( $parser ) use ( &$parsed ) {
			++$parsed;
			return $parser;
		};
		add_filter( 'block_parser_class', $count );
		try {
			[ $not_found ] = $this->visit( $this->paged( (string) get_permalink( $page ), 2 ) );
		} finally {
			remove_filter( 'block_parser_class', $count );
		}
		$this->assertFalse( $not_found, 'No listing on it: left to WordPress.' );
		// The template, its parts and patterns, the page's text and the synced pattern, each
		// parsed once by the walk, and once more by rendering.
		$this->assertLessThan( 60, $parsed, "Parsed {$parsed} times." );
	}

	public function test_a_page_without_a_listing_is_left_to_wordpress(): void {
		[ $not_found ] = $this->visit( $this->page_url( 'About' ) );
		$this->assertFalse( $not_found );
	}

	public function test_filtered_views_and_searches_of_the_archive_end_at_their_last_page(): void {
		$archive = home_url( '/tenders/' );
		// Not "status=open": it is the archive's default, and such an address is redirected to one
		// without it (FilteredView), which exits before any template is chosen.
		$filters = array( 'notice_type' => 'eoi' );
		// The listing of the archive's template: the archive's pages, open notices first.
		$last = $this->last_page(
			array(
				'inherit'     => true,
				'showFilters' => true,
			),
			$filters
		);
		$this->assert_listing_page( add_query_arg( $filters, $this->paged( $archive, $last ) ) );
		$this->assert_not_found( add_query_arg( $filters, $this->paged( $archive, $last + 1 ) ) );
		$this->assert_not_found( add_query_arg( 'q', 'supply', $this->paged( $archive, 999 ) ) );
		$this->assert_not_found( $this->paged( $archive, 999 ) );
		// WordPress's own search, and one scoped to notices, which goes on to the archive's.
		$this->assert_not_found( home_url( '/page/999/?s=supply' ) );
		[ $not_found ] = $this->visit( home_url( '/page/2/?s=supply' ) );
		$this->assertFalse( $not_found, 'The search has a second page.' );
	}
}
