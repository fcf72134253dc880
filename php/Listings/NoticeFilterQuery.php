<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use WP_Query;

/**
 * Answers every notice listing, filtered, sorted, searched or not, from the notice lookup table
 * (NoticeIndex) and the full-text index (NoticeSearch), in place of WordPress's own SQL. WP_Query
 * is asked as usual, with the filters in its `tenderpress_filters` variable; `posts_pre_query`
 * hands it the page of notices and their count, as search plugins such as ElasticPress do.
 *
 * Why not meta_query / tax_query on WordPress's tables: a meta_query compares untyped, unindexed
 * text, and joining the posts table makes the database walk every notice to check its type and
 * status (the EOI listing took 120 ms at 100,000 notices that way). The lookup table holds only
 * published notices, each filter and order has an index there that ends in the listing's order,
 * so one statement reads a page and stops, and a second counts along an index (an unfiltered
 * listing's count is the total kept by NoticeFacets).
 *
 * Until the upgrade has built the table, `posts_clauses` filters by notice type on postmeta, as
 * 0.2.0 did, and the other filters wait.
 */
final class NoticeFilterQuery {

	/** The filters a count of deadlines takes (the deadline calendar's): type, category, location. */
	public const DEADLINE_FILTERS = array( 'noticeType', 'category', 'location' );

	/** The WP_Query variable that carries a listing's filters. */
	public const QUERY_VAR = 'tenderpress_filters';

	private const ALIAS = 'tp_notice';

	/** Marks a condition the page's statement only tests (see answer_from_index()). */
	private const TEST_ONLY = '{test-only}';

	/** Marks where a search's full-text matches narrow a statement (see render() and source()). */
	private const MATCH = '{match}';

	/** A category's or location's term ids in a WHERE: `{terms:<id SQL>:<tt ids>}` (in_terms()). */
	private const TERMS = '/\{terms:([^:}]+):([0-9,]+)\}/';

	/**
	 * How many notices the page's statement may expect to walk before reading the matches as a
	 * set is the cheaper plan (see answer_from_index()). At 100,000 notices, a walk of 1,000
	 * took 0.4 ms, reading a category's and a state's notices as sets 26 ms, and a walk of
	 * every notice for a reference number's one match 17 ms where its set took 8 ms.
	 */
	private const WALK_LIMIT = 20000;

	/** Reads per match that reading the matches as a set costs, against one per notice walked. */
	private const SET_READS = 4;

	/** @var array<int, int> Notices found by each ids query answered here, by the query object's id. */
	private $found = array();

	public function register(): void {
		add_filter( 'posts_clauses', array( $this, 'clauses_before_upgrade' ), 10, 2 );
		add_filter( 'posts_pre_query', array( $this, 'answer_from_index' ), 10, 2 );
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
		// Open notices unless asked otherwise, on a listing that lists them first; "any" is no filter.
		unset( $filters['status'] );
		$status = NoticeFilters::status_applied( $settings );
		if ( '' !== $status ) {
			$filters['status'] = $status;
		}
		return $filters;
	}

