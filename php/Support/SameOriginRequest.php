<?php
namespace TenderPress\Support;

/**
 * Whether a request was sent by a page of this site, from the headers browsers add and pages
 * cannot forge: `Origin` and `Sec-Fetch-Site`. For the anonymous account forms (sign-in, lost
 * password, reset), whose nonce is the same for every visitor and can be read from any cached
 * page: without this, a third-party page could post them from its visitors' browsers (guessing
 * passwords from thousands of addresses, or sending reset e-mails in their name).
 *
 * - `Sec-Fetch-Site: cross-site` is refused always.
 * - `Sec-Fetch-Site: same-site` (another subdomain of the same registrable domain) is refused too,
 *   unless `Origin` names one of this site's own origins: a sibling subdomain may be run by
 *   someone else (user pages, a shop, a forum), so being on the same domain proves nothing. The
 *   exception covers a site whose home and WordPress addresses are on two hosts of one domain,
 *   where the island's own request is same-site.
 * - An `Origin` that is present and not this site's origin (home or WordPress address) is
 *   refused, `null` included (sandboxed frames, privacy-sensitive redirects).
 * - A request with neither header is let through: older browsers send neither on a same-origin
 *   form post, and a script outside a browser can send whatever it likes anyway; the nonce and
 *   the sign-in limits still apply to it.
 */
final class SameOriginRequest {

	/**
	 * Whether the request may go ahead; if not, answers 403 with a short message and returns false.
	 */
	public static function check(): bool {
		if ( self::is_allowed() ) {
			return true;
		}
		AjaxResponse::error( __( 'This form can only be sent from this site.', 'tenderpress' ), 403 );
		return false;
	}

	/** Whether the request's Origin and Sec-Fetch-Site allow it (no answer is sent). */
	public static function is_allowed(): bool {
		return self::allows( self::header( 'HTTP_ORIGIN' ), self::header( 'HTTP_SEC_FETCH_SITE' ) );
	}

	/**
	 * Whether a request with these `Origin` and `Sec-Fetch-Site` headers (null when absent) may go
	 * ahead: for callers that hold the headers themselves (a REST request).
	 *
	 * @param string|null $origin     The `Origin` header.
	 * @param string|null $fetch_site The `Sec-Fetch-Site` header.
	 */
	public static function allows( ?string $origin, ?string $fetch_site ): bool {
		$fetch = strtolower( trim( (string) $fetch_site ) );
		$own   = null !== $origin && in_array( self::normalise( $origin ), self::own_origins(), true );
		if ( null !== $origin && ! $own ) {
			return false;
		}
		if ( 'cross-site' === $fetch ) {
			return false;
		}
		return 'same-site' !== $fetch || $own;
	}

	/**
	 * This site's origins, normalised: the home address's (where pages are) and the WordPress
	 * address's (where admin-ajax.php is), which differ on some sites.
	 *
	 * @return list<string>
	 */
	private static function own_origins(): array {
		return array_values( array_unique( array( self::normalise( SiteOrigin::get() ), self::normalise( site_url( '/' ) ) ) ) );
	}

	/**
	 * An origin as `scheme://host:port`, lower case, with the scheme's default port written out,
	 * so that `https://Example.org` and `https://example.org:443` compare equal; '' for anything
	 * that is not an http(s) origin (`null`, garbage).
	 */
	private static function normalise( string $origin ): string {
		$parts = wp_parse_url( trim( $origin ) );
		if ( ! is_array( $parts ) || ! isset( $parts['scheme'], $parts['host'] ) ) {
			return '';
		}
		$scheme = strtolower( $parts['scheme'] );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) ) {
			return '';
		}
		$port = $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 );
		return $scheme . '://' . strtolower( $parts['host'] ) . ':' . $port;
	}

	/** A request header as sent, or null when absent. */
	private static function header( string $key ): ?string {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared with fixed values, never stored or shown.
		return isset( $_SERVER[ $key ] ) && is_string( $_SERVER[ $key ] ) ? wp_unslash( $_SERVER[ $key ] ) : null;
	}
}
