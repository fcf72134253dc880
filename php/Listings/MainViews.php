<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;

/**
 * The ways into the notices, with how many each holds (block `tenderpress/notice-views`): open
 * notices, those closing soon, expressions of interest, the deadline calendar, all notices; and,
 * on the home page, each top-level category and location. The home page and the "page not found"
 * page offer them.
 *
 * The numbers are the filters' counts (FilterCounts: a few indexed reads, kept with the listings'
 * cache), so a home page costs no count of its own.
 */
final class MainViews {

	/**
	 * The views, in order, each a label, an address and a count (null: not counted).
	 *
	 * @return list<array{key:string, label:string, url:string, count:int|null}>
	 */
	public static function views(): array {
		$archive  = (string) get_post_type_archive_link( NoticePostType::POST_TYPE );
		$counts   = FilterCounts::get( array() );
		$views    = array(
			array(
				'key'   => 'open',
				'label' => __( 'Open notices', 'tenderpress' ),
				'url'   => add_query_arg( NoticeFilters::ARGS['status'], NoticeStatus::OPEN, $archive ),
				'count' => $counts['statuses'][ NoticeStatus::OPEN ] ?? 0,
			),
			array(
				'key'   => 'closing-soon',
				'label' => __( 'Closing soon', 'tenderpress' ),
				'url'   => NoticeViews::link( NoticeViews::CLOSING_SOON ),
				'count' => $counts['statuses'][ NoticeStatus::CLOSING_SOON ] ?? 0,
			),
			array(
				'key'   => 'eoi',
				'label' => __( 'Expressions of interest', 'tenderpress' ),
				'url'   => add_query_arg( ListingSettings::TYPE_QUERY_ARG, 'eoi', $archive ),
				'count' => $counts['types']['eoi'] ?? 0,
			),
		);
		$calendar = self::calendar_page();
		if ( '' !== $calendar ) {
			$views[] = array(
				'key'   => 'calendar',
				'label' => __( 'Deadline calendar', 'tenderpress' ),
				'url'   => $calendar,
				'count' => null,
			);
		}
		$views[] = array(
			'key'   => 'all',
			'label' => __( 'All notices', 'tenderpress' ),
			'url'   => $archive,
			'count' => array_sum( $counts['types'] ),
		);
		return $views;
	}

	/**
	 * The top-level terms of a taxonomy that have notices, with their counts (a state's include
	 * its cities'), most notices first.
	 *
	 * @return list<array{label:string, url:string, count:int}>
	 */
	public static function routes( string $taxonomy ): array {
		$counts = FilterCounts::get( array() )['terms'];
		$routes = array();
		foreach ( NoticeTaxonomies::terms_of( $taxonomy ) as $term ) {
			if ( 0 !== $term->parent ) {
				continue;
			}
			$count = $counts[ (int) $term->term_taxonomy_id ] ?? 0;
			$link  = get_term_link( $term );
			if ( $count > 0 && is_string( $link ) ) {
				$routes[] = array(
					'label' => $term->name,
					'url'   => $link,
					'count' => $count,
				);
			}
		}
		usort( $routes, static fn( array $a, array $b ) => $a['count'] !== $b['count'] ? $b['count'] <=> $a['count'] : strnatcasecmp( $a['label'], $b['label'] ) );
		return $routes;
	}

	/** The address of the published page that shows the deadline calendar, or ''. */
	private static function calendar_page(): string {
		$cached = ListingCache::get( 'calendar-page' );
		if ( is_string( $cached ) ) {
			return $cached;
		}
		global $wpdb;
		$id  = (int) $wpdb->get_var( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_type = 'page' AND post_status = 'publish' AND post_password = '' AND post_content LIKE %s ORDER BY menu_order, ID LIMIT 1", '%' . $wpdb->esc_like( '<!-- wp:tenderpress/calendar' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- kept with the listings' cache below.
		$url = $id > 0 ? (string) get_permalink( $id ) : '';
		ListingCache::set( 'calendar-page', $url );
		return $url;
	}

	/**
	 * The block's markup, escaped.
	 *
	 * @param bool $with_routes Whether to add the category and location routes (the home page).
	 */
	public static function render( bool $with_routes ): string {
		$html = '<nav class="tp-views" aria-label="' . esc_attr__( 'Notice views', 'tenderpress' ) . '"><ul class="tp-views__list" role="list">';
		foreach ( self::views() as $view ) {
			$html .= '<li class="tp-views__item"><a class="tp-views__link" href="' . esc_url( $view['url'] ) . '">'
				. ( null === $view['count'] ? '' : '<span class="tp-views__count">' . esc_html( number_format_i18n( $view['count'] ) ) . '</span> ' )
				. '<span class="tp-views__label">' . esc_html( $view['label'] ) . '</span></a></li>';
		}
		$html .= '</ul></nav>';
		if ( ! $with_routes ) {
			return $html;
		}
		$groups = array(
			NoticeTaxonomies::CATEGORY => __( 'Notices by category', 'tenderpress' ),
			NoticeTaxonomies::LOCATION => __( 'Notices by location', 'tenderpress' ),
		);
		$html  .= '<div class="tp-routes">';
		foreach ( $groups as $taxonomy => $heading ) {
			$routes = self::routes( $taxonomy );
			if ( ! $routes ) {
				continue;
			}
			$html .= '<section class="tp-routes__group"><h2 class="tp-routes__heading">' . esc_html( $heading ) . '</h2><ul class="tp-routes__list" role="list">';
			foreach ( $routes as $route ) {
				/* translators: 1: a category or location, 2: how many notices it has. */
				$html .= '<li><a href="' . esc_url( $route['url'] ) . '">' . esc_html( $route['label'] ) . '</a> <span class="tp-routes__count">' . esc_html( sprintf( _n( '%s notice', '%s notices', $route['count'], 'tenderpress' ), number_format_i18n( $route['count'] ) ) ) . '</span></li>';
			}
			$html .= '</ul></section>';
		}
		return $html . '</div>';
	}
}
