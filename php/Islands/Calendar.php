<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\FilterForm;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeCard;
use TenderPress\Listings\NoticeFilterQuery;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;
use TenderPress\Support\SiteTime;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The deadline calendar (islands/calendar): a month of notice deadlines, from the block
 * `tenderpress/calendar` or the shortcode `[tenderpress_calendar]`. Each day says how many notices
 * close on it; the day chosen lists them (the first `perDay`, and a link to all of them in the
 * notice archive). Filters by type, category and location, as the listing's.
 *
 * Without JavaScript every month, day and filter is a link or a GET form to the same page
 * (`?tp_month=2026-12`, `?tp_day=2026-12-05`). With it, the island asks the REST route
 * `GET /tenderpress/v1/calendar` for the same markup (month_html(), the one renderer) and puts it
 * in place, and the grid takes the keyboard as a WAI-ARIA date grid. A month costs two statements
 * on the notice lookup table (a count per day, and the chosen day's notices) and the posts of that
 * day, whatever the number of notices.
 */
final class Calendar {

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

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Deadline calendar', 'tenderpress' ),
				__( 'A month of notice deadlines: each day says how many notices close, and the day a visitor picks lists them. Each block can set its own.', 'tenderpress' ),
				array(
					'perDay' => SettingsField::from_block_attribute(
						'calendar',
						'perDay',
						__( 'Notices listed for a day', 'tenderpress' ),
						__( 'More than this: a link leads to all of them in the notice archive.', 'tenderpress' )
					),
				)
			)
		);
		add_filter( 'block_type_metadata', array( $this, 'use_site_defaults' ) );
		add_action( 'init', array( $this, 'add_shortcode' ) );
		add_action( 'rest_api_init', array( $this, 'register_route' ) );
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
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function use_site_defaults( array $metadata ): array {
		if ( self::BLOCK === ( $metadata['name'] ?? null ) ) {
			$metadata['attributes']['perDay']['default'] = (int) Settings::get( self::SECTION, 'perDay' );
		}
		return $metadata;
	}

	public function add_shortcode(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'render_shortcode' ) );
	}

	/**
	 * `[tenderpress_calendar title="" notice_type="" filters="" per_day=""]`
	 *
	 * @param mixed $attributes Shortcode attributes.
	 */
	public function render_shortcode( $attributes ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		$names      = array(
			'notice_type' => 'noticeType',
			'per_day'     => 'perDay',
		);
		$renamed    = array();
		foreach ( $attributes as $name => $value ) {
			$renamed[ $names[ $name ] ?? $name ] = $value;
		}
		return self::render( $renamed );
	}

	/**
	 * The `perDay` attribute of the block: type, bounds and the site's default.
	 *
	 * @return array{type: string, minimum: int, maximum: int, default: int}
	 */
	private static function per_day_schema(): array {
		$block  = \WP_Block_Type_Registry::get_instance()->get_registered( self::BLOCK );
		$schema = $block ? ( $block->get_attributes()['perDay'] ?? array() ) : array();
		return array(
			'type'    => 'integer',
			'minimum' => (int) ( $schema['minimum'] ?? 1 ),
			'maximum' => (int) ( $schema['maximum'] ?? 1 ),
			'default' => (int) Settings::get( self::SECTION, 'perDay' ),
		);
	}

	public function register_route(): void {
		$filter = static fn( string $key ) => array(
			'type'              => 'string',
			'default'           => '',
			'validate_callback' => static function ( $value ) use ( $key ) {
				$checked = '' === $value ? '' : NoticeFilters::check( $key, $value );
				/* translators: %s: name of a filter (category, location, …). */
				return is_wp_error( $checked ) ? new WP_Error( 'rest_invalid_param', sprintf( __( 'The filter “%s” is not valid.', 'tenderpress' ), NoticeFilters::ARGS[ $key ] ) ) : true;
			},
		);
		register_rest_route(
			Rest::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'month_response' ),
				'permission_callback' => '__return_true',
				'args'                => array(
					'month'                         => array(
						'description'       => __( 'The month, as YYYY-MM.', 'tenderpress' ),
						'type'              => 'string',
						'required'          => true,
						'validate_callback' => static fn( $value ) => is_string( $value ) && CalendarMonth::parse( $value )
							? true
							/* translators: 1: the first year, 2: the last year. */
							: new WP_Error( 'rest_invalid_param', sprintf( __( 'Give a month as YYYY-MM, between %1$d and %2$d.', 'tenderpress' ), CalendarMonth::FIRST_YEAR, CalendarMonth::LAST_YEAR ) ),
					),
					'day'                           => array(
						'description'       => __( 'The day to list, as YYYY-MM-DD, in the month.', 'tenderpress' ),
						'type'              => 'string',
						'default'           => '',
						'validate_callback' => static fn( $value ) => '' === $value || ( is_string( $value ) && CalendarMonth::is_date( $value ) )
							? true
							: new WP_Error( 'rest_invalid_param', __( 'Give a day as YYYY-MM-DD.', 'tenderpress' ) ),
					),
					'id'                            => array(
						'description'       => __( 'The calendar\'s element id, for the ids and links in its markup.', 'tenderpress' ),
						'type'              => 'string',
						'default'           => 'tp-calendar-1',
						// Not a `pattern`: WordPress tests those without the D modifier, so its $
						// would let a final newline through into the markup's ids.
						'validate_callback' => static fn( $value ) => is_string( $value ) && preg_match( '/^tp-calendar-[1-9][0-9]{0,3}$/D', $value )
							? true
							: new WP_Error( 'rest_invalid_param', __( 'The calendar\'s id is not valid.', 'tenderpress' ) ),
					),
					'per_day'                       => self::per_day_schema(),
					'base'                          => array(
						'description' => __( 'The query of the page the calendar is on, for its links.', 'tenderpress' ),
						'type'        => 'string',
						'default'     => '',
						'maxLength'   => 2000,
					),
					ListingSettings::TYPE_QUERY_ARG => $filter( 'noticeType' ),
					NoticeFilters::ARGS['category'] => $filter( 'category' ),
					NoticeFilters::ARGS['location'] => $filter( 'location' ),
				),
			)
		);
	}

	/**
	 * The month's markup and its counts, for the island.
	 *
	 * @return WP_REST_Response|WP_Error
	 */
	public function month_response( WP_REST_Request $request ) {
		$month = CalendarMonth::parse( (string) $request['month'] );
		$day   = (string) $request['day'];
		if ( null === $month ) {
			return new WP_Error( 'rest_invalid_param', __( 'There is no such month.', 'tenderpress' ), array( 'status' => 400 ) );
		}
		if ( '' !== $day && ! $month->contains( $day ) ) {
			return new WP_Error( 'rest_invalid_param', __( 'The day is not in the month.', 'tenderpress' ), array( 'status' => 400 ) );
		}
		if ( ! NoticeIndex::ready() ) {
			return new WP_Error( 'tenderpress_not_ready', __( 'The calendar is not ready: the site is finishing an update.', 'tenderpress' ), array( 'status' => 503 ) );
		}
		$filters = array();
		foreach ( self::FILTERS as $key ) {
			$value = (string) $request[ NoticeFilters::ARGS[ $key ] ];
			if ( '' !== $value ) {
				$checked = NoticeFilters::check( $key, $value );
				// Checked as an argument already (validate_callback); a term since gone is left out.
				if ( is_string( $checked ) ) {
					$filters[ $key ] = $checked;
				}
			}
		}
		wp_parse_str( (string) $request['base'], $page_query );
		$view = self::view( (string) $request['id'], $month, '' === $day ? null : $day, $filters, (int) $request['per_day'], self::base_args( $page_query ) );
		return new WP_REST_Response(
			array(
				'month' => $month->key(),
				'day'   => $view['day'],
				'label' => CalendarMonth::format( 'F Y', $month->first_date() ),
				'days'  => (object) $view['counts'],
				'html'  => self::month_html( $view ),
				// The page's own address for what is shown, for the island to put in the address bar.
				'link'  => self::link( $view, '' === $day ? array( self::MONTH_ARG => $month->key() ) : array( self::DAY_ARG => $day ) ),
			)
		);
	}

	/**
	 * The calendar and its island, escaped.
	 *
	 * @param array<string, mixed> $attributes Block attributes (block.json).
	 */
	public static function render( array $attributes = array() ): string {
		if ( ! NoticeIndex::ready() ) {
			return '';
		}
		$attributes = BlockAttributes::clean( self::BLOCK, $attributes );
		$id         = 'tp-calendar-' . ( ++self::$count );
		$state      = self::from_url( (string) $attributes['noticeType'], (bool) $attributes['filters'] );
		$per_day    = (int) $attributes['perDay'];
		$view       = self::view( $id, $state['month'], $state['day'], $state['filters'], $per_day, self::base_args( wp_unslash( $_GET ) ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the page's own address, kept in its links.
		$title      = trim( sanitize_text_field( (string) $attributes['title'] ) );
		$title      = '' !== $title ? $title : __( 'Deadline calendar', 'tenderpress' );
		$ignored    = '';
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
			$attributes['filters'] ? self::filter_form( $view, '' !== $attributes['noticeType'] ) : '',
			self::month_html( $view )
		);
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'route'    => rest_url( Rest::NAMESPACE . self::ROUTE ),
				'perDay'   => $per_day,
				'filters'  => (object) self::query_args( $view['filters'] ),
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

	/**
	 * The month, day and filters in the page's address; those not allowed are left out, each
	 * with a message for the visitor.
	 *
	 * @param string $fixed_type   The block's own notice type, which the address cannot change.
	 * @param bool   $with_filters Whether the calendar offers filters; one without reads none from
	 *                             the address (a listing's filters on the same page stay the listing's).
	 * @return array{month: CalendarMonth, day: string|null, filters: array<string, string>, ignored: list<string>}
	 */
	private static function from_url( string $fixed_type, bool $with_filters ): array {
		$query   = wp_unslash( $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read of public notices; each value is checked below.
		$ignored = array();
		/* translators: 1: name of a setting in the page address, 2: what is wrong with it. */
		$ignore = static fn( string $arg, string $why ) => sprintf( __( 'The filter “%1$s” was ignored: %2$s', 'tenderpress' ), $arg, $why );
		$month  = null;
		$day    = null;
		$raw    = $query[ self::DAY_ARG ] ?? '';
		if ( '' !== $raw ) {
			if ( is_string( $raw ) && CalendarMonth::of_date( $raw ) ) {
				$day   = $raw;
				$month = CalendarMonth::of_date( $raw );
			} else {
				$ignored[] = $ignore( self::DAY_ARG, __( 'enter a date as YYYY-MM-DD.', 'tenderpress' ) );
			}
		}
		$raw = $query[ self::MONTH_ARG ] ?? '';
		if ( null === $month && '' !== $raw ) {
			$month = is_string( $raw ) ? CalendarMonth::parse( $raw ) : null;
			if ( null === $month ) {
				$ignored[] = $ignore( self::MONTH_ARG, __( 'enter a month as YYYY-MM.', 'tenderpress' ) );
			}
		}
		$filters = array();
		foreach ( self::FILTERS as $key ) {
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
	 * @return array{id: string, month: CalendarMonth, day: string|null, filters: array<string, string>, counts: array<string, int>, notices: list<\WP_Post>, per_day: int, base: array<string, string>}
	 */
	private static function view( string $id, CalendarMonth $month, ?string $day, array $filters, int $per_day, array $base ): array {
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
	private static function link( array $view, array $args ): string {
		return '?' . http_build_query( $view['base'] + $args + self::query_args( $view['filters'] ), '', '&' ) . '#' . $view['id'];
	}

	/**
	 * The page's query arguments that are not the calendar's (its month, day and filters):
	 * plain values only, as many as a page's address reasonably has.
	 *
	 * @param array<mixed> $query The page's query, unslashed.
	 * @return array<string, string>
	 */
	private static function base_args( array $query ): array {
		// The sign-in popups' arguments, the reset key among them, are not carried either.
		$owned = array_merge( array( self::MONTH_ARG, self::DAY_ARG ), array_keys( self::query_args( array_fill_keys( self::FILTERS, '' ) ) ), Account::URL_ARGS );
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
	private static function query_args( array $filters ): array {
		$args = array();
		foreach ( $filters as $key => $value ) {
			$args[ NoticeFilters::ARGS[ $key ] ] = $value;
		}
		return $args;
	}

	/**
	 * The part of the calendar that changes: the month's links, its grid and the chosen day's
	 * notices. The one renderer of it, for the page and for the REST route.
	 *
	 * @param array{id: string, month: CalendarMonth, day: string|null, filters: array<string, string>, counts: array<string, int>, notices: list<\WP_Post>, per_day: int, base: array<string, string>} $view What to show (view()).
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
				esc_url( self::link( $view, array( self::MONTH_ARG => $other->key() ) ) ),
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
				esc_url( self::link( $view, array( self::DAY_ARG => $date ) ) ),
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
	 * @param array{id: string, month: CalendarMonth, day: string|null, filters: array<string, string>, counts: array<string, int>, notices: list<\WP_Post>, per_day: int, base: array<string, string>} $view  What to show.
	 * @param string                                                                                                                                                                                    $label The month's name.
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
				esc_url( add_query_arg( $args + self::query_args( $view['filters'] ), (string) get_post_type_archive_link( NoticePostType::POST_TYPE ) ) ),
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
	private static function filter_form( array $view, bool $fixed_type ): string {
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
			esc_attr( self::MONTH_ARG ),
			esc_attr( $view['month']->key() ),
			$fields,
			esc_html__( 'Show deadlines', 'tenderpress' )
		);
	}
}
