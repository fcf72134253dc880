<?php
namespace TenderPress\Listings;

/**
 * Previous / numbered / next links to the paged URLs: real links, so listings page without
 * JavaScript and crawlers reach every page.
 *
 * The paginator island renders the same nav after each page it loads in place
 * (islands/paginator/PageLinks.tsx). The two are kept identical by a contract test: PHPUnit
 * records this class's markup for a set of states in tests/fixtures/page-links.json, and a unit
 * test renders the island's nav for each state and compares the DOM.
 */
final class PageLinks {

	/**
	 * The words of the nav, shared with the island through its props.
	 *
	 * @return array{navLabel:string,page:string,previous:string,next:string}
	 */
	public static function strings(): array {
		return array(
			'navLabel' => __( 'Pages of notices', 'tenderpress' ),
			/* translators: %d: page number. */
			'page'     => __( 'Page %d', 'tenderpress' ),
			'previous' => __( 'Previous', 'tenderpress' ),
			'next'     => __( 'Next', 'tenderpress' ),
		);
	}

	/** @return list<int> Page numbers to link, centred on the current page where there is room. */
	public static function window( int $current, int $total, int $visible ): array {
		$visible = max( 1, $visible );
		if ( $total <= $visible ) {
			return range( 1, max( 1, $total ) );
		}
		$start = max( 1, min( $current - intdiv( $visible, 2 ), $total - $visible + 1 ) );
		return range( $start, $start + $visible - 1 );
	}

	/**
	 * @param int                   $current        Page shown now, from 1.
	 * @param int                   $total          Number of pages.
	 * @param callable(int):string  $url_for        Paged URL of a page number.
	 * @param int                   $visible        How many numbered links show at once.
	 * @param array<string, scalar> $nav_attributes Extra attributes for the <nav> (escaped here).
	 */
	public static function render( int $current, int $total, callable $url_for, int $visible, array $nav_attributes = array() ): string {
		if ( $total < 2 ) {
			return '';
		}
		$strings = self::strings();
		$html    = '<nav class="tp-pagination" aria-label="' . esc_attr( $strings['navLabel'] ) . '"';
		foreach ( $nav_attributes as $name => $value ) {
			$html .= ' ' . esc_attr( $name ) . '="' . esc_attr( (string) $value ) . '"';
		}
		$html .= '><ul class="tp-pagination__list">';
		// On the first and last pages, "Previous" and "Next" keep their place, unseen and silent, so
		// the links sit where they sat on every page: paging in place moves none of them.
		if ( $current > 1 ) {
			$html .= '<li><a class="tp-pagination__link tp-pagination__prev" rel="prev" data-page="' . ( $current - 1 ) . '" href="' . esc_url( $url_for( $current - 1 ) ) . '">' . esc_html( $strings['previous'] ) . '</a></li>';
		} else {
			$html .= self::slot( 'prev', $strings['previous'] );
		}
		foreach ( self::window( $current, $total, $visible ) as $page ) {
			$page_label = sprintf( $strings['page'], $page );
			if ( $page === $current ) {
				$html .= '<li><span class="tp-pagination__link is-current" aria-current="page"><span class="screen-reader-text">' . esc_html( $page_label ) . '</span><span aria-hidden="true">' . $page . '</span></span></li>';
			} else {
				$html .= '<li><a class="tp-pagination__link" data-page="' . $page . '" href="' . esc_url( $url_for( $page ) ) . '" aria-label="' . esc_attr( $page_label ) . '">' . $page . '</a></li>';
			}
		}
		if ( $current < $total ) {
			$html .= '<li><a class="tp-pagination__link tp-pagination__next" rel="next" data-page="' . ( $current + 1 ) . '" href="' . esc_url( $url_for( $current + 1 ) ) . '">' . esc_html( $strings['next'] ) . '</a></li>';
		} else {
			$html .= self::slot( 'next', $strings['next'] );
		}
		return $html . '</ul></nav>';
	}

	/**
	 * The place of a "Previous" or "Next" link a page does not have: as wide as the link, hidden
	 * from sight (the listing's stylesheet) and from assistive technology.
	 *
	 * @param string $which prev or next.
	 * @param string $words The link's words.
	 */
	private static function slot( string $which, string $words ): string {
		return '<li class="tp-pagination__slot" aria-hidden="true"><span class="tp-pagination__link tp-pagination__' . $which . '">' . esc_html( $words ) . '</span></li>';
	}
}
