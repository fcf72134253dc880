<?php
namespace TenderPress\Admin;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsSection;

/**
 * The "Performance" section: tells the site owner whether the caches that make listings cheap are
 * there. Nothing to set; it reads what WordPress itself knows, without a request to the site.
 */
final class PerformanceStatus {

	public function register(): void {
		Settings::add_section(
			'performance',
			static fn (): SettingsSection => new SettingsSection(
				__( 'Performance', 'tenderpress' ),
				'',
				array(),
				array( self::class, 'report' )
			)
		);
	}

	/** Whether a persistent object cache is in use (wp-content/object-cache.php). */
	public static function has_object_cache(): bool {
		// Null until something sets it: no drop-in was loaded.
		return (bool) wp_using_ext_object_cache();
	}

	/** Whether a page cache plugin is installed as WordPress's drop-in (WP_CACHE and advanced-cache.php). */
	public static function has_page_cache_drop_in(): bool {
		return defined( 'WP_CACHE' ) && WP_CACHE && is_readable( WP_CONTENT_DIR . '/advanced-cache.php' );
	}

	/** @return string Escaped HTML. */
	public static function report(): string {
		$rows = array(
			array(
				__( 'Persistent object cache', 'tenderpress' ),
				self::has_object_cache(),
				__( 'Detected. Rendered listing pages are kept between requests, so paging a listing costs a single cache read.', 'tenderpress' ),
				__( 'Not detected. Rendered listing pages are kept only for the length of one request. A persistent object cache (for example Redis or Memcached, with its object-cache.php drop-in) keeps them between requests.', 'tenderpress' ),
			),
			array(
				__( 'Page cache', 'tenderpress' ),
				self::has_page_cache_drop_in(),
				__( 'Detected (WP_CACHE is on and advanced-cache.php is installed). Cached pages keep paging in place, even a day later.', 'tenderpress' ),
				__( 'No page cache plugin detected in WordPress. A cache in front of the site (a reverse proxy or CDN) cannot be seen from here; the Site Health screen tests the site\'s responses for one.', 'tenderpress' ),
			),
		);
		$html = '<table class="widefat striped tp-performance"><tbody>';
		foreach ( $rows as list( $label, $found, $yes, $no ) ) {
			$html .= sprintf(
				'<tr><th scope="row">%s</th><td><strong>%s</strong> %s</td></tr>',
				esc_html( $label ),
				esc_html( $found ? __( 'Yes.', 'tenderpress' ) : __( 'No.', 'tenderpress' ) ),
				esc_html( $found ? $yes : $no )
			);
		}
		return $html . '</tbody></table>';
	}
}
