<?php
namespace TenderPress\Islands;

use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\NoticeFilterQuery;
use TenderPress\Listings\NoticeFilters;

/**
 * What a deadline calendar shows (Calendar): the month, day and filters read from the page's
 * address, the counts and the chosen day's notices for them, and the links that keep the page's
 * own query. The page (Calendar::markup()) and the REST route (Rest\CalendarRoute) build their
 * view here, and CalendarMarkup renders it.
 *
 * @phpstan-type View array{id: string, month: CalendarMonth, day: string|null, filters: array<string, string>, counts: array<string, int>, notices: list<\WP_Post>, per_day: int, base: array<string, string>}
 */
final class CalendarView {

	/**
	 * The month, day and filters in the page's address; those not allowed are left out, each
	 * with a message for the visitor.
	 *
	 * @param string $fixed_type   The block's own notice type, which the address cannot change.
	 * @param bool   $with_filters Whether the calendar offers filters; one without reads none from
	 *                             the address (a listing's filters on the same page stay the listing's).
	 * @return array{month: CalendarMonth, day: string|null, filters: array<string, string>, ignored: list<string>}
	 */
	public static function from_url( string $fixed_type, bool $with_filters ): array {
		$query   = wp_unslash( $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read of public notices; each value is checked below.
		$ignored = array();
		/* translators: 1: name of a setting in the page address, 2: what is wrong with it. */
		$ignore = static fn( string $arg, string $why ) => sprintf( __( 'The filter “%1$s” was ignored: %2$s', 'tenderpress' ), $arg, $why );
		$month  = null;
		$day    = null;
		$raw    = $query[ Calendar::DAY_ARG ] ?? '';
		if ( '' !== $raw ) {
			if ( is_string( $raw ) && CalendarMonth::of_date( $raw ) ) {
				$day   = $raw;
				$month = CalendarMonth::of_date( $raw );
			} else {
				$ignored[] = $ignore( Calendar::DAY_ARG, __( 'enter a date as YYYY-MM-DD.', 'tenderpress' ) );
			}
		}
		$raw = $query[ Calendar::MONTH_ARG ] ?? '';
		if ( null === $month && '' !== $raw ) {
			$month = is_string( $raw ) ? CalendarMonth::parse( $raw ) : null;
			if ( null === $month ) {
				$ignored[] = $ignore( Calendar::MONTH_ARG, __( 'enter a month as YYYY-MM.', 'tenderpress' ) );
			}
		}
		$filters = array();
		foreach ( Calendar::FILTERS as $key ) {
			$arg = NoticeFilters::ARGS[ $key ];
			$raw = $query[ $arg ] ?? '';
			if ( '' === $raw || ! $with_filters || ( 'noticeType' === $key && '' !== $fixed_type ) ) {
				continue;
			}
			$value = NoticeFilters::check( $key, $raw );
			if ( is_string( $value ) ) {
				$filters[ $key ] = $value;
			} else {
				$ignored[] = $ignore( $arg, $value->get_error_message() );
			}
		}
		if ( '' !== $fixed_type ) {
			$filters['noticeType'] = $fixed_type;
		}
		return array(
			'month'   => $month ?? CalendarMonth::current(),
			'day'     => $day,
			'filters' => $filters,
			'ignored' => $ignored,
		);
	}

	/**
	 * What one month shows: the count per day and the chosen day's notices. Without a chosen
	 * day, the first day from today on with notices closing, else the month's first such day.
	 *
	 * @param string                $id      The calendar's element id.
	 * @param CalendarMonth         $month   The month.
	 * @param string|null           $day     The chosen day, in the month.
	 * @param array<string, string> $filters Checked filters.
	 * @param int                   $per_day Notices listed for the day at most.
	 * @param array<string, string> $base    The page's other query arguments (base_args()).
	 * @return View
	 */
	public static function build( string $id, CalendarMonth $month, ?string $day, array $filters, int $per_day, array $base ): array {
		$counts = NoticeFilterQuery::deadline_counts( $filters, $month->first_date(), $month->last_date() );
		if ( null === $day && $counts ) {
			$today = CalendarMonth::today();
			$later = array_filter( array_keys( $counts ), static fn( string $date ) => $date >= $today );
			$day   = $later ? min( $later ) : min( array_keys( $counts ) );
		}
		$notices = array();
		if ( null !== $day && ( $counts[ $day ] ?? 0 ) > 0 ) {
			$ids = NoticeFilterQuery::closing_on( $filters, $day, $per_day );
			// Their fields (type, buyer, deadline) in one read; the listing's terms are not shown.
			_prime_post_caches( $ids, false, true );
			foreach ( $ids as $post_id ) {
				$post = get_post( $post_id );
				if ( $post instanceof \WP_Post ) {
					$notices[] = $post;
				}
			}
		}
		return array(
			'id'      => $id,
			'month'   => $month,
			'day'     => $day,
			'filters' => $filters,
			'counts'  => $counts,
			'notices' => $notices,
			'per_day' => $per_day,
			'base'    => $base,
		);
	}

	/**
	 * A link to the calendar's page with another month or day (and the same filters), to the
	 * calendar itself. Relative to the page and keeping its other query arguments (a page id
	 * without pretty permalinks, a language), so the route's markup links to the page it is on.
	 *
	 * @param array{id: string, filters: array<string, string>, base: array<string, string>} $view The calendar shown.
	 * @param array<string, string>                                                          $args The month or day.
	 */
	public static function link( array $view, array $args ): string {
		return '?' . http_build_query( $view['base'] + $args + self::query_args( $view['filters'] ), '', '&' ) . '#' . $view['id'];
	}

	/**
	 * The page's query arguments that are not the calendar's (its month, day and filters):
	 * plain values only, as many as a page's address reasonably has.
	 *
	 * @param array<mixed> $query The page's query, unslashed.
	 * @return array<string, string>
	 */
	public static function base_args( array $query ): array {
		// The sign-in popups' arguments, the reset key among them, are not carried either.
		$owned = array_merge( array( Calendar::MONTH_ARG, Calendar::DAY_ARG ), array_keys( self::query_args( array_fill_keys( Calendar::FILTERS, '' ) ) ), Account::URL_ARGS );
		$base  = array();
		foreach ( $query as $name => $value ) {
			if ( is_string( $value ) && ! in_array( (string) $name, $owned, true ) && strlen( (string) $name ) <= 64 && strlen( $value ) <= 200 ) {
				$base[ (string) $name ] = $value;
			}
		}
		return array_slice( $base, 0, 10, true );
	}

	/**
	 * Filters by the names the page's address and the route give them (notice_type, category, location).
	 *
	 * @param array<string, string> $filters Filters by key.
	 * @return array<string, string>
	 */
	public static function query_args( array $filters ): array {
		$args = array();
		foreach ( $filters as $key => $value ) {
			$args[ NoticeFilters::ARGS[ $key ] ] = $value;
		}
		return $args;
	}
}
