<?php
namespace TenderPress\Listings;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Support\Money;

/**
 * The filter and sort form above a listing: a plain GET form, so it works without JavaScript and
 * every view it gives has a URL to share or bookmark. Each choice says how many notices it
 * would show (FilterCounts). It sits in a <details> panel: closed on a listing without filters,
 * open when the page shows a filtered view.
 */
final class FilterForm {

	/** Filter keys the summary does not count as filters applied: the order is not a filter. */
	public const UNCOUNTED = array( 'sort' );

	/** @var int Forms rendered in this request, for unique ids. */
	private static $count = 0;

	/**
	 * @param array<string, mixed>                                 $settings The listing's settings.
	 * @param array<string, string>                                $filters  The filters applied (from the URL, checked).
	 * @param list<string>                                         $ignored  Why some filters of the URL were left out.
	 * @param int                                                  $found    Notices the listing shows with these filters.
	 * @param array<string, array{value: string, message: string}> $invalid A date or amount typed that is not one,
	 *                                       by filter: shown back in its field, with why beside it.
	 */
	public static function render( array $settings, array $filters, array $ignored, int $found, array $invalid = array() ): string {
		++self::$count;
		$id     = 'tp-filters-' . self::$count;
		$counts = FilterCounts::get( $settings );
		$base   = FilteredView::unfiltered_url();
		$fixed  = NoticeViews::fixed_filters();
		$chosen = array_diff_key( $filters, $fixed );
		$active = count( array_diff_key( $chosen, array_flip( self::UNCOUNTED ) ) );

		$fields = self::words( $id, $filters );
		if ( empty( $settings['noticeType'] ) ) {
			$options = array( '' => __( 'All types', 'tenderpress' ) );
			foreach ( NoticeFields::NOTICE_TYPES as $type ) {
				$options[ $type ] = self::with_count( Notice::label_for_type( $type ), $counts['types'][ $type ] ?? 0 );
			}
			$fields .= self::select( $id, 'noticeType', __( 'Notice type', 'tenderpress' ), $options, $filters );
		}
		if ( ! isset( $fixed['status'] ) ) {
			$fields .= self::select( $id, 'status', __( 'Status', 'tenderpress' ), self::status_options( $settings, $counts['statuses'] ), $filters + NoticeFilters::defaults_for( $settings ) );
		}
		foreach ( array(
			'category' => array( NoticeTaxonomies::CATEGORY, __( 'Category', 'tenderpress' ), __( 'All categories', 'tenderpress' ) ),
			'location' => array( NoticeTaxonomies::LOCATION, __( 'Location', 'tenderpress' ), __( 'All locations', 'tenderpress' ) ),
		) as $key => list( $taxonomy, $label, $all ) ) {
			// An archive of a category does not offer other categories: they would show nothing.
			if ( ( $settings['taxonomy'] ?? '' ) !== $taxonomy ) {
				$fields .= self::select( $id, $key, $label, array( '' => $all ) + self::term_options( $taxonomy, $counts['terms'] ), $filters );
			}
		}
		$fields .= self::range(
			$id,
			__( 'Deadline', 'tenderpress' ),
			'date',
			array(
				'deadlineFrom' => __( 'From', 'tenderpress' ),
				'deadlineTo'   => __( 'To', 'tenderpress' ),
			),
			$filters,
			$invalid
		);
		$fields .= self::range(
			$id,
			__( 'Estimated value', 'tenderpress' ),
			'number',
			array(
				'valueMin' => __( 'At least', 'tenderpress' ),
				'valueMax' => __( 'At most', 'tenderpress' ),
			),
			$filters,
			$invalid
		);
		$buyers  = array( '' => __( 'All buyers', 'tenderpress' ) );
		foreach ( $counts['buyers'] as $buyer => $count ) {
			$buyers[ $buyer ] = self::with_count( $buyer, $count );
		}
		if ( isset( $filters['buyer'] ) && ! isset( $buyers[ $filters['buyer'] ] ) ) {
			$buyers[ $filters['buyer'] ] = self::with_count( $filters['buyer'], 0 );
		}
		$fields .= self::select( $id, 'buyer', __( 'Buyer', 'tenderpress' ), $buyers, $filters );

		// Closed on a phone even with filters applied, so the notices come first; a date or amount
		// typed wrong opens it, to show why beside the field. From 1024 px the listing's stylesheet
		// shows the fields as a column beside the notices, open or not.
		$html  = '<form class="tp-filters" id="' . esc_attr( $id ) . '" method="get" action="' . esc_url( $base ) . '" aria-label="' . esc_attr__( 'Filter notices', 'tenderpress' ) . '">';
		$html .= '<details class="tp-filters__panel"' . ( $invalid ? ' open' : '' ) . '><summary class="tp-filters__summary">' . esc_html( self::summary( $active ) ) . '</summary>';
		$html .= '<h2 class="tp-filters__heading">' . esc_html__( 'Filter notices', 'tenderpress' ) . '</h2>';
		$html .= '<div class="tp-filters__fields">' . $fields . '</div>';
		// "Clear filters" is always there, hidden while nothing is filtered, so the paginator island
		// can show it after a change it applied in place.
		$html .= '<p class="tp-filters__actions"><button type="submit" class="tp-filters__apply">' . esc_html__( 'Show notices', 'tenderpress' ) . '</button>';
		$html .= ' <a class="tp-filters__clear" href="' . esc_url( $base ) . '"' . ( $chosen ? '' : ' hidden' ) . '>' . esc_html__( 'Clear filters', 'tenderpress' ) . '</a>';
		$html .= '</p></details></form>';
		foreach ( $ignored as $message ) {
			$html .= '<p class="tp-filters__ignored">' . esc_html( $message ) . '</p>';
		}
		$html .= '<div class="tp-listing__bar"><p class="tp-listing__count">' . esc_html( ListingPage::count_text( $found ) ) . '</p>';
		if ( ! isset( $fixed['sort'] ) ) {
			$html .= self::sort_field( $id, $filters );
		}
		return $html . '</div>';
	}

