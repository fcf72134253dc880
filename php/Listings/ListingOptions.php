<?php
namespace TenderPress\Listings;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * The "Listings" settings: how many notices a page shows by default (on the notice archives, and
 * in every listing block or shortcode that does not set its own number), how long before its
 * deadline a notice counts as closing soon, and how amounts of money show (Support\Money).
 */
final class ListingOptions {

	public const SECTION = 'listings';

	/** The currency of a site that has not chosen one. */
	public const DEFAULT_CURRENCY = 'INR';

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Listings', 'tenderpress' ),
				__( 'How notice listings page and when a notice is marked as closing soon.', 'tenderpress' ),
				array(
					'perPage'         => SettingsField::from_block_attribute(
						'listing',
						'perPage',
						__( 'Notices per page', 'tenderpress' ),
						__( 'On the notice archives, and in listings that do not set their own number.', 'tenderpress' )
					),
					'closingSoonDays' => new SettingsField(
						SettingsField::INTEGER,
						__( 'Closing soon', 'tenderpress' ),
						__( 'A notice is marked "Closing soon" when its submission deadline is this close. Code using the tenderpress_closing_soon_window filter overrides this setting.', 'tenderpress' ),
						7,
						1,
						90,
						__( 'days before the deadline', 'tenderpress' )
					),
					'currency'        => new SettingsField(
						SettingsField::TEXT,
						__( 'Currency', 'tenderpress' ),
						__( 'The three-letter ISO 4217 code of the amounts of a notice that does not give its own, such as INR; its symbol prefixes the value filter.', 'tenderpress' ),
						self::DEFAULT_CURRENCY,
						null,
						3,
						'',
						array(),
						'/^[A-Z]{3}$/D',
						__( 'a three-letter currency code in capitals, such as INR', 'tenderpress' )
					),
					'moneyShort'      => new SettingsField(
						SettingsField::BOOLEAN,
						__( 'Amounts in lakh and crore', 'tenderpress' ),
						__( 'Show amounts of a lakh or more in short form, such as ₹7.66 crore, instead of in full (₹7,66,00,000). Short forms are rounded, so they are off unless chosen.', 'tenderpress' ),
						false
					),
				)
			)
		);
		add_filter( 'block_type_metadata', array( $this, 'use_default_per_page' ) );
		// Cached listing pages carry status badges drawn with the closing-soon window.
		add_action( 'add_option_' . Settings::OPTION, array( ListingCache::class, 'bump' ) );
		add_action( 'update_option_' . Settings::OPTION, array( ListingCache::class, 'bump' ) );
	}

	/**
	 * The listing block's default page size is the site's, so a block without its own number, the
	 * shortcode and the editor's control all start from it; block.json keeps the limits.
	 *
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function use_default_per_page( array $metadata ): array {
		if ( ListingSettings::BLOCK === ( $metadata['name'] ?? null ) ) {
			$metadata['attributes']['perPage']['default'] = self::per_page();
		}
		return $metadata;
	}

	public static function per_page(): int {
		return (int) Settings::get( self::SECTION, 'perPage' );
	}

	/** The site's currency: an ISO 4217 code (a blank setting falls back to the default). */
	public static function currency(): string {
		$code = Settings::get( self::SECTION, 'currency' );
		return is_string( $code ) && '' !== $code ? $code : self::DEFAULT_CURRENCY;
	}

	/** Whether amounts of a lakh or more show in short form ("₹7.66 crore"). */
	public static function money_short(): bool {
		return (bool) Settings::get( self::SECTION, 'moneyShort' );
	}

	/** The closing-soon window set on the screen, in seconds (before the filter). */
	public static function closing_soon_window(): int {
		return (int) Settings::get( self::SECTION, 'closingSoonDays' ) * DAY_IN_SECONDS;
	}
}
