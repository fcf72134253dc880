<?php
namespace TenderPress\Support;

/**
 * The parts of a container block or shortcode (tabs' sections, a carousel's slides) on their way
 * to their container, which lays them out itself.
 *
 * WordPress renders a block's inner blocks, and a shortcode's inner shortcodes, before the
 * container, and hands it only their concatenated output. So each part keeps its attributes and
 * rendered content here and leaves a marker of its place; the container takes back the parts
 * whose markers are in its content, in their order. A container nested in a part has taken its
 * own parts before its parent runs. The markers carry a token drawn once per request, so content
 * cannot name a part it did not render.
 */
final class InnerSections {

	/** @var array<int, array{0: string, 1: array<string, mixed>}> Parts kept on this request, by number: kind and part. */
	private static $parts = array();

	/** @var int The next part's number. */
	private static $next = 0;

	/** @var string Unguessable, per request. */
	private static $token = '';

	/** @var array<string, true> Container and part shortcodes, rendered before wpautop. */
	private static $shortcodes = array();

	/** @var bool Rendering post content's container shortcodes before wpautop. */
	private static $raw = false;

	/** Forgets this request's parts (each test renders as a new request). */
	public static function reset(): void {
		self::$parts = array();
		self::$next  = 0;
		self::$token = '';
	}

	/**
	 * Keeps a part and returns the marker of its place.
	 *
	 * @param string               $kind What part it is ("tab", "slide"): only its own container takes it.
	 * @param array<string, mixed> $part What its container needs of it (attributes, rendered html).
	 */
	public static function keep( string $kind, array $part ): string {
		$number                 = self::$next++;
		self::$parts[ $number ] = array( $kind, $part );
		return '<!--tp-part:' . self::token() . ':' . $number . '-->';
	}

	/**
	 * The parts of a kind whose markers are in `$content`, in its order; each can be taken once.
	 * A part of another kind (a slide put in tabs) is not the container's: it is left out.
	 *
	 * @param string $kind    What parts the container takes ("tab", "slide").
	 * @param string $content What a container's inner blocks or shortcodes rendered.
	 * @return list<array<string, mixed>>
	 */
	public static function take( string $kind, string $content ): array {
		preg_match_all( '/<!--tp-part:' . preg_quote( self::token(), '/' ) . ':(\d+)-->/', $content, $matches );
		$parts = array();
		foreach ( $matches[1] as $number ) {
			if ( isset( self::$parts[ (int) $number ] ) && $kind === self::$parts[ (int) $number ][0] ) {
				$parts[] = self::$parts[ (int) $number ][1];
				unset( self::$parts[ (int) $number ] );
			}
		}
		return $parts;
	}

	/**
	 * Renders these container and part shortcodes of post content before wpautop does its work
	 * (the_content, priority 9; wpautop runs at 10). Run after it, as shortcodes are, a part
	 * written on lines of its own would start and end with pieces of the paragraphs wpautop made
	 * around the shortcode tags (a `</p>` here, a `<br />` there), and a container would sit
	 * inside a paragraph. See render_before_autop() and content().
	 *
	 * @param list<string> $tags Shortcode names.
	 */
	public static function render_early( array $tags ): void {
		foreach ( $tags as $tag ) {
			self::$shortcodes[ $tag ] = true;
		}
		if ( false === has_filter( 'the_content', array( self::class, 'render_before_autop' ) ) ) {
			add_filter( 'the_content', array( self::class, 'render_before_autop' ), 9 );
		}
	}

	/**
	 * Only the shortcodes given to render_early() run in this pass; every other one is left for
	 * WordPress to run as usual, after wpautop.
	 *
	 * @param mixed $content Post content.
	 */
	public static function render_before_autop( $content ): string {
		global $shortcode_tags;
		$content = (string) $content;
		$ours    = array_intersect_key( (array) $shortcode_tags, self::$shortcodes );
		if ( ! $ours || ! preg_match( '/\[(' . implode( '|', array_map( 'preg_quote', array_keys( $ours ) ) ) . ')[\s\]\/]/', $content ) ) {
			return $content;
		}
		$all            = $shortcode_tags;
		$shortcode_tags = $ours; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- only ours run in this pass; restored below.
		self::$raw      = true;
		try {
			return do_shortcode( $content );
		} finally {
			self::$raw      = false;
			$shortcode_tags = $all; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restored.
		}
	}

	/**
	 * A part shortcode's content, ready to keep: in the early pass, the text before wpautop, given
	 * its paragraphs here; run elsewhere, after wpautop, without the pieces of the paragraphs
	 * wpautop opened and closed around the shortcode tags, and with its own shortcodes run.
	 *
	 * @param string|null $content What the shortcode enclosed.
	 */
	public static function content( ?string $content ): string {
		if ( self::$raw ) {
			return wpautop( trim( (string) $content ) );
		}
		return do_shortcode( (string) preg_replace( '#^\s*</p>|<p>\s*$#', '', trim( (string) $content ) ) );
	}

	private static function token(): string {
		if ( '' === self::$token ) {
			self::$token = wp_generate_password( 16, false );
		}
		return self::$token;
	}
}
