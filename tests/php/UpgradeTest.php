<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeLastChange;
use TenderPress\Content\NoticeSearch;
use TenderPress\Listings\CardTemplate;
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
		$this->assertAutoloaded( Settings::OPTION, 'Autoloaded: visitors\' pages read it.' );

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
		$stored = get_option( Settings::OPTION );
		$this->assertSame( array( 'listings' ), array_keys( $stored ) );
		// The section's other fields (added since) are stored at their defaults when it is saved.
		$this->assertSame( array( 'perPage' => 6, 'closingSoonDays' => 3 ), array_intersect_key( $stored['listings'], array_flip( array( 'perPage', 'closingSoonDays' ) ) ) );
	}

	/**
	 * Settings as an earlier release stored them: its sections held only the fields it had, which
	 * this release's checks would refuse as incomplete, so they are written as they were.
	 *
	 * @param array<string, array<string, mixed>> $settings
	 */
	private function store_as_an_earlier_release( array $settings ): void {
		$sanitize = array( Settings::class, 'sanitize' );
		remove_filter( 'sanitize_option_' . Settings::OPTION, $sanitize );
		try {
			update_option( Settings::OPTION, $settings );
		} finally {
			add_filter( 'sanitize_option_' . Settings::OPTION, $sanitize );
		}
		$this->assertSame( $settings, get_option( Settings::OPTION ) );
	}

	/**
	 * Schema 10: the share bar's defaults became quiet (outlined, Copy link, Email, WhatsApp,
	 * Print, the device's share sheet). An owner who had saved the sharing settings keeps the
	 * services chosen and the brand colours the bar showed; a site that never saved them takes
	 * the new defaults.
	 */
	public function test_an_owner_who_saved_the_sharing_settings_keeps_them_and_the_brand_colours(): void {
		$this->log_in_as( 'administrator' );
		$this->store_as_an_earlier_release(
			array(
				'listings' => array( 'perPage' => 6 ),
				'share'    => array(
					'services'   => array( 'facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'email', 'copy-link' ),
					'notices'    => true,
					'popupWidth' => 700,
				),
			)
		);
		update_option( Upgrade::OPTION, 9, true );
		$this->admin_init();
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertSame( array( 'facebook', 'x', 'linkedin', 'whatsapp', 'telegram', 'email', 'copy-link' ), Settings::get( 'share', 'services' ), 'The services chosen are kept, in their order.' );
		$this->assertTrue( Settings::get( 'share', 'brandColours' ), 'And the brand colours the bar showed.' );
		$this->assertSame( 700, Settings::get( 'share', 'popupWidth' ) );
		$this->assertSame( array( 'perPage' => 6 ), get_option( Settings::OPTION )['listings'], 'Other sections are not touched.' );

		// An owner who turns them off afterwards is not overruled by a later run.
		$stored                          = get_option( Settings::OPTION );
		$stored['share']['brandColours'] = false;
		update_option( Settings::OPTION, array( 'share' => $stored['share'] ) );
		$this->assertFalse( Settings::get( 'share', 'brandColours' ) );
		update_option( Upgrade::OPTION, 9, true );
		$this->admin_init();
		$this->assertFalse( Settings::get( 'share', 'brandColours' ) );
	}

	public function test_a_site_that_never_saved_the_sharing_settings_takes_the_quiet_defaults(): void {
		$this->log_in_as( 'administrator' );
		$this->store_as_an_earlier_release( array( 'listings' => array( 'perPage' => 6 ) ) );
		update_option( Upgrade::OPTION, 9, true );
		$this->admin_init();
		$this->assertArrayNotHasKey( 'share', get_option( Settings::OPTION ), 'Nothing is stored for it.' );
		$this->assertFalse( Settings::get( 'share', 'brandColours' ) );
		$this->assertSame( array( 'copy-link', 'email', 'whatsapp', 'print', 'device' ), Settings::get( 'share', 'services' ) );
	}

	/**
	 * Schema 6: on MySQL and MariaDB, 0.3.0's FULLTEXT table gives way to the table of words, built
	 * from the stored notices, and searches read it; SQLite keeps its FTS5 table.
	 *
	 * On MariaDB the DDL here (making the old table, the upgrade dropping it) commits the test's
	 * transaction, so the test changes nothing else before it, and commits the stored schema
	 * version the upgrade writes after it, leaving the database as the suite found it.
	 */
	public function test_a_site_on_schema_10_gets_the_options_every_page_reads_autoloaded_and_keeps_its_card_template(): void {
		$this->log_in_as( 'administrator' );
		$notice = $this->make_notice();
		NoticeLastChange::store_pending();
		delete_option( CardTemplate::OPTION );
		delete_option( NoticeLastChange::OPTION );
		update_option( Upgrade::OPTION, 10, true );

		$this->admin_init();
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertSame( array(), get_option( CardTemplate::OPTION ), 'The default template, kept as an empty one.' );
		$this->assertAutoloaded( CardTemplate::OPTION );
		$this->assertSame( get_post( $notice )->post_modified_gmt, get_option( NoticeLastChange::OPTION ), 'The newest change to a notice.' );
		$this->assertAutoloaded( NoticeLastChange::OPTION );

		// A site that chose its own template keeps it.
		update_option( CardTemplate::OPTION, array( 'title', 'deadline' ), true );
		update_option( Upgrade::OPTION, 10, true );
		$this->admin_init();
		$this->assertSame( array( 'title', 'deadline' ), get_option( CardTemplate::OPTION ) );
	}

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

	/** The facet counts' rebuild statements among a log's writes. */
	private static function facet_rebuilds( array $writes ): int {
		return count( array_filter( $writes, static fn( string $sql ) => (bool) preg_match( '/^\s*INSERT INTO \S*' . NoticeFacets::TABLE . '\S* \(notice_type, buyer, total\) SELECT notice_type, buyer, COUNT/', $sql ) ) );
	}

	/** Published notices by type, as the facet counts should hold them. */
	private function truth_by_type(): array {
		$totals = array();
		foreach ( NoticeFacets::all() as $row ) {
			$totals[ $row['type'] ] = ( $totals[ $row['type'] ] ?? 0 ) + $row['total'];
		}
		ksort( $totals );
		return $totals;
	}

	public function test_a_second_request_while_the_first_runs_does_nothing_and_the_counts_are_not_doubled(): void {
		$this->log_in_as( 'administrator' );
		$expected = array_sum( $this->truth_by_type() );
		$this->assertSame( $this->count_published_notices(), $expected, 'The seed\'s facet counts are right to begin with.' );
		update_option( Upgrade::OPTION, 4, true );

		// The second admin request arrives while the first is rebuilding the facet counts: it
		// runs (in this process) at the moment the first sends its rebuild statement.
		$second = null;
		$race   = static function ( $query ) use ( &$second ) {
			if ( null === $second && is_string( $query ) && 1 === self::facet_rebuilds( array( $query ) ) ) {
				$second = 'running';
				$second = Upgrade::run();
			}
			return $query;
		};
		$log = QueryLog::start();
		add_filter( 'query', $race );
		try {
			$this->assertTrue( Upgrade::run(), 'The first request takes the lock.' );
		} finally {
			remove_filter( 'query', $race );
		}
		$writes = $log->stop();

		$this->assertFalse( $second, 'The second request finds the lock held and runs nothing.' );
		$this->assertSame( 1, self::facet_rebuilds( $writes ), 'The facet counts are rebuilt once.' );
		$this->assertSame( $expected, array_sum( $this->truth_by_type() ), 'Not doubled.' );
		$this->assertSame( $this->count_published_notices(), NoticeFacets::total() );
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertFalse( get_option( Upgrade::LOCK ), 'The lock is released.' );
	}

	public function test_a_request_that_loaded_the_old_version_before_the_first_finished_runs_no_step_again(): void {
		$this->log_in_as( 'administrator' );
		update_option( Upgrade::OPTION, 4, true );
		// The second request loaded the options (version 4) before the first finished.
		$stale = wp_load_alloptions();
		$this->assertTrue( Upgrade::run() );
		wp_cache_set( 'alloptions', $stale, 'options' );
		wp_cache_delete( Upgrade::OPTION, 'options' );
		$this->assertSame( 4, Upgrade::stored_version(), 'As that request sees it.' );

		$log = QueryLog::start();
		$this->assertTrue( Upgrade::run(), 'The lock is free again.' );
		$writes = array_filter( $log->stop(), static fn( string $sql ) => ! str_contains( $sql, Upgrade::LOCK ) );
		$this->assertSame( array(), array_values( $writes ), 'Having the lock, it reads the version the first stored, and runs nothing.' );
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
	}

	public function test_a_held_lock_stops_a_run_and_an_expired_one_is_taken_over(): void {
		global $wpdb;
		$this->log_in_as( 'administrator' );
		update_option( Upgrade::OPTION, 6, true );
		// Another request holds the lock (its row, as that request wrote it).
		$wpdb->insert( $wpdb->options, array( 'option_name' => Upgrade::LOCK, 'option_value' => ( time() + 60 ) . ' other', 'autoload' => 'no' ) );
		$this->assertFalse( Upgrade::run() );
		$this->assertSame( 6, Upgrade::stored_version(), 'Nothing ran.' );
		$this->admin_init();
		$this->assertSame( 6, Upgrade::stored_version(), 'Nor on an admin screen.' );

		// The request that held it crashed: once the lock has expired, the next run takes it over.
		$wpdb->update( $wpdb->options, array( 'option_value' => ( time() - 1 ) . ' other' ), array( 'option_name' => Upgrade::LOCK ) );
		$this->admin_init();
		$this->assertSame( Upgrade::VERSION, Upgrade::stored_version() );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", Upgrade::LOCK ) ), 'And releases it.' );
	}
}
