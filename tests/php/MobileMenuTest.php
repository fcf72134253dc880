<?php
namespace TenderPress\Tests;

/**
 * The primary menu tells a visitor which page they are on: the link to the page being viewed,
 * and only that link, has aria-current="page" in the no-JavaScript markup and `current` in the
 * island's props, on a site at the root of its host and on one installed in a subdirectory.
 */
final class MobileMenuTest extends TestCase {

	private const SUBDIRECTORY_HOME = 'http://127.0.0.1:8888/sub';

	protected function tearDown(): void {
		remove_filter( 'pre_option_home', array( $this, 'subdirectory_home' ) );
		remove_filter( 'pre_option_siteurl', array( $this, 'subdirectory_home' ) );
		PageView::reset();
		parent::tearDown();
	}

	public function subdirectory_home(): string {
		return self::SUBDIRECTORY_HOME;
	}

	/**
	 * The test site's wp-config fixes its address with WP_HOME and WP_SITEURL, which core applies
	 * through the `option_home` and `option_siteurl` filters. `pre_option_*` answers before those,
	 * so every URL WordPress builds and parses (home_url(), permalinks, the request) uses the
	 * subdirectory, as on a site whose options say so.
	 */
	private function install_in_subdirectory(): void {
		add_filter( 'pre_option_home', array( $this, 'subdirectory_home' ) );
		add_filter( 'pre_option_siteurl', array( $this, 'subdirectory_home' ) );
		$this->assertSame( self::SUBDIRECTORY_HOME . '/about/', get_permalink( get_page_by_path( 'about' ) ) );
	}

