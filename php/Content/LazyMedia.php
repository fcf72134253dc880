<?php
namespace TenderPress\Content;

use TenderPress\Islands\IslandAssets;

use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * Lazy media: pictures and embedded pages in the text of posts, pages and notices that WordPress
 * already marks `loading="lazy"` wait until a visitor scrolls within 200 px of them (the spec's
 * root margin), instead of the browser's own distance, which is several screens in Chromium.
 * Gallery pictures, a carousel's slides and embeds below the fold are what a phone on a slow
 * network then does not download for nothing.
 *
 * What WordPress leaves eager (the first pictures of the page, the likely largest paint) stays
 * eager. A picture or frame taken in keeps its place: a picture gets a blank image of its own
 * proportions, a frame keeps its size, so nothing moves when the real one arrives. Without
 * JavaScript the original tag, kept in a `<noscript>` beside it, is shown and the stand-in is
 * hidden by a media query. The few hundred bytes of script (islands/runtime/lazy-media.ts) are
 * printed once in the footer of a page that needs them; they need no React.
 */
final class LazyMedia {

	public const SECTION = 'media';

	/** Marks a stand-in until the script gives it its address. */
	public const MARKER = 'data-tp-lazy';

	/** Where a stand-in keeps its real address (and a picture its srcset). */
	public const SRC    = 'data-tp-src';
	public const SRCSET = 'data-tp-srcset';

	private const STYLE = 'tenderpress-lazy-media';

	/** The script, as the build writes it (a classic script: it is printed inline). */
	private const SCRIPT = 'lazy-media.js';

	/**
	 * Elements whose insides are left alone: another no-JS path, another source of the same
	 * picture (`<picture>`'s sources would load anyway), or text that is not markup.
	 */
	private const LEFT_ALONE = 'noscript|picture|video|audio|object|script|style|template|textarea|title|xmp|noembed|noframes|svg';

	/** The rest of a start tag after its name: a quoted value may hold a ">". */
	private const REST_OF_TAG = '(?:"[^"]*"|\'[^\']*\'|[^\'">])*>';

	/** @var bool Whether this request's page has a stand-in, so needs the script. */
	private static $used = false;

