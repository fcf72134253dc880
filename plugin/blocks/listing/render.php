<?php
/**
 * Notice listing block.
 *
 * @var array $attributes
 */

defined( 'ABSPATH' ) || exit;

printf(
	'<div %s>%s</div>',
	get_block_wrapper_attributes( array( 'class' => 'tp-listing' ) ), // Escaped by WordPress.
	\TenderPress\Listings\NoticeListing::render( $attributes ) // Escaped where built.
);
