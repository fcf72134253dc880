<?php
namespace TenderPress\Tests;

use TenderPress\Admin\SettingsPage;
use TenderPress\Content\NoticeStatus;
use TenderPress\Islands\IslandAssets;
use TenderPress\Listings\ListingSettings;
use TenderPress\Push\PushSettings;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Settings\SettingsTabs;
use TenderPress\Support\Upgrade;

/**
 * Settings > TenderPress: what a site owner sees and saves there, what a refused value does (a
 * clear error, nothing stored), and that each saved setting reaches the visitors' pages.
 */
final class SettingsTest extends TestCase {

	private const PER_PAGE = 'tenderpress-listings-perPage';

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, loaded on every admin screen and by options.php.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		// What admin.php sets for the screen's heading.
		$GLOBALS['title'] = 'TenderPress settings';
	}

	protected function tearDown(): void {
		parent::tearDown();
		// Settings stored in a test are rolled back; forget what this process read of them.
		Settings::forget_stored();
		$GLOBALS['wp_settings_errors'] = array();
		unset( $GLOBALS['title'] );
	}

	/** The option's row as stored, or null: what a refused save must leave as it was. */
	private function stored_row(): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT option_value, autoload FROM {$wpdb->options} WHERE option_name = %s", Settings::OPTION ), ARRAY_A );
		return $row ?: null;
	}

	/** Saves as options.php does after its nonce and capability checks: through the registered sanitizer. */
	private function save( $value ): void {
		update_option( Settings::OPTION, $value );
	}

	/** @return array<string, string> Error messages of the last save, by code. */
	private function errors(): array {
		return array_column( get_settings_errors( Settings::OPTION ), 'message', 'code' );
	}

	/** The screen as a browser gets it at ?page=tenderpress (&tab=$tab). */
	private function screen( ?string $tab = null ): Html {
		$page = new SettingsPage();
		$page->add_sections();
		if ( null !== $tab ) {
			$_GET['tab'] = $tab;
		}
		ob_start();
		try {
			$page->render_page();
		} finally {
			$html = (string) ob_get_clean();
			unset( $_GET['tab'] );
		}
		return new Html( $html );
	}

	/** @return list<string> The section headings on a screen. */
	private static function headings( Html $html ): array {
		return array_map( static fn ( $h ) => trim( $h->textContent ), $html->all( '//form//h2' ) );
	}

	public function test_the_screen_is_under_settings_for_those_who_manage_options(): void {
		$this->log_in_as( 'administrator' );
		( new SettingsPage() )->add_page();
		$entries = array_column( $GLOBALS['submenu']['options-general.php'] ?? array(), 1, 2 );
		$this->assertSame( 'manage_options', $entries[ SettingsPage::SLUG ] ?? null );

		$links = apply_filters( 'plugin_action_links_' . plugin_basename( TENDERPRESS_FILE ), array( 'deactivate' => '<a href="#">Deactivate</a>' ) );
		$this->assertSame( array( 'settings', 'deactivate' ), array_keys( $links ), 'Settings comes first on the Plugins screen.' );
		$this->assertStringContainsString( 'href="' . esc_url( SettingsPage::url() ) . '"', $links['settings'] );

		$this->log_in_as( 'editor' );
		$links = apply_filters( 'plugin_action_links_' . plugin_basename( TENDERPRESS_FILE ), array() );
		$this->assertArrayNotHasKey( 'settings', $links, 'No link to a screen the user may not open.' );
		$this->assertSame( '', $this->screen()->text( '//h1' ), 'Nor the screen itself.' );
	}

	public function test_each_tab_shows_its_modules_sections_with_labelled_fields_at_their_defaults(): void {
		$this->log_in_as( 'administrator' );
		$html = $this->screen();

		// Six tabs, as links (each tab a page of its own), the first one current.
		$tabs = $html->all( '//nav[contains(@class,"nav-tab-wrapper")]/a' );
		$this->assertSame( array( 'Listings and notices', 'Alerts and reminders', 'Sharing', 'Display', 'Sign-in and security', 'Advanced' ), array_map( static fn ( $a ) => trim( $a->textContent ), $tabs ) );
		$this->assertSame( SettingsPage::url() . '&tab=sharing', html_entity_decode( $tabs[2]->getAttribute( 'href' ) ) );
		$this->assertSame( array( 'page' ), array_map( static fn ( $a ) => $a->getAttribute( 'aria-current' ), $html->all( '//nav/a[@aria-current]' ) ) );
		$this->assertSame( 'Listings and notices', $html->text( '//nav/a[@aria-current="page"]' ) );

		$expected = array(
			'listings' => array( 'Listings', 'Notice ticker', 'Deadline calendar', 'Notice quick view' ),
			'alerts'   => array( 'Deadline reminders', 'Push notifications' ),
			'sharing'  => array( 'Sharing' ),
			'display'  => array( 'Back to top', 'Tabs and accordions', 'Carousel', 'Pictures', 'Media' ),
			'signin'   => array( 'Sign-in' ),
			'advanced' => array( 'Sign-in', 'Push notifications', 'Performance' ),
		);
		foreach ( $expected as $tab => $headings ) {
			$screen = $this->screen( $tab );
			$this->assertSame( $headings, self::headings( $screen ), $tab );
			$this->assertSame( Settings::GROUP, $screen->one( '//input[@name="option_page"]' )?->getAttribute( 'value' ), $tab );
			$this->assertNotNull( $screen->one( '//input[@name="_wpnonce"]' ), 'options.php checks the nonce.' );
			$this->assertSame( $tab, $screen->one( '//input[@name="tenderpress_settings[_tab]"]' )?->getAttribute( 'value' ), 'The form says which tab it saves.' );
			$this->assertCount( 1, $screen->all( '//form//input[@type="submit"][@value="Save Changes"]' ), 'A Save on every tab: ' . $tab );
		}
		$this->assertSame( self::headings( $this->screen( 'listings' ) ), self::headings( $this->screen( 'no-such-tab' ) ), 'An unknown tab shows the first.' );

		$per_page = $html->one( '//input[@id="' . self::PER_PAGE . '"]' );
		$this->assertNotNull( $per_page );
		$this->assertSame( array( 'number', '1', '50', '10' ), array( $per_page->getAttribute( 'type' ), $per_page->getAttribute( 'min' ), $per_page->getAttribute( 'max' ), $per_page->getAttribute( 'value' ) ), 'The listing block\'s limits and default (block.json).' );
		$this->assertSame( 'Notices per page', $html->text( '//label[@for="' . self::PER_PAGE . '"]' ) );
		$this->assertSame( self::PER_PAGE . '-description', $per_page->getAttribute( 'aria-describedby' ) );
		$this->assertSame( '7', $html->one( '//input[@id="tenderpress-listings-closingSoonDays"]' )?->getAttribute( 'value' ) );

		$display    = $this->screen( 'display' );
		$everywhere = $display->one( '//input[@id="tenderpress-back_to_top-everywhere"]' );
		$this->assertSame( 'checkbox', $everywhere?->getAttribute( 'type' ) );
		$this->assertFalse( $everywhere->hasAttribute( 'checked' ) );
		$this->assertSame( 'Add it to every page', $display->text( '//label[@for="tenderpress-back_to_top-everywhere"]' ) );
		$this->assertSame( '400', $display->one( '//input[@id="tenderpress-back_to_top-speed"]' )?->getAttribute( 'value' ) );
		$offset = $display->one( '//input[@id="tenderpress-tabs-offset"]' );
		$this->assertSame( array( 'number', '0', '500', '0' ), array( $offset?->getAttribute( 'type' ), $offset?->getAttribute( 'min' ), $offset?->getAttribute( 'max' ), $offset?->getAttribute( 'value' ) ), 'The tabs block\'s limits and default (block.json).' );
		$this->assertSame( 'safari', $display->one( '//input[@id="tenderpress-tabs-aliases"]' )?->getAttribute( 'value' ) );

		// A set of boxes to tick in a grid with a filter box (hidden until the script shows it),
		// named by its row heading, the defaults ticked; a line of text.
		$sharing  = $this->screen( 'sharing' );
		$services = $sharing->one( '//fieldset[@id="tenderpress-share-services"]' );
		$this->assertNotNull( $services );
		$this->assertSame( 'Services on the bar', $sharing->text( '//*[@id="' . $services->getAttribute( 'aria-labelledby' ) . '"]' ) );
		$this->assertNull( $sharing->one( './legend', $services ), 'Named once.' );
		$ticked = array_map( static fn ( $box ) => $box->getAttribute( 'value' ), $sharing->all( './/input[@type="checkbox"][@checked]', $services ) );
		$this->assertSame( \TenderPress\Share\ShareSettings::DEFAULT_SERVICES, $ticked );
		$this->assertCount( count( \TenderPress\Share\ShareServices::all() ), $sharing->all( './/ul[contains(@class,"tp-settings-choices")]//input[@type="checkbox"][@name="tenderpress_settings[share][services][]"]', $services ) );
		$filter = $sharing->one( './/input[@type="search"]', $services );
		$this->assertSame( 'Filter by name', $sharing->text( '//label[@for="' . $filter?->getAttribute( 'id' ) . '"]' ) );
		$this->assertTrue( $sharing->one( './ancestor::p[1]', $filter )?->hasAttribute( 'hidden' ), 'Without JavaScript the grid is all there is.' );
		$copied = $sharing->one( '//input[@id="tenderpress-share-copiedMessage"]' );
		$this->assertSame( array( 'text', '80', '' ), array( $copied?->getAttribute( 'type' ), $copied?->getAttribute( 'maxlength' ), $copied?->getAttribute( 'value' ) ) );
		$this->assertSame( 'Message after copying the link', $sharing->text( '//label[@for="tenderpress-share-copiedMessage"]' ) );

		$advanced = $this->screen( 'advanced' );
		$this->assertNotNull( $advanced->one( '//input[@id="tenderpress-push-allowLocal"]' ), 'Developer options are on Advanced.' );
		$this->assertNull( $this->screen( 'alerts' )->one( '//input[@id="tenderpress-push-allowLocal"]' ), 'Not among the alerts.' );
		$performance = $advanced->text( '//table[contains(@class,"tp-performance")]' );
		$this->assertStringContainsString( 'Persistent object cache', $performance );
		$this->assertStringContainsString( wp_using_ext_object_cache() ? 'Yes.' : 'No.', $performance );
		$this->assertStringContainsString( 'Page cache', $performance );
	}

	public function test_the_sharing_and_alerts_tabs_preview_the_bar_and_the_prompt_as_saved(): void {
		$this->log_in_as( 'administrator' );
		$sharing = $this->screen( 'sharing' );
		$preview = $sharing->one( '//form//div[@data-tp-share-preview]' );
		$this->assertNotNull( $preview, 'On the Sharing tab, in the form whose fields it follows.' );
		$this->assertStringStartsWith( 'Preview:', $sharing->text( './p', $preview ) );
		$bar = $sharing->one( './div[' . Html::has_class( 'tp-share' ) . ']', $preview );
		$this->assertTrue( $bar->hasAttribute( 'inert' ), 'A picture: nothing in it is clicked or focused.' );
		$this->assertStringContainsString( 'tp-share--quiet', $bar->getAttribute( 'class' ) );
		$this->assertNull( $sharing->one( './/*[@data-tp-island]', $preview ), 'No island: nothing loads for it.' );
		$shown = array_map( static fn( $item ) => $item->getAttribute( 'data-tp-preview-item' ), $sharing->all( './/li[@data-tp-preview-item][not(@hidden)]', $preview ) );
		$this->assertSame( \TenderPress\Share\ShareSettings::DEFAULT_SERVICES, $shown, 'The saved choice, in order; every other service is there, hidden, for the script to show.' );
		$this->assertCount( count( \TenderPress\Share\ShareServices::all() ), $sharing->all( './/li[@data-tp-preview-item]', $preview ) );
		$this->assertNull( $this->screen( 'listings' )->one( '//*[@data-tp-share-preview]' ), 'On its tab only.' );

		update_option( Settings::OPTION, array( 'push' => array_merge( array_map( static fn( $field ) => $field->default, Settings::section( 'push' )->fields ), array( 'wording' => 'Alerts from {site}, free.' ) ) ) );
		$alerts = $this->screen( 'alerts' );
		$prompt = $alerts->one( '//form//div[@data-tp-push-preview]' );
		$this->assertNotNull( $prompt );
		$this->assertSame( 'Alerts from ' . get_bloginfo( 'name' ) . ', free.', $alerts->text( './/p[' . Html::has_class( 'tp-push__text' ) . ']', $prompt ) );
		$this->assertSame( 'Get browser alerts when new tenders and EOIs are published.', $prompt->getAttribute( 'data-tp-default' ), 'The sentences the script chooses between, translated here.' );
		$this->assertStringContainsString( 'likes to show you notifications', $prompt->getAttribute( 'data-tp-original' ) );
		$this->assertSame( array( 'Allow', 'No thanks', 'Close' ), array_map( static fn( $button ) => trim( $button->textContent ), $alerts->all( './/button', $prompt ) ) );
	}

	public function test_each_checkbox_is_named_once(): void {
		$this->log_in_as( 'administrator' );
		$boxes = 0;
		foreach ( array_keys( SettingsTabs::tabs() ) as $tab ) {
			$html = $this->screen( $tab );
			foreach ( $html->all( '//form//tr//input[@type="checkbox"][@id]' ) as $box ) {
				$id    = $box->getAttribute( 'id' );
				$label = $html->text( '//label[@for="' . $id . '"]' );
				$this->assertNotSame( '', $label, $id );
				$row = $html->text( './ancestor::tr[1]', $box );
				$this->assertSame( 1, substr_count( $row, $label ), $id . ': its name is said once in its row.' );
				$this->assertNull( $html->one( './ancestor::label', $box ), $id . ': one label only.' );
				++$boxes;
			}
		}
		$this->assertGreaterThan( 10, $boxes );
	}

	public function test_every_section_is_placed_on_a_tab_and_a_field_added_later_follows_its_section(): void {
		foreach ( array_keys( Settings::sections() ) as $section_id ) {
			$this->assertTrue( SettingsTabs::places( $section_id ), $section_id . ' is placed on a tab.' );
		}

		// Another module adds a field to the push section, as a module adds one to another's
		// section (LoginMessages): it shows on the Alerts tab and a save there keeps it.
		$this->log_in_as( 'administrator' );
		Settings::add_section(
			PushSettings::SECTION,
			static function (): SettingsSection {
				$section = PushSettings::settings();
				return new SettingsSection( $section->title, $section->description, $section->fields + array( 'later' => SettingsField::text( 'A later field', '', 20 ) ), $section->report );
			}
		);
		try {
			$this->assertNotNull( $this->screen( 'alerts' )->one( '//input[@id="tenderpress-push-later"]' ) );
			$this->assertNull( $this->screen( 'advanced' )->one( '//input[@id="tenderpress-push-later"]' ) );
			$this->save( $this->tab_form( 'alerts', array( 'push' => array( 'later' => 'kept' ) ) ) );
			$this->assertSame( array(), $this->errors() );
			$this->assertSame( 'kept', Settings::get( PushSettings::SECTION, 'later' ) );
		} finally {
			Settings::add_section( PushSettings::SECTION, array( PushSettings::class, 'settings' ) );
		}
	}

	/**
	 * What a tab's form sends: the hidden tab field, every text and number field of the tab at
	 * its current value and every ticked box, then the changes given.
	 *
	 * @param array<string, array<string, mixed>> $changes By section and field.
	 * @return array<string, mixed>
	 */
	private function tab_form( string $tab, array $changes ): array {
		$form = array( SettingsTabs::FIELD => $tab );
		foreach ( Settings::sections() as $section_id => $section ) {
			foreach ( $section->fields as $field_id => $field ) {
				if ( SettingsTabs::of_field( $section_id, $field_id ) !== $tab ) {
					continue;
				}
				$value = Settings::get( $section_id, $field_id );
				if ( SettingsField::BOOLEAN === $field->type ) {
					if ( $value ) {
						$form[ $section_id ][ $field_id ] = '1';
					}
				} elseif ( SettingsField::CHOICES === $field->type ) {
					if ( $value ) {
						$form[ $section_id ][ $field_id ] = $value;
					}
				} else {
					$form[ $section_id ][ $field_id ] = (string) $value;
				}
			}
		}
		foreach ( $changes as $section_id => $fields ) {
			foreach ( $fields as $field_id => $value ) {
				if ( null === $value ) {
					unset( $form[ $section_id ][ $field_id ] );
				} else {
					$form[ $section_id ][ $field_id ] = $value;
				}
			}
		}
		return $form;
	}

	/**
	 * The very first save of a fresh site, from any tab: WordPress adds the option and runs the
	 * filter a second time on what the first returned, without the tab.
	 */
	public function test_the_first_save_of_a_site_from_any_tab_is_stored_whole(): void {
		foreach ( array_keys( SettingsTabs::tabs() ) as $tab ) {
			delete_option( Settings::OPTION );
			Settings::forget_stored();
			$this->save( $this->tab_form( $tab, array() ) );
			$this->assertSame( array(), $this->errors(), "A first save on {$tab}." );
			$this->assertIsArray( get_option( Settings::OPTION ), "Stored from {$tab}." );
		}
		delete_option( Settings::OPTION );
		Settings::forget_stored();
		$this->save( $this->tab_form( SettingsTabs::ADVANCED, array( 'accounts' => array( 'trustedProxies' => '10.0.0.0/8' ) ) ) );
		$this->assertSame( '10.0.0.0/8', Settings::get( 'accounts', 'trustedProxies' ) );
		$this->assertSame( 5, Settings::get( 'accounts', 'attempts' ), 'The other tabs\' fields at their defaults.' );
	}

	public function test_saving_one_tab_keeps_every_other_tabs_values(): void {
		// Values away from their defaults on every tab, saved by code.
		$this->save(
			array(
				'listings'    => array( 'perPage' => '5', 'closingSoonDays' => '30' ),
				'back_to_top' => array( 'everywhere' => '1', 'showAfter' => '800', 'speed' => '0' ),
				'push'        => array( 'prompt' => '1', 'wording' => 'Alerts from {site}', 'backoffDays' => '3', 'types' => array( 'tender' ), 'maxSubscriptions' => '50', 'newPerHour' => '20', 'allowLocal' => '1' ),
				'accounts'    => array( 'attempts' => '9', 'lockout' => '30', 'trustedProxies' => '10.0.0.0/8', 'proxyHeader' => 'CF-Connecting-IP', 'freshToken' => '1', 'sameLoginErrors' => '1' ),
			)
		);
		$this->assertSame( array(), $this->errors() );
		$stored = get_option( Settings::OPTION );

		// The Alerts tab holds the push section but not its developer option (on Advanced): a
		// save there changes the wording and keeps the option it does not show.
		$this->save( $this->tab_form( 'alerts', array( 'push' => array( 'wording' => 'New tenders from {site}' ) ) ) );
		$this->assertSame( array(), $this->errors() );
		$this->assertSame( 'New tenders from {site}', Settings::get( 'push', 'wording' ) );
		$this->assertTrue( Settings::get( 'push', 'allowLocal' ), 'Advanced\'s box is not blanked by a save on Alerts.' );
		$expected                    = $stored;
		$expected['push']['wording'] = 'New tenders from {site}';
		$expected['reminders']       = array( 'enabled' => true, 'days' => 3 );
		$this->assertEquals( $expected, get_option( Settings::OPTION ), 'Nothing else changed.' );

		// The Sign-in tab keeps the proxies (on Advanced); Advanced keeps the sign-in limits.
		$this->save( $this->tab_form( 'signin', array( 'accounts' => array( 'attempts' => '4' ) ) ) );
		$this->save( $this->tab_form( 'advanced', array( 'push' => array( 'allowLocal' => null ) ) ) );
		$this->assertSame( array(), $this->errors() );
		$this->assertSame( 4, Settings::get( 'accounts', 'attempts' ) );
		$this->assertSame( '10.0.0.0/8', Settings::get( 'accounts', 'trustedProxies' ) );
		$this->assertFalse( Settings::get( 'push', 'allowLocal' ), 'Unticked on its own tab: off.' );
		$this->assertSame( 'New tenders from {site}', Settings::get( 'push', 'wording' ) );

		// A tab whose boxes are all unticked sends nothing for them: they are off, and the
		// other tabs are as they were.
		$this->save( $this->tab_form( 'display', array( 'back_to_top' => array( 'everywhere' => null ), 'lightbox' => array( 'enabled' => null ) ) ) );
		$this->assertSame( array(), $this->errors() );
		$this->assertFalse( Settings::get( 'back_to_top', 'everywhere' ) );
		$this->assertFalse( Settings::get( 'lightbox', 'enabled' ) );
		$this->assertSame( 5, Settings::get( 'listings', 'perPage' ) );
		$this->assertSame( 4, Settings::get( 'accounts', 'attempts' ) );
	}

	public function test_a_refused_value_on_a_tab_is_named_and_no_tab_changes(): void {
		$this->save( $this->tab_form( 'sharing', array( 'share' => array( 'popupWidth' => '700' ) ) ) );
		$this->save( $this->tab_form( 'listings', array( 'listings' => array( 'perPage' => '20' ) ) ) );
		$before                        = $this->stored_row();
		$GLOBALS['wp_settings_errors'] = array();

		$this->save( $this->tab_form( 'sharing', array( 'share' => array( 'popupWidth' => '5', 'copiedMessage' => 'Copied!' ) ) ) );
		$this->assertSame( $before, $this->stored_row(), 'The stored option is unchanged.' );
		$this->assertSame( 'Share window width must be a whole number from 200 to 1,600.', $this->errors()['tenderpress-share-popupWidth'] ?? null );
		$this->assertArrayHasKey( 'unchanged', $this->errors() );

		foreach ( array( 'nowhere', array( 'sharing' ), '' ) as $tab ) {
			$GLOBALS['wp_settings_errors'] = array();
			$this->save( array( SettingsTabs::FIELD => $tab ) + $this->tab_form( 'sharing', array() ) );
			$this->assertSame( $before, $this->stored_row(), 'A form for no tab changes nothing.' );
			$this->assertSame( 'The settings could not be read. Nothing was changed.', $this->errors()['invalid'] ?? null );
		}
	}

	public function test_a_save_is_checked_as_options_php_checks_it(): void {
		// options.php takes the form's option_page, checks its nonce ("<group>-options") and the
		// capability the group asks for, and saves only the options registered in that group.
		$admin = $this->log_in_as( 'administrator' );
		$html  = $this->screen( 'sharing' );
		$nonce = (string) $html->one( '//input[@name="_wpnonce"]' )?->getAttribute( 'value' );
		$this->assertSame( 1, wp_verify_nonce( $nonce, Settings::GROUP . '-options' ), 'The form\'s nonce is the one options.php checks.' );
		$this->assertSame( 'manage_options', apply_filters( 'option_page_capability_' . Settings::GROUP, 'manage_options' ) );
		// What register_setting() listed for the group; options.php reads it through option_update_filter().
		$this->assertSame( array( Settings::OPTION ), $GLOBALS['new_allowed_options'][ Settings::GROUP ] ?? null, 'A form of this group can change this option only.' );

		$this->log_in_as( 'editor' );
		$this->assertFalse( current_user_can( 'manage_options' ) );
		$this->assertFalse( wp_verify_nonce( $nonce, Settings::GROUP . '-options' ), 'Another user\'s nonce is refused.' );
		$this->assertSame( '', $this->screen( 'sharing' )->text( '//form' ), 'An editor gets no form.' );
		wp_set_current_user( $admin );
	}

	public function test_a_save_stores_every_section_in_one_autoloaded_option(): void {
		delete_option( Settings::OPTION );
		update_option( Upgrade::OPTION, 2 );
		Upgrade::run();
		$this->assertAutoloaded( Settings::OPTION, 'Read on visitors\' pages, so autoloaded.' );

		$this->save(
			array(
				'listings'    => array( 'perPage' => ' 5 ', 'closingSoonDays' => '30' ),
				'back_to_top' => array( 'everywhere' => '1', 'showAfter' => '800', 'speed' => '0' ),
				'unknown'     => array( 'x' => 'y' ),
			)
		);
		$this->assertSame( array(), $this->errors() );
		$this->assertSame(
			array(
				// A blank currency is stored blank and read as the default (ListingOptions::currency()).
				'listings'    => array( 'perPage' => 5, 'closingSoonDays' => 30, 'currency' => '', 'moneyShort' => false ),
				'back_to_top' => array( 'everywhere' => true, 'showAfter' => 800, 'speed' => 0 ),
			),
			get_option( Settings::OPTION ),
			'Typed values, nothing unknown kept.'
		);

		// An unticked checkbox sends nothing at all.
		$this->save( array( 'listings' => array( 'perPage' => '5', 'closingSoonDays' => '30' ), 'back_to_top' => array( 'showAfter' => '800', 'speed' => '0' ) ) );
		$this->assertFalse( Settings::get( 'back_to_top', 'everywhere' ) );
	}

	/** @return iterable<string, array{0: mixed, 1: string}> */
	public static function refused_values(): iterable {
		yield 'zero' => array( '0', 'Notices per page must be a whole number from 1 to 50.' );
		yield 'over the block\'s limit' => array( '51', 'Notices per page must be a whole number from 1 to 50.' );
		yield 'a word' => array( 'ten', 'Notices per page must be a whole number from 1 to 50.' );
		yield 'a fraction' => array( '5.5', 'Notices per page must be a whole number from 1 to 50.' );
		yield 'empty' => array( '', 'Notices per page must be a whole number from 1 to 50.' );
		yield 'a list' => array( array( '5' ), 'Notices per page must be a whole number from 1 to 50.' );
		yield 'huge' => array( '99999999999999999999', 'Notices per page must be a whole number from 1 to 50.' );
	}

	/** @dataProvider refused_values */
	public function test_a_refused_value_is_named_and_nothing_is_stored( $per_page, string $message ): void {
		$this->save( array( 'listings' => array( 'perPage' => '20', 'closingSoonDays' => '7' ) ) );
		$before = $this->stored_row();
		$GLOBALS['wp_settings_errors'] = array();

		// Another field of the same save is valid: it is not stored either.
		$this->save( array( 'listings' => array( 'perPage' => $per_page, 'closingSoonDays' => '9' ), 'back_to_top' => array( 'speed' => '100', 'showAfter' => '1' ) ) );

		$this->assertSame( $before, $this->stored_row(), 'The stored option is unchanged.' );
		$this->assertSame( $message, $this->errors()[ self::PER_PAGE ] ?? null );
		$this->assertArrayHasKey( 'unchanged', $this->errors() );
		$this->assertSame( 20, ListingSettings::archive_per_page() );
	}

	public function test_the_refused_field_is_marked_with_its_message_on_the_screen(): void {
		$this->log_in_as( 'administrator' );
		$this->save( array( 'listings' => array( 'perPage' => '500', 'closingSoonDays' => '7' ) ) );
		$html = $this->screen();
		$input = $html->one( '//input[@id="' . self::PER_PAGE . '"]' );
		$this->assertSame( 'true', $input?->getAttribute( 'aria-invalid' ) );
		$this->assertSame( self::PER_PAGE . '-description ' . self::PER_PAGE . '-error', $input->getAttribute( 'aria-describedby' ) );
		$this->assertSame( 'Notices per page must be a whole number from 1 to 50.', $html->text( '//*[@id="' . self::PER_PAGE . '-error"]' ) );
	}

	public function test_other_refused_inputs(): void {
		$this->save( array( 'listings' => array( 'perPage' => '20', 'closingSoonDays' => '7' ) ) );
		$before = $this->stored_row();
		$cases = array(
			'invalid'                            => array( 'not an array', 'The settings could not be read. Nothing was changed.' ),
			'tenderpress-back_to_top-everywhere' => array( array( 'back_to_top' => array( 'everywhere' => 'maybe', 'speed' => '1', 'showAfter' => '1' ) ), 'Add it to every page must be on or off.' ),
			'tenderpress-listings-closingSoonDays' => array( array( 'listings' => array( 'perPage' => '5', 'closingSoonDays' => '91' ) ), 'Closing soon must be a whole number from 1 to 90.' ),
			'tenderpress-back_to_top-speed'      => array( array( 'back_to_top' => array( 'speed' => '-1', 'showAfter' => '1' ) ), 'Scroll duration must be a whole number from 0 to 5,000.' ),
		);
		foreach ( $cases as $code => list( $input, $message ) ) {
			$GLOBALS['wp_settings_errors'] = array();
			$this->save( $input );
			$this->assertSame( $before, $this->stored_row(), $code );
			$this->assertSame( $message, $this->errors()[ $code ] ?? null, $code );
		}
	}

	public function test_the_closing_soon_window_is_the_setting_and_the_filter_still_wins(): void {
		$now = time();
		$in_twenty_days = $now + 20 * DAY_IN_SECONDS;
		$this->assertSame( NoticeStatus::OPEN, NoticeStatus::derive( $in_twenty_days, $now ), 'Seven days by default.' );

		$this->save( array( 'listings' => array( 'perPage' => '10', 'closingSoonDays' => '30' ) ) );
		$this->assertSame( NoticeStatus::CLOSING_SOON, NoticeStatus::derive( $in_twenty_days, $now ) );

		$filter = static fn (): int => DAY_IN_SECONDS;
		add_filter( 'tenderpress_closing_soon_window', $filter );
		try {
			$this->assertSame( NoticeStatus::OPEN, NoticeStatus::derive( $in_twenty_days, $now ), 'Code that filters the window overrides the screen.' );
		} finally {
			remove_filter( 'tenderpress_closing_soon_window', $filter );
		}
	}

	public function test_notices_per_page_reaches_the_archive_and_listings_without_their_own_number(): void {
		$this->save( array( 'listings' => array( 'perPage' => '4', 'closingSoonDays' => '7' ) ) );
		$this->reregister( 'listing' );
		try {
			$this->assertSame( 4, ListingSettings::archive_per_page() );
			$html = new Html( do_blocks( '<!-- wp:tenderpress/listing /-->' ) );
			$this->assertCount( 4, $html->all( '//li[contains(@class,"tp-listing__item")]' ) );
			$html = new Html( do_blocks( '<!-- wp:tenderpress/listing {"perPage":3} /-->' ) );
			$this->assertCount( 3, $html->all( '//li[contains(@class,"tp-listing__item")]' ), 'A listing\'s own number wins.' );
			$this->assertSame( 4, \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/listing' )->attributes['perPage']['default'], 'The editor starts from it too.' );
		} finally {
			delete_option( Settings::OPTION );
			$this->reregister( 'listing' );
		}
	}

	/** Block types are registered once per request: register one again, as the next request would. */
	private function reregister( string $block ): void {
		unregister_block_type( 'tenderpress/' . $block );
		register_block_type( TENDERPRESS_DIR . '/blocks/' . $block );
	}

	public function test_back_to_top_on_every_page_adds_one_link_only_where_the_theme_has_none(): void {
		$footer = static function (): string {
			ob_start();
			do_action( 'wp_footer' );
			return (string) ob_get_clean();
		};
		IslandAssets::instance()->reset();
		$this->assertStringNotContainsString( 'tp-back-to-top', $footer(), 'Off by default.' );

		$this->save( array( 'back_to_top' => array( 'everywhere' => '1', 'showAfter' => '250', 'speed' => '400' ) ) );
		$this->reregister( 'back-to-top' );
		IslandAssets::instance()->reset();
		try {
			$html = new Html( $footer() );
		} finally {
			delete_option( Settings::OPTION );
			$this->reregister( 'back-to-top' );
			$this->save( array( 'back_to_top' => array( 'everywhere' => '1', 'showAfter' => '400', 'speed' => '400' ) ) );
		}
		$links = $html->all( '//a[contains(@class,"tp-back-to-top__link")]' );
		$this->assertCount( 1, $links );
		$this->assertSame( '#top', $links[0]->getAttribute( 'href' ) );
		$this->assertStringContainsString( '--tp-show-after:250px', (string) $html->one( '//*[@data-tp-island="back-to-top"]' )?->getAttribute( 'style' ) );

		IslandAssets::instance()->reset();
		do_blocks( '<!-- wp:tenderpress/back-to-top /-->' );
		$this->assertSame( array(), ( new Html( $footer() ) )->all( '//*[@data-tp-island="back-to-top"]' ), 'A page whose theme placed the block gets no second link.' );
	}

	public function test_reading_settings_writes_nothing_and_a_hand_edited_value_falls_back_to_the_default(): void {
		global $wpdb;
		delete_option( Settings::OPTION );
		$log = QueryLog::start();
		$this->assertSame( 10, ListingSettings::archive_per_page() );
		$this->assertSame( 7 * DAY_IN_SECONDS, NoticeStatus::closing_soon_window() );
		$this->assertSame( array(), $log->stop() );

		$wpdb->insert( $wpdb->options, array( 'option_name' => Settings::OPTION, 'option_value' => serialize( array( 'listings' => array( 'perPage' => 5000, 'closingSoonDays' => 'x' ) ) ), 'autoload' => 'yes' ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- a row as someone might edit it by hand.
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( Settings::OPTION, 'options' );
		Settings::forget_stored();
		$this->assertSame( 10, ListingSettings::archive_per_page() );
		$this->assertSame( 7 * DAY_IN_SECONDS, NoticeStatus::closing_soon_window() );
	}
}
