<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;

/**
 * Rendered listing pages live in the object cache, in their own group, keyed by the group's
 * "last changed" time. A change to what a listing shows (a notice published, edited, trashed or
 * re-filed, one of its displayed fields changed, a category or location renamed) moves that time
 * once per request, so no reader ever gets a page older than the notices it shows.
 *
 * Why the object cache and not transients: rendering a listing is a read, and a read must never
 * write to the database. With a persistent object cache (Redis, Memcached, APCu) pages are shared
 * between requests and expire on their own, and entries of old generations are dropped by the
 * cache's eviction; without one, each request renders afresh and nothing piles up anywhere.
 *
 * Editor bookkeeping (the `_edit_lock` the heartbeat renews every 15 seconds, `_edit_last`, …)
 * is not what a listing shows and never invalidates it.
 */
final class ListingCache {

	public const GROUP    = 'tenderpress_listings';
	public const LIFETIME = 10 * MINUTE_IN_SECONDS;

	/** @var bool A change seen in this request and not yet published to readers. */
	private static $pending = false;

	public function register(): void {
		add_action( 'clean_post_cache', array( $this, 'on_post_change' ), 10, 2 );
		add_action( 'set_object_terms', array( $this, 'on_terms_change' ), 10, 4 );
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( $this, 'on_meta_change' ), 10, 3 );
		}
		add_action( 'edited_term', array( $this, 'on_term_edit' ), 10, 3 );
		add_action( 'delete_term', array( $this, 'on_term_edit' ), 10, 3 );
		add_action( 'shutdown', array( self::class, 'publish_pending' ) );
	}

	/**
	 * @return mixed|false The cached value, or false.
	 */
	public static function get( string $key ) {
		self::publish_pending();
		return wp_cache_get( self::key( $key ), self::GROUP );
	}

	/**
	 * Keeps a rendered page for the cache's lifetime.
	 *
	 * @param string $key   What the page was rendered from (settings, page, filters, locale).
	 * @param mixed  $value The rendered page.
	 */
	public static function set( string $key, $value ): void {
		self::publish_pending();
		wp_cache_set( self::key( $key ), $value, self::GROUP, self::LIFETIME );
	}

	/** Makes every cached listing page stale, now (bulk imports call this when they are done). */
	public static function bump(): void {
		self::$pending = false;
		wp_cache_set_last_changed( self::GROUP );
	}

	/** Publishes a change seen earlier in this request: once, however many fields changed. */
	public static function publish_pending(): void {
		if ( self::$pending ) {
			self::bump();
		}
	}

	private static function key( string $key ): string {
		return md5( $key ) . ':' . wp_cache_get_last_changed( self::GROUP );
	}

	private static function changed(): void {
		// Bulk imports suspend cache invalidation; they bump once when they are done.
		if ( empty( $GLOBALS['_wp_suspend_cache_invalidation'] ) ) {
			self::$pending = true;
		}
	}

	private static function is_notice( int $post_id ): bool {
		return NoticePostType::POST_TYPE === get_post_type( $post_id );
	}

	/**
	 * A notice's post changed (saved, trashed, deleted), so every listing may show it differently.
	 *
	 * @param int   $post_id Post ID.
	 * @param mixed $post    The post; core passes a WP_Post, other callers of the hook may not.
	 */
	public function on_post_change( $post_id, $post ): void {
		if ( $post instanceof \WP_Post && NoticePostType::POST_TYPE === $post->post_type ) {
			self::changed();
		}
	}

	/**
	 * A notice was filed under other categories or locations.
	 *
	 * @param int               $object_id Object the terms were set on.
	 * @param array<int|string> $terms     Terms as given.
	 * @param array<int>        $tt_ids    Term taxonomy IDs set.
	 * @param string            $taxonomy  Taxonomy of the terms.
	 */
	public function on_terms_change( $object_id, $terms, $tt_ids, $taxonomy ): void {
		if ( self::is_notice( (int) $object_id ) ) {
			self::changed();
		}
	}

	/**
	 * One of a notice's fields was added, updated or deleted.
	 *
	 * @param int|int[] $meta_ids IDs of the meta rows.
	 * @param int       $post_id  Post the meta belongs to.
	 * @param mixed     $meta_key Meta key; checked before use, as any code can fire these hooks.
	 */
	public function on_meta_change( $meta_ids, $post_id, $meta_key ): void {
		// Cheapest test first: this runs for every meta write on the site.
		if ( is_string( $meta_key ) && str_starts_with( $meta_key, 'tp_' ) && self::is_notice( (int) $post_id ) && isset( NoticeFields::definitions()[ $meta_key ] ) ) {
			self::changed();
		}
	}

	/**
	 * A category or location was renamed or deleted, which changes the cards that name it.
	 *
	 * @param int    $term_id  Term ID.
	 * @param int    $tt_id    Term taxonomy ID.
	 * @param string $taxonomy Taxonomy of the term.
	 */
	public function on_term_edit( $term_id, $tt_id, $taxonomy ): void {
		if ( in_array( $taxonomy, array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ), true ) ) {
			self::changed();
		}
	}
}
