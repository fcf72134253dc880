<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockRegistry;
use TenderPress\Blocks\DesignTokens;
use TenderPress\Islands\PushPrompt;
use TenderPress\Islands\Stepper;

/**
 * The plugin's colours come from one place, the tokens generated from the theme's palette: they
 * are printed in the page (no request of their own), once, before the first of the plugin's
 * stylesheets that uses them, wherever one of them is, whichever theme is active.
 */
final class DesignTokensTest extends TestCase {

	/** The tokens and every stylesheet, as printed (inline or as links) for what is queued now. */
	private function printed_styles(): string {
		ob_start();
		wp_print_styles();
		return (string) ob_get_clean();
	}

	protected function tearDown(): void {
		wp_styles()->queue = array();
		wp_styles()->done  = array();
		parent::tearDown();
	}

	public function test_every_block_of_the_plugin_loads_the_tokens_before_its_own_stylesheet(): void {
		$checked = 0;
		foreach ( BlockRegistry::blocks() as $name ) {
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/' . $name );
			$this->assertNotNull( $block, $name );
			foreach ( array_merge( $block->style_handles, $block->editor_style_handles ) as $handle ) {
				$style = wp_styles()->query( $handle );
				$this->assertInstanceOf( \_WP_Dependency::class, $style, $handle );
				$this->assertContains( DesignTokens::HANDLE, $style->deps, "tenderpress/{$name}: {$handle}" );
				++$checked;
			}
		}
		$this->assertGreaterThan( 10, $checked );
		$this->assertNotFalse( wp_styles()->query( 'tenderpress-login-style' ), 'The blocks\' own stylesheets keep the handles WordPress names them by.' );
	}

	public function test_the_shared_stylesheets_depend_on_the_tokens(): void {
		do_action( 'wp_enqueue_scripts' );
		foreach ( array( 'tenderpress-badges', 'tenderpress-forms', BlockRegistry::DIALOG_STYLE, Stepper::STYLE, PushPrompt::STYLE ) as $handle ) {
			$style = wp_styles()->query( $handle );
			$this->assertInstanceOf( \_WP_Dependency::class, $style, $handle );
			$this->assertContains( DesignTokens::HANDLE, $style->deps, $handle );
		}
	}

	public function test_a_page_with_a_block_prints_the_tokens_inline_once_before_the_blocks_stylesheet(): void {
		$this->make_notice();
		do_blocks( '<!-- wp:tenderpress/listing /--><!-- wp:tenderpress/search /-->' );
		$html = $this->printed_styles();
		$this->assertSame( 1, substr_count( $html, "id='tenderpress-tokens-inline-css'" ), $html );
		$this->assertStringNotContainsString( 'tokens.css', $html, 'Printed in the page, not fetched.' );
		$tokens  = (int) strpos( $html, "id='tenderpress-tokens-inline-css'" );
		$listing = strpos( $html, 'tenderpress-listing-style' );
		$this->assertNotFalse( $listing, $html );
		$this->assertLessThan( $listing, $tokens );
		$this->assertStringContainsString( '--tp-color-primary: var(--wp--preset--color--primary, #0b4f8a);', $html, "The theme's preset first, the palette's value where a theme has none." );
	}

	public function test_a_page_without_the_plugins_blocks_gets_no_tokens(): void {
		do_blocks( '<!-- wp:paragraph --><p>Only words.</p><!-- /wp:paragraph -->' );
		$this->assertStringNotContainsString( 'tenderpress-tokens', $this->printed_styles() );
	}
}
