<?php
/**
 * Tabs or accordion block: the tabs island over its sections (tenderpress/tab inner blocks).
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 * @var string               $content    The sections, rendered: each leaves its place's marker.
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Tabs::render( $attributes, $content ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Tabs escapes each part as it builds it; sections are rendered blocks. The wrapper adds the classes and styles WordPress computed for the block.
