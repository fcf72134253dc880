<?php
/**
 * Share buttons block: the share island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Share::render( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Share escapes each part as it builds it.
