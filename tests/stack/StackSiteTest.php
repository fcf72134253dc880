<?php
namespace TenderPress\Tests\Stack;

use PHPUnit\Framework\TestCase;

/**
 * The site as the stack's php-fpm pools load it (the same environment, from .wp/stack/env.json).
 */
final class StackSiteTest extends TestCase {

	public function test_wp_cron_never_runs_from_a_visitors_request(): void {
		$this->assertTrue( defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON, 'The stack timer runs it, once a minute, from one place.' );
	}

	public function test_the_site_runs_on_mariadb_with_the_redis_object_cache(): void {
		$this->assertSame( 'mysql', DB_ENGINE );
		$this->assertTrue( wp_using_ext_object_cache() );
	}
}
