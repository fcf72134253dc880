<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockRegistry;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;

/**
 * Site owners place the blocks in the block editor: each has the editor script (settings and a
 * server-rendered preview), and the preview endpoint the editor calls renders them for editors
 * only. The editor's limits and choices come from the server (tests/e2e/block-editor.spec.ts
 * checks the sidebar itself).
 */
final class BlockEditorTest extends TestCase {

	public function test_every_block_has_the_editor_script_with_its_dependencies(): void {
		foreach ( BlockRegistry::blocks() as $block ) {
			$type = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/' . $block );
			$this->assertNotNull( $type, "tenderpress/$block is registered" );
			$this->assertContains( BlockRegistry::EDITOR_SCRIPT, $type->editor_script_handles, "tenderpress/$block loads the editor script" );
		}
		$script = wp_scripts()->registered[ BlockRegistry::EDITOR_SCRIPT ] ?? null;
		$this->assertNotNull( $script );
		foreach ( array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ) as $dependency ) {
			$this->assertContains( $dependency, $script->deps );
		}
		// The built script, not a source: its URL names a file the plugin ships.
		$this->assertFileExists( TENDERPRESS_DIR . substr( $script->src, strlen( plugins_url( '', TENDERPRESS_FILE ) ) ) );
	}

	public function test_the_editor_gets_a_translated_label_for_each_notice_type_the_listing_allows(): void {
		do_action( 'enqueue_block_editor_assets' );
		$before = (array) wp_scripts()->get_data( BlockRegistry::EDITOR_SCRIPT, 'before' );
		// Among what comes before the editor script (the card template's data too).
		$labels_script = array_values( array_filter( $before, static fn( $script ) => str_starts_with( (string) $script, 'window.tenderpressBlockEditor = ' ) ) );
		$this->assertCount( 1, $labels_script, 'The labels come before the editor script, once.' );
		$this->assertSame( 1, preg_match( '/^window\.tenderpressBlockEditor = (\{.*\});$/Ds', (string) $labels_script[0], $match ), 'The labels come before the editor script.' );
		$labels = json_decode( $match[1], true )['noticeTypeLabels'];

		$allowed = \WP_Block_Type_Registry::get_instance()->get_registered( BlockRegistry::LISTING )->attributes['noticeType']['enum'];
		$this->assertSame( $allowed, array_map( 'strval', array_keys( $labels ) ) );
		foreach ( NoticeFields::NOTICE_TYPES as $type ) {
			$this->assertSame( Notice::label_for_type( $type ), $labels[ $type ] );
		}
		$this->assertSame( 'All notices', $labels[''] );
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
