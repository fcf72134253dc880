<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Blocks\BlockRegistry;
use TenderPress\Content\NoticeFields;
use TenderPress\Listings\ListingSettings;

/**
 * Each block attribute's default and limits live in its block.json, and nowhere else: a block,
 * the editor's preview endpoint and PHP callers all honour them. Every expected limit and default
 * here is read from block.json, so the test follows the file rather than a copy of its numbers.
 */
final class BlockAttributesTest extends TestCase {

	/** @return array<string, mixed> The block's block.json, decoded. */
	private static function block_json( string $block ): array {
		$json = json_decode( (string) file_get_contents( TENDERPRESS_DIR . '/blocks/' . $block . '/block.json' ), true );
		self::assertIsArray( $json );
		return $json;
	}

	/**
	 * Every integer attribute of every block, with its block.json schema.
	 *
	 * @return array<string, array{string, string, array<string, mixed>}>
	 */
	public static function integer_attributes(): array {
		$cases = array();
		foreach ( BlockRegistry::blocks() as $block ) {
			foreach ( self::block_json( $block )['attributes'] ?? array() as $attribute => $schema ) {
				if ( 'integer' === $schema['type'] ) {
					$cases[ "$block $attribute" ] = array( $block, $attribute, $schema );
				}
			}
		}
		return $cases;
	}

