<?php
namespace TenderPress\Rest;

use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushTestNotification;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Support\Rest;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `POST /tenderpress/v1/push/test`: sends the settings screen's test notification
 * (PushTestNotification) to the browser whose subscription the request carries, at once, and
 * answers what the push service said. Only users who can manage options may call it.
 */
final class PushTestRoute {

	public function register(): void {
		register_rest_route(
			Rest::NAMESPACE,
			PushTestNotification::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'send' ),
				'permission_callback' => static fn (): bool => current_user_can( 'manage_options' ),
			)
		);
	}

	/**
	 * @return WP_REST_Response|WP_Error
	 */
	public function send( WP_REST_Request $request ) {
		$body = PushSubscriptionRoutes::json_object( $request );
		if ( $body instanceof WP_Error ) {
			return $body;
		}
		$subscription = PushSubscriptionRoutes::subscription( $body );
		if ( $subscription instanceof WP_Error ) {
			return $subscription;
		}
		$delivery        = new PushDelivery( (string) wp_json_encode( PushTestNotification::message() ), PushTestNotification::TAG, time() );
		list( $outcome ) = $delivery->send( array( array( 'id' => 0 ) + $subscription ) )[0];
		$stored          = SubscriptionStore::ready() ? SubscriptionStore::find( $subscription['endpoint'] ) : null;
		$stored_and_same = null !== $stored && hash_equals( $stored['auth'], $subscription['auth'] );
		if ( PushDelivery::DELIVERED === $outcome ) {
			if ( $stored_and_same ) {
				SubscriptionStore::delivered( array( $stored['id'] ), time() );
			}
			return new WP_REST_Response( array( 'message' => __( 'Sent. The notification shows on this device in a moment, unless the system holds notifications back (Do Not Disturb, focus modes).', 'tenderpress' ) ), 200 );
		}
		if ( PushDelivery::GONE === $outcome ) {
			if ( $stored_and_same ) {
				SubscriptionStore::delete( $stored['id'] );
			}
			// The button's script subscribes the browser anew and tries once more.
			return new WP_Error( 'tenderpress_push_test_gone', __( 'The push service says this browser\'s subscription has ended.', 'tenderpress' ), array( 'status' => 410 ) );
		}
		if ( PushDelivery::RETRY === $outcome ) {
			$message = __( 'The push service is busy or did not answer. Try again in a few minutes.', 'tenderpress' );
		} else {
			$message = __( 'The push service refused the notification.', 'tenderpress' );
		}
		return new WP_Error( 'tenderpress_push_test_' . $outcome, $message, array( 'status' => 502 ) );
	}
}
