<?php
namespace TenderPress\Settings;

/**
 * One setting a site owner can change: its type, limits, default and the words that explain it.
 *
 * Integers are checked against their limits rather than clamped: a site owner who types 500 into
 * "notices per page" is told the limit instead of finding 50 stored without a word.
 */
final class SettingsField {

	public const INTEGER = 'integer';
	public const BOOLEAN = 'boolean';

	/** @var array<string, array<string, mixed>> Decoded block.json files, by block folder. */
	private static $block_metadata = array();

	/**
	 * @param string   $type        self::INTEGER or self::BOOLEAN.
	 * @param string   $label       Translated label.
	 * @param string   $description Translated help text shown under the field ('' for none).
	 * @param int|bool $default     Value used until the owner saves another.
	 * @param int|null $min         Smallest integer allowed.
	 * @param int|null $max         Largest integer allowed.
	 * @param string   $unit        Translated unit shown after an integer field ("days", "px").
	 */
	public function __construct(
		public readonly string $type,
		public readonly string $label,
		public readonly string $description,
		public readonly int|bool $default,
		public readonly ?int $min = null,
		public readonly ?int $max = null,
		public readonly string $unit = ''
	) {}

	/**
	 * An integer setting whose default and limits are a block attribute's, read from the block's
	 * block.json (the one home of those limits): the setting then becomes the block's default, so
	 * it can never accept what the block would refuse. Read from the file, not from the block
	 * registry, because the setting feeds the block's registration.
	 *
	 * @param string $block     Folder under plugin/blocks, for example "listing".
	 * @param string $attribute Attribute name in its block.json.
	 * @throws \InvalidArgumentException When that attribute is not a bounded integer (a mistake in code).
	 */
	public static function from_block_attribute( string $block, string $attribute, string $label, string $description, string $unit = '' ): self {
		if ( ! isset( self::$block_metadata[ $block ] ) ) {
			$metadata                       = wp_json_file_decode( TENDERPRESS_DIR . '/blocks/' . $block . '/block.json', array( 'associative' => true ) );
			self::$block_metadata[ $block ] = is_array( $metadata ) ? $metadata : array();
		}
		$schema = self::$block_metadata[ $block ]['attributes'][ $attribute ] ?? null;
		if ( ! is_array( $schema ) || 'integer' !== ( $schema['type'] ?? null ) || ! isset( $schema['default'], $schema['minimum'], $schema['maximum'] ) ) {
			throw new \InvalidArgumentException( sprintf( 'The %1$s block has no bounded integer attribute %2$s.', $block, $attribute ) );
		}
		return new self( self::INTEGER, $label, $description, (int) $schema['default'], (int) $schema['minimum'], (int) $schema['maximum'], $unit );
	}

	/**
	 * The value to store for what the form (or code) gave, or a WP_Error naming the field and
	 * what it accepts.
	 *
	 * @param mixed $raw Submitted value; null when the form sent nothing (an unticked checkbox).
	 * @return int|bool|\WP_Error
	 */
	public function validate( $raw ) {
		if ( self::BOOLEAN === $this->type ) {
			if ( null === $raw ) {
				return false;
			}
			$raw = is_int( $raw ) ? (string) $raw : $raw;
			if ( ( is_bool( $raw ) || is_string( $raw ) ) && rest_is_boolean( $raw ) ) {
				return rest_sanitize_boolean( $raw );
			}
			/* translators: %s: a setting's label. */
			return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%s must be on or off.', 'tenderpress' ), $this->label ) );
		}
		$number = is_int( $raw ) ? $raw : ( is_string( $raw ) && preg_match( '/^\s*-?\d{1,10}\s*$/D', $raw ) ? (int) trim( $raw ) : null );
		if ( null === $number || ( null !== $this->min && $number < $this->min ) || ( null !== $this->max && $number > $this->max ) ) {
			return new \WP_Error(
				'tenderpress_invalid_setting',
				/* translators: 1: a setting's label, 2: smallest value allowed, 3: largest value allowed. */
				sprintf( __( '%1$s must be a whole number from %2$s to %3$s.', 'tenderpress' ), $this->label, number_format_i18n( (int) $this->min ), number_format_i18n( (int) $this->max ) )
			);
		}
		return $number;
	}
}
