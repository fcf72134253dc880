<?php
namespace TenderPress\Listings;

/**
 * The page links of a listing: real links to the paged URLs, so listings page without
 * JavaScript and crawlers reach every page.
 *
 * Two rows that line up with the content's edge: the page numbers, always with the first and the
 * last page, and "Previous" / "Next" (Previous at the start, Next at the end). The numbers' row
 * has as many places on every page (an ellipsis stands for the pages left out), so paging in
 * place moves none of the links; a page without a Previous simply has none, with no empty place
 * kept for it.
 *
 * The only renderer of them: a page loaded in place brings its links in the answer
 * (PaginationRequest), and the paginator island shows them as they come.
 */
final class PageLinks {

	/** The fewest places in the numbers' row: the first page, a gap, the current, a gap, the last. */
	private const FEWEST_PLACES = 5;

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

	/**
	 * What the numbers' row shows, place by place: a page number, or null for an ellipsis that
	 * stands for two or more pages left out. The first and last pages always show, the current
	 * page always does, and a listing of many pages has `$visible + 2` places (at least 5) on
	 * every page, so no link moves when another page loads.
	 *
	 * @param int $current Page shown now, from 1.
	 * @param int $total   Number of pages.
	 * @param int $visible The listing's "page links shown" (visiblePages).
	 * @return list<int|null>
	 */
	public static function places( int $current, int $total, int $visible ): array {
		$places = max( self::FEWEST_PLACES, $visible + 2 );
		if ( $total <= $places ) {
			return range( 1, max( 1, $total ) );
		}
		// The pages around the current one, between "1 …" and "… last".
		$around = $places - 4;
		$from   = $current - intdiv( $around - 1, 2 );
		$to     = $from + $around - 1;
		if ( $from <= 3 ) {
			return array_merge( range( 1, $places - 2 ), array( null, $total ) );
		}
		if ( $to >= $total - 2 ) {
			return array_merge( array( 1, null ), range( $total - $places + 3, $total ) );
		}
		return array_merge( array( 1, null ), range( $from, $to ), array( null, $total ) );
	}

	/**
	 * A page's address, from the listing's first page (its filters included) as
	 * get_pagenum_link() builds it on that page: `page/N/` after the path with pretty
	 * permalinks, `paged=N` without. For an answer to a request made from the page, where
	 * get_pagenum_link() would read the request's own address.
	 *
	 * @param string $first The listing's first page.
	 * @param int    $page  From 1.
	 */
	public static function paged_url( string $first, int $page ): string {
		global $wp_rewrite;
		if ( $page <= 1 ) {
			return $first;
		}
		if ( ! $wp_rewrite instanceof \WP_Rewrite || ! $wp_rewrite->using_permalinks() ) {
			return add_query_arg( 'paged', $page, $first );
		}
		$parts = explode( '?', $first, 2 );
		$url   = trailingslashit( $parts[0] ) . user_trailingslashit( $wp_rewrite->pagination_base . '/' . $page, 'paged' );
		return isset( $parts[1] ) ? $url . '?' . $parts[1] : $url;
	}

	/**
	 * @param int                   $current        Page shown now, from 1.
	 * @param int                   $total          Number of pages.
	 * @param callable(int):string  $url_for        Paged URL of a page number.
	 * @param int                   $visible        The listing's "page links shown" (see places()).
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
		foreach ( self::places( $current, $total, $visible ) as $page ) {
			if ( null === $page ) {
				$html .= '<li class="tp-pagination__gap" aria-hidden="true"><span class="tp-pagination__link">…</span></li>';
				continue;
			}
			$page_label = sprintf( $strings['page'], $page );
			if ( $page === $current ) {
				$html .= '<li><span class="tp-pagination__link is-current" aria-current="page"><span class="screen-reader-text">' . esc_html( $page_label ) . '</span><span aria-hidden="true">' . $page . '</span></span></li>';
			} else {
				$html .= '<li><a class="tp-pagination__link" data-page="' . $page . '" href="' . esc_url( $url_for( $page ) ) . '" aria-label="' . esc_attr( $page_label ) . '">' . $page . '</a></li>';
			}
		}
		$html .= '</ul><ul class="tp-pagination__steps">';
		if ( $current > 1 ) {
			$html .= '<li class="tp-pagination__step-prev"><a class="tp-pagination__link tp-pagination__prev" rel="prev" data-page="' . ( $current - 1 ) . '" href="' . esc_url( $url_for( $current - 1 ) ) . '">' . esc_html( $strings['previous'] ) . '</a></li>';
		}
		if ( $current < $total ) {
			$html .= '<li class="tp-pagination__step-next"><a class="tp-pagination__link tp-pagination__next" rel="next" data-page="' . ( $current + 1 ) . '" href="' . esc_url( $url_for( $current + 1 ) ) . '">' . esc_html( $strings['next'] ) . '</a></li>';
		}
		return $html . '</ul></nav>';
	}
}
