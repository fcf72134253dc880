<?php
namespace TenderPress\Ajax;

use TenderPress\Islands\Paginator;
use TenderPress\Listings\AppliedFilters;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Listings\NoticeViews;
use TenderPress\Listings\PageLinks;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\RequestLocale;

/**
 * The admin-ajax action `pagination_request` (the spec's wire name), for visitors and signed-in users alike:
 * POST form fields sid, unid, iselementor, isblock, postid, page, lang, ajax_nonce, custom_data.
 * Answers the HTML of that page's items, exactly as the listing renders them on first load,
 * followed by that page's links (Paginator::links(), the only renderer of them: the island shows
 * what comes), or ListingPage::NO_POSTS_MARKER for a page just past the end. The links' addresses
 * are built from the page that asked (its referrer, else the post the listing sits in). Anything malformed gets a 400 with
 * a short translated message and changes nothing.
 *
 * Why no nonce is required: this is a public read of published notices. Pages are served from
 * full-page caches for hours or days, so the nonce they carry is often expired; the original
 * plugin disabled its check for that reason and left a dead check behind. A nonce protects
 * against forged state changes, and this action changes no state, so it verifies a nonce when one
 * is sent and valid (marking the request as coming from our own page), and never refuses a read
 * because a cached page carried an old one. What protects the server instead: the client names a
 * listing by its sid, whose settings the server signed and the client cannot change, and cannot
 * send query arguments; every field is validated; rendered pages are cached.
 */
final class PaginationRequest {

	public const ACTION       = 'pagination_request';
	public const NONCE_ACTION = 'tenderpress_pagination';

	/** How far past the last page a request may be and still get the no-post marker. */
	private const PAST_END_SLACK = 10;

	private const MAX_FIELD_LENGTH = 2000;

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function handle(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- see the class comment.
		$input = array();
		foreach ( array( 'sid', 'unid', 'iselementor', 'isblock', 'postid', 'page', 'lang', 'ajax_nonce', 'custom_data' ) as $field ) {
			$value = isset( $_POST[ $field ] ) ? wp_unslash( $_POST[ $field ] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- validated below, field by field.
			if ( ! is_string( $value ) || strlen( $value ) > self::MAX_FIELD_LENGTH ) {
				AjaxResponse::error( __( 'The request is malformed.', 'tenderpress' ) );
				return;
			}
			$input[ $field ] = $value;
		}
		// phpcs:enable
		if ( ! headers_sent() ) {
			// Said, not enforced: tells a site owner whether visitors' pages come from a stale cache.
			header( 'X-TenderPress-Page-Token: ' . self::token_state( $input['ajax_nonce'] ) );
		}
		$result = $this->answer( $input );
		if ( is_wp_error( $result ) ) {
			AjaxResponse::error( $result->get_error_message(), (int) ( $result->get_error_data()['status'] ?? 400 ) );
			return;
		}
		AjaxResponse::html( $result );
	}

	/**
	 * The answer to one request: the page's items HTML, or a WP_Error that says what is wrong.
	 *
	 * @param array<string, string> $input Raw (unslashed) form fields.
	 * @return string|\WP_Error
	 */
	public function answer( array $input ) {
		$bad = static fn( string $message ) => new \WP_Error( 'tenderpress_bad_request', $message, array( 'status' => 400 ) );

		$settings = ListingSettings::from_sid( $input['sid'] ?? '' );
		if ( null === $settings ) {
			return $bad( __( 'This listing is unknown. Reload the page.', 'tenderpress' ) );
		}
		$page = $input['page'] ?? '';
		if ( ! preg_match( '/^[1-9][0-9]{0,5}$/D', $page ) ) {
			return $bad( __( 'The page number must be a whole number from 1.', 'tenderpress' ) );
		}
		$checks = array(
			'unid'        => '/^([A-Za-z][A-Za-z0-9_-]{0,63})?$/D',
			'iselementor' => '/^[01]?$/D',
			'isblock'     => '/^[01]?$/D',
			'postid'      => '/^[0-9]{0,19}$/D',
			'lang'        => RequestLocale::PATTERN,
			'ajax_nonce'  => '/^[a-f0-9]{0,20}$/D',
		);
		foreach ( $checks as $field => $pattern ) {
			if ( ! preg_match( $pattern, $input[ $field ] ?? '' ) ) {
				/* translators: %s: name of a request field. */
				return $bad( sprintf( __( 'The field %s is not valid.', 'tenderpress' ), $field ) );
			}
		}
		$filters = NoticeFilters::from_custom_data( $input['custom_data'] ?? '', $settings );
		if ( is_wp_error( $filters ) ) {
			return $filters;
		}
		// The page itself, at once: a page past the end costs one query (its offset is bounded by
		// the number of notices) plus a count, and leaves no cache entry behind. In the language
		// asked for when there is a translation for it; otherwise in the site's.
		$result = RequestLocale::run( $input['lang'] ?? '', static fn() => ListingPage::get( $settings, (int) $page, $filters ) );
		if ( ListingPage::NO_POSTS_MARKER === $result['html'] && (int) $page > $result['total'] + self::PAST_END_SLACK ) {
			return $bad( __( 'This page does not exist.', 'tenderpress' ) );
		}
		// The listing's first page, unfiltered, and the view whose address it is (its own
		// filters are in that address, not in the links' arguments).
		$post_id = (int) $input['postid'];
		$base    = AppliedFilters::base_from_referer( $post_id );
		$fixed   = NoticeViews::fixed_filters_at( $base );
		$first   = AppliedFilters::link( $base, $filters, $fixed );
		// The page links of this page, as the first render draws them (the island shows these);
		// none with the no-post marker, which has no page to link from.
		$links = ListingPage::NO_POSTS_MARKER === $result['html'] ? '' : RequestLocale::run(
			$input['lang'] ?? '',
			static fn() => Paginator::links( (int) $page, $result['total'], static fn( int $number ): string => PageLinks::paged_url( $first, $number ), $settings, $input['sid'], $input['unid'], '1' === $input['isblock'], $post_id )
		);
		if ( ! empty( $settings['openFirst'] ) ) {
			// A listing with filters says which apply, above its notices, as its first render did.
			$head = RequestLocale::run( $input['lang'] ?? '', static fn() => AppliedFilters::render( $settings, $filters, $base, $result['found'], $fixed ) );
			return $head . $result['html'] . $links;
		}
		return $result['html'] . $links;
	}

	/** "fresh" for a valid nonce, "stale" for an expired or foreign one, "none" when absent. */
	public static function token_state( string $nonce ): string {
		if ( '' === $nonce ) {
			return 'none';
		}
		return wp_verify_nonce( $nonce, self::NONCE_ACTION ) ? 'fresh' : 'stale';
	}
}
