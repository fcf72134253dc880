<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;
use WP_Query;

/**
 * The one page of search results (theme template `search`, block `tenderpress/search-results`):
 * every search, from the header, a `?s=` link or a search engine's site search box, lands here.
 *
 * - It says what was found: "35 notices match “water”", as the page's heading.
 * - A scope switch, plain links with counts (Notices 35 | Guides and pages 2), the current one
 *   marked with aria-current; notices are the default scope.
 * - Notices show as notice cards, most relevant first (RankedNoticeSearch), with the words
 *   searched marked (SearchHighlight); "Filter and sort these notices" goes on to the notice
 *   archive's search, which has the filters.
 * - Guides and pages are WordPress's own search: the page's main query, kept to what is not a
 *   notice.
 *
 * No script: links and a GET form, so it works without JavaScript.
 */
final class SearchResults {

	/** The scopes, in the order of the switch; the first is the default. */
	public const SCOPES = array( SearchForm::SCOPE_NOTICE, SearchForm::SCOPE_GUIDES );

	/** Notices on one page of results. */
	public const PER_PAGE = 10;

	/** @var int The page of notices asked for (the main query's own page is of guides). */
	private static $notice_page = 1;

	public function register(): void {
		add_action( 'pre_get_posts', array( $this, 'search_guides_in_main_query' ) );
		add_action( 'wp', array( $this, 'not_found_past_last_page' ) );
	}

	/**
	 * A page of notices past the last one is "not found" (404), as past the last page of any
	 * listing (PastLastPage): the main query, kept on its first page, cannot say so itself.
	 */
	public function not_found_past_last_page(): void {
		global $wp_query;
		if ( self::$notice_page < 2 || ! $wp_query instanceof WP_Query || ! $wp_query->is_search() || $wp_query->is_404() || SearchForm::SCOPE_NOTICE !== self::scope() ) {
			return;
		}
		$words = self::words();
		if ( '' !== $words && self::$notice_page <= (int) ceil( RankedNoticeSearch::count( $words ) / self::PER_PAGE ) ) {
			return;
		}
		$wp_query->set_404();
		status_header( 404 );
		nocache_headers();
	}

	/**
	 * The main query of a search page lists guides and pages only (notices come from the index).
	 * When notices are shown, its page number is theirs: the main query stays on its first page,
	 * so a second page of notices is never a "page not found" for want of a second page of guides.
	 */
	public function search_guides_in_main_query( WP_Query $query ): void {
		if ( $query->is_main_query() ) {
			// Each request's own: a process that serves several (a test run) starts each on page 1.
			self::$notice_page = 1;
		}
		if ( is_admin() || ! $query->is_main_query() || ! $query->is_search() || $query->is_feed() || '' !== $query->get( 'post_type' ) ) {
			return;
		}
		$types = array_diff( get_post_types( array( 'exclude_from_search' => false ) ), array( NoticePostType::POST_TYPE, 'attachment' ) );
		$query->set( 'post_type', array_values( $types ) );
		if ( SearchForm::SCOPE_NOTICE === self::scope() ) {
			self::$notice_page = max( 1, (int) $query->get( 'paged' ) );
			$query->set( 'paged', 1 );
		}
	}

	/** The scope asked for in the URL, or the default. */
	public static function scope(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read: which results to show.
		$scope = isset( $_GET[ SearchForm::SCOPE_ARG ] ) && is_string( $_GET[ SearchForm::SCOPE_ARG ] ) ? sanitize_key( wp_unslash( $_GET[ SearchForm::SCOPE_ARG ] ) ) : '';
		return in_array( $scope, self::SCOPES, true ) ? $scope : self::SCOPES[0];
	}

	/** The words searched for, cleaned; '' for none or for input that is not text (`s[]=x`). */
	public static function words(): string {
		global $wp_query;
		$words = $wp_query instanceof WP_Query ? $wp_query->get( 's' ) : '';
		return is_string( $words ) ? mb_substr( trim( sanitize_text_field( $words ) ), 0, NoticeFilters::MAX_LENGTH ) : '';
	}