	/**
	 * "Sort by" beside the count, above the notices: a field of the filter form (its `form`
	 * attribute), with its own button, so a new order keeps the filters with or without JavaScript.
	 *
	 * @param string                $form_id The form's id.
	 * @param array<string, string> $filters The filters applied.
	 */
	private static function sort_field( string $form_id, array $filters ): string {
		$id    = $form_id . '-' . NoticeFilters::ARGS['sort'];
		$html  = '<p class="tp-listing__sort"><span class="tp-listing__dot" aria-hidden="true">·</span> <label for="' . esc_attr( $id ) . '">' . esc_html__( 'Sort by', 'tenderpress' ) . '</label> ';
		$html .= '<select id="' . esc_attr( $id ) . '" name="' . esc_attr( NoticeFilters::ARGS['sort'] ) . '" form="' . esc_attr( $form_id ) . '">';
		foreach ( array(
			NoticeFilters::SORT_NEWEST  => __( 'Newest first', 'tenderpress' ),
			NoticeFilters::SORT_CLOSING => __( 'Closing soonest', 'tenderpress' ),
			NoticeFilters::SORT_VALUE   => __( 'Highest value', 'tenderpress' ),
		) as $value => $text ) {
			$html .= '<option value="' . esc_attr( $value ) . '"' . selected( $value, $filters['sort'] ?? NoticeFilters::SORT_NEWEST, false ) . '>' . esc_html( $text ) . '</option>';
		}
		return $html . '</select> <button type="submit" class="tp-listing__sort-apply" form="' . esc_attr( $form_id ) . '">' . esc_html__( 'Sort', 'tenderpress' ) . '</button></p>';
	}

	/**
	 * The status choices with their counts. A listing that lists open notices first offers them
	 * first, as its default, and "any" for the closed ones too; another offers any by default.
	 *
	 * @param array<string, mixed> $settings The listing's settings.
	 * @param array<string, int>   $counts   Notices by status.
	 * @return array<string, string>
	 */
	private static function status_options( array $settings, array $counts ): array {
		$labels = self::status_labels();
		$all    = ( $counts[ NoticeStatus::OPEN ] ?? 0 ) + ( $counts[ NoticeStatus::CLOSED ] ?? 0 );
		if ( empty( $settings['openFirst'] ) ) {
			$options = array( '' => __( 'Any status', 'tenderpress' ) );
		} else {
			$options = array();
		}
		foreach ( $labels as $status => $label ) {
			$options[ $status ] = self::with_count( $label, $counts[ $status ] ?? 0 );
		}
		if ( ! empty( $settings['openFirst'] ) ) {
			$options[ NoticeFilters::STATUS_ANY ] = self::with_count( __( 'Any status, closed included', 'tenderpress' ), $all );
		}
		return $options;
	}

