<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * Back to top: a plain link to the page top without JavaScript; the island shows it only after the
 * visitor has scrolled, and scrolls up over the block's speed, or at once when the visitor prefers
 * reduced motion. The block's attributes (plugin/blocks/back-to-top/block.json) hold the defaults
 * and limits; the island trusts the props cleaned here.
 */
final class BackToTop {

	public const ISLAND  = 'back-to-top';
	public const BLOCK   = 'tenderpress/back-to-top';
	public const SECTION = 'back_to_top';

	/**
	 * Its settings: the defaults of every back-to-top block, and whether to add one to every page
	 * for themes that do not place the block themselves (ours does, in its footer).
	 */
	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Back to top', 'tenderpress' ),
				__( 'The link back to the top of the page that appears after the visitor scrolls down.', 'tenderpress' ),
				array(
					'everywhere' => new SettingsField(
						SettingsField::BOOLEAN,
						__( 'Add it to every page', 'tenderpress' ),
						__( 'For themes that do not place the Back to top block themselves. Pages that already show the block do not get a second one.', 'tenderpress' ),
						false
					),
					'showAfter'  => SettingsField::from_block_attribute(
						'back-to-top',
						'showAfter',
						__( 'Show after scrolling', 'tenderpress' ),
						'',
						__( 'pixels', 'tenderpress' )
					),
					'speed'      => SettingsField::from_block_attribute(
						'back-to-top',
						'speed',
						__( 'Scroll duration', 'tenderpress' ),
						__( 'Visitors who prefer reduced motion go to the top at once.', 'tenderpress' ),
						__( 'milliseconds', 'tenderpress' )
					),
				)
			)
		);
		add_filter( 'block_type_metadata', array( $this, 'use_site_defaults' ) );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style_everywhere' ) );
		// Before the islands runtime is printed (IslandAssets, priority 20), so it loads for it too.
		add_action( 'wp_footer', array( $this, 'render_everywhere' ), 5 );
	}

	/**
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function use_site_defaults( array $metadata ): array {
		if ( self::BLOCK === ( $metadata['name'] ?? null ) ) {
			$metadata['attributes']['showAfter']['default'] = (int) Settings::get( self::SECTION, 'showAfter' );
			$metadata['attributes']['speed']['default']     = (int) Settings::get( self::SECTION, 'speed' );
		}
		return $metadata;
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
	 * @param array<string, mixed> $attributes Block attributes: speed, showAfter, targetId.
	 */
	public static function render( array $attributes = array() ): string {
		$attributes = BlockAttributes::clean( self::BLOCK, $attributes );
		$label      = __( 'Back to top', 'tenderpress' );
		$inner      = sprintf(
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
