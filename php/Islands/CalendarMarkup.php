<?php
namespace TenderPress\Islands;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\FilterForm;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeCard;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Support\SiteTime;

/**
 * The deadline calendar's markup, escaped: the month (its links, its grid and the chosen day's
 * notices; the one renderer of it, for the page and for the REST route) and the filter form.
 *
 * @phpstan-import-type View from CalendarView
 */
final class CalendarMarkup {

	/**
	 * The part of the calendar that changes: the month's links, its grid and the chosen day's
	 * notices. The one renderer of it, for the page and for the REST route.
	 *
	 * @param View $view What to show (CalendarView::build()).
	 */
	public static function month_html( array $view ): string {
		$id      = $view['id'];
		$month   = $view['month'];
		$filters = $view['filters'];
		$counts  = $view['counts'];
		$today   = CalendarMonth::today();
		$total   = array_sum( $counts );
		$label   = CalendarMonth::format( 'F Y', $month->first_date() );
		$html    = '<div class="tp-calendar__nav">';
		foreach ( array(
			'prev' => array( $month->previous(), __( 'Previous month:', 'tenderpress' ), '‹' ),
			'next' => array( $month->next(), __( 'Next month:', 'tenderpress' ), '' ),
		) as $way => list( $other, $words, $before ) ) {
			if ( null === $other ) {
				continue;
			}
			$html .= sprintf(
				'<a class="tp-calendar__step tp-calendar__step--%1$s" href="%2$s" rel="nofollow" data-tp-month="%3$s">%4$s<span class="screen-reader-text">%5$s </span>%6$s%7$s</a>',
				esc_attr( $way ),
				esc_url( CalendarView::link( $view, array( Calendar::MONTH_ARG => $other->key() ) ) ),
				esc_attr( $other->key() ),
				'' !== $before ? '<span aria-hidden="true">' . esc_html( $before ) . '</span>' : '',
				esc_html( $words ),
				esc_html( CalendarMonth::format( 'F Y', $other->first_date() ) ),
				'' === $before ? '<span aria-hidden="true">›</span>' : ''
			);
		}
		$html .= '</div>';

		/* translators: %s: number of notices. */
		$summary = $total ? sprintf( _n( '%s notice closes', '%s notices close', $total, 'tenderpress' ), number_format_i18n( $total ) ) : __( 'No notices close', 'tenderpress' );
		$html   .= sprintf(
			'<table class="tp-calendar__grid" data-tp-month="%1$s"><caption class="tp-calendar__caption"><span class="tp-calendar__label">%2$s</span> <span class="tp-calendar__summary">%3$s</span></caption><thead><tr>',
			esc_attr( $month->key() ),
			esc_html( $label ),
			esc_html( $summary )
		);
		global $wp_locale;
		foreach ( CalendarMonth::weekday_order( (int) get_option( 'start_of_week', 0 ) ) as $weekday ) {
			$name  = $wp_locale->get_weekday( $weekday );
			$html .= '<th scope="col" abbr="' . esc_attr( $name ) . '"><span aria-hidden="true">' . esc_html( $wp_locale->get_weekday_abbrev( $name ) ) . '</span><span class="screen-reader-text">' . esc_html( $name ) . '</span></th>';
		}
		$html .= '</tr></thead><tbody>';
		foreach ( $month->weeks( (int) get_option( 'start_of_week', 0 ) ) as $week ) {
			$html .= '<tr>';
			foreach ( $week as $date ) {
				$html .= null === $date ? '<td class="tp-calendar__blank"></td>' : self::day_html( $view, $date, $counts[ $date ] ?? 0, $date === $today );
			}
			$html .= '</tr>';
		}
		$html .= '</tbody></table>';
		return $html . self::list_html( $view, $label );
	}

