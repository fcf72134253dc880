<?php
/**
 * Notice views block: the ways into the notices, with their counts (MainViews).
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

// phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress escapes the wrapper's attributes; MainViews escapes each part as it builds it.
echo '<div ' . get_block_wrapper_attributes() . '>' . \TenderPress\Listings\MainViews::render( ! empty( $attributes['routes'] ) ) . '</div>';
