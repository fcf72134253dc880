<?php
namespace TenderPress\Islands;

use TenderPress\Listings\NoticeCard;
use TenderPress\Listings\NoticeListing;
use TenderPress\Support\InnerSections;

/**
 * The carousel (islands/carousel): the block `tenderpress/carousel` with its `tenderpress/slide`
 * inner blocks, or the latest notices as slides; the shortcodes `[tenderpress_carousel]` and
 * `[tenderpress_slide]`.
 *
 * The slides sit in a track that scrolls sideways and snaps to each slide, with a link to each
 * slide below it: without JavaScript a visitor swipes, scrolls or follows the links. The buttons
 * the island drives (pause and play, previous, next) are printed too, so its mount moves nothing;
 * where scripts do not run the stylesheet hides them. It turns by itself, so it loads when it
 * comes into view rather than on a visitor's intent.
 */
final class Carousel extends IslandBlock {

	public const ISLAND          = 'carousel';
	public const BLOCK           = 'tenderpress/carousel';
	public const SLIDE_BLOCK     = 'tenderpress/slide';
	public const SHORTCODE       = 'tenderpress_carousel';
	public const SLIDE_SHORTCODE = 'tenderpress_slide';
	public const SECTION         = 'carousel';

	/** @var int Carousels rendered on this request, for unique ids. */
	private static $count = 0;

	/** Forgets the carousels rendered so far (each test renders as a new request). */
	public static function reset(): void {
		self::$count = 0;
		InnerSections::reset();
	}

	protected static function site_defaults(): array {
		return array(
			'interval' => array(
				'label' => __( 'Time on each slide', 'tenderpress' ),
				'help'  => __( 'Each block can set its own.', 'tenderpress' ),
				'unit'  => __( 'milliseconds', 'tenderpress' ),
			),
		);
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Carousel', 'tenderpress' ),
			'description' => __( 'Slides that turn by themselves. Visitors can pause them, and they stand still while visitors point at them or use the keyboard in them, or when visitors ask their device for less motion.', 'tenderpress' ),
		);
	}

	/**
	 * `[tenderpress_carousel label="" source="slides|notices" count="" notice_type="" interval=""]`
	 * around `[tenderpress_slide]…[/tenderpress_slide]` slides (for source="slides").
	 */
	public function add_shortcode(): void {
		parent::add_shortcode();
		add_shortcode( self::SLIDE_SHORTCODE, array( $this, 'render_slide_shortcode' ) );
		InnerSections::render_early( array( self::SHORTCODE, self::SLIDE_SHORTCODE ) );
	}

	/**
	 * @param mixed       $attributes Shortcode attributes (none).
	 * @param string|null $content    The slide's content.
	 */
	public function render_slide_shortcode( $attributes, $content = null ): string {
		return self::slide( InnerSections::content( $content ) );
	}

	/**
	 * Keeps a slide for its carousel and returns the marker of its place there (InnerSections).
	 *
	 * @param string $html The slide's content, rendered (trusted as post content is).
	 */
	public static function slide( string $html ): string {
		return InnerSections::keep( 'slide', array( 'html' => $html ) );
	}

	/**
	 * The carousel and its island, escaped; '' without two slides at least.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes (block.json).
	 * @param string               $content    What the slides rendered (their markers).
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$taken  = InnerSections::take( 'slide', $content );
		$slides = 'notices' === $attributes['source']
			? array_map( static fn( \WP_Post $post ): string => NoticeCard::render( $post, 3 ), NoticeListing::latest( (int) $attributes['count'], (string) $attributes['noticeType'] ) )
			: array_map( static fn( array $slide ): string => (string) $slide['html'], $taken );
		if ( count( $slides ) < 2 ) {
			// One slide needs no carousel.
			return implode( '', $slides );
		}
		$id    = 'tp-carousel-' . ( ++self::$count );
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		$label = '' !== $label ? $label : ( 'notices' === $attributes['source'] ? __( 'Latest notices', 'tenderpress' ) : __( 'Slides', 'tenderpress' ) );
		$total = count( $slides );

		$track    = '';
		$position = '';
		foreach ( $slides as $index => $html ) {
			/* translators: 1: a slide's number, 2: how many slides there are. */
			$name      = sprintf( __( '%1$d of %2$d', 'tenderpress' ), $index + 1, $total );
			$track    .= sprintf(
				'<div class="tp-carousel__slide" id="%1$s" role="group" aria-roledescription="%2$s" aria-label="%3$s">%4$s</div>',
				esc_attr( $id . '-' . ( $index + 1 ) ),
				esc_attr__( 'slide', 'tenderpress' ),
				esc_attr( $name ),
				$html
			);
			$position .= sprintf(
				'<li><a href="#%1$s"%2$s>%3$s</a></li>',
				esc_attr( $id . '-' . ( $index + 1 ) ),
				0 === $index ? ' aria-current="true"' : '',
				/* translators: %d: a slide's number. */
				esc_html( sprintf( __( 'Slide %d', 'tenderpress' ), $index + 1 ) )
			);
		}
		$strings  = array(
			'pause'    => __( 'Pause', 'tenderpress' ),
			'play'     => __( 'Play', 'tenderpress' ),
			'previous' => __( 'Previous', 'tenderpress' ),
			'next'     => __( 'Next', 'tenderpress' ),
		);
		$controls = sprintf(
			'<div class="tp-carousel__controls" data-tp-root><button type="button" class="tp-carousel__toggle">%1$s</button><button type="button" class="tp-carousel__previous" aria-controls="%2$s">%3$s</button><button type="button" class="tp-carousel__next" aria-controls="%2$s">%4$s</button></div>',
			esc_html( $strings['pause'] ),
			esc_attr( $id . '-track' ),
			esc_html( $strings['previous'] ),
			esc_html( $strings['next'] )
		);
		$inner    = $controls
			. '<div class="tp-carousel__track" id="' . esc_attr( $id . '-track' ) . '" aria-live="off">' . $track . '</div>'
			/* translators: the name of the list of links to each slide. */
			. '<nav class="tp-carousel__position" aria-label="' . esc_attr__( 'Slides', 'tenderpress' ) . '"><ol>' . $position . '</ol></nav>';

		if ( 'notices' === $attributes['source'] ) {
			// The slides are notice cards: their look comes with the listing block's stylesheet.
			$listing = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/listing' );
			foreach ( $listing ? $listing->style_handles : array() as $handle ) {
				wp_enqueue_style( $handle );
			}
			wp_enqueue_style( 'tenderpress-badges' );
		}
		return IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'interval' => (int) $attributes['interval'],
				'i18n'     => $strings,
			),
			array(
				'tag'        => 'section',
				// It turns by itself: React comes when the carousel nears the window.
				'when'       => 'visible',
				// A button pressed while the island loads acts once it has.
				'replay'     => '.tp-carousel__controls button',
				'attributes' => array(
					'aria-roledescription' => __( 'carousel', 'tenderpress' ),
					'aria-label'           => $label,
				),
			)
		);
	}
}
