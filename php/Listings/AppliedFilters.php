<?php
namespace TenderPress\Listings;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Support\Money;

/**
 * The filters a listing applies, above its notices, as tags a visitor removes one at a time
 * (each a plain link to the same view without that filter, as Find a Tender shows them), with
 * "Clear all"; on a listing that lists open notices first, a line that says so and links to the
 * closed ones; and when nothing matches, what to try. Links only: it works without JavaScript,
 * and the paginator island swaps in this part of the new view after a change made in place.
 */
final class AppliedFilters {

	/**
	 * @param array<string, mixed>  $settings The listing's settings.
	 * @param array<string, string> $filters  The filters applied (checked), the view's own included.
	 * @param string                $base     The listing's first page, unfiltered.
	 * @param int                   $found    Notices the listing shows with these filters.
	 * @param array<string, string> $fixed    The view's own filters (its address holds them);
	 *                                        by default the current page's view.
	 */
	public static function render( array $settings, array $filters, string $base, int $found, ?array $fixed = null ): string {
		$fixed  = $fixed ?? NoticeViews::fixed_filters();
		$chosen = array_diff_key( $filters, $fixed, array_flip( FilterForm::UNCOUNTED ) );
		$html   = '';
		if ( self::lists_open_only( $settings, $filters ) ) {
			// Without a filter of the visitor's, the form's own counts (no query of its own); with
			// some, a count of the closed notices among them (cached like the listing's pages).
			$closed = array_diff_key( $filters, array_flip( FilterForm::UNCOUNTED ) )
				? ListingPage::found( $settings, array( 'status' => NoticeStatus::CLOSED ) + $filters )
				: ( FilterCounts::get( $settings )['statuses'][ NoticeStatus::CLOSED ] ?? 0 );
			$html  .= '<p class="tp-applied__scope">' . esc_html__( 'Showing open notices.', 'tenderpress' );
			if ( $closed > 0 ) {
				$html .= ' <a href="' . esc_url( self::link( $base, array( 'status' => NoticeFilters::STATUS_ANY ) + $filters, $fixed ) ) . '">'
					/* translators: %s: number of closed notices. */
					. esc_html( sprintf( _n( 'Include %s closed notice', 'Include %s closed notices', $closed, 'tenderpress' ), number_format_i18n( $closed ) ) ) . '</a>';
			}
			$html .= '</p>';
		}
		$tags = '';
		foreach ( self::tags( $chosen ) as $key => $text ) {
			$tags .= '<li><a class="tp-applied__tag" href="' . esc_url( self::link( $base, array_diff_key( $filters, array( $key => true ) ), $fixed ) ) . '">'
				. '<span class="screen-reader-text">' . esc_html__( 'Remove filter:', 'tenderpress' ) . ' </span>' . esc_html( $text )
				. '<span class="tp-applied__x" aria-hidden="true">×</span></a></li>';
		}
		if ( '' !== $tags ) {
			$html .= '<h2 class="screen-reader-text">' . esc_html__( 'Filters applied', 'tenderpress' ) . '</h2>';
			$html .= '<ul class="tp-applied__list" role="list">' . $tags . '<li><a class="tp-applied__clear" href="' . esc_url( self::link( $base, array(), $fixed ) ) . '">' . esc_html__( 'Clear all', 'tenderpress' ) . '</a></li></ul>';
		}
		if ( 0 === $found ) {
			$html .= self::what_to_try( $settings, $filters, $base, $chosen, $fixed );
		}
		return '<div class="tp-applied">' . $html . '</div>';
	}

	/**
	 * Whether the listing shows open notices only because it lists them first (not because the
	 * visitor or the view chose a status).
	 *
	 * @param array<string, mixed>  $settings
	 * @param array<string, string> $filters
	 */
	public static function lists_open_only( array $settings, array $filters ): bool {
		return ! empty( $settings['openFirst'] ) && ! isset( $filters['status'] );
	}

	/**
	 * What a visitor can do when nothing matches: remove each filter, clear them all, include
	 * the closed notices.
	 *
	 * @param array<string, mixed>  $settings
	 * @param array<string, string> $filters The filters applied.
	 * @param string                $base    The listing's first page, unfiltered.
	 * @param array<string, string> $chosen  Those a visitor chose (tags).
	 * @param array<string, string> $fixed   The view's own.
	 */
	private static function what_to_try( array $settings, array $filters, string $base, array $chosen, array $fixed ): string {
		$tries = '';
		foreach ( self::tags( $chosen ) as $key => $text ) {
			/* translators: %s: a filter applied, such as "Category: Works". */
			$tries .= '<li><a href="' . esc_url( self::link( $base, array_diff_key( $filters, array( $key => true ) ), $fixed ) ) . '">' . esc_html( sprintf( __( 'Remove “%s”', 'tenderpress' ), $text ) ) . '</a></li>';
		}
		if ( count( $chosen ) > 1 ) {
			$tries .= '<li><a href="' . esc_url( self::link( $base, array(), $fixed ) ) . '">' . esc_html__( 'Clear all filters', 'tenderpress' ) . '</a></li>';
		}
		if ( self::lists_open_only( $settings, $filters ) ) {
			$tries .= '<li><a href="' . esc_url( self::link( $base, array( 'status' => NoticeFilters::STATUS_ANY ) + $filters, $fixed ) ) . '">' . esc_html__( 'Include closed notices', 'tenderpress' ) . '</a></li>';
		}
		if ( '' === $tries ) {
			return '';
		}
		return '<div class="tp-applied__empty"><p>' . esc_html__( 'No notices match. Try one of these:', 'tenderpress' ) . '</p><ul>' . $tries . '</ul></div>';
	}

