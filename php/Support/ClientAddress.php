<?php
namespace TenderPress\Support;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Settings\Settings;

/**
 * The one place that decides who the visitor is, by address: the rate limits (RateLimit::client())
 * and the sign-in limits ask here, and nothing else reads REMOTE_ADDR or a forwarding header.
 *
 * REMOTE_ADDR is the address that opened the connection, and the only one a client cannot invent.
 * Behind a reverse proxy or CDN it is the proxy's, shared by every visitor, so the proxy's header
 * (X-Forwarded-For, or the one the site owner names in the Sign-in settings) is read, but only
 * when REMOTE_ADDR is one of the trusted proxies the owner listed. Anyone else who sends the
 * header is ignored and counted by REMOTE_ADDR: otherwise each invented address would be a fresh
 * allowance of guesses.
 *
 * The header is a chain: each proxy appends the address it was reached from, so the rightmost
 * entries are the ones trusted proxies wrote, and everything to the left of the first untrusted
 * hop was written by whoever sent the request. The chain is walked from the right, skipping
 * trusted hops; the first untrusted hop is the client. An entry that is not an address ends the
 * walk at the last hop read, so a visitor cannot escape the count with rubbish.
 */
final class ClientAddress {

	/** The header read when the owner names none: the one nearly every proxy writes. */
	public const DEFAULT_HEADER = 'X-Forwarded-For';

	/**
	 * The current request's client address (a valid IPv4 or IPv6 address), or null when the
	 * request has none (WP-CLI, a cron run).
	 */
	public static function get(): ?string {
		$remote = self::server_value( 'REMOTE_ADDR' );
		$header = Settings::get( LoginGuard::SECTION, 'proxyHeader' );
		$header = is_string( $header ) && '' !== $header ? $header : self::DEFAULT_HEADER;
		$listed = Settings::get( LoginGuard::SECTION, 'trustedProxies' );
		$ranges = self::parse_ranges( is_string( $listed ) ? $listed : '' );
		$chain  = self::server_value( 'HTTP_' . strtoupper( str_replace( '-', '_', $header ) ) );
		$client = self::resolve( $remote, $chain, is_array( $ranges ) ? $ranges : array() );
		/**
		 * The visitor's address as the limits count it, for hosts whose proxies say it in a way
		 * the trusted-proxies setting cannot read. Return an address only for a request that
		 * came through such a proxy, never from a header any client can set.
		 *
		 * @param string $address The address found ('' when there is none).
		 */
		$filtered = apply_filters( 'tenderpress_client_address', (string) $client );
		$address  = is_string( $filtered ) ? self::valid( trim( $filtered ) ) : null;
		return $address ?? $client;
	}

	/**
	 * Who the client is, from REMOTE_ADDR, a forwarding header's chain and the trusted ranges:
	 * REMOTE_ADDR unless it is trusted; then the chain walked from the right, skipping trusted
	 * hops, to the first untrusted one.
	 *
	 * @param string|null                    $remote REMOTE_ADDR as sent.
	 * @param string|null                    $chain  The forwarding header as sent (entries separated by commas).
	 * @param list<array{0: string, 1: int}> $ranges Trusted ranges, as parse_ranges() returns them.
	 */
	public static function resolve( ?string $remote, ?string $chain, array $ranges ): ?string {
		$client = null === $remote ? null : self::valid( $remote );
		if ( null === $client || null === $chain || ! self::in_ranges( $client, $ranges ) ) {
			return $client;
		}
		$hops = array_reverse( array_map( 'trim', explode( ',', $chain ) ) );
		foreach ( $hops as $hop ) {
			$address = self::valid( $hop );
			if ( null === $address ) {
				break;
			}
			$client = $address;
			if ( ! self::in_ranges( $address, $ranges ) ) {
				break;
			}
		}
		return $client;
	}

	/**
	 * The address in its plain form when it is an IP address (an IPv4 address written as IPv6,
	 * ::ffff:192.0.2.1, is that IPv4 address), or null.
	 */
	public static function valid( string $address ): ?string {
		$packed = filter_var( $address, FILTER_VALIDATE_IP ) ? inet_pton( $address ) : false;
		if ( false === $packed ) {
			return null;
		}
		if ( 16 === strlen( $packed ) && str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			$packed = substr( $packed, 12 );
		}
		$plain = inet_ntop( $packed );
		return is_string( $plain ) ? $plain : null;
	}

	/**
	 * Whether the address lies in any of the ranges.
	 *
	 * @param string                         $address A valid IP address.
	 * @param list<array{0: string, 1: int}> $ranges  Packed network address and prefix length.
	 */
	public static function in_ranges( string $address, array $ranges ): bool {
		$packed = inet_pton( $address );
		if ( false === $packed ) {
			return false;
		}
		foreach ( $ranges as list( $network, $bits ) ) {
			if ( strlen( $network ) === strlen( $packed ) && self::prefix( $packed, $bits ) === $network ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The ranges of a list typed by the site owner: addresses or CIDR ranges (192.0.2.0/24,
	 * 2001:db8::/32), IPv4 or IPv6, separated by commas, spaces or new lines. An address alone
	 * is a range of one. A WP_Error names the first entry that is not a range.
	 *
	 * @return list<array{0: string, 1: int}>|\WP_Error Packed network address and prefix length.
	 */
	public static function parse_ranges( string $text ) {
		$ranges  = array();
		$entries = preg_split( '/[\s,]+/', trim( $text ), -1, PREG_SPLIT_NO_EMPTY );
		foreach ( is_array( $entries ) ? $entries : array() as $entry ) {
			$parts   = explode( '/', $entry, 2 );
			$address = self::valid( $parts[0] );
			$packed  = null === $address ? false : inet_pton( $address );
			$size    = false === $packed ? 0 : 8 * strlen( $packed );
			$bits    = isset( $parts[1] ) ? ( preg_match( '/^\d{1,3}$/D', $parts[1] ) ? (int) $parts[1] : -1 ) : $size;
			if ( false === $packed || $bits < 0 || $bits > $size || ( 32 === $size && str_contains( $parts[0], ':' ) && isset( $parts[1] ) ) ) {
				return new \WP_Error(
					'tenderpress_invalid_range',
					/* translators: %s: what the site owner typed. */
					sprintf( __( '"%s" is not an address or a range such as 192.0.2.0/24 or 2001:db8::/32.', 'tenderpress' ), $entry )
				);
			}
			$ranges[] = array( self::prefix( $packed, $bits ), $bits );
		}
		return $ranges;
	}

	/** The first $bits bits of a packed address, the rest zero. */
	private static function prefix( string $packed, int $bits ): string {
		$bytes = intdiv( $bits, 8 );
		$kept  = substr( $packed, 0, $bytes );
		if ( $bytes < strlen( $packed ) ) {
			$mask  = 0 === $bits % 8 ? 0 : ( 0xff << ( 8 - $bits % 8 ) ) & 0xff;
			$kept .= chr( ord( $packed[ $bytes ] ) & $mask ) . str_repeat( "\0", strlen( $packed ) - $bytes - 1 );
		}
		return $kept;
	}

	/** A string from $_SERVER, unslashed, or null. */
	private static function server_value( string $key ): ?string {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only ever reduced to validated IP addresses.
		$value = isset( $_SERVER[ $key ] ) && is_string( $_SERVER[ $key ] ) ? wp_unslash( $_SERVER[ $key ] ) : null;
		return is_string( $value ) ? $value : null;
	}
}
