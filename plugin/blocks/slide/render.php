<?php
/**
 * One slide of a Carousel block: kept for its container, which renders it.
 *
 * @package TenderPress
 * @var string $content The slide's blocks, rendered.
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\Carousel::slide( $content ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a marker of the slide's place; the container escapes the rest.
