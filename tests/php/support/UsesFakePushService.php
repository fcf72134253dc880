<?php
namespace TenderPress\Tests;

/**
 * For the push suites: the fake push service (push-service.php) on loopback for the whole class,
 * its log emptied before each test, and what it received, decoded.
 */
trait UsesFakePushService {

	/** @var FakeServer|null */
	private static $service = null;

	/** @var string The fake's log of requests, one JSON line each. */
	private static $log = '';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$log     = (string) tempnam( sys_get_temp_dir(), 'tp-push-log-' );
		self::$service = FakeServer::start( 'push-service.php', array( 'TP_FAKE_LOG' => self::$log ) );
	}

	public static function tearDownAfterClass(): void {
		self::$service?->stop();
		@unlink( self::$log ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged
		parent::tearDownAfterClass();
	}

	/** Forgets what the fake received before this test. */
	private function forget_received(): void {
		file_put_contents( self::$log, '' );
	}

	/**
	 * What the fake service received.
	 *
	 * @return list<array<string, string>>
	 */
	private function received(): array {
		$lines = array_filter( explode( "\n", (string) file_get_contents( self::$log ) ) );
		return array_values( array_map( static fn( $line ) => json_decode( $line, true ), $lines ) );
	}
}
