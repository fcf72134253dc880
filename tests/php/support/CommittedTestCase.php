<?php
namespace TenderPress\Tests;

/**
 * For tests that make real HTTP requests to the site (SiteServer): the server is another process
 * and sees only committed rows, so what a test sets up is committed instead of rolled back. Each
 * test class has a database copy of its own, so nothing reaches another class; tests in the class
 * use names of their own (random) so they do not meet each other's rows.
 */
abstract class CommittedTestCase extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		$GLOBALS['wpdb']->query( 'COMMIT' );
	}

	protected function tearDown(): void {
		// TestCase rolls back a transaction of its own: give it an empty one.
		$GLOBALS['wpdb']->query( 'START TRANSACTION' );
		parent::tearDown();
	}
}
