<?php
namespace TenderPress\Islands;

/**
 * Markup of an island's container: the server-rendered HTML that works without JavaScript, the
 * attributes the runtime reads, and the props as JSON (never string-built).
 *
 * The runtime's attributes (islands/runtime/README.md):
 * - data-tp-instance: this container's random token, which the page's config lists
 *                   (IslandAssets::add_instance()): the runtime mounts no container the server did
 *                   not render for the page, such as one typed into a post.
 * - data-tp-when:   when to load React and the island: `load`, `idle`, `visible`, `interaction`
 *                   (a visitor's pointer, touch, focus or key on it) or `scroll` (the page scrolled
 *                   past data-tp-scroll pixels). Only the last two wait for a visitor's intent.
 * - data-tp-intent: for `interaction`, the part whose use shows intent (a selector inside).
 * - data-tp-replay: controls (a selector inside) whose click, if it comes before the island has
 *                   mounted, is held and replayed on the mounted island instead of being lost.
 */
final class IslandContainer {

	public const STRATEGIES = array( 'load', 'idle', 'visible', 'interaction', 'scroll' );

	/**
	 * @param string               $island     Island name (its folder under islands/).
	 * @param string               $inner_html Server markup; the caller escaped it.
	 * @param array<string, mixed> $props      Props for the island, JSON-encoded here.
	 * @param array<string, mixed> $options    tag (div, span for one inside a line, nav, section, aside), when, intent, replay, scroll, class,
	 *                                         attributes (name => value).
	 */
	public static function render( string $island, string $inner_html, array $props, array $options = array() ): string {
		/**
		 * Filters how an island's container is rendered and when it loads, e.g. to load one at
		 * once (`when` => `load`) on a page where every visitor uses it.
		 *
		 * @param array<string, mixed> $options tag, when, intent, replay, scroll, class, attributes.
		 * @param string               $island  The island's name.
		 */
		$options = (array) apply_filters( 'tenderpress_island_options', $options, $island );
		$tag     = $options['tag'] ?? 'div';
		$tag     = in_array( $tag, array( 'div', 'span', 'nav', 'section', 'aside' ), true ) ? $tag : 'div';
		$when    = $options['when'] ?? 'idle';
		$when    = in_array( $when, self::STRATEGIES, true ) ? $when : 'idle';
		// The runtime's own attributes come last so extra attributes cannot replace them.
		$attributes = array_merge(
			$options['attributes'] ?? array(),
			array(
				'class'            => trim( 'tp-' . $island . ' ' . ( $options['class'] ?? '' ) ),
				'data-tp-island'   => $island,
				'data-tp-instance' => IslandAssets::instance()->add_instance( $island ),
				'data-tp-when'     => $when,
				'data-tp-intent'   => isset( $options['intent'] ) ? (string) $options['intent'] : null,
				'data-tp-replay'   => isset( $options['replay'] ) ? (string) $options['replay'] : null,
				'data-tp-scroll'   => 'scroll' === $when ? max( 0, (int) ( $options['scroll'] ?? 0 ) ) : null,
			)
		);
		$html       = '<' . $tag;
		foreach ( $attributes as $name => $value ) {
			if ( null === $value || false === $value ) {
				continue;
			}
			$html .= ' ' . esc_attr( $name ) . '="' . esc_attr( is_bool( $value ) ? 'true' : (string) $value ) . '"';
		}
		$html .= '>' . $inner_html;
		// Props are an object, {} for an island without any (an empty PHP array would be []).
		$html .= '<script type="application/json" data-tp-props>' . wp_json_encode( $props ? $props : new \stdClass(), JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) . '</script>';
		$html .= '</' . $tag . '>';
		return $html;
	}
}