	/**
	 * One day's cell: its number, and how many notices close on it as a link to their list.
	 *
	 * @param array{id: string, day: string|null, filters: array<string, string>, base: array<string, string>} $view  The calendar shown.
	 * @param string                                                                                           $date  The day.
	 * @param int                                                                                              $count Notices closing on it.
	 * @param bool                                                                                             $today Whether it is today (site time).
	 */
	private static function day_html( array $view, string $date, int $count, bool $today ): string {
		$chosen = $date === $view['day'];
		$name   = CalendarMonth::format( __( 'l j F', 'tenderpress' ), $date );
		if ( $count ) {
			/* translators: 1: a day, "Thursday 5 November", 2: number of notices. */
			$words = sprintf( _n( '%1$s: %2$s notice closes', '%1$s: %2$s notices close', $count, 'tenderpress' ), $name, number_format_i18n( $count ) );
		} else {
			/* translators: %s: a day, "Thursday 5 November". */
			$words = sprintf( __( '%s: no notices close', 'tenderpress' ), $name );
		}
		$content = '<span class="screen-reader-text">' . esc_html( $words ) . '</span><span class="tp-calendar__date" aria-hidden="true">' . esc_html( number_format_i18n( (int) substr( $date, 8, 2 ) ) ) . '</span>';
		if ( $count ) {
			$content = sprintf(
				'<a class="tp-calendar__day-link" href="%1$s" rel="nofollow">%2$s<span class="tp-calendar__count" aria-hidden="true">%3$s</span></a>',
				esc_url( CalendarView::link( $view, array( Calendar::DAY_ARG => $date ) ) ),
				$content,
				esc_html( number_format_i18n( $count ) )
			);
		}
		$classes = 'tp-calendar__day' . ( $count ? ' has-notices' : '' ) . ( $today ? ' is-today' : '' ) . ( $chosen ? ' is-chosen' : '' );
		return sprintf(
			'<td class="%1$s" data-tp-date="%2$s"%3$s>%4$s</td>',
			esc_attr( $classes ),
			esc_attr( $date ),
			$today ? ' aria-current="date"' : '',
			$content
		);
	}

	/**
	 * The chosen day's notices, and a link to all of them when there are more.
	 *
	 * @param View   $view  What to show.
	 * @param string $label The month's name.
	 */
	private static function list_html( array $view, string $label ): string {
		$id  = $view['id'];
		$day = $view['day'];
		if ( null === $day ) {
			/* translators: %s: a month, "November 2026". */
			$heading = sprintf( __( 'No notices close in %s', 'tenderpress' ), $label );
			return '<section class="tp-calendar__list" id="' . esc_attr( $id ) . '-list" aria-labelledby="' . esc_attr( $id ) . '-list-title"><h3 class="tp-calendar__list-title" id="' . esc_attr( $id ) . '-list-title">' . esc_html( $heading ) . '</h3></section>';
		}
		$count = $view['counts'][ $day ] ?? 0;
		/* translators: %s: a day, "Thursday 5 November 2026". */
		$heading = sprintf( __( 'Closing on %s', 'tenderpress' ), CalendarMonth::format( __( 'l j F Y', 'tenderpress' ), $day ) );
		$html    = '<section class="tp-calendar__list" id="' . esc_attr( $id ) . '-list" aria-labelledby="' . esc_attr( $id ) . '-list-title" data-tp-day="' . esc_attr( $day ) . '"><h3 class="tp-calendar__list-title" id="' . esc_attr( $id ) . '-list-title">' . esc_html( $heading ) . '</h3>';
		if ( ! $view['notices'] ) {
			return $html . '<p class="tp-calendar__empty">' . esc_html__( 'No notices close on this day.', 'tenderpress' ) . '</p></section>';
		}
		$html .= '<ul class="tp-calendar__notices">';
		foreach ( $view['notices'] as $post ) {
			// What everyone may see (no body of a protected notice): the month is the same for all.
			$notice = Notice::for_everyone( $post );
			$facts  = NoticeCard::type_badge( $notice );
			if ( null !== $notice->deadline_timestamp ) {
				/* translators: %s: a time of day with the site's time zone, such as "3:00 pm IST". */
				$facts .= ' <span class="tp-calendar__time">' . esc_html( sprintf( __( 'closes at %s', 'tenderpress' ), SiteTime::time_of_day( $notice->deadline_timestamp ) ) ) . '</span>';
			}
			if ( '' !== $notice->buyer ) {
				$facts .= ' <span class="tp-calendar__buyer">' . esc_html( $notice->buyer ) . '</span>';
			}
			$html .= sprintf(
				'<li class="tp-calendar__notice"><a href="%1$s">%2$s</a> <span class="tp-calendar__facts">%3$s</span></li>',
				esc_url( (string) get_permalink( $post ) ),
				esc_html( get_the_title( $post ) ),
				$facts
			);
		}
		$html .= '</ul>';
		if ( $count > count( $view['notices'] ) ) {
			$args  = array(
				NoticeFilters::ARGS['deadlineFrom'] => $day,
				NoticeFilters::ARGS['deadlineTo']   => $day,
			);
			$html .= sprintf(
				'<p class="tp-calendar__more"><a href="%1$s">%2$s</a></p>',
				esc_url( add_query_arg( $args + CalendarView::query_args( $view['filters'] ), (string) get_post_type_archive_link( NoticePostType::POST_TYPE ) ) ),
				/* translators: %s: number of notices. */
				esc_html( sprintf( _n( 'All %s notice closing that day', 'All %s notices closing that day', $count, 'tenderpress' ), number_format_i18n( $count ) ) )
			);
		}
		return $html . '</section>';
	}

