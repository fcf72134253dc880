<?php
namespace TenderPress\Tests;

use Sabre\VObject\Component;
use Sabre\VObject\Component\VCalendar;
use Sabre\VObject\Property;
use Sabre\VObject\Reader;
use TenderPress\Admin\SettingsPage;
use TenderPress\Blocks\NoticeTabs;
use TenderPress\Content\NoticeReminder;
use TenderPress\Rest\ReminderRoute;
use TenderPress\Islands\Stepper;
use TenderPress\Islands\Tabs;
use TenderPress\Settings\Settings;
use WP_REST_Request;
use WP_REST_Response;

/**
 * "Remind me N days before the deadline" on an open notice: the REST route's calendar file (a
 * valid iCalendar file with the deadline in UTC, an alert N days before, text escaped and lines
 * folded as RFC 5545 asks), what it refuses (bad days, notices a visitor may not read, notices
 * with no deadline to come) without writing anything, the file served as it is rather than as
 * JSON, the form that asks for it (a GET form that works without JavaScript, with the stepper,
 * under pretty and plain permalinks, the block's and the site's days) and the settings section.
 */
final class NoticeReminderTest extends TestCase {

	/** The seeded newest notice, which is open. */
	private const NEWEST_TITLE = 'Cloud hosting partners for Mysuru';

	/** A deadline in the site's time (Asia/Kolkata, UTC+5:30) and the same moment in UTC. */
	private const DEADLINE_LOCAL = '2030-01-15 14:30';

