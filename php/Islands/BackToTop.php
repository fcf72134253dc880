<?php
namespace TenderPress\Islands;

/**
 * Back to top: a plain link to the page top without JavaScript; the island shows it only after the
 * visitor has scrolled, and scrolls up at the spec's default speed (400 ms), or at once when the
 * visitor prefers reduced motion.
 */
final class BackToTop {

	public const ISLAND = 'back-to-top';
	public const SPEED = 400;
	public const SHOW_AFTER = 400;

	/** @param array<string, mixed> $attributes Block attributes: speed, showAfter, targetId. */
	public static function render( array $attributes = array() ): string {
		$speed = isset( $attributes['speed'] ) && is_numeric( $attributes['speed'] ) ? max( 0, min( 5000, (int) $attributes['speed'] ) ) : self::SPEED;
		$show_after = isset( $attributes['showAfter'] ) && is_numeric( $attributes['showAfter'] ) ? max( 0, min( 10000, (int) $attributes['showAfter'] ) ) : self::SHOW_AFTER;
		$target = isset( $attributes['targetId'] ) && is_string( $attributes['targetId'] ) && preg_match( '/^[A-Za-z][\w:.-]*$/D', $attributes['targetId'] ) ? $attributes['targetId'] : 'top';
		$label = __( 'Back to top', 'tenderpress' );
		$inner = sprintf(
			'<a class="tp-back-to-top__link" href="#%s"><span class="tp-back-to-top__icon" aria-hidden="true"></span><span class="tp-back-to-top__label">%s</span></a>',
			esc_attr( $target ),
			esc_html( $label )
		);
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'label'     => $label,
				'speed'     => $speed,
				'showAfter' => $show_after,
				'targetId'  => $target,
			),
			array( 'when' => 'idle' )
		);
	}
}