	/**
	 * What the panel's summary says with `$active` filters applied.
	 *
	 * @param int $active Filters applied, the view's own and the UNCOUNTED ones left out.
	 */
	public static function summary( int $active ): string {
		return $active
			/* translators: %s: number of filters applied. */
			? sprintf( _n( 'Filters (%s)', 'Filters (%s)', $active, 'tenderpress' ), number_format_i18n( $active ) )
			: __( 'Filters', 'tenderpress' );
	}

	/**
	 * What the paginator island needs to apply a change of the form in place: which field is
	 * which filter, the view's own filters, and the words it shows (from here, in the page's
	 * language, so the island keeps no copy).
	 *
	 * @param array<string, mixed> $settings The listing's settings (its defaults).
	 * @return array<string, mixed>
	 */
	public static function island_props( array $settings = array() ): array {
		$summaries = array();
		foreach ( range( 0, count( NoticeFilters::ARGS ) ) as $active ) {
			$summaries[ (string) $active ] = self::summary( $active );
		}
		return array(
			'args'      => NoticeFilters::ARGS,
			'defaults'  => (object) NoticeFilters::defaults_for( $settings ),
			'fixed'     => (object) NoticeViews::fixed_filters(),
			'uncounted' => self::UNCOUNTED,
			'summaries' => (object) $summaries,
			'none'      => ListingPage::count_text( 0 ),
			'emptyHtml' => ListingPage::empty_html(),
		);
	}

	/**
	 * The words searched for (a search from the header arrives here as `q`).
	 *
	 * @param string                $form_id The form's id.
	 * @param array<string, string> $filters The filters applied.
	 */
	private static function words( string $form_id, array $filters ): string {
		$id = $form_id . '-q';
		return '<p class="tp-filters__field tp-filters__words"><label for="' . esc_attr( $id ) . '">' . esc_html__( 'Words or reference number', 'tenderpress' ) . '</label><input id="' . esc_attr( $id ) . '" type="search" name="q" value="' . esc_attr( $filters['q'] ?? '' ) . '" maxlength="' . NoticeFilters::MAX_LENGTH . '"></p>';
	}

	/** @return array<string, string> Each status a visitor can filter by, with its label. */
	private static function status_labels(): array {
		return array(
			NoticeStatus::OPEN         => __( 'Open for bids', 'tenderpress' ),
			NoticeStatus::CLOSING_SOON => NoticeStatus::label( NoticeStatus::CLOSING_SOON ),
			NoticeStatus::CLOSED       => NoticeStatus::label( NoticeStatus::CLOSED ),
		);
	}

	private static function with_count( string $label, int $count ): string {
		/* translators: 1: a filter choice, 2: how many notices it shows. */
		return sprintf( __( '%1$s (%2$s)', 'tenderpress' ), $label, number_format_i18n( $count ) );
	}

	/**
	 * A taxonomy's terms as options, children indented under their parent, each with its count
	 * (when counts are given: the deadline calendar's form has none).
	 *
	 * @param string               $taxonomy The taxonomy.
	 * @param array<int, int>|null $counts   Notices by term taxonomy id.
	 * @return array<string, string>
	 */
	public static function term_options( string $taxonomy, ?array $counts ): array {
		$children = array();
		foreach ( NoticeTaxonomies::terms_of( $taxonomy ) as $term ) {
			$children[ $term->parent ][] = $term;
		}
		$options = array();
		$add     = static function ( int $parent, int $depth ) use ( &$add, &$options, $children, $counts ): void {
			foreach ( $children[ $parent ] ?? array() as $term ) {
				$options[ $term->slug ] = str_repeat( '— ', $depth ) . ( null === $counts ? $term->name : self::with_count( $term->name, $counts[ $term->term_taxonomy_id ] ?? 0 ) );
				if ( $depth < 5 ) {
					$add( $term->term_id, $depth + 1 );
				}
			}
		};
		$add( 0, 0 );
		return $options;
	}

