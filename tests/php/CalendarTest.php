<?php
namespace TenderPress\Tests;

use DateTimeImmutable;
use DateTimeZone;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Islands\Calendar;
use TenderPress\Islands\IslandAssets;
use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilterQuery;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Settings\Settings;
use TenderPress\Support\AjaxResponse;
use WP_REST_Response;

/**
 * The deadline calendar as a visitor meets it: the month's maths (year ends, leap days, the
 * site's first weekday, the years it takes), dates in the site's time zone, the REST route's
 * month (counts per day, the grid, the links, the chosen day's published notices in deadline
 * order, at most per_day and then a link to all of them), the filters, what it refuses without
 * writing anything, a cost in queries that does not grow with the number of notices, and the
 * block and shortcode without JavaScript (the page's own month, day and filters, the island's
 * props, unique ids).
 */
final class CalendarTest extends TestCase {

	private const ROUTE = '/tenderpress/v1/calendar';

	/** A month in which no seeded notice closes, for exact counts. */
	private const MONTH = '2031-05';

	/** @var array<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		$this->queued_styles = wp_styles()->queue;
		Calendar::reset();
	}

	protected function tearDown(): void {
		Calendar::reset();
		NoticeSearch::$statements = null;
		wp_styles()->queue        = $this->queued_styles;
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
	}

	/**
	 * A published notice closing at a site-local time.
	 *
	 * @param string               $title    Its title.
	 * @param string               $deadline Its deadline, site time ("2031-05-12 10:00:00").
	 * @param array<string, mixed> $meta     Other fields.
	 * @param array<string, mixed> $post     Other post fields (status…).
	 */
	private function notice( string $title, string $deadline, array $meta = array(), array $post = array() ): int {
		return $this->make_notice( array( 'tp_deadline' => $deadline ) + $meta, array( 'post_title' => $title ) + $post );
	}

	/** A term of a notice taxonomy; returns its id. */
	private function term( string $taxonomy, string $name, string $slug, int $parent = 0 ): int {
		$term = wp_insert_term(
			$name,
			$taxonomy,
			array(
				'slug'   => $slug,
				'parent' => absint( $parent ),
			)
		);
		$this->assertIsArray( $term );
		return (int) $term['term_id'];
	}

	/**
	 * The route's answer.
	 *
	 * @param array<string, mixed> $params Query arguments.
	 */
	private function month( array $params ): WP_REST_Response {
		return $this->rest( 'GET', self::ROUTE, $params );
	}

	/**
	 * The route's answer, which must be a month.
	 *
	 * @param array<string, mixed> $params Query arguments.
	 * @return array<string, mixed>
	 */
	private function ok( array $params ): array {
		$response = $this->month( $params );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertIsArray( $data );
		$this->assertSame( array( 'month', 'day', 'label', 'days', 'html', 'link' ), array_keys( $data ) );
		$this->assertInstanceOf( \stdClass::class, $data['days'], 'The counts are a JSON object, {} when none.' );
		return $data;
	}

	/**
	 * @param array<string, mixed> $data A month from the route.
	 * @return array<string, int> Date => notices closing.
	 */
	private function days( array $data ): array {
		return (array) $data['days'];
	}

	/** @return list<string> The titles of the chosen day's notices, in order. */
	private function titles( Html $dom ): array {
		return array_map( static fn( \DOMElement $link ): string => $dom->text( '.', $link ), $dom->all( '//li[' . Html::has_class( 'tp-calendar__notice' ) . ']/a' ) );
	}

	/** @return list<string> The links of the chosen day's notices, in order. */
	private function links( Html $dom ): array {
		return array_map( static fn( \DOMElement $link ): string => $link->getAttribute( 'href' ), $dom->all( '//li[' . Html::has_class( 'tp-calendar__notice' ) . ']/a' ) );
	}

	/**
	 * @param list<int> $ids Post ids.
	 * @return list<string> Their addresses.
	 */
	private function permalinks( array $ids ): array {
		return array_map( static fn( int $id ): string => (string) get_permalink( $id ), $ids );
	}

