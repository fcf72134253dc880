<?php
namespace TenderPress\Support;

/**
 * The one rule for addresses the server requests on a visitor's or a network's behalf (share
 * count sources, push services): public https hosts only (ARCHITECTURE §6).
 */
final class PublicUrl {

	/**
	 * Whether an address is https and its host in the global range: not link-local, reserved or shared
	 * (100.64.0.0/10, carrier-grade NAT, where some clouds answer metadata requests), which
	 * wp_http_validate_url() lets through, nor loopback or private, unless a filter the site adds
	 * to `http_request_host_is_external` allows it. A host name is checked by every address it
	 * resolves to (addresses()): one private answer among public ones refuses it. One that does
	 * not resolve is left to the request, which fails (or, with $unresolved_is_public false, is
	 * refused: for addresses stored to be asked later). The lookup is the system resolver's,
	 * which a request's timeout does not bound (nor does it in WordPress's check).
	 *
	 * The request looks the host up again, and may get another answer (DNS rebinding): a sender
	 * that can, connects to the address checked here (address()).
	 */
	public static function is_public( string $url, bool $unresolved_is_public = true ): bool {
		$host = self::host( $url );
		if ( '' === $host ) {
			return false;
		}
		$https = 'https' === strtolower( (string) wp_parse_url( $url, PHP_URL_SCHEME ) );
		// Only public https hosts are asked (ARCHITECTURE §6); plain http only where WordPress is
		// told the host is external, as a test's local server is.
		$addresses = self::addresses( $host );
		$global    = array() !== $addresses && array() === array_filter( $addresses, static fn( string $ip ): bool => ! self::is_global( $ip ) );
		if ( $https && ( array() !== $addresses ? $global : $unresolved_is_public ) ) {
			return true;
		}
		// WordPress's own answer to that filter allows the site's own host and its redirect hosts,
		// which may be loopback or private: left out here, where only what a site adds counts.
		$default = remove_filter( 'http_request_host_is_external', 'allowed_http_request_hosts' );
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, so one filter allows a host everywhere.
		$allowed = (bool) apply_filters( 'http_request_host_is_external', false, $host, $url );
		if ( $default ) {
			add_filter( 'http_request_host_is_external', 'allowed_http_request_hosts', 10, 2 );
		}
		return $allowed;
	}

	/**
	 * The address to connect to for an https address with a public host: the first of the
	 * addresses its host resolves to, all of them global; null otherwise (not https, private,
	 * or not resolved). A request pinned to it reaches the host that was checked.
	 */
	public static function address( string $url ): ?string {
		if ( 'https' !== strtolower( (string) wp_parse_url( $url, PHP_URL_SCHEME ) ) ) {
			return null;
		}
		$addresses = self::addresses( self::host( $url ) );
		foreach ( $addresses as $ip ) {
			if ( ! self::is_global( $ip ) ) {
				return null;
			}
		}
		return $addresses[0] ?? null;
	}

	/**
	 * The addresses a host resolves to: an IP literal itself; a name's IPv4 addresses as
	 * WordPress finds them (the hosts file, then DNS), or, for a name with none, its IPv6
	 * addresses in DNS. Empty when it does not resolve.
	 *
	 * @return list<string>
	 */
	public static function addresses( string $host ): array {
		// No name is longer than 253 characters (and gethostbynamel() warns past 255).
		if ( '' === $host || strlen( $host ) > 253 ) {
			return array();
		}
		if ( filter_var( $host, FILTER_VALIDATE_IP ) ) {
			return array( $host );
		}
		$ipv4 = gethostbynamel( $host );
		if ( is_array( $ipv4 ) && array() !== $ipv4 ) {
			return $ipv4;
		}
		// A name that does not resolve makes dns_get_record() warn; it is an answer here.
		$records = @dns_get_record( $host, DNS_AAAA ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		return is_array( $records ) ? array_values( array_filter( array_map( static fn( $record ): string => is_string( $record['ipv6'] ?? null ) ? $record['ipv6'] : '', $records ) ) ) : array();
	}

	/** An address's host, without an IPv6 literal's brackets (with them it would pass as a name that does not resolve). */
	private static function host( string $url ): string {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		return is_string( $host ) ? trim( $host, '.[]' ) : '';
	}

	/**
	 * Whether an IP address is in the global range. PHP 8.2 has FILTER_FLAG_GLOBAL_RANGE; on 8.1
	 * the private and reserved flags, with the ranges they leave out that are not global: shared
	 * (100.64.0.0/10), IETF protocol assignments (192.0.0.0/24), benchmarking (198.18.0.0/15).
	 */
	public static function is_global( string $ip ): bool {
		if ( defined( 'FILTER_FLAG_GLOBAL_RANGE' ) ) {
			return false !== filter_var( $ip, FILTER_VALIDATE_IP, constant( 'FILTER_FLAG_GLOBAL_RANGE' ) );
		}
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE ) ) {
			return false;
		}
		$long = ip2long( $ip );
		if ( false === $long ) {
			return true;
		}
		foreach ( array( array( '100.64.0.0', 10 ), array( '192.0.0.0', 24 ), array( '198.18.0.0', 15 ) ) as list( $network, $bits ) ) {
			$mask = -1 << ( 32 - $bits );
			if ( ( $long & $mask ) === ( (int) ip2long( $network ) & $mask ) ) {
				return false;
			}
		}
		return true;
	}
}
