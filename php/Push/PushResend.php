<?php
namespace TenderPress\Push;

use TenderPress\Content\NoticePostType;
use WP_Post;

/**
 * Sending a notice's notification again, on purpose: publishing never sends twice, so an editor
 * who fixed a mistake or wants a reminder out asks for it from the notice's edit screen (a box
 * that also says how the last one went) or the notices list ("Send notification again").
 *
 * The link goes to admin-post.php with a nonce for that notice; those who may edit the notice may
 * send it, and only a published, public notice of a type the settings send goes out. Not more
 * often than once per COOLDOWN: a notice whose notification was queued (published or sent
 * again) less than that ago is refused, so no author can make the site send, and its
 * subscribers get, the same notice over and over.
 */
final class PushResend {

	public const ACTION = 'tenderpress_push_resend';

	/** The query argument the redirect back carries: "queued", "refused" or "wait". */
	public const RESULT = 'tenderpress_push';

	/**
	 * Seconds after a notice's notification was queued before it may be sent again; the
	 * `tenderpress_push_resend_cooldown` filter changes it.
	 */
	public const COOLDOWN = HOUR_IN_SECONDS;

	public function register(): void {
		add_action( 'add_meta_boxes_' . NoticePostType::POST_TYPE, array( $this, 'add_box' ) );
		add_filter( 'post_row_actions', array( $this, 'row_action' ), 10, 2 );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'admin_notices', array( $this, 'show_result' ) );
	}

	public function add_box(): void {
		add_meta_box( 'tenderpress-push', __( 'Push notification', 'tenderpress' ), array( $this, 'render_box' ), NoticePostType::POST_TYPE, 'side', 'low' );
	}

	/** The box: how the last notification went, and the link to send it again. */
	public function render_box( WP_Post $post ): void {
		$record = get_post_meta( $post->ID, PushQueue::META, true );
		echo '<p>' . esc_html( self::describe( is_array( $record ) ? $record : array() ) ) . '</p>';
		if ( self::can_send( $post ) ) {
			echo '<p><a class="button" href="' . esc_url( self::url( $post->ID ) ) . '">' . esc_html__( 'Send notification again', 'tenderpress' ) . '</a></p>';
		} else {
			echo '<p>' . esc_html__( 'A notification goes out for published, public notices of the types chosen on the settings screen.', 'tenderpress' ) . '</p>';
		}
	}

	/**
	 * @param mixed $actions The row's links.
	 * @param mixed $post    The post of the row.
	 * @return array<string, string>
	 */
	public function row_action( $actions, $post ): array {
		$actions = is_array( $actions ) ? $actions : array();
		if ( $post instanceof WP_Post && NoticePostType::POST_TYPE === $post->post_type && self::can_send( $post ) ) {
			$actions['tenderpress_push'] = '<a href="' . esc_url( self::url( $post->ID ) ) . '">' . esc_html__( 'Send notification again', 'tenderpress' ) . '</a>';
		}
		return $actions;
	}

	/** The handler of admin-post.php: checks, queues, and goes back to where the editor was. */
	public function handle(): void {
		$id     = isset( $_GET['post'] ) ? absint( $_GET['post'] ) : 0; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- checked in resend().
		$nonce  = isset( $_GET['_wpnonce'] ) ? sanitize_text_field( wp_unslash( $_GET['_wpnonce'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the nonce itself.
		$result = self::resend( $id, $nonce );
		if ( $result instanceof \WP_Error ) {
			wp_die( esc_html( $result->get_error_message() ), '', array( 'response' => 403 ) );
		}
		$back = wp_get_referer();
		$back = $back ? $back : admin_url( 'edit.php?post_type=' . NoticePostType::POST_TYPE );
		wp_safe_redirect( add_query_arg( self::RESULT, $result, $back ) );
		exit;
	}

	/**
	 * Sends a notice's notification again, for the current user with the link's nonce.
	 *
	 * @return string|\WP_Error "queued", "refused" (a notice that sends none), "wait" (queued less
	 *                          than the cooldown ago), or why the user may not ask.
	 */
	public static function resend( int $post_id, string $nonce ) {
		$post = get_post( $post_id );
		if ( ! wp_verify_nonce( $nonce, self::ACTION . '_' . $post_id ) || ! $post instanceof WP_Post || ! current_user_can( 'edit_post', $post_id ) ) {
			return new \WP_Error( 'tenderpress_push_resend', __( 'You may not send this notice\'s notification.', 'tenderpress' ) );
		}
		if ( ! self::can_send( $post ) ) {
			return 'refused';
		}
		if ( self::last_queued( $post->ID ) > time() - self::cooldown() ) {
			return 'wait';
		}
		PushQueue::add( $post->ID, true );
		return 'queued';
	}

	/** The cooldown in seconds (COOLDOWN, or what the filter makes it). */
	public static function cooldown(): int {
		/**
		 * Filters how long after a notice's notification was queued it may be sent again.
		 *
		 * @param int $seconds Seconds (PushResend::COOLDOWN by default; 0 or less: no wait).
		 */
		return max( 0, (int) apply_filters( 'tenderpress_push_resend_cooldown', self::COOLDOWN ) );
	}

	/**
	 * When a notification of the notice was last queued: by a job still queued, or as its last
	 * finished one records it; 0 for never.
	 */
	private static function last_queued( int $post_id ): int {
		$record = get_post_meta( $post_id, PushQueue::META, true );
		$last   = is_array( $record ) ? (int) ( $record['queued'] ?? 0 ) : 0;
		foreach ( PushQueue::jobs() as $job ) {
			if ( (int) $job['post'] === $post_id ) {
				$last = max( $last, (int) ( $job['queued'] ?? 0 ) );
			}
		}
		return $last;
	}

	/** Says, after the redirect, what became of the request. */
	public function show_result(): void {
		$result = isset( $_GET[ self::RESULT ] ) ? sanitize_key( wp_unslash( $_GET[ self::RESULT ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only which message to show.
		if ( 'queued' === $result ) {
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html__( 'The notification is on its way to every subscriber who chose this notice\'s type, category and location.', 'tenderpress' ) . '</p></div>';
		} elseif ( 'wait' === $result ) {
			/* translators: %s: a span of time, such as "1 hour". */
			echo '<div class="notice notice-warning is-dismissible"><p>' . esc_html( sprintf( __( 'This notice\'s notification went out less than %s ago. It can be sent again once that time has passed.', 'tenderpress' ), human_time_diff( 0, self::cooldown() ) ) ) . '</p></div>';
		} elseif ( 'refused' === $result ) {
			echo '<div class="notice notice-error is-dismissible"><p>' . esc_html__( 'This notice sends no notification: it is not published, is protected by a password, or is of a type the push settings leave out.', 'tenderpress' ) . '</p></div>';
		}
	}

	/** The link that sends a notice's notification again. */
	public static function url( int $post_id ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::ACTION,
					'post'   => $post_id,
				),
				admin_url( 'admin-post.php' )
			),
			self::ACTION . '_' . $post_id
		);
	}

	/** Whether the current user may send the notice's notification now. */
	public static function can_send( WP_Post $post ): bool {
		return SubscriptionStore::ready() && current_user_can( 'edit_post', $post->ID ) && PushPublisher::announces( $post );
	}

	/**
	 * How the last notification went, in a sentence.
	 *
	 * @param array<string, mixed> $record The notice's PushQueue::META.
	 */
	public static function describe( array $record ): string {
		if ( ! isset( $record['queued'] ) ) {
			return __( 'No notification has been sent for this notice.', 'tenderpress' );
		}
		if ( ! isset( $record['finished'] ) ) {
			return __( 'Its notification is being sent.', 'tenderpress' );
		}
		return sprintf(
			/* translators: 1: a date and time, 2: how many were delivered, 3: how many subscriptions had ended, 4: how many failed. */
			__( 'Sent %1$s: %2$d delivered, %3$d to ended subscriptions, %4$d failed.', 'tenderpress' ),
			wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $record['finished'] ),
			(int) ( $record[ PushDelivery::DELIVERED ] ?? 0 ),
			(int) ( $record[ PushDelivery::GONE ] ?? 0 ),
			(int) ( $record[ PushDelivery::FAILED ] ?? 0 )
		);
	}
}
