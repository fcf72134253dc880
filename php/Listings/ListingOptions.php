<?php
namespace TenderPress\Listings;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * The "Listings" settings: how many notices a page shows by default (on the notice archives, and
 * in every listing block or shortcode that does not set its own number), and how long before its
 * deadline a notice counts as closing soon.
 */
final class ListingOptions {

	public const SECTION = 'listings';

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

	/** The closing-soon window set on the screen, in seconds (before the filter). */
	public static function closing_soon_window(): int {
		return (int) Settings::get( self::SECTION, 'closingSoonDays' ) * DAY_IN_SECONDS;
	}
}
