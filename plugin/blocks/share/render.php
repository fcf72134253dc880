<?php
/**
 * Share buttons block: the share island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Share::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Share escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
