<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockRegistry;

/**
 * Site owners place the blocks in the block editor: each has the editor script (settings and a
 * server-rendered preview), and the preview endpoint the editor calls renders them for editors
 * only.
 */
final class BlockEditorTest extends TestCase {

	public function test_every_block_has_the_editor_script_with_its_dependencies(): void {
		foreach ( BlockRegistry::BLOCKS as $block ) {
			$type = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/' . $block );
			$this->assertNotNull( $type, "tenderpress/$block is registered" );
			$this->assertContains( BlockRegistry::EDITOR_SCRIPT, $type->editor_script_handles, "tenderpress/$block loads the editor script" );
		}
		$script = wp_scripts()->registered[ BlockRegistry::EDITOR_SCRIPT ] ?? null;
		$this->assertNotNull( $script );
		foreach ( array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ) as $dependency ) {
			$this->assertContains( $dependency, $script->deps );
		}
		$this->assertFileExists( TENDERPRESS_DIR . '/blocks/editor.js' );
	}

	public function test_the_editor_preview_renders_the_listing_with_its_settings(): void {
		$this->log_in_as( 'editor' );
		$response = $this->rest(
			'GET',
			'/wp/v2/block-renderer/tenderpress/listing',
			array(
				'context'    => 'edit',
				'attributes' => array(
					'perPage'    => 3,
					'noticeType' => 'eoi',
				),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$html = $response->get_data()['rendered'];
		$this->assertSame( 3, substr_count( $html, 'class="tp-notice-card ' ) );
		$this->assertSame( 3, substr_count( $html, 'tp-badge--eoi' ) );
	}

	public function test_the_preview_refuses_bad_attributes_and_visitors(): void {
		$this->log_in_as( 'editor' );
		$bad = $this->rest( 'GET', '/wp/v2/block-renderer/tenderpress/listing', array( 'context' => 'edit', 'attributes' => array( 'perPage' => 'ten' ) ) );
		$this->assertSame( 400, $bad->get_status() );

		wp_set_current_user( 0 );
		$anonymous = $this->rest( 'GET', '/wp/v2/block-renderer/tenderpress/listing', array( 'context' => 'edit' ) );
		$this->assertSame( 401, $anonymous->get_status() );
	}
}