	/**
	 * Renders the menu block on a visit to the URL.
	 *
	 * @return array{0: list<string>, 1: list<string>} Titles of the links marked current in the
	 *                                                 markup, and of the items current in the props.
	 */
	private function current_items_on( string $url ): array {
		PageView::visit( $url );
		$html = do_blocks( '<!-- wp:tenderpress/menu /-->' );

		$dom = new Html( $html );
		$marked = array();
		foreach ( $dom->all( '//nav//a[@aria-current]' ) as $link ) {
			$this->assertSame( 'page', $link->getAttribute( 'aria-current' ) );
			$marked[] = trim( $link->textContent );
		}

		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $match ) );
		$current = array();
		$collect = static function ( array $items ) use ( &$collect, &$current ): void {
			foreach ( $items as $item ) {
				if ( $item['current'] ) {
					$current[] = $item['title'];
				}
				$collect( $item['children'] );
			}
		};
		$collect( json_decode( $match[1], true )['items'] );

		return array( $marked, $current );
	}

	private function add_custom_link( string $title, string $url ): void {
		$this->log_in_as( 'administrator' );
		wp_update_nav_menu_item(
			get_nav_menu_locations()['primary'],
			0,
			array(
				'menu-item-title'  => $title,
				'menu-item-url'    => $url,
				'menu-item-type'   => 'custom',
				'menu-item-status' => 'publish',
			)
		);
		wp_set_current_user( 0 );
	}

	public function test_a_page_in_the_menu_is_current_while_it_is_viewed(): void {
		$this->assertSame(
			array( array( 'About' ), array( 'About' ) ),
			$this->current_items_on( get_permalink( get_page_by_path( 'about' ) ) )
		);
	}

	public function test_a_page_in_a_submenu_is_current_and_its_parent_is_not(): void {
		$this->assertSame(
			array( array( 'Registering as a bidder' ), array( 'Registering as a bidder' ) ),
			$this->current_items_on( get_permalink( get_page_by_path( 'how-to-bid/registering-as-a-bidder' ) ) )
		);
	}

	public function test_on_the_notices_archive_its_item_and_custom_links_to_it_are_current(): void {
		// The seeded "Locations" item is a custom link to the same address as "Tenders", written
		// root-relative so it follows the port the site runs on.
		$urls = array_column( wp_get_nav_menu_items( get_nav_menu_locations()['primary'] ), 'url', 'title' );
		$this->assertSame( '/tenders/', $urls['Locations'] );

		$this->assertSame(
			array( array( 'Tenders', 'Locations' ), array( 'Tenders', 'Locations' ) ),
			$this->current_items_on( home_url( '/tenders/' ) )
		);
	}

	public function test_in_a_subdirectory_a_page_in_the_menu_is_current_while_it_is_viewed(): void {
		$this->install_in_subdirectory();

		$this->assertSame(
			array( array( 'About' ), array( 'About' ) ),
			$this->current_items_on( home_url( '/about/' ) )
		);
	}

	public function test_in_a_subdirectory_a_custom_link_to_the_page_viewed_is_current(): void {
		$this->install_in_subdirectory();
		$this->add_custom_link( 'Buyers: listing format', home_url( '/notice-format-for-buyers/' ) );

		$this->assertSame(
			array( array( 'Buyers: listing format' ), array( 'Buyers: listing format' ) ),
			$this->current_items_on( home_url( '/notice-format-for-buyers/' ) )
		);
	}

	public function test_in_a_subdirectory_the_notices_archive_marks_its_item_and_a_custom_link_to_it(): void {
		$this->install_in_subdirectory();
		$this->add_custom_link( 'All notices', home_url( '/tenders/' ) );

		// "Locations" links to the archive at the host's root, another address from this site's.
		$this->assertSame(
			array( array( 'Tenders', 'All notices' ), array( 'Tenders', 'All notices' ) ),
			$this->current_items_on( home_url( '/tenders/' ) )
		);
	}

	public function test_without_a_menu_the_listed_page_being_viewed_is_current(): void {
		set_theme_mod( 'nav_menu_locations', array() );

		$this->assertSame(
			array( array( 'About' ), array( 'About' ) ),
			$this->current_items_on( get_permalink( get_page_by_path( 'about' ) ) )
		);
	}

	public function test_nothing_is_current_on_a_page_the_menu_does_not_link(): void {
		$this->assertSame(
			array( array(), array() ),
			$this->current_items_on( get_permalink( get_page_by_path( 'all-notices-shortcode' ) ) )
		);
	}

	public function test_the_shortcode_renders_the_block_and_names_it_from_its_label(): void {
		PageView::visit( home_url( '/about/' ) );
		$block     = do_blocks( '<!-- wp:tenderpress/menu {"label":"Main"} /-->' );
		$shortcode = do_shortcode( '[tenderpress_menu label="Main"]' );
		$this->assertNotSame( '', $shortcode );
		// The block adds only its wrapper's classes to the same markup.
		$this->assertSame(
			( new Html( $block ) )->one( '//nav' )->getAttribute( 'aria-label' ),
			( new Html( $shortcode ) )->one( '//nav' )->getAttribute( 'aria-label' )
		);
		$this->assertSame( 'Main', ( new Html( $shortcode ) )->one( '//nav' )->getAttribute( 'aria-label' ) );
		$this->assertSame( $this->link_titles( $block ), $this->link_titles( $shortcode ) );
	}

	public function test_a_label_with_markup_or_none_gives_a_plain_name_and_unknown_attributes_are_left_out(): void {
		PageView::visit( home_url( '/about/' ) );
		$html = do_shortcode( '[tenderpress_menu label="<script>alert(1)</script>Top" onclick="alert(2)"]' );
		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringNotContainsString( 'onclick', $html );
		$this->assertSame( 'Top', ( new Html( $html ) )->one( '//nav' )->getAttribute( 'aria-label' ) );
		$this->assertSame( 'Primary', ( new Html( do_shortcode( '[tenderpress_menu label="  "]' ) ) )->one( '//nav' )->getAttribute( 'aria-label' ), 'A blank label falls back to "Primary".' );
		$this->assertSame( 'Primary', ( new Html( do_shortcode( '[tenderpress_menu label="<b></b>"]' ) ) )->one( '//nav' )->getAttribute( 'aria-label' ), 'So does one that is markup alone.' );
	}

	/** @return list<string> */
	private function link_titles( string $html ): array {
		return array_map( static fn( \DOMNode $link ): string => trim( $link->textContent ), ( new Html( $html ) )->all( '//nav//a' ) );
	}
}