	/** Forgets this request's stand-ins (each test renders as a new request). */
	public static function reset(): void {
		self::$used = false;
	}

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Media', 'tenderpress' ),
				__( 'Pictures and embedded pages in the text of posts, pages and notices.', 'tenderpress' ),
				array(
					'lazy' => new SettingsField(
						SettingsField::BOOLEAN,
						__( 'Load media only when a visitor comes near it', 'tenderpress' ),
						__( 'Pictures and embeds further down a page, such as a gallery or a carousel\'s other slides, load as a visitor scrolls close to them, which saves data on phones. The first pictures of a page load at once. Without JavaScript the browser decides.', 'tenderpress' ),
						true
					),
				)
			)
		);
		add_action( 'init', array( $this, 'register_style' ) );
		// After WordPress's own loading attributes (wp_filter_content_tags, 12) and the lightbox's
		// links to each picture (13), which read a picture's real address.
		add_filter( 'the_content', array( $this, 'filter_content' ), 14 );
		add_action( 'wp_footer', array( $this, 'print_script' ), 20 );
	}

	public function register_style(): void {
		// No file: one rule, printed in the head with the page's other styles.
		wp_register_style( self::STYLE, false, array(), TENDERPRESS_VERSION );
		wp_add_inline_style( self::STYLE, '@media (scripting:none){[' . self::MARKER . ']{display:none!important}}' );
	}

	/**
	 * @param mixed $content A post's content, rendered.
	 */
	public function filter_content( $content ): string {
		$content = (string) $content;
		// An excerpt made from the text (wp_trim_excerpt) is stripped of its tags: nothing to load.
		if ( ! Settings::get( self::SECTION, 'lazy' ) || is_admin() || is_feed() || wp_is_serving_rest_request() || doing_filter( 'get_the_excerpt' ) ) {
			return $content;
		}
		if ( ( false === stripos( $content, '<img' ) && false === stripos( $content, '<iframe' ) ) || '' === self::script() ) {
			return $content;
		}
		return self::render( $content );
	}

	/**
	 * The content with a stand-in for each lazy picture and frame; the content as it was when it
	 * has none.
	 *
	 * @param string $content Rendered content.
	 */
	public static function render( string $content ): string {
		if ( false === stripos( $content, '<img' ) && false === stripos( $content, '<iframe' ) ) {
			return $content;
		}
		// A name ends at a space, a slash or the tag's end: <img-slider> is another element.
		// Comments and the elements left alone are matched whole, so nothing inside them is.
		$pattern = '#<!--.*?-->|<(' . self::LEFT_ALONE . ')(?=[\s/>])' . self::REST_OF_TAG . '.*?</\1\s*>|<iframe(?=[\s/>])' . self::REST_OF_TAG . '.*?</iframe\s*>|<img(?=[\s/>])' . self::REST_OF_TAG . '#is';
		$result  = preg_replace_callback(
			$pattern,
			static function ( array $match ): string {
				if ( '' !== ( $match[1] ?? '' ) || str_starts_with( $match[0], '<!--' ) ) {
					return $match[0];
				}
				$stand_in = self::stand_in( $match[0] );
				if ( null === $stand_in ) {
					return $match[0];
				}
				self::$used = true;
				// A frame's insides are never shown; copied into the noscript, text there that
				// closes it (</noscript>) would become markup. Its start tag alone says it all.
				$original = preg_match( '#^<iframe' . self::REST_OF_TAG . '#is', $match[0], $start ) ? $start[0] . '</iframe>' : $match[0];
				return $stand_in . '<noscript>' . $original . '</noscript>';
			},
			$content
		);
		if ( self::$used ) {
			wp_enqueue_style( self::STYLE );
		}
		return is_string( $result ) ? $result : $content;
	}

	public function print_script(): void {
		$script = self::script();
		if ( self::$used && '' !== $script ) {
			wp_print_inline_script_tag( $script, array( 'id' => 'tenderpress-lazy-media' ) );
		}
	}

	/**
	 * The stand-in for one picture (`<img …>`) or frame (`<iframe …>…</iframe>`), or null when
	 * it is to load as it is: not marked lazy by WordPress, without a web address, or (a
	 * picture) without the width and height that keep its place.
	 */
	private static function stand_in( string $html ): ?string {
		$tag = new \WP_HTML_Tag_Processor( $html );
		if ( ! $tag->next_tag() || ! in_array( $tag->get_tag(), array( 'IMG', 'IFRAME' ), true ) || 'lazy' !== $tag->get_attribute( 'loading' ) ) {
			return null;
		}
		// Only the picture's own srcset may be given to it later, never one written aside.
		$tag->remove_attribute( self::SRCSET );
		$src = $tag->get_attribute( 'src' );
		if ( ! is_string( $src ) || ! self::is_web_address( $src ) ) {
			return null;
		}
		if ( 'IMG' === $tag->get_tag() ) {
			$width  = $tag->get_attribute( 'width' );
			$height = $tag->get_attribute( 'height' );
			if ( ! is_string( $width ) || ! is_string( $height ) || ! ctype_digit( $width ) || ! ctype_digit( $height ) || 0 === (int) $width || 0 === (int) $height ) {
				return null;
			}
			// A blank picture of the same proportions: with the page's usual `height: auto`, the
			// stand-in is exactly as tall as the picture will be. Its data address goes in after
			// the processor, which lets only web addresses through (esc_url), first as in <img src>.
			$blank = 'data:image/svg+xml,' . rawurlencode( sprintf( '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"/>', (int) $width, (int) $height ) );
			$tag->remove_attribute( 'src' );
			$srcset = $tag->get_attribute( 'srcset' );
			if ( is_string( $srcset ) && '' !== $srcset ) {
				$tag->set_attribute( self::SRCSET, $srcset );
				$tag->remove_attribute( 'srcset' );
			}
		} else {
			// A frame without an address shows nothing and loads nothing, in its own size.
			$tag->remove_attribute( 'src' );
		}
		$tag->set_attribute( self::SRC, $src );
		$tag->set_attribute( self::MARKER, true );
		$html = $tag->get_updated_html();
		return isset( $blank ) ? substr_replace( $html, ' src="' . esc_attr( $blank ) . '"', 4, 0 ) : $html;
	}

	/** A page on the web or on this site: never a data, script or blank address. */
	private static function is_web_address( string $url ): bool {
		// As a browser reads it: tabs, line breaks and other controls inside are dropped, so
		// "java\tscript:" is a script address.
		$url = (string) preg_replace( '/[\x00-\x20\x7F]+/', '', $url );
		if ( '' === $url ) {
			return false;
		}
		// A scheme is what comes before the first colon, when no slash, ? or # comes first.
		return ! preg_match( '#^([^/?\#]*):#', $url, $scheme ) || in_array( strtolower( $scheme[1] ), array( 'http', 'https' ), true );
	}

	/** The script's code, or '' when the plugin was not built (nothing is taken in then). */
	private static function script(): string {
		return IslandAssets::inline_script( self::SCRIPT );
	}
}
