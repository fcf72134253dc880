<?php
namespace TenderPress\Rest;

use TenderPress\Content\DeadlineCalendar;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeReminder;
use TenderPress\Support\Rest;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET /tenderpress/v1/notices/<id>/reminder?days=N`: the calendar file (DeadlineCalendar) the
 * deadline reminder's form (NoticeReminder) asks for, sent as text/calendar rather than JSON.
 * Open to everyone, for a published notice whose deadline is far enough ahead; it stores nothing.
 */
final class ReminderRoute {

	/** @var string|null The calendar file this request answers, for serve_calendar_file(). */
	private static $file = null;

	/** Forgets this request's file (each test asks as a new request). */
	public static function reset(): void {
		self::$file = null;
	}

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
		add_filter( 'rest_pre_serve_request', array( $this, 'serve_calendar_file' ), 10, 3 );
	}

	public function register_route(): void {
		register_rest_route(
			Rest::NAMESPACE,
			NoticeReminder::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'calendar_file' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'id'   => Rest::id_argument(),
					'days' => NoticeReminder::rest_argument( 'days' ) + array(
						'description' => __( 'Days before the deadline for the alert.', 'tenderpress' ),
					),
				),
			)
		);
	}

	/**
	 * The calendar file of a published notice whose deadline is far enough ahead, while the site
	 * offers reminders.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function calendar_file( WP_REST_Request $request ) {
		$post = get_post( (int) $request['id'] );
		$now  = time();
		$most = NoticeReminder::offers( $post instanceof WP_Post ? $post : null, $now );
		if ( is_wp_error( $most ) ) {
			return $most;
		}
		/** @var WP_Post $post Checked by offers(). */
		$days = (int) $request['days'];
		if ( $days > $most ) {
			return new WP_Error(
				'rest_invalid_param',
				/* translators: %d: how many whole days are left before the deadline. */
				sprintf( _n( 'The deadline is only %d day away: choose fewer days.', 'The deadline is only %d days away: choose fewer days.', $most, 'tenderpress' ), $most ),
				array( 'status' => 400 )
			);
		}
		self::$file = DeadlineCalendar::ics( Notice::from_post( $post ), $days, $now );
		// An array, as WordPress's response filters (?_fields=) expect; serve_calendar_file() sends the file.
		$response = new WP_REST_Response( array( 'ics' => self::$file ) );
		$response->header( 'Content-Type', 'text/calendar; charset=utf-8' );
		// The notice's id, not its slug: a slug in another script would make an unreadable name.
		$response->header( 'Content-Disposition', 'attachment; filename="deadline-' . $post->ID . '.ics"' );
		return $response;
	}

	/**
	 * Sends the calendar file as it is, not as JSON (as WordPress serves oEmbed's XML).
	 *
	 * @param bool                    $served  Whether the answer was sent already.
	 * @param \WP_HTTP_Response|mixed $result  The answer.
	 * @param WP_REST_Request|mixed   $request The request.
	 */
	public function serve_calendar_file( $served, $result, $request ): bool {
		if ( $served || null === self::$file || ! $result instanceof WP_REST_Response || ! $request instanceof WP_REST_Request || 200 !== $result->get_status() ) {
			return (bool) $served;
		}
		if ( ! preg_match( '#^/' . preg_quote( Rest::NAMESPACE, '#' ) . '/notices/\d+/reminder$#', $request->get_route() ) ) {
			return (bool) $served;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			echo self::$file; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a calendar file, text/calendar, built and escaped by DeadlineCalendar.
		}
		self::$file = null;
		return true;
	}
}
