<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;

/**
 * The filters and sort orders a visitor may apply to a listing: the one list of their names, in
 * the URL (`?status=open&sort=closing`) and in the paginator's custom_data (`{"status":"open"}`),
 * and of the values each accepts.
 *
 * The same checks serve both ways in: a malformed filter in custom_data makes pagination_request
 * answer 400, while one in a page's URL is left out and the visitor is told which and why (a
 * shared link with a typo should still show notices).
 */
final class NoticeFilters {

	public const SORT_NEWEST  = 'newest';
	public const SORT_CLOSING = 'closing';
	public const SORT_VALUE   = 'value';

	/**
	 * The status that asks for every notice, closed ones too: a listing that lists open notices
	 * first (the `openFirst` setting) widens to all with it; elsewhere it is no filter at all.
	 */
	public const STATUS_ANY = 'any';

	/** Longest value any filter takes: a buyer's name. */
	public const MAX_LENGTH = 200;

	/** Largest amount a value filter takes, as for the stored amounts (NoticeFields). */
	private const MAX_AMOUNT = 1e15;

	/** Name in custom_data => name in the URL. The order is the form's. */
	public const ARGS = array(
		'q'            => 'q',
		'noticeType'   => ListingSettings::TYPE_QUERY_ARG,
		'status'       => 'status',
		'category'     => 'category',
		'location'     => 'location',
		'deadlineFrom' => 'deadline_from',
		'deadlineTo'   => 'deadline_to',
		'valueMin'     => 'value_min',
		'valueMax'     => 'value_max',
		'buyer'        => 'buyer',
		'sort'         => 'sort',
	);

	/**
	 * Filters the form shows an error for beside their own field (a date or an amount typed in),
	 * rather than in the list under the form: the visitor typed them, and fixes them there.
	 */
	public const TYPED = array( 'deadlineFrom', 'deadlineTo', 'valueMin', 'valueMax' );

	/**
	 * Values that are the listing's default, by filter key: not a filter, so they stay out of
	 * URLs (FilteredView drops them), cache keys and custom_data (the paginator island too).
	 */
	public const DEFAULTS = array( 'sort' => self::SORT_NEWEST );

	/**
	 * A listing's default values, by filter key: DEFAULTS, and open notices on a listing that lists
	 * them first (the form's first status choice; left out of URLs like the default order).
	 *
	 * @param array<string, mixed> $settings The listing's settings.
	 * @return array<string, string>
	 */
	public static function defaults_for( array $settings ): array {
		return self::DEFAULTS + ( empty( $settings['openFirst'] ) ? array() : array( 'status' => NoticeStatus::OPEN ) );
	}

	/** @return list<string> */
	public static function sorts(): array {
		return array( self::SORT_NEWEST, self::SORT_CLOSING, self::SORT_VALUE );
	}

	/** @return list<string> */
	public static function statuses(): array {
		return array( NoticeStatus::OPEN, NoticeStatus::CLOSING_SOON, NoticeStatus::CLOSED );
	}

