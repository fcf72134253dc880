<?php
/**
 * One section of a Tabs or accordion block: kept for its container, which renders it.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 * @var string               $content    The section's blocks, rendered.
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Tabs::section( $attributes, $content ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a marker of the section's place; the container escapes the rest.
