<?php
namespace TenderPress\Listings;

/**
 * Previous / numbered / next links to the paged URLs: real links, so listings page without
 * JavaScript and crawlers reach every page.
 */
final class PageLinks {

	/** How many numbered links show at once (the spec's paginator default). */
	public const VISIBLE = 5;

	/** @return list<int> Page numbers to link, centred on the current page where there is room. */
	public static function window( int $current, int $total, int $visible = self::VISIBLE ): array {
		$visible = max( 1, $visible );
		if ( $total <= $visible ) {
			return range( 1, max( 1, $total ) );
		}
		$start = max( 1, min( $current - intdiv( $visible, 2 ), $total - $visible + 1 ) );
		return range( $start, $start + $visible - 1 );
	}

	/**
	 * @param callable(int):string  $url_for         Paged URL of a page number.
	 * @param array<string, scalar> $nav_attributes  Extra attributes for the <nav> (escaped here).
	 */
	public static function render( int $current, int $total, callable $url_for, string $label, int $visible = self::VISIBLE, array $nav_attributes = array() ): string {
		if ( $total < 2 ) {
			return '';
		}
		$html = '<nav class="tp-pagination" aria-label="' . esc_attr( $label ) . '"';
		foreach ( $nav_attributes as $name => $value ) {
			$html .= ' ' . esc_attr( $name ) . '="' . esc_attr( (string) $value ) . '"';
		}
		$html .= '><ul class="tp-pagination__list">';
		if ( $current > 1 ) {
			$html .= '<li><a class="tp-pagination__link tp-pagination__prev" rel="prev" data-page="' . ( $current - 1 ) . '" href="' . esc_url( $url_for( $current - 1 ) ) . '">' . esc_html__( 'Previous', 'tenderpress' ) . '</a></li>';
		}
		foreach ( self::window( $current, $total, $visible ) as $page ) {
			/* translators: %d: page number. */
			$page_label = sprintf( __( 'Page %d', 'tenderpress' ), $page );
			if ( $page === $current ) {
				$html .= '<li><span class="tp-pagination__link is-current" aria-current="page"><span class="screen-reader-text">' . esc_html( $page_label ) . '</span><span aria-hidden="true">' . $page . '</span></span></li>';
			} else {
				$html .= '<li><a class="tp-pagination__link" data-page="' . $page . '" href="' . esc_url( $url_for( $page ) ) . '" aria-label="' . esc_attr( $page_label ) . '">' . $page . '</a></li>';
			}
		}
		if ( $current < $total ) {
			$html .= '<li><a class="tp-pagination__link tp-pagination__next" rel="next" data-page="' . ( $current + 1 ) . '" href="' . esc_url( $url_for( $current + 1 ) ) . '">' . esc_html__( 'Next', 'tenderpress' ) . '</a></li>';
		}
		return $html . '</ul></nav>';
	}
}
