<?php
/**
 * Back to top block: the back-to-top island.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\BackToTop::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- BackToTop escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
