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
	/** A line of plain text, at most $max characters. */
	public const TEXT = 'text';
	/** Any of a fixed set of choices (ticked boxes), stored as a list of their keys. */
	public const CHOICES = 'choices';

	/** @var array<string, array<string, mixed>> Decoded block.json files, by block folder. */
	private static $block_metadata = array();

	/**
	 * @param string                       $type        One of the type constants.
	 * @param string                       $label       Translated label.
	 * @param string                       $description Translated help text shown under the field ('' for none).
	 * @param int|bool|string|list<string> $default     Value used until the owner saves another.
	 * @param int|null                     $min         Smallest integer allowed.
	 * @param int|null                     $max         Largest integer allowed; a text's most characters.
	 * @param string                       $unit        Translated unit shown after an integer field ("days", "px").
	 * @param array<string, string>        $choices     For CHOICES: each choice's key and translated name.
	 * @param string                       $pattern     For TEXT: a regular expression a non-empty value must match.
	 * @param string                       $form        For TEXT with a pattern: the translated form it asks for, said when a value does not match.
	 * @param \Closure|null                $check       For TEXT: a check a regular expression cannot make (a list of address ranges); given the
	 *                                                  trimmed value, it returns null when it is fine or a translated reason.
	 */
	public function __construct(
		public readonly string $type,
		public readonly string $label,
		public readonly string $description,
		public readonly int|bool|string|array $default,
		public readonly ?int $min = null,
		public readonly ?int $max = null,
		public readonly string $unit = '',
		public readonly array $choices = array(),
		public readonly string $pattern = '',
		public readonly string $form = '',
		public readonly ?\Closure $check = null
	) {}

	/** A line of plain text, empty by default. */
	public static function text( string $label, string $description, int $max_length, string $pattern = '', string $form = '' ): self {
		return new self( self::TEXT, $label, $description, '', null, $max_length, '', array(), $pattern, $form );
	}

	/**
	 * A set of boxes to tick.
	 *
	 * @param string                $label       Translated label.
	 * @param string                $description Translated help text.
	 * @param array<string, string> $choices     Each choice's key and translated name, in screen order.
	 * @param list<string>          $default     Keys ticked until the owner saves.
	 */
	public static function choices( string $label, string $description, array $choices, array $default ): self {
		return new self( self::CHOICES, $label, $description, array_values( array_intersect( $default, array_keys( $choices ) ) ), null, null, '', $choices );
	}

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
	 * @return int|bool|string|list<string>|\WP_Error
	 */
	public function validate( $raw ) {
		if ( self::TEXT === $this->type ) {
			$raw = null === $raw ? '' : $raw;
			if ( ! is_string( $raw ) ) {
				/* translators: %s: a setting's label. */
				return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%s must be text.', 'tenderpress' ), $this->label ) );
			}
			$text = sanitize_text_field( $raw );
			if ( mb_strlen( $text ) > (int) $this->max ) {
				/* translators: 1: a setting's label, 2: most characters allowed. */
				return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%1$s must be at most %2$s characters long.', 'tenderpress' ), $this->label, number_format_i18n( (int) $this->max ) ) );
			}
			// A value with a form is checked as typed: sanitising first would turn "<b>" into an
			// empty value, which the form allows, and store that without a word.
			if ( '' !== $this->pattern && '' !== trim( $raw ) && ! preg_match( $this->pattern, trim( $raw ) ) ) {
				/* translators: 1: a setting's label, 2: the form it takes, such as "a header name: letters, digits and hyphens". */
				return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%1$s must be %2$s.', 'tenderpress' ), $this->label, $this->form ) );
			}
			$reason = null === $this->check ? null : ( $this->check )( trim( $raw ) );
			if ( is_string( $reason ) ) {
				/* translators: 1: a setting's label, 2: why the value was refused. */
				return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%1$s: %2$s', 'tenderpress' ), $this->label, $reason ) );
			}
			return $text;
		}
		if ( self::CHOICES === $this->type ) {
			$raw     = null === $raw ? array() : $raw;
			$choices = $this->choices;
			if ( ! is_array( $raw ) || array_filter( $raw, static fn( $key ) => ! is_string( $key ) || ! isset( $choices[ $key ] ) ) ) {
				/* translators: %s: a setting's label. */
				return new \WP_Error( 'tenderpress_invalid_setting', sprintf( __( '%s holds a choice that is not on the list.', 'tenderpress' ), $this->label ) );
			}
			return array_values( array_unique( $raw ) );
		}
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
