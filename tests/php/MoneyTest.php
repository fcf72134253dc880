<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeFields;
use TenderPress\Listings\NoticeCard;
use TenderPress\Settings\Settings;
use TenderPress\Support\Money;

/**
 * Amounts of money as bidders read them: the currency's symbol once, digits grouped as the site's
 * locale groups them (lakh and crore in India), and the optional short form. Only WordPress's own
 * en_US is installed here (no language packs), so other locales' separators are given to the
 * formatter as their language packs would give them to number_format_i18n(), and the site's
 * locale is set with WordPress's `locale` filter.
 */
final class MoneyTest extends TestCase {

	protected function tearDown(): void {
		remove_all_filters( 'locale' );
		parent::tearDown();
		Settings::forget_stored();
	}

	/** @param array<string, mixed> $listings Listing settings to change; the others keep their values. */
	private function set_listings( array $listings ): void {
		$current = array();
		foreach ( array_keys( Settings::section( 'listings' )->fields ?? array() ) as $field ) {
			$current[ $field ] = Settings::get( 'listings', $field );
		}
		update_option( Settings::OPTION, array( 'listings' => $listings + $current ) );
		Settings::forget_stored();
		$this->assertSame( $listings, array_intersect_key( get_option( Settings::OPTION )['listings'], $listings ), 'Saved.' );
	}

	private function site_locale( string $locale ): void {
		add_filter( 'locale', static fn() => $locale );
	}

	/** @return array<string, array{0: float, 1: string}> */
	public function indian_amounts(): array {
		return array(
			'zero'                => array( 0, '₹0' ),
			'three digits'        => array( 999, '₹999' ),
			'a thousand'          => array( 1000, '₹1,000' ),
			'ten thousand'        => array( 10000, '₹10,000' ),
			'a lakh'              => array( 100000, '₹1,00,000' ),
			'the issue’s example' => array( 76600000, '₹7,66,00,000' ),
			'ten digits'          => array( 1234567890, '₹1,23,45,67,890' ),
			'with paise'          => array( 2500000.5, '₹25,00,000.50' ),
		);
	}

	/**
	 * @dataProvider indian_amounts
	 */
	public function test_a_site_in_en_IN_groups_the_last_three_digits_then_twos( float $amount, string $shown ): void {
		$this->site_locale( 'en_IN' );
		$this->assertSame( $shown, Money::format( $amount, 'INR', false ) );
	}

	public function test_the_languages_of_india_group_in_lakhs_and_others_in_thousands(): void {
		foreach ( array( 'en_IN', 'hi_IN', 'ta_IN', 'te', 'mr', 'bn_BD' ) as $locale ) {
			$this->assertTrue( Money::groups_in_lakhs( $locale ), $locale );
		}
		foreach ( array( 'en_US', 'en_GB', 'de_DE', 'fr_FR', 'es_ES' ) as $locale ) {
			$this->assertFalse( Money::groups_in_lakhs( $locale ), $locale );
		}
	}

	public function test_a_site_in_en_US_groups_in_thousands_with_the_symbol_once(): void {
		$this->assertSame( 'en_US', get_locale() );
		$this->assertSame( '₹76,600,000', Money::format( 76600000, 'INR', false ) );
		$this->assertSame( '$1,234,567,890', Money::format( 1234567890, 'USD', false ) );
		$this->assertSame( '₹25,000.50', Money::format( 25000.5, 'INR', false ) );
	}

	public function test_other_locales_use_their_own_separators(): void {
		// de_DE's language pack gives "." for groups and "," for the decimal point.
		$this->assertSame( '€7.660.000,50', Money::compose( 7660000.5, 'EUR', false, '.', ',', false ) );
		// fr_FR's gives a no-break space; a separator of more than one byte stays whole.
		$this->assertSame( "€1\u{00A0}234\u{00A0}567", Money::compose( 1234567, 'EUR', false, "\u{00A0}", ',', false ) );
		$this->assertSame( "₹12\u{00A0}34\u{00A0}567", Money::compose( 1234567, 'INR', true, "\u{00A0}", '.', false ) );
	}

