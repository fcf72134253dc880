<?php
namespace TenderPress\Content;

use TenderPress\Support\Rest;
use WP_Error;
use WP_REST_Request;
use WP_REST_Server;

/**
 * The REST routes that exist because this plugin registered them (the notice post type's, its
 * taxonomies', its own namespace) answer malformed input with a 400 before WordPress's handlers
 * see it. WordPress's own handlers die or warn on some of it: `password[]=x` reaches
 * hash_equals(), `{"template":["x"]}` an array key, a JSON body that is a number a foreach().
 *
 * Rules, checked against what the matched route itself declares:
 * - a JSON body must be a JSON object (`[]` counts as an empty one);
 * - a parameter the route declares as a plain value (string, number, boolean), by its type or,
 *   without one, by its default, must be one, and not null unless the route allows null (a
 *   null slug reaches sanitize_title());
 * - a whole number must fit a 32-bit integer: `page=1e308` would become an SQL LIMIT WordPress
 *   writes in exponent notation.
 *
 * The refused parameter (or body) is also taken off the request, since WordPress still runs the
 * route's permission checks on it after the error, to say which methods are allowed.
 */
final class NoticeRestGuard {

	private const SCALAR_TYPES = array( 'string', 'integer', 'number', 'boolean', 'null' );

	public function register(): void {
		add_filter( 'rest_pre_dispatch', array( $this, 'refuse_malformed' ), 10, 3 );
	}

	/**
	 * @param mixed          $result  A response already decided by another filter, or null.
	 * @param WP_REST_Server $server
	 * @param mixed          $request The request; typed loosely, as another filter may have replaced it.
	 * @return mixed
	 */
	public function refuse_malformed( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request || ! self::is_ours( $request->get_route() ) ) {
			return $result;
		}
		$body = trim( (string) $request->get_body() );
		if ( '' !== $body && $request->is_json_content_type() ) {
			$json = json_decode( $body );
			// Broken JSON is WordPress's to refuse (rest_invalid_json); valid JSON must be an object
			// (or `[]`, which PHP clients send for an empty one).
			if ( JSON_ERROR_NONE === json_last_error() && ! $json instanceof \stdClass && array() !== $json ) {
				$request->set_body( '{}' );
				return new WP_Error( 'tenderpress_invalid_json', __( 'The request body must be a JSON object.', 'tenderpress' ), array( 'status' => 400 ) );
			}
		}
		$sent = array_merge( (array) $request->get_query_params(), (array) $request->get_body_params(), (array) $request->get_json_params() );
		foreach ( self::declared_arguments( $server, $request ) as $name => $schema ) {
			if ( ! array_key_exists( $name, $sent ) || ! self::is_scalar_schema( $schema ) ) {
				continue;
			}
			$problem = self::problem( $request->get_param( $name ), self::types( $schema ) );
			if ( '' !== $problem ) {
				unset( $request[ $name ] );
				return new WP_Error(
					'rest_invalid_param',
					/* translators: %s: name of a request parameter. */
					sprintf( __( 'The parameter %s is not valid.', 'tenderpress' ), $name ),
					array(
						'status' => 400,
						'params' => array( $name => $problem ),
					)
				);
			}
		}
		return $result;
	}

	/**
	 * What is wrong with a value sent for a plain-value parameter, or '' when nothing is.
	 *
	 * @param mixed        $value
	 * @param list<string> $types The types the route declares.
	 */
	private static function problem( $value, array $types ): string {
		if ( null === $value ) {
			return in_array( 'null', $types, true ) ? '' : __( 'A value is expected.', 'tenderpress' );
		}
		if ( ! is_scalar( $value ) ) {
			return __( 'A single value is expected.', 'tenderpress' );
		}
		if ( in_array( 'integer', $types, true ) && is_numeric( $value ) && abs( (float) $value ) > Rest::MAX_INTEGER ) {
			return __( 'The number is out of range.', 'tenderpress' );
		}
		return '';
	}

	/** Routes of the notice post type's and taxonomies' REST bases, and of the plugin's namespace. */
	public static function is_ours( string $route ): bool {
		$bases     = array();
		$post_type = get_post_type_object( NoticePostType::POST_TYPE );
		if ( $post_type && $post_type->show_in_rest ) {
			$bases[] = '/' . ( $post_type->rest_namespace ? $post_type->rest_namespace : 'wp/v2' ) . '/' . ( $post_type->rest_base ? $post_type->rest_base : $post_type->name );
		}
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			$object = get_taxonomy( $taxonomy );
			if ( $object && $object->show_in_rest ) {
				$bases[] = '/' . ( $object->rest_namespace ? $object->rest_namespace : 'wp/v2' ) . '/' . ( $object->rest_base ? $object->rest_base : $object->name );
			}
		}
		$bases[] = '/tenderpress';
		foreach ( $bases as $base ) {
			if ( $route === $base || str_starts_with( $route, $base . '/' ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The arguments the route and method of the request declare, found as WP_REST_Server finds
	 * the route.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function declared_arguments( WP_REST_Server $server, WP_REST_Request $request ): array {
		$path = $request->get_route();
		foreach ( $server->get_routes() as $route => $handlers ) {
			if ( ! preg_match( '@^' . $route . '$@i', $path ) ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				if ( ! empty( $handler['methods'][ $request->get_method() ] ) ) {
					return is_array( $handler['args'] ?? null ) ? $handler['args'] : array();
				}
			}
		}
		return array();
	}

	/** @param mixed $schema */
	private static function is_scalar_schema( $schema ): bool {
		$types = self::types( $schema );
		return $types && ! array_diff( $types, self::SCALAR_TYPES );
	}

	/**
	 * The types a declared argument takes: its `type`, or, without one, its default's (the index
	 * of the plugin's REST namespace, which WordPress adds, declares `namespace` by its default
	 * alone, and a nested array sent for it is a fatal error in WordPress 6.5).
	 *
	 * @param mixed $schema
	 * @return list<string>
	 */
	private static function types( $schema ): array {
		if ( ! is_array( $schema ) ) {
			return array();
		}
		if ( isset( $schema['type'] ) ) {
			return array_values( array_filter( (array) $schema['type'], 'is_string' ) );
		}
		$default = $schema['default'] ?? null;
		$types   = array(
			'string'  => 'string',
			'integer' => 'integer',
			'double'  => 'number',
			'boolean' => 'boolean',
		);
		return isset( $types[ gettype( $default ) ] ) ? array( $types[ gettype( $default ) ] ) : array();
	}
}
