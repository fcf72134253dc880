<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeFacts;
use TenderPress\Blocks\NoticeTabs;
use TenderPress\Content\Notice;

/**
 * A notice's page and its corrigendum's page as the site serves them (a real server on the
 * seeded site): the key facts come with their own stylesheet, the notice warns at the top that a
 * corrigendum changed it, and the corrigendum names the notice it amends and what changed, with
 * no status or reminder of its own.
 */
final class NoticePageTest extends TestCase {

	private static ?SiteServer $site = null;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$site = SiteServer::start_on_copy();
	}

	public static function tearDownAfterClass(): void {
		self::$site?->stop();
		parent::tearDownAfterClass();
	}

	/** The seed's newest notice, which its two corrigenda amend. */
	private function newest_notice(): \WP_Post {
		$response = $this->rest( 'GET', '/wp/v2/tenders', array( 'per_page' => 1 ) );
		$post     = get_post( $response->get_data()[0]['id'] );
		$this->assertInstanceOf( \WP_Post::class, $post );
		return $post;
	}

	/** A post's address on the site, without the host (the server runs on a port of its own). */
	private static function path( \WP_Post $post ): string {
		return (string) wp_parse_url( (string) get_permalink( $post ), PHP_URL_PATH );
	}

	private function page( \WP_Post $post ): Html {
		$this->assertNotNull( self::$site );
		$answer = self::$site->request( 'GET', self::path( $post ) );
		$this->assertSame( 200, $answer->status );
		return new Html( $answer->body );
	}

	public function test_the_notice_and_corrigendum_pages_carry_the_key_facts_stylesheets(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( NoticeFacts::BLOCK );
		$this->assertNotNull( $type );
		$this->assertNotEmpty( $type->style_handles );
		$notice     = $this->newest_notice();
		$corrigenda = NoticeTabs::corrigenda( Notice::from_post( $notice ) );
		$this->assertCount( 2, $corrigenda );
		foreach ( array( $notice, $corrigenda[0] ) as $post ) {
			$dom = $this->page( $post );
			// The deadlines and amounts in the aside, who, what and where in the Summary.
			$this->assertCount( 2, $dom->all( '//dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']' ) );
			foreach ( $type->style_handles as $handle ) {
				// Linked, or inlined by WordPress (wp_maybe_inline_styles()).
				$this->assertCount( 1, $dom->all( '//link[@id="' . $handle . '-css"] | //style[@id="' . $handle . '-inline-css"]' ), "The page of {$post->post_name} has the stylesheet {$handle}." );
			}
		}
	}

	public function test_a_notice_a_corrigendum_changed_says_so_at_the_top(): void {
		$notice     = $this->newest_notice();
		$corrigenda = NoticeTabs::corrigenda( Notice::from_post( $notice ) );
		$this->assertCount( 2, $corrigenda );
		$dom    = $this->page( $notice );
		$banner = $dom->one( '//main//section[' . Html::has_class( 'tp-notice-changes' ) . ']' );
		$this->assertNotNull( $banner, 'The notice warns of its corrigenda.' );
		$title = $dom->one( './/h2', $banner );
		$this->assertNotNull( $title );
		$this->assertSame( 'This notice has been changed', trim( $title->textContent ) );
		$this->assertSame( $title->getAttribute( 'id' ), $banner->getAttribute( 'aria-labelledby' ) );
		// Before the facts it warns about.
		$this->assertCount( 2, $dom->all( '//section[' . Html::has_class( 'tp-notice-changes' ) . ']/following::dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']' ), 'The deadlines and amounts in the aside, the rest in the Summary.' );
		$this->assertCount( 0, $dom->all( '//section[' . Html::has_class( 'tp-notice-changes' ) . ']/preceding::dl' ) );
		$lines = $dom->all( './/li', $banner );
		$this->assertCount( 2, $lines );
		// Newest first: the deadline extension, then the revised bill of quantities.
		$expected = array(
			'Changed on ' . get_the_date( '', $corrigenda[0] ) . ': deadline extended — see the corrigendum',
			'Changed on ' . get_the_date( '', $corrigenda[1] ) . ': documents revised — see the corrigendum',
		);
		foreach ( $lines as $at => $line ) {
			$this->assertSame( $expected[ $at ], preg_replace( '/\s+/', ' ', trim( $line->textContent ) ) );
			$link = $dom->one( './/a', $line );
			$this->assertNotNull( $link );
			$this->assertSame( self::path( $corrigenda[ $at ] ), wp_parse_url( $link->getAttribute( 'href' ), PHP_URL_PATH ) );
		}
	}

	public function test_a_corrigendum_names_the_notice_it_amends_and_has_no_status_or_reminder(): void {
		$notice      = $this->newest_notice();
		$corrigendum = NoticeTabs::corrigenda( Notice::from_post( $notice ) )[0];
		$dom         = $this->page( $corrigendum );
		$banner      = $dom->one( '//main//section[' . Html::has_class( 'tp-notice-changes' ) . ']' );
		$this->assertNotNull( $banner );
		$text = (string) preg_replace( '/\s+/', ' ', trim( $banner->textContent ) );
		$this->assertStringContainsString( 'This corrigendum amends ' . $notice->post_title . ' (reference ' . get_post_meta( $notice->ID, 'tp_reference', true ) . ').', $text );
		$this->assertStringContainsString( 'Changed on ' . get_the_date( '', $corrigendum ) . ': deadline extended.', $text );
		$link = $dom->one( './/a', $banner );
		$this->assertNotNull( $link );
		$this->assertSame( self::path( $notice ), wp_parse_url( $link->getAttribute( 'href' ), PHP_URL_PATH ) );
		// No "Open" or time left of its own, and no reminder form: its deadline is the notice's.
		$this->assertSame( array(), $dom->all( '//main//*[' . Html::has_class( 'tp-status' ) . ']' ) );
		$this->assertSame( array(), $dom->all( '//main//*[' . Html::has_class( 'tp-notice-facts__time-left' ) . ']' ) );
		$this->assertSame( array(), $dom->all( '//main//form[' . Html::has_class( 'tp-reminder' ) . ']' ) );
		// The notice itself, open, still offers both.
		$page = $this->page( $notice );
		$this->assertCount( 1, $page->all( '//main//*[' . Html::has_class( 'tp-notice-facts__status' ) . ']//*[' . Html::has_class( 'tp-status' ) . ']' ) );
		$this->assertCount( 1, $page->all( '//main//form[' . Html::has_class( 'tp-reminder' ) . ']' ) );
	}
}
