<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticePostType;
use WP_Query;

/**
 * WordPress's own search (`?s=`) and notices. Themes' search forms, search engines' site-search
 * boxes, old links and the header's own form (SearchForm) all use `?s=`, whose one results page
 * (SearchResults) shows notices first; the notice archive's search (`/tenders/?q=`) is the one
 * with the listing's filters and sorting.
 *
 * - A search scoped to notices (`?s=…&post_type=tender`) is sent on to the one results page
 *   (SearchResults), or with the listing's filters to the archive's search, which has them.
 * - A site-wide search also finds the notice whose reference number is the search, which
 *   WordPress's search cannot (the reference is a field, not the text).
 */
final class SiteSearch {

	public function register(): void {
		add_action( 'template_redirect', array( $this, 'send_notice_search_to_archive' ), 9 );
		add_filter( 'posts_search', array( $this, 'match_reference' ), 10, 2 );
	}

	/** Whether a query searches notices alone (`post_type=tender`). */
	private static function searches_notices_only( WP_Query $query ): bool {
		$types = (array) $query->get( 'post_type' );
		return array( NoticePostType::POST_TYPE ) === array_values( $types );
	}

	/**
	 * `?s=words&post_type=tender` is a search of notices: alone, it goes on to the one results page
	 * (`/?s=words`, whose default scope is notices); with the listing's filters (`&status=open`),
	 * to `/tenders/?q=words` with those filters and the page number it came with, as only the
	 * archive filters. A feed of the search stays WordPress's.
	 */
	public function send_notice_search_to_archive(): void {
		global $wp_the_query;
		if ( ! $wp_the_query instanceof WP_Query || ! $wp_the_query->is_search() || $wp_the_query->is_feed() || ! self::searches_notices_only( $wp_the_query ) ) {
			return;
		}
		$archive = get_post_type_archive_link( NoticePostType::POST_TYPE );
		if ( ! $archive ) {
			return;
		}
		$args  = array();
		$words = $wp_the_query->get( 's' );
		$words = is_string( $words ) ? trim( sanitize_text_field( $words ) ) : '';
		if ( '' !== $words ) {
			$args[ NoticeFilters::ARGS['q'] ] = $words;
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- a read: the listing's filters of the search, carried over as they came (the archive checks them).
		foreach ( NoticeFilters::ARGS as $key => $arg ) {
			if ( 'q' !== $key && isset( $_GET[ $arg ] ) && is_string( $_GET[ $arg ] ) && '' !== $_GET[ $arg ] ) {
				$args[ $arg ] = sanitize_text_field( wp_unslash( $_GET[ $arg ] ) );
			}
		}
		// phpcs:enable
		if ( ! array_diff_key( $args, array( NoticeFilters::ARGS['q'] => true ) ) ) {
			wp_safe_redirect( SearchResults::url( $words, SearchForm::SCOPE_NOTICE ), 301 );
			exit;
		}
		$page = (int) $wp_the_query->get( 'paged' );
		if ( $page > 1 ) {
			$args['paged'] = (string) $page;
		}
		wp_safe_redirect( add_query_arg( array_map( 'rawurlencode', $args ), $archive ), 301 );
		exit;
	}

	/**
	 * A search of the site (notices among what it searches) also matches the notice whose reference
	 * number is the search, as the notice search does. WordPress's own rules stay: a visitor who is
	 * not signed in finds no password-protected post.
	 *
	 * @param mixed $search The search's SQL (" AND (…)"), or ''.
	 * @param mixed $query  The query.
	 * @return mixed
	 */
	public function match_reference( $search, $query ) {
		if ( ! is_string( $search ) || ! str_starts_with( $search, ' AND ' ) || ! $query instanceof WP_Query || ! $query->is_search() || is_admin() ) {
			return $search;
		}
		$types = $query->get( 'post_type' );
		if ( ! in_array( $types, array( '', 'any' ), true ) && ! in_array( NoticePostType::POST_TYPE, (array) $types, true ) ) {
			return $search;
		}
		$reference = $query->get( 's' );
		$reference = is_string( $reference ) ? trim( $reference ) : '';
		if ( '' === $reference || mb_strlen( $reference ) > 100 ) {
			return $search;
		}
		global $wpdb;
		$notices = NoticeIndex::ready()
			? $wpdb->prepare( 'SELECT post_id FROM ' . NoticeIndex::table() . ' WHERE reference = %s', $reference ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the table name is ours.
			: $wpdb->prepare( "SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = 'tp_reference' AND meta_value = %s", $reference );
		$public  = is_user_logged_in() ? '' : " AND {$wpdb->posts}.post_password = ''";
		return ' AND ((' . substr( $search, 5 ) . ") OR ({$wpdb->posts}.ID IN ({$notices}){$public}))";
	}
}
