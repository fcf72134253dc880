<?php
namespace TenderPress\Support;

use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeLastChange;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\CardTemplate;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareSettings;

/**
 * Brings what earlier releases stored up to date, once, after an update. The stored schema
 * version says how far a site has come; each step runs once, in order, and the version is
 * recorded after each step, so a run that dies half-way resumes at the step it did not finish.
 *
 * Two admin requests right after an update would both find the old version and run the same
 * steps at once (one site's facet counts were doubled that way). So a run first takes a lock
 * (OptionLock, a row of the options table that only one request can insert, on MariaDB and
 * SQLite alike). A request that finds the lock held does nothing: the holder is doing the work.
 * The lock expires, so a run that crashed without releasing it blocks upgrades for LOCK_SECONDS
 * at most; the next request then takes it over. Having the lock, a run reads the stored version
 * again from the database, not from the options cache its request loaded before another run
 * finished.
 *
 * It runs on an administrator's admin screen, never on a visitor's request: nothing left over
 * from an older release is read by this one, so it can wait for the site owner's next visit to
 * the dashboard (or runs at once when the plugin is activated).
 */
final class Upgrade {

	public const OPTION = 'tenderpress_schema';

	/** Options 0.1.0 kept and this release no longer needs (step 2 removes them, as does Uninstall). */
	public const RETIRED_OPTIONS = array( 'tenderpress_listings', 'tenderpress_listing_version' );

	/** The start of the names of 0.1.0's transients of rendered listings. */
	public const RETIRED_TRANSIENT_PREFIX = 'tp_list_';

	/** 0.1.0's UTC copy of each deadline, which nothing read. */
	public const RETIRED_META = '_tp_deadline_gmt';

	/**
	 * Schema of this release. 1 was 0.1.0 (and sites that never stored a version), 2 the
	 * hardening work, 3 the settings screen, 4 the notice lookup table and search index
	 * (NoticeIndex, NoticeSearch), 5 the counts of notices by type and buyer (NoticeFacets) and
	 * SQLite's index of term relationships by term, 6 the table of words that replaced the
	 * FULLTEXT index on MySQL and MariaDB, 7 the table of share counts (ShareCounts), 8 the table
	 * of push subscriptions and the site's push key pair (SubscriptionStore, Vapid), 9 that key
	 * pair out of the autoloaded options and its public key stored apart (Vapid::upgrade()), 10
	 * the quiet share bar, with brand colours kept where an owner had saved the sharing settings
	 * (ShareSettings::keep_brand_colours_for_saved_sites()), 11 two options every page reads, made to
	 * exist and autoload so that reading them costs no query (add_page_options()).
	 */
	public const VERSION = 11;

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

	/** The lock's option (not autoloaded), whose value is "<expiry time> <token>". */
	public const LOCK = 'tenderpress_upgrade_lock';

	/**
	 * How long a lock holds before another run may take it over. Far longer than a run takes (a
	 * few seconds at 100,000 notices), so a slow run is never joined by a second.
	 */
	public const LOCK_SECONDS = 15 * MINUTE_IN_SECONDS;

	/**
	 * Every step by the schema version it brings a site to, in order. A new release appends its
	 * step here and raises VERSION.
	 *
	 * @return array<int, callable(): void>
	 */
	public static function steps(): array {
		return array(
			2  => array( self::class, 'drop_listing_store_and_unused_deadline_key' ),
			3  => array( self::class, 'add_settings_option' ),
			4  => array( self::class, 'add_notice_index' ),
			5  => array( self::class, 'add_filter_counts_and_term_index' ),
			6  => array( NoticeSearch::class, 'replace_fulltext_table' ),
			7  => array( ShareCounts::class, 'create' ),
			8  => array( self::class, 'add_push' ),
			9  => array( Vapid::class, 'upgrade' ),
			10 => array( ShareSettings::class, 'keep_brand_colours_for_saved_sites' ),
			11 => array( self::class, 'add_page_options' ),
		);
	}

	/**
	 * Runs every step newer than the stored version, recording the version after each, when no
	 * other run holds the lock; does nothing when one does.
	 *
	 * @return bool Whether this run had the lock (and so did what was left to do).
	 */
	public static function run(): bool {
		$token = OptionLock::take( self::LOCK, self::LOCK_SECONDS );
		if ( null === $token ) {
			return false;
		}
		try {
			$from = self::version_in_database();
			foreach ( self::steps() as $version => $step ) {
				if ( $version > $from ) {
					$step();
					update_option( self::OPTION, $version, true );
				}
			}
			if ( $from < self::VERSION ) {
				update_option( self::OPTION, self::VERSION, true );
			}
		} finally {
			OptionLock::release( self::LOCK, $token );
		}
		return true;
	}

	/**
	 * The stored version as the database holds it now. The options cache of this request may
	 * have been loaded before another run finished and released the lock.
	 */
	private static function version_in_database(): int {
		wp_cache_delete( self::OPTION, 'options' );
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		return self::stored_version();
	}

	/**
	 * The card template (CardTemplate), which every listing reads: an absent option costs a
	 * query on each request that asks for it, so the default is kept as an empty one. And the
	 * time of the newest change to a notice (NoticeLastChange), which the footer of every page
	 * says.
	 */
	private static function add_page_options(): void {
		CardTemplate::add_option();
		NoticeLastChange::store();
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
		foreach ( self::RETIRED_OPTIONS as $option ) {
			delete_option( $option );
		}
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE " . SqlLike::starts_with( 'option_name', '_transient_' . self::RETIRED_TRANSIENT_PREFIX ) . ' OR ' . SqlLike::starts_with( 'option_name', '_transient_timeout_' . self::RETIRED_TRANSIENT_PREFIX ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- one-off clean-up of rows this plugin wrote; each condition prepared by SqlLike.
		delete_post_meta_by_key( self::RETIRED_META );
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
