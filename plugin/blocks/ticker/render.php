<?php
/**
 * Notice ticker block: the ticker island over the latest notices.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Ticker::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Ticker escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
