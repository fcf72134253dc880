<?php
namespace TenderPress\Tests;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeStatus;

/**
 * A notice's status follows its submission deadline: open, closing soon inside the (filterable)
 * seven-day window, closed from the deadline on, none without a deadline; and the "time left"
 * text a bidder reads.
 */
final class NoticeStatusTest extends TestCase {

	private const NOW = 1800000000;

	/** @dataProvider statuses_around_the_deadline */
	public function test_status_follows_the_deadline( int $seconds_before_deadline, string $expected ): void {
		$this->assertSame( $expected, NoticeStatus::derive( self::NOW + $seconds_before_deadline, self::NOW ) );
	}

	public function statuses_around_the_deadline(): array {
		return array(
			'30 days before'           => array( 30 * DAY_IN_SECONDS, NoticeStatus::OPEN ),
			'one second outside window' => array( 7 * DAY_IN_SECONDS + 1, NoticeStatus::OPEN ),
			'exactly 7 days before'    => array( 7 * DAY_IN_SECONDS, NoticeStatus::CLOSING_SOON ),
			'3 days before'            => array( 3 * DAY_IN_SECONDS, NoticeStatus::CLOSING_SOON ),
			'one second before'        => array( 1, NoticeStatus::CLOSING_SOON ),
			'exactly at the deadline'  => array( 0, NoticeStatus::CLOSED ),
			'one second after'         => array( -1, NoticeStatus::CLOSED ),
			'a month after'            => array( -30 * DAY_IN_SECONDS, NoticeStatus::CLOSED ),
		);
	}

	public function test_a_notice_without_deadline_has_no_status(): void {
		$this->assertNull( NoticeStatus::derive( null, self::NOW ) );
		$this->assertSame( 'No deadline', NoticeStatus::label( null ) );
		$this->assertSame( '', NoticeStatus::time_left( null, self::NOW ) );
	}

	public function test_status_defaults_to_the_current_time(): void {
		$this->assertSame( NoticeStatus::OPEN, NoticeStatus::derive( time() + 30 * DAY_IN_SECONDS ) );
		$this->assertSame( NoticeStatus::CLOSING_SOON, NoticeStatus::derive( time() + HOUR_IN_SECONDS ) );
		$this->assertSame( NoticeStatus::CLOSED, NoticeStatus::derive( time() - 1 ) );
	}

	public function test_the_closing_soon_window_is_filterable(): void {
		$one_day = static fn() => DAY_IN_SECONDS;
		add_filter( 'tenderpress_closing_soon_window', $one_day );
		try {
			$this->assertSame( DAY_IN_SECONDS, NoticeStatus::closing_soon_window() );
			$this->assertSame( NoticeStatus::OPEN, NoticeStatus::derive( self::NOW + 2 * DAY_IN_SECONDS, self::NOW ) );
			$this->assertSame( NoticeStatus::CLOSING_SOON, NoticeStatus::derive( self::NOW + 12 * HOUR_IN_SECONDS, self::NOW ) );
		} finally {
			remove_filter( 'tenderpress_closing_soon_window', $one_day );
		}
		$this->assertSame( 7 * DAY_IN_SECONDS, NoticeStatus::closing_soon_window() );
		$this->assertSame( NoticeStatus::CLOSING_SOON, NoticeStatus::derive( self::NOW + 2 * DAY_IN_SECONDS, self::NOW ) );
	}

	public function test_labels_are_readable(): void {
		$this->assertSame( 'Open', NoticeStatus::label( NoticeStatus::OPEN ) );
		$this->assertSame( 'Closing soon', NoticeStatus::label( NoticeStatus::CLOSING_SOON ) );
		$this->assertSame( 'Closed', NoticeStatus::label( NoticeStatus::CLOSED ) );
	}

	/**
	 * Runs the check on a site in that zone (a zone name, or '' with a UTC offset in hours, as
	 * Settings > General stores a bare offset), with "j M Y" and "g:i a" as its formats.
	 */
	private function in_zone( string $timezone, float $offset, callable $check ): void {
		$kept = array();
		foreach ( array( 'timezone_string', 'gmt_offset', 'date_format', 'time_format' ) as $option ) {
			$kept[ $option ] = get_option( $option );
		}
		update_option( 'timezone_string', $timezone );
		update_option( 'gmt_offset', $offset );
		update_option( 'date_format', 'j M Y' );
		update_option( 'time_format', 'g:i a' );
		try {
			$check();
		} finally {
			foreach ( $kept as $option => $value ) {
				update_option( $option, $value );
			}
		}
	}

