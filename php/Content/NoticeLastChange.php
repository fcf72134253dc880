<?php
namespace TenderPress\Content;

/**
 * When the newest change to a published notice was made: what WordPress's
 * get_lastpostmodified( 'gmt', 'tender' ) answers (the later of the newest modification and the
 * newest publication), kept in an autoloaded option when notices change, so that reading it costs
 * nothing. The theme's footer says it on every page ("Last updated"), and WordPress asks it in two
 * queries that each read every published notice's date, since neither date column of its posts
 * table has an index of its own: at 10,000 notices the slowest statements of a page.
 *
 * Written at the end of a request that changed a notice (once, however many it changed), never on
 * a visitor's read. Until a site has the option (before its upgrade), and for the rest of a
 * request that has just changed a notice, WordPress works it out as it always has. An import
 * that suspends cache invalidation (WordPress then tells nobody of its changes) calls store()
 * when it is done, as it calls ListingCache::bump().
 */
final class NoticeLastChange {

	/** The option: a GMT date and time in MySQL's format, as WordPress answers. */
	public const OPTION = 'tenderpress_notices_changed';

	/**
	 * @var array<int, true> The sites (blog ids) where a notice changed in this request since
	 *                       their option was last written.
	 */
	private static $pending = array();

	public function register(): void {
		add_filter( 'pre_get_lastpostmodified', array( $this, 'answer' ), 10, 3 );
		// A save, a publication (the scheduler's too) or a move to the bin: WordPress fires this
		// for each, even while an import has suspended cache invalidation, when it fires nothing
		// else. A deletion, and a change written to the posts table by hand and then announced
		// (clean_post_cache()), count as well.
		add_action( 'transition_post_status', array( $this, 'on_status' ), 10, 3 );
		add_action( 'deleted_post', array( $this, 'on_post_change' ), 10, 2 );
		add_action( 'clean_post_cache', array( $this, 'on_post_change' ), 10, 2 );
		add_action( 'shutdown', array( self::class, 'store_pending' ) );
	}

	/**
	 * @param mixed $value     What an earlier filter answered (false: nothing yet).
	 * @param mixed $timezone  'gmt', 'blog' or 'server'; only 'gmt' is kept.
	 * @param mixed $post_type The post type asked about.
	 * @return mixed
	 */
	public function answer( $value, $timezone, $post_type ) {
		if ( false !== $value || isset( self::$pending[ get_current_blog_id() ] ) || NoticePostType::POST_TYPE !== $post_type || ! is_string( $timezone ) || 'gmt' !== strtolower( $timezone ) ) {
			return $value;
		}
		$stored = get_option( self::OPTION );
		return is_string( $stored ) && preg_match( '/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/D', $stored ) ? $stored : $value;
	}

	/**
	 * A post was saved, published or moved to the bin.
	 *
	 * @param mixed $new_status The post's status now.
	 * @param mixed $old_status Its status before.
	 * @param mixed $post       The post.
	 */
	public function on_status( $new_status, $old_status, $post ): void {
		$this->on_post_change( 0, $post );
	}

	/**
	 * A post was deleted, or its cache cleaned after a change.
	 *
	 * @param int|string $post_id Post ID.
	 * @param mixed      $post    The post; core passes a WP_Post, other callers of the hooks may not.
	 */
	public function on_post_change( $post_id, $post ): void {
		if ( $post instanceof \WP_Post && NoticePostType::POST_TYPE === $post->post_type ) {
			self::$pending[ get_current_blog_id() ] = true;
		}
	}

	/** Writes the option of each site where a notice changed, at the end of the request. */
	public static function store_pending(): void {
		foreach ( array_keys( self::$pending ) as $blog_id ) {
			$elsewhere = is_multisite() && get_current_blog_id() !== $blog_id;
			if ( $elsewhere ) {
				switch_to_blog( $blog_id );
			}
			self::store();
			if ( $elsewhere ) {
				restore_current_blog();
			}
		}
	}

	/** Works the time out from the notices, as WordPress does, and keeps it (or none, with no notice). */
	public static function store(): void {
		global $wpdb;
		unset( self::$pending[ get_current_blog_id() ] );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a write-time summary; WordPress's own lookup is what this spares readers.
		$row    = $wpdb->get_row( $wpdb->prepare( "SELECT MAX(post_modified_gmt) AS modified, MAX(post_date_gmt) AS published FROM {$wpdb->posts} WHERE post_type = %s AND post_status = 'publish'", NoticePostType::POST_TYPE ), ARRAY_A );
		$latest = max( (string) ( $row['modified'] ?? '' ), (string) ( $row['published'] ?? '' ) );
		if ( '' === $latest ) {
			delete_option( self::OPTION );
			return;
		}
		update_option( self::OPTION, $latest, true );
	}
}
