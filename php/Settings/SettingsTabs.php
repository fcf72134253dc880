<?php
namespace TenderPress\Settings;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Content\LazyMedia;
use TenderPress\Content\NoticeReminder;
use TenderPress\Islands\BackToTop;
use TenderPress\Islands\Calendar;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\Lightbox;
use TenderPress\Islands\QuickView;
use TenderPress\Islands\Share;
use TenderPress\Islands\Tabs;
use TenderPress\Islands\Ticker;
use TenderPress\Listings\ListingOptions;
use TenderPress\Push\PushSettings;

/**
 * Which tab of the settings screen each section and field is on: the one place that says so.
 *
 * A section goes to its tab whole, so a field a module adds to its section later lands beside the
 * others without a change here. A few fields go to another tab than their section's (settings
 * for developers and server set-ups, on Advanced); they are stored in their section as before.
 * A section nobody placed here goes to Advanced, where an owner still finds it.
 */
final class SettingsTabs {

	/** The form's hidden field (inside the option's array) that says which tab was saved. */
	public const FIELD = '_tab';

	public const ADVANCED = 'advanced';

	/** Tab of each section, by section id. */
	private const SECTIONS = array(
		ListingOptions::SECTION => 'listings',
		QuickView::SECTION      => 'listings',
		Calendar::SECTION       => 'listings',
		Ticker::SECTION         => 'listings',
		PushSettings::SECTION   => 'alerts',
		NoticeReminder::SECTION => 'alerts',
		Share::SECTION          => 'sharing',
		Tabs::SECTION           => 'display',
		BackToTop::SECTION      => 'display',
		Carousel::SECTION       => 'display',
		Lightbox::SECTION       => 'display',
		LazyMedia::SECTION      => 'display',
		LoginGuard::SECTION     => 'signin',
		'performance'           => self::ADVANCED,
	);

	/** Fields on another tab than their section's, as "section.field". */
	private const FIELDS = array(
		PushSettings::SECTION . '.allowLocal'   => self::ADVANCED,
		LoginGuard::SECTION . '.trustedProxies' => self::ADVANCED,
		LoginGuard::SECTION . '.proxyHeader'    => self::ADVANCED,
	);

	/** @return array<string, string> Each tab's key (the address's tab=) and translated name, in order. */
	public static function tabs(): array {
		return array(
			'listings'     => __( 'Listings and notices', 'tenderpress' ),
			'alerts'       => __( 'Alerts and reminders', 'tenderpress' ),
			'sharing'      => __( 'Sharing', 'tenderpress' ),
			'display'      => __( 'Display', 'tenderpress' ),
			'signin'       => __( 'Sign-in and security', 'tenderpress' ),
			self::ADVANCED => __( 'Advanced', 'tenderpress' ),
		);
	}

	/** The first tab, shown when the address names none (or one that does not exist). */
	public static function first(): string {
		return (string) array_key_first( self::tabs() );
	}

	public static function exists( string $tab ): bool {
		return array_key_exists( $tab, self::tabs() );
	}

	/** The tab a section's heading, description and report are on. */
	public static function of_section( string $section_id ): string {
		return self::SECTIONS[ $section_id ] ?? self::ADVANCED;
	}

	/** The tab a field is on. */
	public static function of_field( string $section_id, string $field_id ): string {
		return self::FIELDS[ $section_id . '.' . $field_id ] ?? self::of_section( $section_id );
	}

	/** Whether a section is placed on a tab here (a test checks every registered one is). */
	public static function places( string $section_id ): bool {
		return isset( self::SECTIONS[ $section_id ] );
	}
}
