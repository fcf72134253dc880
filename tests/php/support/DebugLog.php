<?php
namespace TenderPress\Tests;

use PHPUnit\Framework\Assert;

/**
 * The PHP log of this test process (TP_DEBUG_LOG, which `npm test` sets and wp-config.php hands to
 * WP_DEBUG_LOG), opened only once a probe line written with error_log() is seen in it. "Nothing was
 * written to the log" means something only then: a log that is not set, missing or never written
 * to would hold nothing whatever the code did.
 */
final class DebugLog {

	/** @var string */
	private $file;

	/** @var int Bytes in the log when it was opened. */
	private $opened_at;

	private function __construct( string $file, int $opened_at ) {
		$this->file = $file;
		$this->opened_at = $opened_at;
	}

	public static function open_proven(): self {
		$file = (string) getenv( 'TP_DEBUG_LOG' );
		Assert::assertNotSame( '', $file, 'TP_DEBUG_LOG names the PHP log: run the PHP tests through `npm test`.' );
		// Its words are npm test's (scripts/lib/test-counts.mjs LOG_PROBE), which passes over
		// them when it checks the class's log for anything else.
		$words = (string) getenv( 'TP_LOG_PROBE' );
		Assert::assertNotSame( '', $words, 'TP_LOG_PROBE names the probe: run the PHP tests through `npm test`.' );
		$probe = $words . wp_generate_uuid4();
		error_log( $probe ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the probe that proves the log is written.
		clearstatcache();
		Assert::assertFileExists( $file, 'error_log() writes to the log TP_DEBUG_LOG names.' );
		$text = (string) file_get_contents( $file );
		Assert::assertStringContainsString( $probe, $text, 'error_log() writes to the log TP_DEBUG_LOG names.' );
		return new self( $file, strlen( $text ) );
	}

	/** What was written to the log since it was opened. */
	public function written_since_opened(): string {
		clearstatcache();
		Assert::assertFileExists( $this->file, 'The PHP log is still there.' );
		return (string) file_get_contents( $this->file, false, null, $this->opened_at );
	}
}
