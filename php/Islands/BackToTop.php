<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockAttributes;

/**
 * Back to top: a plain link to the page top without JavaScript; the island shows it only after the
 * visitor has scrolled, and scrolls up over the block's speed, or at once when the visitor prefers
 * reduced motion. The block's attributes (plugin/blocks/back-to-top/block.json) hold the defaults
 * and limits; the island trusts the props cleaned here.
 */
final class BackToTop {

	public const ISLAND = 'back-to-top';
	public const BLOCK = 'tenderpress/back-to-top';

	/** @param array<string, mixed> $attributes Block attributes: speed, showAfter, targetId. */
	public static function render( array $attributes = array() ): string {
		$attributes = BlockAttributes::clean( self::BLOCK, $attributes );
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
