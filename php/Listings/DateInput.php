<?php
namespace TenderPress\Listings;

/**
 * A date typed into the filter form: one text field, labelled with the order of the site's own
 * date format ("DD/MM/YYYY" on a site that writes "12 Dec 2026", "MM/DD/YYYY" on one that writes
 * "December 12, 2026"), so a visitor types what the site's dates look like. A plain field works
 * without JavaScript and is the same in every browser, where a browser's date input shows the
 * browser's order, not the site's.
 *
 * Both the site's order (with /, . or - between the parts) and ISO 8601 (YYYY-MM-DD, what links
 * and the deadline calendar give) are read; a date that does not exist (31/02/2027) is not.
 */
final class DateInput {

	/**
	 * The order of day, month and year in the site's date format.
	 *
	 * @return list<string> 'd', 'm' and 'y', in the site's order.
	 */
	public static function order(): array {
		$format = (string) get_option( 'date_format' );
		// A backslash escapes the next character: "\d\e" is literal text, not a day.
		$format = (string) preg_replace( '/\\\\./', '', $format );
		$found  = array();
		foreach ( array(
			'd' => 'dj',
			'm' => 'mnMF',
			'y' => 'Yy',
		) as $part => $letters ) {
			$at = strcspn( $format, $letters );
			// A format without a part puts it where ISO would: after the others.
			$found[ $part ] = $at < strlen( $format ) ? $at : 100 + count( $found );
		}
		$order = array( 'd', 'm', 'y' );
		usort( $order, static fn( string $a, string $b ): int => $found[ $a ] <=> $found[ $b ] );
		// Year in the middle is no one's order: day and month keep theirs around a final year.
		if ( 'y' === $order[1] ) {
			$order = array( $order[0], $order[2], 'y' );
		}
		return $order;
	}

	/** The form the field takes, in the site's order, e.g. "DD/MM/YYYY". */
	public static function form(): string {
		$names = array(
			'd' => _x( 'DD', 'the day in a date typed into a form', 'tenderpress' ),
			'm' => _x( 'MM', 'the month in a date typed into a form', 'tenderpress' ),
			'y' => _x( 'YYYY', 'the year in a date typed into a form', 'tenderpress' ),
		);
		return implode( '/', array_map( static fn( string $part ) => $names[ $part ], self::order() ) );
	}

	/**
	 * A date (YYYY-MM-DD) as the field shows it, in the site's order, e.g. "27/03/2027".
	 *
	 * @param string $date A real date, YYYY-MM-DD.
	 */
	public static function display( string $date ): string {
		$parts = array(
			'y' => substr( $date, 0, 4 ),
			'm' => substr( $date, 5, 2 ),
			'd' => substr( $date, 8, 2 ),
		);
		return implode( '/', array_map( static fn( string $part ) => $parts[ $part ], self::order() ) );
	}

	/**
	 * The date typed, as YYYY-MM-DD, or null when it is not a real date in either form.
	 *
	 * @param string $typed What the visitor typed, trimmed.
	 */
	public static function parse( string $typed ): ?string {
		if ( CalendarMonth::is_date( $typed ) ) {
			return $typed;
		}
		$order = self::order();
		$sizes = array_map( static fn( string $part ) => 'y' === $part ? '(\d{4})' : '(\d{1,2})', $order );
		if ( ! preg_match( '#^' . implode( '[/.-]', $sizes ) . '$#D', $typed, $match ) ) {
			return null;
		}
		$parts = array_combine( $order, array_map( 'intval', array_slice( $match, 1 ) ) );
		if ( ! checkdate( $parts['m'], $parts['d'], $parts['y'] ) || $parts['y'] < 1000 ) {
			return null;
		}
		return sprintf( '%04d-%02d-%02d', $parts['y'], $parts['m'], $parts['d'] );
	}

	/** What a visitor is told about a date that is not one, e.g. "enter a real date as DD/MM/YYYY, such as 27/03/2027." */
	public static function error(): string {
		/* translators: 1: the form a date takes, such as DD/MM/YYYY, 2: an example date in that form. */
		return sprintf( __( 'enter a real date as %1$s, such as %2$s.', 'tenderpress' ), self::form(), self::display( '2027-03-27' ) );
	}
}
