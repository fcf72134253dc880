<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;
use WP_Query;

/**
 * The main query of the notice archives (all notices, a category, a location) asks for exactly
 * what the archive's listing shows: the listing's order, page size and filters (the notice-type
 * filter of the URL, a public query variable registered here). The listing then reuses its posts
 * instead of querying the same notices a second time.
 */
final class NoticeArchiveQuery {

	/** Marks a main query shaped here, so the listing knows it may reuse it. */
	private const MARK = 'tenderpress_listing';

	public function register(): void {
		add_filter( 'query_vars', array( $this, 'add_query_var' ) );
		add_action( 'pre_get_posts', array( $this, 'shape' ) );
	}

	/**
	 * @param mixed $variables The public query variables: a list of names, unless a filter broke it.
	 * @return array<mixed>
	 */
	public function add_query_var( $variables ): array {
		$variables   = is_array( $variables ) ? $variables : array();
		$variables[] = ListingSettings::TYPE_QUERY_ARG;
		return $variables;
	}

	public static function is_notice_archive( WP_Query $query ): bool {
		return $query->is_post_type_archive( NoticePostType::POST_TYPE ) || $query->is_tax( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) );
	}

	public function shape( WP_Query $query ): void {
		if ( is_admin() || ! $query->is_main_query() || $query->is_feed() || ! self::is_notice_archive( $query ) ) {
			return;
		}
		$settings            = ListingSettings::defaults();
		$settings['perPage'] = ListingSettings::archive_per_page();
		// The archive template's listing shows filters, so it lists open notices first (ListingSettings).
		$settings['openFirst'] = true;
		// The archive's own term comes from the URL (its query vars); everything else from the listing.
		$args = NoticeListing::query_args( array_merge( $settings, NoticeFilters::from_url( $settings )['filters'] ), max( 1, (int) $query->get( 'paged' ) ), false );
		foreach ( $args as $name => $value ) {
			$query->set( $name, $value );
		}
		$query->set( self::MARK, $args );
	}

	/**
	 * The main query when it holds this page of an inherited archive listing with these filters.
	 *
	 * @param array<string, mixed>  $settings
	 * @param array<string, string> $filters
	 */
	public static function reusable( array $settings, array $filters, int $page ): ?WP_Query {
		global $wp_the_query;
		if ( ! $wp_the_query instanceof WP_Query || ! self::is_notice_archive( $wp_the_query ) ) {
			return null;
		}
		$expected = NoticeListing::query_args( array_merge( $settings, $filters ), $page, false );
		return $wp_the_query->get( self::MARK ) === $expected ? $wp_the_query : null;
	}
}
