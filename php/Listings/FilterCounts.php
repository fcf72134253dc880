<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;

/**
 * How many notices each filter choice would show, within the listing's own scope (its category
 * or location, its notice type) and ignoring the visitor's other filters, so each number says
 * what choosing that option alone gives.
 *
 * A few queries whatever the number of notices. Types and buyers come from the counts kept as
 * notices are written (NoticeFacets), statuses from ranges of the lookup table's deadline index
 * (it holds published notices only, so no join to posts), and site-wide the categories' and
 * locations' counts are WordPress's own term counts. Within a term's archive, each count reads
 * that term's notices. Cached with the listing's pages.
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
		$from   = ' FROM ' . NoticeIndex::table() . ' n WHERE 1 = 1';
		$params = array();
		if ( '' !== $scope_type ) {
			$from    .= ' AND n.notice_type = %s';
			$params[] = $scope_type;
		}
		if ( $scope_term ) {
			$from .= " AND n.post_id IN (SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id IN (" . implode( ',', NoticeTaxonomies::tt_ids_with_children( $scope_term[1], $scope_term[0] ) ) . '))';
		}
		$now  = (string) wp_date( 'Y-m-d H:i:s' );
		$soon = (string) wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() );

		// Types and buyers: without a term scope, the kept counts (NoticeFacets), a row per type and buyer;
		// within a term's archive, the type and buyer indexes of that term's notices.
		$types  = array();
		$buyers = array();
		if ( ! $scope_term && NoticeFacets::ready() ) {
			foreach ( NoticeFacets::all() as $pair ) {
				if ( '' !== $scope_type && $pair['type'] !== $scope_type ) {
					continue;
				}
				$types[ $pair['type'] ] = ( $types[ $pair['type'] ] ?? 0 ) + $pair['total'];
				if ( '' !== $pair['buyer'] ) {
					$buyers[ $pair['buyer'] ] = ( $buyers[ $pair['buyer'] ] ?? 0 ) + $pair['total'];
				}
			}
		} else {
			foreach ( NoticeSearch::read( "SELECT n.notice_type AS type, COUNT(*) AS total{$from} GROUP BY n.notice_type", $params ) as $row ) {
				$types[ (string) $row['type'] ] = (int) $row['total'];
			}
			foreach ( NoticeSearch::read( "SELECT n.buyer AS buyer, COUNT(*) AS total{$from} AND n.buyer <> '' GROUP BY n.buyer", $params ) as $row ) {
				$buyers[ (string) $row['buyer'] ] = (int) $row['total'];
			}
		}
		// Statuses follow the clock: each reads a range of the deadline index.
		$count    = static fn( string $condition, array $values ) => (int) ( NoticeSearch::read( "SELECT COUNT(*) AS total{$from} AND {$condition}", array_values( array_merge( $params, $values ) ) )[0]['total'] ?? 0 );
		$statuses = array(
			NoticeStatus::OPEN         => $count( 'n.deadline > %s', array( $now ) ),
			NoticeStatus::CLOSING_SOON => $count( 'n.deadline > %s AND n.deadline <= %s', array( $now, $soon ) ),
			NoticeStatus::CLOSED       => $count( 'n.deadline <= %s', array( $now ) ),
		);
		ksort( $buyers, SORT_NATURAL | SORT_FLAG_CASE );
		return array(
			'types'    => $types,
			'statuses' => $statuses,
			'buyers'   => $buyers,
			'terms'    => '' === $scope_type && ! $scope_term ? self::term_counts() : self::scoped_term_counts( $from, $params ),
		);
	}

	/**
	 * Notices under each category and location, site-wide: WordPress keeps each term's count of
	 * published notices filed under it; a state also counts those filed under its cities alone.
	 *
	 * @return array<int, int> By term taxonomy id.
	 */
	private static function term_counts(): array {
		$counts = array();
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			foreach ( NoticeTaxonomies::terms_of( $taxonomy ) as $term ) {
				$counts[ (int) $term->term_taxonomy_id ] = (int) $term->count;
			}
		}
		return $counts;
	}

	/**
	 * Notices under each category and location within a listing's scope (an archive of a term, a
	 * listing of one type): each term's own, then each top-level term's with its descendants'.
	 *
	 * @param string       $from   FROM and WHERE of the scope, on the lookup table as `n`.
	 * @param list<string> $params Their parameters.
	 * @return array<int, int> By term taxonomy id.
	 */
	private static function scoped_term_counts( string $from, array $params ): array {
		global $wpdb;
		$terms    = array();
		$roots    = self::roots();
		$relation = " FROM {$wpdb->term_relationships} r WHERE r.object_id IN (SELECT n.post_id{$from})";
		foreach ( NoticeSearch::read( "SELECT r.term_taxonomy_id AS tt, COUNT(*) AS total{$relation} GROUP BY r.term_taxonomy_id", $params ) as $row ) {
			$terms[ (int) $row['tt'] ] = (int) $row['total'];
		}
		$descendants = array_filter( $roots, static fn( int $root, int $tt ) => $root !== $tt, ARRAY_FILTER_USE_BOTH );
		if ( $descendants ) {
			$case = 'CASE r.term_taxonomy_id';
			foreach ( $roots as $tt => $root ) {
				$case .= ' WHEN ' . (int) $tt . ' THEN ' . (int) $root;
			}
			$case   .= ' END';
			$members = implode( ',', array_merge( array_keys( $descendants ), array_unique( array_values( $descendants ) ) ) );
			foreach ( NoticeSearch::read( "SELECT {$case} AS root, COUNT(DISTINCT r.object_id) AS total{$relation} AND r.term_taxonomy_id IN ({$members}) GROUP BY {$case}", $params ) as $row ) {
				$terms[ (int) $row['root'] ] = (int) $row['total'];
			}
		}
		return $terms;
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
			foreach ( NoticeTaxonomies::with_tops( $taxonomy ) as list( $term, $top ) ) {
				$roots[ (int) $term->term_taxonomy_id ] = (int) $top->term_taxonomy_id;
			}
		}
		return $roots;
	}
}
