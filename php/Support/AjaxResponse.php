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
}