	/** @return array<string, int> Rows of the tables a read must leave alone. */
	private function row_counts(): array {
		global $wpdb;
		return array(
			'posts'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ),
			'postmeta' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta}" ),
			'options'  => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options}" ),
			'notices'  => (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . NoticeIndex::table() ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the plugin's table name.
		);
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $calendar ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $calendar );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** @return \DOMElement The calendar's container; fails when there is none. */
	private function calendar( Html $dom, int $index = 0 ): \DOMElement {
		$calendar = $dom->all( '//section[@data-tp-island="calendar"]' )[ $index ] ?? null;
		$this->assertNotNull( $calendar, 'A calendar is in the markup.' );
		return $calendar;
	}

	/** @return list<string> The messages about ignored parts of the page's address. */
	private function ignored( Html $dom ): array {
		return array_map( static fn( \DOMElement $p ): string => $dom->text( '.', $p ), $dom->all( '//p[' . Html::has_class( 'tp-calendar__ignored' ) . ']' ) );
	}

	/** A date as a time stamp, from a UTC date and time. */
	private static function utc( string $datetime ): int {
		return ( new DateTimeImmutable( $datetime, new DateTimeZone( 'UTC' ) ) )->getTimestamp();
	}

	/** The same month a year later: past the seed's last deadline (90 days from its day). */
	private static function a_year_on( CalendarMonth $month ): CalendarMonth {
		$later = CalendarMonth::of( $month->year + 1, $month->month );
		self::assertNotNull( $later );
		return $later;
	}

	/** Today's date in a time zone, worked out apart from the code under test. */
	private static function today_in( string $timezone ): string {
		return ( new DateTimeImmutable( 'now', new DateTimeZone( $timezone ) ) )->format( 'Y-m-d' );
	}

	public function test_months_follow_each_other_across_year_ends_and_february_has_its_leap_day(): void {
		$december = CalendarMonth::of( 2026, 12 );
		$this->assertNotNull( $december );
		$this->assertSame( '2026-12', $december->key() );
		$this->assertSame( '2027-01', $december->next()?->key(), 'After December, January of the next year.' );
		$this->assertSame( '2026-11', $december->previous()?->key() );
		$january = CalendarMonth::parse( '2027-01' );
		$this->assertNotNull( $january );
		$this->assertSame( '2026-12', $january->previous()?->key(), 'Before January, December of the year before.' );
		$this->assertSame( array( 2026, 12 ), array( $january->previous()->year, $january->previous()->month ) );
		$this->assertSame( '2027-02', $january->next()?->key() );

		$lengths = array(
			'2028-02' => 29,
			'2027-02' => 28,
			'2000-02' => 29,
			'2100-02' => 28,
			'2026-11' => 30,
			'2026-12' => 31,
			'1970-01' => 31,
			'9999-12' => 31,
		);
		foreach ( $lengths as $key => $days ) {
			$month = CalendarMonth::parse( $key );
			$this->assertNotNull( $month, $key );
			$this->assertSame( $days, $month->days(), $key );
			$this->assertSame( $key . '-01', $month->first_date(), $key );
			$this->assertSame( $key . '-' . $days, $month->last_date(), $key );
		}

		$february = CalendarMonth::parse( '2028-02' );
		$this->assertNotNull( $february );
		$this->assertTrue( $february->contains( '2028-02-29' ) );
		$this->assertFalse( $february->contains( '2028-03-01' ) );
		$this->assertFalse( $february->contains( '2028-02-30' ) );
		$this->assertFalse( $february->contains( '2027-02-01' ) );

		$this->assertNull( CalendarMonth::parse( '1970-01' )?->previous(), 'Nothing before the first month.' );
		$this->assertNull( CalendarMonth::parse( '9999-12' )?->next(), 'Nothing after the last month.' );
		$this->assertSame( '1970-01', CalendarMonth::parse( '1970-02' )?->previous()?->key() );
		$this->assertSame( '9999-12', CalendarMonth::parse( '9999-11' )?->next()?->key() );
		$this->assertSame( '2026-11', CalendarMonth::of_date( '2026-11-30' )?->key() );
	}

	/**
	 * @return array<string, array{0: string, 1: int, 2: int}> Month, first weekday of the site
	 * (0 Sunday, 1 Monday), and the blank cells before the 1st.
	 */
	public function grids(): array {
		return array(
			'Nov 2026 (1st a Sunday), weeks from Monday'  => array( '2026-11', 1, 6 ),
			'Nov 2026, weeks from Sunday'                 => array( '2026-11', 0, 0 ),
			'Dec 2026 (1st a Tuesday), from Monday'       => array( '2026-12', 1, 1 ),
			'Jan 2027 (1st a Friday), from Monday'        => array( '2027-01', 1, 4 ),
			'Jan 2027, from Sunday'                       => array( '2027-01', 0, 5 ),
			'Feb 2027 (1st a Monday, 28 days), from Monday' => array( '2027-02', 1, 0 ),
			'Feb 2027, from Sunday'                       => array( '2027-02', 0, 1 ),
			'Feb 2028 (1st a Tuesday, 29 days), Monday'   => array( '2028-02', 1, 1 ),
			'Feb 2028, from Sunday'                       => array( '2028-02', 0, 2 ),
			'Aug 2026 (1st a Saturday, six rows), Monday' => array( '2026-08', 1, 5 ),
			'Aug 2026, weeks from Saturday'               => array( '2026-08', 6, 0 ),
		);
	}

	/**
	 * @dataProvider grids
	 */
	public function test_the_grid_is_six_weeks_from_the_sites_first_weekday_with_blanks_outside_the_month( string $key, int $week_starts, int $lead ): void {
		$month = CalendarMonth::parse( $key );
		$this->assertNotNull( $month );
		$dates = array();
		$days  = $month->days();
		for ( $day = 1; $day <= $days; $day++ ) {
			$dates[] = sprintf( '%s-%02d', $key, $day );
		}
		$cells    = array_merge( array_fill( 0, $lead, null ), $dates );
		$cells    = array_merge( $cells, array_fill( 0, 42 - count( $cells ), null ) );
		$expected = array_chunk( $cells, 7 );

		$weeks = $month->weeks( $week_starts );
		$this->assertCount( 6, $weeks, 'Always six rows, so the grid keeps its height from month to month.' );
		$this->assertSame( $expected, $weeks );

		// Each date sits under its own weekday, as a calendar on paper shows it.
		$order = CalendarMonth::weekday_order( $week_starts );
		$this->assertSame( $week_starts, $order[0] );
		foreach ( $weeks as $week ) {
			foreach ( $week as $column => $date ) {
				if ( null !== $date ) {
					$this->assertSame( (int) ( new DateTimeImmutable( $date, new DateTimeZone( 'UTC' ) ) )->format( 'w' ), $order[ $column ], $date );
				}
			}
		}
	}

	public function test_the_weekdays_run_from_the_sites_first_day_of_the_week(): void {
		$this->assertSame( array( 1, 2, 3, 4, 5, 6, 0 ), CalendarMonth::weekday_order( 1 ) );
		$this->assertSame( array( 0, 1, 2, 3, 4, 5, 6 ), CalendarMonth::weekday_order( 0 ) );
		$this->assertSame( array( 6, 0, 1, 2, 3, 4, 5 ), CalendarMonth::weekday_order( 6 ) );
	}

	public function test_months_and_dates_outside_the_calendars_years_or_malformed_are_refused(): void {
		foreach ( array( array( 2026, 13 ), array( 2026, 0 ), array( 2026, -1 ), array( 0, 5 ), array( 1969, 12 ), array( 10000, 1 ) ) as list( $year, $number ) ) {
			$this->assertNull( CalendarMonth::of( $year, $number ), $year . '-' . $number );
		}
		$this->assertSame( '1970-01', CalendarMonth::of( 1970, 1 )?->key(), 'The first month there is.' );
		$this->assertSame( '9999-12', CalendarMonth::of( 9999, 12 )?->key(), 'The last month there is.' );

		foreach ( array( '2026-13', '2026-00', '0000-05', '1969-12', '10000-01', '99999-01', '2026-1', '2026-011', '<script>', '', '2026-11 ', "2026-11\n", ' 2026-11', '2026/11', '2026-11-01', '-2026-11', '+2026-11' ) as $value ) {
			$this->assertNull( CalendarMonth::parse( $value ), 'Not a month: ' . wp_json_encode( $value ) );
		}
		$this->assertSame( '2026-11', CalendarMonth::parse( '2026-11' )?->key() );

		foreach ( array( '2026-02-30', '2027-02-29', '2026-11-31', '2026-13-01', '2026-00-10', '2026-1-01', '2026-11-5', "2026-11-05\n", '2026-11-05 10:00', '<script>', '' ) as $value ) {
			$this->assertFalse( CalendarMonth::is_date( $value ), 'Not a date: ' . wp_json_encode( $value ) );
		}
		$this->assertTrue( CalendarMonth::is_date( '2028-02-29' ) );
		$this->assertTrue( CalendarMonth::is_date( '2026-11-30' ) );
		$this->assertNull( CalendarMonth::of_date( '1969-12-31' ), 'A real date, before the calendar\'s years.' );
		$this->assertNull( CalendarMonth::of_date( '2026-02-30' ) );
	}

	public function test_today_and_the_current_month_are_the_sites_not_utcs(): void {
		update_option( 'timezone_string', 'Pacific/Kiritimati' );
		$now = self::utc( '2026-11-30 12:00:00' );
		$this->assertSame( '2026-12-01', CalendarMonth::today( $now ), 'Noon on the 30th in UTC is already the 1st at UTC+14.' );
		$this->assertSame( '2026-12', CalendarMonth::current( $now )->key() );

		update_option( 'timezone_string', 'America/Los_Angeles' );
		$now = self::utc( '2027-01-01 05:00:00' );
		$this->assertSame( '2026-12-31', CalendarMonth::today( $now ), 'New Year in UTC is still New Year\'s Eve in Los Angeles.' );
		$this->assertSame( '2026-12', CalendarMonth::current( $now )->key() );
		$this->assertSame( '2027-01', CalendarMonth::current( self::utc( '2027-01-01 08:00:00' ) )->key(), 'Midnight in Los Angeles.' );

		// Without a given time: now, in the site's time zone.
		$this->assertSame( self::today_in( 'America/Los_Angeles' ), CalendarMonth::today() );
	}

	/**
	 * 23:30 on 30 November in Los Angeles is 1 December in UTC; midnight on 1 December at
	 * Kiritimati (UTC+14) is still 30 November in UTC. Each counts on the date the site wrote.
	 */
	public function test_a_deadline_late_on_the_last_day_of_a_month_counts_on_that_day_in_the_sites_time(): void {
		$before = NoticeFilterQuery::deadline_counts( array(), '2026-11-01', '2026-12-31' );
		$this->notice( 'Closes late on the last day', '2026-11-30 23:30:00' );
		$this->notice( 'Closes at the first minute', '2026-12-01 00:00:00' );
		$expected               = $before;
		$expected['2026-11-30'] = ( $before['2026-11-30'] ?? 0 ) + 1;
		$expected['2026-12-01'] = ( $before['2026-12-01'] ?? 0 ) + 1;
		ksort( $expected );

		foreach ( array( 'America/Los_Angeles', 'Pacific/Kiritimati' ) as $timezone ) {
			update_option( 'timezone_string', $timezone );
			$after = NoticeFilterQuery::deadline_counts( array(), '2026-11-01', '2026-12-31' );
			ksort( $after );
			$this->assertSame( $expected, $after, $timezone . ': each on its own date, as the site writes it.' );

			$november = $this->ok(
				array(
					'month' => '2026-11',
					'day'   => '2026-11-30',
				)
			);
			$this->assertSame( $expected['2026-11-30'], $this->days( $november )['2026-11-30'], $timezone );
			$this->assertArrayNotHasKey( '2026-12-01', $this->days( $november ), $timezone );
			$dom = new Html( (string) $november['html'] );
			$this->assertContains( 'Closes late on the last day', $this->titles( $dom ), $timezone );
			$this->assertNotContains( 'Closes at the first minute', $this->titles( $dom ), $timezone );
			$item = $dom->one( '//li[a[normalize-space(.)="Closes late on the last day"]]' );
			$this->assertNotNull( $item );
			$this->assertSame( 'closes at 11:30 pm ' . ( 'Pacific/Kiritimati' === $timezone ? 'UTC+14' : 'PST' ), $dom->text( './/span[' . Html::has_class( 'tp-calendar__time' ) . ']', $item ), $timezone . ': the time in the site\'s time zone.' );

			$december = $this->ok(
				array(
					'month' => '2026-12',
					'day'   => '2026-12-01',
				)
			);
			$this->assertSame( $expected['2026-12-01'], $this->days( $december )['2026-12-01'], $timezone );
			$this->assertContains( 'Closes at the first minute', $this->titles( new Html( (string) $december['html'] ) ), $timezone );
		}
	}

	public function test_a_month_gives_its_name_its_counts_per_day_the_grid_and_links_to_its_days_and_neighbours(): void {
		update_option( 'start_of_week', 1 );
		$morning   = $this->notice( 'May fourth, morning', '2031-05-04 09:00:00' );
		$afternoon = $this->notice( 'May fourth, afternoon', '2031-05-04 15:00:00' );
		$this->notice( 'May twentieth', '2031-05-20 12:00:00' );
		$this->notice( 'Last second of May', '2031-05-31 23:59:59' );
		$this->notice( 'Last second of April', '2031-04-30 23:59:59' );
		$this->notice( 'First second of June', '2031-06-01 00:00:00' );
		$this->notice( 'No deadline', '' );

		$data = $this->ok( array( 'month' => self::MONTH ) );
		$this->assertSame( self::MONTH, $data['month'] );
		$this->assertSame( 'May 2031', $data['label'] );
		$this->assertSame(
			array(
				'2031-05-04' => 2,
				'2031-05-20' => 1,
				'2031-05-31' => 1,
			),
			$this->days( $data ),
			'The month\'s notices by the day they close, and nothing of April or June.'
		);
		$this->assertSame( '2031-05-04', $data['day'], 'Without a day asked for, the first day from today on with notices closing.' );
		$this->assertSame( '?tp_month=2031-05#tp-calendar-1', $data['link'], 'The page\'s own address for this month.' );

		$dom   = new Html( (string) $data['html'] );
		$table = $dom->one( '//table[' . Html::has_class( 'tp-calendar__grid' ) . ']' );
		$this->assertNotNull( $table );
		$this->assertSame( self::MONTH, $table->getAttribute( 'data-tp-month' ) );
		$this->assertSame( 'May 2031 4 notices close', preg_replace( '/\s+/', ' ', $dom->text( './caption', $table ) ) );
		$this->assertSame( array( 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday' ), array_map( static fn( \DOMElement $th ): string => $th->getAttribute( 'abbr' ), $dom->all( './thead/tr/th', $table ) ) );
		$this->assertCount( 6, $dom->all( './tbody/tr', $table ) );
		$cells = $dom->all( './tbody/tr/td', $table );
		$this->assertCount( 42, $cells );
		$dates = array_map( static fn( \DOMElement $td ): string => $td->getAttribute( 'data-tp-date' ), $cells );
		// 1 May 2031 is a Thursday: three blanks before it from Monday on.
		$this->assertSame( array( '', '', '' ), array_slice( $dates, 0, 3 ) );
		$this->assertSame( '2031-05-01', $dates[3] );
		$this->assertSame( '2031-05-31', $dates[33] );
		$this->assertSame( array_fill( 0, 8, '' ), array_slice( $dates, 34 ) );

		foreach ( $this->days( $data ) as $date => $count ) {
			$cell = $dom->one( './/td[@data-tp-date="' . $date . '"]', $table );
			$this->assertNotNull( $cell );
			$this->assertStringContainsString( 'has-notices', $cell->getAttribute( 'class' ) );
			$link = $dom->one( './a[' . Html::has_class( 'tp-calendar__day-link' ) . ']', $cell );
			$this->assertNotNull( $link, $date . ' leads to its notices.' );
			$this->assertSame( '?tp_day=' . $date . '#tp-calendar-1', $link->getAttribute( 'href' ) );
			$this->assertSame( (string) $count, $dom->text( './/span[' . Html::has_class( 'tp-calendar__count' ) . ']', $link ) );
		}
		$sunday = $dom->one( './/td[@data-tp-date="2031-05-04"]', $table );
		$this->assertNotNull( $sunday );
		$this->assertSame( 'Sunday 4 May: 2 notices close', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $sunday ), 'A screen reader hears the day and its count.' );
		$this->assertStringContainsString( 'is-chosen', $sunday->getAttribute( 'class' ) );
		$monday = $dom->one( './/td[@data-tp-date="2031-05-05"]', $table );
		$this->assertNotNull( $monday );
		$this->assertNull( $dom->one( './/a', $monday ), 'A day without notices is not a link.' );
		$this->assertSame( 'Monday 5 May: no notices close', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $monday ) );
		$this->assertSame( array(), $dom->all( '//*[@aria-current]' ), 'Today is not in May 2031.' );

		$previous = $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' );
		$next     = $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--next' ) . ']' );
		$this->assertNotNull( $previous );
		$this->assertNotNull( $next );
		$this->assertSame( '?tp_month=2031-04#tp-calendar-1', $previous->getAttribute( 'href' ) );
		$this->assertSame( '2031-04', $previous->getAttribute( 'data-tp-month' ) );
		$this->assertSame( 'Previous month:', $dom->text( './span[' . Html::has_class( 'screen-reader-text' ) . ']', $previous ) );
		$this->assertStringEndsWith( 'April 2031', $dom->text( '.', $previous ) );
		$this->assertSame( '‹', $dom->text( './span[@aria-hidden="true"]', $previous ) );
		$this->assertSame( '?tp_month=2031-06#tp-calendar-1', $next->getAttribute( 'href' ) );
		$this->assertSame( '2031-06', $next->getAttribute( 'data-tp-month' ) );
		$this->assertSame( 'Next month:', $dom->text( './span[' . Html::has_class( 'screen-reader-text' ) . ']', $next ) );
		$this->assertStringContainsString( 'June 2031', $dom->text( '.', $next ) );
		$this->assertSame( '›', $dom->text( './span[@aria-hidden="true"]', $next ) );

		$list = $dom->one( '//section[' . Html::has_class( 'tp-calendar__list' ) . ']' );
		$this->assertNotNull( $list );
		$this->assertSame( '2031-05-04', $list->getAttribute( 'data-tp-day' ) );
		$this->assertSame( 'Closing on Sunday 4 May 2031', $dom->text( './h3', $list ) );
		$this->assertSame( array( 'May fourth, morning', 'May fourth, afternoon' ), $this->titles( $dom ), 'In the order they close.' );
		$this->assertSame( $this->permalinks( array( $morning, $afternoon ) ), $this->links( $dom ) );
		$this->assertNull( $dom->one( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']' ), 'All of them fit.' );
	}

	public function test_the_grid_starts_on_sunday_when_the_site_says_so(): void {
		update_option( 'start_of_week', 0 );
		$dom   = new Html( (string) $this->ok( array( 'month' => '2026-11' ) )['html'] );
		$heads = array_map( static fn( \DOMElement $th ): string => $th->getAttribute( 'abbr' ), $dom->all( '//table/thead/tr/th' ) );
		$this->assertSame( array( 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday' ), $heads );
		$first = $dom->all( '//table/tbody/tr[1]/td' );
		$this->assertSame( '2026-11-01', $first[0]->getAttribute( 'data-tp-date' ), '1 November 2026 is a Sunday: the first cell.' );

		update_option( 'start_of_week', 1 );
		$dom   = new Html( (string) $this->ok( array( 'month' => '2026-11' ) )['html'] );
		$first = array_map( static fn( \DOMElement $td ): string => $td->getAttribute( 'data-tp-date' ), $dom->all( '//table/tbody/tr[1]/td' ) );
		$this->assertSame( array( '', '', '', '', '', '', '2026-11-01' ), $first, 'From Monday: the last cell of the first week.' );
		$this->assertSame( 'Monday', $dom->one( '//table/thead/tr/th' )?->getAttribute( 'abbr' ) );
	}

	public function test_without_a_day_the_first_day_from_today_with_notices_is_chosen_else_the_months_first(): void {
		$today = CalendarMonth::today();
		$month = CalendarMonth::current();
		$days  = $this->days( $this->ok( array( 'month' => $month->key() ) ) );
		$later = array_values( array_filter( array_keys( $days ), static fn( string $date ): bool => $date >= $today ) );
		$this->assertNotEmpty( $later, 'The seeded site has notices closing later this month.' );
		$this->assertSame( $later[0], $this->ok( array( 'month' => $month->key() ) )['day'] );

		$past = $month->previous()?->previous();
		$this->assertNotNull( $past );
		$days = $this->days( $this->ok( array( 'month' => $past->key() ) ) );
		$this->assertNotEmpty( $days, 'The seeded site has notices that closed two months ago.' );
		$this->assertSame( min( array_keys( $days ) ), $this->ok( array( 'month' => $past->key() ) )['day'], 'A past month: its first day with notices.' );

		// A year on: the seed's deadlines end 90 days from the day it ran.
		$none  = self::a_year_on( $month );
		$name  = wp_date( 'F Y', ( new \DateTimeImmutable( $none->first_date() . ' 12:00:00', wp_timezone() ) )->getTimestamp() );
		$empty = $this->ok( array( 'month' => $none->key() ) );
		$this->assertNull( $empty['day'] );
		$this->assertSame( '{}', wp_json_encode( $empty['days'] ) );
		$dom = new Html( (string) $empty['html'] );
		$this->assertSame( 'No notices close in ' . $name, $dom->text( '//section[' . Html::has_class( 'tp-calendar__list' ) . ']/h3' ) );
		$this->assertSame( $name . ' No notices close', preg_replace( '/\s+/', ' ', $dom->text( '//table/caption' ) ) );
		$this->assertSame( array(), $dom->all( '//a[' . Html::has_class( 'tp-calendar__day-link' ) . ']' ) );
	}

	public function test_the_calendars_first_and_last_months_have_no_link_beyond_them(): void {
		$first = new Html( (string) $this->ok( array( 'month' => '1970-01' ) )['html'] );
		$this->assertNull( $first->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' ) );
		$this->assertSame( '?tp_month=1970-02#tp-calendar-1', $first->one( '//a[' . Html::has_class( 'tp-calendar__step--next' ) . ']' )?->getAttribute( 'href' ) );
		$last = new Html( (string) $this->ok( array( 'month' => '9999-12' ) )['html'] );
		$this->assertNull( $last->one( '//a[' . Html::has_class( 'tp-calendar__step--next' ) . ']' ) );
		$this->assertSame( '?tp_month=9999-11#tp-calendar-1', $last->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' ) );
	}

	public function test_a_day_lists_its_notices_in_deadline_order_up_to_per_day_then_links_to_all_of_them(): void {
		$times = array( '16:00:00', '09:30:00', '12:00:00', '09:30:00', '18:45:00', '08:00:00', '23:59:00' );
		$order = array();
		foreach ( $times as $index => $time ) {
			$id           = $this->notice(
				'At ' . $time . ' #' . $index,
				'2031-05-12 ' . $time,
				array(
					'tp_buyer'       => 'Buyer ' . $index,
					'tp_notice_type' => 'eoi',
				)
			);
			$order[ $id ] = $time . ' ' . str_pad( (string) $id, 12, '0', STR_PAD_LEFT );
		}
		asort( $order );
		$ids    = array_keys( $order );
		$titles = array_map( static fn( int $id ): string => get_the_title( $id ), $ids );
		$this->notice( 'Next day', '2031-05-13 00:00:00' );

		$data = $this->ok(
			array(
				'month'   => self::MONTH,
				'day'     => '2031-05-12',
				'per_day' => 5,
			)
		);
		$this->assertSame( '2031-05-12', $data['day'] );
		$this->assertSame( '?tp_day=2031-05-12#tp-calendar-1', $data['link'] );
		$this->assertSame( 7, $this->days( $data )['2031-05-12'] );
		$dom = new Html( (string) $data['html'] );
		$this->assertSame( array_slice( $titles, 0, 5 ), $this->titles( $dom ), 'The first five to close; two at the same minute in the order they were written.' );
		$this->assertSame( $this->permalinks( array_slice( $ids, 0, 5 ) ), $this->links( $dom ) );
		$first = $dom->one( '//li[' . Html::has_class( 'tp-calendar__notice' ) . ']' );
		$this->assertNotNull( $first );
		$this->assertSame( 'EOI closes at 8:00 am IST Buyer 5', preg_replace( '/\s+/', ' ', $dom->text( './span[' . Html::has_class( 'tp-calendar__facts' ) . ']', $first ) ) );

		$more = $dom->one( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']/a' );
		$this->assertNotNull( $more, 'More than five: a link to all of them.' );
		$this->assertSame( 'All 7 notices closing that day', $dom->text( '.', $more ) );
		$this->assertSame( get_post_type_archive_link( 'tender' ) . '?deadline_from=2031-05-12&deadline_to=2031-05-12', $more->getAttribute( 'href' ) );

		foreach ( array( 7, 50 ) as $per_day ) {
			$dom = new Html(
				(string) $this->ok(
					array(
						'month'   => self::MONTH,
						'day'     => '2031-05-12',
						'per_day' => $per_day,
					)
				)['html']
			);
			$this->assertSame( $titles, $this->titles( $dom ), $per_day . ' a day: all seven.' );
			$this->assertNull( $dom->one( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']' ), $per_day . ' a day: no link to more.' );
		}
		$dom = new Html(
			(string) $this->ok(
				array(
					'month' => self::MONTH,
					'day'   => '2031-05-12',
				)
			)['html']
		);
		$this->assertSame( $titles, $this->titles( $dom ), 'Twenty a day by default.' );

		$empty = $this->ok(
			array(
				'month' => self::MONTH,
				'day'   => '2031-05-14',
			)
		);
		$this->assertSame( '2031-05-14', $empty['day'] );
		$dom = new Html( (string) $empty['html'] );
		$this->assertSame( 'No notices close on this day.', $dom->text( '//p[' . Html::has_class( 'tp-calendar__empty' ) . ']' ) );
		$this->assertSame( array(), $this->titles( $dom ) );
		$this->assertStringContainsString( 'is-chosen', (string) $dom->one( '//td[@data-tp-date="2031-05-14"]' )?->getAttribute( 'class' ) );
	}

	public function test_the_calendars_id_names_its_parts_and_its_links(): void {
		$this->notice( 'On the twelfth', '2031-05-12 10:00:00' );
		$data = $this->ok(
			array(
				'month' => self::MONTH,
				'id'    => 'tp-calendar-12',
			)
		);
		$this->assertSame( '?tp_month=2031-05#tp-calendar-12', $data['link'] );
		$dom = new Html( (string) $data['html'] );
		$this->assertNotNull( $dom->one( '//section[@id="tp-calendar-12-list"][@aria-labelledby="tp-calendar-12-list-title"]' ) );
		$this->assertNotNull( $dom->one( '//h3[@id="tp-calendar-12-list-title"]' ) );
		$this->assertSame( '?tp_day=2031-05-12#tp-calendar-12', $dom->one( '//a[' . Html::has_class( 'tp-calendar__day-link' ) . ']' )?->getAttribute( 'href' ) );
		$this->assertSame( '?tp_month=2031-04#tp-calendar-12', $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' ) );
	}

	public function test_type_category_and_location_narrow_the_counts_the_list_and_carry_on_in_every_link(): void {
		$roads = $this->term( 'tender_category', 'Calendar roads', 'cal-roads' );
		$state = $this->term( 'tender_location', 'Calendar state', 'cal-state' );
		$city  = $this->term( 'tender_location', 'Calendar city', 'cal-city', $state );
		$a     = $this->notice( 'A tender for roads in the city', '2031-05-12 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		wp_set_object_terms( $a, array( $roads ), 'tender_category' );
		wp_set_object_terms( $a, array( $city ), 'tender_location' );
		$b = $this->notice( 'B EOI for roads', '2031-05-12 11:00:00', array( 'tp_notice_type' => 'eoi' ) );
		wp_set_object_terms( $b, array( $roads ), 'tender_category' );
		$c = $this->notice( 'C EOI in the state', '2031-05-12 12:00:00', array( 'tp_notice_type' => 'eoi' ) );
		wp_set_object_terms( $c, array( $state ), 'tender_location' );
		$this->notice( 'D tender of nothing', '2031-05-12 13:00:00', array( 'tp_notice_type' => 'tender' ) );
		$e = $this->notice( 'E EOI for roads, later', '2031-05-20 09:00:00', array( 'tp_notice_type' => 'eoi' ) );
		wp_set_object_terms( $e, array( $roads ), 'tender_category' );

		$cases = array(
			'no filter'          => array(
				array(),
				array(
					'2031-05-12' => 4,
					'2031-05-20' => 1,
				),
				array( 'A tender for roads in the city', 'B EOI for roads', 'C EOI in the state', 'D tender of nothing' ),
			),
			'EOIs'               => array(
				array( 'notice_type' => 'eoi' ),
				array(
					'2031-05-12' => 2,
					'2031-05-20' => 1,
				),
				array( 'B EOI for roads', 'C EOI in the state' ),
			),
			'a category'         => array(
				array( 'category' => 'cal-roads' ),
				array(
					'2031-05-12' => 2,
					'2031-05-20' => 1,
				),
				array( 'A tender for roads in the city', 'B EOI for roads' ),
			),
			'a state and cities' => array(
				array( 'location' => 'cal-state' ),
				array( '2031-05-12' => 2 ),
				array( 'A tender for roads in the city', 'C EOI in the state' ),
			),
			'a city'             => array(
				array( 'location' => 'cal-city' ),
				array( '2031-05-12' => 1 ),
				array( 'A tender for roads in the city' ),
			),
			'EOIs for roads'     => array(
				array(
					'notice_type' => 'eoi',
					'category'    => 'cal-roads',
				),
				array(
					'2031-05-12' => 1,
					'2031-05-20' => 1,
				),
				array( 'B EOI for roads' ),
			),
			'awards'             => array(
				array( 'notice_type' => 'award' ),
				array(),
				array(),
			),
		);
		foreach ( $cases as $case => list( $filters, $days, $titles ) ) {
			$data = $this->ok(
				array(
					'month' => self::MONTH,
					'day'   => '2031-05-12',
				) + $filters
			);
			$this->assertSame( $days, $this->days( $data ), $case . ': the counts.' );
			$dom = new Html( (string) $data['html'] );
			$this->assertSame( $titles, $this->titles( $dom ), $case . ': the list.' );
			$this->assertSame(
				$days,
				NoticeFilterQuery::deadline_counts(
					array_filter(
						array(
							'noticeType' => $filters['notice_type'] ?? '',
							'category'   => $filters['category'] ?? '',
							'location'   => $filters['location'] ?? '',
						)
					),
					'2031-05-01',
					'2031-05-31'
				),
				$case . ': deadline_counts().'
			);
		}

		$data   = $this->ok(
			array(
				'month'       => self::MONTH,
				'day'         => '2031-05-12',
				'notice_type' => 'eoi',
				'category'    => 'cal-roads',
			)
		);
		$filter = 'notice_type=eoi&category=cal-roads#tp-calendar-1';
		$this->assertSame( '?tp_day=2031-05-12&' . $filter, $data['link'] );
		$dom = new Html( (string) $data['html'] );
		$this->assertSame( '?tp_month=2031-04&' . $filter, $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' ) );
		$this->assertSame( '?tp_month=2031-06&' . $filter, $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--next' ) . ']' )?->getAttribute( 'href' ) );
		$this->assertSame( '?tp_day=2031-05-20&' . $filter, $dom->one( '//td[@data-tp-date="2031-05-20"]/a' )?->getAttribute( 'href' ) );
	}

	public function test_the_link_to_all_of_a_days_notices_keeps_the_filters(): void {
		for ( $i = 1; $i <= 6; $i++ ) {
			$this->notice( 'EOI ' . $i, '2031-05-12 1' . $i . ':00:00', array( 'tp_notice_type' => 'eoi' ) );
		}
		$this->notice( 'A tender the same day', '2031-05-12 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		$dom  = new Html(
			(string) $this->ok(
				array(
					'month'       => self::MONTH,
					'day'         => '2031-05-12',
					'per_day'     => 5,
					'notice_type' => 'eoi',
				)
			)['html']
		);
		$more = $dom->one( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']/a' );
		$this->assertNotNull( $more );
		$this->assertSame( 'All 6 notices closing that day', $dom->text( '.', $more ) );
		$this->assertSame( get_post_type_archive_link( 'tender' ) . '?deadline_from=2031-05-12&deadline_to=2031-05-12&notice_type=eoi', $more->getAttribute( 'href' ) );

		// The archive, asked with that address, lists those six.
		parse_str( (string) wp_parse_url( $more->getAttribute( 'href' ), PHP_URL_QUERY ), $query );
		/** @var array<string, mixed> $query */
		$filters = NoticeFilters::from_url( ListingSettings::defaults(), $query );
		$this->assertSame( array(), $filters['ignored'] );
		$this->assertSame( 6, ListingPage::get( ListingSettings::from_attributes( array( 'perPage' => 50 ) ), 1, $filters['filters'] )['found'] );
	}

	public function test_drafts_private_pending_scheduled_trashed_and_unpublished_notices_are_never_counted_or_listed(): void {
		$published = $this->notice( 'Published', '2031-05-12 10:00:00' );
		$this->notice( 'Secret draft', '2031-05-12 09:00:00', array(), array( 'post_status' => 'draft' ) );
		$this->notice( 'Secret private', '2031-05-12 09:10:00', array(), array( 'post_status' => 'private' ) );
		$this->notice( 'Secret pending', '2031-05-12 09:20:00', array(), array( 'post_status' => 'pending' ) );
		$scheduled = $this->notice( 'Secret scheduled', '2031-05-12 09:30:00', array(), array( 'post_date' => '2030-01-01 10:00:00' ) );
		$this->assertSame( 'future', get_post_status( $scheduled ), 'A notice dated later waits for its time.' );
		$trashed = $this->notice( 'Secret trashed', '2031-05-12 09:40:00' );
		$this->assertInstanceOf( \WP_Post::class, wp_trash_post( $trashed ) );
		$unpublished = $this->notice( 'Secret unpublished', '2031-05-12 09:50:00' );
		$this->assertSame(
			$unpublished,
			wp_update_post(
				array(
					'ID'          => $unpublished,
					'post_status' => 'draft',
				)
			)
		);
		$post = wp_insert_post(
			array(
				'post_type'   => 'post',
				'post_status' => 'publish',
				'post_title'  => 'Secret blog post',
			)
		);
		$this->assertGreaterThan( 0, $post );
		update_post_meta( $post, 'tp_deadline', '2031-05-12 08:00:00' );

		$expected = array( '2031-05-12' => 1 );
		$this->assertSame( $expected, NoticeFilterQuery::deadline_counts( array(), '2031-05-01', '2031-05-31' ) );
		$this->assertSame( array( $published ), NoticeFilterQuery::closing_on( array(), '2031-05-12', 50 ) );
		foreach ( array( 'a visitor', 'an administrator' ) as $who ) {
			if ( 'an administrator' === $who ) {
				// Not even for an administrator, who could read them elsewhere.
				$this->log_in_as( 'administrator' );
			}
			$data = $this->ok(
				array(
					'month'   => self::MONTH,
					'day'     => '2031-05-12',
					'per_day' => 50,
				)
			);
			$this->assertSame( $expected, $this->days( $data ), $who );
			$this->assertSame( array( 'Published' ), $this->titles( new Html( (string) $data['html'] ) ), $who );
			$this->assertStringNotContainsString( 'Secret', (string) $data['html'], $who );

			$_GET = array( 'tp_day' => '2031-05-12' );
			Calendar::reset();
			$html = Calendar::render( array() );
			$this->assertSame( array( 'Published' ), $this->titles( new Html( $html ) ), $who . ', on the page.' );
			$this->assertStringNotContainsString( 'Secret', $html, $who . ', on the page.' );
		}
	}

	public function test_a_password_protected_notice_is_listed_by_its_title_as_archives_list_it_and_nothing_of_its_text_shows(): void {
		$this->notice(
			'Guarded works',
			'2031-05-12 10:00:00',
			array( 'tp_buyer' => 'Guarded Buyer' ),
			array(
				'post_password' => 'pa55-word-xyz',
				'post_content'  => 'Hidden scope of works',
				'post_excerpt'  => 'Hidden summary',
			)
		);
		$data = $this->ok(
			array(
				'month' => self::MONTH,
				'day'   => '2031-05-12',
			)
		);
		$this->assertSame( array( '2031-05-12' => 1 ), $this->days( $data ) );
		$this->assertSame( array( 'Protected: Guarded works' ), $this->titles( new Html( (string) $data['html'] ) ), 'Its title, marked protected, as WordPress\'s own archives show it.' );
		foreach ( array( 'Hidden scope', 'Hidden summary', 'pa55-word-xyz' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, (string) $data['html'] );
		}
	}

	/**
	 * @return array<string, array{0: array<string, mixed>, 1: string, 2: string|null, 3: string|null}>
	 * The query, the answer's message, the parameter named and the message about it (null: any
	 * short message, WordPress's own words).
	 */
	public function bad_requests(): array {
		$month  = 'Give a month as YYYY-MM, between 1970 and 9999.';
		$filter = static fn( string $name ): string => 'The filter “' . $name . '” is not valid.';
		return array(
			'month 13'                  => array( array( 'month' => '2026-13' ), 'Invalid parameter(s): month', 'month', $month ),
			'month 0'                   => array( array( 'month' => '2026-00' ), 'Invalid parameter(s): month', 'month', $month ),
			'year 0'                    => array( array( 'month' => '0000-05' ), 'Invalid parameter(s): month', 'month', $month ),
			'year 1969'                 => array( array( 'month' => '1969-12' ), 'Invalid parameter(s): month', 'month', $month ),
			'a five-digit year'         => array( array( 'month' => '99999-01' ), 'Invalid parameter(s): month', 'month', $month ),
			'a one-digit month'         => array( array( 'month' => '2026-1' ), 'Invalid parameter(s): month', 'month', $month ),
			'a three-digit month'       => array( array( 'month' => '2026-011' ), 'Invalid parameter(s): month', 'month', $month ),
			'markup for a month'        => array( array( 'month' => '<script>alert(1)</script>' ), 'Invalid parameter(s): month', 'month', $month ),
			'a month and a newline'     => array( array( 'month' => "2026-11\n" ), 'Invalid parameter(s): month', 'month', $month ),
			'a list for a month'        => array( array( 'month' => array( 'x' ) ), 'The parameter month is not valid.', 'month', 'A single value is expected.' ),
			'no month'                  => array( array(), 'Missing parameter(s): month', null, null ),
			'an empty month'            => array( array( 'month' => '' ), 'Invalid parameter(s): month', 'month', $month ),
			'a day of another month'    => array(
				array(
					'month' => '2026-11',
					'day'   => '2026-12-01',
				),
				'The day is not in the month.',
				null,
				null,
			),
			'30 February'               => array(
				array(
					'month' => '2026-02',
					'day'   => '2026-02-30',
				),
				'Invalid parameter(s): day',
				'day',
				'Give a day as YYYY-MM-DD.',
			),
			'a day without its month'   => array(
				array(
					'month' => '2026-11',
					'day'   => '5',
				),
				'Invalid parameter(s): day',
				'day',
				'Give a day as YYYY-MM-DD.',
			),
			'a list for a day'          => array(
				array(
					'month' => '2026-11',
					'day'   => array( '2026-11-05' ),
				),
				'The parameter day is not valid.',
				'day',
				'A single value is expected.',
			),
			'per_day 0'                 => array(
				array(
					'month'   => '2026-11',
					'per_day' => '0',
				),
				'Invalid parameter(s): per_day',
				'per_day',
				null,
			),
			'per_day 4'                 => array(
				array(
					'month'   => '2026-11',
					'per_day' => '4',
				),
				'Invalid parameter(s): per_day',
				'per_day',
				null,
			),
			'per_day 51'                => array(
				array(
					'month'   => '2026-11',
					'per_day' => '51',
				),
				'Invalid parameter(s): per_day',
				'per_day',
				null,
			),
			'per_day 1e9'               => array(
				array(
					'month'   => '2026-11',
					'per_day' => '1e9',
				),
				'Invalid parameter(s): per_day',
				'per_day',
				null,
			),
			'per_day past 32 bits'      => array(
				array(
					'month'   => '2026-11',
					'per_day' => '99999999999',
				),
				'The parameter per_day is not valid.',
				'per_day',
				'The number is out of range.',
			),
			'per_day not a number'      => array(
				array(
					'month'   => '2026-11',
					'per_day' => 'many',
				),
				'Invalid parameter(s): per_day',
				'per_day',
				null,
			),
			'id evil'                   => array(
				array(
					'month' => '2026-11',
					'id'    => 'evil',
				),
				'Invalid parameter(s): id',
				'id',
				null,
			),
			'id breaking out of markup' => array(
				array(
					'month' => '2026-11',
					'id'    => 'tp-calendar-1"><script>alert(1)</script>',
				),
				'Invalid parameter(s): id',
				'id',
				null,
			),
			'id 0'                      => array(
				array(
					'month' => '2026-11',
					'id'    => 'tp-calendar-0',
				),
				'Invalid parameter(s): id',
				'id',
				null,
			),
			'id of five digits'         => array(
				array(
					'month' => '2026-11',
					'id'    => 'tp-calendar-10000',
				),
				'Invalid parameter(s): id',
				'id',
				null,
			),
			'id and a newline'          => array(
				array(
					'month' => '2026-11',
					'id'    => "tp-calendar-1\n",
				),
				'Invalid parameter(s): id',
				'id',
				null,
			),
			'markup for a category'     => array(
				array(
					'month'    => '2026-11',
					'category' => '<script>alert(1)</script>',
				),
				'Invalid parameter(s): category',
				'category',
				$filter( 'category' ),
			),
			'no such category'          => array(
				array(
					'month'    => '2026-11',
					'category' => 'no-such-term',
				),
				'Invalid parameter(s): category',
				'category',
				$filter( 'category' ),
			),
			'a list for a category'     => array(
				array(
					'month'    => '2026-11',
					'category' => array( 'x' ),
				),
				'The parameter category is not valid.',
				'category',
				'A single value is expected.',
			),
			'no such notice type'       => array(
				array(
					'month'       => '2026-11',
					'notice_type' => 'bogus',
				),
				'Invalid parameter(s): notice_type',
				'notice_type',
				$filter( 'notice_type' ),
			),
			'a path for a location'     => array(
				array(
					'month'    => '2026-11',
					'location' => '../../etc',
				),
				'Invalid parameter(s): location',
				'location',
				$filter( 'location' ),
			),
		);
	}

	/**
	 * @dataProvider bad_requests
	 * @param array<string, mixed> $params        The query.
	 * @param string               $message       The answer's message.
	 * @param string|null          $param         The parameter named.
	 * @param string|null          $param_message What is said about it.
	 */
	public function test_bad_input_is_refused_with_a_short_message_and_nothing_is_written( array $params, string $message, ?string $param, ?string $param_message ): void {
		$log      = DebugLog::open_proven();
		$before   = $this->row_counts();
		$writes   = QueryLog::start();
		$response = $this->month( $params );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$this->assertSame( $before, $this->row_counts() );
		$this->assertSame( '', $log->written_since_opened(), 'No PHP notice or warning.' );

		$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertIsArray( $error );
		$this->assertContains( $error['code'], array( 'rest_invalid_param', 'rest_missing_callback_param' ) );
		$this->assertSame( $message, $error['message'] );
		if ( null !== $param ) {
			$said = $error['data']['params'][ $param ] ?? null;
			$this->assertIsString( $said, 'The parameter is named.' );
			$this->assertNotSame( '', trim( $said ) );
			$this->assertLessThan( 100, strlen( $said ), 'A short message: ' . $said );
			if ( null !== $param_message ) {
				$this->assertSame( $param_message, $said );
			}
		}
		$this->assertStringNotContainsString( '<script', (string) wp_json_encode( $error ), 'What was sent is not echoed back.' );
		$this->assertArrayNotHasKey( 'html', $error );
	}

	/**
	 * Writes published notices closing over $month (each day, from 8 am on), each with the
	 * type, buyer and terms of one of the first seeded notices, then rebuilds the lookup table, as
	 * the demo seeder does. On SQLite the rows go in through its own connection, in the test's
	 * transaction: the driver's translation of the seeder's multi-row INSERTs took 14 s for 9,000
	 * notices, this takes well under a second. On MySQL and MariaDB, the seeder's writer.
	 */
	private function add_notices( int $count, CalendarMonth $month ): void {
		global $wpdb;
		$sources = array();
		foreach ( get_posts(
			array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'numberposts' => 50,
				'orderby'     => 'ID',
				'order'       => 'ASC',
			)
		) as $source ) {
			$type      = (string) get_post_meta( $source->ID, 'tp_notice_type', true );
			$sources[] = array(
				'type'   => '' !== $type ? $type : 'tender',
				'buyer'  => (string) get_post_meta( $source->ID, 'tp_buyer', true ),
				'tt_ids' => array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_relationships} WHERE object_id = %d", $source->ID ) ) ),
			);
		}
		$next  = 1 + (int) $wpdb->get_var( "SELECT MAX(ID) FROM {$wpdb->posts}" );
		$posts = array();
		// Published two months ago, as of the clock the test runs on.
		$published = time() - 60 * DAY_IN_SECONDS;
		for ( $i = 0; $i < $count; $i++ ) {
			$id           = $next + $i;
			$source       = $sources[ $i % count( $sources ) ];
			$posts[ $id ] = array(
				'title'    => 'Scale notice ' . $id,
				'name'     => 'scale-notice-' . $id,
				'meta'     => array(
					'tp_notice_type' => $source['type'],
					'tp_buyer'       => $source['buyer'],
					'tp_deadline'    => sprintf( '%s-%02d %02d:%02d:00', $month->key(), 1 + $i % $month->days(), 8 + $i % 10, $i % 60 ),
				),
				'tt_ids'   => $source['tt_ids'],
				'guid'     => home_url( '/?post_type=tender&p=' . $id ),
				'date'     => wp_date( 'Y-m-d H:i:s', $published ),
				'date_gmt' => gmdate( 'Y-m-d H:i:s', $published ),
			);
		}
		$pdo = NoticeSearch::on_sqlite();
		if ( $pdo ) {
			// phpcs:disable WordPress.DB.RestrictedClasses.mysql__PDO -- SQLite's own connection, as NoticeSearch reads it.
			$post = $pdo->prepare( "INSERT INTO {$wpdb->posts} (ID, post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES (?, 1, ?, ?, '', ?, '', 'publish', 'closed', 'closed', '', ?, '', '', ?, ?, '', 0, ?, 0, 'tender', '', 0)" );
			$meta = $pdo->prepare( "INSERT INTO {$wpdb->postmeta} (post_id, meta_key, meta_value) VALUES (?, ?, ?)" );
			$term = $pdo->prepare( "INSERT INTO {$wpdb->term_relationships} (object_id, term_taxonomy_id, term_order) VALUES (?, ?, 0)" );
			// phpcs:enable
			foreach ( $posts as $id => $row ) {
				$post->execute( array( $id, $row['date'], $row['date_gmt'], $row['title'], $row['name'], $row['date'], $row['date_gmt'], $row['guid'] ) );
				foreach ( $row['meta'] as $key => $value ) {
					$meta->execute( array( $id, $key, $value ) );
				}
				foreach ( $row['tt_ids'] as $tt_id ) {
					$term->execute( array( $id, $tt_id ) );
				}
			}
		} else {
			require_once dirname( __DIR__, 2 ) . '/scripts/seed/BulkWriter.php';
			$writer = new \TenderPress_Demo_BulkWriter(); // @phpstan-ignore class.notFound (scripts/seed is not analysed.)
			foreach ( $posts as $row ) {
				$writer->add( // @phpstan-ignore class.notFound
					array(
						'post_type'     => 'tender',
						'post_title'    => $row['title'],
						'post_name'     => $row['name'],
						'post_content'  => '',
						'post_excerpt'  => '',
						'post_date'     => $row['date'],
						'post_date_gmt' => $row['date_gmt'],
						'post_author'   => 1,
					),
					$row['meta'],
					$row['tt_ids']
				);
			}
			$writer->flush(); // @phpstan-ignore class.notFound
		}
		NoticeIndex::rebuild();
		wp_cache_flush();
	}

	/**
	 * @param CalendarMonth $month The month measured: this month, where the seed (dated from the
	 *                             day it ran) always has notices closing.
	 * @return array<string, array<string, mixed>> The month answers measured: the one the island
	 * asks for first, a chosen day, and the filters.
	 */
	private function scenarios( CalendarMonth $month ): array {
		// The filters of a seeded notice closing this month, so each narrows to some notices.
		$day = array_keys( NoticeFilterQuery::deadline_counts( array(), $month->first_date(), $month->last_date() ) )[0] ?? '';
		$id  = NoticeFilterQuery::closing_on( array(), $day, 1 )[0] ?? 0;
		$this->assertNotSame( 0, $id, 'A seeded notice closes in ' . $month->key() . '.' );
		$type     = (string) get_post_meta( $id, 'tp_notice_type', true );
		$category = wp_get_object_terms( $id, 'tender_category' );
		$location = wp_get_object_terms( $id, 'tender_location' );
		$this->assertIsArray( $category );
		$this->assertIsArray( $location );
		$this->assertInstanceOf( \WP_Term::class, $category[0] ?? null );
		$this->assertInstanceOf( \WP_Term::class, $location[0] ?? null );
		return array(
			'a month'           => array( 'month' => $month->key() ),
			'a day'             => array(
				'month' => $month->key(),
				'day'   => $day,
			),
			'fifty a day'       => array(
				'month'   => $month->key(),
				'day'     => $day,
				'per_day' => 50,
			),
			'type and category' => array(
				'month'       => $month->key(),
				'day'         => $day,
				'notice_type' => '' !== $type ? $type : 'tender',
				'category'    => $category[0]->slug,
			),
			'all three filters' => array(
				'month'       => $month->key(),
				'day'         => $day,
				'notice_type' => '' !== $type ? $type : 'tender',
				'category'    => $category[0]->slug,
				'location'    => $location[0]->slug,
			),
			'a month with none' => array( 'month' => self::a_year_on( $month )->key() ),
		);
	}

	/**
	 * @param array<string, array<string, mixed>> $scenarios The answers measured.
	 * @return array<string, int> Queries each costs with an empty cache.
	 */
	private function costs( array $scenarios ): array {
		global $wpdb;
		$costs = array();
		foreach ( $scenarios as $name => $params ) {
			wp_cache_flush();
			NoticeSearch::$statements = array();
			$before                   = $wpdb->num_queries;
			$data                     = $this->ok( $params );
			if ( isset( $params['day'] ) ) {
				$this->assertNotEmpty( $this->titles( new Html( (string) $data['html'] ) ), $name . ': the day lists notices.' );
			}
			$costs[ $name ]           = $wpdb->num_queries - $before + count( NoticeSearch::$statements );
			NoticeSearch::$statements = null;
		}
		return $costs;
	}

	/**
	 * Measured on the seeded site (360 notices), then at 1,360 and 10,360 (copies added inside
	 * the test's transaction, closing over this month; under a second on SQLite). With an
	 * empty cache: a month 5 queries (the options, the posts and meta of the chosen day's
	 * notices, two statements on the lookup table), 7 with a type and a category, 10 with a
	 * location too (each term looked up, and a state's cities), 2 for a month without notices.
	 * The chosen day's notices are read in two statements whether it lists 1 or 50.
	 */
	public function test_a_month_costs_the_same_few_queries_at_ten_thousand_notices(): void {
		$seeded    = (int) wp_count_posts( 'tender' )->publish;
		$month     = CalendarMonth::current();
		$scenarios = $this->scenarios( $month );
		$small     = $this->costs( $scenarios );
		$this->assertSame( array(), array_filter( $small, static fn( int $cost ): bool => $cost < 1 || $cost > 10 ), 'At most 10 queries each: ' . wp_json_encode( $small ) );

		$this->add_notices( 1000, $month );
		$this->assertSame( $seeded + 1000, (int) wp_count_posts( 'tender' )->publish );
		$this->assertSame( $small, $this->costs( $scenarios ), 'At ' . ( $seeded + 1000 ) . ' notices, against ' . $seeded . '.' );

		$this->add_notices( 9000, $month );
		$this->assertSame( $seeded + 10000, (int) wp_count_posts( 'tender' )->publish );
		$this->assertGreaterThanOrEqual( 10000, $seeded + 10000 );
		$this->assertGreaterThan( 300, $this->days( $this->ok( array( 'month' => $month->key() ) ) )[ $month->key() . '-24' ], 'Every day of the month holds hundreds of notices now.' );
		$this->assertSame( $small, $this->costs( $scenarios ), 'At ' . ( $seeded + 10000 ) . ' notices, against ' . $seeded . '.' );
	}

	public function test_the_block_shows_its_title_filters_month_links_grid_with_today_in_the_sites_time_and_the_days_notices(): void {
		// A time zone where today is another date than in UTC right now.
		$timezone = (int) gmdate( 'G' ) < 10 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
		update_option( 'timezone_string', $timezone );
		$today = self::today_in( $timezone );
		$this->assertNotSame( gmdate( 'Y-m-d' ), $today, 'The site\'s date is not UTC\'s.' );
		$month = substr( $today, 0, 7 );
		$this->notice( 'Closing today', $today . ' 23:59:00' );

		$html     = Calendar::render( array() );
		$dom      = new Html( $html );
		$calendar = $this->calendar( $dom );
		$this->assertSame( 'tp-calendar-1', $calendar->getAttribute( 'id' ) );
		$this->assertSame( 'tp-calendar-1-title', $calendar->getAttribute( 'aria-labelledby' ) );
		$this->assertSame( 'Deadline calendar', $dom->text( './h2[@id="tp-calendar-1-title"]', $calendar ), 'The default title.' );
		$this->assertSame( array(), $this->ignored( $dom ) );

		$form = $dom->one( './/form[' . Html::has_class( 'tp-calendar__filters' ) . ']', $calendar );
		$this->assertNotNull( $form );
		$this->assertSame( 'get', $form->getAttribute( 'method' ) );
		$this->assertSame( '#tp-calendar-1', $form->getAttribute( 'action' ) );
		$this->assertSame( array( 'notice_type', 'category', 'location' ), array_map( static fn( \DOMElement $select ): string => $select->getAttribute( 'name' ), $dom->all( './/select', $form ) ) );
		foreach ( $dom->all( './/select', $form ) as $select ) {
			$this->assertNotNull( $dom->one( '//label[@for="' . $select->getAttribute( 'id' ) . '"]' ), $select->getAttribute( 'name' ) . ' has its label.' );
			$this->assertSame( '', $dom->one( './option[1]', $select )?->getAttribute( 'value' ), 'All, first.' );
		}
		$this->assertSame( array( '', 'tender', 'eoi', 'corrigendum', 'award' ), array_map( static fn( \DOMElement $option ): string => $option->getAttribute( 'value' ), $dom->all( './/select[@name="notice_type"]/option', $form ) ) );
		$hidden = $dom->one( './/input[@type="hidden"][@name="tp_month"]', $form );
		$this->assertNotNull( $hidden );
		$this->assertSame( $month, $hidden->getAttribute( 'value' ), 'The filters keep the month shown.' );
		$this->assertSame( 'Show deadlines', $dom->text( './/button[@type="submit"]', $form ) );

		$current = CalendarMonth::parse( $month );
		$this->assertNotNull( $current );
		$this->assertSame( '?tp_month=' . $current->previous()?->key() . '#tp-calendar-1', $dom->one( './/a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']', $calendar )?->getAttribute( 'href' ) );
		$this->assertSame( '?tp_month=' . $current->next()?->key() . '#tp-calendar-1', $dom->one( './/a[' . Html::has_class( 'tp-calendar__step--next' ) . ']', $calendar )?->getAttribute( 'href' ) );
		$this->assertSame( $month, $dom->one( './/table', $calendar )?->getAttribute( 'data-tp-month' ), 'This month, in the site\'s time zone.' );

		$marked = $dom->all( './/td[@aria-current]', $calendar );
		$this->assertCount( 1, $marked );
		$this->assertSame( 'date', $marked[0]->getAttribute( 'aria-current' ) );
		$this->assertSame( $today, $marked[0]->getAttribute( 'data-tp-date' ), 'Today is the site\'s today.' );
		$this->assertStringContainsString( 'is-today', $marked[0]->getAttribute( 'class' ) );
		// aria-current="date" says "today" to a screen reader: the words do not say it again.
		$this->assertStringNotContainsString( 'Today', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $marked[0] ) );

		$list = $dom->one( './/section[' . Html::has_class( 'tp-calendar__list' ) . ']', $calendar );
		$this->assertNotNull( $list );
		$this->assertSame( $today, $list->getAttribute( 'data-tp-day' ), 'Today is the first day from today with notices closing.' );
		$this->assertContains( 'Closing today', $this->titles( $dom ) );
		$this->assertNotNull( $dom->one( './/p[@role="status"]', $calendar ), 'The island announces what it loads.' );
		$this->assertContains( Calendar::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );
	}

	public function test_links_and_the_form_keep_the_pages_other_query_arguments(): void {
		$this->notice( 'A tender', '2031-05-12 10:00:00' );
		// A page without pretty permalinks, in a language plugin's language.
		$_GET = array(
			'page_id'  => '12',
			'lang'     => 'hi',
			'tp_month' => self::MONTH,
			'nested'   => array( 'x' ),
		);
		$dom  = new Html( Calendar::render( array() ) );
		$prev = (string) $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' );
		$this->assertSame( '?page_id=12&lang=hi&tp_month=2031-04#tp-calendar-1', $prev );
		$day = (string) $dom->one( '//a[' . Html::has_class( 'tp-calendar__day-link' ) . ']' )?->getAttribute( 'href' );
		$this->assertSame( '?page_id=12&lang=hi&tp_day=2031-05-12#tp-calendar-1', $day );
		$hidden = array();
		foreach ( $dom->all( '//form//input[@type="hidden"][@data-tp-page-arg]' ) as $input ) {
			$hidden[ $input->getAttribute( 'name' ) ] = $input->getAttribute( 'value' );
		}
		$this->assertSame(
			array(
				'page_id' => '12',
				'lang'    => 'hi',
			),
			$hidden,
			'The form sends the page\'s own arguments along (a GET form replaces the query).'
		);
		$this->assertSame(
			array(
				'noindex' => true,
				'follow'  => true,
			),
			( new Calendar() )->robots( array() ),
			'Another month of the same page stays out of search indexes.'
		);

		// The route builds the same links from the page's query the island sends.
		$_GET   = array();
		$answer = $this->month(
			array(
				'month' => self::MONTH,
				'base'  => 'page_id=12&tp_month=2030-01&category=x&lang=hi&a[]=b',
			)
		);
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( '?page_id=12&lang=hi&tp_month=2031-05#tp-calendar-1', $answer->get_data()['link'] );
		$this->assertStringContainsString( 'href="?page_id=12&#038;lang=hi&#038;tp_month=2031-06#tp-calendar-1"', $answer->get_data()['html'] );
		$this->assertSame( array(), ( new Calendar() )->robots( array() ) );

		// A page opened from a password-reset mail: its key never goes into the calendar's links.
		$answer = $this->month(
			array(
				'month' => self::MONTH,
				'base'  => 'page_id=12&tenderpress-resetpassword=1&key=SeCrEt123&login=bob&popup-selector=x',
			)
		);
		$this->assertSame( '?page_id=12&tp_month=2031-05#tp-calendar-1', $answer->get_data()['link'] );
		$this->assertStringNotContainsString( 'SeCrEt123', $answer->get_data()['html'] );
	}

	public function test_the_pages_address_chooses_the_month_the_day_and_the_filters(): void {
		$roads = $this->term( 'tender_category', 'Calendar roads', 'cal-roads' );
		$this->notice( 'A tender', '2031-05-12 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		$eoi = $this->notice( 'An EOI for roads', '2031-05-12 11:00:00', array( 'tp_notice_type' => 'eoi' ) );
		wp_set_object_terms( $eoi, array( $roads ), 'tender_category' );
		$this->notice( 'An EOI later', '2031-05-20 11:00:00', array( 'tp_notice_type' => 'eoi' ) );

		$_GET = array( 'tp_month' => self::MONTH );
		$dom  = new Html( Calendar::render( array() ) );
		$this->assertSame( self::MONTH, $dom->one( '//table' )?->getAttribute( 'data-tp-month' ) );
		$this->assertSame( self::MONTH, $dom->one( '//input[@name="tp_month"]' )?->getAttribute( 'value' ) );
		$this->assertSame( '2031-05-12', $dom->one( '//section[' . Html::has_class( 'tp-calendar__list' ) . ']' )?->getAttribute( 'data-tp-day' ) );
		$this->assertSame( array( 'A tender', 'An EOI for roads' ), $this->titles( $dom ) );
		$this->assertSame( array(), $this->ignored( $dom ) );

		Calendar::reset();
		$_GET = array( 'tp_day' => '2031-05-20' );
		$dom  = new Html( Calendar::render( array() ) );
		$this->assertSame( self::MONTH, $dom->one( '//table' )?->getAttribute( 'data-tp-month' ), 'The day\'s month.' );
		$this->assertSame( array( 'An EOI later' ), $this->titles( $dom ) );
		$this->assertStringContainsString( 'is-chosen', (string) $dom->one( '//td[@data-tp-date="2031-05-20"]' )?->getAttribute( 'class' ) );

		Calendar::reset();
		$_GET = array(
			'tp_day'      => '2031-05-12',
			'notice_type' => 'eoi',
			'category'    => 'cal-roads',
		);
		$html = Calendar::render( array() );
		$dom  = new Html( $html );
		$this->assertSame( array( 'An EOI for roads' ), $this->titles( $dom ) );
		$this->assertSame( '1 notice closes', $dom->text( '//span[' . Html::has_class( 'tp-calendar__summary' ) . ']' ), 'Only EOIs for roads are counted.' );
		$this->assertSame( 'eoi', $dom->one( '//select[@name="notice_type"]/option[@selected]' )?->getAttribute( 'value' ) );
		$this->assertSame( 'cal-roads', $dom->one( '//select[@name="category"]/option[@selected]' )?->getAttribute( 'value' ) );
		$this->assertSame( '?tp_month=2031-04&notice_type=eoi&category=cal-roads#tp-calendar-1', $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' ), 'The filters go along.' );
		$this->assertSame(
			array(
				'notice_type' => 'eoi',
				'category'    => 'cal-roads',
			),
			$this->props( $dom, $this->calendar( $dom ) )['filters'],
			'The island asks the route with the same filters.'
		);
	}

	/**
	 * @return array<string, array{0: array<string, mixed>, 1: list<string>}> The page's address and
	 * what the visitor is told.
	 */
	public function bad_addresses(): array {
		$month = 'The filter “tp_month” was ignored: enter a month as YYYY-MM.';
		$day   = 'The filter “tp_day” was ignored: enter a date as YYYY-MM-DD.';
		return array(
			'month 13'                  => array( array( 'tp_month' => '2026-13' ), array( $month ) ),
			'year 0'                    => array( array( 'tp_month' => '0000-05' ), array( $month ) ),
			'markup for a month'        => array( array( 'tp_month' => '<script>alert(1)</script>' ), array( $month ) ),
			'a list for a month'        => array( array( 'tp_month' => array( '2031-05' ) ), array( $month ) ),
			'30 February'               => array( array( 'tp_day' => '2026-02-30' ), array( $day ) ),
			'a day before 1970'         => array( array( 'tp_day' => '1969-12-31' ), array( $day ) ),
			'a list for a day'          => array( array( 'tp_day' => array( '2031-05-12' ) ), array( $day ) ),
			'no such category'          => array( array( 'category' => 'no-such-term' ), array( 'The filter “category” was ignored: there is no such choice.' ) ),
			'no such notice type'       => array( array( 'notice_type' => 'bogus' ), array( 'The filter “notice_type” was ignored: choose a notice type from the list.' ) ),
			'a bad day and a bad month' => array(
				array(
					'tp_day'   => 'tomorrow',
					'tp_month' => '2026-1',
				),
				array( $day, $month ),
			),
		);
	}

	/**
	 * @dataProvider bad_addresses
	 * @param array<string, mixed> $query    The page's query arguments.
	 * @param list<string>         $messages What the visitor is told.
	 */
	public function test_a_bad_month_day_or_filter_in_the_address_is_ignored_with_a_message_and_this_month_shown( array $query, array $messages ): void {
		$_GET   = $query;
		$writes = QueryLog::start();
		$html   = Calendar::render( array() );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$dom = new Html( $html );
		$this->assertSame( $messages, $this->ignored( $dom ) );
		$this->assertSame( CalendarMonth::current()->key(), $dom->one( '//table' )?->getAttribute( 'data-tp-month' ), 'This month instead.' );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringNotContainsString( 'alert(', $html );
		$this->assertSame( array(), $this->props( $dom, $this->calendar( $dom ) )['filters'] );
	}

	public function test_a_bad_day_falls_back_to_a_good_month_in_the_address(): void {
		$_GET = array(
			'tp_day'   => '2031-02-30',
			'tp_month' => self::MONTH,
		);
		$dom  = new Html( Calendar::render( array() ) );
		$this->assertSame( self::MONTH, $dom->one( '//table' )?->getAttribute( 'data-tp-month' ) );
		$this->assertSame( array( 'The filter “tp_day” was ignored: enter a date as YYYY-MM-DD.' ), $this->ignored( $dom ) );
	}

	public function test_a_block_with_its_own_notice_type_ignores_the_type_in_the_address(): void {
		$this->notice( 'A tender', '2031-05-12 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		$this->notice( 'Another tender', '2031-05-13 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		$this->notice( 'An EOI', '2031-05-12 11:00:00', array( 'tp_notice_type' => 'eoi' ) );
		$_GET = array(
			'tp_month'    => self::MONTH,
			'notice_type' => 'tender',
		);
		$dom  = new Html( Calendar::render( array( 'noticeType' => 'eoi' ) ) );
		$this->assertSame( '1 notice closes', $dom->text( '//span[' . Html::has_class( 'tp-calendar__summary' ) . ']' ), 'Only the EOI is counted.' );
		$this->assertSame( array( '2031-05-12' ), array_map( static fn( \DOMElement $td ): string => $td->getAttribute( 'data-tp-date' ), $dom->all( '//td[' . Html::has_class( 'has-notices' ) . ']' ) ) );
		$this->assertSame( array( 'An EOI' ), $this->titles( $dom ) );
		$this->assertNull( $dom->one( '//select[@name="notice_type"]' ), 'No choice of type on a calendar of EOIs.' );
		$this->assertSame( 'eoi', $dom->one( '//form//input[@type="hidden"][@name="notice_type"]' )?->getAttribute( 'value' ), 'The form sends the block\'s own type.' );
		$this->assertSame( array( 'notice_type' => 'eoi' ), $this->props( $dom, $this->calendar( $dom ) )['filters'] );
		$this->assertSame( '?tp_month=2031-04&notice_type=eoi#tp-calendar-1', $dom->one( '//a[' . Html::has_class( 'tp-calendar__step--prev' ) . ']' )?->getAttribute( 'href' ) );
	}

	public function test_a_calendar_without_filters_reads_none_from_the_address(): void {
		$this->notice( 'A tender', '2031-05-12 10:00:00', array( 'tp_notice_type' => 'tender' ) );
		$this->notice( 'An EOI', '2031-05-13 11:00:00', array( 'tp_notice_type' => 'eoi' ) );
		// A listing's filters on the same page stay the listing's: this calendar offers none.
		$_GET = array(
			'tp_month'    => self::MONTH,
			'notice_type' => 'eoi',
			'category'    => 'not-a-term',
		);
		$dom  = new Html( Calendar::render( array( 'filters' => false ) ) );
		$this->assertSame( '2 notices close', $dom->text( '//span[' . Html::has_class( 'tp-calendar__summary' ) . ']' ) );
		$this->assertNull( $dom->one( '//form' ), 'No form.' );
		$this->assertNull( $dom->one( '//*[' . Html::has_class( 'tp-calendar__ignored' ) . ']' ), 'Nothing to say about filters it does not take.' );
		$this->assertSame( array(), $this->props( $dom, $this->calendar( $dom ) )['filters'] );
	}

	public function test_the_shortcode_and_the_block_render_as_php_does_with_the_same_attributes(): void {
		for ( $i = 1; $i <= 6; $i++ ) {
			$this->notice( 'EOI ' . $i, '2031-05-12 1' . $i . ':00:00', array( 'tp_notice_type' => 'eoi' ) );
		}
		$this->notice( 'A tender', '2031-05-12 09:00:00', array( 'tp_notice_type' => 'tender' ) );
		$_GET = array( 'tp_day' => '2031-05-12' );

		$php = Calendar::render(
			array(
				'title'      => 'EOIs closing',
				'noticeType' => 'eoi',
				'filters'    => false,
				'perDay'     => 5,
			)
		);
		Calendar::reset();
		$shortcode = do_shortcode( '[tenderpress_calendar title="EOIs closing" notice_type="eoi" filters="false" per_day="5"]' );
		Calendar::reset();
		$block = do_blocks(
			'<!-- wp:' . Calendar::BLOCK . ' ' . serialize_block_attributes(
				array(
					'title'      => 'EOIs closing',
					'noticeType' => 'eoi',
					'filters'    => false,
					'perDay'     => 5,
				)
			) . ' /-->'
		);
		$this->assertSame( self::without_island_tokens( $php ), self::without_island_tokens( $shortcode ) );
		$this->assertSame( self::without_island_tokens( (string) preg_replace( '/class="tp-calendar"/', 'class="tp-calendar wp-block-tenderpress-calendar"', $php, 1 ) ), self::without_island_tokens( trim( $block ) ), 'The block adds its class.' );

		$dom = new Html( $php );
		$this->assertSame( 'EOIs closing', $dom->text( '//h2' ) );
		$this->assertNull( $dom->one( '//form' ), 'No filters.' );
		$this->assertSame( array( 'EOI 1', 'EOI 2', 'EOI 3', 'EOI 4', 'EOI 5' ), $this->titles( $dom ) );
		$this->assertSame( 'All 6 notices closing that day', $dom->text( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']/a' ) );
		$this->assertSame( 5, $this->props( $dom, $this->calendar( $dom ) )['perDay'] );
	}

	public function test_attributes_out_of_bounds_are_brought_within_them_and_markup_in_the_title_is_not_markup(): void {
		$ids = array();
		for ( $i = 1; $i <= 51; $i++ ) {
			$ids[] = $this->notice( sprintf( 'Busy day %02d', $i ), sprintf( '2031-05-12 %02d:%02d:00', 8 + intdiv( $i, 60 ), $i % 60 ) );
		}
		$_GET = array( 'tp_day' => '2031-05-12' );
		$html = Calendar::render(
			array(
				'perDay'     => 500,
				'noticeType' => 'bogus',
				'title'      => '<script>alert(1)</script>Deadlines <b>soon</b>',
			)
		);
		$dom  = new Html( $html );
		$this->assertSame( 'Deadlines soon', $dom->text( '//h2' ) );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringNotContainsString( 'alert(', $html );
		$this->assertStringNotContainsString( '<b>', $html );
		$props = $this->props( $dom, $this->calendar( $dom ) );
		$this->assertSame( 50, $props['perDay'], 'At most 50 a day.' );
		$this->assertCount( 50, $this->titles( $dom ) );
		$this->assertSame( 'All 51 notices closing that day', $dom->text( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']/a' ) );
		$this->assertSame( array(), $props['filters'], 'An unknown type: all types.' );
		$this->assertNotNull( $dom->one( '//select[@name="notice_type"]' ) );

		$cases = array(
			'too few'       => array( array( 'perDay' => 1 ), 5, 'Deadline calendar' ),
			'a word'        => array( array( 'perDay' => 'many' ), 20, 'Deadline calendar' ),
			'a string'      => array(
				array(
					'perDay' => '7',
					'title'  => '   ',
				),
				7,
				'Deadline calendar',
			),
			'a huge number' => array(
				array(
					'perDay' => '1e999',
					'title'  => "Line\none",
				),
				50,
				'Line one',
			),
		);
		foreach ( $cases as $case => list( $attributes, $per_day, $title ) ) {
			Calendar::reset();
			$dom = new Html( Calendar::render( $attributes ) );
			$this->assertSame( $per_day, $this->props( $dom, $this->calendar( $dom ) )['perDay'], $case );
			$this->assertCount( $per_day, $this->titles( $dom ), $case );
			$this->assertSame( $title, $dom->text( '//h2' ), $case );
		}
	}

	public function test_two_calendars_on_one_page_have_unique_ids_and_each_links_to_itself(): void {
		$this->notice( 'On the twelfth', '2031-05-12 10:00:00' );
		$_GET = array( 'tp_month' => self::MONTH );
		$html = Calendar::render( array() ) . do_shortcode( '[tenderpress_calendar]' ) . Calendar::render( array( 'filters' => false ) );
		$dom  = new Html( $html );
		$ids  = array_map( static fn( \DOMElement $element ): string => $element->getAttribute( 'id' ), $dom->all( '//*[@id]' ) );
		$this->assertNotEmpty( $ids );
		$this->assertSame( $ids, array_values( array_unique( $ids ) ), 'Every id once: ' . implode( ', ', array_diff_assoc( $ids, array_unique( $ids ) ) ) );
		foreach ( $dom->all( '//*[@aria-labelledby]|//label[@for]' ) as $element ) {
			$target = $element->hasAttribute( 'for' ) ? $element->getAttribute( 'for' ) : $element->getAttribute( 'aria-labelledby' );
			$this->assertContains( $target, $ids, 'Each reference finds its element.' );
		}
		foreach ( array( 'tp-calendar-1', 'tp-calendar-2', 'tp-calendar-3' ) as $index => $id ) {
			$calendar = $this->calendar( $dom, $index );
			$this->assertSame( $id, $calendar->getAttribute( 'id' ) );
			$links = array_filter( $dom->all( './/a[@href]', $calendar ), static fn( \DOMElement $a ): bool => str_starts_with( $a->getAttribute( 'href' ), '?' ) );
			$this->assertNotEmpty( $links );
			foreach ( $links as $link ) {
				$this->assertStringEndsWith( '#' . $id, $link->getAttribute( 'href' ), 'A month or day link comes back to its own calendar.' );
			}
		}
	}

	public function test_the_island_container_carries_the_route_the_days_listed_the_filters_the_years_and_the_messages(): void {
		$html     = Calendar::render( array() );
		$dom      = new Html( $html );
		$calendar = $this->calendar( $dom );
		$this->assertSame( 'calendar', $calendar->getAttribute( 'data-tp-island' ) );
		$this->assertSame( 'interaction', $calendar->getAttribute( 'data-tp-when' ) );
		$this->assertSame( '.tp-calendar__step, .tp-calendar__day-link, .tp-calendar__submit', $calendar->getAttribute( 'data-tp-replay' ) );
		$this->assertNotNull( $dom->one( './div[@data-tp-root][@hidden]', $calendar ) );
		$this->assertSame( 1, substr_count( $html, 'data-tp-props' ), 'One set of props.' );
		$this->assertStringContainsString( '"filters":{}', $html, 'No filters: an empty object, not a list.' );

		$props = $this->props( $dom, $calendar );
		$this->assertSame( array( 'route', 'perDay', 'filters', 'years', 'i18n', 'messages' ), array_keys( $props ) );
		$this->assertSame( rest_url( 'tenderpress/v1/calendar' ), $props['route'] );
		$this->assertSame( 20, $props['perDay'] );
		$this->assertSame( array(), $props['filters'] );
		$this->assertSame(
			array(
				'first' => 1970,
				'last'  => 9999,
			),
			$props['years']
		);
		$this->assertSame( array( 'loading' => 'Loading…' ), $props['i18n'] );
		$this->assertSame( AjaxResponse::client_messages(), $props['messages'] );
		$this->assertSame( array( 'network', 'timeout', 'aborted', 'serverError' ), array_keys( $props['messages'] ) );
		foreach ( $props['messages'] as $message ) {
			$this->assertNotSame( '', $message );
		}
	}

	public function test_the_sites_setting_is_how_many_notices_a_day_lists_by_default(): void {
		for ( $i = 1; $i <= 8; $i++ ) {
			$this->notice( 'Notice ' . $i, '2031-05-12 1' . $i . ':00:00' );
		}
		update_option( Settings::OPTION, array( Calendar::SECTION => array( 'perDay' => '7' ) ) );
		$this->assertSame( 7, Settings::get( Calendar::SECTION, 'perDay' ) );
		// Routes and blocks are registered once per request: again, as the next request would.
		$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- WordPress's REST server: the next request's.
		unregister_block_type( Calendar::BLOCK );
		register_block_type( TENDERPRESS_DIR . '/blocks/calendar' );
		try {
			$dom = new Html(
				(string) $this->ok(
					array(
						'month' => self::MONTH,
						'day'   => '2031-05-12',
					)
				)['html']
			);
			$this->assertCount( 7, $this->titles( $dom ), 'The route lists the site\'s number.' );
			$this->assertSame( 'All 8 notices closing that day', $dom->text( '//p[' . Html::has_class( 'tp-calendar__more' ) . ']/a' ) );
			$this->assertCount(
				8,
				$this->titles(
					new Html(
						(string) $this->ok(
							array(
								'month'   => self::MONTH,
								'day'     => '2031-05-12',
								'per_day' => 8,
							)
						)['html']
					)
				),
				'A calendar asks for its own.'
			);

			$_GET = array( 'tp_day' => '2031-05-12' );
			$dom  = new Html( Calendar::render( array() ) );
			$this->assertSame( 7, $this->props( $dom, $this->calendar( $dom ) )['perDay'], 'The block starts from it.' );
			$this->assertCount( 7, $this->titles( $dom ) );
		} finally {
			delete_option( Settings::OPTION );
			$GLOBALS['wp_rest_server'] = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- the next test's server reads the rolled-back settings.
			unregister_block_type( Calendar::BLOCK );
			register_block_type( TENDERPRESS_DIR . '/blocks/calendar' );
		}
		$this->assertSame( 20, \WP_Block_Type_Registry::get_instance()->get_registered( Calendar::BLOCK )?->get_attributes()['perDay']['default'] );
	}
}
