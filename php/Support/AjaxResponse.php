<?php
namespace TenderPress\Support;

/**
 * How TenderPress's admin-ajax handlers answer: HTML fragments for success, and for failure a
 * 4xx with a short translated message as JSON ({ success: false, data: { message } }), which
 * islands/shared/ajax.ts reads. Both end the request through wp_die(), as WordPress expects.
 */
final class AjaxResponse {

	public static function html( string $html ): void {
		if ( ! headers_sent() ) {
			header( 'Content-Type: text/html; charset=' . get_option( 'blog_charset' ) );
			header( 'X-Robots-Tag: noindex' );
		}
		echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where built.
		wp_die( '', '', array( 'response' => 200 ) );
	}

	public static function error( string $message, int $status = 400 ): void {
		wp_send_json_error( array( 'message' => $message ), $status );
	}

	/**
	 * Whether the request is a POST; if not, answers 405 with `Allow: POST` and the message, and
	 * returns false. For the actions that change something, which a GET must never do.
	 *
	 * @param string $message What a request by another method is told (translated).
	 */
	public static function require_post( string $message ): bool {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) && is_string( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : '';
		if ( 'POST' === $method ) {
			return true;
		}
		if ( ! headers_sent() ) {
			header( 'Allow: POST' );
		}
		self::error( $message, 405 );
		return false;
	}

	/**
	 * What islands/shared/ajax.ts shows when a request fails without a message of ours (no
	 * connection, no answer in time, a proxy's error page). An island that calls the server gets
	 * these in its props, translated here like every string an island shows.
	 *
	 * @return array{network:string, timeout:string, aborted:string, serverError:string}
	 */
	public static function client_messages(): array {
		return array(
			'network'     => __( 'Could not reach the server. Check your connection.', 'tenderpress' ),
			'timeout'     => __( 'The server took too long to answer.', 'tenderpress' ),
			'aborted'     => __( 'The request was cancelled.', 'tenderpress' ),
			'serverError' => __( 'The server could not answer this request.', 'tenderpress' ),
		);
	}
}