	/**
	 * A labelled select.
	 *
	 * @param string                $form_id The form's id.
	 * @param string                $key     The filter (a key of NoticeFilters::ARGS).
	 * @param string                $label   The field's label.
	 * @param array<string, string> $options Value => label.
	 * @param array<string, string> $filters The filters applied.
	 */
	public static function select( string $form_id, string $key, string $label, array $options, array $filters ): string {
		$id       = $form_id . '-' . NoticeFilters::ARGS[ $key ];
		$selected = $filters[ $key ] ?? '';
		$html     = '<p class="tp-filters__field"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label><select id="' . esc_attr( $id ) . '" name="' . esc_attr( NoticeFilters::ARGS[ $key ] ) . '">';
		foreach ( $options as $value => $text ) {
			$html .= '<option value="' . esc_attr( (string) $value ) . '"' . selected( (string) $value, $selected, false ) . '>' . esc_html( $text ) . '</option>';
		}
		return $html . '</select></p>';
	}

	/**
	 * Two inputs bounding one value (dates, amounts), grouped under a legend. A date is a text
	 * field labelled with the site's order (DateInput); an amount carries the site's currency
	 * symbol as a prefix, hidden from screen readers, which hear the currency once, in the legend.
	 * A value typed that is not one comes back in its field, marked invalid, with why beside it.
	 *
	 * @param string                                               $form_id The form's id.
	 * @param string                                               $legend  What the range bounds.
	 * @param string                                               $type    date or number.
	 * @param array<string, string>                                $ends    Filter key => label of each end.
	 * @param array<string, string>                                $filters The filters applied.
	 * @param array<string, array{value: string, message: string}> $invalid Values typed that are not ones, by filter.
	 */
	private static function range( string $form_id, string $legend, string $type, array $ends, array $filters, array $invalid ): string {
		$legend_html = esc_html( $legend );
		$symbol      = Money::site_symbol();
		if ( 'number' === $type ) {
			/* translators: %s: the site's currency symbol, such as ₹. */
			$legend_html .= '<span class="screen-reader-text"> ' . esc_html( sprintf( __( '(in %s)', 'tenderpress' ), $symbol ) ) . '</span>';
		}
		$html = '<fieldset class="tp-filters__field tp-filters__range"><legend>' . $legend_html . '</legend>';
		foreach ( $ends as $key => $label ) {
			$id    = $form_id . '-' . NoticeFilters::ARGS[ $key ];
			$error = $invalid[ $key ] ?? null;
			if ( null !== $error ) {
				$value = $error['value'];
			} elseif ( 'date' === $type && isset( $filters[ $key ] ) ) {
				$value = DateInput::display( $filters[ $key ] );
			} else {
				$value = $filters[ $key ] ?? '';
			}
			$label_html = esc_html( $label );
			if ( 'date' === $type ) {
				// The form in the label itself, so it is read with the field's name, in the site's order.
				$label_html .= ' <span class="tp-filters__hint">(' . esc_html( DateInput::form() ) . ')</span>';
				$extra       = ' type="text" autocomplete="off" spellcheck="false" size="10"';
			} else {
				$extra = ' type="number" min="0" step="any" inputmode="decimal"';
			}
			$error_html = '';
			if ( null !== $error ) {
				$error_id    = $id . '-error';
				$extra      .= ' aria-invalid="true" aria-describedby="' . esc_attr( $error_id ) . '"';
				$error_html  = '<span class="tp-filters__error" id="' . esc_attr( $error_id ) . '"><span class="screen-reader-text">' . esc_html__( 'Error:', 'tenderpress' ) . ' </span>';
				$error_html .= esc_html( ucfirst( $error['message'] ) ) . '</span>';
			}
			$input = '<input id="' . esc_attr( $id ) . '" name="' . esc_attr( NoticeFilters::ARGS[ $key ] ) . '" value="' . esc_attr( $value ) . '"' . $extra . '>';
			if ( 'number' === $type ) {
				$input = '<span class="tp-filters__affix"><span class="tp-filters__prefix" aria-hidden="true">' . esc_html( $symbol ) . '</span>' . $input . '</span>';
			}
			$html .= '<span class="tp-filters__end' . ( null === $error ? '' : ' tp-filters__end--error' ) . '"><label for="' . esc_attr( $id ) . '">' . $label_html . '</label>' . $error_html . $input . '</span>';
		}
		return $html . '</fieldset>';
	}
}
