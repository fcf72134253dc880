<?php
/**
 * Search results block: the one page every search lands on (SearchResults).
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

// phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress escapes the wrapper's attributes; SearchResults escapes each part as it builds it.
echo '<div ' . get_block_wrapper_attributes() . '>' . \TenderPress\Listings\SearchResults::render() . '</div>';
