<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockWrapper;

/**
 * What a site owner sets on a block in the editor reaches the page: every block that renders its
 * own outer element carries WordPress's wrapper attributes (its wp-block-* class and the classes
 * typed under Advanced), merged into that element, and the island's own markers stay as the
 * render method wrote them.
 */
final class BlockWrapperTest extends TestCase {

	private const CLASSES = 'owner-choice second-choice';

	/** @return array<string, array{string, string}> Each block, as a site owner adds it with classes. */
	public static function blocks(): array {
		$with  = static fn( string $name, string $attributes = '' ): string => '{"className":"' . self::CLASSES . '"' . $attributes . '}';
		$tab   = static fn( string $title ): string => '<!-- wp:tenderpress/tab {"title":"' . $title . '"} --><!-- wp:paragraph --><p>' . $title . ' text.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->';
		$slide = static fn( string $text ): string => '<!-- wp:tenderpress/slide --><!-- wp:paragraph --><p>' . $text . '</p><!-- /wp:paragraph --><!-- /wp:tenderpress/slide -->';
		return array(
			'back to top' => array( 'back-to-top', '<!-- wp:tenderpress/back-to-top ' . $with( 'back-to-top' ) . ' /-->' ),
			'calendar'    => array( 'calendar', '<!-- wp:tenderpress/calendar ' . $with( 'calendar' ) . ' /-->' ),
			'carousel'    => array( 'carousel', '<!-- wp:tenderpress/carousel ' . $with( 'carousel' ) . ' -->' . $slide( 'One' ) . $slide( 'Two' ) . '<!-- /wp:tenderpress/carousel -->' ),
			'sign-in'     => array( 'login', '<!-- wp:tenderpress/login ' . $with( 'login' ) . ' /-->' ),
			'menu'        => array( 'menu', '<!-- wp:tenderpress/menu ' . $with( 'menu' ) . ' /-->' ),
			'push button' => array( 'push-button', '<!-- wp:tenderpress/push-button ' . $with( 'push-button' ) . ' /-->' ),
			'search'      => array( 'search', '<!-- wp:tenderpress/search ' . $with( 'search' ) . ' /-->' ),
			'share'       => array( 'share', '<!-- wp:tenderpress/share ' . $with( 'share' ) . ' /-->' ),
			'tabs'        => array( 'tabs', '<!-- wp:tenderpress/tabs ' . $with( 'tabs', ',"label":"Help"' ) . ' -->' . $tab( 'One' ) . $tab( 'Two' ) . '<!-- /wp:tenderpress/tabs -->' ),
			'ticker'      => array( 'ticker', '<!-- wp:tenderpress/ticker ' . $with( 'ticker' ) . ' /-->' ),
		);
	}

	/**
	 * @dataProvider blocks
	 */
	public function test_the_owners_classes_reach_the_blocks_outer_element( string $name, string $markup ): void {
		$html  = do_blocks( $markup );
		$dom   = new Html( $html );
		$outer = $dom->one( '/html/body/*[not(self::script or self::style or self::template)][1]' );
		$this->assertNotNull( $outer, "The $name block renders an element." );
		$classes = explode( ' ', (string) $outer->getAttribute( 'class' ) );
		foreach ( array( 'wp-block-tenderpress-' . $name, 'owner-choice', 'second-choice' ) as $class ) {
			$this->assertContains( $class, $classes, "The $name block's outer element has the class $class: " . substr( $html, 0, 300 ) );
		}
		$this->assertCount( 1, $dom->all( '//*[' . Html::has_class( 'owner-choice' ) . ']' ), 'Only the outer element takes the classes.' );
	}

	public function test_a_carousel_of_one_slide_prints_the_slide_as_it_is(): void {
		$html = do_blocks( '<!-- wp:tenderpress/carousel {"className":"owner-choice"} --><!-- wp:tenderpress/slide --><!-- wp:paragraph --><p>Only slide.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/slide --><!-- /wp:tenderpress/carousel -->' );
		$this->assertSame( '<p>Only slide.</p>', trim( $html ), 'No carousel, so nothing of the carousel\'s on the slide\'s paragraph.' );
	}

	public function test_the_render_methods_attributes_win_and_a_style_goes_first(): void {
		\WP_Block_Supports::$block_to_render = array(
			'blockName' => 'tenderpress/back-to-top',
			'attrs'     => array( 'className' => 'owner-choice' ),
		);
		$markup                              = '<script>var before = 1;</script><div class="tp-island" data-tp-island="back-to-top" style="color: red">x</div><p>after</p>';
		$dom                                 = new Html( BlockWrapper::apply( $markup ) );
		$outer                               = $dom->one( '//div' );
		$this->assertNotNull( $outer );
		$this->assertSame( 'back-to-top', $outer->getAttribute( 'data-tp-island' ), 'The island\'s marker is the render method\'s.' );
		$this->assertStringContainsString( 'tp-island', $outer->getAttribute( 'class' ) );
		$this->assertStringContainsString( 'owner-choice', $outer->getAttribute( 'class' ) );
		$this->assertStringContainsString( 'color: red', $outer->getAttribute( 'style' ) );
		$this->assertNull( $dom->one( '//script[@class] | //p[@class]' ), 'An inline script before it and the elements after it are left as they were.' );
		$this->assertSame( '', BlockWrapper::apply( '' ), 'Nothing rendered stays nothing.' );
		$this->assertSame( "\n", BlockWrapper::apply( "\n" ) );
		\WP_Block_Supports::$block_to_render = null;
	}
}
