<?php
namespace TenderPress\Content;

use WP_Post;
use WP_REST_Request;
use WP_REST_Response;

/**
 * REST additions for notices: the read-only `tp_status` field (the derived status, its label and
 * the deadline in UTC, so API clients need not reimplement the rule), and null for an amount
 * meaning "not given", so a notice read and written back keeps its missing amounts missing.
 *
 * A password-protected notice's body fields (all but NoticeFields::PUBLIC_FIELDS) read blank in
 * `meta` unless the request may read its content: WordPress's own rule for `content`, the right
 * `?password=`, the edit context for those who may edit it, or the visitor's password cookie.
 */
final class NoticeRestFields {

	/** @var list<string> Amount fields a request set to null, cleared after the notice is saved. */
	private $cleared_amounts = array();

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_fields' ) );
		add_filter( 'rest_pre_dispatch', array( $this, 'take_null_amounts' ), 10, 3 );
		add_action( 'rest_after_insert_' . NoticePostType::POST_TYPE, array( $this, 'clear_null_amounts' ) );
		add_filter( 'rest_prepare_' . NoticePostType::POST_TYPE, array( $this, 'hide_protected_meta' ), 10, 3 );
	}

	/**
	 * Blanks a protected notice's body fields in `meta` when the request may not read its content.
	 * WordPress shows `content` on the same condition (WP_REST_Posts_Controller): the controller
	 * grants it for the right password or the edit context, post_password_required() for the
	 * visitor's password cookie. A blank field reads as a notice without it would.
	 *
	 * @param mixed $response The response being prepared.
	 * @param mixed $post     The notice; typed loosely, as any code can apply the filter.
	 * @param mixed $request  The request.
	 * @return mixed
	 */
	public function hide_protected_meta( $response, $post, $request ) {
		if ( ! $response instanceof WP_REST_Response || ! $post instanceof WP_Post || '' === $post->post_password ) {
			return $response;
		}
		$controller = get_post_type_object( $post->post_type )?->get_rest_controller();
		$may_read   = $controller instanceof \WP_REST_Posts_Controller && $request instanceof WP_REST_Request && $controller->can_access_password_content( $post, $request );
		$data       = $response->get_data();
		if ( $may_read || ! post_password_required( $post ) || ! is_array( $data ) || ! isset( $data['meta'] ) || ! is_array( $data['meta'] ) ) {
			return $response;
		}
		foreach ( NoticeFields::definitions() as $key => $definition ) {
			if ( array_key_exists( $key, $data['meta'] ) && ! NoticeFields::is_public( $key ) ) {
				$data['meta'][ $key ] = 'money' === $definition['kind'] ? null : ( $definition['default'] ?? '' );
			}
		}
		$response->set_data( $data );
		return $response;
	}

	/**
	 * The meta schema types amounts as numbers, which rejects null before any callback runs; so
	 * null amounts leave the request here, and clear_null_amounts() deletes them once the save
	 * (with its permission checks) has succeeded.
	 *
	 * @param mixed           $result  A response already decided by another filter, or null.
	 * @param \WP_REST_Server $server  The server handling the request.
	 * @param WP_REST_Request $request The request.
	 * @return mixed
	 */
	public function take_null_amounts( $result, $server, WP_REST_Request $request ) {
		$this->cleared_amounts = array();
		if ( ! in_array( $request->get_method(), array( 'POST', 'PUT', 'PATCH' ), true ) || ! preg_match( '#^/wp/v2/tenders(?:/\d+)?$#', $request->get_route() ) ) {
			return $result;
		}
		$meta = $request->get_param( 'meta' );
		if ( ! is_array( $meta ) ) {
			return $result;
		}
		foreach ( NoticeFields::money_keys() as $key ) {
			if ( array_key_exists( $key, $meta ) && null === $meta[ $key ] ) {
				unset( $meta[ $key ] );
				$this->cleared_amounts[] = $key;
			}
		}
		if ( $this->cleared_amounts ) {
			$request->set_param( 'meta', $meta );
		}
		return $result;
	}

	public function clear_null_amounts( WP_Post $post ): void {
		foreach ( $this->cleared_amounts as $key ) {
			delete_post_meta( $post->ID, $key );
		}
		$this->cleared_amounts = array();
	}

	public function register_fields(): void {
		register_rest_field(
			NoticePostType::POST_TYPE,
			'tp_status',
			array(
				'get_callback' => static function ( array $item ): array {
					$post     = get_post( $item['id'] );
					$notice   = $post instanceof WP_Post ? Notice::from_post( $post ) : null;
					$status   = $notice?->status();
					$deadline = $notice?->deadline_timestamp;
					return array(
						'status'       => $status,
						'label'        => NoticeStatus::label( $status ),
						'deadline_gmt' => null === $deadline ? null : gmdate( 'Y-m-d\TH:i:s\Z', $deadline ),
					);
				},
				'schema'       => array(
					'description' => __( 'Status derived from the submission deadline.', 'tenderpress' ),
					'type'        => 'object',
					'context'     => array( 'view', 'edit', 'embed' ),
					'readonly'    => true,
					'properties'  => array(
						'status'       => array(
							'type' => array( 'string', 'null' ),
							'enum' => array( NoticeStatus::OPEN, NoticeStatus::CLOSING_SOON, NoticeStatus::CLOSED, null ),
						),
						'label'        => array( 'type' => 'string' ),
						'deadline_gmt' => array(
							'type'   => array( 'string', 'null' ),
							'format' => 'date-time',
						),
					),
				),
			)
		);
	}
}
