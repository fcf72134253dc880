<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Listings\ListingSettings;
use TenderPress\Settings\Settings;
use TenderPress\Support\Upgrade;

/**
 * Deleting the plugin (Plugins > Delete runs uninstall_plugin(), which includes uninstall.php)
 * leaves nothing of the plugin's own in the database and keeps every notice, its fields and its
 * terms. Checked by listing what the plugin stored before and after, after using it the way a
 * site does: activation, an upgrade, saved settings, pages rendered and paged.
 */
final class UninstallTest extends TestCase {

	/**
	 * Every row in the database that belongs to the plugin rather than to the owner's content
	 * (or to the TenderPress theme, whose theme_mods_tenderpress WordPress keeps for the theme).
	 *
	 * @return array<string, list<string>>
	 */
	private function plugin_rows(): array {
		global $wpdb;
		$like = static fn ( string $prefix ): string => $wpdb->esc_like( $prefix ) . '%';
		$cron = array();
		foreach ( (array) _get_cron_array() as $events ) {
			foreach ( array_keys( (array) $events ) as $hook ) {
				if ( str_contains( (string) $hook, 'tenderpress' ) ) {
					$cron[] = (string) $hook;
				}
			}
		}
		return array(
			'options'   => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE ( option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s ) AND option_name NOT LIKE %s ORDER BY option_name", '%tenderpress%', $like( 'tp_' ), $like( '_transient_tp_' ), $like( 'tender_' ), $like( 'theme_mods_' ) ) ),
			'user meta' => $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s ORDER BY meta_key", '%tenderpress%' ) ),
			'cron'      => $cron,
			'tables'    => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', '%tenderpress%' ) ),
			// The index the plugin adds to a table of WordPress's on SQLite.
			'indexes'   => array_values( array_unique( array_filter( array_column( $wpdb->get_results( "SHOW INDEX FROM {$wpdb->term_relationships}", ARRAY_A ), 'Key_name' ), static fn( $name ) => str_contains( (string) $name, 'tenderpress' ) ) ) ),
		);
	}

	/** @return array{int, int, int} Notices, their field rows, their term links. */
	private function content(): array {
		global $wpdb;
		return array(
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_type = 'tender'" ),
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE p.post_type = 'tender'" ),
			(int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->term_relationships} r JOIN {$wpdb->posts} p ON p.ID = r.object_id WHERE p.post_type = 'tender'" ),
		);
	}

	public function test_uninstalling_removes_what_the_plugin_stored_and_keeps_the_notices(): void {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->log_in_as( 'administrator' );
		delete_option( Upgrade::OPTION );
		Upgrade::run();
		update_option( Settings::OPTION, array( 'listings' => array( 'perPage' => 6, 'closingSoonDays' => 3 ) ) );
		PageView::visit( get_post_type_archive_link( 'tender' ) );
		Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( ListingSettings::sid( ListingSettings::defaults() ) ) );
		// What later releases will add under the plugin's prefix: a transient, a user's
		// preference, a scheduled job and a table. Uninstall goes by the prefix, so they go too.
		set_transient( 'tenderpress_probe', 'x', HOUR_IN_SECONDS );
		update_user_meta( get_current_user_id(), 'tenderpress_probe', 'x' );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', 'tenderpress_probe' );
		global $wpdb;
		$wpdb->query( "CREATE TABLE {$wpdb->prefix}tenderpress_probe (id INTEGER PRIMARY KEY)" ); // phpcs:ignore WordPress.DB
		$content = $this->content();

		$before = $this->plugin_rows();
		$this->assertContains( Settings::OPTION, $before['options'] );
		$this->assertContains( Upgrade::OPTION, $before['options'] );
		$this->assertContains( 'tender_category_children', $before['options'] );
		$this->assertNotSame( array(), $before['user meta'] );
		$this->assertNotSame( array(), $before['cron'] );
		$this->assertNotSame( array(), $before['tables'] );
		$this->assertSame( NoticeSearch::on_sqlite() ? array( NoticeIndex::TERM_INDEX ) : array(), $before['indexes'] );

		uninstall_plugin( plugin_basename( TENDERPRESS_FILE ) );

		$this->assertSame(
			array(
				'options'   => array(),
				'user meta' => array(),
				'cron'      => array(),
				'tables'    => array(),
				'indexes'   => array(),
			),
			$this->plugin_rows()
		);
		$this->assertSame( $content, $this->content(), 'Every notice, its fields and its terms stay.' );
	}
}
