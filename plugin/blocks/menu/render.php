<?php
/**
 * Primary menu block: the mobile-menu island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\MobileMenu::render( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- MobileMenu escapes each part as it builds it.
