<?php
namespace TenderPress\Tests;

use PHPUnit\Framework\Assert;

/**
 * The test site itself served over real HTTP, for what only a real request shows: status lines,
 * headers, cookies, redirects, and wp-login.php as browsers meet it. PHP's built-in server with
 * the dev site's router, on a free loopback port, on this test class's database (the same
 * environment as this process, so the same database copy, salts and PHP log), one process.
 *
 * It reads only committed rows: a test that uses it commits what it sets up (see
 * CommittedTestCase). A test that keeps its transaction open (TestCase) starts it with
 * start_on_copy(): on SQLite the open transaction holds the whole database's write lock, and any
 * write the site makes on a request (WordPress books its cron events on admin_init, a sign-in
 * stores its session) would wait SQLite's ten-second busy timeout and then fail.
 */
final class SiteServer {

	/**
	 * @param resource $process      The site's server.
	 * @param resource $mail_process Its SMTP server (scripts/lib/mail-server.mjs).
	 * @param resource $mail_stdin   The SMTP server's stdin, open while it runs.
	 */
	/** @var list<string> Files of the database copy this server runs on, removed by stop(). */
	private array $copy = array();

	private function __construct( private $process, private $mail_process, private $mail_stdin, public readonly string $url, public readonly string $mail_dir ) {}

	/**
	 * The site on a copy of this class's database as committed now (on SQLite; on MariaDB, where
	 * a transaction locks only the rows it wrote, on the same database): for a test that reads
	 * over HTTP what the seed holds while its own transaction stays open.
	 */
	public static function start_on_copy(): self {
		if ( ! defined( 'DB_DIR' ) || ! defined( 'DB_FILE' ) || 'sqlite' !== getenv( 'TP_DB' ) ) {
			return self::start();
		}
		$name  = 'server-' . bin2hex( random_bytes( 4 ) ) . '-' . DB_FILE;
		$files = array();
		// The file as committed: a rollback journal beside it (a transaction that spilled its
		// pages) travels with the copy, and SQLite rolls it back when the copy opens.
		foreach ( array( '', '-journal', '-wal' ) as $suffix ) {
			if ( is_file( DB_DIR . DB_FILE . $suffix ) ) {
				copy( DB_DIR . DB_FILE . $suffix, DB_DIR . $name . $suffix );
				$files[] = DB_DIR . $name . $suffix;
			}
		}
		$server       = self::start( array( 'TP_DB_FILE' => $name ) );
		$server->copy = array_merge( $files, array( DB_DIR . $name . '-shm' ) );
		return $server;
	}

	/**
	 * A real SMTP server for the site's mail, writing each message to $mail_dir.
	 *
	 * @return array{0: resource, 1: int, 2: resource} The process, its port and its stdin.
	 */
	private static function start_mail_server( string $root, string $mail_dir ): array {
		$process = proc_open(
			array( 'node', $root . '/scripts/lib/mail-server.mjs', $mail_dir ),
			array(
				// Its stdin is this process's pipe: when this process ends, however it ends, the
				// server reads the end of it and stops too.
				0 => array( 'pipe', 'r' ),
				1 => array( 'pipe', 'w' ),
				2 => array( 'file', '/dev/null', 'w' ),
			),
			$pipes
		);
		Assert::assertIsResource( $process );
		// Its first line is its port, once it listens; at most 10 s.
		$read = array( $pipes[1] );
		$none = null;
		$line = 0 < (int) stream_select( $read, $none, $none, 10 ) ? fgets( $pipes[1] ) : false;
		$port = (int) $line;
		if ( $port <= 0 ) {
			proc_terminate( $process );
			proc_close( $process );
			Assert::fail( 'The mail server did not start.' );
		}
		return array( $process, $port, $pipes[0] );
	}

