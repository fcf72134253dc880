<?php
namespace TenderPress\Tests;

use PHPUnit\Framework\Assert;

/**
 * A fake of a remote service for a test: a router script in tests/php/support run by PHP's
 * built-in server on a loopback address, one process (no workers, so stopping it stops all of
 * it), started and waited for.
 */
final class FakeServer {

	/** @param resource $process */
	private function __construct( private $process, public readonly string $address, public readonly int $port ) {}

	/** A port free now: the system picks one for a socket that is closed at once. */
	public static function free_port(): int {
		$probe = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		Assert::assertIsResource( $probe, (string) $error );
		$port = (int) substr( (string) strrchr( (string) stream_socket_get_name( $probe, false ), ':' ), 1 );
		fclose( $probe );
		return $port;
	}

	/**
	 * @param string                $router  The router script's file name in tests/php/support.
	 * @param array<string, string> $env     Its environment.
	 * @param string                $address The loopback address to listen on.
	 * @param int                   $port    The port (0: a free one).
	 */
	public static function start( string $router, array $env, string $address = '127.0.0.1', int $port = 0 ): self {
		$port    = $port > 0 ? $port : self::free_port();
		$process = proc_open(
			array( PHP_BINARY, '-S', $address . ':' . $port, __DIR__ . '/' . $router ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', '/dev/null', 'w' ),
				2 => array( 'file', '/dev/null', 'w' ),
			),
			$pipes,
			__DIR__,
			$env
		);
		Assert::assertIsResource( $process );
		$until = microtime( true ) + 5;
		do {
			$socket = @fsockopen( $address, $port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- refused until the server listens.
			if ( $socket ) {
				fclose( $socket );
				return new self( $process, $address, $port );
			}
			usleep( 20000 );
		} while ( microtime( true ) < $until );
		Assert::fail( "The fake {$router} did not start on {$address}:{$port}." );
	}

	public function url( string $path ): string {
		return 'http://' . $this->address . ':' . $this->port . $path;
	}

	public function stop(): void {
		proc_terminate( $this->process );
		proc_close( $this->process );
	}
}
