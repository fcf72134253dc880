<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;

/**
 * What search engines are told about filtered views of the notice archives: each combination of
 * filters is a page of its own for visitors (shareable, bookmarkable) but not for an index, which
 * would otherwise crawl thousands of near-copies. A filtered view is `noindex, follow` and names
 * the unfiltered archive as its canonical page.
 *
 * The GET form sends every field, also those left empty; such a URL is redirected once to the
 * same view without them, so each view has one address.
 */
final class FilteredView {

	public function register(): void {
		add_action( 'template_redirect', array( $this, 'follow_search_scope' ), 9 );
		add_action( 'template_redirect', array( $this, 'drop_empty_arguments' ) );
		add_filter( 'wp_robots', array( $this, 'robots' ) );
		add_action( 'wp_head', array( $this, 'canonical' ), 1 );
	}

	/** Whether this request is a filtered view of a notice archive. */
	private static function is_filtered_archive(): bool {
		global $wp_the_query;
		return $wp_the_query instanceof \WP_Query && NoticeArchiveQuery::is_notice_archive( $wp_the_query ) && NoticeFilters::url_has_filters();
	}

	/**
	 * The header's search form sends every search to the notice archive; one for "All content"
	 * goes on to WordPress's own search.
	 */
	public function follow_search_scope(): void {
		global $wp_the_query;
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- a read: where to search.
		if ( ! $wp_the_query instanceof \WP_Query || ! $wp_the_query->is_post_type_archive( NoticePostType::POST_TYPE ) || ( $_GET[ SearchForm::SCOPE_ARG ] ?? '' ) !== SearchForm::SCOPE_ALL ) {
			return;
		}
		$words = isset( $_GET['q'] ) && is_string( $_GET['q'] ) ? sanitize_text_field( wp_unslash( $_GET['q'] ) ) : '';
		// phpcs:enable
		wp_safe_redirect( add_query_arg( 's', rawurlencode( $words ), home_url( '/' ) ), 302 );
		exit;
	}

	public function drop_empty_arguments(): void {
		if ( ! self::is_filtered_archive() ) {
			return;
		}
		$drop = array();
		// The archive's listing lists open notices first (NoticeArchiveQuery): "status=open" is its default.
		$defaults = NoticeFilters::defaults_for( array( 'openFirst' => true ) );
		foreach ( NoticeFilters::ARGS as $key => $arg ) {
			// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read; only the presence and emptiness of the arguments is looked at.
			if ( isset( $_GET[ $arg ] ) && ( '' === $_GET[ $arg ] || ( $defaults[ $key ] ?? null ) === $_GET[ $arg ] ) ) {
				$drop[] = $arg;
			}
		}
		if ( $drop ) {
			// The current request's own path and query, less those arguments: same site by construction.
			wp_safe_redirect( remove_query_arg( $drop ), 301 );
			exit;
		}
	}

	/**
	 * @param mixed $robots The robots directives WordPress will print (an array, unless a filter broke it).
	 * @return array<string, bool|string>
	 */
	public function robots( $robots ): array {
		$robots = is_array( $robots ) ? $robots : array();
		if ( self::is_filtered_archive() ) {
			unset( $robots['index'] );
			$robots['noindex'] = true;
			$robots['follow']  = true;
		}
		return $robots;
	}

	public function canonical(): void {
		if ( self::is_filtered_archive() ) {
			printf( '<link rel="canonical" href="%s">' . "\n", esc_url( self::unfiltered_url() ) );
		}
	}

	/** The archive's first page, without filters. */
	public static function unfiltered_url(): string {
		return remove_query_arg( array_values( NoticeFilters::ARGS ), get_pagenum_link( 1, false ) );
	}
}
