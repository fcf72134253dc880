<?php
namespace TenderPress\Blocks;

/**
 * Gives a block's rendered markup the wrapper attributes WordPress computes for it
 * (get_block_wrapper_attributes(): the block's own class, the classes a site owner typed under
 * Advanced, and whatever the block's supports add), so what the owner set in the editor reaches
 * the page.
 *
 * The islands' render methods build their outer element themselves, for the block and for the
 * shortcode alike; the attributes are merged into that element here rather than wrapping it in
 * one more element, which would change the layout and the runtime's view of the island. Classes
 * are added, a style goes before the element's own, and any other attribute is set only where the
 * element has none: what the render method wrote, the runtime's markers included, always wins.
 */
final class BlockWrapper {

	/** Elements before a block's outer one that are not it (an inline script or style). */
	private const NOT_THE_OUTER_ELEMENT = array( 'SCRIPT', 'STYLE', 'TEMPLATE', 'LINK', 'NOSCRIPT' );

	/**
	 * The markup with the wrapper attributes on its first element. Call it from a block's
	 * render.php only: outside a block's rendering WordPress has no wrapper attributes to give.
	 *
	 * @param string $markup      What the block's render method printed.
	 * @param string $outer_class For a block that prints its content bare when it has nothing
	 *                            to add (a carousel of one slide): its outer element's class, so
	 *                            the content's own first element takes nothing.
	 */
	public static function apply( string $markup, string $outer_class = '' ): string {
		if ( '' === trim( $markup ) ) {
			return $markup;
		}
		$wrapper = new \WP_HTML_Tag_Processor( '<div ' . get_block_wrapper_attributes() . '>' );
		if ( ! $wrapper->next_tag() ) {
			return $markup;
		}
		$element = new \WP_HTML_Tag_Processor( $markup );
		do {
			if ( ! $element->next_tag() ) {
				return $markup;
			}
		} while ( in_array( $element->get_tag(), self::NOT_THE_OUTER_ELEMENT, true ) || $element->is_tag_closer() );
		if ( '' !== $outer_class && true !== $element->has_class( $outer_class ) ) {
			return $markup;
		}

		foreach ( $wrapper->get_attribute_names_with_prefix( '' ) ?? array() as $name ) {
			$value = $wrapper->get_attribute( $name );
			if ( ! is_string( $value ) ) {
				continue;
			}
			if ( 'class' === $name ) {
				foreach ( explode( ' ', $value ) as $class ) {
					if ( '' !== $class ) {
						$element->add_class( $class );
					}
				}
			} elseif ( 'style' === $name ) {
				$own = $element->get_attribute( 'style' );
				$element->set_attribute( 'style', rtrim( $value, '; ' ) . ';' . ( is_string( $own ) ? $own : '' ) );
			} elseif ( null === $element->get_attribute( $name ) ) {
				$element->set_attribute( $name, $value );
			}
		}
		return $element->get_updated_html();
	}
}
