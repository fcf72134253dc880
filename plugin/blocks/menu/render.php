<?php
/**
 * Primary menu block: the mobile-menu island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\MobileMenu::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- MobileMenu escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