	public function test_a_currency_without_a_symbol_shows_its_code_once(): void {
		$this->assertSame( "AED\u{00A0}1,000", Money::format( 1000, 'AED', false ) );
		$this->assertSame( "AED\u{00A0}1,000", Money::format( 1000, 'aed', false ) );
	}

	/** @return array<string, array{0: float, 1: string}> */
	public function short_forms(): array {
		return array(
			'below a lakh, in full'     => array( 99999, '₹99,999' ),
			'a lakh'                    => array( 100000, '₹1 lakh' ),
			'two and a half lakh'       => array( 250000, '₹2.5 lakh' ),
			'rounded to two decimals'   => array( 1234567, '₹12.35 lakh' ),
			'just below a crore'        => array( 9999000, '₹99.99 lakh' ),
			'rounding up to a crore'    => array( 9999999, '₹1 crore' ),
			'a crore'                   => array( 10000000, '₹1 crore' ),
			'the issue’s example'       => array( 76600000, '₹7.66 crore' ),
			'a thousand crore, grouped' => array( 1234567890000, '₹1,23,456.79 crore' ),
		);
	}

	/**
	 * @dataProvider short_forms
	 */
	public function test_the_short_form_in_lakh_and_crore_and_its_boundaries( float $amount, string $shown ): void {
		$this->site_locale( 'en_IN' );
		$this->assertSame( $shown, Money::format( $amount, 'INR', true ) );
	}

	public function test_the_site_settings_choose_the_currency_and_the_short_form(): void {
		$this->site_locale( 'en_IN' );
		$this->assertSame( '₹7,66,00,000', Money::format( 76600000 ), 'By default, rupees in full.' );
		$this->assertSame( '₹', Money::site_symbol() );

		$this->set_listings(
			array(
				'currency'   => 'USD',
				'moneyShort' => true,
			)
		);
		$this->assertSame( '$7.66 crore', Money::format( 76600000 ) );
		$this->assertSame( '₹7.66 crore', Money::format( 76600000, 'INR' ), 'A notice’s own currency wins.' );
		$this->assertSame( '$', Money::site_symbol() );
	}

	public function test_a_notice_without_a_currency_is_in_the_sites(): void {
		$this->set_listings( array( 'currency' => 'EUR' ) );
		// The post meta's default, registered on init from the setting as it then was.
		$this->assertSame( 'EUR', NoticeFields::definitions()['tp_currency']['default'] );
		$this->assertSame( '€1,500,000', Money::format( 1500000 ) );
	}

	public function test_the_key_facts_and_the_card_show_the_same_formatted_value(): void {
		$this->site_locale( 'en_IN' );
		$id = $this->make_notice( array(), array( 'post_title' => 'Water mains, ward 12' ) );
		update_post_meta( $id, 'tp_value_amount', 76600000 );
		update_post_meta( $id, 'tp_bid_security', 1532000 );
		update_post_meta( $id, 'tp_currency', 'INR' );

		$card  = new Html( NoticeCard::render( get_post( $id ), 3 ) );
		$value = $card->one( '//div[' . Html::has_class( 'tp-notice-card__fact' ) . '][dt="Estimated value"]/dd' );
		$this->assertSame( '₹7,66,00,000', trim( (string) $value?->textContent ) );

		$GLOBALS['post'] = get_post( $id );
		$facts           = new Html( do_blocks( '<!-- wp:tenderpress/notice-facts /-->' ) );
		unset( $GLOBALS['post'] );
		$this->assertSame( '₹7,66,00,000', $facts->text( '//div[dt="Estimated value"]/dd' ) );
		$this->assertSame( '₹15,32,000', $facts->text( '//div[dt="Bid security (EMD)"]/dd' ) );
		$this->assertNull( $facts->one( '//abbr' ), 'The currency is shown once, by its symbol.' );
	}

	public function test_a_card_without_a_value_says_so(): void {
		$id   = $this->make_notice( array(), array( 'post_title' => 'Survey of ward boundaries' ) );
		$card = new Html( NoticeCard::render( get_post( $id ), 3 ) );
		$this->assertSame( 'Value not published', trim( (string) $card->one( '//div[dt="Estimated value"]/dd' )?->textContent ) );
	}
}
