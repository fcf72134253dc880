<?php
/**
 * Notice deadline reminder block.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 * @var WP_Block             $block
 */

defined( 'ABSPATH' ) || exit;

$tenderpress_post = get_post( $block->context['postId'] ?? null );
$tenderpress_html = \TenderPress\Content\NoticeReminder::for_post( $tenderpress_post instanceof WP_Post ? $tenderpress_post : null, $attributes );
if ( '' !== $tenderpress_html ) {
	printf( '<div %s>%s</div>', get_block_wrapper_attributes(), $tenderpress_html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- NoticeReminder escapes each part as it builds it.
}
