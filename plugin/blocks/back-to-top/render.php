<?php
/**
 * Back to top block: the back-to-top island.
 *
 * @var array $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\BackToTop::render( $attributes ); // Escaped where built.
