<?php
namespace TenderPress\Blocks;

use WP_Block_Type_Registry;

/**
 * Block attributes made usable against the block type's registered schema: its block.json, plus
 * what the plugin adds when it registers the block. The schema is the one home of each
 * attribute's default, limits and allowed values, so a block, a shortcode and PHP callers all get
 * the same values, and the editor shows the same limits.
 */
final class BlockAttributes {

	/**
	 * Every attribute the block type declares: a usable given value, or the declared default
	 * (null without one) when the value is missing, of the wrong type or refused.
	 *
	 * Integers, also as numeric strings (shortcodes give strings), are clamped to the schema's
	 * minimum and maximum, so a shortcode asking for too much gets the most there is. Strings
	 * must be in the schema's enum and match its pattern. Booleans accept what REST accepts
	 * (true, false, 1, 0, "true", "false", "1", "0").
	 *
	 * @param string               $block_name Registered block type (tenderpress/listing).
	 * @param array<string, mixed> $attributes Raw attributes from a block, a shortcode or PHP.
	 * @return array<string, mixed>
	 * @throws \InvalidArgumentException When no such block type is registered.
	 */
	public static function clean( string $block_name, array $attributes ): array {
		$block_type = WP_Block_Type_Registry::get_instance()->get_registered( $block_name );
		if ( null === $block_type ) {
			throw new \InvalidArgumentException( sprintf( 'No block type %s is registered.', $block_name ) );
		}
		$clean = array();
		foreach ( $block_type->get_attributes() as $name => $schema ) {
			$default        = $schema['default'] ?? null;
			$clean[ $name ] = array_key_exists( $name, $attributes ) ? self::usable( $attributes[ $name ], $schema, $default ) : $default;
		}
		return $clean;
	}

	/**
	 * @param mixed                $value
	 * @param array<string, mixed> $schema
	 * @param mixed                $fallback
	 * @return mixed
	 */
	private static function usable( $value, array $schema, $fallback ) {
		return match ( $schema['type'] ?? null ) {
			'integer' => self::integer( $value, $schema, $fallback ),
			'boolean' => self::boolean( $value ) ?? $fallback,
			'string'  => self::string( $value, $schema, $fallback ),
			// Objects and arrays (the lock and metadata every block has): as core validates them.
			default   => is_wp_error( rest_validate_value_from_schema( $value, $schema ) ) ? $fallback : rest_sanitize_value_from_schema( $value, $schema ),
		};
	}

	/**
	 * @param mixed                $value
	 * @param array<string, mixed> $schema
	 * @param mixed                $fallback
	 * @return mixed
	 */
	private static function integer( $value, array $schema, $fallback ) {
		if ( ! rest_is_integer( $value ) ) {
			return $fallback;
		}
		$number = is_int( $value ) ? $value : (float) $value;
		if ( isset( $schema['minimum'] ) ) {
			$number = max( $number, $schema['minimum'] );
		}
		if ( isset( $schema['maximum'] ) ) {
			$number = min( $number, $schema['maximum'] );
		}
		// A float this far out ("1e999" is numeric) has no integer to become.
		return is_int( $number ) || ( $number >= PHP_INT_MIN && $number < PHP_INT_MAX ) ? (int) $number : $fallback;
	}

	/**
	 * @param mixed                $value
	 * @param array<string, mixed> $schema
	 * @param mixed                $fallback
	 * @return mixed
	 */
	private static function string( $value, array $schema, $fallback ) {
		if ( ! is_string( $value ) ) {
			return $fallback;
		}
		if ( isset( $schema['enum'] ) && ! in_array( $value, $schema['enum'], true ) ) {
			return $fallback;
		}
		// JSON Schema patterns follow JavaScript, where "$" is the very end; in PCRE it also
		// matches before a final newline unless told otherwise (D), which REST does not do.
		if ( isset( $schema['pattern'] ) && 1 !== preg_match( '#' . str_replace( '#', '\\#', $schema['pattern'] ) . '#Du', $value ) ) {
			return $fallback;
		}
		return $value;
	}

	/** True or false as REST reads them (true, false, 1, 0, "true", "false", "1", "0"), else null. */
	private static function boolean( mixed $value ): ?bool {
		if ( is_bool( $value ) ) {
			return $value;
		}
		if ( ! is_int( $value ) && ! is_string( $value ) ) {
			return null;
		}
		$text = (string) $value;
		return rest_is_boolean( $text ) ? rest_sanitize_boolean( $text ) : null;
	}
}
