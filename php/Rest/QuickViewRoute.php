<?php
namespace TenderPress\Rest;

use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\QuickView;
use TenderPress\Support\Rest;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET /tenderpress/v1/notices/<id>/quick-view`: a notice's quick view (QuickView) for its
 * island's dialog. Open to everyone, for published notices anyone may read.
 */
final class QuickViewRoute {

	public function register(): void {
		register_rest_route(
			Rest::NAMESPACE,
			QuickView::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'answer' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'id' => Rest::id_argument(),
				),
			)
		);
	}

	/**
	 * A published notice's quick view; 404 for anything else (a draft, a private or
	 * password-protected notice, another kind of post), which says no more than that.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function answer( WP_REST_Request $request ) {
		if ( ! QuickView::enabled() ) {
			return new WP_Error( 'tenderpress_no_quick_view', __( 'This site offers no quick view.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof WP_Post || ! QuickView::offers( $post ) ) {
			return new WP_Error( 'tenderpress_no_notice', __( 'There is no such notice.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		$before = count( IslandAssets::instance()->instances() );
		$html   = QuickView::content( $post );
		return new WP_REST_Response(
			array(
				'id'        => $post->ID,
				'title'     => html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
				'url'       => (string) get_permalink( $post ),
				'html'      => $html,
				// The island containers in the html (the reminder's stepper): the runtime of the
				// page mounts only those the server lists, and this answer is not that page.
				'instances' => (object) array_slice( IslandAssets::instance()->instances(), $before, null, true ),
			)
		);
	}
}
