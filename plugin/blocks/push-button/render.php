<?php
/**
 * "Get notifications" block: a trigger of the push prompt.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\PushPrompt::button( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped as it is built.
