<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeSearch;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeListing;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;
use TenderPress\Support\Upgrade;

/**
 * A site updated from 0.1.0 carries what that release stored: a store of every rendered
 * listing's settings, a cache version option and transients of rendered pages, and a UTC copy of
 * each deadline. The upgrade removes them once, on the next admin screen, and keeps the notices;
 * after that it does nothing at all.
 */
final class UpgradeTest extends TestCase {

	/** What 0.1.0 left in the database of a site that had been running a while. */
	private function leave_release_0_1_0_data(): int {
		delete_option( Upgrade::OPTION );
		update_option( 'tenderpress_listings', array( '0123456789abcdef' => array( 'perPage' => 10 ) ), false );
		update_option( 'tenderpress_listing_version', '6744f0c1a.123', true );
		set_transient( 'tp_list_' . md5( 'a' ), array( 'html' => '<ul></ul>', 'total' => 3 ), 600 );
		set_transient( 'tp_list_' . md5( 'b' ), array( 'html' => '<ul></ul>', 'total' => 3 ), 600 );
		$notice = $this->make_notice( array( 'tp_buyer' => 'Kept Buyer' ) );
		add_post_meta( $notice, '_tp_deadline_gmt', '1767225600' );
		return $notice;
	}

	/** What runs on admin_init. */
	private function admin_init(): void {
		( new Upgrade() )->maybe_run();
	}

	public function test_the_upgrade_removes_the_old_stores_once_and_keeps_the_notices(): void {
		global $wpdb;
		$notice = $this->leave_release_0_1_0_data();
		$notices = $this->count_published_notices();

		$this->log_in_as( 'administrator' );
		$this->admin_init();

		$this->assertFalse( get_option( 'tenderpress_listings' ) );
		$this->assertFalse( get_option( 'tenderpress_listing_version' ) );
		$this->assertSame( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%\\_transient%\\_tp\\_list\\_%'" ) );
		$this->assertSame( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE meta_key = '_tp_deadline_gmt'" ) );
		$this->assertSame( Upgrade::VERSION, (int) get_option( Upgrade::OPTION ) );
		$this->assertSame( $notices, $this->count_published_notices(), 'Every notice is kept.' );
		$this->assertSame( 'Kept Buyer', get_post_meta( $notice, 'tp_buyer', true ), 'And their fields.' );
		$this->assertIsArray( get_option( 'tender_category_children' ), 'The category tree is stored, so no visitor request has to write it.' );
		$this->assertSame( array(), get_option( Settings::OPTION, 'missing' ), 'The settings option is created, with every setting at its default.' );
		$this->assertContains( $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", Settings::OPTION ) ), array( 'yes', 'on' ), 'Autoloaded: visitors\' pages read it.' );

		$log = QueryLog::start();
		$this->admin_init();
		$this->assertSame( array(), $log->stop(), 'A second admin screen changes nothing.' );
	}

	public function test_a_visitors_request_never_runs_it(): void {
		$this->leave_release_0_1_0_data();
		$this->admin_init();
		$this->assertSame( 1, Upgrade::stored_version(), 'Not for a visitor (admin-post.php fires admin_init for anyone).' );
		$this->log_in_as( 'administrator' );
		add_filter( 'wp_doing_ajax', '__return_true' );
		try {
			$this->admin_init();
		} finally {
			remove_filter( 'wp_doing_ajax', '__return_true' );
		}
		$this->assertNotFalse( get_option( 'tenderpress_listings' ), 'Not during admin-ajax requests, which visitors make.' );
	}

	public function test_a_site_on_the_previous_schema_gets_the_settings_option_and_keeps_saved_settings(): void {
		update_option( Upgrade::OPTION, 2, true );
		delete_option( Settings::OPTION );
		$this->log_in_as( 'administrator' );
		$this->admin_init();
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertSame( array(), get_option( Settings::OPTION, 'missing' ), 'Created (the registered default would also read as an empty array).' );

		// Settings saved since are never reset by a later run.
		update_option( Settings::OPTION, array( 'listings' => array( 'perPage' => 6, 'closingSoonDays' => 3 ) ) );
		update_option( Upgrade::OPTION, 2, true );
		$this->admin_init();
		$this->assertSame( array( 'listings' => array( 'perPage' => 6, 'closingSoonDays' => 3 ) ), get_option( Settings::OPTION ) );
	}

	/**
	 * Schema 6: on MySQL and MariaDB, 0.3.0's FULLTEXT table gives way to the table of words, built
	 * from the stored notices, and searches read it; SQLite keeps its FTS5 table.
	 *
	 * On MariaDB the DDL here (making the old table, the upgrade dropping it) commits the test's
	 * transaction, so the test changes nothing else before it, and commits the stored schema
	 * version the upgrade writes after it, leaving the database as the suite found it.
	 */
	public function test_a_site_on_schema_5_searches_the_same_notices_from_the_new_index(): void {
		global $wpdb;
		$old = $wpdb->prefix . NoticeSearch::TABLE;
		if ( ! NoticeSearch::on_sqlite() ) {
			$wpdb->query( "CREATE TABLE {$old} (post_id bigint(20) unsigned NOT NULL, body mediumtext NOT NULL, PRIMARY KEY (post_id), FULLTEXT KEY body (body)) ENGINE=InnoDB" );
			$wpdb->query( 'DELETE FROM ' . NoticeSearch::table() );
		}
		$found = static function ( string $search ): array {
			$args  = NoticeListing::query_args( array_merge( ListingSettings::from_attributes( array() ), array( 'q' => $search ) ), 1 );
			$query = new \WP_Query(
				array(
					'fields'         => 'ids',
					'posts_per_page' => -1,
				) + $args
			);
			$ids   = array_map( 'intval', $query->posts );
			sort( $ids );
			return $ids;
		};
		$in_pune = get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => -1,
				'fields'      => 'ids',
				'meta_key'    => 'tp_buyer', // phpcs:ignore WordPress.DB.SlowDBQuery -- a test's truth.
				'meta_value'  => 'Pune Municipal Corporation', // phpcs:ignore WordPress.DB.SlowDBQuery -- a test's truth.
			)
		);
		sort( $in_pune );
		$this->assertNotEmpty( $in_pune, 'The seed has notices of this buyer, so the search proves something.' );

		update_option( Upgrade::OPTION, 5, true );
		Upgrade::run();
		if ( ! NoticeSearch::on_sqlite() ) {
			$wpdb->query( 'COMMIT' );
		}

		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertSame( ShareCounts::table(), $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', ShareCounts::table() ) ), 'Schema 7: the table of share counts.' );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', NoticeSearch::on_sqlite() ? 'none' : $old ) ), 'The FULLTEXT table is gone.' );
		$this->assertSame( array(), array_diff( $in_pune, $found( 'pune municipal corporation' ) ), 'Every notice of the buyer is found by its words.' );
		$indexed = (int) NoticeSearch::read( 'SELECT COUNT(DISTINCT ' . ( NoticeSearch::on_sqlite() ? 'rowid' : 'post_id' ) . ') AS notices FROM ' . NoticeSearch::table(), array() )[0]['notices'];
		$this->assertSame( $this->count_published_notices(), $indexed, 'Every published notice is in the index.' );
	}
}
