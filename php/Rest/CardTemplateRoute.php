<?php
namespace TenderPress\Rest;

use TenderPress\Listings\CardTemplate;
use TenderPress\Support\Rest;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET` and `POST /tenderpress/v1/card-template`: the notice card's template (CardTemplate) for
 * the listing block's editor. Editors read it for their previews; only users who may edit the
 * theme's options change it.
 */
final class CardTemplateRoute {

	public function register(): void {
		register_rest_route(
			Rest::NAMESPACE,
			CardTemplate::ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'read' ),
					// Editors read it for their listings' previews; theme editors may change it.
					'permission_callback' => static fn() => current_user_can( 'edit_posts' ) || current_user_can( CardTemplate::CAPABILITY ),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'save' ),
					'permission_callback' => array( $this, 'can_save' ),
					'args'                => array(
						'parts' => array(
							'description'       => __( 'The parts a card shows, in order.', 'tenderpress' ),
							'type'              => 'array',
							'required'          => true,
							'items'             => array(
								'type' => 'string',
								'enum' => CardTemplate::PARTS,
							),
							'validate_callback' => static fn( $parts ) => CardTemplate::check( $parts ),
						),
					),
				),
			)
		);
	}

	/** @return true|WP_Error */
	public function can_save() {
		return current_user_can( CardTemplate::CAPABILITY )
			? true
			: new WP_Error( 'rest_forbidden', __( 'Only users who can edit the theme\'s options may change the card template.', 'tenderpress' ), array( 'status' => rest_authorization_required_code() ) );
	}

	public function read(): WP_REST_Response {
		return new WP_REST_Response( array( 'parts' => CardTemplate::parts() ) );
	}

	/**
	 * Stores the template; every listing page kept in the cache is then stale (CardTemplate::register()).
	 */
	public function save( WP_REST_Request $request ): WP_REST_Response {
		$parts = array_values( (array) $request['parts'] );
		// The default is kept as an empty template rather than no option (add_option()).
		update_option( CardTemplate::OPTION, CardTemplate::PARTS === $parts ? array() : $parts, true );
		return new WP_REST_Response( array( 'parts' => CardTemplate::parts() ) );
	}
}
