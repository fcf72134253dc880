<?php
namespace TenderPress\Tests;

use TenderPress\Islands\Carousel;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Tabs;
use TenderPress\Settings\Settings;

/**
 * The carousel as a visitor meets it before any script runs: its buttons, a track of slides each
 * named "K of M", and a link to each slide below it, in the island's container that loads when it
 * comes into view. Slides of the site owner's own (blocks or shortcodes, each container taking
 * only its own parts, a carousel or tabs nested in a slide too) or the latest published notices as
 * cards; one slide is printed as it is, none prints nothing. The site owner's interval as the
 * block's default, refused settings, and labels that stay text.
 */
final class CarouselIslandTest extends TestCase {

	/** @var int When this test's notices are dated from, so their order never depends on a second passing. */
	private $now = 0;

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		$this->now = time();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->queued_styles = wp_styles()->queue;
		Carousel::reset();
		Tabs::reset();
	}

	protected function tearDown(): void {
		Carousel::reset();
		Tabs::reset();
		wp_styles()->queue = $this->queued_styles;
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/**
	 * A carousel block's markup around its slides' markup.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param string               ...$slides  Slides' markup (or any other blocks).
	 */
	private function carousel( array $attributes, string ...$slides ): string {
		$open = '<!-- wp:' . Carousel::BLOCK . ( $attributes ? ' ' . serialize_block_attributes( $attributes ) : '' );
		return $slides
			? $open . ' -->' . implode( '', $slides ) . '<!-- /wp:' . Carousel::BLOCK . ' -->'
			: $open . ' /-->';
	}

	/**
	 * A slide block's markup around its content.
	 *
	 * @param string $content Its blocks' markup.
	 */
	private function slide( string $content ): string {
		return '<!-- wp:' . Carousel::SLIDE_BLOCK . ' -->' . $content . '<!-- /wp:' . Carousel::SLIDE_BLOCK . ' -->';
	}

	private function paragraph( string $html ): string {
		return '<!-- wp:paragraph --><p>' . $html . '</p><!-- /wp:paragraph -->';
	}

	/** A slide holding one paragraph. */
	private function text_slide( string $text ): string {
		return $this->slide( $this->paragraph( $text ) );
	}

	/**
	 * A published notice newer than every demo notice: written a few seconds ago.
	 *
	 * @param string               $title       Its title.
	 * @param int                  $seconds_ago How long ago it was published (a smaller number is newer).
	 * @param array<string, mixed> $meta        Its fields.
	 * @param array<string, mixed> $post        Other post fields (status…).
	 */
	private function latest_notice( string $title, int $seconds_ago, array $meta = array(), array $post = array() ): int {
		return $this->make_notice(
			$meta,
			$post + array(
				'post_title' => $title,
				'post_date'  => wp_date( 'Y-m-d H:i:s', $this->now - $seconds_ago ),
			)
		);
	}

	/** The ids of the latest published notices (of one type, or of all) by WordPress's own query. */
	private function expected_latest( int $count, string $type = '' ): array {
		$args = array(
			'post_type'   => 'tender',
			'post_status' => 'publish',
			'numberposts' => $count,
			'fields'      => 'ids',
			'orderby'     => array(
				'date' => 'DESC',
				'ID'   => 'DESC',
			),
		);
		if ( '' !== $type ) {
			$args['meta_key']   = 'tp_notice_type'; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- test expectation.
			$args['meta_value'] = $type; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
		}
		return array_map( 'intval', get_posts( $args ) );
	}

	/** @return list<string> The addresses of posts, in order. */
	private function permalinks( array $ids ): array {
		return array_map( static fn( int $id ): string => (string) get_permalink( $id ), $ids );
	}

	/** @return list<\DOMElement> The carousels' containers in the markup, in document order; fails when there is none. */
	private function carousels( Html $dom ): array {
		$carousels = $dom->all( '//section[@data-tp-island="' . Carousel::ISLAND . '"]' );
		$this->assertNotEmpty( $carousels, 'A carousel island is in the markup.' );
		return $carousels;
	}

	/** The track of one carousel; fails when there is none. */
	private function track( Html $dom, \DOMElement $carousel ): \DOMElement {
		$track = $dom->one( './div[' . Html::has_class( 'tp-carousel__track' ) . ']', $carousel );
		$this->assertNotNull( $track, 'The carousel has its track of slides.' );
		return $track;
	}

	/** @return list<\DOMElement> One carousel's own slides (not those of a carousel nested in one), in order. */
	private function slides( Html $dom, \DOMElement $carousel ): array {
		return $dom->all( './div[' . Html::has_class( 'tp-carousel__slide' ) . ']', $this->track( $dom, $carousel ) );
	}

	/** @return list<\DOMElement> The links to each slide below one carousel, in order. */
	private function position_links( Html $dom, \DOMElement $carousel ): array {
		return $dom->all( './nav[' . Html::has_class( 'tp-carousel__position' ) . ']/ol/li/a', $carousel );
	}

	/** @return list<string> The text of each slide's paragraphs, one string per slide, in order. */
	private function slide_texts( Html $dom, \DOMElement $carousel ): array {
		return array_map(
			static fn( \DOMElement $slide ): string => implode( ' ', array_map( static fn( \DOMElement $p ): string => $dom->text( '.', $p ), $dom->all( './p', $slide ) ) ),
			$this->slides( $dom, $carousel )
		);
	}

	/** @return list<string> The title link of each notice card in a carousel's slides, one per slide, in order. */
	private function card_links( Html $dom, \DOMElement $carousel ): array {
		$links = array();
		foreach ( $this->slides( $dom, $carousel ) as $slide ) {
			$cards = $dom->all( './article[' . Html::has_class( 'tp-notice-card' ) . ']', $slide );
			$this->assertCount( 1, $cards, 'Each slide is one notice card.' );
			$links[] = (string) $dom->one( './*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $cards[0] )?->getAttribute( 'href' );
		}
		return $links;
	}

	/** @return list<string> The title of each notice card in a carousel's slides, in order. */
	private function card_titles( Html $dom, \DOMElement $carousel ): array {
		return array_map(
			static fn( \DOMElement $slide ): string => $dom->text( './article/*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $slide ),
			$this->slides( $dom, $carousel )
		);
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $carousel ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $carousel );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** The markup of a slide as printed, before a browser repairs anything; fails when there is none. */
	private function printed_slide( string $html, string $id ): string {
		$this->assertSame( 1, preg_match( '#<div class="tp-carousel__slide" id="' . preg_quote( $id, '#' ) . '"[^>]*>(.*?)</div>#s', $html, $match ), 'Slide ' . $id . ' is printed.' );
		return $match[1];
	}

	/** Saves the carousel section as the settings form sends it (through the registered sanitizer). */
	private function set_carousel( array $values ): void {
		update_option( Settings::OPTION, array( Carousel::SECTION => $values ) );
	}

	/** Block types are registered once per request: register the carousel again, as the next request would. */
	private function reregister_carousel(): void {
		unregister_block_type( Carousel::BLOCK );
		register_block_type( TENDERPRESS_DIR . '/blocks/carousel' );
	}

	/** @return list<string> The listing block's stylesheets, which notice cards need. */
	private function listing_styles(): array {
		$listing = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/listing' );
		$this->assertNotNull( $listing );
		return array_values( array_unique( array_merge( $listing->style_handles, array( 'tenderpress-badges' ) ) ) );
	}

	public function test_without_javascript_the_slides_sit_in_a_track_with_buttons_before_it_and_a_link_to_each_below(): void {
		$html     = do_blocks(
			$this->carousel(
				array( 'label' => 'Buying guides' ),
				$this->text_slide( 'Register as a supplier.' ),
				$this->slide( $this->paragraph( 'Read the tender file.' ) . $this->paragraph( 'Ask the buyer.' ) ),
				$this->text_slide( 'Send your bid.' )
			)
		);
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];

		$this->assertSame( 'visible', $carousel->getAttribute( 'data-tp-when' ), 'It turns by itself: it loads when it comes into view.' );
		$this->assertSame( '.tp-carousel__controls button', $carousel->getAttribute( 'data-tp-replay' ), 'A button pressed while it loads acts once it has.' );
		$this->assertSame( 'carousel', $carousel->getAttribute( 'aria-roledescription' ), 'Screen readers announce a carousel.' );
		$this->assertSame( 'Buying guides', $carousel->getAttribute( 'aria-label' ), 'Named by its label.' );
		$this->assertContains( Carousel::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );

		$children = $dom->all( './*', $carousel );
		$this->assertSame( array( 'div', 'div', 'nav', 'script' ), array_map( static fn( \DOMElement $child ): string => $child->nodeName, $children ), 'Buttons, track, links to each slide, props: in that order.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own name for the tag.
		$controls = $children[0];
		$this->assertStringContainsString( 'tp-carousel__controls', $controls->getAttribute( 'class' ), 'The buttons come first.' );
		$this->assertTrue( $controls->hasAttribute( 'data-tp-root' ) );
		$buttons = $dom->all( './button', $controls );
		$this->assertSame( array( 'Pause', 'Previous', 'Next' ), array_map( static fn( \DOMElement $button ): string => $dom->text( '.', $button ), $buttons ) );
		foreach ( $buttons as $button ) {
			$this->assertSame( 'button', $button->getAttribute( 'type' ), 'No button submits a form around the carousel.' );
		}
		$this->assertStringContainsString( 'tp-carousel__toggle', $buttons[0]->getAttribute( 'class' ) );
		$this->assertSame( array( 'tp-carousel-1-track', 'tp-carousel-1-track' ), array( $buttons[1]->getAttribute( 'aria-controls' ), $buttons[2]->getAttribute( 'aria-controls' ) ), 'Previous and next name the track they move.' );

		$track = $this->track( $dom, $carousel );
		$this->assertSame( $children[1], $track );
		$this->assertSame( 'tp-carousel-1-track', $track->getAttribute( 'id' ) );
		$this->assertSame( 'off', $track->getAttribute( 'aria-live' ), 'A slide turning by itself is not read out.' );
		$slides = $this->slides( $dom, $carousel );
		$this->assertCount( 3, $slides );
		$this->assertCount( 3, $dom->all( './*', $track ), 'The track holds the slides and nothing else.' );
		foreach ( $slides as $index => $slide ) {
			$this->assertSame( 'tp-carousel-1-' . ( $index + 1 ), $slide->getAttribute( 'id' ) );
			$this->assertSame( 'group', $slide->getAttribute( 'role' ) );
			$this->assertSame( 'slide', $slide->getAttribute( 'aria-roledescription' ) );
			$this->assertSame( ( $index + 1 ) . ' of 3', $slide->getAttribute( 'aria-label' ), 'Each slide says where it is.' );
		}
		$this->assertSame( array( 'Register as a supplier.', 'Read the tender file. Ask the buyer.', 'Send your bid.' ), $this->slide_texts( $dom, $carousel ), 'Each slide holds its own blocks, in order.' );

		$nav = $children[2];
		$this->assertStringContainsString( 'tp-carousel__position', $nav->getAttribute( 'class' ) );
		$this->assertSame( 'Slides', $nav->getAttribute( 'aria-label' ) );
		$links = $this->position_links( $dom, $carousel );
		$this->assertSame( array( '#tp-carousel-1-1', '#tp-carousel-1-2', '#tp-carousel-1-3' ), array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'href' ), $links ), 'Each link goes to its slide.' );
		$this->assertSame( array( 'Slide 1', 'Slide 2', 'Slide 3' ), array_map( static fn( \DOMElement $link ): string => $dom->text( '.', $link ), $links ) );
		$this->assertSame( array( 'true', '', '' ), array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'aria-current' ), $links ), 'The first slide is the current one.' );
		$this->assertFalse( $links[1]->hasAttribute( 'aria-current' ) );

		$this->assertSame(
			array(
				'interval' => 5000,
				'i18n'     => array(
					'pause'    => 'Pause',
					'play'     => 'Play',
					'previous' => 'Previous',
					'next'     => 'Next',
				),
			),
			$this->props( $dom, $carousel ),
			'Five seconds a slide by default, and the buttons\' words.'
		);
	}

	public function test_a_carousel_without_a_label_is_called_slides_and_its_own_interval_reaches_the_island(): void {
		$dom      = new Html( do_blocks( $this->carousel( array( 'interval' => 12000 ), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) ) );
		$carousel = $this->carousels( $dom )[0];

		$this->assertSame( 'Slides', $carousel->getAttribute( 'aria-label' ) );
		$this->assertSame( 12000, $this->props( $dom, $carousel )['interval'] );
		$this->assertSame( array( 'One', 'Two' ), $this->slide_texts( $dom, $carousel ) );

		$registered = \WP_Block_Type_Registry::get_instance()->get_registered( Carousel::BLOCK );
		$this->assertNotNull( $registered );
		$this->assertSame( array( 5000, 2000, 20000 ), array( $registered->attributes['interval']['default'], $registered->attributes['interval']['minimum'], $registered->attributes['interval']['maximum'] ), 'The editor offers two to twenty seconds, five by default.' );

		Carousel::reset();
		$dom = new Html( do_blocks( $this->carousel( array( 'interval' => 100 ), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) ) );
		$this->assertSame( 5000, $this->props( $dom, $this->carousels( $dom )[0] )['interval'], 'An interval WordPress refuses gives the default.' );
	}

	public function test_a_single_slide_is_shown_as_it_is_and_no_slide_shows_nothing(): void {
		$html = do_blocks( $this->carousel( array( 'label' => 'Alone' ), $this->slide( $this->paragraph( 'Only slide.' ) . $this->paragraph( 'Its second line.' ) ) ) );
		$this->assertSame( '<p>Only slide.</p><p>Its second line.</p>', trim( $html ), 'One slide needs no carousel: its content as it is.' );
		$this->assertStringNotContainsString( 'tp-part', $html );

		$this->assertSame( '', trim( do_blocks( $this->carousel( array( 'label' => 'Empty' ), $this->paragraph( 'Not a slide.' ) ) ) ), 'Only slides are shown.' );
		$this->assertSame( '', trim( do_blocks( '<!-- wp:' . Carousel::BLOCK . ' --><!-- /wp:' . Carousel::BLOCK . ' -->' ) ) );
		$this->assertSame( '', trim( do_shortcode( '[tenderpress_carousel]Just text[/tenderpress_carousel]' ) ) );
		$this->assertSame( 'Solo', trim( do_shortcode( '[tenderpress_carousel][tenderpress_slide]Solo[/tenderpress_slide][/tenderpress_carousel]' ) ) );
		$this->assertNotContains( Carousel::ISLAND, IslandAssets::instance()->used(), 'No island script for a page without a carousel.' );
	}

	public function test_a_slide_left_outside_a_carousel_shows_nothing_of_its_content(): void {
		$html = do_blocks( $this->text_slide( 'Stray secret.' ) );

		$this->assertStringNotContainsString( 'Stray secret.', $html, 'The slide waits for a carousel that never comes.' );
		$this->assertSame( '', trim( ( new Html( $html ) )->text( '//body' ) ), 'A visitor sees nothing of it.' );
		$this->assertNull( ( new Html( $html ) )->one( '//body/*' ), 'Nor any element.' );

		// The slide kept in vain is not pulled into the next carousel on the page.
		$dom = new Html( $html . do_blocks( $this->carousel( array(), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) ) );
		$this->assertSame( array( 'One', 'Two' ), $this->slide_texts( $dom, $this->carousels( $dom )[0] ) );
	}

	public function test_two_carousels_on_one_page_each_have_ids_of_their_own(): void {
		$html      = do_blocks(
			$this->carousel( array( 'label' => 'First' ), $this->text_slide( 'A' ), $this->text_slide( 'B' ) )
			. $this->carousel( array( 'label' => 'Second' ), $this->text_slide( 'C' ), $this->text_slide( 'D' ), $this->text_slide( 'E' ) )
		) . do_shortcode( '[tenderpress_carousel label="Third"][tenderpress_slide]F[/tenderpress_slide][tenderpress_slide]G[/tenderpress_slide][/tenderpress_carousel]' );
		$dom       = new Html( $html );
		$carousels = $this->carousels( $dom );

		$this->assertCount( 3, $carousels );
		$this->assertSame( array( 'First', 'Second', 'Third' ), array_map( static fn( \DOMElement $carousel ): string => $carousel->getAttribute( 'aria-label' ), $carousels ) );
		foreach ( $carousels as $index => $carousel ) {
			$id = 'tp-carousel-' . ( $index + 1 );
			$this->assertSame( $id . '-track', $this->track( $dom, $carousel )->getAttribute( 'id' ) );
			foreach ( $dom->all( './div/button[@aria-controls]', $carousel ) as $button ) {
				$this->assertSame( $id . '-track', $button->getAttribute( 'aria-controls' ), 'Each carousel\'s buttons move its own track.' );
			}
			foreach ( $this->slides( $dom, $carousel ) as $number => $slide ) {
				$this->assertSame( $id . '-' . ( $number + 1 ), $slide->getAttribute( 'id' ) );
				$this->assertSame( '#' . $id . '-' . ( $number + 1 ), $this->position_links( $dom, $carousel )[ $number ]->getAttribute( 'href' ), 'Each link opens a slide of its own carousel.' );
			}
		}
		$this->assertSame( array( 'C', 'D', 'E' ), $this->slide_texts( $dom, $carousels[1] ) );
		$ids = array_map( static fn( \DOMElement $element ): string => $element->getAttribute( 'id' ), $dom->all( '//*[@id]' ) );
		$this->assertCount( 10, $ids, 'Three tracks and seven slides.' );
		$this->assertSame( $ids, array_values( array_unique( $ids ) ), 'No id is given twice.' );

		Carousel::reset();
		$dom = new Html( do_blocks( $this->carousel( array(), $this->text_slide( 'A' ), $this->text_slide( 'B' ) ) ) );
		$this->assertSame( 'tp-carousel-1-track', $this->track( $dom, $this->carousels( $dom )[0] )->getAttribute( 'id' ), 'A new request counts from one again.' );
	}

	public function test_a_carousel_nested_in_a_slide_keeps_its_own_slides_and_the_outer_one_keeps_its_count(): void {
		$html                  = do_blocks(
			$this->carousel(
				array( 'label' => 'Outer' ),
				$this->slide(
					$this->paragraph( 'Lots of this tender.' )
					. $this->carousel(
						array(
							'label'    => 'Inner',
							'interval' => 3000,
						),
						$this->text_slide( 'Lot 1' ),
						$this->text_slide( 'Lot 2' ),
						$this->text_slide( 'Lot 3' )
					)
				),
				$this->text_slide( 'Second outer slide.' )
			)
		);
		$dom                   = new Html( $html );
		$carousels             = $this->carousels( $dom );
		list( $outer, $inner ) = $carousels;

		$this->assertCount( 2, $carousels );
		$this->assertSame( array( 'Outer', 'Inner' ), array( $outer->getAttribute( 'aria-label' ), $inner->getAttribute( 'aria-label' ) ) );
		$outer_slides = $this->slides( $dom, $outer );
		$this->assertCount( 2, $outer_slides, 'The outer carousel has its two slides, not the inner ones.' );
		$this->assertSame( array( '1 of 2', '2 of 2' ), array_map( static fn( \DOMElement $slide ): string => $slide->getAttribute( 'aria-label' ), $outer_slides ) );
		$this->assertCount( 2, $this->position_links( $dom, $outer ) );
		$this->assertSame( $outer_slides[0], $dom->one( './parent::*', $inner ), 'The inner carousel is inside the first outer slide.' );
		$this->assertSame( 'Lots of this tender.', $dom->text( './p', $outer_slides[0] ) );
		$this->assertSame( 'Second outer slide.', $dom->text( './p', $outer_slides[1] ) );

		$this->assertSame( array( 'Lot 1', 'Lot 2', 'Lot 3' ), $this->slide_texts( $dom, $inner ) );
		$this->assertSame( array( '1 of 3', '2 of 3', '3 of 3' ), array_map( static fn( \DOMElement $slide ): string => $slide->getAttribute( 'aria-label' ), $this->slides( $dom, $inner ) ) );
		$this->assertCount( 3, $this->position_links( $dom, $inner ) );
		$this->assertSame( array( 5000, 3000 ), array( $this->props( $dom, $outer )['interval'], $this->props( $dom, $inner )['interval'] ) );
		$this->assertNotSame( $this->track( $dom, $outer )->getAttribute( 'id' ), $this->track( $dom, $inner )->getAttribute( 'id' ), 'Each has a track of its own.' );
		$this->assertCount( 1, $dom->all( './div[@data-tp-root]', $outer ) );
		$this->assertCount( 1, $dom->all( './div[@data-tp-root]', $inner ) );
		$ids = array_map( static fn( \DOMElement $element ): string => $element->getAttribute( 'id' ), $dom->all( '//*[@id]' ) );
		$this->assertSame( $ids, array_values( array_unique( $ids ) ), 'No id is given twice.' );
		$this->assertStringNotContainsString( 'tp-part', $html );
	}

	public function test_tabs_in_a_slide_keep_their_sections_and_the_carousel_keeps_its_slides(): void {
		$tabs     = '<!-- wp:' . Tabs::BLOCK . ' {"label":"Lot details"} -->'
			. '<!-- wp:' . Tabs::SECTION_BLOCK . ' {"title":"Scope"} -->' . $this->paragraph( 'Cables.' ) . '<!-- /wp:' . Tabs::SECTION_BLOCK . ' -->'
			. '<!-- wp:' . Tabs::SECTION_BLOCK . ' {"title":"Fees"} -->' . $this->paragraph( 'None.' ) . '<!-- /wp:' . Tabs::SECTION_BLOCK . ' -->'
			. '<!-- /wp:' . Tabs::BLOCK . ' -->';
		$html     = do_blocks(
			$this->carousel(
				array(),
				$this->text_slide( 'First slide.' ),
				$this->slide( $this->paragraph( 'With tabs.' ) . $tabs ),
				$this->text_slide( 'Third slide.' )
			)
		);
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];
		$slides   = $this->slides( $dom, $carousel );

		$this->assertCount( 3, $slides, 'The tabs\' sections are not slides.' );
		$this->assertSame( array( 'First slide.', 'With tabs.', 'Third slide.' ), $this->slide_texts( $dom, $carousel ) );
		$tabs_island = $dom->one( './*[@data-tp-island="' . Tabs::ISLAND . '"]', $slides[1] );
		$this->assertNotNull( $tabs_island, 'The tabs show inside the second slide.' );
		$headers = $dom->all( './/a[' . Html::has_class( 'tp-tabs__header' ) . ']', $tabs_island );
		$this->assertSame( array( 'Scope', 'Fees' ), array_map( static fn( \DOMElement $header ): string => $dom->text( '.', $header ), $headers ), 'The tabs have their own two sections.' );
		$this->assertSame( 'Cables.', $dom->text( './/div[@id="scope-panel"]/p', $tabs_island ) );
		$this->assertSame( 'None.', $dom->text( './/div[@id="fees-panel"]/p', $tabs_island ) );
		$this->assertNull( $dom->one( './/*[@data-tp-island]', $slides[0] ) );
		$this->assertNull( $dom->one( './/*[@data-tp-island]', $slides[2] ) );
		$this->assertStringNotContainsString( 'tp-part', $html );
	}

	public function test_a_marker_forged_in_content_pulls_in_no_slide(): void {
		// A slide left outside any carousel: kept, waiting for a container that never comes.
		$stray = do_blocks( $this->text_slide( 'Hidden text.' ) );
		$this->assertStringNotContainsString( 'Hidden text.', $stray );

		$html     = do_blocks(
			$this->carousel(
				array(),
				$this->paragraph( '<!--tp-part:abc:0-->' ),
				$this->text_slide( 'Real one.' ),
				$this->text_slide( 'Forged <!--tp-part:abc:0--> inside.' )
			)
		);
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];
		$this->assertCount( 2, $this->slides( $dom, $carousel ), 'Only the two real slides.' );
		$this->assertSame( array( 'Real one.', 'Forged  inside.' ), $this->slide_texts( $dom, $carousel ) );
		$this->assertStringNotContainsString( 'Hidden text.', $html );

		$this->assertSame( '', trim( do_blocks( $this->carousel( array(), $this->paragraph( '<!--tp-part:abc:0--><!--tp-part::1-->' ) ) ) ), 'Forged markers alone give no carousel.' );
		$this->assertSame( '', trim( do_shortcode( '[tenderpress_carousel]<!--tp-part:abc:0--><!--tp-part:abc:1-->[/tenderpress_carousel]' ) ) );
	}

	public function test_the_latest_published_notices_show_newest_first_each_slide_a_notice_card(): void {
		$ids = array();
		for ( $i = 1; $i <= 4; $i++ ) {
			$ids[ $i ] = $this->latest_notice( 'Carousel notice ' . $i, $i, array( 'tp_buyer' => 'Buyer ' . $i ) );
		}

		$html     = do_blocks(
			$this->carousel(
				array(
					'source' => 'notices',
					'count'  => 3,
				)
			)
		);
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];

		$this->assertSame( 'Latest notices', $carousel->getAttribute( 'aria-label' ), 'A carousel of notices is called so by default.' );
		$this->assertSame( array( 'Carousel notice 1', 'Carousel notice 2', 'Carousel notice 3' ), $this->card_titles( $dom, $carousel ), 'The three newest, newest first.' );
		$this->assertSame( $this->permalinks( array( $ids[1], $ids[2], $ids[3] ) ), $this->card_links( $dom, $carousel ), 'Each card\'s title links to its notice.' );
		$this->assertSame( 'Buyer 1', $dom->text( './/div[normalize-space(dt) = "Buyer"]/dd', $this->slides( $dom, $carousel )[0] ), 'A card shows the notice\'s facts.' );
		$this->assertSame( array( '1 of 3', '2 of 3', '3 of 3' ), array_map( static fn( \DOMElement $slide ): string => $slide->getAttribute( 'aria-label' ), $this->slides( $dom, $carousel ) ) );
		$this->assertCount( 3, $this->position_links( $dom, $carousel ) );

		Carousel::reset();
		$dom = new Html( do_blocks( $this->carousel( array( 'source' => 'notices' ) ) ) );
		$this->assertSame( $this->permalinks( $this->expected_latest( 5 ) ), $this->card_links( $dom, $this->carousels( $dom )[0] ), 'Five notices by default.' );
		$this->assertSame( get_permalink( $ids[4] ), $this->card_links( $dom, $this->carousels( $dom )[0] )[3] );

		Carousel::reset();
		$dom = new Html(
			do_blocks(
				$this->carousel(
					array(
						'source' => 'notices',
						'label'  => 'Just in',
					),
					$this->text_slide( 'Own slide text.' )
				)
			)
		);
		$this->assertSame( 'Just in', $this->carousels( $dom )[0]->getAttribute( 'aria-label' ) );
		$this->assertCount( 5, $this->card_links( $dom, $this->carousels( $dom )[0] ), 'Notices, not the slides left inside.' );
		$this->assertStringNotContainsString( 'Own slide text.', $dom->text( '//body' ) );
	}

	public function test_drafts_private_scheduled_and_trashed_notices_are_never_slides(): void {
		$older = $this->latest_notice( 'Published older', 20 );
		$newer = $this->latest_notice( 'Published newer', 19 );
		$this->latest_notice( 'Secret draft', 1, array(), array( 'post_status' => 'draft' ) );
		$this->latest_notice( 'Secret private', 2, array(), array( 'post_status' => 'private' ) );
		$this->latest_notice( 'Secret pending', 3, array(), array( 'post_status' => 'pending' ) );
		$scheduled = $this->latest_notice( 'Secret scheduled', -3600 );
		$this->assertSame( 'future', get_post_status( $scheduled ), 'A notice dated later waits for its time.' );
		$trashed = $this->latest_notice( 'Secret trashed', 4 );
		$this->assertInstanceOf( \WP_Post::class, wp_trash_post( $trashed ) );

		$dom = new Html(
			do_blocks(
				$this->carousel(
					array(
						'source' => 'notices',
						'count'  => 2,
					)
				)
			)
		);
		$this->assertSame( $this->permalinks( array( $newer, $older ) ), $this->card_links( $dom, $this->carousels( $dom )[0] ) );

		// Not even for an administrator, who could read them elsewhere.
		$this->log_in_as( 'administrator' );
		$html = do_blocks(
			$this->carousel(
				array(
					'source' => 'notices',
					'count'  => 12,
				)
			)
		) . do_shortcode( '[tenderpress_carousel source="notices" count="12"]' );
		$this->assertStringNotContainsString( 'Secret', $html );
		$dom = new Html( $html );
		$this->assertCount( 2, $this->carousels( $dom ) );
		foreach ( $this->carousels( $dom ) as $carousel ) {
			$this->assertSame( $this->permalinks( $this->expected_latest( 12 ) ), $this->card_links( $dom, $carousel ), 'The 12 latest published notices.' );
		}
	}

	public function test_a_notice_type_shows_only_notices_of_that_type(): void {
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->latest_notice( 'Interest ' . $i, 10 + $i, array( 'tp_notice_type' => 'eoi' ) );
		}
		$this->latest_notice( 'An older award', 20, array( 'tp_notice_type' => 'award' ) );
		$this->latest_notice( 'A newer tender', 1, array( 'tp_notice_type' => 'tender' ) );
		$expected = $this->permalinks( $this->expected_latest( 3, 'eoi' ) );
		$this->assertCount( 3, $expected );

		$html = do_blocks(
			$this->carousel(
				array(
					'source'     => 'notices',
					'count'      => 3,
					'noticeType' => 'eoi',
				)
			)
		) . do_shortcode( '[tenderpress_carousel source="notices" count="3" notice_type="eoi"]' );
		$dom  = new Html( $html );
		$this->assertCount( 2, $this->carousels( $dom ), 'The block and the shortcode.' );
		foreach ( $this->carousels( $dom ) as $carousel ) {
			$this->assertSame( $expected, $this->card_links( $dom, $carousel ), 'Only expressions of interest, newest first.' );
			$this->assertSame( array( 'Interest 1', 'Interest 2', 'Interest 3' ), $this->card_titles( $dom, $carousel ) );
			foreach ( $dom->all( './div/div/article', $carousel ) as $card ) {
				$this->assertStringContainsString( 'tp-notice-card--eoi', $card->getAttribute( 'class' ) );
			}
		}
		$this->assertStringNotContainsString( 'A newer tender', $html );

		Carousel::reset();
		$dom = new Html( do_shortcode( '[tenderpress_carousel source="notices" count="2" notice_type="contract"]' ) );
		$this->assertSame( 'A newer tender', $this->card_titles( $dom, $this->carousels( $dom )[0] )[0], 'An unknown type shows every type.' );
	}

	public function test_a_carousel_of_notices_brings_the_stylesheets_of_notice_cards(): void {
		$styles = $this->listing_styles();
		$this->assertContains( 'tenderpress-badges', $styles );
		$this->assertGreaterThan( 1, count( $styles ), 'The listing block\'s own stylesheet as well as the badges.' );
		foreach ( $styles as $handle ) {
			wp_dequeue_style( $handle );
			$this->assertFalse( wp_style_is( $handle, 'enqueued' ), $handle . ' is not loaded yet.' );
		}

		do_blocks( $this->carousel( array(), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) );
		foreach ( $styles as $handle ) {
			$this->assertFalse( wp_style_is( $handle, 'enqueued' ), $handle . ': slides of one\'s own need no notice cards\' look.' );
		}

		$this->carousels( new Html( do_blocks( $this->carousel( array( 'source' => 'notices' ) ) ) ) );
		foreach ( $styles as $handle ) {
			$this->assertTrue( wp_style_is( $handle, 'enqueued' ), $handle . ' is loaded with the cards.' );
		}

		foreach ( $styles as $handle ) {
			wp_dequeue_style( $handle );
		}
		$this->carousels( new Html( do_shortcode( '[tenderpress_carousel source="notices" count="2"]' ) ) );
		foreach ( $styles as $handle ) {
			$this->assertTrue( wp_style_is( $handle, 'enqueued' ), $handle . ' is loaded with the shortcode\'s cards too.' );
		}
	}

	public function test_the_shortcodes_give_the_same_carousel_as_the_block(): void {
		$html     = do_shortcode( '[tenderpress_carousel label="Guides" interval="8000"][tenderpress_slide]A[/tenderpress_slide][tenderpress_slide]B[/tenderpress_slide][/tenderpress_carousel]' );
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];

		$this->assertSame( array( 'visible', 'carousel', 'Guides' ), array( $carousel->getAttribute( 'data-tp-when' ), $carousel->getAttribute( 'aria-roledescription' ), $carousel->getAttribute( 'aria-label' ) ) );
		$this->assertSame( array( 'Pause', 'Previous', 'Next' ), array_map( static fn( \DOMElement $button ): string => $dom->text( '.', $button ), $dom->all( './div[@data-tp-root]/button', $carousel ) ) );
		$slides = $this->slides( $dom, $carousel );
		$this->assertSame( array( 'A', 'B' ), array_map( static fn( \DOMElement $slide ): string => $dom->text( '.', $slide ), $slides ) );
		$this->assertSame( array( '1 of 2', '2 of 2' ), array_map( static fn( \DOMElement $slide ): string => $slide->getAttribute( 'aria-label' ), $slides ) );
		$this->assertSame( 'A', $this->printed_slide( $html, 'tp-carousel-1-1' ) );
		$this->assertSame( 'B', $this->printed_slide( $html, 'tp-carousel-1-2' ) );
		$this->assertSame( array( '#tp-carousel-1-1', '#tp-carousel-1-2' ), array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'href' ), $this->position_links( $dom, $carousel ) ) );
		$this->assertSame( 8000, $this->props( $dom, $carousel )['interval'] );

		Carousel::reset();
		$block = do_blocks(
			$this->carousel(
				array(
					'label'    => 'Guides',
					'interval' => 8000,
				),
				$this->slide( 'A' ),
				$this->slide( 'B' )
			)
		);
		$this->assertSame( self::without_island_tokens( $block ), self::without_island_tokens( (string) preg_replace( '/class="tp-carousel"/', 'class="tp-carousel wp-block-tenderpress-carousel"', $html, 1 ) ), 'The block prints the very same markup (the islands\' random tokens apart), with the block\'s class.' );
	}

	public function test_shortcode_intervals_out_of_range_are_clamped_and_words_give_the_default(): void {
		$cases = array(
			'interval="100"'    => 2000,
			'interval="999999"' => 20000,
			'interval="abc"'    => 5000,
			'interval="-5"'     => 2000,
			'interval="2000"'   => 2000,
			'interval="20000"'  => 20000,
			'interval=""'       => 5000,
			''                  => 5000,
		);
		foreach ( $cases as $attribute => $interval ) {
			$dom = new Html( do_shortcode( '[tenderpress_carousel ' . $attribute . '][tenderpress_slide]A[/tenderpress_slide][tenderpress_slide]B[/tenderpress_slide][/tenderpress_carousel]' ) );
			$this->assertSame( $interval, $this->props( $dom, $this->carousels( $dom )[0] )['interval'], $attribute );
		}

		$counts = array(
			'count="99"'  => 12,
			'count="1"'   => 2,
			'count="abc"' => 5,
			'count="4"'   => 4,
		);
		foreach ( $counts as $attribute => $count ) {
			$dom = new Html( do_shortcode( '[tenderpress_carousel source="notices" ' . $attribute . ']' ) );
			$this->assertSame( $this->permalinks( $this->expected_latest( $count ) ), $this->card_links( $dom, $this->carousels( $dom )[0] ), $attribute . ': ' . $count . ' notices.' );
		}
	}

	/** @return array<string, array{string}> How lines are separated in classic content. */
	public function classic_line_breaks(): array {
		return array(
			'every line a paragraph of its own' => array( "\n\n" ),
			'shortcodes on single lines'        => array( "\n" ),
		);
	}

	/**
	 * @dataProvider classic_line_breaks
	 */
	public function test_shortcodes_on_their_own_lines_in_classic_content_leave_no_stray_paragraph_tags( string $separator ): void {
		// As the classic editor saves them: paragraphs and shortcodes on lines of their own.
		$content  = implode(
			$separator,
			array(
				'Read before bidding.',
				'',
				'[tenderpress_carousel label="Steps"]',
				'[tenderpress_slide]',
				'Alpha',
				'',
				'More alpha',
				'[/tenderpress_slide]',
				'[tenderpress_slide]',
				'Beta',
				'[/tenderpress_slide]',
				'[/tenderpress_carousel]',
				'',
				'After the carousel.',
			)
		);
		$html     = (string) apply_filters( 'the_content', $content ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as a template applies it.
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];
		$this->assertSame( 'Steps', $carousel->getAttribute( 'aria-label' ) );
		$this->assertSame( array( 'Alpha More alpha', 'Beta' ), $this->slide_texts( $dom, $carousel ) );
		foreach ( $this->slides( $dom, $carousel ) as $slide ) {
			$this->assertSame( array(), $dom->all( './/p[not(normalize-space())]', $slide ), 'No empty paragraph in a slide.' );
		}
		$this->assertNull( $dom->one( '//p//*[@data-tp-island]' ), 'The carousel is not left inside a paragraph.' );

		// The slides as printed, before a browser repairs anything.
		$alpha = $this->printed_slide( $html, 'tp-carousel-1-1' );
		$this->assertDoesNotMatchRegularExpression( '#^\s*</p>|<p>\s*$#', $alpha, 'The first slide neither starts with </p> nor ends with <p>.' );
		$this->assertSame( "<p>Alpha</p>\n<p>More alpha</p>", trim( $alpha ), 'The first slide is its two paragraphs.' );
		$beta = $this->printed_slide( $html, 'tp-carousel-1-2' );
		$this->assertDoesNotMatchRegularExpression( '#^\s*</p>|<p>\s*$#', $beta, 'The second slide neither starts with </p> nor ends with <p>.' );
		$this->assertSame( '<p>Beta</p>', trim( $beta ) );
		$this->assertSame( 'Read before bidding.', $dom->text( '//body/p[1]' ), 'The text around the carousel keeps its paragraphs.' );
		$this->assertSame( 'After the carousel.', $dom->text( '//body/p[last()]' ) );
	}

	public function test_unknown_or_garbage_shortcode_attributes_are_ignored(): void {
		// PHPUnit turns a notice or warning into a failure only for the levels PHP reports.
		$reported = error_reporting(); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads the level, changes nothing.
		$this->assertSame( E_ALL, $reported & E_ALL, 'Every notice and warning would fail this test.' );

		$html     = do_shortcode( '[tenderpress_carousel "loose" label source="everything" count="many" interval="soon" notice_type="x" colour="red"][tenderpress_slide size="big" "x"]Alpha[/tenderpress_slide][tenderpress_slide]Beta[/tenderpress_slide][/tenderpress_carousel]' );
		$dom      = new Html( $html );
		$carousel = $this->carousels( $dom )[0];

		$this->assertSame( 'Slides', $carousel->getAttribute( 'aria-label' ), 'An attribute without a value names nothing.' );
		$this->assertSame( array( 'Alpha', 'Beta' ), array_map( static fn( \DOMElement $slide ): string => $dom->text( '.', $slide ), $this->slides( $dom, $carousel ) ), 'An unknown source gives the slides.' );
		$this->assertSame( 5000, $this->props( $dom, $carousel )['interval'] );
		$this->assertStringNotContainsString( 'colour', $html );
		$this->assertStringNotContainsString( 'red', $html );
		$this->assertStringNotContainsString( 'big', $html );

		Carousel::reset();
		$dom = new Html( do_shortcode( '[tenderpress_carousel source="notices" count="1e999" notice_type="" label=""]' ) );
		$this->assertSame( 'Latest notices', $this->carousels( $dom )[0]->getAttribute( 'aria-label' ) );
		$this->assertSame( $this->permalinks( $this->expected_latest( 12 ) ), $this->card_links( $dom, $this->carousels( $dom )[0] ), 'A count too large for any number gives the most there is.' );

		$this->assertSame(
			'',
			Carousel::render(
				array(
					'source' => array( 'notices' ),
					'count'  => array( 3 ),
				)
			),
			'PHP callers with lists get nothing to show, and no warning.'
		);
	}

	public function test_labels_with_markup_or_quotes_are_text_never_tags_or_a_broken_attribute(): void {
		$html      = do_blocks( $this->carousel( array( 'label' => 'Bids "now" & <b>soon</b><script>alert(1)</script>' ), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) )
			. do_shortcode( '[tenderpress_carousel label=\'Say "hi" <img src=x onerror=alert(2)>\'][tenderpress_slide]A[/tenderpress_slide][tenderpress_slide]B[/tenderpress_slide][/tenderpress_carousel]' );
		$dom       = new Html( $html );
		$carousels = $this->carousels( $dom );

		$this->assertCount( 2, $carousels );
		$this->assertStringNotContainsString( 'alert', $html, 'A script\'s content is dropped with its tags.' );
		$this->assertNull( $dom->one( '//script[not(@data-tp-props)] | //img | //b' ), 'No element from a label.' );
		$this->assertSame( 'Bids "now" & soon', $carousels[0]->getAttribute( 'aria-label' ) );
		$this->assertStringContainsString( 'aria-label="Bids &quot;now&quot; &amp; soon"', $html, 'The label\'s quotes cannot end the attribute.' );
		$this->assertSame( 'Say "hi"', $carousels[1]->getAttribute( 'aria-label' ) );
		$this->assertSame( array( 'One', 'Two' ), $this->slide_texts( $dom, $carousels[0] ), 'The slides are untouched by the label.' );

		Carousel::reset();
		$dom = new Html( do_blocks( $this->carousel( array( 'label' => ' <i></i> ' ), $this->text_slide( 'One' ), $this->text_slide( 'Two' ) ) ) );
		$this->assertSame( 'Slides', $this->carousels( $dom )[0]->getAttribute( 'aria-label' ), 'A label with no words gives the default name.' );
		$dom = new Html( do_shortcode( '[tenderpress_carousel source="notices" label="Bids &amp; offers"]' ) );
		$this->assertSame( 'Bids & offers', $this->carousels( $dom )[0]->getAttribute( 'aria-label' ) );
	}

	public function test_the_site_interval_is_the_default_of_every_carousel_without_its_own(): void {
		$section = Settings::section( Carousel::SECTION );
		$this->assertNotNull( $section, 'Settings > TenderPress has a carousel section.' );
		$this->assertSame( array( 'interval' ), array_keys( $section->fields ) );
		$this->assertSame( array( 5000, 2000, 20000 ), array( $section->fields['interval']->default, $section->fields['interval']->min, $section->fields['interval']->max ), 'The block\'s own default and limits.' );
		$this->assertSame( 5000, Settings::get( Carousel::SECTION, 'interval' ) );

		$this->set_carousel( array( 'interval' => '9000' ) );
		$this->assertSame( 9000, Settings::get( Carousel::SECTION, 'interval' ) );
		$this->reregister_carousel();
		try {
			$two       = $this->text_slide( 'One' ) . $this->text_slide( 'Two' );
			$html      = do_blocks(
				$this->carousel( array(), $two )
				. $this->carousel( array( 'interval' => 3000 ), $two )
				. $this->carousel( array( 'interval' => 99 ), $two )
				. $this->carousel( array( 'source' => 'notices' ) )
			)
				. do_shortcode( '[tenderpress_carousel][tenderpress_slide]A[/tenderpress_slide][tenderpress_slide]B[/tenderpress_slide][/tenderpress_carousel]' )
				. do_shortcode( '[tenderpress_carousel interval="abc"][tenderpress_slide]A[/tenderpress_slide][tenderpress_slide]B[/tenderpress_slide][/tenderpress_carousel]' );
			$dom       = new Html( $html );
			$carousels = $this->carousels( $dom );
			$this->assertCount( 6, $carousels );
			$expected = array(
				'a block without its own'        => 9000,
				'a block with its own'           => 3000,
				'a block WordPress refuses'      => 9000,
				'notices without their own'      => 9000,
				'a shortcode without its own'    => 9000,
				'a shortcode with a word for it' => 9000,
			);
			foreach ( array_keys( $expected ) as $index => $case ) {
				$this->assertSame( $expected[ $case ], $this->props( $dom, $carousels[ $index ] )['interval'], $case );
			}
			$this->assertSame( 9000, \WP_Block_Type_Registry::get_instance()->get_registered( Carousel::BLOCK )->attributes['interval']['default'], 'The editor starts from it too.' );
		} finally {
			delete_option( Settings::OPTION );
			$this->reregister_carousel();
		}
		$this->assertSame( 5000, \WP_Block_Type_Registry::get_instance()->get_registered( Carousel::BLOCK )->attributes['interval']['default'], 'Without settings, the block\'s own default.' );
	}

	public function test_refused_intervals_are_named_and_nothing_is_stored(): void {
		$this->set_carousel( array( 'interval' => '7000' ) );
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );
		$this->assertSame( 7000, Settings::get( Carousel::SECTION, 'interval' ) );

		$message = 'Time on each slide must be a whole number from 2,000 to 20,000.';
		$cases   = array(
			'just under two seconds' => '1999',
			'just over twenty'       => '20001',
			'a word'                 => 'abc',
			'a negative number'      => '-1',
			'a fraction'             => '2500.5',
			'nothing'                => '',
		);
		foreach ( $cases as $case => $value ) {
			$this->forget_settings_messages();
			$this->set_carousel( array( 'interval' => $value ) );

			$this->assertSame( $before, $this->stored_settings_row(), $case . ': the stored option is unchanged.' );
			$this->assertSame( $message, $this->settings_errors()[ Settings::field_id( Carousel::SECTION, 'interval' ) ] ?? null, $case );
			$this->assertArrayHasKey( 'unchanged', $this->settings_errors(), $case );
			$this->assertSame( 7000, Settings::get( Carousel::SECTION, 'interval' ), $case );
		}

		foreach ( array( '2000', '20000' ) as $value ) {
			$this->forget_settings_messages();
			$this->set_carousel( array( 'interval' => $value ) );
			$this->assertSame( array(), $this->settings_errors(), 'The limits are accepted.' );
			$this->assertSame( (int) $value, Settings::get( Carousel::SECTION, 'interval' ) );
		}
	}
}