	/** The results, escaped. */
	public static function render(): string {
		global $wp_query;
		$words = self::words();
		if ( '' === $words ) {
			return '<div class="tp-search-results"><h1 class="tp-search-results__title">' . esc_html__( 'Search', 'tenderpress' ) . '</h1>'
				. '<p>' . esc_html__( 'Search notices by words, a reference number or a buyer’s name.', 'tenderpress' ) . '</p>'
				. SearchForm::render() . '</div>';
		}
		$scope  = self::scope();
		$counts = array(
			SearchForm::SCOPE_NOTICE => RankedNoticeSearch::count( $words ),
			SearchForm::SCOPE_GUIDES => $wp_query instanceof WP_Query ? (int) $wp_query->found_posts : 0,
		);
		$html   = '<div class="tp-search-results">';
		$html  .= '<h1 class="tp-search-results__title">' . esc_html( self::count_line( $scope, $counts[ $scope ], $words ) ) . '</h1>';
		$html  .= self::scope_switch( $scope, $counts, $words );
		if ( SearchForm::SCOPE_NOTICE === $scope ) {
			$html .= self::notices( $words, $counts[ $scope ] );
		} else {
			$html .= self::guides( $words );
		}
		if ( 0 === $counts[ $scope ] ) {
			$html .= self::suggestions( $scope, $counts, $words );
		}
		return $html . '</div>';
	}

	/**
	 * What was found, in words: "35 notices match “water”".
	 *
	 * @param string $scope The scope shown.
	 * @param int    $count How many it found.
	 * @param string $words The search (escaped by the caller, with the rest of the line).
	 */
	public static function count_line( string $scope, int $count, string $words ): string {
		if ( SearchForm::SCOPE_NOTICE === $scope ) {
			return 0 === $count
				/* translators: %s: the words searched for. */
				? sprintf( __( 'No notices match “%s”', 'tenderpress' ), $words )
				/* translators: 1: number of notices, 2: the words searched for. */
				: sprintf( _n( '%1$s notice matches “%2$s”', '%1$s notices match “%2$s”', $count, 'tenderpress' ), number_format_i18n( $count ), $words );
		}
		return 0 === $count
			/* translators: %s: the words searched for. */
			? sprintf( __( 'No guides or pages match “%s”', 'tenderpress' ), $words )
			/* translators: 1: number of guides and pages, 2: the words searched for. */
			: sprintf( _n( '%1$s guide or page matches “%2$s”', '%1$s guides and pages match “%2$s”', $count, 'tenderpress' ), number_format_i18n( $count ), $words );
	}

	/** The name of a scope on the switch. */
	private static function scope_label( string $scope ): string {
		return SearchForm::SCOPE_NOTICE === $scope ? __( 'Notices', 'tenderpress' ) : __( 'Guides and pages', 'tenderpress' );
	}

	/** The URL of a search in a scope (the first page). */
	public static function url( string $words, string $scope ): string {
		$args = array( 's' => rawurlencode( $words ) );
		if ( self::SCOPES[0] !== $scope ) {
			$args[ SearchForm::SCOPE_ARG ] = $scope;
		}
		return add_query_arg( $args, home_url( '/' ) );
	}

	/**
	 * Links to the same search in each scope, with how many each finds.
	 *
	 * @param string             $current The scope shown.
	 * @param array<string, int> $counts  How many each scope finds.
	 * @param string             $words   The search.
	 */
	private static function scope_switch( string $current, array $counts, string $words ): string {
		$html = '<nav class="tp-search-results__scopes" aria-label="' . esc_attr__( 'Search results in', 'tenderpress' ) . '"><ul role="list">';
		foreach ( self::SCOPES as $scope ) {
			$html .= '<li><a href="' . esc_url( self::url( $words, $scope ) ) . '"' . ( $scope === $current ? ' aria-current="page"' : '' ) . '>'
				. esc_html( self::scope_label( $scope ) ) . ' <span class="tp-search-results__count">' . esc_html( number_format_i18n( $counts[ $scope ] ) ) . '</span></a></li>';
		}
		return $html . '</ul></nav>';
	}

	/** The page of notices, as cards with the words marked, and links to the other pages. */
	private static function notices( string $words, int $found ): string {
		if ( 0 === $found ) {
			return '';
		}
		$pages = (int) ceil( $found / self::PER_PAGE );
		$page  = min( self::$notice_page, $pages );
		$html  = '<p class="tp-search-results__refine"><a href="' . esc_url( add_query_arg( NoticeFilters::ARGS['q'], rawurlencode( $words ), (string) get_post_type_archive_link( NoticePostType::POST_TYPE ) ) ) . '">' . esc_html__( 'Filter and sort these notices', 'tenderpress' ) . '</a></p>';
		$html .= '<ul class="tp-listing__list tp-search-results__list" role="list">';
		foreach ( RankedNoticeSearch::page( $words, $page, self::PER_PAGE ) as $id ) {
			$post = get_post( $id );
			if ( $post instanceof \WP_Post ) {
				$html .= '<li class="tp-listing__item">' . SearchHighlight::mark( NoticeCard::render( $post, 2 ), $words ) . '</li>';
			}
		}
		$html .= '</ul>';
		self::enqueue_card_styles();
		return $html . self::page_links( $words, $page, $pages );
	}

