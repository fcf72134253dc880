<?php
/**
 * Primary menu block: the mobile-menu island.
 *
 * @var array $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Islands\MobileMenu::render( $attributes ); // Escaped where built.
