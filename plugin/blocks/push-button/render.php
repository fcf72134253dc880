<?php
/**
 * "Get notifications" block: a trigger of the push prompt.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\PushButton::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped as it is built. The wrapper adds the classes and styles WordPress computed for the block.
