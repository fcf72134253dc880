<?php
namespace TenderPress\Admin;

use TenderPress\Blocks\DesignTokens;
use TenderPress\Islands\PushPrompt;
use TenderPress\Islands\Share;
use TenderPress\Push\PushSettings;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Settings\SettingsTabs;

/**
 * Settings > TenderPress: the sections modules added to Settings, drawn with the Settings API
 * and saved by WordPress's options.php (which checks the nonce and the manage_options
 * capability), and a "Settings" link beside the plugin on the Plugins screen.
 */
final class SettingsPage {

	public const SLUG = 'tenderpress';

	/** A set of boxes longer than this gets a filter box. */
	private const FILTER_FROM = 12;

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'admin_init', array( $this, 'add_sections' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( TENDERPRESS_FILE ), array( $this, 'add_settings_link' ) );
	}

	public static function url(): string {
		return admin_url( 'options-general.php?page=' . self::SLUG );
	}

	/** @var string The screen's hook suffix, once the menu has it. */
	private $hook = '';

	public function add_page(): void {
		$this->hook = (string) add_options_page(
			__( 'TenderPress settings', 'tenderpress' ),
			__( 'TenderPress', 'tenderpress' ),
			'manage_options',
			self::SLUG,
			array( $this, 'render_page' )
		);
	}

	/**
	 * The screen's layout (the grid of boxes) and its filter script, on this screen only. The
	 * script is a small addition for the admin; the screen works without it.
	 *
	 * @param mixed $hook_suffix The admin screen being loaded.
	 */
	public function enqueue( $hook_suffix ): void {
		if ( '' === $this->hook || $hook_suffix !== $this->hook ) {
			return;
		}
		wp_enqueue_style( 'tenderpress-settings', plugins_url( 'assets/settings.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		wp_enqueue_script( 'tenderpress-settings', plugins_url( 'assets/settings.js', TENDERPRESS_FILE ), array(), TENDERPRESS_VERSION, true );
		// The live previews (SharePreview, PushPromptPreview) are drawn with the stylesheets
		// visitors get, on their tabs only.
		$tab = self::current_tab();
		if ( SettingsTabs::of_section( Share::SECTION ) === $tab ) {
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( Share::BLOCK );
			foreach ( $block ? $block->style_handles : array() as $handle ) {
				wp_enqueue_style( $handle );
			}
		}
		if ( SettingsTabs::of_section( PushSettings::SECTION ) === $tab ) {
			wp_enqueue_style( PushPrompt::STYLE, plugins_url( 'assets/push.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		}
	}

	/**
	 * @param array<int|string, string> $links The plugin's links on the Plugins screen.
	 * @return array<int|string, string>
	 */
	public function add_settings_link( array $links ): array {
		if ( current_user_can( 'manage_options' ) ) {
			$links = array( 'settings' => sprintf( '<a href="%s">%s</a>', esc_url( self::url() ), esc_html__( 'Settings', 'tenderpress' ) ) ) + $links;
		}
		return $links;
	}

	/** The tab this request shows: the address's tab=, or the first. */
	public static function current_tab(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- which tab to show; nothing is changed.
		$tab = isset( $_GET['tab'] ) && is_string( $_GET['tab'] ) ? sanitize_key( wp_unslash( $_GET['tab'] ) ) : '';
		return SettingsTabs::exists( $tab ) ? $tab : SettingsTabs::first();
	}

	/** The address of one tab of the screen. */
	public static function tab_url( string $tab ): string {
		return add_query_arg( 'tab', $tab, self::url() );
	}

	/** The Settings API's page name of one tab's sections. */
	private static function page_of( string $tab ): string {
		return self::SLUG . '-' . $tab;
	}

	/**
	 * Adds each section to the tab SettingsTabs places it on, and to any other tab one of its
	 * fields is placed on (with its heading only: the description and report stay on its own).
	 */
	public function add_sections(): void {
		foreach ( Settings::sections() as $section_id => $section ) {
			$home = SettingsTabs::of_section( $section_id );
			$tabs = array( $home => true );
			foreach ( array_keys( $section->fields ) as $field_id ) {
				$tabs[ SettingsTabs::of_field( $section_id, $field_id ) ] = true;
			}
			foreach ( array_keys( $tabs ) as $tab ) {
				add_settings_section(
					Settings::section_html_id( $section_id ),
					$section->title,
					$home === $tab ? static function () use ( $section ): void {
						if ( '' !== $section->description ) {
							echo '<p>' . esc_html( $section->description ) . '</p>';
						}
						if ( null !== $section->report ) {
							echo ( $section->report )(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a report returns escaped HTML (SettingsSection).
						}
					} : '__return_null',
					self::page_of( $tab )
				);
			}
			foreach ( $section->fields as $field_id => $field ) {
				$id = Settings::field_id( $section_id, $field_id );
				// The Settings API prints a field's title as it is given, so it is escaped here. A
				// checkbox is named by the row's heading alone (a <label> for it), so a screen
				// reader says its name once; a set of boxes is named by the heading through
				// aria-labelledby.
				$title = SettingsField::CHOICES === $field->type
					? '<span id="' . esc_attr( $id ) . '-label">' . esc_html( $field->label ) . '</span>'
					: esc_html( $field->label );
				add_settings_field(
					$id,
					$title,
					function () use ( $section_id, $field_id, $field, $id ): void {
						$this->render_field( $section_id, $field_id, $field, $id );
					},
					self::page_of( SettingsTabs::of_field( $section_id, $field_id ) ),
					Settings::section_html_id( $section_id ),
					SettingsField::CHOICES === $field->type ? array() : array( 'label_for' => $id )
				);
			}
		}
	}

	public function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$current = self::current_tab();
		$tabs    = SettingsTabs::tabs();
		echo '<div class="wrap tp-settings"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		// Links, not script-driven tabs: each tab is a page of its own, as WordPress's and
		// WooCommerce's screens do, so it works without JavaScript and its address can be shared.
		echo '<nav class="nav-tab-wrapper" aria-label="' . esc_attr__( 'Settings tabs', 'tenderpress' ) . '">';
		foreach ( $tabs as $tab => $name ) {
			printf(
				'<a href="%1$s" class="%2$s"%3$s>%4$s</a>',
				esc_url( self::tab_url( $tab ) ),
				esc_attr( $current === $tab ? 'nav-tab nav-tab-active' : 'nav-tab' ),
				$current === $tab ? ' aria-current="page"' : '', // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a fixed attribute.
				esc_html( $name )
			);
		}
		echo '</nav>';
		echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post" novalidate="novalidate">';
		settings_fields( Settings::GROUP );
		// options.php saves only this tab's fields; the others keep what is stored.
		printf( '<input type="hidden" name="%s" value="%s">', esc_attr( Settings::OPTION . '[' . SettingsTabs::FIELD . ']' ), esc_attr( $current ) );
		do_settings_sections( self::page_of( $current ) );
		if ( $this->has_fields( $current ) ) {
			// WordPress's own words for it: this tab's fields are what it saves.
			submit_button();
		}
		echo '</form></div>';
	}

	/** Whether a tab has any field to save (a tab of reports only has no Save button). */
	private function has_fields( string $tab ): bool {
		foreach ( Settings::sections() as $section_id => $section ) {
			foreach ( array_keys( $section->fields ) as $field_id ) {
				if ( SettingsTabs::of_field( $section_id, $field_id ) === $tab ) {
					return true;
				}
			}
		}
		return false;
	}

	/** One field, with its help text and, after a refused save, its error, both tied to it for screen readers. */
	private function render_field( string $section_id, string $field_id, SettingsField $field, string $id ): void {
		$name      = Settings::OPTION . '[' . $section_id . '][' . $field_id . ']';
		$value     = Settings::get( $section_id, $field_id );
		$error     = $this->error_for( $id );
		$described = array();
		if ( '' !== $field->description ) {
			$described[] = $id . '-description';
		}
		if ( '' !== $error ) {
			$described[] = $id . '-error';
		}
		$aria = ( $described ? ' aria-describedby="' . esc_attr( implode( ' ', $described ) ) . '"' : '' ) . ( '' !== $error ? ' aria-invalid="true"' : '' );

		if ( SettingsField::BOOLEAN === $field->type ) {
			// An unticked checkbox sends nothing; validate() reads that as off.
			// Named by the row heading's <label>: its words are not repeated beside the box.
			printf(
				'<input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s%4$s>',
				esc_attr( $id ),
				esc_attr( $name ),
				checked( (bool) $value, true, false ),
				$aria // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from esc_attr() above.
			);
		} elseif ( SettingsField::CHOICES === $field->type ) {
			// Each box sends its key; none ticked sends nothing, which validate() reads as none.
			// The boxes sit in a grid (a long list of share services fits on a screen or two).
			// A long list gets a filter box, hidden until the screen's script shows it: without
			// JavaScript the grid is all there is, and all there needs to be.
			$labelled = ' aria-labelledby="' . esc_attr( $id ) . '-label"';
			echo '<fieldset id="' . esc_attr( $id ) . '"' . $labelled . $aria . '>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from esc_attr().
			if ( count( $field->choices ) > self::FILTER_FROM ) {
				printf(
					'<p class="tp-settings-filter" hidden><label for="%1$s-filter">%2$s</label> <input type="search" id="%1$s-filter" class="regular-text" data-tp-filter="%1$s-choices" autocomplete="off"> <span class="tp-settings-filter__count" aria-live="polite" data-tp-count="%3$s"></span></p>',
					esc_attr( $id ),
					esc_html__( 'Filter by name', 'tenderpress' ),
					/* translators: %d: how many choices match the filter. */
					esc_attr__( '%d shown', 'tenderpress' )
				);
			}
			printf( '<ul class="tp-settings-choices" id="%s-choices">', esc_attr( $id ) );
			foreach ( $field->choices as $key => $choice ) {
				printf(
					'<li><label><input type="checkbox" name="%1$s[]" value="%2$s"%3$s> %4$s</label></li>',
					esc_attr( $name ),
					esc_attr( $key ),
					checked( in_array( $key, (array) $value, true ), true, false ),
					esc_html( $choice )
				);
			}
			echo '</ul></fieldset>';
		} elseif ( SettingsField::TEXT === $field->type ) {
			$text = is_string( $value ) ? $value : '';
			printf(
				'<input type="text" class="regular-text" id="%1$s" name="%2$s" value="%3$s" maxlength="%4$s"%5$s>',
				esc_attr( $id ),
				esc_attr( $name ),
				esc_attr( $text ),
				esc_attr( (string) $field->max ),
				$aria // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from esc_attr() above.
			);
		} else {
			printf(
				'<input type="number" class="small-text" id="%1$s" name="%2$s" value="%3$s" min="%4$s" max="%5$s" step="1" required%6$s>%7$s',
				esc_attr( $id ),
				esc_attr( $name ),
				esc_attr( (string) (int) $value ),
				esc_attr( (string) $field->min ),
				esc_attr( (string) $field->max ),
				$aria, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from esc_attr() above.
				'' !== $field->unit ? ' ' . esc_html( $field->unit ) : ''
			);
		}
		if ( '' !== $error ) {
			printf( '<p class="tp-settings-error" id="%s-error"><strong>%s</strong></p>', esc_attr( $id ), esc_html( $error ) );
		}
		if ( '' !== $field->description ) {
			printf( '<p class="description" id="%s-description">%s</p>', esc_attr( $id ), esc_html( $field->description ) );
		}
	}

	/** The message of a refused save for this field, carried over the redirect by WordPress. */
	private function error_for( string $id ): string {
		foreach ( get_settings_errors( Settings::OPTION ) as $error ) {
			if ( $id === $error['code'] ) {
				return (string) $error['message'];
			}
		}
		return '';
	}
}
