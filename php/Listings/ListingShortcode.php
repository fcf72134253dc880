<?php
namespace TenderPress\Listings;

/**
 * [tenderpress_listing per_page="10" type="eoi" heading_level="2" visible_pages="5" no_scroll="1"
 * inherit="1"] for classic themes and page builders: the same listing and paginator as the block,
 * with the block's defaults and limits for whatever the shortcode leaves out or overdoes.
 */
final class ListingShortcode {

	public const TAG = 'tenderpress_listing';

	/** Shortcode attribute => block attribute. */
	private const ATTRIBUTES = array(
		'per_page'      => 'perPage',
		'type'          => 'noticeType',
		'heading_level' => 'headingLevel',
		'visible_pages' => 'visiblePages',
		'no_scroll'     => 'noScroll',
		'inherit'       => 'inherit',
		'filters'       => 'showFilters',
	);

	public function register(): void {
		add_action( 'init', array( $this, 'add_shortcode' ) );
	}

	public function add_shortcode(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/** @param array<string, string>|string $atts */
	public function render( $atts ): string {
		return '<div class="tp-listing">' . NoticeListing::render( self::attributes( $atts ), false ) . '</div>';
	}

	/**
	 * The block attributes a shortcode's attributes stand for (what it leaves out, the block's
	 * defaults fill in). PastLastPage reads the listings of a page through it too.
	 *
	 * @param mixed $atts The shortcode's attributes.
	 * @return array<string, string|bool>
	 */
	public static function attributes( $atts ): array {
		$atts       = shortcode_atts( array_fill_keys( array_keys( self::ATTRIBUTES ), null ), is_array( $atts ) ? $atts : array(), self::TAG );
		$attributes = array();
		foreach ( self::ATTRIBUTES as $shortcode_name => $block_name ) {
			if ( null === $atts[ $shortcode_name ] ) {
				continue;
			}
			$value = (string) $atts[ $shortcode_name ];
			// Words site owners write in shortcodes: yes/no, true/false, 1/0.
			$attributes[ $block_name ] = in_array( $block_name, array( 'noScroll', 'inherit', 'showFilters' ), true ) ? in_array( strtolower( $value ), array( '1', 'true', 'yes' ), true ) : $value;
		}
		return $attributes;
	}
}
