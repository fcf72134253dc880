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
$tenderpress_html = $tenderpress_post instanceof WP_Post && \TenderPress\Content\NoticePostType::POST_TYPE === $tenderpress_post->post_type
	? \TenderPress\Content\NoticeReminder::form( $tenderpress_post, (int) ( $attributes['days'] ?? 0 ) )
	: '';
if ( '' !== $tenderpress_html ) {
	printf( '<div %s>%s</div>', get_block_wrapper_attributes(), $tenderpress_html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- NoticeReminder escapes each part as it builds it.
}
