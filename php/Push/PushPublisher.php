<?php
namespace TenderPress\Push;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticePostType;
use TenderPress\Settings\Settings;
use WP_Post;

/**
 * When a notice sends its notification: once, when it is first published, whether an editor
 * publishes it or a scheduled notice goes live. Updating, unpublishing and republishing never
 * send again (the notice records that it was queued, with add_post_meta()'s unique flag, so two
 * racing saves queue it once).
 *
 * Not sent: notices of types the settings leave out, password-protected notices, notices
 * published with a date more than MAX_AGE ago (an import of old notices is not news), and any
 * notice while WordPress imports (WP_IMPORTING).
 */
final class PushPublisher {

	/** A notice dated longer ago than this is not announced when published. */
	public const MAX_AGE = 2 * DAY_IN_SECONDS;

	public function register(): void {
		// After the post's terms and meta are saved (the notification reads its buyer, deadline,
		// categories and locations): wp_after_insert_post fires once everything is stored, also
		// for a scheduled notice that goes live.
		add_action( 'wp_after_insert_post', array( $this, 'after_save' ), 10, 4 );
	}

	/**
	 * @param int          $post_id     The post.
	 * @param mixed        $post        The post object.
	 * @param bool         $update      Whether it existed before.
	 * @param WP_Post|null $post_before The post before the save, when it existed.
	 */
	public function after_save( $post_id, $post, $update, $post_before ): void {
		if ( ! $post instanceof WP_Post || NoticePostType::POST_TYPE !== $post->post_type || 'publish' !== $post->post_status ) {
			return;
		}
		if ( $post_before instanceof WP_Post && 'publish' === $post_before->post_status ) {
			return;
		}
		self::announce( $post );
	}

	/**
	 * Queues a notice's notification unless it was queued before or is not to be announced.
	 * Returns whether it was queued.
	 */
	public static function announce( WP_Post $post ): bool {
		// Its type is read when the job starts (PushQueue::step() asks announces()): the block
		// editor saves the notice's fields after it publishes the notice.
		if ( ( defined( 'WP_IMPORTING' ) && WP_IMPORTING ) || ! SubscriptionStore::ready() || 'publish' !== $post->post_status || '' !== $post->post_password ) {
			return false;
		}
		$published = strtotime( $post->post_date_gmt . ' UTC' );
		if ( false === $published || $published < time() - self::MAX_AGE ) {
			return false;
		}
		if ( ! add_post_meta( $post->ID, PushQueue::META, array( 'queued' => time() ), true ) ) {
			return false;
		}
		if ( 0 === SubscriptionStore::count() ) {
			// Nobody to tell: recorded as done, with no job and no cron run.
			update_post_meta( $post->ID, PushQueue::META, PushQueue::record( time(), array() ) );
			return false;
		}
		return null !== PushQueue::add( $post->ID );
	}

	/**
	 * Whether a notice, as it is now, is one to tell subscribers about: published, public, and of
	 * a type the settings choose. Asked when it is queued and again when its job starts.
	 */
	public static function announces( WP_Post $post ): bool {
		$types = Settings::get( PushSettings::SECTION, 'types' );
		return NoticePostType::POST_TYPE === $post->post_type
			&& 'publish' === $post->post_status
			&& '' === $post->post_password
			&& is_array( $types )
			&& in_array( Notice::from_post( $post )->type, $types, true );
	}
}
