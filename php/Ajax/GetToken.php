<?php
namespace TenderPress\Ajax;

use TenderPress\Support\AjaxResponse;
use TenderPress\Support\PrivateAnswer;

/**
 * `tenderpress_get_token` (POST, public): a fresh nonce for the account forms (login, lost
 * password, reset password), asked once per page load by the account island when the page's data
 * configures a token (spec §4, §7 call 5). A page served from a cache days old carries a stale
 * nonce in its markup; this answer is never cached, so its forms keep working. The nonce grants
 * nothing by itself: each form still checks its fields, and WordPress its password.
 */
final class GetToken {

	public const ACTION = 'tenderpress_get_token';

	/** The nonce action of the account forms. */
	public const NONCE = 'tenderpress_account';

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function handle(): void {
		if ( ! AjaxResponse::require_post( __( 'Ask for a token with POST.', 'tenderpress' ) ) ) {
			return;
		}
		PrivateAnswer::send_headers();
		if ( ! headers_sent() ) {
			header( 'X-Robots-Tag: noindex' );
		}
		wp_send_json_success( array( 'nonce' => wp_create_nonce( self::NONCE ) ) );
	}
}
