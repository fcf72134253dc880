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

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Carousel::render( $attributes, $content ), 'tp-carousel' ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Carousel escapes each part as it builds it; slides are rendered blocks. The wrapper adds the classes and styles WordPress computed for the block, to the carousel only (one slide is printed bare).
