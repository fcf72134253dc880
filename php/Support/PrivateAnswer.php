<?php
namespace TenderPress\Support;

/**
 * An answer for one visitor (a form token, a sign-in, a reset or unlock link): `Cache-Control:
 * private, no-store`, so no shared cache or CDN keeps it. WordPress's own `no-cache,
 * must-revalidate, max-age=0` lets some CDNs store the answer and revalidate it later, and
 * WordPress sends it again after a handler has set its own (the admin-ajax die handler calls
 * nocache_headers()), so the value is given through the `nocache_headers` filter, which every
 * later call reads, for the rest of this request.
 */
final class PrivateAnswer {

	public const CACHE_CONTROL = 'private, no-store';

	public static function send_headers(): void {
		if ( ! has_filter( 'nocache_headers', array( self::class, 'no_store' ) ) ) {
			add_filter( 'nocache_headers', array( self::class, 'no_store' ), PHP_INT_MAX );
		}
		if ( ! headers_sent() ) {
			nocache_headers();
		}
	}

	/**
	 * @param array<string, string> $headers WordPress's no-cache headers.
	 * @return array<string, string>
	 */
	public static function no_store( $headers ): array {
		$headers                  = (array) $headers;
		$headers['Cache-Control'] = self::CACHE_CONTROL;
		return $headers;
	}
}
