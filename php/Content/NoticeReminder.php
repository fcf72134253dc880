<?php
namespace TenderPress\Content;

use TenderPress\Islands\Stepper;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\Rest;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * "Remind me N days before the deadline" on an open notice: a form (block
 * `tenderpress/notice-reminder`, and in a notice's Details tab) whose number of days has a
 * stepper, and the REST route it sends to, which answers with a calendar file (DeadlineCalendar)
 * to open in any calendar app. A plain GET form: it works without JavaScript, stores nothing and
 * sends nothing anywhere. The days' bounds and default are the block's `days` attribute
 * (block.json), which the route's argument and the settings screen read too.
 */
final class NoticeReminder {

	public const SECTION    = 'reminders';
	public const ROUTE      = '/notices/(?P<id>\d+)/reminder';
	public const BLOCK      = 'notice-reminder';
	public const BLOCK_NAME = 'tenderpress/notice-reminder';

	/** @var string|null The calendar file this request answers, for serve_calendar_file(). */
	private static $file = null;

	/** Forgets this request's file (each test asks as a new request). */
	public static function reset(): void {
		self::$file = null;
	}

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Deadline reminders', 'tenderpress' ),
				__( 'Open notices offer a calendar file with an alert some days before their deadline, for the visitor\'s own calendar app. Nothing is stored and nothing is sent.', 'tenderpress' ),
				array(
					'enabled' => new SettingsField( SettingsField::BOOLEAN, __( 'Offer a reminder on open notices', 'tenderpress' ), '', true ),
					'days'    => SettingsField::from_block_attribute(
						self::BLOCK,
						'days',
						__( 'Days before the deadline, to start with', 'tenderpress' ),
						__( 'Visitors can change it before they download the file.', 'tenderpress' ),
						__( 'days', 'tenderpress' )
					),
				)
			)
		);
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
		add_filter( 'rest_pre_serve_request', array( $this, 'serve_calendar_file' ), 10, 3 );
		add_filter( 'block_type_metadata', array( $this, 'use_site_default' ) );
	}

	/**
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function use_site_default( array $metadata ): array {
		if ( 'tenderpress/' . self::BLOCK === ( $metadata['name'] ?? null ) ) {
			$metadata['attributes']['days']['default'] = (int) Settings::get( self::SECTION, 'days' );
		}
		return $metadata;
	}

	/**
	 * The `days` attribute of the block: type, bounds and the site's default.
	 *
	 * @return array{type: string, minimum: int, maximum: int, default: int}
	 */
	private static function days_schema(): array {
		$block  = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/' . self::BLOCK );
		$schema = $block ? ( $block->get_attributes()['days'] ?? array() ) : array();
		return array(
			'type'    => 'integer',
			'minimum' => (int) ( $schema['minimum'] ?? 1 ),
			'maximum' => (int) ( $schema['maximum'] ?? 1 ),
			'default' => (int) Settings::get( self::SECTION, 'days' ),
		);
	}

	public function register_route(): void {
		register_rest_route(
			Rest::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'calendar_file' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'id'   => array(
						'type'    => 'integer',
						'minimum' => 1,
						'maximum' => 2147483647,
					),
					'days' => self::days_schema() + array(
						'description' => __( 'Days before the deadline for the alert.', 'tenderpress' ),
					),
				),
			)
		);
	}

	/**
	 * Whether a reminder can be offered for a post, and for how many days before its deadline at
	 * most (the block's maximum, or fewer when the deadline is nearer: an alert before now would
	 * never ring); a WP_Error saying why not. The form and the route ask the same.
	 *
	 * @param WP_Post|null $post The post.
	 * @param int          $now  A Unix time.
	 * @return int|WP_Error The most days.
	 */
	public static function offers( ?WP_Post $post, int $now ) {
		if ( ! Settings::get( self::SECTION, 'enabled' ) ) {
			return new WP_Error( 'tenderpress_no_reminders', __( 'This site offers no reminders.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		if ( ! $post instanceof WP_Post || NoticePostType::POST_TYPE !== $post->post_type || ! is_post_publicly_viewable( $post ) || ! empty( $post->post_password ) ) {
			return new WP_Error( 'tenderpress_no_notice', __( 'There is no such notice.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		$notice = Notice::from_post( $post );
		if ( 'corrigendum' === $notice->type ) {
			// Its deadline is the amended notice's: the reminder belongs on that notice's page.
			return new WP_Error( 'tenderpress_corrigendum', __( 'A corrigendum has no deadline of its own: set the reminder on the notice it amends.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		$deadline = $notice->deadline_timestamp;
		$schema   = self::days_schema();
		$days     = null === $deadline ? 0 : min( $schema['maximum'], intdiv( $deadline - $now, DAY_IN_SECONDS ) );
		if ( $days < $schema['minimum'] ) {
			return new WP_Error( 'tenderpress_no_deadline', __( 'This notice has no deadline far enough ahead for a reminder.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		return $days;
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
		$most = self::offers( $post instanceof WP_Post ? $post : null, $now );
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

	/**
	 * The form for an open notice; '' when reminders are off or its deadline has passed.
	 *
	 * @param WP_Post $post The notice.
	 * @param int     $days The days to start with (a block's own); 0 for the site's.
	 */
	public static function form( WP_Post $post, int $days = 0 ): string {
		$most = self::offers( $post, time() );
		if ( is_wp_error( $most ) ) {
			return '';
		}
		$action = rest_url( Rest::NAMESPACE . '/notices/' . $post->ID . '/reminder' );
		// A GET form drops its action's query: without pretty links the route travels as a field.
		$hidden = '';
		$query  = (string) wp_parse_url( $action, PHP_URL_QUERY );
		wp_parse_str( $query, $fields );
		foreach ( $fields as $name => $value ) {
			$hidden .= '<input type="hidden" name="' . esc_attr( (string) $name ) . '" value="' . esc_attr( is_string( $value ) ? $value : '' ) . '">';
		}
		$schema = self::days_schema();
		$days   = $days >= $schema['minimum'] && $days <= $schema['maximum'] ? $days : $schema['default'];
		$days   = min( $days, $most );
		$id     = wp_unique_id( 'tp-reminder-' );
		wp_enqueue_style( 'tenderpress-notice-reminder-style' );
		return sprintf(
			'<form class="tp-reminder" method="get" action="%1$s">%2$s<p class="tp-reminder__row"><span id="%3$s-lead">%4$s</span> %5$s <span id="%3$s-tail">%6$s</span> <button type="submit" class="tp-reminder__submit">%7$s</button></p><p class="tp-reminder__note">%8$s</p></form>',
			esc_url( (string) strtok( $action, '?' ) ),
			$hidden,
			esc_attr( $id ),
			esc_html__( 'Remind me', 'tenderpress' ),
			Stepper::render(
				array(
					'id'         => $id,
					'name'       => 'days',
					'label'      => __( 'days', 'tenderpress' ),
					'value'      => $days,
					'min'        => $schema['minimum'],
					'max'        => $most,
					'step'       => 1,
					// The browser's own check then keeps an empty or out-of-range field from
					// sending (the route would refuse it with a 400).
					'required'   => true,
					// The words on either side, as they read ("Remind me … days before the
					// deadline"); the field's value follows its name.
					'labelledby' => $id . '-lead ' . $id . '-tail',
				)
			),
			esc_html__( 'days before the deadline', 'tenderpress' ),
			esc_html__( 'Add to my calendar', 'tenderpress' ),
			esc_html__( 'A calendar file (.ics) with an alert, for your calendar app.', 'tenderpress' )
		);
	}
}
