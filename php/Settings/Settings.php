<?php
namespace TenderPress\Settings;

/**
 * The site owner's settings: every module adds its own section from its register(), and all of
 * them are stored together in one option, as { section: { field: value } }.
 *
 * That option is autoloaded because visitors' pages read it (the listing's page size, the
 * closing-soon window behind every status badge, back to top). A later module whose settings only
 * the admin or a rare request reads should keep them in an option of its own, not autoloaded.
 *
 * A section is defined by a callback that runs on first use, after WordPress has loaded the
 * translations its labels need; registering one at plugin load costs nothing.
 */
final class Settings {

	public const OPTION = 'tenderpress_settings';
	public const GROUP  = 'tenderpress';

	/** @var array<string, callable(): SettingsSection> Section definitions, in screen order. */
	private static $definitions = array();

	/** @var array<string, SettingsSection> Sections built so far. */
	private static $sections = array();

	/** @var array<string, mixed>|null Stored values of this request, or null before the first read. */
	private static $stored;

	/**
	 * Adds a section to the screen and its fields to the option.
	 *
	 * @param string                      $id     Key of the section in the option and the screen (a-z, 0-9, _).
	 * @param callable(): SettingsSection $define Builds the section when first needed.
	 * @throws \InvalidArgumentException For an id with other characters (a mistake in code).
	 */
	public static function add_section( string $id, callable $define ): void {
		if ( ! preg_match( '/^[a-z0-9_]+$/D', $id ) ) {
			throw new \InvalidArgumentException( sprintf( 'A settings section id uses a-z, 0-9 and _ only: %s.', $id ) );
		}
		self::$definitions[ $id ] = $define;
		unset( self::$sections[ $id ] );
	}

	/** @return array<string, SettingsSection> Every section, in the order they were added. */
	public static function sections(): array {
		// In the order they were added, not the order they were first read in (a block's
		// default may read its section while blocks are registered, before the screen).
		$sections = array();
		foreach ( self::$definitions as $id => $define ) {
			$sections[ $id ] = self::$sections[ $id ] ??= $define();
		}
		return $sections;
	}

	public static function section( string $id ): ?SettingsSection {
		if ( ! isset( self::$definitions[ $id ] ) ) {
			return null;
		}
		return self::$sections[ $id ] ??= ( self::$definitions[ $id ] )();
	}

	/**
	 * A setting's value: what the owner saved, or the field's default.
	 *
	 * @return int|bool|string|list<string>
	 * @throws \InvalidArgumentException For a section or field no module registered (a typo in code).
	 */
	public static function get( string $section_id, string $field_id ): int|bool|string|array {
		$field = self::section( $section_id )?->fields[ $field_id ] ?? null;
		if ( null === $field ) {
			throw new \InvalidArgumentException( sprintf( 'No setting %1$s.%2$s is registered.', $section_id, $field_id ) );
		}
		if ( null === self::$stored ) {
			$stored       = get_option( self::OPTION, array() );
			self::$stored = is_array( $stored ) ? $stored : array();
		}
		$value = isset( self::$stored[ $section_id ][ $field_id ] ) ? $field->validate( self::$stored[ $section_id ][ $field_id ] ) : null;
		// Stored values passed validate() when saved; a row edited by hand to something else falls
		// back to the default rather than reaching a visitor's page.
		return null === $value || is_wp_error( $value ) ? $field->default : $value;
	}

	/** Registers the option with the Settings API, which options.php saves through sanitize(). */
	public function register(): void {
		add_action( 'init', array( $this, 'register_setting' ) );
		// Saved values must show on the same request (a test, or code that saves then reads).
		add_action( 'update_option_' . self::OPTION, array( self::class, 'forget_stored' ) );
		add_action( 'add_option_' . self::OPTION, array( self::class, 'forget_stored' ) );
		add_action( 'delete_option_' . self::OPTION, array( self::class, 'forget_stored' ) );
		// Another site of a network has settings of its own.
		add_action( 'switch_blog', array( self::class, 'forget_stored' ) );
		add_action( 'switch_locale', array( self::class, 'forget_sections' ) );
		add_action( 'restore_previous_locale', array( self::class, 'forget_sections' ) );
	}

