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
		return self::host_allowed( $host, $url );
	}

	/**
	 * Whether the site itself allows a host that is not public, through WordPress's
	 * `http_request_host_is_external` filter (a test's local server, an intranet service).
	 * WordPress's own answer to that filter allows the site's own host and its redirect hosts,
	 * which may be loopback or private: left out here, where only what a site adds counts.
	 */
	public static function host_allowed( string $host, string $url ): bool {
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
	 * Whether an IP address is in the global range. An IPv6 address that carries an IPv4 one
	 * (IPv4-mapped ::ffff:0:0/96 as `::ffff:127.0.0.1` or `::ffff:7f00:1`, the old IPv4-compatible
	 * ::/96, NAT64's 64:ff9b::/96, 6to4's 2002::/16) is judged by that IPv4 address, the same way
	 * on every PHP version: PHP 8.1 takes `::ffff:127.0.0.1` for a public address, and PHP 8.2's
	 * FILTER_FLAG_GLOBAL_RANGE lets NAT64 and 6to4 forms of private addresses through. Otherwise
	 * PHP 8.2's FILTER_FLAG_GLOBAL_RANGE; on 8.1 the private and reserved flags, with the ranges
	 * they leave out that are not global: shared (100.64.0.0/10), IETF protocol assignments
	 * (192.0.0.0/24), benchmarking (198.18.0.0/15).
	 */
	public static function is_global( string $ip ): bool {
		$embedded = self::embedded_ipv4( $ip );
		if ( null !== $embedded ) {
			return self::is_global( $embedded );
		}
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

	/**
	 * The IPv4 address an IPv6 address carries (see is_global()), or null for one that carries
	 * none (and for an IPv4 address or no address at all). `::` and `::1` carry none: they are
	 * IPv6's unspecified and loopback addresses.
	 */
	private static function embedded_ipv4( string $ip ): ?string {
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ) {
			return null;
		}
		$packed = (string) inet_pton( $ip );
		$zero10 = str_repeat( "\0", 10 );
		if ( str_starts_with( $packed, $zero10 . "\xff\xff" ) || "\x00\x64\xff\x9b" . str_repeat( "\0", 8 ) === substr( $packed, 0, 12 ) ) {
			return (string) inet_ntop( substr( $packed, 12 ) );
		}
		if ( str_starts_with( $packed, $zero10 . "\0\0" ) && "\0\0\0\0" !== substr( $packed, 12 ) && "\0\0\0\1" !== substr( $packed, 12 ) ) {
			return (string) inet_ntop( substr( $packed, 12 ) );
		}
		if ( str_starts_with( $packed, "\x20\x02" ) ) {
			return (string) inet_ntop( substr( $packed, 2, 4 ) );
		}
		return null;
	}

	/**
	 * Looks host names up all at once, within a hard time limit: each in a process of its own
	 * (`getent ahosts`, the system resolver with the hosts file, as gethostbynamel() asks it),
	 * and any still looking when the time is up is ended. The system resolver in PHP itself
	 * (gethostbynamel(), dns_get_record()) cannot be stopped: a DNS server that does not answer
	 * holds it for its own timeout, 5 seconds times 2 attempts for each name server by default,
	 * and up to minutes as resolv.conf allows. Where PHP may not start processes (proc_open()
	 * disabled) or has no getent, the names are looked up in PHP one after the other, bounded only
	 * by the resolver's own timeout (addresses()).
	 *
	 * An IP address is its own answer. A name that does not resolve, or not in time, has none.
	 *
	 * @param list<string> $hosts   Host names or IP addresses.
	 * @param float        $seconds The time the lookups may take in all.
	 * @return array<string, list<string>> By host: its addresses (none when it has no answer).
	 */
	public static function resolve( array $hosts, float $seconds ): array {
		$found = array();
		$names = array();
		foreach ( array_unique( $hosts ) as $host ) {
			$host           = trim( $host, '[]' );
			$found[ $host ] = array();
			if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) ) {
				$found[ $host ] = array( $host );
			} elseif ( strlen( $host ) <= 253 && preg_match( '/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/D', $host ) ) {
				$names[] = $host;
			}
		}
		if ( array() === $names ) {
			return $found;
		}
		if ( ! self::can_run_getent() ) {
			foreach ( $names as $name ) {
				$found[ $name ] = self::addresses( $name );
			}
			return $found;
		}
		$until     = microtime( true ) + $seconds;
		$lookups   = array();
		$discarded = array( 'file', '/dev/null', 'w' );
		foreach ( $names as $name ) {
			$streams = array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'pipe', 'w' ),
				2 => $discarded,
			);
			// An array, not a command line: no shell, and the name was checked to be one above.
			$process = proc_open( array( 'getent', 'ahosts', $name ), $streams, $pipes ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- the one way to bound a lookup (see above); can_run_getent() checks it is allowed.
			if ( is_resource( $process ) ) {
				stream_set_blocking( $pipes[1], false );
				$lookups[ $name ] = array( $process, $pipes[1], '' );
			}
		}
		while ( array() !== array_filter( $lookups, static fn( array $lookup ): bool => ! feof( $lookup[1] ) ) && microtime( true ) < $until ) {
			$read  = array_values( array_map( static fn( array $lookup ) => $lookup[1], array_filter( $lookups, static fn( array $lookup ): bool => ! feof( $lookup[1] ) ) ) );
			$write = null;
			$error = null;
			$left  = max( 0, $until - microtime( true ) );
			if ( false === stream_select( $read, $write, $error, (int) $left, (int) ( fmod( $left, 1 ) * 1000000 ) ) ) {
				break;
			}
			foreach ( $lookups as $name => $lookup ) {
				if ( in_array( $lookup[1], $read, true ) ) {
					$lookups[ $name ][2] .= (string) fread( $lookup[1], 65536 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread -- a pipe, not a file.
				}
			}
		}
		foreach ( $lookups as $name => list( $process, $pipe, $output ) ) {
			$done = feof( $pipe );
			fclose( $pipe ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- a pipe, not a file.
			if ( ! $done ) {
				// Out of time: ended, and its answer, if it comes, is not waited for.
				proc_terminate( $process, 9 );
			}
			proc_close( $process );
			if ( $done ) {
				$found[ $name ] = self::getent_addresses( $output );
			}
		}
		return $found;
	}

	/** Whether this PHP may run getent: proc_open() is there and getent is installed. */
	private static function can_run_getent(): bool {
		static $can = null;
		if ( null === $can ) {
			$disabled = array_map( 'trim', explode( ',', (string) ini_get( 'disable_functions' ) ) );
			$can      = function_exists( 'proc_open' ) && ! in_array( 'proc_open', $disabled, true )
				&& array() !== array_filter( array( '/usr/bin/getent', '/bin/getent', '/usr/sbin/getent' ), 'is_executable' );
		}
		return $can;
	}

	/**
	 * The addresses in what `getent ahosts` printed (one address and a socket type a line, each
	 * address three times), IPv4 first, as gethostbynamel() would find them.
	 *
	 * @return list<string>
	 */
	private static function getent_addresses( string $output ): array {
		$addresses = array();
		$lines     = preg_split( '/\R/', $output );
		foreach ( is_array( $lines ) ? $lines : array() as $line ) {
			$address = strtok( trim( $line ), " \t" );
			if ( is_string( $address ) && false !== filter_var( $address, FILTER_VALIDATE_IP ) ) {
				$addresses[ $address ] = true;
			}
		}
		$addresses = array_keys( $addresses );
		usort( $addresses, static fn( string $a, string $b ): int => (int) str_contains( $a, ':' ) <=> (int) str_contains( $b, ':' ) );
		return $addresses;
	}
}
