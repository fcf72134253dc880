<?php
namespace TenderPress\Islands;

use TenderPress\Content\NoticeIndex;
use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\NoticeFilterQuery;
use TenderPress\Rest\CalendarRoute;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;

/**
 * The deadline calendar (islands/calendar): a month of notice deadlines, from the block
 * `tenderpress/calendar` or the shortcode `[tenderpress_calendar]`. Each day says how many notices
 * close on it; the day chosen lists them (the first `perDay`, and a link to all of them in the
 * notice archive). Filters by type, category and location, as the listing's.
 *
 * Without JavaScript every month, day and filter is a link or a GET form to the same page
 * (`?tp_month=2026-12`, `?tp_day=2026-12-05`). With it, the island asks the REST route
 * `GET /tenderpress/v1/calendar` for the same markup (CalendarMarkup::month_html(), the one
 * renderer) and puts it
 * in place, and the grid takes the keyboard as a WAI-ARIA date grid. A month costs two statements
 * on the notice lookup table (a count per day, and the chosen day's notices) and the posts of that
 * day, whatever the number of notices.
 *
 * This class is the block and the shortcode; CalendarView reads what to show, CalendarMarkup
 * writes it, and Rest\CalendarRoute answers the island.
 */
final class Calendar extends IslandBlock {

	public const ISLAND    = 'calendar';
	public const BLOCK     = 'tenderpress/calendar';
	public const SHORTCODE = 'tenderpress_calendar';
	public const SECTION   = 'calendar';
	public const ROUTE     = '/calendar';

	/** The page's query arguments for the month and the day shown (without JavaScript). */
	public const MONTH_ARG = 'tp_month';
	public const DAY_ARG   = 'tp_day';

	/** The filters a calendar takes, as the listing names them (NoticeFilters::ARGS). */
	public const FILTERS = NoticeFilterQuery::DEADLINE_FILTERS;

	/** @var int Calendars rendered on this request, for unique ids. */
	private static $count = 0;

	/** Forgets the calendars rendered so far (each test renders as a new request). */
	public static function reset(): void {
		self::$count = 0;
	}

	protected static function site_defaults(): array {
		return array(
			'perDay' => array(
				'label' => __( 'Notices listed for a day', 'tenderpress' ),
				'help'  => __( 'More than this: a link leads to all of them in the notice archive.', 'tenderpress' ),
			),
		);
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Deadline calendar', 'tenderpress' ),
			'description' => __( 'A month of notice deadlines: each day says how many notices close, and the day a visitor picks lists them. Each block can set its own.', 'tenderpress' ),
		);
	}

	public function register(): void {
		parent::register();
		add_action( 'rest_api_init', array( new CalendarRoute(), 'register' ) );
		add_filter( 'wp_robots', array( $this, 'robots' ) );
	}

	/**
	 * A page showing another month or day of the calendar is the same page: kept out of search
	 * indexes, as a filtered listing is (its links are nofollow, but not every crawler obeys).
	 *
	 * @param mixed $robots The robots directives.
	 * @return array<string, mixed>
	 */
	public function robots( $robots ): array {
		$robots = is_array( $robots ) ? $robots : array();
		if ( isset( $_GET[ self::MONTH_ARG ] ) || isset( $_GET[ self::DAY_ARG ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- whether the address names a month or a day.
			$robots['noindex'] = true;
			$robots['follow']  = true;
		}
		return $robots;
	}

	/**
	 * The calendar and its island, escaped; nothing while the notice index is being built.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: title, noticeType, filters,
	 *                                         perDay.
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		if ( ! NoticeIndex::ready() ) {
			return '';
		}
		$id      = 'tp-calendar-' . ( ++self::$count );
		$state   = CalendarView::from_url( (string) $attributes['noticeType'], (bool) $attributes['filters'] );
		$per_day = (int) $attributes['perDay'];
		$view    = CalendarView::build( $id, $state['month'], $state['day'], $state['filters'], $per_day, CalendarView::base_args( wp_unslash( $_GET ) ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the page's own address, kept in its links.
		$title   = trim( sanitize_text_field( (string) $attributes['title'] ) );
		$title   = '' !== $title ? $title : __( 'Deadline calendar', 'tenderpress' );
		$ignored = '';
		foreach ( $state['ignored'] as $message ) {
			$ignored .= '<p class="tp-calendar__ignored">' . esc_html( $message ) . '</p>';
		}
		wp_enqueue_style( 'tenderpress-forms' );
		wp_enqueue_style( 'tenderpress-badges' );
		$inner = sprintf(
			'<h2 class="tp-calendar__title" id="%1$s-title">%2$s</h2>%3$s%4$s<div class="tp-calendar__month">%5$s</div><p class="tp-calendar__status screen-reader-text" role="status"></p><div data-tp-root hidden></div>',
			esc_attr( $id ),
			esc_html( $title ),
			$ignored,
			$attributes['filters'] ? CalendarMarkup::filter_form( $view, '' !== $attributes['noticeType'] ) : '',
			CalendarMarkup::month_html( $view )
		);
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'route'    => rest_url( Rest::NAMESPACE . self::ROUTE ),
				'perDay'   => $per_day,
				'filters'  => (object) CalendarView::query_args( $view['filters'] ),
				'years'    => array(
					'first' => CalendarMonth::FIRST_YEAR,
					'last'  => CalendarMonth::LAST_YEAR,
				),
				'i18n'     => array(
					'loading' => __( 'Loading…', 'tenderpress' ),
				),
				'messages' => AjaxResponse::client_messages(),
			),
			array(
				'tag'        => 'section',
				// A visitor's first click or key on it: a month link, a day, the filters.
				'when'       => 'interaction',
				'replay'     => '.tp-calendar__step, .tp-calendar__day-link, .tp-calendar__submit',
				'attributes' => array(
					'id'              => $id,
					'aria-labelledby' => $id . '-title',
				),
			)
		);
	}
}