	/**
	 * The time left is never more than is true: each figure is rounded down. NOW is 15 Jan 2027,
	 * 08:00 UTC, 1:30 pm in India (IST, UTC+5:30, no DST).
	 *
	 * @dataProvider times_left
	 */
	public function test_time_left_never_overstates_what_a_bidder_has( int $seconds_before_deadline, string $expected ): void {
		$this->in_zone(
			'Asia/Kolkata',
			0,
			fn() => $this->assertSame( $expected, NoticeStatus::time_left( self::NOW + $seconds_before_deadline, self::NOW ) )
		);
	}

	public function times_left(): array {
		return array(
			'59 seconds'                 => array( 59, 'Closes today at 1:30 pm IST, in under a minute' ),
			'1 minute'                   => array( MINUTE_IN_SECONDS, 'Closes today at 1:31 pm IST, in 1 min' ),
			'1 minute 59 seconds'        => array( 2 * MINUTE_IN_SECONDS - 1, 'Closes today at 1:31 pm IST, in 1 min' ),
			'59 minutes'                 => array( 59 * MINUTE_IN_SECONDS, 'Closes today at 2:29 pm IST, in 59 min' ),
			'59 minutes 59 seconds'      => array( HOUR_IN_SECONDS - 1, 'Closes today at 2:29 pm IST, in 59 min' ),
			'1 hour'                     => array( HOUR_IN_SECONDS, 'Closes today at 2:30 pm IST, in 1 h' ),
			'5 hours'                    => array( 5 * HOUR_IN_SECONDS, 'Closes today at 6:30 pm IST, in 5 h' ),
			'5 hours 45 minutes'         => array( 5 * HOUR_IN_SECONDS + 45 * MINUTE_IN_SECONDS, 'Closes today at 7:15 pm IST, in 5 h 45 min' ),
			'the last second of today'   => array( 10 * HOUR_IN_SECONDS + 29 * MINUTE_IN_SECONDS + 59, 'Closes today at 11:59 pm IST, in 10 h 29 min' ),
			'midnight'                   => array( 10 * HOUR_IN_SECONDS + 30 * MINUTE_IN_SECONDS, 'Closes tomorrow at 12:00 am IST, in 10 h 30 min' ),
			'23 hours 59 minutes'        => array( DAY_IN_SECONDS - MINUTE_IN_SECONDS, 'Closes tomorrow at 1:29 pm IST, in 23 h 59 min' ),
			'23 hours 59 minutes 59 s'   => array( DAY_IN_SECONDS - 1, 'Closes tomorrow at 1:29 pm IST, in 23 h 59 min' ),
			'exactly 24 hours'           => array( DAY_IN_SECONDS, '1 day left' ),
			'1 day 23 hours'             => array( DAY_IN_SECONDS + 23 * HOUR_IN_SECONDS, '1 day left' ),
			'2 days'                     => array( 2 * DAY_IN_SECONDS, '2 days left' ),
			'18 days 5 hours'            => array( 18 * DAY_IN_SECONDS + 5 * HOUR_IN_SECONDS, '18 days left' ),
			'45 days'                    => array( 45 * DAY_IN_SECONDS, '45 days left' ),
			'60 days'                    => array( 60 * DAY_IN_SECONDS, '60 days left' ),
			'60 days 23 hours'           => array( 61 * DAY_IN_SECONDS - HOUR_IN_SECONDS, '60 days left' ),
			'61 days'                    => array( 61 * DAY_IN_SECONDS, '8 weeks left' ),
			'62 days 23 hours'           => array( 63 * DAY_IN_SECONDS - HOUR_IN_SECONDS, '8 weeks left' ),
			'63 days'                    => array( 63 * DAY_IN_SECONDS, '9 weeks left' ),
			'74 days'                    => array( 74 * DAY_IN_SECONDS, '10 weeks left' ),
			'at the deadline'            => array( 0, 'Submission closed' ),
			'a second after'             => array( -1, 'Submission closed' ),
			'a day after'                => array( -DAY_IN_SECONDS, 'Submission closed' ),
		);
	}

