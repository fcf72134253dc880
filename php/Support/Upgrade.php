<?php
namespace TenderPress\Support;

use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;

/**
 * Brings what earlier releases stored up to date, once, after an update. The stored schema
 * version says how far a site has come; each step runs once, in order, and is safe to run twice
 * (two admin requests may race right after an update).
 *
 * It runs on an administrator's admin screen, never on a visitor's request: nothing left over
 * from an older release is read by this one, so it can wait for the site owner's next visit to
 * the dashboard (or runs at once when the plugin is activated).
 */
final class Upgrade {

	public const OPTION = 'tenderpress_schema';

	/**
	 * Schema of this release. 1 was 0.1.0 (and sites that never stored a version), 2 the
	 * hardening work, 3 the settings screen, 4 the notice lookup table and search index
	 * (NoticeIndex, NoticeSearch), 5 the counts of notices by type and buyer (NoticeFacets) and
	 * SQLite's index of term relationships by term, 6 the table of words that replaced the
	 * FULLTEXT index on MySQL and MariaDB, 7 the table of share counts (ShareCounts), 8 the table
	 * of push subscriptions and the site's push key pair (SubscriptionStore, Vapid), 9 that key
	 * pair out of the autoloaded options and its public key stored apart (Vapid::upgrade()).
	 */
	public const VERSION = 9;

	public function register(): void {
		add_action( 'admin_init', array( $this, 'maybe_run' ) );
	}

	public function maybe_run(): void {
		// admin_init also fires for admin-ajax.php and admin-post.php, which visitors reach.
		if ( wp_doing_ajax() || ! current_user_can( 'manage_options' ) || self::stored_version() >= self::VERSION ) {
			return;
		}
		self::run();
	}

	public static function stored_version(): int {
		return max( 1, (int) get_option( self::OPTION, 1 ) );
	}

	/** Runs every step newer than the stored version, then records this release's version. */
	public static function run(): void {
		$steps = array(
			2 => array( self::class, 'drop_listing_store_and_unused_deadline_key' ),
			3 => array( self::class, 'add_settings_option' ),
			4 => array( self::class, 'add_notice_index' ),
			5 => array( self::class, 'add_filter_counts_and_term_index' ),
			6 => array( NoticeSearch::class, 'replace_fulltext_table' ),
			7 => array( ShareCounts::class, 'create' ),
			8 => array( self::class, 'add_push' ),
			9 => array( Vapid::class, 'upgrade' ),
		);
		$from  = self::stored_version();
		foreach ( $steps as $version => $step ) {
			if ( $version > $from ) {
				$step();
			}
		}
		update_option( self::OPTION, self::VERSION, true );
	}

	/**
	 * The push subscriptions' table, and the key pair browsers' subscriptions are bound to, made
	 * here so that no visitor's request ever makes it.
	 */
	private static function add_push(): void {
		SubscriptionStore::create();
		Vapid::create();
	}

	/**
	 * 0.1.0 stored every rendered listing's settings in one option (sids are signed now), cached
	 * rendered pages in transients under a version option (the object cache holds them now), and
	 * kept a UTC copy of each deadline that nothing read.
	 */
	private static function drop_listing_store_and_unused_deadline_key(): void {
		global $wpdb;
		delete_option( 'tenderpress_listings' );
		delete_option( 'tenderpress_listing_version' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( '_transient_tp_list_' ) . '%', $wpdb->esc_like( '_transient_timeout_tp_list_' ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one-off clean-up of rows this plugin wrote.
		delete_post_meta_by_key( '_tp_deadline_gmt' );
		self::build_term_hierarchies();
	}

	/**
	 * The settings screen's option, created empty (every setting at its default) and autoloaded:
	 * visitors' pages read it. Created here so whether it autoloads does not depend on how the
	 * first save happens to create it. Until 0.2.0 the only such setting, the closing-soon
	 * window, existed as a filter alone, and the filter still overrides the setting.
	 */
	private static function add_settings_option(): void {
		add_option( Settings::OPTION, array(), '', true );
	}

	/**
	 * The lookup table that filters and sorts read (NoticeIndex) and the full-text index of
	 * notices (NoticeSearch), filled from the stored notices. Until they exist, listings filter
	 * by notice type on postmeta and search with WordPress's own search, as before.
	 */
	private static function add_notice_index(): void {
		NoticeIndex::create();
		NoticeSearch::create();
		NoticeIndex::rebuild();
		NoticeSearch::rebuild();
		// The archive's views (`/tenders/closing-soon/`) have rewrite rules of their own.
		flush_rewrite_rules( false );
	}

	/**
	 * What keeps the filter form's counts and the filters fast at 100,000 notices: the lookup
	 * table's publication-date index carrying the deadline, the kept counts by type and buyer,
	 * and on SQLite an index of term relationships by term (InnoDB's own index already serves
	 * MySQL and MariaDB).
	 */
	private static function add_filter_counts_and_term_index(): void {
		NoticeIndex::add_deadline_to_date_index();
		NoticeIndex::create_term_index();
		NoticeFacets::create();
		NoticeFacets::rebuild();
	}

	/**
	 * WordPress stores each hierarchical taxonomy's map of children and builds it on first read
	 * when it is missing (a write on a visitor's request). Building it here, on the admin side,
	 * spares the first visitor of an archive that write. Term changes rebuild it by themselves.
	 */
	public static function build_term_hierarchies(): void {
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			if ( taxonomy_exists( $taxonomy ) ) {
				clean_taxonomy_cache( $taxonomy );
			}
		}
	}
}
