<?php
/**
 * Plugin Name: TenderPress stack page-cache purge
 * Description: Dev and test stack only (`npm run stack` copies it in): empties nginx's full-page cache when published content changes.
 *
 * Inert unless the process runs with TP_PAGE_CACHE_DIR (php-fpm under the stack): other processes
 * of the dev site have no page cache in front of them.
 *
 * A notice appears on its own page, the home page, archives, filtered views, feeds and the
 * calendar, so a change to one empties the whole cache rather than guessing that list. nginx
 * treats an entry whose file is gone as a miss and stores the fresh answer (the "delete local
 * cache files" purge that nginx caches without the purge module use). On a real site the same
 * hook would call the CDN's or the cache's purge API instead.
 *
 * @package TenderPress
 */

// phpcs:disable WordPress.WP.AlternativeFunctions -- plain file removal in a folder the stack owns.

$tenderpress_page_cache = (string) getenv( 'TP_PAGE_CACHE_DIR' );
if ( '' === $tenderpress_page_cache ) {
	return;
}

/**
 * Empties the page cache once, at the end of a request that changed published content.
 *
 * @param string $dir The page cache's folder.
 */
function tenderpress_stack_purge_page_cache( string $dir ): void {
	if ( ! is_dir( $dir ) ) {
		return;
	}
	$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $dir, FilesystemIterator::SKIP_DOTS ) );
	foreach ( $files as $file ) {
		if ( $file->isFile() ) {
			@unlink( $file->getPathname() ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- nginx may have evicted it meanwhile.
		}
	}
}

$tenderpress_purge_due = static function ( $post_id ) use ( $tenderpress_page_cache ) {
	static $queued = false;
	$post = get_post( (int) $post_id );
	if ( $queued || ! $post || 'revision' === $post->post_type || ! is_post_type_viewable( $post->post_type ) ) {
		return;
	}
	$queued = true;
	add_action(
		'shutdown',
		static function () use ( $tenderpress_page_cache ) {
			tenderpress_stack_purge_page_cache( $tenderpress_page_cache );
		}
	);
};
// A post saved, trashed or deleted, or its fields (post meta) changed through REST or the editor.
add_action( 'clean_post_cache', $tenderpress_purge_due );
foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $tenderpress_hook ) {
	add_action(
		$tenderpress_hook,
		static function ( $meta_ids, $post_id ) use ( $tenderpress_purge_due ) {
			$tenderpress_purge_due( $post_id );
		},
		10,
		2
	);
}
