<?php
namespace TenderPress\Tests;

use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;
use TenderPress\Settings\Settings;

/**
 * The typed fields of the filter form as a visitor meets them: dates labelled and shown in the
 * site's own order (and read in it), a date or amount that is not one told beside its field while
 * the listing still shows with nothing changed, and the value fields' currency prefix.
 */
final class FilterInputsTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		parent::tearDown();
		Settings::forget_stored();
	}

	private function listing( string $query ): Html {
		PageView::visit( home_url( '/tenders/?' . $query ) );
		return new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );
	}

	private function count_text( Html $html ): string {
		return $html->text( '//p[' . Html::has_class( 'tp-listing__count' ) . ']' );
	}

	/** @return array<string, array{0: string, 1: string, 2: string, 3: string}> */
	public function site_orders(): array {
		return array(
			'day first (12 Dec 2026)'         => array( 'j M Y', 'DD/MM/YYYY', '27/03/2027', '30/04/2027' ),
			'month first (December 12, 2026)' => array( 'F j, Y', 'MM/DD/YYYY', '03/27/2027', '04/30/2027' ),
			'year first (2026-12-12)'         => array( 'Y-m-d', 'YYYY/MM/DD', '2027/03/27', '2027/04/30' ),
			'escaped letters ignored'         => array( '\\d\\a\\y j \\m\\o\\n\\t\\h n, Y', 'DD/MM/YYYY', '27/03/2027', '30/04/2027' ),
		);
	}

	/**
	 * @dataProvider site_orders
	 */
	public function test_date_fields_are_labelled_shown_and_read_in_the_sites_order( string $date_format, string $form, string $typed, string $end_shown ): void {
		update_option( 'date_format', $date_format );
		$html = $this->listing( 'deadline_from=' . rawurlencode( $typed ) . '&deadline_to=2027-04-30' );

		$from = $html->one( '//input[@name="deadline_from"]' );
		$this->assertSame( 'text', $from?->getAttribute( 'type' ), 'A text field: a browser’s date field shows the browser’s order, not the site’s.' );
		$this->assertSame( 'From (' . $form . ')', $html->text( '//label[@for="' . $from?->getAttribute( 'id' ) . '"]' ) );
		$this->assertSame( $typed, $from?->getAttribute( 'value' ), 'The date applied is shown as the site writes it.' );
		$to = $html->one( '//input[@name="deadline_to"]' );
		$this->assertSame( $end_shown, $to?->getAttribute( 'value' ), 'A date from a link (YYYY-MM-DD) is shown in the site’s order too.' );

		$props = json_decode( (string) $html->text( '//script[@data-tp-props]' ), true );
		$this->assertSame(
			array(
				'deadlineFrom' => '2027-03-27',
				'deadlineTo'   => '2027-04-30',
			),
			$props['customData'],
			'The date typed is the filter applied.'
		);
		$this->assertNull( $html->one( '//*[@aria-invalid]' ) );
	}

	/** @return array<string, array{0: string}> */
	public function bad_dates(): array {
		return array(
			'no such day'          => array( '31/02/2027' ),
			'no such month'        => array( '12/13/2027' ),
			'ISO, no such day'     => array( '2027-02-30' ),
			'words'                => array( 'next Friday' ),
			'a two-digit year'     => array( '27/03/27' ),
			'markup'               => array( '<b>27/03/2027</b>' ),
		);
	}

	/**
	 * @dataProvider bad_dates
	 */
	public function test_a_bad_date_is_told_beside_its_field_and_changes_nothing( string $typed ): void {
		update_option( 'date_format', 'j M Y' );
		$log      = DebugLog::open_proven();
		// Closed notices: a filter of the visitor's (open ones are the archive's default, not carried).
		$expected = $this->count_text( $this->listing( 'status=closed' ) );
		$html     = $this->listing( 'status=closed&deadline_from=' . rawurlencode( $typed ) );

		$this->assertSame( $expected, $this->count_text( $html ), 'The listing still shows, with the other filters applied and the date left out.' );
		$field = $html->one( '//input[@name="deadline_from"]' );
		$this->assertSame( 'true', $field?->getAttribute( 'aria-invalid' ) );
		$this->assertSame( $typed, $field?->getAttribute( 'value' ), 'What was typed stays in the field to correct.' );
		$error = $html->one( '//*[@id="' . $field?->getAttribute( 'aria-describedby' ) . '"]' );
		$this->assertSame( 'Error: Enter a real date as DD/MM/YYYY, such as 27/03/2027.', trim( (string) $error?->textContent ) ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertNotNull( $html->one( '//span[' . Html::has_class( 'tp-filters__end' ) . '][.//input[@name="deadline_from"]]//*[@id="' . $field?->getAttribute( 'aria-describedby' ) . '"]' ), 'The message sits beside its field.' );
		$this->assertSame( '', $html->one( '//details[' . Html::has_class( 'tp-filters__panel' ) . ']' )?->getAttribute( 'open' ), 'The panel is open on the error.' );
		$this->assertNull( $html->one( '//*[' . Html::has_class( 'tp-filters__ignored' ) . ']' ), 'Told once, beside the field.' );
		$this->assertNull( $html->one( '//b' ), 'What was typed is not markup.' );
		$props = json_decode( (string) $html->text( '//script[@data-tp-props]' ), true );
		$this->assertSame( array( 'status' => 'closed' ), $props['customData'], 'Pages loaded in place do not carry the bad date.' );
		$this->assertSame( '', $log->written_since_opened() );
	}

	public function test_a_bad_amount_is_told_beside_its_field(): void {
		$expected = $this->count_text( $this->listing( '' ) );
		$html     = $this->listing( 'value_max=ten+lakh' );
		$this->assertSame( $expected, $this->count_text( $html ) );
		$field = $html->one( '//input[@name="value_max"]' );
		$this->assertSame( 'true', $field?->getAttribute( 'aria-invalid' ) );
		$this->assertSame( 'ten lakh', $field?->getAttribute( 'value' ) );
		$this->assertSame( 'Error: Enter an amount as a number, without commas.', $html->text( '//*[@id="' . $field?->getAttribute( 'aria-describedby' ) . '"]' ) );
	}

	public function test_a_page_loaded_in_place_reads_the_sites_order_and_refuses_a_bad_date(): void {
		update_option( 'date_format', 'j M Y' );
		$settings = ListingSettings::defaults();
		$this->assertSame( array( 'deadlineFrom' => '2027-03-27' ), NoticeFilters::from_custom_data( '{"deadlineFrom":"27/03/2027"}', $settings ) );
		$this->assertSame( array( 'deadlineFrom' => '2027-03-27' ), NoticeFilters::from_custom_data( '{"deadlineFrom":"2027-03-27"}', $settings ) );
		$refused = NoticeFilters::from_custom_data( '{"deadlineFrom":"31/02/2027"}', $settings );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( array( 'status' => 400 ), $refused->get_error_data() );
	}

	public function test_the_value_fields_carry_the_sites_currency_symbol_said_once(): void {
		$html = $this->listing( '' );
		foreach ( array( 'value_min' => 'At least', 'value_max' => 'At most' ) as $name => $label ) {
			$field = $html->one( '//input[@name="' . $name . '"]' );
			$this->assertSame( $label, $html->text( '//label[@for="' . $field?->getAttribute( 'id' ) . '"]' ), 'The label names the end only.' );
			$prefix = $html->one( '../span[' . Html::has_class( 'tp-filters__prefix' ) . ']', $field );
			$this->assertSame( '₹', trim( (string) $prefix?->textContent ) ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			$this->assertSame( 'true', $prefix?->getAttribute( 'aria-hidden' ), 'Screen readers do not read the symbol with each field.' );
		}
		$legend = $html->one( '//fieldset[.//input[@name="value_min"]]/legend' );
		$this->assertSame( 'Estimated value (in ₹)', trim( (string) $legend?->textContent ), 'The group says the currency, once.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.

		$settings = get_option( Settings::OPTION, array() );
		$listings = array();
		foreach ( array_keys( Settings::section( 'listings' )->fields ?? array() ) as $field ) {
			$listings[ $field ] = Settings::get( 'listings', $field );
		}
		update_option( Settings::OPTION, array( 'listings' => array( 'currency' => 'USD' ) + $listings ) + ( is_array( $settings ) ? $settings : array() ) );
		Settings::forget_stored();
		$html = $this->listing( '' );
		$this->assertSame( '$', $html->text( '//input[@name="value_min"]/../span[' . Html::has_class( 'tp-filters__prefix' ) . ']' ), 'The symbol is the site’s currency’s.' );
	}
}
