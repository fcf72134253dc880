<?php
namespace TenderPress\Tests;

use TenderPress\Admin\PerformanceStatus;

/**
 * The Performance section tells a site owner whether the caches listings rely on are there, from
 * what WordPress itself knows: the object-cache drop-in, and WP_CACHE with advanced-cache.php.
 * Its own class (process), because it defines WP_CACHE.
 */
final class PerformanceStatusTest extends TestCase {

	public function test_it_reports_each_cache_as_found_or_not(): void {
		$this->assertFalse( PerformanceStatus::has_object_cache(), 'The dev site runs without one.' );
		$this->assertFalse( PerformanceStatus::has_page_cache_drop_in() );
		$report = new Html( PerformanceStatus::report() );
		$this->assertSame( array( 'No.', 'No.' ), array_map( static fn ( $cell ) => $cell->textContent, $report->all( '//td/strong' ) ) );
		$this->assertStringContainsString( 'cannot be seen from here', $report->text( '//tr[2]/td' ) );

		$was = wp_using_ext_object_cache( true );
		try {
			$this->assertTrue( PerformanceStatus::has_object_cache() );
			$this->assertSame( 'Yes.', ( new Html( PerformanceStatus::report() ) )->text( '//tr[1]/td/strong' ) );
		} finally {
			wp_using_ext_object_cache( $was );
		}
	}

	/** WP_CACHE is a constant WordPress fixes at load: a WordPress of its own, in a child process, turns it on. */
	public function test_a_page_cache_drop_in_is_found(): void {
		$drop_in = WP_CONTENT_DIR . '/advanced-cache.php';
		$this->assertFileDoesNotExist( $drop_in );
		file_put_contents( $drop_in, "<?php\n// A page cache plugin's drop-in, written by PerformanceStatusTest.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		try {
			$code = sprintf(
				'define( "WP_CACHE", true ); require %s; echo \\TenderPress\\Admin\\PerformanceStatus::report();',
				var_export( ABSPATH . 'wp-load.php', true )
			);
			$output = shell_exec( escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( $code ) . ' 2>&1' );
		} finally {
			unlink( $drop_in );
		}
		$this->assertSame( 'Yes.', ( new Html( (string) $output ) )->text( '//tr[2]/td/strong' ), (string) $output );
	}
}
