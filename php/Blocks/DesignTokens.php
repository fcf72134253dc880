<?php
namespace TenderPress\Blocks;

/**
 * The plugin's colours as custom properties (--tp-color-<slug>), from plugin/assets/tokens.css,
 * which `npm run tokens` writes from the theme's palette (theme/theme.json, their one source).
 * Each takes the active theme's preset of its slug when there is one, the palette's value
 * otherwise, so the plugin's blocks keep one look on any theme.
 *
 * Printed inline, never as a request of its own: a dependency of every stylesheet of the plugin
 * (each block's, once the blocks are registered; the shared ones, where they are registered), so
 * it comes once, before the first of them, on the pages that show one.
 */
final class DesignTokens {

	public const HANDLE = 'tenderpress-tokens';

	public function register(): void {
		add_action( 'init', array( self::class, 'register_style' ), 0 );
		// After the blocks are registered (BlockRegistry, at the default priority).
		add_action( 'init', array( $this, 'add_to_blocks' ), 20 );
	}

	/** The inline-only stylesheet: no file of its own to fetch, the tokens printed in the page. */
	public static function register_style(): void {
		if ( wp_style_is( self::HANDLE, 'registered' ) ) {
			return;
		}
		wp_register_style( self::HANDLE, false, array(), TENDERPRESS_VERSION );
		$file = TENDERPRESS_DIR . '/assets/tokens.css';
		$css  = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the plugin's own file.
		if ( is_string( $css ) ) {
			wp_add_inline_style( self::HANDLE, $css );
		}
	}

	/**
	 * Makes the tokens a dependency of each stylesheet of the plugin's blocks (style and
	 * editorStyle). Added to the registered stylesheets rather than to block.json's lists, where
	 * a first entry would change the handles WordPress names the blocks' own files by.
	 */
	public function add_to_blocks(): void {
		$styles = wp_styles();
		foreach ( BlockRegistry::blocks() as $name ) {
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/' . $name );
			foreach ( $block ? array_merge( $block->style_handles, $block->editor_style_handles ) : array() as $handle ) {
				$style = $styles->query( $handle );
				if ( self::HANDLE !== $handle && $style instanceof \_WP_Dependency && ! in_array( self::HANDLE, $style->deps, true ) ) {
					$style->deps[] = self::HANDLE;
				}
			}
		}
	}
}
