<?php
/**
 * Notice page block (named notice-tabs for the sites that placed it): the notice being viewed.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 * @var WP_Block             $block
 */

defined( 'ABSPATH' ) || exit;

$tenderpress_post = get_post( $block->context['postId'] ?? null );
$tenderpress_html = \TenderPress\Blocks\NoticeTabs::render( $tenderpress_post instanceof WP_Post ? $tenderpress_post : null, $attributes );
if ( '' !== $tenderpress_html ) {
	printf( '<div %s>%s</div>', get_block_wrapper_attributes(), $tenderpress_html ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- NoticeTabs escapes each part as it builds it.
}