	/** The guides and pages of the main query, titles and excerpts with the words marked. */
	private static function guides( string $words ): string {
		global $wp_query;
		if ( ! $wp_query instanceof WP_Query || ! $wp_query->posts ) {
			return '';
		}
		$html = '<ul class="tp-search-results__guides" role="list">';
		foreach ( $wp_query->posts as $post ) {
			$post = get_post( $post );
			if ( ! $post instanceof \WP_Post ) {
				continue;
			}
			$title   = SearchHighlight::mark( esc_html( get_the_title( $post ) ), $words );
			$excerpt = post_password_required( $post ) ? '' : SearchHighlight::mark( esc_html( wp_trim_words( wp_strip_all_tags( strip_shortcodes( $post->post_content ) ), 30 ) ), $words );
			$html   .= '<li class="tp-search-results__guide"><h2 class="tp-search-results__guide-title"><a href="' . esc_url( get_permalink( $post ) ) . '">' . $title . '</a></h2>'
				. ( '' !== $excerpt ? '<p>' . $excerpt . '</p>' : '' ) . '</li>';
		}
		$html .= '</ul>';
		$page  = max( 1, (int) $wp_query->get( 'paged' ) );
		return $html . self::page_links( $words, $page, (int) $wp_query->max_num_pages, SearchForm::SCOPE_GUIDES );
	}

	/**
	 * Previous and next, with where the visitor is ("Page 2 of 4").
	 *
	 * @param string $words The search.
	 * @param int    $page  The page shown.
	 * @param int    $pages The number of pages.
	 * @param string $scope The scope shown.
	 */
	private static function page_links( string $words, int $page, int $pages, string $scope = SearchForm::SCOPE_NOTICE ): string {
		if ( $pages < 2 ) {
			return '';
		}
		$link = static fn( int $to ): string => esc_url( 1 === $to ? self::url( $words, $scope ) : add_query_arg( 'paged', $to, self::url( $words, $scope ) ) );
		$html = '<nav class="tp-search-results__pages" aria-label="' . esc_attr__( 'Pages of results', 'tenderpress' ) . '">';
		if ( $page > 1 ) {
			$html .= '<a rel="prev" href="' . $link( $page - 1 ) . '">' . esc_html__( 'Previous page', 'tenderpress' ) . '</a> ';
		}
		/* translators: 1: this page's number, 2: the number of pages. */
		$html .= '<span>' . esc_html( sprintf( __( 'Page %1$s of %2$s', 'tenderpress' ), number_format_i18n( $page ), number_format_i18n( $pages ) ) ) . '</span>';
		if ( $page < $pages ) {
			$html .= ' <a rel="next" href="' . $link( $page + 1 ) . '">' . esc_html__( 'Next page', 'tenderpress' ) . '</a>';
		}
		return $html . '</nav>';
	}

	/**
	 * What to try when a scope finds nothing.
	 *
	 * @param string             $scope  The scope shown.
	 * @param array<string, int> $counts How many each scope finds.
	 * @param string             $words  The search.
	 */
	private static function suggestions( string $scope, array $counts, string $words ): string {
		$items = array( esc_html__( 'Check the spelling, or search with fewer words.', 'tenderpress' ) );
		foreach ( self::SCOPES as $other ) {
			if ( $other !== $scope && $counts[ $other ] > 0 ) {
				/* translators: %s: a scope of the search ("Guides and pages"). */
				$items[] = '<a href="' . esc_url( self::url( $words, $other ) ) . '">' . esc_html( sprintf( __( 'See the matches in %s', 'tenderpress' ), self::scope_label( $other ) ) ) . '</a>';
			}
		}
		$items[] = '<a href="' . esc_url( (string) get_post_type_archive_link( NoticePostType::POST_TYPE ) ) . '">' . esc_html__( 'Browse all notices', 'tenderpress' ) . '</a>';
		return '<ul class="tp-search-results__try">' . implode( '', array_map( static fn( string $item ) => '<li>' . $item . '</li>', $items ) ) . '</ul>' . SearchForm::render();
	}

	/** Cards look as they do in a listing: the listing block's stylesheets, as registered. */
	private static function enqueue_card_styles(): void {
		$listing = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/listing' );
		foreach ( $listing ? $listing->style_handles : array() as $handle ) {
			wp_enqueue_style( $handle );
		}
	}
}
