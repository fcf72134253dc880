<?php
namespace TenderPress\Listings;

/**
 * The site's search form (block `tenderpress/search`, the header's): words, a reference number
 * or a buyer, sent to WordPress's own search (`/?s=…`), where the one results page
 * (SearchResults) shows notices first and a switch to guides and pages. A plain GET form.
 */
final class SearchForm {

	/** The results page's choice of what to show: its URL argument and its values. */
	public const SCOPE_ARG    = 'scope';
	public const SCOPE_NOTICE = 'notices';
	public const SCOPE_GUIDES = 'guides';
	/** "All content", the header form's old choice: old links with it still reach the results. */
	public const SCOPE_ALL = 'all';

	/** @var int Forms rendered in this request, for unique ids. */
	private static $count = 0;

	/**
	 * @param string $class_name An extra class for the form ("tp-search--large" on the home page).
	 */
	public static function render( string $class_name = '' ): string {
		++self::$count;
		$id = 'tp-search-' . self::$count;
		// The words searched for, shown again on the results (read only: each use escapes it).
		$words = isset( $_GET['q'] ) && is_string( $_GET['q'] ) ? sanitize_text_field( wp_unslash( $_GET['q'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the notice archive's search, shown back.
		if ( '' === $words && is_search() ) {
			$words = SearchResults::words();
		}

		// Each search landmark has its own name: a page may have the header's and a large one.
		$name  = '' === $class_name ? __( 'Site search', 'tenderpress' ) : __( 'Notice search', 'tenderpress' );
		$html  = '<form class="tp-search' . ( '' !== $class_name ? ' ' . esc_attr( $class_name ) : '' ) . '" role="search" aria-label="' . esc_attr( $name ) . '" method="get" action="' . esc_url( home_url( '/' ) ) . '">';
		$html .= '<p class="tp-search__words"><label for="' . esc_attr( $id ) . '">' . esc_html__( 'Search notices', 'tenderpress' ) . '</label>';
		$html .= '<input id="' . esc_attr( $id ) . '" type="search" name="s" value="' . esc_attr( $words ) . '" maxlength="' . NoticeFilters::MAX_LENGTH . '" autocomplete="off" placeholder="' . esc_attr__( 'Words, reference number or buyer', 'tenderpress' ) . '"></p>';
		$html .= '<p><button type="submit" class="tp-search__submit">' . esc_html__( 'Search', 'tenderpress' ) . '</button></p>';
		return $html . '</form>';
	}
}
