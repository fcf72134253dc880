<?php
/**
 * Carousel block: the carousel island over its slides (tenderpress/slide inner blocks) or the
 * latest notices.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 * @var string               $content    The slides, rendered: each leaves its place's marker.
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Carousel::render( $attributes, $content ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Carousel escapes each part as it builds it; slides are rendered blocks.
