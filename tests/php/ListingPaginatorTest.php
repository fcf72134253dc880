<?php
namespace TenderPress\Tests;

use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Paginator;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\ListingShortcode;

/**
 * The listing's server markup as the paginator island and a browser without JavaScript get it:
 * the spec's data attributes on the page-link <nav>, real page links, the island's props, no
 * island for a listing of one page, the shortcode's same listing, and a stable sid whose
 * settings are stored once.
 */
final class ListingPaginatorTest extends TestCase {

	/** @var \WP_Query|null */
	private $saved_query;

	/** @var \WP_Query|null */
	private $saved_the_query;

	protected function setUp(): void {
		parent::setUp();
		Paginator::reset();
		$this->saved_query     = $GLOBALS['wp_query'] ?? null;
		$this->saved_the_query = $GLOBALS['wp_the_query'] ?? null;
		$this->assertTrue( shortcode_exists( ListingShortcode::TAG ), 'The plugin registers its shortcode on init.' );
	}

	protected function tearDown(): void {
		set_query_var( 'paged', 0 );
		$GLOBALS['wp_query']     = $this->saved_query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
		$GLOBALS['wp_the_query'] = $this->saved_the_query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
		Paginator::reset();
		parent::tearDown();
	}

	private function block( array $attributes = array( 'perPage' => 10 ), int $paged = 0 ): string {
		set_query_var( 'paged', $paged );
		$html = do_blocks( '<!-- wp:tenderpress/listing ' . wp_json_encode( (object) $attributes ) . ' /-->' );
		set_query_var( 'paged', 0 );
		return $html;
	}

