<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * The glue every island block shares, written once: a subclass names its block (BLOCK, whose
 * block.json is the one list of its attributes, their types, bounds and defaults), declares
 * which attributes a site owner sets for the whole site and its shortcode, and writes its markup.
 *
 * - Site defaults: each attribute of site_defaults() becomes a field of the settings screen's
 *   section (SECTION, bounds and default from block.json) and, once saved, the block's default,
 *   so a block that leaves it unset follows the site.
 * - Shortcode: `[SHORTCODE attribute_name="…"]` takes the block's attributes by their names in
 *   snake_case (WordPress lowercases a shortcode's attribute names: `noticeType` is
 *   `notice_type`); unknown names are left out.
 * - Render: the attributes are cleaned against block.json (BlockAttributes::clean()) before
 *   markup() sees them, for the block, the shortcode and PHP callers alike.
 * - REST: a route that takes one of the block's attributes declares it with rest_argument(), so
 *   it accepts what the block accepts.
 *
 * The block's render.php calls the subclass's render() and BlockWrapper::apply(); its island
 * markup goes through IslandContainer::render(), which queues the runtime and the island.
 */
abstract class IslandBlock {

	/** The block's name, "tenderpress/<folder under plugin/blocks>". */
	public const BLOCK = '';

	/** The shortcode's tag, or '' for none. */
	public const SHORTCODE = '';

	/** The settings screen's section of the site defaults, or '' for none. */
	public const SECTION = '';

	/**
	 * The attributes a site owner sets for every block of this kind, each with its field's label,
	 * help and unit on the settings screen.
	 *
	 * @return array<string, array{label: string, help?: string, unit?: string}>
	 */
	protected static function site_defaults(): array {
		return array();
	}

	/**
	 * The settings section's title and what it says (with site_defaults()).
	 *
	 * @return array{title: string, description: string}
	 */
	protected static function section_words(): array {
		return array(
			'title'       => '',
			'description' => '',
		);
	}

	/**
	 * The island's markup from cleaned attributes (every block.json attribute present), escaped.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes.
	 * @param string               $content    What the block's inner blocks (or the shortcode's
	 *                                         enclosed content) rendered; '' for none.
	 */
	abstract protected static function markup( array $attributes, string $content = '' ): string;

	public function register(): void {
		if ( '' !== static::SECTION && array() !== static::site_defaults() ) {
			Settings::add_section( static::SECTION, array( static::class, 'settings_section' ) );
			add_filter( 'block_type_metadata', array( $this, 'use_site_defaults' ) );
		}
		if ( '' !== static::SHORTCODE ) {
			add_action( 'init', array( $this, 'add_shortcode' ) );
		}
	}

	/** The island's section of the settings screen. */
	public static function settings_section(): SettingsSection {
		$words = static::section_words();
		return new SettingsSection( $words['title'], $words['description'], static::settings_fields() );
	}

	/**
	 * The section's fields: one per site default, from its block attribute. A subclass with
	 * settings of its own adds them around these.
	 *
	 * @return array<string, SettingsField>
	 */
	protected static function settings_fields(): array {
		$fields = array();
		foreach ( static::site_defaults() as $attribute => $field ) {
			$fields[ $attribute ] = SettingsField::from_block_attribute( static::folder(), $attribute, $field['label'], $field['help'] ?? '', $field['unit'] ?? '' );
		}
		return $fields;
	}

	/**
	 * The site's saved values as the block's defaults.
	 *
	 * @param array<string, mixed> $metadata A block.json, decoded.
	 * @return array<string, mixed>
	 */
	public function use_site_defaults( array $metadata ): array {
		if ( static::BLOCK === ( $metadata['name'] ?? null ) ) {
			foreach ( array_keys( static::site_defaults() ) as $attribute ) {
				$metadata['attributes'][ $attribute ]['default'] = Settings::get( static::SECTION, $attribute );
			}
		}
		return $metadata;
	}

	public function add_shortcode(): void {
		add_shortcode( static::SHORTCODE, array( $this, 'render_shortcode' ) );
	}

	/**
	 * The shortcode: the block's attributes by their snake_case names, and what it encloses
	 * (its own shortcodes run first).
	 *
	 * @param mixed       $attributes Shortcode attributes.
	 * @param string|null $content    What it encloses.
	 */
	public function render_shortcode( $attributes, $content = null ): string {
		return static::render( static::shortcode_attributes( $attributes ), null === $content ? '' : do_shortcode( $content ) );
	}

	/**
	 * A shortcode's attributes under the block's names (`notice_type` → `noticeType`); names
	 * the block does not have are left out.
	 *
	 * @param mixed $attributes Shortcode attributes, as WordPress parsed them.
	 * @return array<string, mixed>
	 */
	public static function shortcode_attributes( $attributes ): array {
		$given = is_array( $attributes ) ? $attributes : array();
		$block = \WP_Block_Type_Registry::get_instance()->get_registered( static::BLOCK );
		$named = array();
		foreach ( array_keys( $block ? (array) $block->attributes : array() ) as $name ) {
			$snake = strtolower( (string) preg_replace( '/(?<!^)[A-Z]/', '_$0', $name ) );
			if ( array_key_exists( $snake, $given ) ) {
				$named[ $name ] = $given[ $snake ];
			}
		}
		return $named;
	}

	/**
	 * The block, escaped, from any attributes (they are cleaned first).
	 *
	 * @param array<string, mixed> $attributes Block attributes (block.json).
	 * @param string               $content    What its inner blocks rendered, or ''.
	 */
	public static function render( array $attributes = array(), string $content = '' ): string {
		return static::markup( BlockAttributes::clean( static::BLOCK, $attributes ), $content );
	}

	/**
	 * A REST argument for one of the block's attributes, as its block.json declares it (type,
	 * choices, bounds, default), with the site's default where the site sets one: a route that
	 * takes an attribute accepts exactly what the block does.
	 *
	 * @param string $attribute The attribute's name in block.json.
	 * @return array<string, mixed>
	 * @throws \LogicException When the block is not registered or has no such attribute.
	 */
	public static function rest_argument( string $attribute ): array {
		$block  = \WP_Block_Type_Registry::get_instance()->get_registered( static::BLOCK );
		$schema = $block ? ( $block->get_attributes()[ $attribute ] ?? null ) : null;
		if ( ! is_array( $schema ) ) {
			// A route must not take, unchecked, an attribute the block does not declare.
			throw new \LogicException( sprintf( '%s has no attribute %s to take as a REST argument.', esc_html( static::BLOCK ), esc_html( $attribute ) ) );
		}
		// The JSON Schema keywords WordPress checks a REST argument by, as block.json has them.
		$argument = array_intersect_key( $schema, array_flip( array( 'type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'items', 'minItems', 'maxItems', 'uniqueItems', 'default' ) ) );
		if ( array_key_exists( $attribute, static::site_defaults() ) ) {
			$argument['default'] = Settings::get( static::SECTION, $attribute );
		}
		return $argument;
	}

	/** The block's folder under plugin/blocks/. */
	protected static function folder(): string {
		return substr( static::BLOCK, strlen( 'tenderpress/' ) );
	}
}
