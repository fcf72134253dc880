<?php
namespace TenderPress\Content;

/**
 * A notice's deadline as an iCalendar file (RFC 5545) with an alert some days before it: what
 * "Remind me N days before the deadline" downloads (NoticeReminder). One event at the deadline,
 * in UTC, with a display alarm; text escaped and lines folded at 75 octets as the RFC asks.
 */
final class DeadlineCalendar {

	/**
	 * @param Notice $notice The notice; its deadline must be set.
	 * @param int    $days   Days before the deadline for the alert.
	 * @param int    $now    When the file is made (its DTSTAMP), a Unix time.
	 */
	public static function ics( Notice $notice, int $days, int $now ): string {
		$post  = $notice->post;
		$title = html_entity_decode( wp_strip_all_tags( get_the_title( $post ) ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$url   = (string) get_permalink( $post );
		$host  = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		$about = array_filter(
			array(
				'' !== $notice->buyer ? sprintf( /* translators: %s: the buyer's name. */ __( 'Issuing organisation: %s', 'tenderpress' ), $notice->buyer ) : '',
				'' !== $notice->reference ? sprintf( /* translators: %s: the notice's reference number. */ __( 'Reference number: %s', 'tenderpress' ), $notice->reference ) : '',
				$url,
			)
		);
		$lines = array(
			'BEGIN:VCALENDAR',
			'VERSION:2.0',
			'PRODID:-//TenderPress//Deadline reminders//EN',
			'CALSCALE:GREGORIAN',
			'METHOD:PUBLISH',
			'BEGIN:VEVENT',
			'UID:' . self::text( 'tenderpress-notice-' . $post->ID . '-deadline@' . ( '' !== $host ? $host : 'localhost' ) ),
			'DTSTAMP:' . gmdate( 'Ymd\THis\Z', $now ),
			'DTSTART:' . gmdate( 'Ymd\THis\Z', (int) $notice->deadline_timestamp ),
			/* translators: %s: the notice's title. */
			'SUMMARY:' . self::text( sprintf( __( 'Deadline: %s', 'tenderpress' ), $title ) ),
			'DESCRIPTION:' . self::text( implode( "\n", $about ) ),
			'URL:' . $url,
			'BEGIN:VALARM',
			'ACTION:DISPLAY',
			/* translators: 1: the notice's title, 2: how many days are left. */
			'DESCRIPTION:' . self::text( sprintf( _n( '%1$s closes in %2$d day.', '%1$s closes in %2$d days.', $days, 'tenderpress' ), $title, $days ) ),
			'TRIGGER:-P' . $days . 'D',
			'END:VALARM',
			'END:VEVENT',
			'END:VCALENDAR',
		);
		return implode( "\r\n", array_map( array( self::class, 'fold' ), $lines ) ) . "\r\n";
	}

	/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
	private static function text( string $value ): string {
		return str_replace( array( '\\', ';', ',', "\r\n", "\n", "\r" ), array( '\\\\', '\\;', '\\,', '\\n', '\\n', '\\n' ), $value );
	}

	/** A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
	private static function fold( string $line ): string {
		$parts  = array();
		$limit  = 75;
		$length = strlen( $line );
		while ( $length > $limit ) {
			$part    = mb_strcut( $line, 0, $limit, 'UTF-8' );
			$parts[] = $part;
			$line    = substr( $line, strlen( $part ) );
			$length  = strlen( $line );
			// Each continuation starts with a space, which counts against its 75.
			$limit = 74;
		}
		$parts[] = $line;
		return implode( "\r\n ", $parts );
	}
}
