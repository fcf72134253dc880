<?php
namespace TenderPress\Rest;

use TenderPress\Content\NoticeIndex;
use TenderPress\Islands\Calendar;
use TenderPress\Islands\CalendarMarkup;
use TenderPress\Islands\CalendarView;
use TenderPress\Listings\CalendarMonth;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Support\Rest;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * `GET /tenderpress/v1/calendar`: a month of the deadline calendar (Calendar) for its island,
 * the same markup the page has (CalendarMarkup::month_html()), with its counts and the page's
 * address for what it shows. Open to everyone: it reads published notices only.
 */
final class CalendarRoute {

	public function register(): void {
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
			Calendar::ROUTE,
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
					// As the block's attribute says, with the site's default.
					'per_day'                       => Calendar::rest_argument( 'perDay' ),
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
		foreach ( Calendar::FILTERS as $key ) {
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
		$view = CalendarView::build( (string) $request['id'], $month, '' === $day ? null : $day, $filters, (int) $request['per_day'], CalendarView::base_args( $page_query ) );
		return new WP_REST_Response(
			array(
				'month' => $month->key(),
				'day'   => $view['day'],
				'label' => CalendarMonth::format( 'F Y', $month->first_date() ),
				'days'  => (object) $view['counts'],
				'html'  => CalendarMarkup::month_html( $view ),
				// The page's own address for what is shown, for the island to put in the address bar.
				'link'  => CalendarView::link( $view, '' === $day ? array( Calendar::MONTH_ARG => $month->key() ) : array( Calendar::DAY_ARG => $day ) ),
			)
		);
	}
}
