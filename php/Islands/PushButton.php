<?php
namespace TenderPress\Islands;

/**
 * The "Get notifications" button (block `tenderpress/push-button`, shortcode
 * `[tenderpress_push_button label="…"]`): one of the push prompt's triggers (PushPrompt). It
 * shows only once the prompt's reveal script, at the top of the body, has found a browser that
 * can take push (push.css, `.tp-push-able`), so it never shows where it would do nothing, and
 * showing it moves nothing. Nothing where the site does not offer notifications.
 */
final class PushButton extends IslandBlock {

	public const BLOCK     = 'tenderpress/push-button';
	public const SHORTCODE = 'tenderpress_push_button';

	/**
	 * The button, escaped; '' where notifications are not offered.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: label (empty for "Get
	 *                                         notifications").
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		if ( ! PushPrompt::offered() ) {
			return '';
		}
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		$label = '' !== $label ? $label : __( 'Get notifications', 'tenderpress' );
		return '<button type="button" class="tp-push-button tenderpress-push-prompt wp-element-button" data-tp-push-button>' . esc_html( $label ) . '</button>';
	}
}
