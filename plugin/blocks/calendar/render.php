<?php
/**
 * Deadline calendar block: a month of notice deadlines, with the calendar island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Calendar::render( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Calendar escapes each part as it builds it.
