<?php
/**
 * Notice listing block.
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

printf(
	'<div %s>%s</div>',
	get_block_wrapper_attributes( array( 'class' => 'tp-listing' ) ),
	\TenderPress\Listings\NoticeListing::render( $attributes ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- NoticeListing escapes each part as it builds it.
);
