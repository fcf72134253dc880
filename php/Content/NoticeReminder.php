<?php
namespace TenderPress\Content;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Islands\IslandBlock;
use TenderPress\Islands\Stepper;
use TenderPress\Rest\ReminderRoute;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Support\Rest;
use WP_Error;
use WP_Post;

/**
 * "Remind me N days before the deadline" on an open notice: a form (block
 * `tenderpress/notice-reminder`, and in a notice page's aside and quick view) whose number of
 * days has a stepper, and the REST route it sends to (Rest\ReminderRoute), which answers with a
 * calendar file (DeadlineCalendar) to open in any calendar app. A plain GET form: it works
 * without JavaScript, stores nothing and sends nothing anywhere. The days' bounds and default
 * are the block's `days` attribute (block.json), with the site's default (IslandBlock), which
 * the route's argument and the settings screen read too.
 */
final class NoticeReminder extends IslandBlock {

	public const BLOCK   = 'tenderpress/notice-reminder';
	public const SECTION = 'reminders';
	public const ROUTE   = '/notices/(?P<id>\d+)/reminder';

	/** Forgets this request's calendar file (each test asks as a new request). */
	public static function reset(): void {
		ReminderRoute::reset();
	}

	public function register(): void {
		parent::register();
		( new ReminderRoute() )->register();
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Deadline reminders', 'tenderpress' ),
			'description' => __( 'Open notices offer a calendar file with an alert some days before their deadline, for the visitor\'s own calendar app. Nothing is stored and nothing is sent.', 'tenderpress' ),
		);
	}

	protected static function site_defaults(): array {
		return array(
			'days' => array(
				'label' => __( 'Days before the deadline, to start with', 'tenderpress' ),
				'help'  => __( 'Visitors can change it before they download the file.', 'tenderpress' ),
				'unit'  => __( 'days', 'tenderpress' ),
			),
		);
	}

	protected static function settings_fields(): array {
		return array(
			'enabled' => new SettingsField( SettingsField::BOOLEAN, __( 'Offer a reminder on open notices', 'tenderpress' ), '', true ),
		) + parent::settings_fields();
	}

	/**
	 * The form for the post being shown (the block's, the loop's); '' outside an open notice.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes.
	 * @param string               $content    Unused: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$post = get_post();
		return self::for_post( $post instanceof WP_Post ? $post : null, $attributes );
	}

	/**
	 * The block for a given post (its context's `postId`): the form when it is an open notice.
	 *
	 * @param WP_Post|null         $post       The post.
	 * @param array<string, mixed> $attributes Block attributes (block.json), cleaned here.
	 */
	public static function for_post( ?WP_Post $post, array $attributes ): string {
		if ( ! $post instanceof WP_Post || NoticePostType::POST_TYPE !== $post->post_type ) {
			return '';
		}
		return self::form( $post, (int) BlockAttributes::clean( self::BLOCK, $attributes )['days'] );
	}

	/**
	 * The `days` argument's bounds and default: the block's, with the site's default.
	 *
	 * @return array{minimum: int, maximum: int, default: int}
	 */
	private static function days_bounds(): array {
		$days = self::rest_argument( 'days' );
		return array(
			'minimum' => (int) ( $days['minimum'] ?? 1 ),
			'maximum' => (int) ( $days['maximum'] ?? 1 ),
			'default' => (int) ( $days['default'] ?? 1 ),
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
		$schema   = self::days_bounds();
		$days     = null === $deadline ? 0 : min( $schema['maximum'], intdiv( $deadline - $now, DAY_IN_SECONDS ) );
		if ( $days < $schema['minimum'] ) {
			return new WP_Error( 'tenderpress_no_deadline', __( 'This notice has no deadline far enough ahead for a reminder.', 'tenderpress' ), array( 'status' => 404 ) );
		}
		return $days;
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
		$schema = self::days_bounds();
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
