<?php
namespace TenderPress\Listings;

use TenderPress\Islands\QuickView;
use WP_Query;

/**
 * One page of a listing: its items' HTML and the page count. The first render and every
 * pagination_request go through here, so both give the same markup, and both use the cache.
 */
final class ListingPage {

	/** Answered in place of items for a page past the end (docs/listings-and-search.md). */
	public const NO_POSTS_MARKER = '<!-- tenderpress:no-posts -->';

	/**
	 * @param array<string, mixed>  $settings   Canonical listing settings.
	 * @param int                   $page       Page number, from 1.
	 * @param array<string, string> $filters    Allowed filters (custom_data), already validated.
	 * @param WP_Query|null         $main_query The page's main query when it already holds exactly
	 *                                          this page of this listing (an archive): reused, so
	 *                                          the notices are not queried twice.
	 * @return array{html:string,total:int,found:int} The items, the number of pages and of notices.
	 */
	public static function get( array $settings, int $page, array $filters = array(), ?WP_Query $main_query = null ): array {
		$key    = (string) wp_json_encode( array( $settings, $page, $filters, determine_locale(), QuickView::enabled() ) );
		$cached = ListingCache::get( $key );
		if ( is_array( $cached ) && isset( $cached['html'], $cached['total'], $cached['found'] ) ) {
			return $cached;
		}
		$query = $main_query ?? new WP_Query( NoticeListing::query_args( array_merge( $settings, $filters ), $page ) );
		if ( ! $query->posts ) {
			// WordPress counts no rows for a page past the end; page 1 knows the real count.
			// Empty pages are not cached: they would be one cache entry per number asked for.
			$found = $page > 1 ? self::found( $settings, $filters ) : 0;
			return array(
				'html'  => self::NO_POSTS_MARKER,
				'total' => self::pages( $found, $settings ),
				'found' => $found,
			);
		}
		$found  = (int) $query->found_posts;
		$total  = (int) $query->max_num_pages;
		$result = array(
			'html'  => self::items_html( $query->posts, (int) $settings['headingLevel'], $found, $total, ( $page - 1 ) * max( 1, (int) $settings['perPage'] ) + 1 ),
			'total' => $total,
			'found' => $found,
		);
		ListingCache::set( $key, $result );
		return $result;
	}

	/**
	 * Number of pages of a listing, without rendering one (see found()).
	 *
	 * @param array<string, mixed>  $settings
	 * @param array<string, string> $filters
	 */
	public static function total( array $settings, array $filters = array() ): int {
		return self::pages( self::found( $settings, $filters ), $settings );
	}

	/**
	 * @param int                  $found    Notices in the listing.
	 * @param array<string, mixed> $settings The listing's settings (its page size).
	 */
	private static function pages( int $found, array $settings ): int {
		return (int) ceil( $found / max( 1, (int) $settings['perPage'] ) );
	}

	/**
	 * Number of notices in a listing: a count (ids only, one row), cached like its pages, so
	 * knowing it never costs rendering a page.
	 *
	 * @param array<string, mixed>  $settings
	 * @param array<string, string> $filters
	 */
	public static function found( array $settings, array $filters = array() ): int {
		$key    = 'found|' . wp_json_encode( array( $settings, $filters ) );
		$cached = ListingCache::get( $key );
		if ( is_int( $cached ) ) {
			return $cached;
		}
		$count = new WP_Query(
			array(
				'fields'                 => 'ids',
				'posts_per_page'         => 1,
				'update_post_meta_cache' => false,
				'update_post_term_cache' => false,
			) + NoticeListing::query_args( array_merge( $settings, $filters ), 1 )
		);
		$found = (int) $count->found_posts;
		ListingCache::set( $key, $found );
		return $found;
	}

	/**
	 * The items of one page. The list says how many notices and pages the listing has, and the
	 * count in words, so an island that changed the filters learns them from the same answer
	 * (`data-found`, `data-pages`, `data-count`; documented in islands/paginator/README.md).
	 * A listing of several pages then says which of its notices these are, just above the page
	 * links ("Showing 11–20 of 360 notices").
	 *
	 * @param array<\WP_Post|int> $posts         The notices of the page.
	 * @param int                 $heading_level Level of each card's heading.
	 * @param int                 $found         Notices in the listing.
	 * @param int                 $pages         Pages in the listing.
	 * @param int                 $first         Place in the listing of the page's first notice, from 1.
	 */
	public static function items_html( array $posts, int $heading_level, int $found, int $pages, int $first = 1 ): string {
		$html = '<ul class="tp-listing__list" role="list" data-found="' . esc_attr( (string) $found ) . '" data-pages="' . esc_attr( (string) $pages ) . '" data-count="' . esc_attr( self::count_text( $found ) ) . '">';
		foreach ( $posts as $post ) {
			$post = get_post( $post );
			if ( $post instanceof \WP_Post ) {
				$html .= '<li class="tp-listing__item">' . NoticeCard::render( $post, $heading_level, QuickView::enabled() ) . '</li>';
			}
		}
		$html .= '</ul>';
		if ( $pages > 1 && $posts ) {
			$html .= '<p class="tp-listing__range">' . esc_html( self::range_text( $first, $first + count( $posts ) - 1, $found ) ) . '</p>';
		}
		return $html;
	}

	/** Which notices a page of a listing shows ("Showing 11–20 of 360 notices"). */
	public static function range_text( int $first, int $last, int $found ): string {
		return sprintf(
			/* translators: 1: place of the page's first notice, 2: of its last, 3: number of notices in the listing. */
			_n( 'Showing %1$s–%2$s of %3$s notice', 'Showing %1$s–%2$s of %3$s notices', $found, 'tenderpress' ),
			number_format_i18n( $first ),
			number_format_i18n( $last ),
			number_format_i18n( $found )
		);
	}

	/** How many notices a listing shows, in words ("1 notice", "1,204 notices"). */
	public static function count_text( int $found ): string {
		/* translators: %s: number of notices. */
		return sprintf( _n( '%s notice', '%s notices', $found, 'tenderpress' ), number_format_i18n( $found ) );
	}

	/** What a listing shows when no notice matches. */
	public static function empty_html(): string {
		return '<p class="tp-listing__empty">' . esc_html__( 'No notices found.', 'tenderpress' ) . '</p>';
	}
}
