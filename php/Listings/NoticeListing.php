<?php
namespace TenderPress\Listings;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticePostType;
use TenderPress\Islands\Paginator;
use TenderPress\Islands\QuickView;

/**
 * The notice listing (block `tenderpress/listing`, shortcode `[tenderpress_listing]`): a page of
 * notice cards and links to the other pages, wrapped in the paginator island so pages load in
 * place. With `inherit` it follows the current archive (all notices, a category, a location).
 */
final class NoticeListing {

	/**
	 * The listing's first render, with real page links.
	 *
	 * @param array<string, mixed> $attributes inherit, perPage, noticeType, headingLevel, visiblePages, noScroll, showFilters.
	 * @param bool                 $is_block   Whether a block rendered it (else the shortcode).
	 */
	public static function render( array $attributes, bool $is_block = true ): string {
		$settings   = ListingSettings::from_attributes( $attributes );
		$from_url   = NoticeFilters::from_url( $settings );
		$filters    = $from_url['filters'];
		$requested  = self::current_page();
		$main_query = empty( $attributes['inherit'] ) ? null : NoticeArchiveQuery::reusable( $settings, $filters, $requested );
		$page       = ListingPage::get( $settings, $requested, $filters, $main_query );
		if ( $requested > 1 && $requested > $page['total'] ) {
			// A paged URL past the end. A page's listings are found and the request made a 404
			// before it renders (PastLastPage); this is for a listing that could not be seen
			// there (printed by a theme's PHP): its last page rather than nothing.
			$requested = max( 1, $page['total'] );
			$page      = ListingPage::get( $settings, $requested, $filters );
		}
		$with_filters = ! empty( BlockAttributes::clean( ListingSettings::BLOCK, $attributes )['showFilters'] );
		$form         = $with_filters ? FilterForm::render( $settings, $filters, $from_url['ignored'], $page['found'], $from_url['invalid'] ) : '';
		$head         = $with_filters ? AppliedFilters::render( $settings, $filters, FilteredView::unfiltered_url(), $page['found'] ) : '';
		return QuickView::wrap( Paginator::render( ListingSettings::sid( $settings ), $settings, $filters, $requested, $page, $is_block, $form, $head ) );
	}

	public static function current_page(): int {
		return max( 1, (int) get_query_var( 'paged' ), (int) get_query_var( 'page' ) );
	}

	/**
	 * The latest published notices, newest first, of one notice type or all: what the ticker and
	 * a carousel of notices show. The listing's own query, so a type is a range of the lookup
	 * table's index, one query whatever the number.
	 *
	 * @param int    $count How many, at most.
	 * @param string $type  A notice type, or '' (anything else) for all.
	 * @return list<\WP_Post>
	 */
	public static function latest( int $count, string $type = '' ): array {
		$args                           = self::query_args(
			array(
				'perPage'    => $count,
				'noticeType' => in_array( $type, NoticeFields::NOTICE_TYPES, true ) ? $type : '',
			),
			1,
			false
		);
		$args['no_found_rows']          = true;
		$args['update_post_term_cache'] = false;
		$query                          = new \WP_Query( $args );
		return array_values( array_filter( (array) $query->posts, static fn( $post ) => $post instanceof \WP_Post ) );
	}

	/**
	 * WP_Query arguments for one page of a listing.
	 *
	 * @param array<string, mixed> $settings      Cleaned listing settings plus any filters.
	 * @param int                  $page          Page number, from 1.
	 * @param bool                 $with_own_term Whether to add the listing's own category or
	 *                                            location (not on an archive's main query, which
	 *                                            has it from the URL).
	 * @return array<string, mixed>
	 */
	public static function query_args( array $settings, int $page, bool $with_own_term = true ): array {
		$args    = array(
			'post_type'              => NoticePostType::POST_TYPE,
			'post_status'            => 'publish',
			'posts_per_page'         => (int) $settings['perPage'],
			'paged'                  => max( 1, $page ),
			'ignore_sticky_posts'    => true,
			'update_post_term_cache' => true,
			'update_post_meta_cache' => true,
			'orderby'                => array(
				'date' => 'DESC',
				'ID'   => 'DESC',
			),
		);
		$filters = NoticeFilterQuery::filters_of( $settings );
		if ( $filters || NoticeIndex::ready() ) {
			// With the lookup table built, every listing is answered from it (NoticeFilterQuery),
			// an unfiltered one too: its count is then the kept total, where WordPress counts
			// every published notice again on each page (75 ms at 100,000 on MariaDB).
			$args[ NoticeFilterQuery::QUERY_VAR ] = $filters;
		}
		if ( isset( $filters['q'] ) && ! NoticeIndex::ready() ) {
			// Before the upgrade has built the search index: WordPress's own search.
			$args['s'] = $filters['q'];
		}
		if ( $with_own_term && ! empty( $settings['taxonomy'] ) && ! empty( $settings['termId'] ) ) {
			$args['tax_query'] = array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_tax_query -- the listing's own term.
				array(
					'taxonomy'         => (string) $settings['taxonomy'],
					'terms'            => (int) $settings['termId'],
					'include_children' => true,
				),
			);
		}
		return $args;
	}
}
