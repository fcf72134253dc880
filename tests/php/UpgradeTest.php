<?php
namespace TenderPress\Tests;

use TenderPress\Settings\Settings;
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
}