	public function register_setting(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'default'           => array(),
				'show_in_rest'      => false,
			)
		);
	}

	public static function forget_stored(): void {
		self::$stored = null;
	}

	/** Labels are translated when a section is built: build them again in another language. */
	public static function forget_sections(): void {
		self::$sections = array();
	}

	/**
	 * What to store for a submitted form: every field validated, or, if any field is refused,
	 * the values stored before, unchanged, with an error per refused field for the screen to show.
	 *
	 * A section the input does not mention keeps its stored values, so code can update one section.
	 * A save from the screen names its tab (SettingsTabs::FIELD): only that tab's fields change.
	 *
	 * @param mixed $input The submitted option value.
	 * @return array<string, array<string, int|bool|string|list<string>>>
	 */
	public static function sanitize( $input ): array {
		$before = get_option( self::OPTION, array() );
		$before = is_array( $before ) ? $before : array();
		if ( ! is_array( $input ) ) {
			self::report( self::OPTION, 'invalid', __( 'The settings could not be read. Nothing was changed.', 'tenderpress' ) );
			return $before;
		}
		// The screen saves one tab at a time and says which: the fields on that tab are read from
		// the form (an unticked box sends nothing, so a missing one is off), and every other
		// field keeps what is stored, so a save on one tab never blanks another's.
		$tab = null;
		if ( array_key_exists( SettingsTabs::FIELD, $input ) ) {
			$tab = $input[ SettingsTabs::FIELD ];
			if ( ! is_string( $tab ) || ! SettingsTabs::exists( $tab ) ) {
				self::report( self::OPTION, 'invalid', __( 'The settings could not be read. Nothing was changed.', 'tenderpress' ) );
				return $before;
			}
		}
		$clean   = array();
		$refused = false;
		foreach ( self::sections() as $section_id => $section ) {
			if ( ! $section->fields ) {
				continue;
			}
			if ( null !== $tab ) {
				$submitted = isset( $input[ $section_id ] ) && is_array( $input[ $section_id ] ) ? $input[ $section_id ] : array();
				$shown     = array_filter( array_keys( $section->fields ), static fn( $field_id ) => SettingsTabs::of_field( $section_id, (string) $field_id ) === $tab );
				foreach ( $section->fields as $field_id => $field ) {
					if ( SettingsTabs::of_field( $section_id, $field_id ) !== $tab ) {
						if ( isset( $before[ $section_id ][ $field_id ] ) ) {
							$clean[ $section_id ][ $field_id ] = $before[ $section_id ][ $field_id ];
						} elseif ( $shown ) {
							// A section split across tabs, never saved: the fields of the other tab
							// at their defaults. On the first save WordPress runs this filter again
							// on what it returned (add_option), without the tab, and would refuse
							// a section with fields missing.
							$clean[ $section_id ][ $field_id ] = $field->default;
						}
						continue;
					}
					$value = $field->validate( $submitted[ $field_id ] ?? null );
					if ( is_wp_error( $value ) ) {
						self::report( self::OPTION, self::field_id( $section_id, $field_id ), $value->get_error_message() );
						$refused = true;
						continue;
					}
					$clean[ $section_id ][ $field_id ] = $value;
				}
				continue;
			}
			if ( ! array_key_exists( $section_id, $input ) ) {
				if ( isset( $before[ $section_id ] ) ) {
					$clean[ $section_id ] = $before[ $section_id ];
				}
				continue;
			}
			$submitted = is_array( $input[ $section_id ] ) ? $input[ $section_id ] : array();
			foreach ( $section->fields as $field_id => $field ) {
				$value = $field->validate( $submitted[ $field_id ] ?? null );
				if ( is_wp_error( $value ) ) {
					self::report( self::OPTION, self::field_id( $section_id, $field_id ), $value->get_error_message() );
					$refused = true;
					continue;
				}
				$clean[ $section_id ][ $field_id ] = $value;
			}
		}
		if ( $refused ) {
			self::report( self::OPTION, 'unchanged', __( 'Nothing was changed. Correct the settings marked below and save again.', 'tenderpress' ) );
			return $before;
		}
		return $clean;
	}

	/**
	 * Keeps a message for the settings screen, which shows it after options.php redirects back. A
	 * save from code outside the admin (where the Settings API's screen functions are not loaded)
	 * is refused the same way, without a screen to tell.
	 */
	private static function report( string $setting, string $code, string $message ): void {
		if ( function_exists( 'add_settings_error' ) ) {
			add_settings_error( $setting, $code, $message );
		}
	}

	/** The HTML id of a section on the screen. */
	public static function section_html_id( string $section_id ): string {
		return 'tenderpress-' . $section_id;
	}

	/** The HTML id of a field, also the code of its error. */
	public static function field_id( string $section_id, string $field_id ): string {
		return self::section_html_id( $section_id ) . '-' . $field_id;
	}
}