	/**
	 * What a visitor gets of one integer attribute in the rendered block.
	 *
	 * @throws \UnhandledMatchError For an attribute this test does not know how to observe yet.
	 */
	private function rendered_value( string $block, string $attribute, string $html ): int {
		$dom = new Html( $html );
		return match ( "$block $attribute" ) {
			'back-to-top speed', 'back-to-top showAfter' => $this->island_props( $dom, 'back-to-top' )[ $attribute ],
			'listing perPage'      => count( $dom->all( '//article[' . Html::has_class( 'tp-notice-card' ) . ']' ) ),
			'listing headingLevel' => (int) substr( $dom->one( '//*[' . Html::has_class( 'tp-notice-card__title' ) . ']' )->tagName, 1 ),
			// The page links are drawn by the server from the listing's signed settings.
			'listing visiblePages' => ( ListingSettings::from_sid( $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' )->getAttribute( 'data-sid' ) ) ?? array() )['visiblePages'],
			'tabs offset'          => $this->island_props( $dom, 'tabs' )['offset'],
			'tabs level'           => (int) substr( $dom->one( '//*[' . Html::has_class( 'tp-tabs__title' ) . ']' )->tagName, 1 ),
			'ticker count'         => count( $dom->all( '//li[' . Html::has_class( 'tp-ticker__item' ) . '][not(@data-tp-copy)]' ) ),
			'ticker pause'         => $this->island_props( $dom, 'ticker' )['pause'],
			'carousel interval'    => $this->island_props( $dom, 'carousel' )['interval'],
			'carousel count'       => count( $dom->all( '//*[' . Html::has_class( 'tp-carousel__slide' ) . ']' ) ),
			'notice-reminder days' => (int) $dom->one( '//input[@name="days"]' )->getAttribute( 'value' ),
			// The island asks the route for this many (a day with that many notices is rare).
			'calendar perDay'      => $this->island_props( $dom, 'calendar' )['perDay'],
			// Also without an island (a window as high as the list, which then does not move).
			'ticker speed', 'ticker visible' => $this->style_number( $dom, '--tp-ticker-' . $attribute ),
		};
	}

	/** A number an element's style sets for a custom property ("--tp-ticker-speed:700ms" gives 700). */
	private function style_number( Html $dom, string $property ): int {
		$style = (string) $dom->one( '//*[contains(@style, "' . $property . ':")]' )?->getAttribute( 'style' );
		$this->assertSame( 1, preg_match( '/' . preg_quote( $property, '/' ) . ':(\d+)/', $style, $match ), "$property is set: $style" );
		return (int) $match[1];
	}

	/** @return array<string, mixed> */
	private function island_props( Html $dom, string $island ): array {
		$props = json_decode( $dom->text( '//*[@data-tp-island="' . $island . '"]/script[@data-tp-props]' ), true );
		$this->assertIsArray( $props, "The $island island prints its props." );
		return $props;
	}

	/**
	 * An open notice whose deadline is further away than the reminder's most days: the form then
	 * offers the block's own limits (nearer, it offers no more than the days left).
	 */
	private function open_notice_id(): int {
		return $this->make_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i', time() + 60 * DAY_IN_SECONDS ) ) );
	}

	private function render_block( string $block, array $attributes ): string {
		if ( 'carousel' === $block ) {
			// The latest notices: slides without inner blocks.
			return do_blocks( '<!-- wp:tenderpress/carousel ' . wp_json_encode( array( 'source' => 'notices' ) + $attributes ) . ' /-->' );
		}
		if ( 'tabs' === $block ) {
			// Tabs show nothing without a section.
			return do_blocks( '<!-- wp:tenderpress/tabs ' . wp_json_encode( $attributes ) . ' --><!-- wp:tenderpress/tab {"title":"Details"} --><!-- wp:paragraph --><p>Text.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab --><!-- /wp:tenderpress/tabs -->' );
		}
		if ( 'notice-reminder' === $block ) {
			// On an open notice, as a notice's template renders it.
			$parsed = parse_blocks( '<!-- wp:tenderpress/notice-reminder ' . wp_json_encode( $attributes ) . ' /-->' )[0];
			return ( new \WP_Block( $parsed, array( 'postId' => $this->open_notice_id() ) ) )->render();
		}
		return do_blocks( '<!-- wp:tenderpress/' . $block . ' ' . wp_json_encode( $attributes ) . ' /-->' );
	}

	public function test_every_integer_attribute_has_a_default_within_its_limits(): void {
		$this->assertNotEmpty( self::integer_attributes() );
		foreach ( self::integer_attributes() as $case => list( , , $schema ) ) {
			$this->assertIsInt( $schema['minimum'] ?? null, "$case has a minimum" );
			$this->assertIsInt( $schema['maximum'] ?? null, "$case has a maximum" );
			$this->assertIsInt( $schema['default'] ?? null, "$case has a default" );
			$this->assertGreaterThanOrEqual( $schema['minimum'], $schema['default'], $case );
			$this->assertLessThanOrEqual( $schema['maximum'], $schema['default'], $case );
		}
	}

	/** @dataProvider integer_attributes */
	public function test_the_limits_themselves_render_as_given( string $block, string $attribute, array $schema ): void {
		foreach ( array( $schema['minimum'], $schema['maximum'] ) as $limit ) {
			$this->assertSame( $limit, $this->rendered_value( $block, $attribute, $this->render_block( $block, array( $attribute => $limit ) ) ), "$attribute $limit" );
		}
	}

	/**
	 * WordPress checks a block's attributes against its schema before rendering and drops the
	 * ones it refuses, so an out-of-range block attribute renders with the default.
	 *
	 * @dataProvider integer_attributes
	 */
	public function test_an_unusable_block_attribute_renders_with_the_default( string $block, string $attribute, array $schema ): void {
		foreach ( array( $schema['maximum'] + 1, $schema['minimum'] - 1, 'many', 2.5, null ) as $value ) {
			$html = $this->render_block( $block, array( $attribute => $value ) );
			$this->assertSame( $schema['default'], $this->rendered_value( $block, $attribute, $html ), "$attribute " . wp_json_encode( $value ) );
		}
	}

	/**
	 * Shortcodes and PHP callers go through clean(): a number out of range gets the nearest limit,
	 * and numbers may come as text, as shortcode attributes do.
	 *
	 * @dataProvider integer_attributes
	 */
	public function test_clean_clamps_integers_to_the_limits_and_reads_numeric_text( string $block, string $attribute, array $schema ): void {
		$clean = fn( $value ) => BlockAttributes::clean( 'tenderpress/' . $block, array( $attribute => $value ) )[ $attribute ];

		$this->assertSame( $schema['maximum'], $clean( $schema['maximum'] + 1 ) );
		$this->assertSame( $schema['maximum'], $clean( (string) ( $schema['maximum'] * 1000 ) ) );
		$this->assertSame( $schema['maximum'], $clean( '1e999' ) );
		$this->assertSame( $schema['minimum'], $clean( $schema['minimum'] - 1 ) );
		$this->assertSame( $schema['minimum'], $clean( '-1e999' ) );
		$this->assertSame( $schema['maximum'], $clean( (string) $schema['maximum'] ) );
		$this->assertSame( $schema['minimum'], $clean( (float) $schema['minimum'] ) );
		foreach ( array( 'many', '', '3 pages', '2.5', 2.5, true, null, array( 1 ) ) as $unusable ) {
			$this->assertSame( $schema['default'], $clean( $unusable ), wp_json_encode( $unusable ) );
		}
		$this->assertSame( $schema['default'], BlockAttributes::clean( 'tenderpress/' . $block, array() )[ $attribute ] );
	}

	/** @dataProvider integer_attributes */
	public function test_the_editor_preview_refuses_an_out_of_range_attribute( string $block, string $attribute, array $schema ): void {
		$this->log_in_as( 'editor' );
		$route = '/wp/v2/block-renderer/tenderpress/' . $block;
		foreach ( array( $schema['maximum'] + 1, $schema['minimum'] - 1 ) as $value ) {
			$response = $this->rest( 'GET', $route, array( 'context' => 'edit', 'attributes' => array( $attribute => (string) $value ) ) );
			$this->assertSame( 400, $response->get_status(), "$attribute $value" );
			$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
		}
		// A carousel is previewed when it shows the latest notices (slides of its own are edited in place).
		$others = 'carousel' === $block ? array( 'source' => 'notices' ) : array();
		// A reminder is previewed on the notice being edited.
		$post     = 'notice-reminder' === $block ? array( 'post_id' => $this->open_notice_id() ) : array();
		$at_limit = $this->rest( 'GET', $route, array( 'context' => 'edit', 'attributes' => array( $attribute => (string) $schema['maximum'] ) + $others ) + $post );
		$this->assertSame( 200, $at_limit->get_status() );
		if ( 'tabs' === $block ) {
			// Edited in place, never previewed: the renderer gets no sections, so shows nothing.
			$this->assertSame( '', $at_limit->get_data()['rendered'] );
			return;
		}
		$this->assertSame( $schema['maximum'], $this->rendered_value( $block, $attribute, $at_limit->get_data()['rendered'] ) );
	}

	public function test_the_listing_filters_on_exactly_the_content_models_notice_types(): void {
		$schema = \WP_Block_Type_Registry::get_instance()->get_registered( BlockRegistry::LISTING )->attributes['noticeType'];
		$this->assertSame( array_merge( array( '' ), NoticeFields::NOTICE_TYPES ), $schema['enum'] );
		$this->assertArrayNotHasKey( 'enum', self::block_json( 'listing' )['attributes']['noticeType'], 'The list lives in PHP only.' );
		$this->assertContains( $schema['default'], $schema['enum'] );

		foreach ( NoticeFields::NOTICE_TYPES as $type ) {
			$this->assertSame( $type, BlockAttributes::clean( BlockRegistry::LISTING, array( 'noticeType' => $type ) )['noticeType'] );
		}
		foreach ( array( 'tenders', 'EOI', ' eoi', 'eoi ', 7, array( 'eoi' ) ) as $unknown ) {
			$this->assertSame( $schema['default'], BlockAttributes::clean( BlockRegistry::LISTING, array( 'noticeType' => $unknown ) )['noticeType'], wp_json_encode( $unknown ) );
		}

		$this->log_in_as( 'editor' );
		$refused = $this->rest( 'GET', '/wp/v2/block-renderer/tenderpress/listing', array( 'context' => 'edit', 'attributes' => array( 'noticeType' => 'tenders' ) ) );
		$this->assertSame( 400, $refused->get_status() );
	}

	public function test_clean_gives_the_listing_every_setting_it_needs_with_its_defaults(): void {
		$clean = BlockAttributes::clean( BlockRegistry::LISTING, array() );
		foreach ( self::block_json( 'listing' )['attributes'] as $attribute => $schema ) {
			$this->assertArrayHasKey( $attribute, $clean );
			$this->assertSame( $schema['default'], $clean[ $attribute ], $attribute );
		}
		$this->assertSame(
			array_keys( \WP_Block_Type_Registry::get_instance()->get_registered( BlockRegistry::LISTING )->get_attributes() ),
			array_keys( $clean ),
			'Every declared attribute, including those block supports add.'
		);
	}

	/** Booleans as shortcodes and REST give them; anything else is the default. */
	public function test_clean_reads_booleans_as_rest_does(): void {
		$defaults = BlockAttributes::clean( BlockRegistry::LISTING, array() );
		$no_scroll = fn( $value ) => BlockAttributes::clean( BlockRegistry::LISTING, array( 'noScroll' => $value ) )['noScroll'];
		foreach ( array( true, 1, '1', 'true', 'TRUE' ) as $yes ) {
			$this->assertTrue( $no_scroll( $yes ), wp_json_encode( $yes ) );
		}
		foreach ( array( false, 0, '0', 'false' ) as $no ) {
			$this->assertFalse( $no_scroll( $no ), wp_json_encode( $no ) );
		}
		foreach ( array( 'yes', 2, '', null, array() ) as $unusable ) {
			$this->assertSame( $defaults['noScroll'], $no_scroll( $unusable ), wp_json_encode( $unusable ) );
		}
	}

	public function test_the_back_to_top_target_must_be_an_element_id(): void {
		$default = self::block_json( 'back-to-top' )['attributes']['targetId']['default'];
		$target = fn( $value ) => BlockAttributes::clean( 'tenderpress/back-to-top', array( 'targetId' => $value ) )['targetId'];
		foreach ( array( 'top', 'T', 'site-header', 'wp_block:main.2', 'a1' ) as $id ) {
			$this->assertSame( $id, $target( $id ) );
		}
		// "top\n" passes a PHP "$" but not a JavaScript one: the schema's pattern means the latter.
		foreach ( array( '1top', '-top', '_top', '', 'top bar', "top\n", 'top#x', 'x y<script>', 'a" onclick="x', 'tøp', 7 ) as $bad ) {
			$this->assertSame( $default, $target( $bad ), wp_json_encode( $bad ) );
		}
	}

	public function test_attributes_of_other_kinds_are_checked_as_wordpress_checks_them(): void {
		$metadata = fn( $value ) => BlockAttributes::clean( 'tenderpress/back-to-top', array( 'metadata' => $value ) )['metadata'];
		$this->assertSame( array( 'name' => 'Up' ), $metadata( array( 'name' => 'Up' ) ) );
		$this->assertNull( $metadata( 'Up' ) );
	}

	public function test_clean_refuses_a_block_type_that_is_not_registered(): void {
		$this->expectException( \InvalidArgumentException::class );
		BlockAttributes::clean( 'tenderpress/nothing', array() );
	}
}
