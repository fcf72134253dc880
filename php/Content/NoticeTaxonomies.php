<?php
namespace TenderPress\Content;

/**
 * Category (what is bought) and location (state, then city) of a notice: both hierarchical so
 * editors pick from a list and visitors can browse each term's notices.
 */
final class NoticeTaxonomies {

	public const CATEGORY = 'tender_category';
	public const LOCATION = 'tender_location';

	public function register(): void {
		add_action( 'init', array( $this, 'register_taxonomies' ) );
	}

	public function register_taxonomies(): void {
		register_taxonomy(
			self::CATEGORY,
			NoticePostType::POST_TYPE,
			array(
				'labels'            => array(
					'name'          => __( 'Notice categories', 'tenderpress' ),
					'singular_name' => __( 'Notice category', 'tenderpress' ),
					'menu_name'     => __( 'Categories', 'tenderpress' ),
					'all_items'     => __( 'All categories', 'tenderpress' ),
					'edit_item'     => __( 'Edit category', 'tenderpress' ),
					'add_new_item'  => __( 'Add new category', 'tenderpress' ),
				),
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'show_admin_column' => true,
				'rewrite'           => array(
					'slug'       => 'tender-category',
					'with_front' => false,
				),
			)
		);
		register_taxonomy(
			self::LOCATION,
			NoticePostType::POST_TYPE,
			array(
				'labels'            => array(
					'name'          => __( 'Locations', 'tenderpress' ),
					'singular_name' => __( 'Location', 'tenderpress' ),
					'all_items'     => __( 'All locations', 'tenderpress' ),
					'edit_item'     => __( 'Edit location', 'tenderpress' ),
					'add_new_item'  => __( 'Add new location', 'tenderpress' ),
					'parent_item'   => __( 'State', 'tenderpress' ),
				),
				'hierarchical'      => true,
				'show_in_rest'      => true,
				'show_admin_column' => true,
				'rewrite'           => array(
					'slug'         => 'tender-location',
					'with_front'   => false,
					'hierarchical' => true,
				),
			)
		);
	}

	/**
	 * Every category or every location, by name. Both taxonomies come from one query, which the
	 * filter form and its counts, the main views and the push prompt all ask for: WordPress keeps
	 * its answer for the rest of the request (until a term changes), so a page that shows them
	 * all reads the terms once.
	 *
	 * @param string $taxonomy self::CATEGORY or self::LOCATION.
	 * @return list<\WP_Term>
	 */
	public static function terms_of( string $taxonomy ): array {
		$terms = get_terms(
			array(
				'taxonomy'   => array( self::CATEGORY, self::LOCATION ),
				'hide_empty' => false,
				'orderby'    => 'name',
			)
		);
		if ( ! is_array( $terms ) ) {
			return array();
		}
		return array_values( array_filter( $terms, static fn( \WP_Term $term ): bool => $taxonomy === $term->taxonomy ) );
	}

	/**
	 * Every category or every location, each paired with its top-level ancestor (itself for a
	 * top-level term): a state for each of its cities.
	 *
	 * @param string $taxonomy self::CATEGORY or self::LOCATION.
	 * @return list<array{0: \WP_Term, 1: \WP_Term}> [term, its top-level ancestor], by name.
	 */
	public static function with_tops( string $taxonomy ): array {
		$terms = self::terms_of( $taxonomy );
		$by_id = array_column( array_map( static fn( \WP_Term $term ): array => array( $term->term_id, $term ), $terms ), 1, 0 );
		$pairs = array();
		foreach ( $terms as $term ) {
			$top = $term;
			for ( $depth = 0; $top->parent && isset( $by_id[ $top->parent ] ) && $depth < 20; $depth++ ) {
				$top = $by_id[ $top->parent ];
			}
			$pairs[] = array( $term, $top );
		}
		return $pairs;
	}

	/**
	 * A term's taxonomy id with its descendants' (a state takes in its cities): what a filter or
	 * an archive of that term covers.
	 *
	 * @return non-empty-list<int>
	 */
	public static function tt_ids_with_children( int $term_id, string $taxonomy ): array {
		global $wpdb;
		$term = get_term( $term_id, $taxonomy );
		if ( ! $term instanceof \WP_Term ) {
			return array( 0 );
		}
		// get_term_children() reads the stored hierarchy, without a query.
		$children = get_term_children( $term_id, $taxonomy );
		if ( ! is_array( $children ) || ! $children ) {
			return array( (int) $term->term_taxonomy_id );
		}
		// The descendants' ids in one query (a get_term() each was a query per city), kept for
		// the request in the terms group, which any term change invalidates.
		$key = 'tp_tt_ids:' . $taxonomy . ':' . $term_id . ':' . wp_cache_get_last_changed( 'terms' );
		$ids = wp_cache_get( $key, 'terms' );
		if ( ! is_array( $ids ) ) {
			$ids = array_map(
				'intval',
				$wpdb->get_col( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- cached just above and below.
					$wpdb->prepare(
						"SELECT term_taxonomy_id FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s AND term_id IN (" . implode( ',', array_map( 'intval', $children ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- whole numbers.
						$taxonomy
					)
				)
			);
			wp_cache_set( $key, $ids, 'terms' );
		}
		return array_merge( array( (int) $term->term_taxonomy_id ), array_values( array_map( 'intval', $ids ) ) );
	}

	/**
	 * Where a notice is, as people write a place: the most precise location first, then what
	 * holds it ("Mysuru, Karnataka"), one entry per place it names. A location that holds another
	 * of the notice's locations is said with that one, not again on its own.
	 *
	 * @return list<string> Plain text, not escaped.
	 */
	public static function place_names( \WP_Post $post ): array {
		$terms = get_the_terms( $post, self::LOCATION );
		if ( ! is_array( $terms ) || ! $terms ) {
			return array();
		}
		$names   = array();
		$holding = array();
		foreach ( $terms as $term ) {
			$ancestors               = get_ancestors( $term->term_id, self::LOCATION, 'taxonomy' );
			$names[ $term->term_id ] = array( $term->name );
			foreach ( $ancestors as $ancestor ) {
				$holding[ $ancestor ]      = true;
				$parent                    = get_term( $ancestor, self::LOCATION );
				$names[ $term->term_id ][] = $parent instanceof \WP_Term ? $parent->name : '';
			}
		}
		$places = array();
		foreach ( $names as $term_id => $parts ) {
			if ( ! isset( $holding[ $term_id ] ) ) {
				$places[] = implode( ', ', array_filter( $parts, static fn( string $part ): bool => '' !== $part ) );
			}
		}
		return $places;
	}
}