	public function test_a_site_set_to_a_half_hour_utc_offset_names_the_offset(): void {
		// 08:00 UTC is 1:30 pm at UTC+5:30 and 4:30 am at UTC-3:30.
		$this->in_zone(
			'',
			5.5,
			function () {
				$this->assertSame( 'Closes today at 6:30 pm UTC+5:30, in 5 h', NoticeStatus::time_left( self::NOW + 5 * HOUR_IN_SECONDS, self::NOW ) );
				$this->assertSame( 'Closes tomorrow at 9:30 am UTC+5:30, in 20 h', NoticeStatus::time_left( self::NOW + 20 * HOUR_IN_SECONDS, self::NOW ) );
				$this->assertSame( '18 days left', NoticeStatus::time_left( self::NOW + 18 * DAY_IN_SECONDS + 5 * HOUR_IN_SECONDS, self::NOW ) );
			}
		);
		$this->in_zone(
			'',
			-3.5,
			fn() => $this->assertSame( 'Closes today at 9:30 am UTC-3:30, in 5 h', NoticeStatus::time_left( self::NOW + 5 * HOUR_IN_SECONDS, self::NOW ) )
		);
		$this->in_zone(
			'Asia/Kathmandu',
			0,
			fn() => $this->assertSame( 'Closes today at 6:45 pm UTC+5:45, in 5 h', NoticeStatus::time_left( self::NOW + 5 * HOUR_IN_SECONDS, self::NOW ), 'A zone without a common abbreviation gets its offset.' )
		);
		$this->in_zone(
			'UTC',
			0,
			fn() => $this->assertSame( 'Closes today at 1:00 pm UTC, in 5 h', NoticeStatus::time_left( self::NOW + 5 * HOUR_IN_SECONDS, self::NOW ) )
		);
	}

	public function test_days_are_whole_24_hours_across_a_dst_change(): void {
		$this->in_zone(
			'Europe/London',
			0,
			function () {
				// Summer time starts on 28 Mar 2027 at 01:00 UTC: the clocks lose an hour.
				$now = ( new \DateTimeImmutable( '2027-03-20 12:00:00', new \DateTimeZone( 'UTC' ) ) )->getTimestamp();
				// 17 days 23 h 30 min away, though the wall clock reads 18 days 30 min later.
				$this->assertSame( '17 days left', NoticeStatus::time_left( $now + 18 * DAY_IN_SECONDS - 30 * MINUTE_IN_SECONDS, $now ) );
				$night = ( new \DateTimeImmutable( '2027-03-27 23:30:00', new \DateTimeZone( 'UTC' ) ) )->getTimestamp();
				$this->assertSame( 'Closes tomorrow at 5:30 am BST, in 5 h', NoticeStatus::time_left( $night + 5 * HOUR_IN_SECONDS, $night ), 'The zone in force at the deadline.' );
			}
		);
	}

	public function test_the_wording_is_translatable_with_plurals(): void {
		$seen    = array();
		$collect = static function ( $translation, $single, $plural ) use ( &$seen ) {
			$seen[] = $single . '|' . $plural;
			return $translation;
		};
		add_filter( 'ngettext_tenderpress', $collect, 10, 3 );
		try {
			$this->in_zone(
				'Asia/Kolkata',
				0,
				static function () {
					NoticeStatus::time_left( self::NOW + 2 * DAY_IN_SECONDS, self::NOW );
					NoticeStatus::time_left( self::NOW + 70 * DAY_IN_SECONDS, self::NOW );
					NoticeStatus::time_left( self::NOW + 5 * HOUR_IN_SECONDS + MINUTE_IN_SECONDS, self::NOW );
				}
			);
		} finally {
			remove_filter( 'ngettext_tenderpress', $collect );
		}
		$this->assertSame( array( '%d day left|%d days left', '%d week left|%d weeks left', '%d h|%d h', '%d min|%d min' ), $seen );
	}

	/** @dataProvider notices_by_deadline */
	public function test_a_stored_notice_gets_its_status_from_its_local_deadline( int $offset, ?string $expected ): void {
		$id = $this->make_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i:s', time() + $offset ) ) );
		$notice = Notice::from_post( get_post( $id ) );

		$this->assertEqualsWithDelta( time() + $offset, $notice->deadline_timestamp, 1, 'The local deadline is read back as the same instant.' );
		$this->assertSame( $expected, $notice->status() );
	}

	public function notices_by_deadline(): array {
		return array(
			'deadline in a month'   => array( 30 * DAY_IN_SECONDS, NoticeStatus::OPEN ),
			'deadline in two days'  => array( 2 * DAY_IN_SECONDS, NoticeStatus::CLOSING_SOON ),
			'deadline an hour ago'  => array( -HOUR_IN_SECONDS, NoticeStatus::CLOSED ),
			'deadline a month ago'  => array( -30 * DAY_IN_SECONDS, NoticeStatus::CLOSED ),
		);
	}

	public function test_a_stored_notice_without_deadline_has_no_status(): void {
		$notice = Notice::from_post( get_post( $this->make_notice( array( 'tp_buyer' => 'Delhi Jal Board' ) ) ) );
		$this->assertNull( $notice->deadline_timestamp );
		$this->assertNull( $notice->status() );
	}
}
