<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticePostType;

/**
 * Rendered listing pages are cached (transients) under a version that changes whenever a notice
 * is published, updated, deleted, re-filed or has its fields changed, so a cached page is never
 * older than the notices it shows. Old versions are simply never read again and expire.
 */
final class ListingCache {

	private const VERSION_OPTION = 'tenderpress_listing_version';
	public const LIFETIME = 10 * MINUTE_IN_SECONDS;

	public function register(): void {
		add_action( 'clean_post_cache', array( $this, 'on_post_change' ), 10, 2 );
		add_action( 'set_object_terms', array( $this, 'on_terms_change' ), 10, 4 );
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( $this, 'on_meta_change' ), 10, 2 );
		}
	}

	public static function version(): string {
		return (string) get_option( self::VERSION_OPTION, '0' );
	}

	public static function bump(): void {
		update_option( self::VERSION_OPTION, uniqid( '', true ), true );
	}

	public static function get( string $key ) {
		return get_transient( self::key( $key ) );
	}

	public static function set( string $key, $value ): void {
		set_transient( self::key( $key ), $value, self::LIFETIME );
	}

	private static function key( string $key ): string {
		return 'tp_list_' . md5( self::version() . '|' . $key );
	}

	/** @param int $post_id */
	public function on_post_change( $post_id, $post ): void {
		if ( $post instanceof \WP_Post && NoticePostType::POST_TYPE === $post->post_type ) {
			self::bump();
		}
	}

	public function on_terms_change( $object_id, $terms, $tt_ids, $taxonomy ): void {
		if ( empty( $GLOBALS['_wp_suspend_cache_invalidation'] ) && NoticePostType::POST_TYPE === get_post_type( (int) $object_id ) ) {
			self::bump();
		}
	}

	/** @param int|int[] $meta_ids */
	public function on_meta_change( $meta_ids, $post_id ): void {
		// Bulk imports suspend cache invalidation; they bump once when they are done.
		if ( empty( $GLOBALS['_wp_suspend_cache_invalidation'] ) && NoticePostType::POST_TYPE === get_post_type( (int) $post_id ) ) {
			self::bump();
		}
	}
}
