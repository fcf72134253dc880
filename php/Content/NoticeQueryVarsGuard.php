<?php
namespace TenderPress\Content;

use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeViews;

/**
 * The query variables this plugin adds to WordPress (the notice post type's, its taxonomies',
 * the listing's notice-type filter) are checked before WordPress parses the request: a value of
 * the wrong shape (`?tender[]=x`, `?tender_location[a][b]=x`) gets a 400 with a short message,
 * where WordPress would otherwise warn, or die with a fatal error deep in its query code.
 *
 * A taxonomy variable may be a list of plain values on a REST request (the REST API takes
 * `tender_category[]=3`), never a nested one; everywhere else each must be a plain value.
 *
 * A query string nested deeper than PHP accepts (`max_input_nesting_level`) is refused too: PHP
 * has already dropped part of it, and WordPress's URL helpers (the page links of every listing
 * among them) warn on it.
 */
final class NoticeQueryVarsGuard {

	public function register(): void {
		add_filter( 'do_parse_request', array( $this, 'refuse_malformed' ), 1, 3 );
	}

	/**
	 * Variable name => how deep a value may nest (0: a plain value, 1: a list of plain values).
	 *
	 * @return array<string, int>
	 */
	public static function variables(): array {
		$variables = array(
			ListingSettings::TYPE_QUERY_ARG => 0,
			NoticeViews::QUERY_VAR          => 0,
		);
		$post_type = get_post_type_object( NoticePostType::POST_TYPE );
		if ( $post_type && is_string( $post_type->query_var ) && '' !== $post_type->query_var ) {
			$variables[ $post_type->query_var ] = 0;
		}
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			$object = get_taxonomy( $taxonomy );
			if ( $object && is_string( $object->query_var ) && '' !== $object->query_var ) {
				$variables[ $object->query_var ] = 1;
			}
		}
		return $variables;
	}

	/**
	 * @param bool  $parse            Whether WordPress goes on parsing the request.
	 * @param \WP   $wp               The request parser.
	 * @param mixed $extra_query_vars Variables passed to wp(): a query string or an array, as its caller gave them.
	 * @return bool
	 */
	public function refuse_malformed( $parse, $wp, $extra_query_vars ) {
		if ( is_string( $extra_query_vars ) ) {
			parse_str( $extra_query_vars, $extra_query_vars );
		}
		if ( self::nested_too_deep() ) {
			self::refuse( '' );
		}
		// phpcs:ignore WordPress.Security.NonceVerification -- only the shape of public read parameters is checked.
		$sources = array( $_GET, $_POST, is_array( $extra_query_vars ) ? $extra_query_vars : array() );
		$rest    = self::is_rest_request();
		foreach ( self::variables() as $variable => $depth ) {
			foreach ( $sources as $source ) {
				if ( array_key_exists( $variable, $source ) && ! self::well_formed( $source[ $variable ], $rest ? $depth : 0 ) ) {
					self::refuse( $variable );
				}
			}
		}
		return $parse;
	}

	/** Whether a name in the query string has more brackets than PHP keeps. */
	private static function nested_too_deep(): bool {
		$query = (string) wp_parse_url( isset( $_SERVER['REQUEST_URI'] ) ? wp_unslash( $_SERVER['REQUEST_URI'] ) : '', PHP_URL_QUERY ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only counted.
		$limit = max( 1, (int) ini_get( 'max_input_nesting_level' ) );
		foreach ( explode( '&', $query ) as $pair ) {
			$name = urldecode( (string) strtok( $pair, '=' ) );
			if ( substr_count( $name, '[' ) >= $limit ) {
				return true;
			}
		}
		return false;
	}

	/** @param mixed $value */
	private static function well_formed( $value, int $depth ): bool {
		if ( is_scalar( $value ) ) {
			return true;
		}
		if ( ! is_array( $value ) || $depth < 1 ) {
			return false;
		}
		foreach ( $value as $item ) {
			if ( ! self::well_formed( $item, $depth - 1 ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Ends the request with a 400: JSON for the REST API, WordPress's error page otherwise.
	 *
	 * @param string $variable The refused parameter, or '' for the query string as a whole.
	 */
	private static function refuse( string $variable ): void {
		$message = '' === $variable
			? __( 'The address has parameters nested too deeply.', 'tenderpress' )
			/* translators: %s: name of a URL parameter. */
			: sprintf( __( 'The parameter %s is not valid.', 'tenderpress' ), $variable );
		if ( self::is_rest_request() ) {
			wp_send_json(
				array(
					'code'    => 'tenderpress_invalid_param',
					'message' => $message,
					'data'    => array(
						'status' => 400,
						'param'  => $variable,
					),
				),
				400
			);
		}
		wp_die( esc_html( $message ), esc_html__( 'Bad request', 'tenderpress' ), array( 'response' => 400 ) );
	}

	/** Whether this request is for the REST API (decided before WordPress has parsed it). */
	private static function is_rest_request(): bool {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- routing, not a state change.
		if ( isset( $_GET['rest_route'] ) ) {
			return true;
		}
		$path = (string) wp_parse_url( isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '', PHP_URL_PATH );
		$rest = trailingslashit( (string) wp_parse_url( get_rest_url(), PHP_URL_PATH ) );
		return str_starts_with( trailingslashit( $path ), $rest );
	}
}