	/**
	 * Before the upgrade: the type filter on postmeta, and the category and location filters.
	 *
	 * @param mixed $clauses The query's clauses (where, join, orderby, …), as a filter may leave them.
	 * @param mixed $query   The query being run: a WP_Query when core calls.
	 * @return array<string, string>
	 */
	public function clauses_before_upgrade( $clauses, $query ): array {
		global $wpdb;
		$clauses = is_array( $clauses ) ? $clauses : array();
		$filters = $query instanceof WP_Query ? $query->get( self::QUERY_VAR ) : null;
		if ( ! is_array( $filters ) || ! $filters || NoticeIndex::ready() ) {
			return $clauses;
		}
		$clauses          += array( 'where' => '' );
		$clauses['where'] .= self::render( self::term_conditions( $filters, "{$wpdb->posts}.ID" ), 'sets' );
		if ( isset( $filters['noticeType'] ) ) {
			$clauses['where'] .= $wpdb->prepare( " AND {$wpdb->posts}.ID IN (SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = 'tp_notice_type' AND meta_value = %s)", $filters['noticeType'] ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names.
		}
		return $clauses;
	}

	/**
	 * The order a listing asked for; newest first when none was chosen.
	 *
	 * @param array<string, mixed> $filters
	 */
	private static function sort( array $filters ): string {
		return (string) ( $filters['sort'] ?? NoticeFilters::SORT_NEWEST );
	}

	/**
	 * ORDER BY of a sort, on the lookup table. When the matches are read as a set, SQLite is told
	 * not to walk the order's index (a unary + on its first column, as for TEST_ONLY).
	 */
	private static function order( string $sort, bool $as_set = false ): string {
		$alias = ( $as_set && NoticeSearch::on_sqlite() ? '+' : '' ) . self::ALIAS;
		switch ( $sort ) {
			case NoticeFilters::SORT_CLOSING:
				return "{$alias}.deadline ASC, " . self::ALIAS . '.post_id ASC';
			case NoticeFilters::SORT_VALUE:
				// Notices without an estimated value come last (NULL sorts lowest on both databases).
				return "{$alias}.value_amount DESC, " . self::ALIAS . '.post_id DESC';
		}
		return "{$alias}.post_date DESC, " . self::ALIAS . '.post_id DESC';
	}

	/**
	 * The page of notices of a listing and their count, from the lookup table and the full-text
	 * index: the count first (from the kept total, the full-text index alone, or one statement),
	 * then the page (one statement), and for a search the notice whose reference number it is.
	 * Queries this cannot answer exactly (another plugin's tax_query, an unfiltered query that
	 * WordPress narrows by its own variables) are left to WordPress.
	 *
	 * @param mixed $posts Null unless another filter answered first.
	 * @param mixed $query The query being run.
	 * @return mixed
	 */
	public function answer_from_index( $posts, $query ) {
		if ( null !== $posts || ! $query instanceof WP_Query || ! NoticeIndex::ready() ) {
			return $posts;
		}
		$filters = $query->get( self::QUERY_VAR );
		$scope   = self::scope_conditions( $query );
		if ( ! is_array( $filters ) || null === $scope || ( ! $filters && self::narrowed_by_wordpress( $query ) ) ) {
			return $posts;
		}
		$alias  = self::ALIAS;
		$params = array();
		$where  = ' WHERE 1 = 1' . $scope . self::term_conditions( $filters, "{$alias}.post_id" );
		foreach ( self::index_conditions( $filters ) as list( $sql, $condition_params ) ) {
			$where .= $sql;
			$params = array_merge( $params, $condition_params );
		}
		$from     = ' FROM ' . NoticeIndex::table() . " {$alias}";
		$per_page = (int) $query->get( 'posts_per_page' );
		$offset   = $per_page > 0 ? ( max( 1, (int) $query->get( 'paged' ) ) - 1 ) * $per_page : 0;
		$first    = array();
		// The count of a search with no filter, from the full-text index alone.
		$words_only = null;
		$search     = isset( $filters['q'] ) ? trim( (string) $filters['q'] ) : '';
		$match      = null;
		if ( '' !== $search ) {
			// The notice whose reference number is the search itself comes first, found by the
			// reference's index (the full-text index splits it at its dashes and slashes). Its
			// corrigenda carry the same number: the notice they amend is the one asked for.
			$first = array_map( static fn( array $row ) => (int) $row['id'], NoticeSearch::read( "SELECT {$alias}.post_id AS id{$from}" . self::render( $where, 'sets' ) . " AND {$alias}.reference = %s ORDER BY {$alias}.notice_type = %s, {$alias}.post_date, {$alias}.post_id LIMIT 1", array_merge( $params, array( $search, 'corrigendum' ) ) ) );
			$match = NoticeSearch::matches( $search );
			if ( null !== $match && ' WHERE 1 = 1' === $where ) {
				// A search and nothing else is counted in the full-text index alone, which holds
				// the published notices only, as the lookup table does.
				$words_only = "SELECT COUNT(*) AS found FROM ({$match['sql']}) tp_match" . ( $first ? ' WHERE tp_match.id <> ' . $first[0] : '' );
			}
			// The full-text matches (see render() and source() for how each statement uses them).
			$where .= null === $match ? ' AND 1 = 0' : ' AND ' . self::MATCH;
			$params = array_merge( $params, null === $match || ! NoticeSearch::on_sqlite() ? array() : $match['params'] );
			if ( $first ) {
				$where .= " AND {$alias}.post_id <> " . $first[0];
			}
		}
		// The first page holds the reference's notice first; the rest of the list moves down one.
		$shift = count( $first );
		$limit = $per_page > 0 ? ' LIMIT ' . ( 0 === $offset ? $per_page - $shift : $per_page ) . ' OFFSET ' . ( 0 === $offset ? 0 : $offset - $shift ) : '';
		$rest  = null;
		// How many notices the lookup table holds, from the kept counts: one short statement.
		// On a site whose counts are not built yet, 0, which keeps the walk.
		$notices = NoticeFacets::ready() ? NoticeFacets::total() : 0;
		// On MySQL and MariaDB a search with other filters is read in one pass (below).
		$one_pass = null !== $match && null === $words_only && null === NoticeSearch::on_sqlite();
		$read     = false;
		$rows     = array();
		// How the count, and a page read as a set, go in: through a search's matches, testing
		// each against the categories and locations (a search's words usually match fewer
		// notices than a state holds), or else through the notices of every term.
		$as_set = '' === $search ? 'sets' : 'tests';
		if ( ! $query->get( 'no_found_rows' ) ) {
			// Counted first: how many match decides how the page is read (below). WordPress
			// leaves the counts to whoever answers here, except for an ids query, where it asks
			// the database again (found_posts_query and found_posts below answer that).
			if ( ' WHERE 1 = 1' === $where && $notices > 0 ) {
				// Every published notice: the kept total. With none kept (counts missing), the
				// listing is counted like any other, so missing counts never empty a listing.
				$rest = $notices;
			} elseif ( $one_pass ) {
				// One pass reads the page and, through SQL_CALC_FOUND_ROWS (as WordPress's own
				// queries do), how many matched: a count and then a page each went through the
				// search's matches and the other filters again (two words in a state, open: 13 ms
				// each at 100,000 notices).
				$rows = NoticeSearch::read( "SELECT SQL_CALC_FOUND_ROWS {$alias}.post_id AS id" . self::source( $where, $as_set, $search, $match ) . ' ORDER BY ' . self::order( self::sort( $filters ), true ) . $limit, $params );
				$rest = (int) ( NoticeSearch::read( 'SELECT FOUND_ROWS() AS found', array() )[0]['found'] ?? 0 );
				$read = true;
			} else {
				$rest = (int) ( NoticeSearch::read( $words_only ?? 'SELECT COUNT(*) AS found' . self::source( $where, $as_set, $search, $match ), $params )[0]['found'] ?? 0 );
			}
			$found                = $shift + $rest;
			$query->found_posts   = $found;
			$query->max_num_pages = $per_page > 0 ? (int) ceil( $found / $per_page ) : 1;
			if ( 'ids' === $query->get( 'fields' ) ) {
				$this->found[ spl_object_id( $query ) ] = $found;
			}
		}
		if ( 0 !== $rest && ! $read ) {
			// Walking the index of the listing's order, testing each notice, reads about as many
			// notices as come before the page's last match: (offset + page) × notices ÷ matches.
			// Reading the matches as a set and sorting them costs a few reads per match. A common
			// filter or word walks (a page of "supply" comes within 50 notices, a state with a
			// category within 1,000), and so does every page of an unfiltered listing; a rare
			// filter, a reference number's few matches or a deep page of a narrow listing is
			// read as a set (the walk would go through most notices).
			// A listing without pages (per page -1) reads all its matches: its span is the count.
			$span = $per_page > 0 ? $offset + $per_page : (int) $rest;
			$walk = null === $rest || $span * $notices <= max( self::WALK_LIMIT, self::SET_READS * $rest ) * $rest;
			/**
			 * Whether a listing's page walks the index of its order (true) or reads its matches
			 * as a set and sorts them (false). A site whose notices differ much from the demo's
			 * may decide otherwise. Not asked for a search with other filters on MySQL and
			 * MariaDB, which is read in one pass.
			 *
			 * @param bool $walk    The choice made from the counts.
			 * @param int  $matches Notices matching (besides a reference number's own).
			 * @param int  $notices Published notices.
			 */
			$walk = (bool) apply_filters( 'tenderpress_filter_walk', $walk, $rest, $notices );
			$rows = NoticeSearch::read( "SELECT {$alias}.post_id AS id" . self::source( $where, $walk ? 'walk' : $as_set, $search, $match ) . ' ORDER BY ' . self::order( self::sort( $filters ), ! $walk ) . $limit, $params );
		}
		$ids = array_merge( 0 === $offset ? $first : array(), array_map( static fn( array $row ) => (int) $row['id'], $rows ) );
		if ( 'ids' === $query->get( 'fields' ) ) {
			return $ids;
		}
		_prime_post_caches( $ids, (bool) $query->get( 'update_post_term_cache', true ), (bool) $query->get( 'update_post_meta_cache', true ) );
		return array_values( array_filter( array_map( 'get_post', $ids ) ) );
	}

	/**
	 * How many published notices close on each date from $from to $to (site dates, both
	 * included), for the deadline calendar: one statement along the deadline's index, whatever
	 * the number of notices. Dates without any are left out.
	 *
	 * @param array<string, string> $filters The calendar's filters (noticeType, category, location).
	 * @param string                $from    First date, "2026-11-01".
	 * @param string                $to      Last date.
	 * @return array<string, int> Date => notices.
	 */
	public static function deadline_counts( array $filters, string $from, string $to ): array {
		$day    = 'SUBSTR(' . self::ALIAS . '.deadline, 1, 10)';
		$counts = array();
		foreach ( self::closing_between( "{$day} AS day, COUNT(*) AS notices", $filters, $from, $to, " GROUP BY {$day}" ) as $row ) {
			$counts[ (string) $row['day'] ] = (int) $row['notices'];
		}
		return $counts;
	}

	/**
	 * The first $limit published notices closing on one date, in the order they close: one
	 * statement along the deadline's index.
	 *
	 * @param array<string, string> $filters The calendar's filters (noticeType, category, location).
	 * @param string                $date    The date, "2026-11-05".
	 * @param int                   $limit   How many at most.
	 * @return list<int> Their ids.
	 */
	public static function closing_on( array $filters, string $date, int $limit ): array {
		$alias = self::ALIAS;
		$rows  = self::closing_between( "{$alias}.post_id AS id", $filters, $date, $date, " ORDER BY {$alias}.deadline ASC, {$alias}.post_id ASC LIMIT " . max( 1, $limit ) );
		return array_map( static fn( array $row ) => (int) $row['id'], $rows );
	}

	/**
	 * One statement on the notices whose deadline falls between two dates, narrowed by type,
	 * category and location as a listing is.
	 *
	 * @param string                $select What to read.
	 * @param array<string, string> $filters The filters (others than type, category and location are not used).
	 * @param string                $from    First date.
	 * @param string                $to      Last date.
	 * @param string                $rest    GROUP BY, ORDER BY and LIMIT.
	 * @return list<array<string, mixed>>
	 */
	private static function closing_between( string $select, array $filters, string $from, string $to, string $rest ): array {
		$alias   = self::ALIAS;
		$filters = array_intersect_key( $filters, array_flip( self::DEADLINE_FILTERS ) );
		$where   = " WHERE {$alias}.deadline >= %s AND {$alias}.deadline <= %s" . self::term_conditions( $filters, "{$alias}.post_id" );
		$params  = array( $from . ' 00:00:00', $to . ' 23:59:59' );
		foreach ( self::index_conditions( $filters ) as list( $sql, $condition_params ) ) {
			$where .= $sql;
			$params = array_merge( $params, $condition_params );
		}
		return NoticeSearch::read( "SELECT {$select} FROM " . NoticeIndex::table() . " {$alias}" . self::render( $where, 'sets' ) . $rest, $params );
	}

	/**
	 * Whether WordPress narrows this query by variables of its own that the lookup table does
	 * not answer (a search's `s`, an author, a date, chosen posts): such a query, without the
	 * plugin's filters, is left to WordPress, as it was before every listing came here.
	 */
	private static function narrowed_by_wordpress( WP_Query $query ): bool {
		foreach ( array( 's', 'author', 'author_name', 'author__in', 'm', 'year', 'monthnum', 'w', 'day', 'p', 'name', 'post__in', 'post__not_in', 'meta_key', 'meta_query' ) as $variable ) {
			if ( ! empty( $query->get( $variable ) ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The query's own category or location (an archive's term, a listing's term) as conditions
	 * on the lookup table; null when it has a taxonomy clause of another kind.
	 */
	private static function scope_conditions( WP_Query $query ): ?string {
		$alias   = self::ALIAS;
		$where   = '';
		$clauses = $query->tax_query instanceof \WP_Tax_Query ? $query->tax_query->queries : array();
		foreach ( $clauses as $key => $clause ) {
			if ( 'relation' === $key ) {
				continue;
			}
			if ( ! is_array( $clause ) || ! in_array( $clause['taxonomy'] ?? '', array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ), true ) || 'IN' !== strtoupper( (string) ( $clause['operator'] ?? 'IN' ) ) ) {
				return null;
			}
			$tt_ids = array();
			foreach ( (array) ( $clause['terms'] ?? array() ) as $value ) {
				$term = get_term_by( (string) ( $clause['field'] ?? 'term_id' ), $value, (string) $clause['taxonomy'] );
				if ( $term instanceof \WP_Term ) {
					$children = ! isset( $clause['include_children'] ) || false !== $clause['include_children'];
					$tt_ids   = array_merge( $tt_ids, $children ? NoticeTaxonomies::tt_ids_with_children( (int) $term->term_id, $term->taxonomy ) : array( (int) $term->term_taxonomy_id ) );
				}
			}
			$where .= self::in_terms( "{$alias}.post_id", $tt_ids );
		}
		return $where;
	}

	/**
	 * WordPress asks the database how many rows the last query found; for an ids query answered
	 * here there was no such query, and the count is already known.
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
	 * The visitor's category and location filters, each starting with " AND ".
	 *
	 * @param array<string, mixed> $filters The filters.
	 * @param string               $id      The SQL of the notice's id in the statement.
	 */
	private static function term_conditions( array $filters, string $id ): string {
		$where = '';
		foreach ( array(
			'category' => NoticeTaxonomies::CATEGORY,
			'location' => NoticeTaxonomies::LOCATION,
		) as $key => $taxonomy ) {
			if ( isset( $filters[ $key ] ) ) {
				$term   = get_term_by( 'slug', (string) $filters[ $key ], $taxonomy );
				$where .= self::in_terms( $id, $term instanceof \WP_Term ? NoticeTaxonomies::tt_ids_with_children( (int) $term->term_id, $taxonomy ) : array( 0 ) );
			}
		}
		return $where;
	}

	/**
	 * Notices filed under any of these term taxonomy ids.
	 *
	 * @param string    $id     The SQL of the notice's id in the statement.
	 * @param list<int> $tt_ids Term taxonomy ids.
	 */
	private static function in_terms( string $id, array $tt_ids ): string {
		return ' AND {terms:' . $id . ':' . implode( ',', array_map( 'intval', $tt_ids ? $tt_ids : array( 0 ) ) ) . '}';
	}

	/**
	 * The SQL of a WHERE for one statement, by how the statement goes in:
	 * - 'walk': along the index of the listing's order. Each term is a test (EXISTS, one lookup
	 *   in term relationships' primary key per notice read), and each TEST_ONLY condition keeps
	 *   its index out of SQLite's plan (a unary + changes nothing else there; MySQL would turn a
	 *   date into a number with it, and plans well from the statistics InnoDB keeps).
	 * - 'sets': through the notices filed under each term, read from the index of relationships
	 *   by term (on SQLite the plugin's own, NoticeIndex::create_term_index); a notice is in when
	 *   it is in each set. On SQLite testing a category's 10,000 notices one by one against a
	 *   state took twice as long (26 ms against 11.5 at 100,000 notices). On MySQL and MariaDB
	 *   the first term is the way in and the others are tests; a count or set read with two
	 *   terms or more goes in through source()'s grouped relationships instead.
	 * - 'tests': through the other sets (a search's matches), each term a test as on the walk.
	 *
	 * A search's MATCH mark is, on SQLite, a test of the notice against the full-text matches
	 * (read once as a set); on MySQL and MariaDB a test of the notice's words when walking, and
	 * otherwise nothing: source() goes in through the matches.
	 *
	 * @param string                                      $where  The WHERE with its term, MATCH and TEST_ONLY marks.
	 * @param string                                      $kind   'walk', 'sets' or 'tests'.
	 * @param string                                      $search The search, or ''.
	 * @param array{sql:string, params:list<string>}|null $match  Its matches (NoticeSearch::matches()).
	 */
	private static function render( string $where, string $kind, string $search = '', ?array $match = null ): string {
		global $wpdb;
		$sqlite = null !== NoticeSearch::on_sqlite();
		$terms  = 0;
		if ( null !== $match ) {
			$alias = self::ALIAS;
			if ( $sqlite ) {
				$narrow = ' AND ' . self::TEST_ONLY . "{$alias}.post_id IN ({$match['sql']})";
			} else {
				$narrow = 'walk' === $kind ? NoticeSearch::tests( $search, "{$alias}.post_id" ) : '';
			}
			$where = str_replace( ' AND ' . self::MATCH, $narrow, $where );
		}
		$where = (string) preg_replace_callback(
			self::TERMS,
			static function ( array $mark ) use ( $kind, $wpdb, $sqlite, &$terms ): string {
				if ( 'sets' === $kind && ( $sqlite || 0 === $terms++ ) ) {
					return "{$mark[1]} IN (SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id IN ({$mark[2]}))";
				}
				$test = "FROM {$wpdb->term_relationships} tp_r WHERE tp_r.object_id = {$mark[1]} AND tp_r.term_taxonomy_id IN ({$mark[2]})";
				// MariaDB and MySQL turn an EXISTS into a join that reads every notice of the
				// term: right for a count, but a walk then reads a category's and a state's
				// notices whole (40 ms at 100,000 notices), where a count of the notice's own
				// relationships stays a test of that notice (2 ms).
				return $sqlite || 'sets' === $kind ? "EXISTS (SELECT 1 {$test})" : "(SELECT COUNT(*) {$test}) > 0";
			},
			$where
		);
		return str_replace( self::TEST_ONLY, 'walk' === $kind && NoticeSearch::on_sqlite() ? '+' : '', $where );
	}

	/**
	 * FROM and WHERE of one statement on the lookup table. On MySQL and MariaDB a count or a set
	 * read goes in through a derived table, joined to the lookup table by its primary key:
	 * - a search's matches (NoticeSearch::matches()): its words' ranges, far fewer notices than
	 *   the lookup table holds, where MariaDB would otherwise scan the lookup table's smallest
	 *   index and probe the matches with each notice;
	 * - with two terms or more and no search, the relationships of all of them read once and
	 *   grouped by notice, keeping notices under one term of each (a category and a state: 17 ms
	 *   at 100,000 notices, where going in through the category and testing each of its 10,000
	 *   notices against the state took 39 ms).
	 * SQLite and a walk go in through the lookup table (see render()).
	 *
	 * @param string                                      $where  The WHERE with its marks.
	 * @param string                                      $kind   'walk', 'sets' or 'tests'.
	 * @param string                                      $search The search, or ''.
	 * @param array{sql:string, params:list<string>}|null $match  Its matches.
	 */
	private static function source( string $where, string $kind, string $search, ?array $match ): string {
		global $wpdb;
		$alias = self::ALIAS;
		$table = NoticeIndex::table();
		if ( ! NoticeSearch::on_sqlite() && 'walk' !== $kind ) {
			if ( null !== $match ) {
				return " FROM ({$match['sql']}) tp_match STRAIGHT_JOIN {$table} {$alias} ON {$alias}.post_id = tp_match.id" . self::render( $where, $kind, $search, $match );
			}
			if ( 'sets' === $kind && preg_match_all( self::TERMS, $where, $marks, PREG_SET_ORDER ) > 1 ) {
				$every = array();
				$each  = array();
				foreach ( $marks as $mark ) {
					$every  = array_merge( $every, explode( ',', $mark[2] ) );
					$each[] = "MAX(term_taxonomy_id IN ({$mark[2]})) > 0";
				}
				$grouped = "SELECT object_id FROM {$wpdb->term_relationships} WHERE term_taxonomy_id IN (" . implode( ',', array_unique( $every ) ) . ') GROUP BY object_id HAVING ' . implode( ' AND ', $each );
				$where   = (string) preg_replace( '/ AND ' . trim( self::TERMS, '/' ) . '/', '', $where );
				return " FROM ({$grouped}) tp_terms STRAIGHT_JOIN {$table} {$alias} ON {$alias}.post_id = tp_terms.object_id" . self::render( $where, $kind );
			}
		}
		return " FROM {$table} {$alias}" . self::render( $where, $kind, $search, $match );
	}

	/**
	 * The WHERE conditions on the lookup table, each starting with " AND ", with ? for each value.
	 *
	 * @param array<string, mixed> $filters
	 * @return list<array{0:string, 1:list<string>}>
	 */
	private static function index_conditions( array $filters ): array {
		$alias      = self::ALIAS;
		$conditions = array();
		$now        = (string) wp_date( 'Y-m-d H:i:s' );
		if ( isset( $filters['noticeType'] ) ) {
			$conditions[] = array( " AND {$alias}.notice_type = %s", array( (string) $filters['noticeType'] ) );
		}
		$status = $filters['status'] ?? '';
		// "Closing soonest" lists notices still open, in deadline order: a closed notice cannot
		// close soon, and one without a deadline has no place in that order.
		if ( NoticeStatus::OPEN === $status || self::sort( $filters ) === NoticeFilters::SORT_CLOSING ) {
			$conditions[] = array( " AND {$alias}.deadline > %s", array( $now ) );
		}
		if ( NoticeStatus::CLOSING_SOON === $status ) {
			$conditions[] = array( " AND {$alias}.deadline > %s AND {$alias}.deadline <= %s", array( $now, (string) wp_date( 'Y-m-d H:i:s', time() + NoticeStatus::closing_soon_window() ) ) );
		} elseif ( NoticeStatus::CLOSED === $status ) {
			$conditions[] = array( " AND {$alias}.deadline <= %s", array( $now ) );
		}
		if ( isset( $filters['deadlineFrom'] ) ) {
			$conditions[] = array( ' AND ' . self::TEST_ONLY . "{$alias}.deadline >= %s", array( (string) $filters['deadlineFrom'] . ' 00:00:00' ) );
		}
		if ( isset( $filters['deadlineTo'] ) ) {
			$conditions[] = array( ' AND ' . self::TEST_ONLY . "{$alias}.deadline <= %s", array( (string) $filters['deadlineTo'] . ' 23:59:59' ) );
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
			$conditions[] = array( " AND {$alias}.buyer = %s", array( (string) $filters['buyer'] ) );
		}
		return $conditions;
	}
}
