<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;

/**
 * The header's search form (block `tenderpress/search`): words, a reference number or a buyer,
 * searched among notices by default, on the notice archive (`/tenders/?q=…`), so a search gets
 * the archive's filters, sorting and paging. "All content" is WordPress's own search; the form
 * is a plain GET form either way, so the choice reaches the archive, which sends the visitor on
 * (FilteredView::follow_search_scope()).
 */
final class SearchForm {

	/** The form's choice of where to search: its URL argument and its values. */
	public const SCOPE_ARG    = 'scope';
	public const SCOPE_ALL    = 'all';
	public const SCOPE_NOTICE = 'notices';

	/** @var int Forms rendered in this request, for unique ids. */
	private static $count = 0;

	public static function render(): string {
		++self::$count;
		$id      = 'tp-search-' . self::$count;
		$archive = get_post_type_archive_link( NoticePostType::POST_TYPE );
		// The words searched for, shown again on the results (read only: each use escapes it).
		$words = isset( $_GET['q'] ) && is_string( $_GET['q'] ) ? sanitize_text_field( wp_unslash( $_GET['q'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a search form's own field, shown back.
		if ( '' === $words && is_search() ) {
			$words = get_search_query( false );
		}
		$all = is_search() && ! is_post_type_archive( NoticePostType::POST_TYPE );

		$html  = '<form class="tp-search" role="search" method="get" action="' . esc_url( (string) $archive ) . '">';
		$html .= '<p class="tp-search__words"><label for="' . esc_attr( $id ) . '">' . esc_html__( 'Search notices', 'tenderpress' ) . '</label>';
		$html .= '<input id="' . esc_attr( $id ) . '" type="search" name="q" value="' . esc_attr( $words ) . '" maxlength="' . NoticeFilters::MAX_LENGTH . '" autocomplete="off" placeholder="' . esc_attr__( 'Words, reference number or buyer', 'tenderpress' ) . '"></p>';
		$html .= '<p class="tp-search__scope"><label for="' . esc_attr( $id . '-scope' ) . '">' . esc_html__( 'Search in', 'tenderpress' ) . '</label>';
		$html .= '<select id="' . esc_attr( $id . '-scope' ) . '" name="' . esc_attr( self::SCOPE_ARG ) . '">';
		$html .= '<option value="' . esc_attr( self::SCOPE_NOTICE ) . '"' . selected( $all, false, false ) . '>' . esc_html__( 'Notices', 'tenderpress' ) . '</option>';
		$html .= '<option value="' . esc_attr( self::SCOPE_ALL ) . '"' . selected( $all, true, false ) . '>' . esc_html__( 'All content', 'tenderpress' ) . '</option>';
		$html .= '</select></p>';
		$html .= '<p><button type="submit" class="tp-search__submit">' . esc_html__( 'Search', 'tenderpress' ) . '</button></p>';
		return $html . '</form>';
	}
}
