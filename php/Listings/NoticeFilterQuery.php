<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use WP_Query;

/**
 * Turns a listing's filters (NoticeFilters) into SQL on the notice lookup table (NoticeIndex):
 * WP_Query runs the query as usual, with the filters in its `tenderpress_filters` variable, and
 * this adds the join, the conditions and the order through `posts_clauses`.
 *
 * Why SQL here and not meta_query / tax_query: a meta_query compares untyped, unindexed text, and
 * a tax_query for a filter term would change what WordPress thinks the main query of an archive
 * is (its queried term, its title). Conditions on the lookup table's typed, indexed columns let
 * the database walk an index in the listing's order and stop after a page.
 */
final class NoticeFilterQuery {

	/** The WP_Query variable that carries a listing's filters. */
	public const QUERY_VAR = 'tenderpress_filters';

	private const ALIAS = 'tp_notice';

	public function register(): void {
		add_filter( 'posts_clauses', array( $this, 'clauses' ), 10, 2 );
	}

	/**
	 * The filters among a listing's settings (a listing may fix its own notice type).
	 *
	 * @param array<string, mixed> $settings Listing settings merged with the visitor's filters.
	 * @return array<string, string>
	 */
	public static function filters_of( array $settings ): array {
		$filters = array();
		foreach ( array_keys( NoticeFilters::ARGS ) as $key ) {
			if ( isset( $settings[ $key ] ) && is_string( $settings[ $key ] ) && '' !== $settings[ $key ] ) {
				$filters[ $key ] = $settings[ $key ];
			}
		}
		return $filters;
	}

	/**
	 * @param mixed $clauses The query's clauses (where, join, orderby, …), as a filter may leave them.
	 * @param mixed $query   The query being run: a WP_Query when core calls.
	 * @return array<string, string>
	 */
	public function clauses( $clauses, $query ): array {
		$clauses = is_array( $clauses ) ? $clauses : array();
		$filters = $query instanceof WP_Query ? $query->get( self::QUERY_VAR ) : null;
		if ( ! is_array( $filters ) || ! $filters ) {
			return $clauses;
		}
		global $wpdb;
		$clauses += array(
			'join'    => '',
			'where'   => '',
			'orderby' => '',
		);
		foreach ( array(
			'category' => NoticeTaxonomies::CATEGORY,
			'location' => NoticeTaxonomies::LOCATION,
		) as $key => $taxonomy ) {
			if ( isset( $filters[ $key ] ) ) {
				$clauses['where'] .= self::term_condition( (string) $filters[ $key ], $taxonomy );
			}
		}
		if ( ! NoticeIndex::ready() ) {
			// Until an administrator's visit has created the lookup table: the type filter on
			// postmeta, as 0.2.0 did, and no other filter.
			if ( isset( $filters['noticeType'] ) ) {
				$clauses['where'] .= $wpdb->prepare( " AND {$wpdb->posts}.ID IN (SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = 'tp_notice_type' AND meta_value = %s)", $filters['noticeType'] ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names.
			}
			return $clauses;
		}
		$alias      = self::ALIAS;
		$conditions = self::index_conditions( $filters );
		$sort       = $filters['sort'] ?? NoticeFilters::SORT_NEWEST;
		if ( ! $conditions && NoticeFilters::SORT_NEWEST === $sort ) {
			return $clauses;
		}
		$clauses['join']  .= ' INNER JOIN ' . NoticeIndex::table() . " {$alias} ON {$alias}.post_id = {$wpdb->posts}.ID";
		$clauses['where'] .= implode( '', $conditions );
		if ( NoticeFilters::SORT_CLOSING === $sort ) {
			$clauses['orderby'] = "{$alias}.deadline ASC, {$wpdb->posts}.ID ASC";
		} elseif ( NoticeFilters::SORT_VALUE === $sort ) {
			// Notices without an estimated value come last (NULL sorts lowest on both databases).
			$clauses['orderby'] = "{$alias}.value_amount DESC, {$wpdb->posts}.ID DESC";
		}
		return $clauses;
	}

	/**
	 * The WHERE conditions on the lookup table, each starting with " AND ".
	 *
	 * @param array<string, mixed> $filters
	 * @return list<string>
	 */
	private static function index_conditions( array $filters ): array {
		global $wpdb;
		$alias      = self::ALIAS;
		$conditions = array();
		$now        = wp_date( 'Y-m-d H:i:s' );
		if ( isset( $filters['noticeType'] ) ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.notice_type = %s", $filters['noticeType'] ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		$status = $filters['status'] ?? '';
		// "Closing soonest" lists notices still open, in deadline order: a closed notice cannot
		// close soon, and one without a deadline has no place in that order.
		if ( NoticeStatus::OPEN === $status || ( $filters['sort'] ?? '' ) === NoticeFilters::SORT_CLOSING ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.deadline > %s", $now ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		if ( NoticeStatus::CLOSING_SOON === $status ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.deadline > %s AND {$alias}.deadline <= %s", $now, wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		} elseif ( NoticeStatus::CLOSED === $status ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.deadline <= %s", $now ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		if ( isset( $filters['deadlineFrom'] ) ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.deadline >= %s", $filters['deadlineFrom'] . ' 00:00:00' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		if ( isset( $filters['deadlineTo'] ) ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.deadline <= %s", $filters['deadlineTo'] . ' 23:59:59' ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		// Amounts were checked as digits with up to two decimals (NoticeFilters::check): written
		// as numbers so both databases compare them as numbers.
		if ( isset( $filters['valueMin'] ) ) {
			$conditions[] = sprintf( " AND {$alias}.value_amount >= %.2F", (float) $filters['valueMin'] );
		}
		if ( isset( $filters['valueMax'] ) ) {
			$conditions[] = sprintf( " AND {$alias}.value_amount <= %.2F", (float) $filters['valueMax'] );
		}
		if ( isset( $filters['buyer'] ) ) {
			$conditions[] = $wpdb->prepare( " AND {$alias}.buyer = %s", $filters['buyer'] ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- alias.
		}
		return $conditions;
	}

	/** Notices filed under a term or any of its children (a state takes in its cities). */
	private static function term_condition( string $slug, string $taxonomy ): string {
		global $wpdb;
		$term = get_term_by( 'slug', $slug, $taxonomy );
		if ( ! $term instanceof \WP_Term ) {
			return ' AND 1 = 0';
		}
		$tt_ids = NoticeTaxonomies::tt_ids_with_children( (int) $term->term_id, $taxonomy );
		return " AND {$wpdb->posts}.ID IN (SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id IN (" . implode( ',', array_map( 'intval', $tt_ids ) ) . '))';
	}
}
