<?php
/**
 * Deadline calendar block: a month of notice deadlines, with the calendar island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Calendar::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Calendar escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
