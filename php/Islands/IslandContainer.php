<?php
namespace TenderPress\Islands;

/**
 * Markup of an island's container: the server-rendered HTML that works without JavaScript, the
 * attributes the runtime reads, and the props as JSON (never string-built).
 */
final class IslandContainer {

	public const STRATEGIES = array( 'load', 'idle', 'visible', 'interaction' );

	/**
	 * @param string               $island     Island name (its folder under islands/).
	 * @param string               $inner_html Server markup; the caller escaped it.
	 * @param array<string, mixed> $props      Props for the island, JSON-encoded here.
	 * @param array<string, mixed> $options    tag, when, class, attributes (name => value).
	 */
	public static function render( string $island, string $inner_html, array $props, array $options = array() ): string {
		$tag = $options['tag'] ?? 'div';
		$tag = in_array( $tag, array( 'div', 'nav', 'section', 'aside' ), true ) ? $tag : 'div';
		$when = $options['when'] ?? 'idle';
		$when = in_array( $when, self::STRATEGIES, true ) ? $when : 'idle';
		// The runtime's own attributes come last so extra attributes cannot replace them.
		$attributes = array_merge(
			$options['attributes'] ?? array(),
			array(
				'class'          => trim( 'tp-' . $island . ' ' . ( $options['class'] ?? '' ) ),
				'data-tp-island' => $island,
				'data-tp-when'   => $when,
			)
		);
		$html = '<' . $tag;
		foreach ( $attributes as $name => $value ) {
			if ( null === $value || false === $value ) {
				continue;
			}
			$html .= ' ' . esc_attr( $name ) . '="' . esc_attr( is_bool( $value ) ? 'true' : (string) $value ) . '"';
		}
		$html .= '>' . $inner_html;
		$html .= '<script type="application/json" data-tp-props>' . wp_json_encode( $props, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) . '</script>';
		$html .= '</' . $tag . '>';
		IslandAssets::instance()->use( $island );
		return $html;
	}
}
