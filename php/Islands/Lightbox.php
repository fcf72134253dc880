<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockRegistry;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;

/**
 * The lightbox (islands/lightbox): pictures in the text of posts, pages and notices (image and
 * gallery blocks, or any picture of the media library) open in a dialog, with their captions and
 * Previous and Next.
 *
 * Without JavaScript each picture is a link to its full size: a picture that links nowhere gets
 * that link here, and one that already links to a picture file keeps its link. With JavaScript
 * the island, which loads when a visitor points at or focuses such a link, opens the dialog
 * instead; a click while it loads is held and replayed on it.
 */
final class Lightbox {

	public const ISLAND  = 'lightbox';
	public const SECTION = 'lightbox';
	public const STYLE   = 'tenderpress-lightbox';

	/** Links the island takes over. */
	public const LINK_CLASS = 'tp-lightbox__link';

	/** Files a link may point to for the lightbox to open it. */
	private const PICTURE = '/\.(?:avif|gif|jpe?g|png|webp)(?:[?#].*)?$/i';

	public function register(): void {
		Settings::add_section(
			self::SECTION,
			static fn (): SettingsSection => new SettingsSection(
				__( 'Pictures', 'tenderpress' ),
				__( 'Pictures in the text of posts, pages and notices.', 'tenderpress' ),
				array(
					'enabled' => new SettingsField(
						SettingsField::BOOLEAN,
						__( 'Open pictures in a lightbox', 'tenderpress' ),
						__( 'A picture opens at its full size over the page, with its caption, and the others in the same text one after another. Without JavaScript it opens as a file.', 'tenderpress' ),
						true
					),
				)
			)
		);
		add_action( 'init', array( $this, 'register_style' ) );
		// After the blocks, shortcodes and WordPress's own picture attributes (wp_filter_content_tags, 12).
		add_filter( 'the_content', array( $this, 'filter_content' ), 13 );
	}

	public function register_style(): void {
		wp_register_style( self::STYLE, plugins_url( 'assets/lightbox.css', TENDERPRESS_FILE ), array( BlockRegistry::DIALOG_STYLE ), TENDERPRESS_VERSION );
		wp_style_add_data( self::STYLE, 'path', TENDERPRESS_DIR . '/assets/lightbox.css' );
	}

	/**
	 * @param mixed $content A post's content, rendered.
	 */
	public function filter_content( $content ): string {
		$content = (string) $content;
		if ( ! Settings::get( self::SECTION, 'enabled' ) || is_admin() || is_feed() || wp_is_serving_rest_request() || false === stripos( $content, '<img' ) ) {
			return $content;
		}
		return self::render( $content );
	}

	/**
	 * The content with a link to each picture's full size, inside the island; the content as it
	 * was when it has no picture to open.
	 *
	 * @param string $content Rendered content.
	 */
	public static function render( string $content ): string {
		// The text as links, pictures and the rest, in order: a picture inside a link, however
		// deep, belongs to that link.
		$tokens = preg_split( '#(<a\b[^>]*>|</a\s*>|<img\b[^>]*>)#i', $content, -1, PREG_SPLIT_DELIM_CAPTURE );
		$tokens = is_array( $tokens ) ? $tokens : array( $content );
		$link   = null;
		$linked = 0;
		foreach ( $tokens as $index => $token ) {
			if ( preg_match( '#^<a\b#i', $token ) ) {
				$link = $index;
				continue;
			}
			if ( preg_match( '#^</a#i', $token ) ) {
				$link = null;
				continue;
			}
			if ( ! preg_match( '#^<img\b#i', $token ) ) {
				continue;
			}
			$image = new \WP_HTML_Tag_Processor( $token );
			if ( ! $image->next_tag( array( 'tag_name' => 'img' ) ) || self::is_decoration( $image ) ) {
				continue;
			}
			if ( null !== $link ) {
				// A picture that links to its file opens in the lightbox; one that links
				// elsewhere keeps doing so.
				$anchor = new \WP_HTML_Tag_Processor( $tokens[ $link ] );
				$anchor->next_tag( array( 'tag_name' => 'a' ) );
				if ( self::is_picture( (string) $anchor->get_attribute( 'href' ) ) && ! $anchor->has_class( self::LINK_CLASS ) ) {
					$anchor->add_class( self::LINK_CLASS );
					$tokens[ $link ] = $anchor->get_updated_html();
					++$linked;
				}
				continue;
			}
			$full = self::full_size( $image );
			if ( '' !== $full ) {
				$tokens[ $index ] = '<a class="' . self::LINK_CLASS . '" href="' . esc_url( $full ) . '">' . $token . '</a>';
				++$linked;
			}
		}
		$content = implode( '', $tokens );
		if ( 0 === $linked ) {
			return $content;
		}
		wp_enqueue_style( self::STYLE );
		return IslandContainer::render(
			self::ISLAND,
			// React renders the dialog beside the content, which stays the server's.
			$content . '<div data-tp-root></div>',
			array(
				'i18n' => array(
					'close'    => __( 'Close', 'tenderpress' ),
					'previous' => __( 'Previous', 'tenderpress' ),
					'next'     => __( 'Next', 'tenderpress' ),
					/* translators: 1: a picture's number, 2: how many pictures there are. */
					'position' => __( 'Picture %1$d of %2$d', 'tenderpress' ),
				),
			),
			array(
				'when'   => 'interaction',
				// Only a picture's link shows intent, not the whole text around it.
				'intent' => '.' . self::LINK_CLASS,
				'replay' => '.' . self::LINK_CLASS,
			)
		);
	}

	/** Emoji and other pictures in the flow of text are not for a lightbox. */
	private static function is_decoration( \WP_HTML_Tag_Processor $tag ): bool {
		return $tag->has_class( 'wp-smiley' ) || $tag->has_class( 'emoji' ) || 'presentation' === $tag->get_attribute( 'role' );
	}

	/** A picture file on the web (or on this site): never a script or a data address. */
	private static function is_picture( string $url ): bool {
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		return preg_match( self::PICTURE, $url ) && ( null === $scheme || in_array( strtolower( (string) $scheme ), array( 'http', 'https' ), true ) );
	}

	/** The full size of a picture of the media library, or the file it shows. */
	private static function full_size( \WP_HTML_Tag_Processor $tag ): string {
		$class = (string) $tag->get_attribute( 'class' );
		if ( preg_match( '/\bwp-image-(\d+)\b/', $class, $id ) ) {
			$full = wp_get_attachment_image_url( (int) $id[1], 'full' );
			if ( is_string( $full ) && '' !== $full ) {
				return $full;
			}
		}
		$src = $tag->get_attribute( 'src' );
		return is_string( $src ) && self::is_picture( $src ) ? $src : '';
	}
}