	/**
	 * The filters in a page's URL. Those with a value that is not allowed are left out, each with
	 * a message for the visitor.
	 *
	 * @param array<string, mixed> $settings The listing's settings: a listing that fixes its own
	 *                                       notice type ignores the type in the URL.
	 * @param array<string, mixed> $query    The query arguments (defaults to $_GET, unslashed).
	 * @return array{filters: array<string, string>, ignored: list<string>, invalid: array<string, array{value: string, message: string}>}
	 */
	public static function from_url( array $settings, ?array $query = null ): array {
		if ( null === $query ) {
			$query = wp_unslash( $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read: filters of a public listing, each validated below.
		}
		$filters = array();
		$ignored = array();
		$invalid = array();
		foreach ( self::ARGS as $key => $arg ) {
			if ( ! isset( $query[ $arg ] ) || '' === $query[ $arg ] ) {
				continue;
			}
			$value = self::check( $key, $query[ $arg ] );
			if ( is_string( $value ) ) {
				if ( ! self::narrows( $key, $value, $settings ) ) {
					continue;
				}
				$filters[ $key ] = $value;
			} elseif ( in_array( $key, self::TYPED, true ) && is_string( $query[ $arg ] ) ) {
				// Shown back in its field as typed (escaped there), with the reason beside it.
				$invalid[ $key ] = array(
					'value'   => mb_substr( $query[ $arg ], 0, self::MAX_LENGTH ),
					'message' => $value->get_error_message(),
				);
			} else {
				/* translators: 1: name of a filter in the page address, 2: what is wrong with it. */
				$ignored[] = sprintf( __( 'The filter “%1$s” was ignored: %2$s', 'tenderpress' ), $arg, $value->get_error_message() );
			}
		}
		$filters = self::without_defaults( $filters, $settings );
		$range   = self::range_error( $filters );
		if ( null !== $range ) {
			unset( $filters['deadlineFrom'], $filters['deadlineTo'], $filters['valueMin'], $filters['valueMax'] );
			$ignored[] = $range;
		}
		// A view's own filters (`/tenders/closing-soon/`) are part of its address: they win.
		$filters = NoticeViews::fixed_filters() + $filters;
		return array(
			'filters' => $filters,
			'ignored' => $ignored,
			'invalid' => $invalid,
		);
	}

	/**
	 * The filters of a pagination_request's custom_data: empty, or a JSON object of known filters
	 * with allowed values. Anything else is refused whole.
	 *
	 * @param string               $custom_data The field as sent, unslashed.
	 * @param array<string, mixed> $settings    The listing's settings.
	 * @return array<string, string>|\WP_Error
	 */
	public static function from_custom_data( string $custom_data, array $settings ) {
		$bad = static fn( string $message ) => new \WP_Error( 'tenderpress_bad_request', $message, array( 'status' => 400 ) );
		if ( '' === trim( $custom_data ) ) {
			return array();
		}
		$data = json_decode( $custom_data, true );
		if ( ! is_array( $data ) || ( $data && array_is_list( $data ) ) ) {
			return $bad( __( 'The listing filter is not valid.', 'tenderpress' ) );
		}
		$filters = array();
		foreach ( $data as $key => $raw ) {
			if ( ! isset( self::ARGS[ $key ] ) ) {
				return $bad( __( 'The listing filter is not valid.', 'tenderpress' ) );
			}
			if ( '' === $raw ) {
				continue;
			}
			$value = self::check( $key, $raw );
			if ( ! is_string( $value ) ) {
				/* translators: %s: name of a filter (status, sort, …). */
				return $bad( sprintf( __( 'The filter “%s” is not valid.', 'tenderpress' ), $key ) );
			}
			// A filter can narrow a listing, never widen it: a listing of EOIs cannot be asked for tenders.
			if ( ! self::narrows( $key, $value, $settings ) ) {
				return $bad( __( 'The listing filter is not valid.', 'tenderpress' ) );
			}
			$filters[ $key ] = $value;
		}
		$filters = self::without_defaults( $filters, $settings );
		$range   = self::range_error( $filters );
		return null === $range ? $filters : $bad( $range );
	}

	/**
	 * One filter's value, cleaned, or why it is not allowed.
	 *
	 * @param string $key The filter's name (a key of ARGS).
	 * @param mixed  $raw The value as sent.
	 * @return string|\WP_Error
	 */
	public static function check( string $key, $raw ) {
		$invalid = static fn( string $message ) => new \WP_Error( 'tenderpress_invalid_filter', $message );
		if ( ! is_string( $raw ) ) {
			return $invalid( __( 'it takes a single value.', 'tenderpress' ) );
		}
		if ( strlen( $raw ) > self::MAX_LENGTH ) {
			return $invalid( __( 'the value is too long.', 'tenderpress' ) );
		}
		$value = trim( $raw );
		switch ( $key ) {
			case 'q':
				// Words as typed (a pasted reference number keeps its slashes); no markup.
				return sanitize_text_field( $value ) === $value && preg_match( '/[\p{L}\p{N}]/u', $value ) ? $value : $invalid( __( 'search for words or a reference number, as plain text.', 'tenderpress' ) );
			case 'noticeType':
				return in_array( $value, NoticeFields::NOTICE_TYPES, true ) ? $value : $invalid( __( 'choose a notice type from the list.', 'tenderpress' ) );
			case 'status':
				return in_array( $value, array_merge( self::statuses(), array( self::STATUS_ANY ) ), true ) ? $value : $invalid( __( 'choose a status from the list.', 'tenderpress' ) );
			case 'sort':
				return in_array( $value, self::sorts(), true ) ? $value : $invalid( __( 'choose an order from the list.', 'tenderpress' ) );
			case 'category':
			case 'location':
				$taxonomy = 'category' === $key ? NoticeTaxonomies::CATEGORY : NoticeTaxonomies::LOCATION;
				$term     = preg_match( '/^[a-z0-9_-]{1,200}$/D', $value ) ? get_term_by( 'slug', $value, $taxonomy ) : false;
				return $term instanceof \WP_Term ? $term->slug : $invalid( __( 'there is no such choice.', 'tenderpress' ) );
			case 'deadlineFrom':
			case 'deadlineTo':
				// As typed in the site's order (DateInput), or YYYY-MM-DD from a link; kept as the latter.
				$date = DateInput::parse( $value );
				return null === $date ? $invalid( DateInput::error() ) : $date;
			case 'valueMin':
			case 'valueMax':
				return preg_match( '/^\d{1,16}(\.\d{1,2})?$/D', $value ) && (float) $value <= self::MAX_AMOUNT ? $value : $invalid( __( 'enter an amount as a number, without commas.', 'tenderpress' ) );
			case 'buyer':
				// Names are plain text: markup or control characters are refused rather than cleaned.
				return '' !== $value && sanitize_text_field( $value ) === $value ? $value : $invalid( __( 'enter a buyer’s name as plain text.', 'tenderpress' ) );
		}
		return $invalid( __( 'there is no such filter.', 'tenderpress' ) );
	}

	/**
	 * Whether a filter narrows this listing (rather than replacing what it fixes itself).
	 *
	 * @param string               $key      The filter.
	 * @param string               $value    Its value.
	 * @param array<string, mixed> $settings The listing's settings.
	 */
	private static function narrows( string $key, string $value, array $settings ): bool {
		return 'noticeType' !== $key || empty( $settings['noticeType'] ) || $settings['noticeType'] === $value;
	}

	/**
	 * The default order is not a filter: leaving it out keeps one URL and one cache entry per view.
	 * Nor is "open" on a listing that lists open notices first, nor "any" on one that lists all.
	 *
	 * @param array<string, string> $filters
	 * @param array<string, mixed>  $settings The listing's settings.
	 * @return array<string, string>
	 */
	private static function without_defaults( array $filters, array $settings = array() ): array {
		$filters = array_diff_assoc( $filters, self::defaults_for( $settings ) );
		if ( isset( $filters['status'] ) && empty( $settings['openFirst'] ) && self::STATUS_ANY === $filters['status'] ) {
			unset( $filters['status'] );
		}
		return $filters;
	}

	/**
	 * The status a listing's query applies: the one asked for; open notices on a listing that
	 * lists them first and was not asked otherwise; none when every notice was asked for.
	 *
	 * @param array<string, mixed> $settings Listing settings merged with the visitor's filters.
	 */
	public static function status_applied( array $settings ): string {
		$status = isset( $settings['status'] ) && is_string( $settings['status'] ) ? $settings['status'] : '';
		if ( '' === $status && ! empty( $settings['openFirst'] ) ) {
			return NoticeStatus::OPEN;
		}
		return self::STATUS_ANY === $status ? '' : $status;
	}

	/**
	 * Why a range is empty by construction (its start after its end), or null.
	 *
	 * @param array<string, string> $filters
	 */
	private static function range_error( array $filters ): ?string {
		if ( isset( $filters['deadlineFrom'], $filters['deadlineTo'] ) && $filters['deadlineFrom'] > $filters['deadlineTo'] ) {
			return __( 'The deadline range ends before it starts.', 'tenderpress' );
		}
		if ( isset( $filters['valueMin'], $filters['valueMax'] ) && (float) $filters['valueMin'] > (float) $filters['valueMax'] ) {
			return __( 'The value range ends before it starts.', 'tenderpress' );
		}
		return null;
	}

	/** Whether the page's URL asks for any filter or order (valid or not). */
	public static function url_has_filters(): bool {
		foreach ( self::ARGS as $arg ) {
			if ( isset( $_GET[ $arg ] ) && '' !== $_GET[ $arg ] ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- presence only.
				return true;
			}
		}
		return false;
	}
}
