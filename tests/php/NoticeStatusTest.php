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

	/** @dataProvider times_left */
	public function test_time_left_says_how_long_a_bidder_has( int $seconds_before_deadline, string $expected ): void {
		$this->assertSame( $expected, NoticeStatus::time_left( self::NOW + $seconds_before_deadline, self::NOW ) );
	}

	public function times_left(): array {
		return array(
			'3 days'           => array( 3 * DAY_IN_SECONDS, '3 days left' ),
			'5 hours'          => array( 5 * HOUR_IN_SECONDS, '5 hours left' ),
			// Core's human_time_diff() wording: 6.7 spells minutes out.
			'1 minute'         => array( MINUTE_IN_SECONDS, version_compare( $GLOBALS['wp_version'], '6.7-alpha', '>=' ) ? '1 minute left' : '1 min left' ),
			'at the deadline'  => array( 0, 'Submission closed' ),
			'after it'         => array( -DAY_IN_SECONDS, 'Submission closed' ),
		);
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
