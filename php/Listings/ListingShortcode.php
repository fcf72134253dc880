<?php
namespace TenderPress\Listings;

/**
 * [tenderpress_listing per_page="10" type="eoi" heading_level="2" no_scroll="1"] for classic
 * themes and page builders: the same listing and paginator as the block.
 */
final class ListingShortcode {

	public const TAG = 'tenderpress_listing';

	public function register(): void {
		add_action( 'init', array( $this, 'add_shortcode' ) );
	}

	public function add_shortcode(): void {
		add_shortcode( self::TAG, array( $this, 'render' ) );
	}

	/** @param array<string, string>|string $atts */
	public function render( $atts ): string {
		$atts = shortcode_atts(
			array(
				'per_page'      => '10',
				'type'          => '',
				'heading_level' => '2',
				'visible_pages' => (string) PageLinks::VISIBLE,
				'no_scroll'     => '',
				'inherit'       => '',
			),
			is_array( $atts ) ? $atts : array(),
			self::TAG
		);
		$html = NoticeListing::render(
			array(
				'perPage'      => (int) $atts['per_page'],
				'noticeType'   => (string) $atts['type'],
				'headingLevel' => (int) $atts['heading_level'],
				'visiblePages' => (int) $atts['visible_pages'],
				'noScroll'     => in_array( strtolower( (string) $atts['no_scroll'] ), array( '1', 'true', 'yes' ), true ),
				'inherit'      => in_array( strtolower( (string) $atts['inherit'] ), array( '1', 'true', 'yes' ), true ),
			),
			false
		);
		return '<div class="tp-listing">' . $html . '</div>';
	}
}