	private const DEADLINE_UTC = '20300115T090000Z';

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		$this->tolerate_the_parsers_deprecations();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->queued_styles = wp_styles()->queue;
		Tabs::reset();
		NoticeReminder::reset();
	}

	protected function tearDown(): void {
		Tabs::reset();
		wp_styles()->queue = $this->queued_styles;
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
		restore_error_handler();
	}

	/**
	 * The installed sabre/vobject (4.2.2) predates PHP 8.1's return types: loading its classes
	 * raises deprecations, which PHPUnit turns into errors (a fatal one while a class is linked).
	 * Those of its own files, and only those, are let through; every other error still fails.
	 */
	private function tolerate_the_parsers_deprecations(): void {
		$vendor   = dirname( __DIR__, 2 ) . '/vendor/sabre/';
		$previous = null;
		$previous = set_error_handler( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler -- a test's own handler, restored in tearDown().
			static function ( int $level, string $message, string $file = '', int $line = 0 ) use ( &$previous, $vendor ): bool {
				if ( 0 !== ( $level & ( E_DEPRECATED | E_USER_DEPRECATED ) ) && str_starts_with( $file, $vendor ) ) {
					return true;
				}
				return null === $previous ? false : (bool) $previous( $level, $message, $file, $line );
			}
		);
	}

	/** The newest notice, as the REST API (and the site's listings) put it first. */
	private function newest_notice(): \WP_Post {
		$response = $this->rest( 'GET', '/wp/v2/tenders', array( 'per_page' => 1 ) );
		$this->assertSame( 200, $response->get_status() );
		$post = get_post( $response->get_data()[0]['id'] );
		$this->assertInstanceOf( \WP_Post::class, $post );
		$this->assertSame( self::NEWEST_TITLE, $post->post_title, 'The seed\'s newest notice.' );
		return $post;
	}

	/**
	 * An open notice: published, its deadline DEADLINE_LOCAL unless the meta says otherwise.
	 *
	 * @param array<string, mixed> $meta Its fields.
	 * @param array<string, mixed> $post Other post fields; the title as typed (it is slashed here, as a form's would be).
	 */
	private function open_notice( array $meta = array(), array $post = array() ): int {
		if ( isset( $post['post_title'] ) ) {
			$post['post_title'] = wp_slash( $post['post_title'] );
		}
		return $this->make_notice(
			$meta + array(
				'tp_deadline'  => self::DEADLINE_LOCAL,
				'tp_buyer'     => 'Public Works Department',
				'tp_reference' => 'PWD/RB/2029/0042',
			),
			$post + array( 'post_title' => 'Resurfacing of the ring road' )
		);
	}

	/**
	 * The reminder route, as a browser's GET asks it.
	 *
	 * @param int|string           $id     The id in the path.
	 * @param array<string, mixed> $params The query.
	 */
	private function reminder( $id, array $params = array() ): WP_REST_Response {
		$request = new WP_REST_Request( 'GET', '/tenderpress/v1/notices/' . $id . '/reminder' );
		$request->set_query_params( $params );
		return rest_do_request( $request );
	}

	/** The calendar file a successful answer carries (served as it is by serve_calendar_file()). */
	private function ics_of( WP_REST_Response $response ): string {
		$data = $response->get_data();
		$this->assertIsArray( $data );
		$this->assertIsString( $data['ics'] ?? null );
		return $data['ics'];
	}

	/**
	 * Parses a calendar file with sabre/vobject and fails unless it validates without a problem.
	 */
	private function parse( string $ics ): VCalendar {
		$calendar = Reader::read( $ics );
		$this->assertInstanceOf( VCalendar::class, $calendar );
		$problems = $calendar->validate();
		$this->assertSame(
			array(),
			array_map( static fn( array $problem ): string => $problem['level'] . ': ' . $problem['message'], $problems ),
			'The calendar file validates without an error or a warning.'
		);
		return $calendar;
	}

	/** The one event of a calendar file that validates. */
	private function event( string $ics ): Component {
		$events = $this->parse( $ics )->select( 'VEVENT' );
		$this->assertCount( 1, $events, 'One event.' );
		return $events[0];
	}

	/** The one alarm of an event. */
	private function alarm( Component $event ): Component {
		$alarms = $event->select( 'VALARM' );
		$this->assertCount( 1, $alarms, 'One alarm.' );
		return $alarms[0];
	}

	/** A component's one property (fails when there is not exactly one). */
	private function node( Component $component, string $name ): Property {
		$nodes = $component->select( $name );
		$this->assertCount( 1, $nodes, 'One ' . $name . '.' );
		$this->assertInstanceOf( Property::class, $nodes[0] );
		return $nodes[0];
	}

	/** A property's value, unescaped, as a calendar app reads it. */
	private function value( Component $component, string $name ): string {
		return (string) $this->node( $component, $name );
	}

	/**
	 * Fails unless the file's lines end in CRLF, each at most 75 octets, each whole UTF-8 (no
	 * character cut by a fold), none empty.
	 *
	 * @return list<string> The physical lines.
	 */
	private function assert_lines_as_rfc_5545_asks( string $ics ): array {
		$this->assertStringEndsWith( "\r\n", $ics );
		$this->assertSame( substr_count( $ics, "\n" ), substr_count( $ics, "\r\n" ), 'No bare LF.' );
		$this->assertSame( substr_count( $ics, "\r" ), substr_count( $ics, "\r\n" ), 'No bare CR.' );
		$lines = explode( "\r\n", substr( $ics, 0, -2 ) );
		foreach ( $lines as $number => $line ) {
			$this->assertLessThanOrEqual( 75, strlen( $line ), 'Line ' . $number . ' is at most 75 octets: ' . $line );
			$this->assertTrue( mb_check_encoding( $line, 'UTF-8' ), 'Line ' . $number . ' is whole UTF-8 (no character cut by a fold): ' . bin2hex( $line ) );
			$this->assertNotSame( '', $line, 'No empty line.' );
			$this->assertNotSame( ' ', $line, 'No continuation without content.' );
		}
		$this->assertSame( 'BEGIN:VCALENDAR', $lines[0] );
		$this->assertSame( 'END:VCALENDAR', end( $lines ) );
		return $lines;
	}

	/** @return array<string, int> How many rows the tables a read could touch have. */
	private function row_counts(): array {
		global $wpdb;
		return array(
			'posts'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ),
			'postmeta' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta}" ),
			'options'  => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options}" ),
		);
	}

	/** Saves the reminders section as the settings form sends it (through the registered sanitizer). */
	private function set_reminders( array $values ): void {
		update_option( Settings::OPTION, array( NoticeReminder::SECTION => $values ) );
	}

	/** The instance the plugin hooked to rest_pre_serve_request. */
	private function hooked_reminder(): ReminderRoute {
		global $wp_filter;
		foreach ( $wp_filter['rest_pre_serve_request']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof ReminderRoute ) {
					$this->assertSame( 'serve_calendar_file', $callback['function'][1] );
					return $callback['function'][0];
				}
			}
		}
		$this->fail( 'ReminderRoute serves its files on rest_pre_serve_request.' );
	}

	/**
	 * The form's parts as a visitor meets them.
	 *
	 * @return array{dom: Html, form: \DOMElement, field: \DOMElement}
	 */
	private function form_parts( string $html ): array {
		$dom   = new Html( $html );
		$forms = $dom->all( '//form' );
		$this->assertCount( 1, $forms, 'One form.' );
		$field = $dom->one( './/input[@type="number"]', $forms[0] );
		$this->assertNotNull( $field, 'The form has the number of days.' );
		return array(
			'dom'   => $dom,
			'form'  => $forms[0],
			'field' => $field,
		);
	}

	/**
	 * What submitting the form asks for: the action's address with its fields as the query, as a
	 * browser builds a GET form's request (the action's own query dropped).
	 *
	 * @return array{0: string, 1: array<string, string>} The address without query, and the fields.
	 */
	private function submission( Html $dom, \DOMElement $form ): array {
		$fields = array();
		foreach ( $dom->all( './/input[@name]', $form ) as $input ) {
			$fields[ $input->getAttribute( 'name' ) ] = $input->getAttribute( 'value' );
		}
		return array( $form->getAttribute( 'action' ), $fields );
	}

	/** Where the form asks the calendar file of this notice from, when links are pretty. */
	private function route_url( int $id ): string {
		return rest_url( 'tenderpress/v1/notices/' . $id . '/reminder' );
	}

	public function test_the_newest_notice_gives_a_calendar_file_that_validates_with_its_deadline_in_utc(): void {
		$notice   = $this->newest_notice();
		$deadline = (string) get_post_meta( $notice->ID, 'tp_deadline', true );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $deadline );
		$moment = new \DateTimeImmutable( $deadline, new \DateTimeZone( 'Asia/Kolkata' ) );
		$this->assertGreaterThan( time(), $moment->getTimestamp(), 'The seed\'s newest notice is open.' );

		$before   = $this->row_counts();
		$writes   = QueryLog::start();
		$response = $this->reminder( $notice->ID );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$this->assertSame( $before, $this->row_counts() );

		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$headers = $response->get_headers();
		$this->assertSame( 'text/calendar; charset=utf-8', $headers['Content-Type'] ?? null );
		$this->assertSame( 'attachment; filename="deadline-' . $notice->ID . '.ics"', $headers['Content-Disposition'] ?? null );
		$this->assertMatchesRegularExpression( '/^[a-z0-9-]+$/', $notice->post_name );

		$ics = $this->ics_of( $response );
		$this->assertIsString( $ics );
		$this->assert_lines_as_rfc_5545_asks( $ics );
		$calendar = $this->parse( $ics );
		$this->assertCount( 1, $calendar->select( 'VEVENT' ), 'One event.' );
		$event = $calendar->select( 'VEVENT' )[0];
		$this->assertSame( $moment->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Ymd\THis\Z' ), $this->value( $event, 'DTSTART' ), 'The deadline, in UTC.' );
		$this->assertSame( $moment->getTimestamp(), $this->node( $event, 'DTSTART' )->getDateTime()->getTimestamp() );
		$this->assertSame( 'Deadline: ' . self::NEWEST_TITLE, $this->value( $event, 'SUMMARY' ) );
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		$this->assertSame( 'tenderpress-notice-' . $notice->ID . '-deadline@' . $host, $this->value( $event, 'UID' ) );
		$this->assertSame( get_permalink( $notice ), $this->value( $event, 'URL' ) );
		$this->assertSame(
			// The reference's year is the year the seed published the notice in.
			"Issuing organisation: Bengaluru Water Supply and Sewerage Board\nReference number: BWSSB/IT/" . get_the_date( 'Y', $notice ) . "/0144\n" . get_permalink( $notice ),
			$this->value( $event, 'DESCRIPTION' ),
			'Buyer, reference and the notice\'s page, a line each.'
		);
		$this->assertSame( '-P3D', $this->value( $this->alarm( $event ), 'TRIGGER' ), 'Three days before, by default.' );
		$this->assertSame( 'DISPLAY', $this->value( $this->alarm( $event ), 'ACTION' ) );
		$this->assertSame( self::NEWEST_TITLE . ' closes in 3 days.', $this->value( $this->alarm( $event ), 'DESCRIPTION' ) );
	}

	/** @return array<string, array{0: int|string, 1: string, 2: string}> Days asked, the trigger, the alert's words. */
	public function days(): array {
		return array(
			'one day'                   => array( 1, '-P1D', 'closes in 1 day.' ),
			'three days'                => array( 3, '-P3D', 'closes in 3 days.' ),
			'thirty days'               => array( 30, '-P30D', 'closes in 30 days.' ),
			'seven, as a form sends it' => array( '7', '-P7D', 'closes in 7 days.' ),
		);
	}

	/**
	 * @dataProvider days
	 * @param int|string $days Days asked for.
	 */
	public function test_the_alert_is_the_days_asked_for_before_the_deadline( $days, string $trigger, string $words ): void {
		$id       = $this->open_notice();
		$start    = time();
		$response = $this->reminder( $id, array( 'days' => $days ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$ics = $this->ics_of( $response );
		$this->assert_lines_as_rfc_5545_asks( $ics );
		$this->assertStringContainsString( "\r\nTRIGGER:" . $trigger . "\r\n", $ics );
		$event = $this->event( $ics );

		$this->assertSame( self::DEADLINE_UTC, $this->value( $event, 'DTSTART' ) );
		$this->assertSame( $trigger, $this->value( $this->alarm( $event ), 'TRIGGER' ) );
		$interval = $this->node( $this->alarm( $event ), 'TRIGGER' )->getDateInterval();
		$this->assertSame( array( (int) $days, 1 ), array( $interval->d, $interval->invert ), 'Before the start, by that many days.' );
		$this->assertSame( 'Resurfacing of the ring road ' . $words, $this->value( $this->alarm( $event ), 'DESCRIPTION' ) );
		$this->assertSame( 'Deadline: Resurfacing of the ring road', $this->value( $event, 'SUMMARY' ) );
		$this->assertSame( 'tenderpress-notice-' . $id . '-deadline@' . wp_parse_url( home_url(), PHP_URL_HOST ), $this->value( $event, 'UID' ) );
		$this->assertSame( get_permalink( $id ), $this->value( $event, 'URL' ) );
		$this->assertSame( "Issuing organisation: Public Works Department\nReference number: PWD/RB/2029/0042\n" . get_permalink( $id ), $this->value( $event, 'DESCRIPTION' ) );
		$stamp = $this->node( $event, 'DTSTAMP' )->getDateTime()->getTimestamp();
		$this->assertGreaterThanOrEqual( $start, $stamp, 'Stamped when made.' );
		$this->assertLessThanOrEqual( time(), $stamp );
		$this->assertStringEndsWith( 'Z', $this->value( $event, 'DTSTAMP' ) );
		$this->assertSame( 'attachment; filename="deadline-' . $id . '.ics"', $response->get_headers()['Content-Disposition'], 'Named by the notice\'s id: a name in any script stays readable.' );
	}

	public function test_a_long_hindi_title_folds_between_characters_and_reads_back_whole(): void {
		$title = 'बेंगलुरु जल आपूर्ति और सीवरेज बोर्ड के लिए क्लाउड होस्टिंग साझेदारों का चयन, चरण दो; संशोधित निविदा सूचना';
		$buyer = 'बृहत बेंगलुरु महानगर पालिके, जल आपूर्ति विभाग';
		$this->assertGreaterThan( 150, strlen( $title ), 'Long enough to fold more than once.' );
		$id = $this->open_notice( array( 'tp_buyer' => $buyer ), array( 'post_title' => $title ) );
		$this->assertSame( $title, get_the_title( $id ) );

		$response = $this->reminder( $id, array( 'days' => 5 ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$ics = $this->ics_of( $response );
		$lines = $this->assert_lines_as_rfc_5545_asks( $ics );
		$this->assertGreaterThanOrEqual( 3, count( array_filter( $lines, static fn( string $line ): bool => ' ' === $line[0] ) ), 'The long lines are folded.' );
		$unfolded = explode( "\r\n", str_replace( "\r\n ", '', $ics ) );
		$summary  = array_values( array_filter( $unfolded, static fn( string $line ): bool => str_starts_with( $line, 'SUMMARY:' ) ) );
		$this->assertSame( array( 'SUMMARY:Deadline: ' . str_replace( array( ',', ';' ), array( '\\,', '\\;' ), $title ) ), $summary, 'Unfolded, the line is the escaped title.' );
		// Every folded line but the last of its content line uses the octets it may, up to a character.
		foreach ( $lines as $number => $line ) {
			$next = $lines[ $number + 1 ] ?? '';
			if ( '' !== $next && ' ' === $next[0] ) {
				$this->assertGreaterThan( 75 - 4, strlen( $line ), 'A fold comes only where the next character would pass 75 octets: ' . $line );
			}
		}

		$event = $this->event( $ics );
		$this->assertSame( 'Deadline: ' . $title, $this->value( $event, 'SUMMARY' ) );
		$this->assertSame( $title . ' closes in 5 days.', $this->value( $this->alarm( $event ), 'DESCRIPTION' ) );
		$this->assertSame( 'Issuing organisation: ' . $buyer . "\nReference number: PWD/RB/2029/0042\n" . get_permalink( $id ), $this->value( $event, 'DESCRIPTION' ) );
		$this->assertSame( get_permalink( $id ), $this->value( $event, 'URL' ) );
		$this->assertSame( self::DEADLINE_UTC, $this->value( $event, 'DTSTART' ) );
		$this->assertMatchesRegularExpression( '/^attachment; filename="deadline-[^"\/\\\\]+\.ics"$/', $response->get_headers()['Content-Disposition'] );
	}

	public function test_commas_semicolons_and_backslashes_are_escaped_and_read_back(): void {
		$title     = 'Roads, bridges; culverts \\ drains, phase 2';
		$buyer     = 'Public Works Department, Zone 3; Division \\ North';
		$reference = 'PWD\\RB;2029,7';
		$id        = $this->open_notice(
			array(
				'tp_buyer'     => $buyer,
				'tp_reference' => $reference,
			),
			array( 'post_title' => $title )
		);
		$this->assertSame( $title, get_the_title( $id ), 'Stored as typed.' );
		$this->assertSame( $buyer, get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( $reference, get_post_meta( $id, 'tp_reference', true ) );

		$response = $this->reminder( $id );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$ics = $this->ics_of( $response );
		$this->assert_lines_as_rfc_5545_asks( $ics );
		$unfolded = str_replace( "\r\n ", '', $ics );
		$this->assertStringContainsString( "\r\nSUMMARY:Deadline: Roads\\, bridges\\; culverts \\\\ drains\\, phase 2\r\n", $unfolded, 'Escaped as RFC 5545 3.3.11 asks.' );
		$this->assertStringContainsString( "\r\nDESCRIPTION:Issuing organisation: Public Works Department\\, Zone 3\\; Division \\\\ North\\nReference number: PWD\\\\RB\\;2029\\,7\\n", $unfolded );

		$event = $this->event( $ics );
		$this->assertSame( 'Deadline: ' . $title, $this->value( $event, 'SUMMARY' ) );
		$this->assertSame( 'Issuing organisation: ' . $buyer . "\nReference number: " . $reference . "\n" . get_permalink( $id ), $this->value( $event, 'DESCRIPTION' ) );
		$this->assertSame( $title . ' closes in 3 days.', $this->value( $this->alarm( $event ), 'DESCRIPTION' ) );
	}

	public function test_a_notice_without_buyer_or_reference_describes_only_its_page(): void {
		$id       = $this->open_notice(
			array(
				'tp_buyer'     => '',
				'tp_reference' => '',
			)
		);
		$response = $this->reminder( $id );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( get_permalink( $id ), $this->value( $this->event( $this->ics_of( $response ) ), 'DESCRIPTION' ) );
	}

	/** @return array<string, array{0: mixed}> Days the route refuses. */
	public function bad_days(): array {
		return array(
			'zero'                           => array( 0 ),
			'thirty-one'                     => array( 31 ),
			'minus one'                      => array( -1 ),
			'a fraction'                     => array( '3.5' ),
			'a word'                         => array( 'abc' ),
			'empty'                          => array( '' ),
			'a list'                         => array( array( '3' ) ),
			'markup'                         => array( '<script>alert(1)</script>' ),
			'thirty-one, as a form sends it' => array( '31' ),
		);
	}

	/**
	 * @dataProvider bad_days
	 * @param mixed $days Days asked for.
	 */
	public function test_days_out_of_bounds_or_not_a_whole_number_are_refused_and_nothing_is_written( $days ): void {
		$id       = $this->open_notice();
		$before   = $this->row_counts();
		$writes   = QueryLog::start();
		$response = $this->reminder( $id, array( 'days' => $days ) );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$this->assertSame( $before, $this->row_counts() );

		$this->assertSame( 400, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertIsArray( $error, 'An error, as JSON: not a calendar file.' );
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		// WordPress's own check, or the plugin's guard of its routes (NoticeRestGuard) for a list.
		$this->assertContains( $error['message'], array( 'Invalid parameter(s): days', 'The parameter days is not valid.' ) );
		$this->assertArrayHasKey( 'days', $error['data']['params'] );
		$this->assertLessThan( 80, strlen( $error['data']['params']['days'] ), 'A short message: ' . $error['data']['params']['days'] );
		$this->assertStringNotContainsString( '<script>', wp_json_encode( $error ), 'What was sent is not echoed back.' );
		$this->assertArrayNotHasKey( 'Content-Disposition', $response->get_headers() );
		$this->assertFalse( $this->hooked_reminder()->serve_calendar_file( false, $response, new WP_REST_Request( 'GET', '/tenderpress/v1/notices/' . $id . '/reminder' ) ), 'Served as WordPress serves an error.' );
	}

	/**
	 * @return array<string, array{0: callable(self): (int|string), 1: int, 2: string}> What each case asks
	 * for (made in the test), the status and the message.
	 */
	public function refused_notices(): array {
		$none     = 'There is no such notice.';
		$deadline = 'This notice has no deadline far enough ahead for a reminder.';
		return array(
			'id 0'                          => array( static fn(): string => '0', 400, 'Invalid parameter(s): id' ),
			'a huge id'                     => array( static fn(): string => '99999999999999999999', 400, 'Invalid parameter(s): id' ),
			'an id past the largest'        => array( static fn(): string => '2147483648', 400, 'Invalid parameter(s): id' ),
			'the largest id, unused'        => array( static fn(): string => '2147483647', 404, $none ),
			'a draft'                       => array( static fn( self $test ): int => $test->open_notice( array(), array( 'post_status' => 'draft' ) ), 404, $none ),
			'a scheduled notice'            => array(
				static fn( self $test ): int => $test->open_notice(
					array(),
					array(
						'post_status' => 'future',
						'post_date'   => '2029-12-01 10:00:00',
					)
				),
				404,
				$none,
			),
			'a private notice'              => array( static fn( self $test ): int => $test->open_notice( array(), array( 'post_status' => 'private' ) ), 404, $none ),
			'a password-protected notice'   => array( static fn( self $test ): int => $test->open_notice( array(), array( 'post_password' => 'secret' ) ), 404, $none ),
			'a trashed notice'              => array(
				static function ( self $test ): int {
					$id = $test->open_notice();
					wp_trash_post( $id );
					return $id;
				},
				404,
				$none,
			),
			'a page'                        => array(
				static fn(): int => wp_insert_post(
					array(
						'post_type'   => 'page',
						'post_status' => 'publish',
						'post_title'  => 'How to bid',
					)
				),
				404,
				$none,
			),
			'a post'                        => array(
				static fn(): int => wp_insert_post(
					array(
						'post_type'   => 'post',
						'post_status' => 'publish',
						'post_title'  => 'News',
					)
				),
				404,
				$none,
			),
			'a closed notice'               => array( static fn( self $test ): int => $test->open_notice( array( 'tp_deadline' => '2020-01-15 14:30' ) ), 404, $deadline ),
			'a notice closing a minute ago' => array( static fn( self $test ): int => $test->open_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i', time() - 60 ) ) ), 404, $deadline ),
			'a notice without deadline'     => array( static fn( self $test ): int => $test->open_notice( array( 'tp_deadline' => '' ) ), 404, $deadline ),
		);
	}

	/**
	 * @dataProvider refused_notices
	 * @param callable(self): (int|string) $make What to ask for.
	 */
	public function test_a_notice_a_visitor_may_not_read_or_without_a_deadline_to_come_is_refused_and_nothing_is_written( callable $make, int $status, string $message ): void {
		$id = $make( $this );
		$this->assertNotSame( 0, $id );
		$before   = $this->row_counts();
		$writes   = QueryLog::start();
		$response = $this->reminder( $id, array( 'days' => 3 ) );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$this->assertSame( $before, $this->row_counts() );

		$this->assertSame( $status, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertIsArray( $error, 'An error, as JSON: not a calendar file.' );
		$this->assertSame( $message, $error['message'] );
		$this->assertSame( $status, $error['data']['status'] );
		$this->assertArrayNotHasKey( 'Content-Disposition', $response->get_headers() );

		// Nor for an administrator, who can read the post on the site: the file is for visitors.
		if ( 404 === $status && is_int( $id ) && 'private' === get_post_status( $id ) ) {
			$this->log_in_as( 'administrator' );
			$this->assertSame( 404, $this->reminder( $id )->get_status() );
		}
	}

	public function test_the_route_starts_with_the_sites_days(): void {
		$id = $this->open_notice();
		$this->assertSame( '-P3D', $this->value( $this->alarm( $this->event( $this->ics_of( $this->reminder( $id ) ) ) ), 'TRIGGER' ), 'The block\'s default.' );

		$this->set_reminders(
			array(
				'enabled' => '1',
				'days'    => '10',
			)
		);
		$this->assertSame( array(), $this->settings_errors() );
		// The routes are registered once per request: a new server, as the next request has.
		$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- WordPress's REST server: the next request's.
		try {
			$this->assertSame( '-P10D', $this->value( $this->alarm( $this->event( $this->ics_of( $this->reminder( $id ) ) ) ), 'TRIGGER' ) );
			$this->assertSame( '-P2D', $this->value( $this->alarm( $this->event( $this->ics_of( $this->reminder( $id, array( 'days' => 2 ) ) ) ) ), 'TRIGGER' ), 'Asked for, the visitor\'s days.' );
		} finally {
			$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- the next test's server reads the rolled-back settings.
		}
	}

	public function test_the_file_is_served_as_it_is_not_as_json(): void {
		$reminder = $this->hooked_reminder();
		$id       = $this->open_notice();
		$request  = new WP_REST_Request( 'GET', '/tenderpress/v1/notices/' . $id . '/reminder' );
		$request->set_query_params( array( 'days' => 3 ) );
		$response = rest_do_request( $request );
		$this->assertSame( 200, $response->get_status() );
		$ics = $this->ics_of( $response );

		ob_start();
		try {
			$served = $reminder->serve_calendar_file( false, $response, $request );
		} finally {
			$printed = (string) ob_get_clean();
		}
		$this->assertTrue( $served, 'WordPress then sends nothing more.' );
		$this->assertSame( $ics, $printed, 'The file as it is, not a JSON string.' );
		$this->parse( $printed );

		// Through the filter, as WP_REST_Server::serve_request() asks (a new request: each
		// file is served once).
		$response = rest_do_request( $request );
		ob_start();
		try {
			$served = apply_filters( 'rest_pre_serve_request', false, $response, $request, rest_get_server() ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as its REST server applies it.
		} finally {
			$printed = (string) ob_get_clean();
		}
		$this->assertTrue( $served );
		$this->assertSame( $ics, $printed );
	}

	public function test_an_alert_never_falls_after_the_deadline(): void {
		// Five and a half days ahead: at most five days before it.
		$id = $this->open_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i', time() + 5 * DAY_IN_SECONDS + 12 * HOUR_IN_SECONDS ) ) );
		$this->assertSame( '-P5D', $this->value( $this->alarm( $this->event( $this->ics_of( $this->reminder( $id, array( 'days' => 5 ) ) ) ) ), 'TRIGGER' ) );
		$before   = $this->row_counts();
		$response = $this->reminder( $id, array( 'days' => 6 ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'The deadline is only 5 days away: choose fewer days.', $response->get_data()['message'] ?? null );
		$this->assertSame( $before, $this->row_counts(), 'Nothing written.' );

		// The form offers no more than that.
		$parts = $this->form_parts( NoticeReminder::form( get_post( $id ), 7 ) );
		$this->assertSame( array( '5', '5' ), array( $parts['field']->getAttribute( 'max' ), $parts['field']->getAttribute( 'value' ) ), 'Starting at 7 would be after the deadline: 5.' );

		// Less than a day ahead: no alert can come before it, so no form and no file.
		$soon = $this->open_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i', time() + 20 * HOUR_IN_SECONDS ) ) );
		$this->assertSame( '', NoticeReminder::form( get_post( $soon ) ) );
		$this->assertSame( 404, $this->reminder( $soon, array( 'days' => 1 ) )->get_status() );
	}

	public function test_the_form_is_offered_only_where_the_file_is(): void {
		$id = $this->open_notice( array(), array( 'post_password' => 'secret' ) );
		$this->assertSame( '', NoticeReminder::form( get_post( $id ) ), 'A notice behind a password: no form, as the route answers 404.' );
		$this->log_in_as( 'administrator' );
		$draft = $this->open_notice( array(), array( 'post_status' => 'draft' ) );
		$this->assertSame( '', NoticeReminder::form( get_post( $draft ) ), 'Nor on a draft an administrator previews.' );
	}

	public function test_asking_for_some_fields_still_gives_the_file_and_a_head_request_no_body(): void {
		$reminder = $this->hooked_reminder();
		$id       = $this->open_notice();
		$request  = new WP_REST_Request( 'GET', '/tenderpress/v1/notices/' . $id . '/reminder' );
		$request->set_query_params( array( '_fields' => 'x' ) );
		// As WP_REST_Server::serve_request() runs it: the response filters, then the serving.
		$response = rest_get_server()->dispatch( $request );
		$response = apply_filters( 'rest_post_dispatch', rest_ensure_response( $response ), rest_get_server(), $request ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as its REST server applies it.
		$this->assertSame( 200, $response->get_status() );
		ob_start();
		try {
			$served = $reminder->serve_calendar_file( false, $response, $request );
		} finally {
			$printed = (string) ob_get_clean();
		}
		$this->assertTrue( $served );
		$this->parse( $printed );

		$head     = new WP_REST_Request( 'HEAD', '/tenderpress/v1/notices/' . $id . '/reminder' );
		$response = rest_do_request( $head );
		$this->assertSame( 200, $response->get_status() );
		ob_start();
		try {
			$served = $reminder->serve_calendar_file( false, $response, $head );
		} finally {
			$printed = (string) ob_get_clean();
		}
		$this->assertTrue( $served );
		$this->assertSame( '', $printed, 'HEAD: the headers alone.' );
	}

	/** @return array<string, array{0: string, 1: WP_REST_Response, 2: bool}> A route, an answer, whether served before. */
	public function other_answers(): array {
		return array(
			'another route'                => array( '/tenderpress/v1/other', new WP_REST_Response( "BEGIN:VCALENDAR\r\n" ), false ),
			'the posts route'              => array( '/wp/v2/posts', new WP_REST_Response( 'text' ), false ),
			'a longer path'                => array( '/tenderpress/v1/notices/5/reminder/extra', new WP_REST_Response( 'text' ), false ),
			'another namespace'            => array( '/other/v1/notices/5/reminder', new WP_REST_Response( 'text' ), false ),
			'an error on the route'        => array( '/tenderpress/v1/notices/5/reminder', new WP_REST_Response( array( 'code' => 'tenderpress_no_notice' ), 404 ), false ),
			'a 404 with text on the route' => array( '/tenderpress/v1/notices/5/reminder', new WP_REST_Response( 'text', 404 ), false ),
			'an array on the route'        => array( '/tenderpress/v1/notices/5/reminder', new WP_REST_Response( array( 'x' ) ), false ),
			'already served'               => array( '/tenderpress/v1/notices/5/reminder', new WP_REST_Response( 'text' ), true ),
		);
	}

	/** @dataProvider other_answers */
	public function test_other_answers_are_left_to_wordpress( string $route, WP_REST_Response $response, bool $served ): void {
		ob_start();
		try {
			$result = $this->hooked_reminder()->serve_calendar_file( $served, $response, new WP_REST_Request( 'GET', $route ) );
		} finally {
			$printed = (string) ob_get_clean();
		}
		$this->assertSame( $served, $result );
		$this->assertSame( '', $printed, 'Nothing printed.' );

		// Nor anything that is not a request and an answer.
		ob_start();
		$this->assertFalse( $this->hooked_reminder()->serve_calendar_file( false, 'text', null ) );
		$this->assertFalse( $this->hooked_reminder()->serve_calendar_file( false, new \WP_Error( 'x' ), new WP_REST_Request( 'GET', $route ) ) );
		$this->assertSame( '', (string) ob_get_clean() );
	}

	public function test_the_form_asks_for_the_file_with_a_stepper_from_one_to_thirty_days(): void {
		$this->assertNotSame( '', get_option( 'permalink_structure' ), 'The site has pretty links.' );
		$id   = $this->open_notice();
		$html = NoticeReminder::form( get_post( $id ) );
		$this->assertTrue( wp_style_is( Stepper::STYLE, 'enqueued' ), 'The stepper\'s stylesheet.' );
		$this->assertTrue( wp_style_is( 'tenderpress-notice-reminder-style', 'registered' ), 'The block\'s stylesheet (block.json).' );
		$this->assertTrue( wp_style_is( 'tenderpress-notice-reminder-style', 'enqueued' ), 'The form\'s own, also in the Details tab.' );
		$parts = $this->form_parts( $html );
		$dom   = $parts['dom'];
		$form  = $parts['form'];
		$field = $parts['field'];

		$this->assertSame( 'get', $form->getAttribute( 'method' ), 'A plain GET form: it works without JavaScript.' );
		$this->assertSame( $this->route_url( $id ), $form->getAttribute( 'action' ) );
		$this->assertSame( array(), $dom->all( './/input[@type="hidden"]', $form ), 'No hidden fields with pretty links.' );
		$this->assertStringContainsString( 'tp-reminder', $form->getAttribute( 'class' ) );

		// The stepper: the island's container around the field and its buttons.
		$stepper = $dom->one( './/span[@data-tp-island="' . Stepper::ISLAND . '"]', $form );
		$this->assertNotNull( $stepper );
		$this->assertSame( $stepper, $dom->one( './ancestor::span[@data-tp-island][1]', $field ) );
		$this->assertSame( 'interaction', $stepper->getAttribute( 'data-tp-when' ) );
		$this->assertSame(
			array( 'days', '1', '30', '3', '1' ),
			array( $field->getAttribute( 'name' ), $field->getAttribute( 'min' ), $field->getAttribute( 'max' ), $field->getAttribute( 'value' ), $field->getAttribute( 'step' ) ),
			'The block\'s bounds and default.'
		);
		$this->assertTrue( $field->hasAttribute( 'required' ), 'The browser keeps an empty field from sending.' );
		$this->assertSame( array( 'Fewer days', 'More days' ), array_map( static fn( \DOMElement $button ): string => $button->getAttribute( 'aria-label' ), $dom->all( './/button[@type="button"]', $stepper ) ) );

		// Its name: "Remind me … days before the deadline", the words either side of it, in order.
		$ids = preg_split( '/\s+/', $field->getAttribute( 'aria-labelledby' ) );
		$this->assertSame(
			array( 'Remind me', 'days before the deadline' ),
			array_map( static fn( string $labelled ): string => $dom->text( '//*[@id="' . $labelled . '"]' ), array_values( array_diff( $ids, array( $field->getAttribute( 'id' ) ) ) ) ),
			'Named by the words around it.'
		);
		$this->assertSame( 'Remind me', $dom->text( './preceding-sibling::span[1]', $stepper ), 'The words before the stepper.' );
		$this->assertSame( 'days before the deadline', $dom->text( './following-sibling::span[1]', $stepper ), 'And after it.' );
		foreach ( $ids as $labelled ) {
			$this->assertCount( 1, $dom->all( '//*[@id="' . $labelled . '"]' ), 'Each id once.' );
		}

		$submit = $dom->all( './/button[@type="submit"]', $form );
		$this->assertCount( 1, $submit );
		$this->assertSame( 'Add to my calendar', trim( $submit[0]->textContent ) );

		// What a browser asks when it is sent, which the route answers.
		list( $action, $fields ) = $this->submission( $dom, $form );
		$this->assertSame( array( 'days' => '3' ), $fields );
		$this->assertStringStartsWith( rest_url(), $action );
		$response = $this->reminder( $id, $fields );
		$this->assertSame( '/' . substr( $action, strlen( rest_url() ) ), '/tenderpress/v1/notices/' . $id . '/reminder' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '-P3D', $this->value( $this->alarm( $this->event( $this->ics_of( $response ) ) ), 'TRIGGER' ) );
	}

	public function test_with_plain_links_the_route_travels_as_a_hidden_field(): void {
		global $wp_rewrite;
		$id        = $this->open_notice();
		$structure = (string) get_option( 'permalink_structure' );
		$wp_rewrite->set_permalink_structure( '' );
		try {
			$this->assertSame( '', get_option( 'permalink_structure' ) );
			$this->assertStringContainsString( '?rest_route=', $this->route_url( $id ), 'Plain links: the route is in the query.' );
			$parts                   = $this->form_parts( NoticeReminder::form( get_post( $id ) ) );
			list( $action, $fields ) = $this->submission( $parts['dom'], $parts['form'] );
		} finally {
			$wp_rewrite->set_permalink_structure( $structure );
		}
		$this->assertSame( $structure, get_option( 'permalink_structure' ), 'Restored.' );

		$this->assertSame( '', (string) wp_parse_url( $action, PHP_URL_QUERY ), 'No query on the action: a GET form would drop it.' );
		$this->assertSame( home_url( '/index.php' ), $action );
		$hidden = $parts['dom']->all( './/input[@type="hidden"]', $parts['form'] );
		$this->assertCount( 1, $hidden );
		$this->assertSame( array( 'rest_route', '/tenderpress/v1/notices/' . $id . '/reminder' ), array( $hidden[0]->getAttribute( 'name' ), $hidden[0]->getAttribute( 'value' ) ) );
		$this->assertSame(
			array(
				'rest_route' => '/tenderpress/v1/notices/' . $id . '/reminder',
				'days'       => '3',
			),
			$fields
		);

		// What WordPress does with that query (rest_api_loaded): the route, the rest its parameters.
		$request = new WP_REST_Request( 'GET', $fields['rest_route'] );
		$request->set_query_params( array_diff_key( $fields, array( 'rest_route' => true ) ) );
		$response = rest_do_request( $request );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( '-P3D', $this->value( $this->alarm( $this->event( $this->ics_of( $response ) ) ), 'TRIGGER' ) );
	}

	public function test_no_form_on_a_closed_notice_a_notice_without_deadline_or_when_the_setting_is_off(): void {
		$this->assertSame( '', NoticeReminder::form( get_post( $this->open_notice( array( 'tp_deadline' => '2020-01-15 14:30' ) ) ) ), 'Closed.' );
		$this->assertSame( '', NoticeReminder::form( get_post( $this->open_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i', time() - 60 ) ) ) ) ), 'Closed a minute ago.' );
		$this->assertSame( '', NoticeReminder::form( get_post( $this->open_notice( array( 'tp_deadline' => '' ) ) ) ), 'No deadline.' );
		$this->assertFalse( wp_style_is( Stepper::STYLE, 'enqueued' ), 'Nothing loaded for no form.' );

		$open = get_post( $this->open_notice() );
		$this->assertNotSame( '', NoticeReminder::form( $open ) );
		$this->assertTrue( Settings::get( NoticeReminder::SECTION, 'enabled' ), 'On for a new site.' );
		$this->set_reminders( array( 'days' => '3' ) );
		$this->assertSame( array(), $this->settings_errors() );
		$this->assertFalse( Settings::get( NoticeReminder::SECTION, 'enabled' ), 'An unticked box sends nothing: off.' );
		$this->assertSame( '', NoticeReminder::form( $open ), 'Off: no form.' );
		$this->assertSame( '', NoticeReminder::form( $open, 7 ), 'Off: not from a block either.' );
		$this->assertSame( '', $this->render_block( $open->ID, array( 'days' => 7 ) ) );
		$this->assertNull( ( new Html( NoticeTabs::render( $open ) ) )->one( '//form' ), 'Nor in the aside of the notice page.' );
		// Nor from the route, for a link kept from before.
		$response = $this->reminder( $open->ID );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'This site offers no reminders.', $response->get_data()['message'] ?? null );
	}

	/**
	 * The block, rendered in a post's context (as a notice's template gives it).
	 *
	 * @param int                  $post_id    The post.
	 * @param array<string, mixed> $attributes Its attributes.
	 */
	private function render_block( int $post_id, array $attributes = array() ): string {
		$parsed = parse_blocks( '<!-- wp:tenderpress/notice-reminder ' . ( $attributes ? serialize_block_attributes( $attributes ) . ' ' : '' ) . '/-->' )[0];
		return ( new \WP_Block( $parsed, array( 'postId' => $post_id ) ) )->render();
	}

	public function test_the_block_starts_at_its_own_days_and_falls_back_to_the_sites(): void {
		$id = $this->open_notice();

		$html = $this->render_block( $id, array( 'days' => 7 ) );
		$dom  = new Html( $html );
		$this->assertNotNull( $dom->one( '/html/body/div[' . Html::has_class( 'wp-block-tenderpress-notice-reminder' ) . ']/form' ), 'The form in the block\'s wrapper.' );
		$this->assertSame( '7', $this->form_parts( $html )['field']->getAttribute( 'value' ), 'A block of 7 starts at 7.' );
		$this->assertSame( '3', $this->form_parts( $this->render_block( $id ) )['field']->getAttribute( 'value' ), 'No attribute: the site\'s.' );
		foreach ( array( 99, 0, 31, -5 ) as $days ) {
			$this->assertSame( '3', $this->form_parts( $this->render_block( $id, array( 'days' => $days ) ) )['field']->getAttribute( 'value' ), 'A block of ' . $days . ' falls back to the site\'s.' );
			$this->assertSame( '3', $this->form_parts( NoticeReminder::form( get_post( $id ), $days ) )['field']->getAttribute( 'value' ), $days . ' from PHP falls back too.' );
		}
		$this->assertSame( '30', $this->form_parts( NoticeReminder::form( get_post( $id ), 30 ) )['field']->getAttribute( 'value' ) );
		$this->assertSame( '1', $this->form_parts( NoticeReminder::form( get_post( $id ), 1 ) )['field']->getAttribute( 'value' ) );

		// The site's days, when the block has none of its own.
		$this->set_reminders(
			array(
				'enabled' => '1',
				'days'    => '12',
			)
		);
		$this->assertSame( '12', $this->form_parts( NoticeReminder::form( get_post( $id ) ) )['field']->getAttribute( 'value' ) );
		$this->assertSame( '12', $this->form_parts( NoticeReminder::form( get_post( $id ), 99 ) )['field']->getAttribute( 'value' ) );
		$this->assertSame( '7', $this->form_parts( NoticeReminder::form( get_post( $id ), 7 ) )['field']->getAttribute( 'value' ) );
		// And the block's registered default, as the editor shows it.
		$metadata = ( new NoticeReminder() )->use_site_defaults(
			array(
				'name'       => 'tenderpress/notice-reminder',
				'attributes' => array(
					'days' => array(
						'type'    => 'integer',
						'default' => 3,
					),
				),
			)
		);
		$this->assertSame( 12, $metadata['attributes']['days']['default'] );
		$other = array(
			'name'       => 'tenderpress/listing',
			'attributes' => array( 'days' => array( 'default' => 3 ) ),
		);
		$this->assertSame( $other, ( new NoticeReminder() )->use_site_defaults( $other ), 'Other blocks are left alone.' );

		// Outside a notice, nothing.
		$page = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'How to bid',
			)
		);
		$this->assertSame( '', $this->render_block( $page, array( 'days' => 7 ) ) );
	}

	public function test_the_notice_pages_aside_offers_the_reminder_after_the_key_facts(): void {
		$notice = $this->newest_notice();
		$dom    = new Html( NoticeTabs::render( $notice ) );
		$aside  = $dom->one( '//aside[' . Html::has_class( 'tp-notice__aside' ) . ']' );
		$this->assertNotNull( $aside );
		$form = $dom->one( './form[' . Html::has_class( 'tp-reminder' ) . ']', $aside );
		$this->assertNotNull( $form, 'The reminder is in the aside, beside the deadline.' );
		$this->assertNotNull( $dom->one( './preceding-sibling::section[' . Html::has_class( 'tp-notice-facts' ) . ']', $form ), 'After the key facts.' );
		$this->assertSame( $this->route_url( $notice->ID ), $form->getAttribute( 'action' ) );
		$this->assertCount( 1, $dom->all( '//form' ), 'Once.' );
	}

	public function test_the_settings_screen_has_the_section_with_its_fields(): void {
		$this->log_in_as( 'administrator' );
		$GLOBALS['title'] = 'TenderPress settings'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what admin.php sets for the screen's heading.
		$page             = new SettingsPage();
		$page->add_sections();
		$_GET['tab'] = 'alerts'; // The settings screen's tab of this section.
		ob_start();
		try {
			$page->render_page();
		} finally {
			$screen = new Html( (string) ob_get_clean() );
			unset( $GLOBALS['title'], $_GET['tab'] );
		}
		$heading = $screen->one( '//h2[normalize-space()="Deadline reminders"]' );
		$this->assertNotNull( $heading, 'The section is on the screen.' );
		$this->assertStringContainsString( 'Nothing is stored and nothing is sent.', $screen->text( './following-sibling::p[1]', $heading ) );
		$table = $screen->one( './following-sibling::table[1]', $heading );
		$this->assertNotNull( $table );

		$enabled = Settings::field_id( NoticeReminder::SECTION, 'enabled' );
		$box     = $screen->one( './/input[@id="' . $enabled . '"]', $table );
		$this->assertNotNull( $box );
		$this->assertSame( array( 'checkbox', 'tenderpress_settings[reminders][enabled]' ), array( $box->getAttribute( 'type' ), $box->getAttribute( 'name' ) ) );
		$this->assertTrue( $box->hasAttribute( 'checked' ), 'On by default.' );
		$this->assertSame( 'Offer a reminder on open notices', $screen->text( '//label[@for="' . $enabled . '"]' ) );

		$days  = Settings::field_id( NoticeReminder::SECTION, 'days' );
		$field = $screen->one( './/input[@id="' . $days . '"]', $table );
		$this->assertNotNull( $field );
		$this->assertSame(
			array( 'number', 'tenderpress_settings[reminders][days]', '1', '30', '3' ),
			array( $field->getAttribute( 'type' ), $field->getAttribute( 'name' ), $field->getAttribute( 'min' ), $field->getAttribute( 'max' ), $field->getAttribute( 'value' ) ),
			'The block\'s bounds and default (block.json).'
		);
		$this->assertSame( 'Days before the deadline, to start with', $screen->text( '//label[@for="' . $days . '"]' ) );
		$this->assertSame( 'Visitors can change it before they download the file.', $screen->text( '//*[@id="' . $days . '-description"]' ) );
		$this->assertSame( $days . '-description', $field->getAttribute( 'aria-describedby' ) );
		$this->assertStringContainsString( 'days', $screen->text( './parent::*', $field ), 'With its unit.' );

		// A save that the screen's form sends.
		$this->set_reminders(
			array(
				'enabled' => '1',
				'days'    => '14',
			)
		);
		$this->assertSame( array(), $this->settings_errors() );
		$this->assertSame(
			array(
				'enabled' => true,
				'days'    => 14,
			),
			get_option( Settings::OPTION )[ NoticeReminder::SECTION ] ?? null
		);
		$this->assertSame( 14, Settings::get( NoticeReminder::SECTION, 'days' ) );
	}

	/** @return array<string, array{0: mixed}> Days the settings screen refuses. */
	public function refused_setting_days(): array {
		return array(
			'zero'       => array( '0' ),
			'thirty-one' => array( '31' ),
			'a word'     => array( 'x' ),
			'a fraction' => array( '2.5' ),
			'empty'      => array( '' ),
			'a list'     => array( array( '5' ) ),
		);
	}

	/**
	 * @dataProvider refused_setting_days
	 * @param mixed $days What the form sent.
	 */
	public function test_a_refused_days_setting_is_named_and_nothing_is_stored( $days ): void {
		$this->set_reminders(
			array(
				'enabled' => '1',
				'days'    => '5',
			)
		);
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );
		$this->forget_settings_messages();

		// The other field of the same save is valid: it is not stored either.
		$this->set_reminders( array( 'days' => $days ) );

		$this->assertSame( $before, $this->stored_settings_row(), 'The stored option is unchanged.' );
		$this->assertSame( 'Days before the deadline, to start with must be a whole number from 1 to 30.', $this->settings_errors()[ Settings::field_id( NoticeReminder::SECTION, 'days' ) ] ?? null );
		$this->assertArrayHasKey( 'unchanged', $this->settings_errors() );
		$this->assertSame( 5, Settings::get( NoticeReminder::SECTION, 'days' ) );
		$this->assertTrue( Settings::get( NoticeReminder::SECTION, 'enabled' ), 'Still on.' );
	}
}
