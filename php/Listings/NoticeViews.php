<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeStatus;

/**
 * Views of the notice archive with an address of their own, such as `/tenders/closing-soon/`:
 * a set of filters fixed by the address, not chosen in the form, so the view can be linked from
 * a menu and indexed like the archive itself (a filtered view is not, see FilteredView). Its
 * pages are `/tenders/closing-soon/page/2/`, with or without JavaScript.
 */
final class NoticeViews {

	/** The query variable that names the view (from the rewrite rules below). */
	public const QUERY_VAR = 'tenderpress_view';

	public const CLOSING_SOON = 'closing-soon';

	public function register(): void {
		add_action( 'init', array( $this, 'add_rewrite_rules' ) );
		add_filter( 'query_vars', array( $this, 'add_query_var' ) );
		add_filter( 'post_type_archive_title', array( $this, 'title' ), 10, 2 );
	}

	/**
	 * Each view's fixed filters, by its slug (the last part of its address).
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function all(): array {
		return array(
			self::CLOSING_SOON => array(
				'status' => NoticeStatus::CLOSING_SOON,
				'sort'   => NoticeFilters::SORT_CLOSING,
			),
		);
	}

	/** The notice archive's slug (`tenders`). */
	private static function archive_slug(): string {
		$type = get_post_type_object( NoticePostType::POST_TYPE );
		return $type && is_string( $type->has_archive ) ? $type->has_archive : NoticePostType::POST_TYPE;
	}

	public function add_rewrite_rules(): void {
		$base = preg_quote( self::archive_slug(), '#' );
		foreach ( array_keys( self::all() ) as $view ) {
			$query = 'index.php?post_type=' . NoticePostType::POST_TYPE . '&' . self::QUERY_VAR . '=' . $view;
			add_rewrite_rule( "^{$base}/{$view}/?$", $query, 'top' );
			add_rewrite_rule( "^{$base}/{$view}/page/([0-9]{1,})/?$", $query . '&paged=$matches[1]', 'top' );
		}
	}

	/**
	 * @param mixed $variables The public query variables.
	 * @return array<mixed>
	 */
	public function add_query_var( $variables ): array {
		$variables   = is_array( $variables ) ? $variables : array();
		$variables[] = self::QUERY_VAR;
		return $variables;
	}

	/** The view of this page of the notice archive, or ''. */
	public static function current(): string {
		global $wp_the_query;
		$view = $wp_the_query instanceof \WP_Query ? $wp_the_query->get( self::QUERY_VAR ) : '';
		return is_string( $view ) && isset( self::all()[ $view ] ) && $wp_the_query->is_post_type_archive( NoticePostType::POST_TYPE ) ? $view : '';
	}

	/**
	 * The filters the current view fixes (none outside a view).
	 *
	 * @return array<string, string>
	 */
	public static function fixed_filters(): array {
		$view = self::current();
		return '' === $view ? array() : self::all()[ $view ];
	}

	/**
	 * The filters of the view at an address (a listing's first page, unfiltered), for a request
	 * that is not that page, such as a page answered in place; none for any other address.
	 *
	 * @return array<string, string>
	 */
	public static function fixed_filters_at( string $url ): array {
		$path = untrailingslashit( (string) strtok( $url, '?#' ) );
		foreach ( self::all() as $view => $filters ) {
			if ( untrailingslashit( self::link( $view ) ) === $path ) {
				return $filters;
			}
		}
		return array();
	}

	/** A view's address. */
	public static function link( string $view ): string {
		return home_url( user_trailingslashit( self::archive_slug() . '/' . $view ) );
	}

	/**
	 * @param mixed $title     The archive's title.
	 * @param mixed $post_type The post type.
	 * @return mixed
	 */
	public function title( $title, $post_type = '' ) {
		return NoticePostType::POST_TYPE === $post_type && self::CLOSING_SOON === self::current() ? __( 'Notices closing soon', 'tenderpress' ) : $title;
	}
}
