<?php
/**
 * Notice ticker block: the ticker island over the latest notices.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Ticker::render( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Ticker escapes each part as it builds it.
