<?php
/**
 * Search results block: the one page every search lands on (SearchResults).
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Listings\SearchResults::render(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- SearchResults escapes each part as it builds it.