	/**
	 * Each filter a visitor chose, in words ("Category: Works"), by filter key, in the form's order.
	 * A value without words of its own (a term since deleted) shows as it is in the URL.
	 *
	 * @param array<string, string> $chosen
	 * @return array<string, string>
	 */
	public static function tags( array $chosen ): array {
		$tags = array();
		foreach ( array_keys( NoticeFilters::ARGS ) as $key ) {
			if ( ! isset( $chosen[ $key ] ) || '' === $chosen[ $key ] ) {
				continue;
			}
			$value = $chosen[ $key ];
			switch ( $key ) {
				case 'q':
					$name = __( 'Words', 'tenderpress' );
					break;
				case 'noticeType':
					$name  = __( 'Notice type', 'tenderpress' );
					$value = Notice::label_for_type( $value );
					break;
				case 'status':
					$name  = __( 'Status', 'tenderpress' );
					$value = NoticeFilters::STATUS_ANY === $value ? __( 'Any, closed included', 'tenderpress' ) : NoticeStatus::label( $value );
					break;
				case 'category':
				case 'location':
					$name  = 'category' === $key ? __( 'Category', 'tenderpress' ) : __( 'Location', 'tenderpress' );
					$term  = get_term_by( 'slug', $value, 'category' === $key ? NoticeTaxonomies::CATEGORY : NoticeTaxonomies::LOCATION );
					$value = $term instanceof \WP_Term ? $term->name : $value;
					break;
				case 'deadlineFrom':
				case 'deadlineTo':
					$name  = 'deadlineFrom' === $key ? __( 'Deadline from', 'tenderpress' ) : __( 'Deadline to', 'tenderpress' );
					$value = DateInput::display( $value );
					break;
				case 'valueMin':
				case 'valueMax':
					$name  = 'valueMin' === $key ? __( 'Value at least', 'tenderpress' ) : __( 'Value at most', 'tenderpress' );
					$value = Money::format( (float) $value );
					break;
				default:
					$name = __( 'Buyer', 'tenderpress' );
			}
			/* translators: 1: a filter's name, such as Category, 2: its value, such as Works. */
			$tags[ $key ] = sprintf( __( '%1$s: %2$s', 'tenderpress' ), $name, $value );
		}
		return $tags;
	}

	/**
	 * The first page, unfiltered, of the listing a page answered in place belongs to: the page
	 * that asked (its referrer, which WordPress keeps to this site), less its page number and
	 * filters; without one, the post the listing sits in, else the notice archive.
	 *
	 * @param int $post_id The post the listing sits in (the request's postid), or 0.
	 */
	public static function base_from_referer( int $post_id = 0 ): string {
		$referer = wp_get_referer();
		if ( is_string( $referer ) && '' !== $referer ) {
			$url = $referer;
		} else {
			// Read only when there is no referrer (a browser's request has one): a query less.
			$post = $post_id > 0 ? get_post( $post_id ) : null;
			$url  = $post instanceof \WP_Post && self::viewable( $post ) ? (string) get_permalink( $post ) : (string) get_post_type_archive_link( NoticePostType::POST_TYPE );
		}
		// A fragment is no part of the listing's address (a referrer never has one; a
		// `_wp_http_referer` field may).
		$url = (string) strtok( $url, '#' );
		$url = remove_query_arg( array_merge( array_values( NoticeFilters::ARGS ), array( 'paged', 'page' ) ), $url );
		return (string) preg_replace( '#/page/[0-9]+/?(?=$|\?|\#)#', '/', $url );
	}

	/**
	 * Whether anyone may see a post and its address: its own status and type, and its parents'
	 * (a page's address carries them), so the answer names no post a visitor could not open.
	 */
	private static function viewable( \WP_Post $post ): bool {
		if ( ! is_post_publicly_viewable( $post ) || '' !== $post->post_password ) {
			return false;
		}
		foreach ( get_post_ancestors( $post ) as $ancestor ) {
			if ( ! is_post_publicly_viewable( $ancestor ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The listing's first page with these filters, the view's own left to its address.
	 *
	 * @param string                $base    The listing's first page, unfiltered.
	 * @param array<string, string> $filters Filters by key.
	 * @param array<string, string> $fixed   The view's own filters.
	 */
	public static function link( string $base, array $filters, array $fixed ): string {
		$args = array();
		foreach ( NoticeFilters::ARGS as $key => $arg ) {
			if ( isset( $filters[ $key ] ) && '' !== $filters[ $key ] && ! isset( $fixed[ $key ] ) && ( NoticeFilters::DEFAULTS[ $key ] ?? null ) !== $filters[ $key ] ) {
				$args[ $arg ] = rawurlencode( $filters[ $key ] );
			}
		}
		return add_query_arg( $args, $base );
	}
}
