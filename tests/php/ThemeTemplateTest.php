<?php
namespace TenderPress\Tests;

/**
 * The theme keeps one archive template for notices: the notices archive, a category and a
 * location all show through it, choosing the template as WordPress does for that request; a
 * template a site owner makes for one taxonomy still comes first. The header says in its own
 * markup whether it holds the sign-in link, so its layout never waits for later markup.
 */
final class ThemeTemplateTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		unset( $GLOBALS['_wp_current_template_id'], $GLOBALS['_wp_current_template_content'] );
		parent::tearDown();
	}

	/**
	 * Picks the block template for a visit to the URL with the template function WordPress's
	 * template loader calls for that kind of page.
	 */
	private function template_for( string $url, callable $template_function ): string {
		PageView::visit( $url );
		$this->assertSame( ABSPATH . WPINC . '/template-canvas.php', $template_function(), 'A block template is found.' );
		return $GLOBALS['_wp_current_template_id'];
	}

	private function term_url( string $name, string $taxonomy ): string {
		$link = get_term_link( get_term_by( 'name', $name, $taxonomy ) );
		$this->assertIsString( $link );
		return $link;
	}

	public function test_the_notices_archive_a_category_and_a_location_share_the_notice_archive_template(): void {
		$archive_tender = get_stylesheet() . '//archive-tender';

		$this->assertSame( $archive_tender, $this->template_for( home_url( '/tenders/' ), 'get_post_type_archive_template' ) );
		$this->assertTrue( is_post_type_archive( 'tender' ) );

		$this->assertSame( $archive_tender, $this->template_for( $this->term_url( 'Civil Works', 'tender_category' ), 'get_taxonomy_template' ) );
		$this->assertTrue( is_tax( 'tender_category', 'civil-works' ) );

		$this->assertSame( $archive_tender, $this->template_for( $this->term_url( 'Pune', 'tender_location' ), 'get_taxonomy_template' ) );
		$this->assertTrue( is_tax( 'tender_location', 'pune' ) );
	}

	public function test_a_location_archive_shows_the_term_and_lists_its_notices(): void {
		$this->template_for( $this->term_url( 'Kerala', 'tender_location' ), 'get_taxonomy_template' );
		$dom = new Html( get_the_block_template_html() );

		$this->assertSame( 'Kerala', $dom->text( '//main//h1' ) );
		$links = array_map( static fn( $link ) => $link->getAttribute( 'href' ), $dom->all( '//main//article[' . Html::has_class( 'tp-notice-card' ) . ']//h2/a' ) );
		$this->assertCount( 10, $links, 'The first page of the listing.' );
		foreach ( $links as $link ) {
			$this->assertTrue( has_term( 'kerala', 'tender_location', url_to_postid( $link ) ), $link );
		}
	}

	public function test_a_site_owners_template_for_one_taxonomy_comes_before_the_shared_one(): void {
		$template_id = wp_insert_post(
			array(
				'post_type'    => 'wp_template',
				'post_status'  => 'publish',
				'post_name'    => 'taxonomy-tender_location',
				'post_title'   => 'Notices by location',
				'post_content' => '<!-- wp:paragraph --><p>Locations</p><!-- /wp:paragraph -->',
			),
			true
		);
		$this->assertIsInt( $template_id );
		wp_set_object_terms( $template_id, get_stylesheet(), 'wp_theme' );

		$this->assertSame( get_stylesheet() . '//taxonomy-tender_location', $this->template_for( $this->term_url( 'Pune', 'tender_location' ), 'get_taxonomy_template' ) );
		$this->assertSame( get_stylesheet() . '//archive-tender', $this->template_for( $this->term_url( 'Civil Works', 'tender_category' ), 'get_taxonomy_template' ) );
	}

	public function test_the_header_says_in_its_first_tag_that_it_holds_the_sign_in_link(): void {
		$header = new Html( do_blocks( '<!-- wp:template-part {"slug":"header","theme":"' . get_stylesheet() . '"} /-->' ) );
		$this->assertNotNull( $header->one( '//div[' . Html::has_class( 'tp-site-header' ) . '][' . Html::has_class( 'tp-site-header--with-account' ) . ']' ), 'For the signed-out link.' );

		$this->log_in_as( 'subscriber' );
		$header = new Html( do_blocks( '<!-- wp:template-part {"slug":"header","theme":"' . get_stylesheet() . '"} /-->' ) );
		$this->assertNotNull( $header->one( '//div[' . Html::has_class( 'tp-site-header--with-account' ) . ']//div[' . Html::has_class( 'tp-account--signed-in' ) . ']' ), 'For the signed-in name and log-out link.' );

		$without = new Html( do_blocks( '<!-- wp:group {"className":"tp-site-header"} --><div class="wp-block-group tp-site-header"><!-- wp:site-title /--></div><!-- /wp:group -->' ) );
		$this->assertNotNull( $without->one( '//div[' . Html::has_class( 'tp-site-header' ) . ']' ) );
		$this->assertNull( $without->one( '//div[' . Html::has_class( 'tp-site-header--with-account' ) . ']' ), 'A header without the sign-in block keeps no strip for it.' );

		$css = (string) file_get_contents( get_stylesheet_directory() . '/style.css' );
		$this->assertStringNotContainsString( ':has(.tp-site-header__inner > .tp-account)', $css );
		$this->assertStringContainsString( '.tp-site-header--with-account {', $css );
	}
}
