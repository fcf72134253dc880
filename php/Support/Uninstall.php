<?php
namespace TenderPress\Support;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\ListingCache;

/**
 * Everything the plugin stores for itself, removed when the site owner deletes the plugin.
 *
 * What it keeps: the notices, with their fields, categories and locations, which are the site
 * owner's content (reinstalling the plugin shows them again). Everything else the plugin writes
 * carries its prefix, so removal goes by prefix and also covers what later releases add: options
 * and transients named tenderpress_*, user meta tenderpress_*, cron events tenderpress_*, tables
 * {prefix}tenderpress_*, and the cache groups. On a network, every site's share goes, then the
 * network's.
 */
final class Uninstall {

	public const PREFIX = 'tenderpress_';

	public static function run(): void {
		global $wpdb;
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
			$site_options = $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s OR meta_key LIKE %s", self::like( '' ), self::like( '_site_transient_' ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- finding every row of this plugin, once, on uninstall.
			foreach ( $site_options as $option ) {
				delete_site_option( $option );
			}
		} else {
			self::clean_site();
		}

		// User meta is shared by every site of a network.
		$meta_keys = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", self::like( '' ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above.
		foreach ( $meta_keys as $key ) {
			delete_metadata( 'user', 0, $key, '', true );
		}
	}

	/** The current site's options, transients, cron events, tables and caches. */
	private static function clean_site(): void {
		global $wpdb;
		$options = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s", self::like( '' ), self::like( '_transient_' ), self::like( '_transient_timeout_' ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- finding every row of this plugin, once, on uninstall.
		foreach ( $options as $option ) {
			delete_option( $option );
		}

		foreach ( (array) _get_cron_array() as $events ) {
			foreach ( array_keys( (array) $events ) as $hook ) {
				if ( str_starts_with( (string) $hook, self::PREFIX ) ) {
					wp_unschedule_hook( $hook );
				}
			}
		}

		$tables = $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . self::PREFIX ) . '%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above.
		foreach ( $tables as $table ) {
			// Found by the LIKE above; checked again, since a table name cannot be a placeholder.
			if ( preg_match( '/^\w+$/D', (string) $table ) ) {
				$wpdb->query( "DROP TABLE IF EXISTS `{$table}`" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a table of this plugin's, found and checked above.
			}
		}
		// On SQLite the search index is an FTS5 table, which the MySQL translation does not list,
		// and the plugin's index of term relationships sits on a table of WordPress's.
		NoticeSearch::drop();
		NoticeIndex::drop_term_index();

		// WordPress's map of each notice taxonomy's children, which Upgrade builds: derived from the
		// terms that stay, and built again when the plugin comes back.
		foreach ( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) as $taxonomy ) {
			delete_option( $taxonomy . '_children' );
		}

		if ( function_exists( 'wp_cache_flush_group' ) && wp_cache_supports( 'flush_group' ) ) {
			wp_cache_flush_group( ListingCache::GROUP );
		}
	}

	/** A LIKE pattern for names that start with $before followed by the plugin's prefix. */
	private static function like( string $before ): string {
		global $wpdb;
		return $wpdb->esc_like( $before . self::PREFIX ) . '%';
	}
}
