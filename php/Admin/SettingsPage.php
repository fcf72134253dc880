<?php
namespace TenderPress\Admin;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * Settings > TenderPress: the sections modules added to Settings, drawn with the Settings API
 * and saved by WordPress's options.php (which checks the nonce and the manage_options
 * capability), and a "Settings" link beside the plugin on the Plugins screen.
 */
final class SettingsPage {

	public const SLUG = 'tenderpress';

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_init', array( $this, 'add_sections' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( TENDERPRESS_FILE ), array( $this, 'add_settings_link' ) );
	}

	public static function url(): string {
		return admin_url( 'options-general.php?page=' . self::SLUG );
	}

	public function add_page(): void {
		add_options_page(
			__( 'TenderPress settings', 'tenderpress' ),
			__( 'TenderPress', 'tenderpress' ),
			'manage_options',
			self::SLUG,
			array( $this, 'render_page' )
		);
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

	public function add_sections(): void {
		foreach ( Settings::sections() as $section_id => $section ) {
			add_settings_section(
				Settings::section_html_id( $section_id ),
				$section->title,
				static function () use ( $section ): void {
					if ( '' !== $section->description ) {
						echo '<p>' . esc_html( $section->description ) . '</p>';
					}
					if ( null !== $section->report ) {
						echo ( $section->report )(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a report returns escaped HTML (SettingsSection).
					}
				},
				self::SLUG
			);
			foreach ( $section->fields as $field_id => $field ) {
				$id = Settings::field_id( $section_id, $field_id );
				add_settings_field(
					$id,
					$field->label,
					function () use ( $section_id, $field_id, $field, $id ): void {
						$this->render_field( $section_id, $field_id, $field, $id );
					},
					self::SLUG,
					Settings::section_html_id( $section_id ),
					// A checkbox carries its label beside it, and a set of boxes has its legend, so the
					// row heading is not a <label> there.
					in_array( $field->type, array( SettingsField::BOOLEAN, SettingsField::CHOICES ), true ) ? array() : array( 'label_for' => $id )
				);
			}
		}
	}

	public function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post" novalidate="novalidate">';
		settings_fields( Settings::GROUP );
		do_settings_sections( self::SLUG );
		submit_button();
		echo '</form></div>';
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
			printf(
				'<label for="%1$s"><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s%4$s> %5$s</label>',
				esc_attr( $id ),
				esc_attr( $name ),
				checked( (bool) $value, true, false ),
				$aria, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from esc_attr() above.
				esc_html( $field->label )
			);
		} elseif ( SettingsField::CHOICES === $field->type ) {
			// Each box sends its key; none ticked sends nothing, which validate() reads as none.
			printf( '<fieldset id="%1$s"%2$s><legend class="screen-reader-text">%3$s</legend><ul class="tp-settings-choices">', esc_attr( $id ), $aria, esc_html( $field->label ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- $aria is built from esc_attr() above.
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