	/** Makes a published page holding the listing the current (main) query, as when it is viewed. */
	private function view_a_page_with_the_listing(): int {
		$page_id = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'All notices',
				'post_content' => '<!-- wp:tenderpress/listing {"perPage":10} /-->',
			),
			true
		);
		$this->assertIsInt( $page_id );
		$query                   = new \WP_Query( array( 'page_id' => $page_id ) );
		$GLOBALS['wp_query']     = $query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restored in tearDown.
		$GLOBALS['wp_the_query'] = $query; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restored in tearDown.
		$this->assertSame( $page_id, get_queried_object_id() );
		return $page_id;
	}

	private function nav( Html $dom ): ?\DOMElement {
		return $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
	}

	/** @return array<string, mixed> */
	private function props( string $html ): array {
		// The paginator's own (the quick view's island wraps the listing with props of its own).
		$scripts = ( new Html( $html ) )->all( '//*[@data-tp-island="paginator"]/script[@data-tp-props]' );
		$this->assertCount( 1, $scripts, 'One paginator, with its props.' );
		$props = json_decode( (string) $scripts[0]->textContent, true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** @return list<\DOMElement> */
	private function cards( Html $dom ): array {
		return $dom->all( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']/li/article[' . Html::has_class( 'tp-notice-card' ) . ']' );
	}

	/** @return list<string> Numbers shown in the page links, the current page included, in order. */
	private function page_numbers( Html $dom, \DOMElement $nav ): array {
		return array_map(
			static fn( $item ) => trim( $item->getAttribute( 'data-page' ) ?: $dom->text( './span[@aria-hidden="true"]', $item ) ),
			$dom->all( './ul[1]/li[not(@aria-hidden)]/*[' . Html::has_class( 'tp-pagination__link' ) . ']', $nav )
		);
	}

	/* ------------------------------------------------------------------ 7. Server markup */

	public function test_the_nav_carries_the_spec_attributes(): void {
		$page_id = $this->view_a_page_with_the_listing();
		$html    = $this->block( array( 'perPage' => 10 ), 3 );
		$dom     = new Html( $html );

		$island = $dom->one( '//*[@data-tp-island="paginator"]' );
		$this->assertNotNull( $island, 'The listing is wrapped in the paginator island.' );
		$nav = $this->nav( $dom );
		$this->assertNotNull( $nav );
		$this->assertNotNull( $dom->one( './/nav[' . Html::has_class( 'tp-pagination' ) . ']', $island ), 'The nav is inside the island.' );

		$total = (int) ceil( $this->count_published_notices() / 10 );
		$this->assertGreaterThan( 5, $total );
		$this->assertSame( (string) $total, $nav->getAttribute( 'data-totalpages' ) );
		$this->assertSame( '3', $nav->getAttribute( 'data-currentpage' ) );
		$sid = $nav->getAttribute( 'data-sid' );
		$this->assertSame( ListingSettings::sid( ListingSettings::from_attributes( array( 'perPage' => 10 ) ) ), $sid );
		$this->assertSame( ListingSettings::from_attributes( array( 'perPage' => 10 ) ), ListingSettings::from_sid( $sid ), 'The sid carries the listing settings.' );
		$this->assertSame( 'tp-listing-1', $nav->getAttribute( 'data-unid' ) );
		$this->assertSame( '0', $nav->getAttribute( 'data-iselementor' ) );
		$this->assertSame( '1', $nav->getAttribute( 'data-isblock' ) );
		$this->assertSame( (string) $page_id, $nav->getAttribute( 'data-postid' ) );
		$this->assertFalse( $nav->hasAttribute( 'data-noscroll' ), 'No data-noscroll unless noScroll is set.' );

		$props = $this->props( $html );
		$this->assertSame( $sid, $props['sid'] );
		$this->assertSame( 'tp-listing-1', $props['unid'] );
		$this->assertSame( $page_id, $props['postId'] );
		$this->assertTrue( $props['isBlock'] );
		$this->assertSame( $total, $props['totalPages'] );
		$this->assertSame( 3, $props['currentPage'] );
		$this->assertFalse( $props['noScroll'] );
		$this->assertSame( admin_url( 'admin-ajax.php' ), $props['early']['url'] );
		$this->assertSame(
			array(
				'action'      => 'pagination_request',
				'sid'         => $sid,
				'unid'        => 'tp-listing-1',
				'iselementor' => '0',
				'isblock'     => '1',
				'postid'      => (string) $page_id,
				'lang'        => determine_locale(),
				'ajax_nonce'  => wp_create_nonce( 'tenderpress_pagination' ),
				'custom_data' => '{}',
			),
			$props['early']['fields'],
			'The spec\'s fields but the page, which a tap before the island loads sends from the link.'
		);
		$this->assertSame( 'page', $props['early']['from'], 'The page comes from the link\'s data-page.' );
	}

	public function test_a_second_listing_on_the_page_gets_its_own_unid(): void {
		$first  = $this->nav( new Html( $this->block() ) );
		$second = $this->nav( new Html( $this->block( array( 'perPage' => 12 ) ) ) );
		$this->assertSame( 'tp-listing-1', $first->getAttribute( 'data-unid' ) );
		$this->assertSame( 'tp-listing-2', $second->getAttribute( 'data-unid' ) );
	}

	public function test_no_scroll_adds_data_noscroll(): void {
		$html = $this->block(
			array(
				'perPage'  => 10,
				'noScroll' => true,
			)
		);
		$nav  = $this->nav( new Html( $html ) );
		$this->assertSame( '1', $nav->getAttribute( 'data-noscroll' ) );
		$this->assertTrue( $this->props( $html )['noScroll'] );
	}

	public function test_page_links_are_real_links_to_the_paged_urls(): void {
		$html = $this->block( array( 'perPage' => 10 ), 3 );
		$dom  = new Html( $html );
		$nav  = $this->nav( $dom );

		$links = $dom->all( './/a[@data-page]', $nav );
		$this->assertNotEmpty( $links );
		foreach ( $links as $link ) {
			$page = (int) $link->getAttribute( 'data-page' );
			$this->assertSame( get_pagenum_link( $page ), $link->getAttribute( 'href' ), 'A real link to the paged URL.' );
			$this->assertStringStartsWith( home_url( '/' ), $link->getAttribute( 'href' ) );
		}
		$this->assertSame( get_pagenum_link( 2 ), $dom->one( './/a[@rel="prev"]', $nav )->getAttribute( 'href' ) );
		$this->assertSame( get_pagenum_link( 4 ), $dom->one( './/a[@rel="next"]', $nav )->getAttribute( 'href' ) );
		$last = $nav->getAttribute( 'data-totalpages' );
		$this->assertSame( array( '1', '2', '3', '4', '5', $last ), $this->page_numbers( $dom, $nav ), 'Five pages and the last show by default.' );
	}

	public function test_the_visible_page_count_follows_visible_pages(): void {
		$html = $this->block(
			array(
				'perPage'      => 10,
				'visiblePages' => 7,
			),
			10
		);
		$dom  = new Html( $html );
		$nav  = $this->nav( $dom );
		$this->assertSame( array( '1', '8', '9', '10', '11', '12', $nav->getAttribute( 'data-totalpages' ) ), $this->page_numbers( $dom, $nav ), 'Nine places: the first, a gap, five around page 10, a gap, the last.' );

		$dom = new Html(
			$this->block(
				array(
					'perPage'      => 10,
					'visiblePages' => 3,
				)
			)
		);
		$nav = $this->nav( $dom );
		$this->assertSame( array( '1', '2', '3', $nav->getAttribute( 'data-totalpages' ) ), $this->page_numbers( $dom, $nav ), 'At least five places: three numbers, a gap, the last.' );
	}

	public function test_the_first_page_has_no_previous_and_no_place_kept_for_it(): void {
		$dom   = new Html( $this->block( array( 'perPage' => 10 ) ) );
		$nav   = $this->nav( $dom );
		$first = $dom->one( './ul[1]/li[1]/*', $nav );
		$this->assertSame( 'Page 1', $dom->text( './span[' . Html::has_class( 'screen-reader-text' ) . ']', $first ), 'The row starts with page 1, at the content edge.' );
		$this->assertNull( $dom->one( './/a[@rel="prev"]', $nav ), 'No link to a page before the first.' );
		$this->assertCount( 0, $dom->all( './/*[@aria-hidden="true" and not(' . Html::has_class( 'tp-pagination__gap' ) . ') and not(parent::*[@aria-current])]', $nav ), 'Nothing unseen but the ellipsis.' );
		$this->assertCount( 7, $dom->all( './ul[1]/li', $nav ), 'Five numbers, an ellipsis and the last page: as many places as on page 20.' );
		$this->assertSame( array( 'Next' ), array_map( static fn( \DOMElement $link ): string => trim( $link->textContent ), $dom->all( './ul[2]/li/a', $nav ) ) );
	}

	public function test_props_give_the_link_template_and_the_first_page_link(): void {
		$props = $this->props( $this->block( array( 'perPage' => 10 ), 2 ) );
		$this->assertStringContainsString( '%#%', $props['linkTemplate'] );
		$this->assertSame( get_pagenum_link( 4 ), str_replace( '%#%', '4', $props['linkTemplate'] ), 'The template gives the paged URL.' );
		$this->assertSame( get_pagenum_link( 1 ), $props['firstPageLink'] );
		$this->assertFalse( $props['isAdmin'], 'A visitor is not an admin.' );
		$this->assertSame( array(), $props['customData'] );
	}

	public function test_link_template_keeps_a_raw_ampersand_with_plain_permalinks(): void {
		global $wp_rewrite;
		$structure = get_option( 'permalink_structure' );
		$wp_rewrite->set_permalink_structure( '' );
		$_SERVER['REQUEST_URI'] = '/?page_id=5';
		try {
			$props = $this->props( $this->block( array( 'perPage' => 10 ), 2 ) );
		} finally {
			$wp_rewrite->set_permalink_structure( $structure );
			$_SERVER['REQUEST_URI'] = '/';
		}
		// JSON carries the URL itself: "&#038;" would turn the rest into a fragment in the browser.
		$this->assertStringNotContainsString( '&#038;', $props['linkTemplate'] );
		$this->assertStringContainsString( '&paged=%#%', $props['linkTemplate'] );
	}

	/** @return array<string, array{0: string, 1: bool}> */
	public function viewers(): array {
		return array(
			'subscriber'    => array( 'subscriber', false ),
			'editor'        => array( 'editor', false ),
			'administrator' => array( 'administrator', true ),
		);
	}

	/** @dataProvider viewers */
	public function test_is_admin_is_true_only_for_an_administrator( string $role, bool $is_admin ): void {
		$this->log_in_as( $role );
		$this->assertSame( $is_admin, $this->props( $this->block() )['isAdmin'] );
	}

	public function test_a_listing_that_fits_on_one_page_renders_no_island_and_no_nav(): void {
		$count = $this->count_published_notices( 'corrigendum' );
		$this->assertGreaterThan( 1, $count );
		$this->assertLessThanOrEqual( 50, $count );

		$html = $this->block(
			array(
				'perPage'    => $count,
				'noticeType' => 'corrigendum',
			)
		);
		$dom  = new Html( $html );
		$this->assertCount( $count, $this->cards( $dom ), 'Every corrigendum is on the one page.' );
		$this->assertNull( $dom->one( '//*[@data-tp-island="paginator"]' ), 'No paginator island.' );
		$this->assertNull( $dom->one( '//nav' ), 'No page links.' );
		$this->assertStringNotContainsString( '"linkTemplate"', $html, 'No paginator props.' );
		$this->assertNotContains( 'paginator', IslandAssets::instance()->used(), 'No paginator script is loaded.' );

		// One more notice than fits: now it pages.
		$this->block(
			array(
				'perPage'    => $count - 1,
				'noticeType' => 'corrigendum',
			)
		);
		$this->assertContains( 'paginator', IslandAssets::instance()->used() );
	}

	/* ------------------------------------------------------------------ 8. Shortcode */

	public function test_the_shortcode_renders_the_same_listing_with_the_island(): void {
		$html = do_shortcode( '[tenderpress_listing per_page="8" type="eoi"]' );
		$dom  = new Html( $html );

		// Inside the quick view's island, which listens on the whole listing.
		$this->assertNotNull( $dom->one( '/html/body/div[' . Html::has_class( 'tp-listing' ) . ']/div[@data-tp-island="quick-view"]/div[@data-tp-island="paginator"]' ), 'The listing wraps the paginator island.' );
		$cards = $this->cards( $dom );
		$this->assertCount( 8, $cards );
		foreach ( $cards as $card ) {
			$this->assertStringContainsString( 'tp-notice-card--eoi', $card->getAttribute( 'class' ) );
			$this->assertSame( 'EOI', $dom->text( './/span[' . Html::has_class( 'tp-badge' ) . ']', $card ) );
		}

		$nav = $this->nav( $dom );
		$this->assertNotNull( $nav );
		$this->assertSame( '0', $nav->getAttribute( 'data-isblock' ) );
		$this->assertSame( '0', $nav->getAttribute( 'data-iselementor' ) );
		$this->assertSame( (string) (int) ceil( $this->count_published_notices( 'eoi' ) / 8 ), $nav->getAttribute( 'data-totalpages' ) );
		$this->assertFalse( $this->props( $html )['isBlock'] );

		Paginator::reset();
		$block = new Html(
			$this->block(
				array(
					'perPage'    => 8,
					'noticeType' => 'eoi',
				)
			)
		);
		$this->assertSame( $this->nav( $block )->getAttribute( 'data-sid' ), $nav->getAttribute( 'data-sid' ), 'The same settings, the same sid.' );
		$this->assertSame(
			$block->one( '//div[' . Html::has_class( 'tp-listing__items' ) . ']' )->C14N(),
			$dom->one( '//div[' . Html::has_class( 'tp-listing__items' ) . ']' )->C14N(),
			'The same cards as the block.'
		);
	}

	public function test_shortcode_options_reach_the_nav(): void {
		$html = do_shortcode( '[tenderpress_listing per_page="10" visible_pages="7" no_scroll="yes"]' );
		$dom  = new Html( $html );
		$nav  = $this->nav( $dom );
		$this->assertSame( '1', $nav->getAttribute( 'data-noscroll' ) );
		$this->assertSame( array( '1', '2', '3', '4', '5', '6', '7', $nav->getAttribute( 'data-totalpages' ) ), $this->page_numbers( $dom, $nav ) );
	}

	/* ------------------------------------------------------------------ 9. Signed sid */

	public function test_the_same_block_gives_the_same_sid_and_nothing_is_stored(): void {
		$options      = wp_load_alloptions();
		$first        = $this->nav( new Html( $this->block() ) )->getAttribute( 'data-sid' );
		$second       = $this->nav( new Html( $this->block() ) )->getAttribute( 'data-sid' );
		$same         = $this->nav( new Html( $this->block( array() ) ) )->getAttribute( 'data-sid' );
		$unknown_type = $this->nav(
			new Html(
				$this->block(
					array(
						'perPage'    => '10',
						'noticeType' => 'auction',
					)
				)
			)
		)->getAttribute( 'data-sid' );

		$this->assertSame( $first, $second, 'Rendering the same block again gives the same sid.' );
		$this->assertSame( $first, $same, 'The default per-page count is the same listing.' );
		$this->assertSame( $first, $unknown_type, 'An unknown notice type is the unfiltered listing.' );
		$this->assertLessThan( 100, strlen( $first ), 'Compact enough for a form field.' );
		$this->assertFalse( get_option( 'tenderpress_listings' ), 'No store of listings.' );
		$this->assertSame( $options, wp_load_alloptions(), 'Rendering changed no option.' );
	}

	public function test_different_settings_give_different_sids_that_carry_them(): void {
		$variants = array(
			array( 'perPage' => 10 ),
			array( 'perPage' => 12 ),
			array(
				'perPage'    => 10,
				'noticeType' => 'eoi',
			),
			array(
				'perPage'      => 10,
				'headingLevel' => 3,
			),
			array(
				'perPage'      => 10,
				'visiblePages' => 7,
			),
			array(
				'perPage'  => 10,
				'noScroll' => true,
			),
		);
		$sids     = array();
		foreach ( $variants as $attributes ) {
			$sid    = $this->nav( new Html( $this->block( $attributes ) ) )->getAttribute( 'data-sid' );
			$sids[] = $sid;
			$this->assertSame( ListingSettings::from_attributes( $attributes ), ListingSettings::from_sid( $sid ), 'The sid carries its own settings.' );
		}
		$this->assertCount( count( $variants ), array_unique( $sids ), 'Different settings, different sids.' );
	}

	public function test_an_archive_listing_sid_carries_its_term(): void {
		$term = get_term_by( 'slug', 'kerala', 'tender_location' );
		$this->assertInstanceOf( \WP_Term::class, $term );
		$settings             = ListingSettings::defaults();
		$settings['taxonomy'] = 'tender_location';
		$settings['termId']   = (int) $term->term_id;
		$this->assertSame( $settings, ListingSettings::from_sid( ListingSettings::sid( $settings ) ) );
	}
}
