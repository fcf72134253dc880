<?php
namespace TenderPress\Blocks;

/**
 * Registers the plugin's blocks from plugin/blocks/<name>/block.json. They are dynamic: PHP renders
 * them (render.php), so they work in block themes, in templates and without JavaScript.
 */
final class BlockRegistry {

	public const BLOCKS = array( 'listing', 'notice-facts', 'menu', 'back-to-top' );
	public const EDITOR_SCRIPT = 'tenderpress-blocks-editor';

	public function register(): void {
		add_action( 'init', array( $this, 'register_blocks' ) );
	}

	public function register_blocks(): void {
		// Shared by the blocks that show type and status badges; loaded only with them.
		wp_register_style( 'tenderpress-badges', plugins_url( 'assets/badges.css', TENDERPRESS_FILE ), array(), TENDERPRESS_VERSION );
		wp_style_add_data( 'tenderpress-badges', 'path', TENDERPRESS_DIR . '/assets/badges.css' );
		// One small editor script for all blocks: previews rendered by the server, settings panels.
		wp_register_script(
			self::EDITOR_SCRIPT,
			plugins_url( 'blocks/editor.js', TENDERPRESS_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ),
			TENDERPRESS_VERSION,
			true
		);
		wp_set_script_translations( self::EDITOR_SCRIPT, 'tenderpress', TENDERPRESS_DIR . '/languages' );
		foreach ( self::BLOCKS as $block ) {
			register_block_type( TENDERPRESS_DIR . '/blocks/' . $block );
		}
	}
}