	/**
	 * The filters: a GET form to the same page, on the month shown, with the page's other query
	 * arguments (a GET form replaces the whole query).
	 *
	 * @param array{id: string, month: CalendarMonth, filters: array<string, string>, base: array<string, string>} $view       The calendar shown.
	 * @param bool                                                                                                 $fixed_type Whether the block fixes the notice type.
	 */
	public static function filter_form( array $view, bool $fixed_type ): string {
		$id      = $view['id'];
		$filters = $view['filters'];
		$fields  = '';
		foreach ( $view['base'] as $name => $value ) {
			$fields .= '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '" data-tp-page-arg>';
		}
		if ( $fixed_type ) {
			// Sent along, so the island's requests carry the block's type as the page's links do.
			$fields .= '<input type="hidden" name="' . esc_attr( ListingSettings::TYPE_QUERY_ARG ) . '" value="' . esc_attr( $filters['noticeType'] ?? '' ) . '">';
		} else {
			$options = array( '' => __( 'All types', 'tenderpress' ) );
			foreach ( NoticeFields::NOTICE_TYPES as $type ) {
				$options[ $type ] = Notice::label_for_type( $type );
			}
			$fields .= FilterForm::select( $id . '-filters', 'noticeType', __( 'Notice type', 'tenderpress' ), $options, $filters );
		}
		$fields .= FilterForm::select( $id . '-filters', 'category', __( 'Category', 'tenderpress' ), array( '' => __( 'All categories', 'tenderpress' ) ) + FilterForm::term_options( NoticeTaxonomies::CATEGORY, null ), $filters );
		$fields .= FilterForm::select( $id . '-filters', 'location', __( 'Location', 'tenderpress' ), array( '' => __( 'All locations', 'tenderpress' ) ) + FilterForm::term_options( NoticeTaxonomies::LOCATION, null ), $filters );
		return sprintf(
			'<form class="tp-calendar__filters" method="get" action="#%1$s"><input type="hidden" name="%2$s" value="%3$s" data-tp-month-field>%4$s<p class="tp-calendar__actions"><button type="submit" class="tp-calendar__submit">%5$s</button></p></form>',
			esc_attr( $id ),
			esc_attr( Calendar::MONTH_ARG ),
			esc_attr( $view['month']->key() ),
			$fields,
			esc_html__( 'Show deadlines', 'tenderpress' )
		);
	}
}
