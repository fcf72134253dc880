<?php
/**
 * Notice search block: a plain GET form (no island, no script).
 *
 * @package TenderPress
 * @var array<string, mixed> $attributes
 */

defined( 'ABSPATH' ) || exit;

echo \TenderPress\Blocks\BlockWrapper::apply( \TenderPress\Listings\SearchForm::render( empty( $attributes['large'] ) ? '' : 'tp-search--large' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- SearchForm escapes each part as it builds it. The wrapper adds the classes and styles WordPress computed for the block.
