<?php
namespace TenderPress\Share;

/**
 * The share services' icons as inline SVG, from the sprite the build writes (build/share-icons.svg,
 * made by scripts/lib/share-icons.mjs from simple-icons and our own glyphs in icons/). Inline, so
 * a bar costs no request and no icon travels inside JavaScript.
 */
final class ShareIcons {

	/** @var array<string, list<string>>|null Each symbol's path data, by name, once read. */
	private static $paths = null;

	/**
	 * Each symbol's path data, by name (a service id, "more" or "share").
	 *
	 * @return array<string, list<string>>
	 */
	public static function paths(): array {
		if ( null === self::$paths ) {
			self::$paths = array();
			$file        = TENDERPRESS_DIR . '/build/share-icons.svg';
			$sprite      = is_readable( $file ) ? (string) file_get_contents( $file ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
			preg_match_all( '/<symbol id="tp-share-([a-z0-9-]+)"[^>]*>(.*?)<\/symbol>/s', $sprite, $symbols, PREG_SET_ORDER );
			foreach ( $symbols as $symbol ) {
				preg_match_all( '/<path d="([^"]+)"/', $symbol[2], $paths );
				self::$paths[ $symbol[1] ] = $paths[1];
			}
		}
		return self::$paths;
	}

	/**
	 * An icon as escaped inline SVG, hidden from screen readers (its button is named in text);
	 * an empty string without a build, so the bar still works, with names only.
	 */
	public static function svg( string $name ): string {
		$paths = self::paths()[ $name ] ?? array();
		if ( ! $paths ) {
			return '';
		}
		$svg = '<svg class="tp-share__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">';
		foreach ( $paths as $path ) {
			$svg .= '<path d="' . esc_attr( $path ) . '"/>';
		}
		return $svg . '</svg>';
	}
}
