<?php
namespace TenderPress\Support;

use TenderPress\Accounts\UnlockLink;
use TenderPress\Content\NoticeEditor;
use TenderPress\Content\NoticeFacets;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeLastChange;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\CardTemplate;
use TenderPress\Listings\ListingCache;
use TenderPress\Push\PushQueue;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;

/**
 * Everything the plugin stores for itself, removed when the site owner deletes the plugin.
 *
 * What it keeps: the notices, with their fields (NoticeFields), categories and locations, which
 * are the site owner's content (reinstalling the plugin shows them again).
 *
 * What goes is named here, each name taken from the class that writes it: the lists below are
 * the one place that says what the plugin stores. Removal never goes by a bare `tenderpress_`
 * prefix: another plugin may name its own options, transients, tables or meta that way, and
 * deleting the plugin must not delete them. A family of rows whose names carry an id or a hash
 * (the push queue's jobs, the rate limit's counters) is named by its own longer prefix, escaped
 * for LIKE. UninstallTest reads php/ for every option, transient, meta key and cron hook the
 * plugin writes and fails when one is missing here. On a network, every site's share goes.
 */
final class Uninstall {

	/**
	 * Options of the plugin's own, by full name.
	 *
	 * @return list<string>
	 */
	public static function options(): array {
		return array_merge(
			array(
				Settings::OPTION,
				CardTemplate::OPTION,
				NoticeLastChange::OPTION,
				Upgrade::OPTION,
				Upgrade::LOCK,
				Vapid::OPTION,
				Vapid::PUBLIC_OPTION,
				PushQueue::LOCK,
			),
			// Left by 0.1.0 on a site deleted before an upgrade removed them.
			Upgrade::RETIRED_OPTIONS,
			// WordPress's map of each notice taxonomy's children, which Upgrade builds: derived from
			// the terms that stay, and built again when the plugin comes back.
			array( NoticeTaxonomies::CATEGORY . '_children', NoticeTaxonomies::LOCATION . '_children' )
		);
	}

	/**
	 * Families of options whose names end in an id: the start of their names.
	 *
	 * @return list<string>
	 */
	public static function option_prefixes(): array {
		return array( PushQueue::JOB_PREFIX );
	}

	/**
	 * Families of transients whose names end in an id or hash: the start of their names. With a
	 * persistent object cache they live in the cache, expire on their own and are not in the
	 * options table; without one they are options (`_transient_<name>`).
	 *
	 * @return list<string>
	 */
	public static function transient_prefixes(): array {
		return array( RateLimit::PREFIX, NoticeEditor::ERRORS_KEY, Upgrade::RETIRED_TRANSIENT_PREFIX );
	}

	/**
	 * Post meta the plugin keeps for itself on notices, as opposed to the notices' fields, which
	 * the site owner wrote and which stay: whether a notice's notification was sent, and 0.1.0's
	 * unused copy of each deadline.
	 *
	 * @return list<string>
	 */
	public static function post_meta(): array {
		return array( PushQueue::META, Upgrade::RETIRED_META );
	}

	/**
	 * User meta the plugin keeps for itself, by key (the unlock link's). User meta is shared by every
	 * site of a network, so it goes once, after the sites.
	 *
	 * @return list<string>
	 */
	public static function user_meta(): array {
		return array( UnlockLink::META );
	}

	/**
	 * Cron events of the plugin's own, by hook.
	 *
	 * @return list<string>
	 */
	public static function cron_hooks(): array {
		return array( ShareCountRefresh::HOOK, PushQueue::HOOK );
	}

	/**
	 * The plugin's tables of the current site, by full name (the search index's table on both
	 * databases: a site may have moved from one to the other).
	 *
	 * @return list<string>
	 */
	public static function tables(): array {
		global $wpdb;
		return array(
			NoticeIndex::table(),
			NoticeFacets::table(),
			$wpdb->prefix . NoticeSearch::TABLE,
			$wpdb->prefix . NoticeSearch::WORDS_TABLE,
			ShareCounts::table(),
			SubscriptionStore::table(),
		);
	}

	/**
	 * Object cache groups of the plugin's own, flushed where the cache can flush a group.
	 *
	 * @return list<string>
	 */
	public static function cache_groups(): array {
		return array( ListingCache::GROUP, Settings::GROUP, RateLimit::GROUP );
	}

	public static function run(): void {
		if ( is_multisite() ) {
			foreach ( get_sites(
				array(
					'fields' => 'ids',
					'number' => 0,
				)
			) as $site_id ) {
				switch_to_blog( (int) $site_id );
				self::clean_site();
				restore_current_blog();
			}
		} else {
			self::clean_site();
		}
		foreach ( self::user_meta() as $key ) {
			delete_metadata( 'user', 0, $key, '', true );
		}
	}

	/** The current site's options, transients, meta, cron events, tables and caches. */
	private static function clean_site(): void {
		global $wpdb;
		foreach ( self::options() as $option ) {
			delete_option( $option );
		}
		$starts = array();
		foreach ( self::option_prefixes() as $prefix ) {
			$starts[] = SqlLike::starts_with( 'option_name', $prefix );
		}
		foreach ( self::transient_prefixes() as $prefix ) {
			$starts[] = SqlLike::starts_with( 'option_name', '_transient_' . $prefix );
			$starts[] = SqlLike::starts_with( 'option_name', '_transient_timeout_' . $prefix );
		}
		$names = $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE " . implode( ' OR ', $starts ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- once, on uninstall; each condition prepared by SqlLike.
		foreach ( $names as $name ) {
			delete_option( (string) $name );
		}

		foreach ( self::post_meta() as $key ) {
			delete_post_meta_by_key( $key );
		}

		foreach ( self::cron_hooks() as $hook ) {
			wp_unschedule_hook( $hook );
		}

		// On SQLite the search index is an FTS5 table, which the MySQL translation does not drop,
		// and the plugin's index of term relationships sits on a table of WordPress's.
		NoticeSearch::drop();
		NoticeIndex::drop_term_index();
		foreach ( self::tables() as $table ) {
			$wpdb->query( "DROP TABLE IF EXISTS `{$table}`" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.SchemaChange -- the plugin's own tables, named above.
		}

		if ( function_exists( 'wp_cache_flush_group' ) && wp_cache_supports( 'flush_group' ) ) {
			foreach ( self::cache_groups() as $group ) {
				wp_cache_flush_group( $group );
			}
		}
	}
}
