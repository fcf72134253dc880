<?php
namespace TenderPress\Islands;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;

/**
 * Back to top: a plain link to the page top without JavaScript; the island shows it only after the
 * visitor has scrolled, and scrolls up over the block's speed, or at once when the visitor prefers
 * reduced motion. The block's attributes (plugin/blocks/back-to-top/block.json) hold the defaults
 * and limits; the island trusts the props cleaned here.
 */
final class BackToTop extends IslandBlock {

	public const ISLAND  = 'back-to-top';
	public const BLOCK   = 'tenderpress/back-to-top';
	public const SECTION = 'back_to_top';

	protected static function site_defaults(): array {
		return array(
			'showAfter' => array(
				'label' => __( 'Show after scrolling', 'tenderpress' ),
				'unit'  => __( 'pixels', 'tenderpress' ),
			),
			'speed'     => array(
				'label' => __( 'Scroll duration', 'tenderpress' ),
				'help'  => __( 'Visitors who prefer reduced motion go to the top at once.', 'tenderpress' ),
				'unit'  => __( 'milliseconds', 'tenderpress' ),
			),
		);
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Back to top', 'tenderpress' ),
			'description' => __( 'The link back to the top of the page that appears after the visitor scrolls down.', 'tenderpress' ),
		);
	}

	/** Before the block's defaults: whether to add one to every page. */
	protected static function settings_fields(): array {
		return array(
			'everywhere' => new SettingsField(
				SettingsField::BOOLEAN,
				__( 'Add it to every page', 'tenderpress' ),
				__( 'For themes that do not place the Back to top block themselves. Pages that already show the block do not get a second one.', 'tenderpress' ),
				false
			),
		) + parent::settings_fields();
	}

	/**
	 * Its settings (the defaults of every back-to-top block, and whether to add one to every
	 * page for themes that do not place the block themselves; ours does, in its footer).
	 */
	public function register(): void {
		parent::register();
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style_everywhere' ) );
		// Before the islands runtime is printed (IslandAssets, priority 20), so it loads for it too.
		add_action( 'wp_footer', array( $this, 'render_everywhere' ), 5 );
	}

	/** Its stylesheet goes in the head like any block's, so adding it in the footer shifts nothing. */
	public function enqueue_style_everywhere(): void {
		if ( Settings::get( self::SECTION, 'everywhere' ) ) {
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( self::BLOCK );
			foreach ( $block ? $block->style_handles : array() as $handle ) {
				wp_enqueue_style( $handle );
			}
		}
	}

	public function render_everywhere(): void {
		if ( Settings::get( self::SECTION, 'everywhere' ) && ! in_array( self::ISLAND, IslandAssets::instance()->used(), true ) ) {
			echo self::render(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where built.
		}
	}

	/**
	 * The button and its island, escaped.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: speed, showAfter, targetId.
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$label = __( 'Back to top', 'tenderpress' );
		$inner = sprintf(
			'<a class="tp-back-to-top__link" href="#%s"><span class="tp-back-to-top__icon" aria-hidden="true"></span><span class="tp-back-to-top__label">%s</span></a>',
			esc_attr( $attributes['targetId'] ),
			esc_html( $label )
		);
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'label'     => $label,
				'speed'     => $attributes['speed'],
				'showAfter' => $attributes['showAfter'],
				'targetId'  => $attributes['targetId'],
			),
			array(
				// Nothing to do before the visitor has scrolled that far: React waits until then.
				'when'       => 'scroll',
				'scroll'     => $attributes['showAfter'],
				'replay'     => 'a',
				// The threshold also drives the no-JavaScript reveal in the block's stylesheet.
				'attributes' => array( 'style' => '--tp-show-after:' . (int) $attributes['showAfter'] . 'px' ),
			)
		);
	}
}
