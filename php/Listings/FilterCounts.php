<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;

/**
 * How many notices each filter choice would show, within the listing's own scope (its category
 * or location, its notice type) and ignoring the visitor's other filters, so each number says
 * what choosing that option alone gives.
 *
 * Four queries whatever the number of notices, all on the lookup table (which holds published
 * notices only, so no join to posts) and term relationships, cached with the listing's pages.
 */
final class FilterCounts {

	/**
	 * @param array<string, mixed> $settings The listing's settings.
	 * @return array{types: array<string, int>, statuses: array<string, int>, buyers: array<string, int>, terms: array<int, int>}
	 */
	public static function get( array $settings ): array {
		$scope_type = (string) ( $settings['noticeType'] ?? '' );
		$scope_term = ! empty( $settings['taxonomy'] ) && ! empty( $settings['termId'] ) ? array( (string) $settings['taxonomy'], (int) $settings['termId'] ) : null;
		$key        = 'counts|' . wp_json_encode( array( $scope_type, $scope_term, gmdate( 'YmdHi' ) ) );
		$cached     = ListingCache::get( $key );
		if ( is_array( $cached ) && isset( $cached['types'], $cached['statuses'], $cached['buyers'], $cached['terms'] ) ) {
			/** @var array{types: array<string, int>, statuses: array<string, int>, buyers: array<string, int>, terms: array<int, int>} $cached What count() returned. */
			return $cached;
		}
		$counts = NoticeIndex::ready() ? self::count( $scope_type, $scope_term ) : array(
			'types'    => array(),
			'statuses' => array(),
			'buyers'   => array(),
			'terms'    => array(),
		);
		ListingCache::set( $key, $counts );
		return $counts;
	}

	/**
	 * @param string                 $scope_type A notice type the listing fixes, or ''.
	 * @param array{string,int}|null $scope_term The listing's own taxonomy and term.
	 * @return array{types: array<string, int>, statuses: array<string, int>, buyers: array<string, int>, terms: array<int, int>}
	 */
	private static function count( string $scope_type, ?array $scope_term ): array {
		global $wpdb;
		$table = NoticeIndex::table();
		$where = '1 = 1';
		if ( '' !== $scope_type ) {
			$where .= $wpdb->prepare( ' AND n.notice_type = %s', $scope_type );
		}
		if ( $scope_term ) {
			$where .= " AND n.post_id IN (SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id IN (" . implode( ',', NoticeTaxonomies::tt_ids_with_children( $scope_term[1], $scope_term[0] ) ) . '))';
		}
		$now  = wp_date( 'Y-m-d H:i:s' );
		$soon = wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() );

		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- this plugin's own table; $where is built from prepared parts above.
		$rows     = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT n.notice_type AS type, COUNT(*) AS total, SUM(CASE WHEN n.deadline > %s THEN 1 ELSE 0 END) AS open, SUM(CASE WHEN n.deadline > %s AND n.deadline <= %s THEN 1 ELSE 0 END) AS soon, SUM(CASE WHEN n.deadline <= %s THEN 1 ELSE 0 END) AS closed FROM {$table} n WHERE {$where} GROUP BY n.notice_type",
				$now,
				$now,
				$soon,
				$now
			),
			ARRAY_A
		);
		$types    = array();
		$statuses = array_fill_keys( NoticeFilters::statuses(), 0 );
		foreach ( $rows as $row ) {
			$types[ (string) $row['type'] ]          = (int) $row['total'];
			$statuses[ NoticeStatus::OPEN ]         += (int) $row['open'];
			$statuses[ NoticeStatus::CLOSING_SOON ] += (int) $row['soon'];
			$statuses[ NoticeStatus::CLOSED ]       += (int) $row['closed'];
		}
		$buyers = array();
		foreach ( $wpdb->get_results( "SELECT n.buyer AS buyer, COUNT(*) AS total FROM {$table} n WHERE {$where} AND n.buyer <> '' GROUP BY n.buyer", ARRAY_A ) as $row ) {
			$buyers[ (string) $row['buyer'] ] = (int) $row['total'];
		}
		ksort( $buyers, SORT_NATURAL | SORT_FLAG_CASE );

		// Each term's own notices, then each top-level term's with its descendants' (a notice
		// filed under a state and one of its cities counts once for the state).
		$terms    = array();
		$roots    = self::roots();
		$relation = "FROM {$wpdb->term_relationships} r INNER JOIN {$table} n ON n.post_id = r.object_id WHERE {$where}";
		foreach ( $wpdb->get_results( "SELECT r.term_taxonomy_id AS tt, COUNT(*) AS total {$relation} AND r.term_taxonomy_id IN (" . implode( ',', $roots ? array_keys( $roots ) : array( 0 ) ) . ') GROUP BY r.term_taxonomy_id', ARRAY_A ) as $row ) {
			$terms[ (int) $row['tt'] ] = (int) $row['total'];
		}
		$descendants = array_filter( $roots, static fn( int $root, int $tt ) => $root !== $tt, ARRAY_FILTER_USE_BOTH );
		if ( $descendants ) {
			$case = 'CASE r.term_taxonomy_id';
			foreach ( $roots as $tt => $root ) {
				$case .= ' WHEN ' . (int) $tt . ' THEN ' . (int) $root;
			}
			$case   .= ' END';
			$parents = array_unique( array_values( $descendants ) );
			foreach ( $wpdb->get_results( "SELECT {$case} AS root, COUNT(DISTINCT r.object_id) AS total {$relation} AND r.term_taxonomy_id IN (" . implode( ',', array_merge( array_keys( $descendants ), $parents ) ) . ") GROUP BY {$case}", ARRAY_A ) as $row ) {
				$terms[ (int) $row['root'] ] = (int) $row['total'];
			}
		}
		// phpcs:enable
		return array(
			'types'    => $types,
			'statuses' => $statuses,
			'buyers'   => $buyers,
			'terms'    => $terms,
		);
	}

	/**
	 * Every category and location, as term taxonomy id => the term taxonomy id of its top-level
	 * ancestor (itself for a top-level term).
	 *
	 * @return array<int, int>
	 */
	private static function roots(): array {
		$roots = array();
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			$terms = get_terms(
				array(
					'taxonomy'   => $taxonomy,
					'hide_empty' => false,
				)
			);
			if ( ! is_array( $terms ) ) {
				continue;
			}
			$by_id = array();
			foreach ( $terms as $term ) {
				$by_id[ $term->term_id ] = $term;
			}
			foreach ( $by_id as $term ) {
				$top = $term;
				for ( $depth = 0; $top->parent && isset( $by_id[ $top->parent ] ) && $depth < 20; $depth++ ) {
					$top = $by_id[ $top->parent ];
				}
				$roots[ (int) $term->term_taxonomy_id ] = (int) $top->term_taxonomy_id;
			}
		}
		return $roots;
	}
}
