<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
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

	/** @var array<int, int> Notices found by each search query, by the query object's id. */
	private $found = array();

	public function register(): void {
		add_filter( 'posts_clauses', array( $this, 'clauses' ), 10, 2 );
		add_filter( 'posts_pre_query', array( $this, 'search_posts' ), 10, 2 );
		add_filter( 'found_posts_query', array( $this, 'found_posts_query' ), 10, 2 );
		add_filter( 'found_posts', array( $this, 'found_posts' ), 10, 2 );
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
		// A search is answered whole by search_posts(); these clauses are then never run.
		if ( ! is_array( $filters ) || ! $filters || self::is_search( $filters ) ) {
			return $clauses;
		}
		global $wpdb;
		$clauses          += array(
			'join'    => '',
			'where'   => '',
			'orderby' => '',
		);
		$clauses['where'] .= self::term_conditions( $filters );
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
		$sort       = self::sort( $filters );
		if ( ! $conditions && NoticeFilters::SORT_NEWEST === $sort ) {
			return $clauses;
		}
		$clauses['join'] .= ' INNER JOIN ' . NoticeIndex::table() . " {$alias} ON {$alias}.post_id = {$wpdb->posts}.ID";
		foreach ( $conditions as list( $sql, $params ) ) {
			$clauses['where'] .= $params ? $wpdb->prepare( str_replace( '?', '%s', $sql ), ...$params ) : $sql; // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- conditions made below, values bound here.
		}
		$order = self::order( $sort );
		if ( '' !== $order ) {
			$clauses['orderby'] = $order;
		}
		return $clauses;
	}

	/** @param array<string, mixed> $filters */
	private static function is_search( array $filters ): bool {
		return isset( $filters['q'] ) && '' !== $filters['q'] && NoticeIndex::ready();
	}

	/**
	 * The order a listing asked for; with a search and no order chosen, the best match first.
	 *
	 * @param array<string, mixed> $filters
	 */
	private static function sort( array $filters ): string {
		return (string) ( $filters['sort'] ?? NoticeFilters::default_sort( isset( $filters['q'] ) ) );
	}

	/** ORDER BY of a sort, or '' for WordPress's own (newest first). */
	private static function order( string $sort ): string {
		global $wpdb;
		$alias = self::ALIAS;
		switch ( $sort ) {
			case NoticeFilters::SORT_CLOSING:
				return "{$alias}.deadline ASC, {$wpdb->posts}.ID ASC";
			case NoticeFilters::SORT_VALUE:
				// Notices without an estimated value come last (NULL sorts lowest on both databases).
				return "{$alias}.value_amount DESC, {$wpdb->posts}.ID DESC";
			case NoticeFilters::SORT_RELEVANCE:
				return "tp_match.exact DESC, tp_match.score ASC, {$wpdb->posts}.ID DESC";
		}
		return '';
	}

	/**
	 * A search (the `q` filter): the notices come from the full-text index (NoticeSearch), with
	 * every other filter and the order applied in the same statement, instead of WordPress's
	 * LIKE search. Two queries: the page, and the count.
	 *
	 * @param mixed $posts Null unless another filter answered first.
	 * @param mixed $query The query being run.
	 * @return mixed
	 */
	public function search_posts( $posts, $query ) {
		if ( null !== $posts || ! $query instanceof WP_Query ) {
			return $posts;
		}
		$filters = $query->get( self::QUERY_VAR );
		if ( ! is_array( $filters ) || ! self::is_search( $filters ) ) {
			return $posts;
		}
		global $wpdb;
		$alias  = self::ALIAS;
		$match  = NoticeSearch::matches( (string) $filters['q'] );
		$params = $match['params'];
		$from   = "FROM (SELECT post_id, MAX(exact) AS exact, MIN(score) AS score FROM ({$match['sql']}) tp_found GROUP BY post_id) tp_match"
			. ' INNER JOIN ' . NoticeIndex::table() . " {$alias} ON {$alias}.post_id = tp_match.post_id"
			. " INNER JOIN {$wpdb->posts} ON {$wpdb->posts}.ID = tp_match.post_id"
			. " WHERE {$wpdb->posts}.post_status = 'publish'" . self::term_conditions( $filters );
		foreach ( self::index_conditions( $filters ) as list( $sql, $condition_params ) ) {
			$from  .= $sql;
			$params = array_merge( $params, $condition_params );
		}
		$per_page = max( 1, (int) $query->get( 'posts_per_page' ) );
		$offset   = ( max( 1, (int) $query->get( 'paged' ) ) - 1 ) * $per_page;
		$order    = self::order( self::sort( $filters ) );
		$rows     = NoticeSearch::read( "SELECT tp_match.post_id AS id {$from} ORDER BY " . ( '' === $order ? "{$wpdb->posts}.post_date DESC, {$wpdb->posts}.ID DESC" : $order ) . " LIMIT {$per_page} OFFSET {$offset}", $params );
		$ids      = array_map( static fn( array $row ) => (int) $row['id'], $rows );
		$found    = (int) ( NoticeSearch::read( "SELECT COUNT(*) AS found {$from}", $params )[0]['found'] ?? 0 );

		// WordPress leaves the counts to whoever answers here, except for an ids query, where it
		// asks the database again (found_posts_query and found_posts below answer that).
		$query->found_posts   = $found;
		$query->max_num_pages = (int) ceil( $found / $per_page );
		if ( 'ids' === $query->get( 'fields' ) ) {
			$this->found[ spl_object_id( $query ) ] = $found;
			return $ids;
		}
		_prime_post_caches( $ids, (bool) $query->get( 'update_post_term_cache', true ), (bool) $query->get( 'update_post_meta_cache', true ) );
		return array_values( array_filter( array_map( 'get_post', $ids ) ) );
	}

	/**
	 * WordPress asks the database how many rows the last query found; for a search answered by
	 * search_posts() there was no such query, and the count is already known.
	 *
	 * @param mixed $sql   The count query.
	 * @param mixed $query The query.
	 * @return mixed
	 */
	public function found_posts_query( $sql, $query ) {
		return is_object( $query ) && isset( $this->found[ spl_object_id( $query ) ] ) ? '' : $sql;
	}

	/**
	 * @param mixed $found The count WordPress has.
	 * @param mixed $query The query.
	 * @return mixed
	 */
	public function found_posts( $found, $query ) {
		if ( ! is_object( $query ) || ! isset( $this->found[ spl_object_id( $query ) ] ) ) {
			return $found;
		}
		$count = $this->found[ spl_object_id( $query ) ];
		unset( $this->found[ spl_object_id( $query ) ] );
		return $count;
	}

	/**
	 * The category and location conditions, each starting with " AND ".
	 *
	 * @param array<string, mixed> $filters
	 */
	private static function term_conditions( array $filters ): string {
		$where = '';
		foreach ( array(
			'category' => NoticeTaxonomies::CATEGORY,
			'location' => NoticeTaxonomies::LOCATION,
		) as $key => $taxonomy ) {
			if ( isset( $filters[ $key ] ) ) {
				$where .= self::term_condition( (string) $filters[ $key ], $taxonomy );
			}
		}
		return $where;
	}

	/**
	 * The WHERE conditions on the lookup table, each starting with " AND ", with ? for each value
	 * (bound by $wpdb->prepare() or by SQLite's own connection for a search).
	 *
	 * @param array<string, mixed> $filters
	 * @return list<array{0:string, 1:list<string>}>
	 */
	private static function index_conditions( array $filters ): array {
		$alias      = self::ALIAS;
		$conditions = array();
		$now        = (string) wp_date( 'Y-m-d H:i:s' );
		if ( isset( $filters['noticeType'] ) ) {
			$conditions[] = array( " AND {$alias}.notice_type = ?", array( (string) $filters['noticeType'] ) );
		}
		$status = $filters['status'] ?? '';
		// "Closing soonest" lists notices still open, in deadline order: a closed notice cannot
		// close soon, and one without a deadline has no place in that order.
		if ( NoticeStatus::OPEN === $status || self::sort( $filters ) === NoticeFilters::SORT_CLOSING ) {
			$conditions[] = array( " AND {$alias}.deadline > ?", array( $now ) );
		}
		if ( NoticeStatus::CLOSING_SOON === $status ) {
			$conditions[] = array( " AND {$alias}.deadline > ? AND {$alias}.deadline <= ?", array( $now, (string) wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() ) ) );
		} elseif ( NoticeStatus::CLOSED === $status ) {
			$conditions[] = array( " AND {$alias}.deadline <= ?", array( $now ) );
		}
		if ( isset( $filters['deadlineFrom'] ) ) {
			$conditions[] = array( " AND {$alias}.deadline >= ?", array( (string) $filters['deadlineFrom'] . ' 00:00:00' ) );
		}
		if ( isset( $filters['deadlineTo'] ) ) {
			$conditions[] = array( " AND {$alias}.deadline <= ?", array( (string) $filters['deadlineTo'] . ' 23:59:59' ) );
		}
		// Amounts were checked as digits with up to two decimals (NoticeFilters::check): written
		// as numbers so both databases compare them as numbers.
		if ( isset( $filters['valueMin'] ) ) {
			$conditions[] = array( sprintf( " AND {$alias}.value_amount >= %.2F", (float) $filters['valueMin'] ), array() );
		}
		if ( isset( $filters['valueMax'] ) ) {
			$conditions[] = array( sprintf( " AND {$alias}.value_amount <= %.2F", (float) $filters['valueMax'] ), array() );
		}
		if ( isset( $filters['buyer'] ) ) {
			$conditions[] = array( " AND {$alias}.buyer = ?", array( (string) $filters['buyer'] ) );
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
