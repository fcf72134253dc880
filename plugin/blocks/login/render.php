<?php
/**
 * Sign-in block: the account island's trigger, or the signed-in state.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Islands\Account::render( $attributes ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Account escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
