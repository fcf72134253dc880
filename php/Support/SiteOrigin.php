<?php
namespace TenderPress\Support;

/**
 * The site's own origin (scheme, host and port of the home URL, without a path): what same-site
 * checks compare addresses with and what a path from the root is made absolute on. Taken from
 * the home URL, never from the request's Host header.
 */
final class SiteOrigin {

	public static function get(): string {
		return (string) preg_replace( '#^(https?://[^/]+).*$#i', '$1', home_url( '/' ) );
	}
}
