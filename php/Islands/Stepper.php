<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\DesignTokens;

/**
 * The stepper (islands/stepper): a number field with minus and plus buttons, for any form. The
 * spec's rules: plus never goes above max, minus never below min nor below 0, and a step of
 * "any" or none counts as 1 (islands/stepper/quantity.ts applies them; the field's own min, max
 * and step attributes are their one source).
 *
 * Without JavaScript the buttons are hidden and the field is the browser's number input. With
 * JavaScript they show at once (so nothing moves when the island mounts), and the island, which
 * loads when a visitor points at or focuses the stepper, makes them work; a click before that
 * is held and replayed. `[tenderpress_stepper]` puts one in a text; PHP forms call render().
 */
final class Stepper {

	public const ISLAND    = 'stepper';
	public const SHORTCODE = 'tenderpress_stepper';
	public const STYLE     = 'tenderpress-stepper';

	public function register(): void {
		add_action( 'init', array( $this, 'register_style' ) );
		add_action( 'init', array( $this, 'add_shortcode' ) );
	}

	public function register_style(): void {
		wp_register_style( self::STYLE, plugins_url( 'assets/stepper.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		wp_style_add_data( self::STYLE, 'path', TENDERPRESS_DIR . '/assets/stepper.css' );
	}

	public function add_shortcode(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'render_shortcode' ) );
	}

	/**
	 * `[tenderpress_stepper name="" label="" value="" min="" max="" step=""]`: a field for the
	 * form around it. Numbers that are not numbers are left out (the field then has no such
	 * bound).
	 *
	 * @param mixed $attributes Shortcode attributes.
	 */
	public function render_shortcode( $attributes ): string {
		$attributes = shortcode_atts(
			array(
				'name'  => '',
				'label' => '',
				'value' => '',
				'min'   => '',
				'max'   => '',
				'step'  => '',
			),
			is_array( $attributes ) ? $attributes : array(),
			self::SHORTCODE
		);
		$name       = sanitize_key( (string) $attributes['name'] );
		if ( '' === $name ) {
			return '';
		}
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		$id    = wp_unique_id( 'tp-stepper-' );
		return '<label for="' . esc_attr( $id ) . '">' . esc_html( '' !== $label ? $label : $name ) . '</label> ' . self::render(
			array(
				'id'    => $id,
				'name'  => $name,
				'label' => '' !== $label ? $label : $name,
				'value' => $attributes['value'],
				'min'   => $attributes['min'],
				'max'   => $attributes['max'],
				'step'  => $attributes['step'],
			)
		);
	}

	/**
	 * The field with its buttons, in the island's container; its label is the caller's (a
	 * `<label for>` of its id, or `labelledby`).
	 *
	 * @param array<string, mixed> $field id, name, label (what the value is, for the buttons'
	 *                                    names: "Fewer days"), value, min, max, step, labelledby,
	 *                                    required.
	 */
	public static function render( array $field ): string {
		wp_enqueue_style( self::STYLE );
		$id    = (string) ( $field['id'] ?? wp_unique_id( 'tp-stepper-' ) );
		$label = (string) ( $field['label'] ?? '' );
		$input = '<input type="number" class="tp-stepper__field" inputmode="decimal" id="' . esc_attr( $id ) . '" name="' . esc_attr( (string) ( $field['name'] ?? '' ) ) . '"';
		foreach ( array( 'value', 'min', 'max', 'step' ) as $attribute ) {
			$value = $field[ $attribute ] ?? '';
			if ( 'step' === $attribute && 'any' === $value ) {
				$input .= ' step="any"';
			} elseif ( is_numeric( $value ) && is_finite( (float) $value ) ) {
				// "1e400" is numeric to PHP but no number a browser takes (INF): left out.
				$input .= ' ' . $attribute . '="' . esc_attr( (string) ( 0 + $value ) ) . '"';
			}
		}
		if ( ! empty( $field['required'] ) ) {
			$input .= ' required';
		}
		if ( isset( $field['labelledby'] ) ) {
			$input .= ' aria-labelledby="' . esc_attr( (string) $field['labelledby'] ) . '"';
		}
		$input .= '>';
		$button = static fn( string $class, string $name, string $sign ): string => sprintf(
			'<button type="button" class="tp-stepper__button %1$s" aria-controls="%2$s" aria-label="%3$s"><span aria-hidden="true">%4$s</span></button>',
			esc_attr( $class ),
			esc_attr( $id ),
			esc_attr( $name ),
			esc_html( $sign )
		);
		return IslandContainer::render(
			self::ISLAND,
			/* translators: %s: what the field holds, such as "days before the deadline". */
			$button( 'tp-stepper__less', sprintf( __( 'Fewer %s', 'tenderpress' ), $label ), '−' )
			. $input
			/* translators: %s: what the field holds, such as "days before the deadline". */
			. $button( 'tp-stepper__more', sprintf( __( 'More %s', 'tenderpress' ), $label ), '+' )
			// The new value, said after a button changed it (focus stays on the button).
			. '<span class="tp-stepper__status" aria-live="polite"></span>'
			. '<span data-tp-root hidden></span>',
			// No props: the field's attributes are the rules.
			array(),
			array(
				'tag'    => 'span',
				'when'   => 'interaction',
				'replay' => '.tp-stepper__button',
			)
		);
	}
}
