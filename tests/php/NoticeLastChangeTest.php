<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeLastChange;

/**
 * "Last updated", in every page's footer, is WordPress's get_lastpostmodified( 'gmt', 'tender' ):
 * the newest change to a published notice. The plugin keeps it when notices change, so a page
 * reads it with the autoloaded options instead of two statements that read every notice's dates.
 */
final class NoticeLastChangeTest extends TestCase {

	/** @var int The test's "now", read once: times made from it never straddle a minute. */
	private static $now = 0;

	protected function setUp(): void {
		parent::setUp();
		self::$now = time();
		// The end of whatever request came before.
		NoticeLastChange::store_pending();
	}

	/** What WordPress works out from the notices themselves, its own caches emptied first. */
	private static function worked_out(): string {
		wp_cache_flush();
		return max( (string) _get_last_post_time( 'gmt', 'modified', 'tender' ), (string) get_lastpostdate( 'gmt', 'tender' ) );
	}

	/** A time that many hours after now (the suites may run on a moved clock), to the minute. */
	private static function hours_ahead( int $hours ): string {
		return gmdate( 'Y-m-d H:i:00', self::$now + $hours * HOUR_IN_SECONDS );
	}

	/** Sets when a notice was last modified, as an edit on that day would have. */
	private static function modified_on( int $notice, string $gmt ): void {
		global $wpdb;
		$wpdb->update( $wpdb->posts, array( 'post_modified_gmt' => $gmt, 'post_modified' => $gmt ), array( 'ID' => $notice ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a date no API sets.
		clean_post_cache( $notice );
	}

	public function test_a_change_to_a_notice_is_kept_at_the_end_of_its_request_and_read_without_a_query(): void {
		global $wpdb;
		// Changes later than any of the demo's notices.
		$older = $this->make_notice();
		$newer = $this->make_notice();
		self::modified_on( $older, self::hours_ahead( 1 ) );
		self::modified_on( $newer, self::hours_ahead( 2 ) );
		$this->assertSame( self::hours_ahead( 2 ), get_lastpostmodified( 'gmt', 'tender' ), 'Within the request that changed them, WordPress works it out.' );
		NoticeLastChange::store_pending();

		$this->assertSame( self::hours_ahead( 2 ), self::worked_out() );
		$this->assertAutoloaded( NoticeLastChange::OPTION );
		wp_load_alloptions();
		$queries = $wpdb->num_queries;
		$this->assertSame( self::hours_ahead( 2 ), get_lastpostmodified( 'gmt', 'tender' ) );
		$this->assertSame( $queries, $wpdb->num_queries, 'Read with the autoloaded options: no query.' );

		// The newest notice goes to the bin: the newest change is then the other notice's.
		wp_trash_post( $newer );
		self::modified_on( $newer, self::hours_ahead( 2 ) );
		NoticeLastChange::store_pending();
		$this->assertSame( self::hours_ahead( 1 ), self::worked_out() );
		$this->assertSame( self::hours_ahead( 1 ), get_lastpostmodified( 'gmt', 'tender' ) );

		// A notice published later than any change (the scheduler leaves the modified date as it
		// was): its publication is the newest change, as WordPress says.
		$scheduled = $this->make_notice();
		$wpdb->update( $wpdb->posts, array( 'post_date_gmt' => self::hours_ahead( 3 ) ), array( 'ID' => $scheduled ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a date no API sets.
		self::modified_on( $scheduled, self::hours_ahead( 0 ) );
		NoticeLastChange::store_pending();
		$this->assertSame( self::hours_ahead( 3 ), self::worked_out() );
		$this->assertSame( self::hours_ahead( 3 ), get_lastpostmodified( 'gmt', 'tender' ) );
	}

	public function test_an_import_that_suspends_cache_invalidation_is_seen_too(): void {
		global $wpdb;
		// Every notice so far changed long ago.
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->posts} SET post_modified_gmt = %s, post_date_gmt = %s WHERE post_type = 'tender'", '2000-01-01 00:00:00', '2000-01-01 00:00:00' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- dates no API sets.
		NoticeLastChange::store();
		$this->assertSame( '2000-01-01 00:00:00', get_option( NoticeLastChange::OPTION ) );

		// An importer (WordPress's own suspends it) adds a notice: WordPress cleans no cache then.
		$was    = wp_suspend_cache_invalidation( true );
		$notice = $this->make_notice();
		wp_suspend_cache_invalidation( $was );
		NoticeLastChange::store_pending();
		$this->assertSame( get_post( $notice )->post_modified_gmt, get_option( NoticeLastChange::OPTION ) );
		$this->assertSame( self::worked_out(), get_lastpostmodified( 'gmt', 'tender' ) );
	}

	public function test_with_no_published_notice_nothing_is_kept(): void {
		global $wpdb;
		$wpdb->update( $wpdb->posts, array( 'post_status' => 'draft' ), array( 'post_type' => 'tender' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- every notice of the demo at once.
		$notice = $this->make_notice();
		NoticeLastChange::store_pending();
		$this->assertNotFalse( get_option( NoticeLastChange::OPTION ) );

		wp_trash_post( $notice );
		NoticeLastChange::store_pending();
		$this->assertFalse( get_option( NoticeLastChange::OPTION ) );
		$this->assertFalse( get_lastpostmodified( 'gmt', 'tender' ), 'WordPress answers as it would.' );
	}

	public function test_a_read_writes_nothing_and_other_questions_are_left_to_wordpress(): void {
		$notice = $this->make_notice();
		self::modified_on( $notice, self::hours_ahead( 1 ) );
		NoticeLastChange::store_pending();
		delete_option( NoticeLastChange::OPTION );

		$log    = QueryLog::start();
		$answer = get_lastpostmodified( 'gmt', 'tender' );
		$this->assertSame( array(), $log->stop(), 'A site without the option (before its upgrade) is answered by WordPress, and nothing is stored.' );
		$this->assertSame( self::worked_out(), $answer );
		$this->assertFalse( get_option( NoticeLastChange::OPTION ) );

		// A stored value that is not a date is not passed on.
		update_option( NoticeLastChange::OPTION, '<script>', true );
		$this->assertSame( self::worked_out(), get_lastpostmodified( 'gmt', 'tender' ) );

		// Only the notices' time in GMT is kept; other types and zones are WordPress's.
		update_option( NoticeLastChange::OPTION, '2000-01-01 00:00:00', true );
		$this->assertSame( '2000-01-01 00:00:00', get_lastpostmodified( 'gmt', 'tender' ), 'The kept value is what is read.' );
		$this->assertNotSame( '2000-01-01 00:00:00', get_lastpostmodified( 'gmt', 'post' ) );
		$this->assertNotSame( '2000-01-01 00:00:00', get_lastpostmodified( 'blog', 'tender' ) );
	}

	public function test_changes_to_other_posts_store_nothing(): void {
		$log = QueryLog::start();
		self::factory_post();
		NoticeLastChange::store_pending();
		$writes = array_filter( $log->stop(), static fn( string $sql ): bool => str_contains( $sql, NoticeLastChange::OPTION ) );
		$this->assertSame( array(), $writes );
	}

	/** A blog post, saved as an author would. */
	private static function factory_post(): void {
		wp_insert_post(
			array(
				'post_type'   => 'post',
				'post_status' => 'publish',
				'post_title'  => 'A blog post',
			)
		);
	}
}