	/**
	 * @param array<string, string> $environment What differs from this process's environment.
	 */
	public static function start( array $environment = array() ): self {
		$port     = FakeServer::free_port();
		$url      = 'http://127.0.0.1:' . $port;
		$root     = dirname( __DIR__, 3 );
		$site     = getenv( 'TP_SITE_DIR' ) ? getenv( 'TP_SITE_DIR' ) : $root . '/.wp/site';
		$mail_dir = sys_get_temp_dir() . '/tenderpress-site-server-mail-' . $port;
		$mail     = self::start_mail_server( $root, $mail_dir );
		$env      = array_merge(
			getenv(),
			array(
				'TP_SITE_URL'  => $url,
				'TP_SMTP_PORT' => (string) $mail[1],
			),
			$environment
		);
		$process  = proc_open(
			array( PHP_BINARY, '-d', 'variables_order=EGPCS', '-S', '127.0.0.1:' . $port, '-t', $site, $root . '/scripts/wp/router.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', '/dev/null', 'w' ),
				2 => array( 'file', '/dev/null', 'w' ),
			),
			$pipes,
			$site,
			$env
		);
		Assert::assertIsResource( $process );
		$until = microtime( true ) + 10;
		do {
			$socket = @fsockopen( '127.0.0.1', $port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- refused until the server listens.
			if ( $socket ) {
				fclose( $socket );
				return new self( $process, $mail[0], $mail[2], $url, $mail_dir );
			}
			usleep( 20000 );
		} while ( microtime( true ) < $until );
		foreach ( array( $process, $mail[0] ) as $started ) {
			proc_terminate( $started );
			proc_close( $started );
		}
		Assert::fail( "The site did not start on {$url}." );
	}

	public function stop(): void {
		fclose( $this->mail_stdin );
		foreach ( array( $this->process, $this->mail_process ) as $process ) {
			proc_terminate( $process );
			proc_close( $process );
		}
		foreach ( (array) glob( $this->mail_dir . '/*.json' ) as $file ) {
			unlink( (string) $file );
		}
		if ( is_dir( $this->mail_dir ) ) {
			rmdir( $this->mail_dir );
		}
		foreach ( $this->copy as $file ) {
			if ( is_file( $file ) ) {
				unlink( $file );
			}
		}
	}

	/**
	 * One request, redirects not followed.
	 *
	 * @param string                $path    Path and query on the site (or an absolute URL of it).
	 * @param array<string, string> $fields  POST fields (a POST when not empty or $method says so).
	 * @param array<string, string> $headers Request headers, by name.
	 * @param array<string, string> $cookies Cookies to send, by name (values as set).
	 */
	public function request( string $method, string $path, array $fields = array(), array $headers = array(), array $cookies = array() ): SiteAnswer {
		$url  = str_starts_with( $path, 'http' ) ? $path : $this->url . $path;
		$curl = curl_init( $url );
		$list = array();
		foreach ( $headers as $name => $value ) {
			$list[] = $name . ': ' . $value;
		}
		if ( array() !== $cookies ) {
			$pairs = array();
			foreach ( $cookies as $name => $value ) {
				$pairs[] = $name . '=' . rawurlencode( $value );
			}
			$list[] = 'Cookie: ' . implode( '; ', $pairs );
		}
		curl_setopt_array(
			$curl,
			array(
				CURLOPT_CUSTOMREQUEST  => $method,
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_HEADER         => true,
				CURLOPT_FOLLOWLOCATION => false,
				CURLOPT_TIMEOUT        => 60,
				CURLOPT_HTTPHEADER     => $list,
			)
		);
		if ( 'POST' === $method ) {
			curl_setopt( $curl, CURLOPT_POSTFIELDS, http_build_query( $fields ) );
		}
		$raw = curl_exec( $curl );
		Assert::assertIsString( $raw, curl_error( $curl ) );
		$status      = (int) curl_getinfo( $curl, CURLINFO_RESPONSE_CODE );
		$header_size = (int) curl_getinfo( $curl, CURLINFO_HEADER_SIZE );
		curl_close( $curl );
		return new SiteAnswer( $status, substr( $raw, 0, $header_size ), substr( $raw, $header_size ) );
	}

	/**
	 * The mail the site sent meanwhile, as its SMTP server received it (a JSON file each: to,
	 * from, subject, message, html, headers, raw; see scripts/lib/mail-server.mjs).
	 *
	 * @return list<array<string, mixed>>
	 */
	public function mails(): array {
		$mails = array();
		foreach ( (array) glob( $this->mail_dir . '/*.json' ) as $file ) {
			$mails[] = (array) json_decode( (string) file_get_contents( (string) $file ), true );
		}
		return $mails;
	}
}
