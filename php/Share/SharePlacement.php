<?php
namespace TenderPress\Share;

use TenderPress\Content\NoticePostType;
use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;

/**
 * Where the site puts share bars by itself, as its owner chose (ShareSettings): after the text of
 * each notice, post or page, and as a floating bar on wide screens. A bar placed anywhere else
 * is the block's or the shortcode's (Islands\Share).
 */
final class SharePlacement {

	/** @var int Renders under way that place the bar after the text themselves (without_content_bar()). */
	private static $held = 0;

	public function register(): void {
		add_filter( 'the_content', array( $this, 'append_to_content' ), 20 );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style_for_placed_bars' ) );
		// Before the islands runtime is printed (IslandAssets, priority 20).
		add_action( 'wp_footer', array( $this, 'render_floating' ), 5 );
	}

	/**
	 * The post types whose single pages get a bar after their content, as the owner chose.
	 *
	 * @return list<string>
	 */
	public static function placed_on(): array {
		$types = array();
		foreach ( array(
			'notices' => NoticePostType::POST_TYPE,
			'posts'   => 'post',
			'pages'   => 'page',
		) as $setting => $type ) {
			if ( Settings::get( Share::SECTION, $setting ) ) {
				$types[] = $type;
			}
		}
		return $types;
	}

	/** Whether this request is a single notice, post or page that gets a bar. */
	private static function is_placed(): bool {
		$types = self::placed_on();
		return $types && is_singular( $types );
	}

	/**
	 * The bar after the main post's content on its own page (not in excerpts, feeds or other
	 * posts' content shown on the page).
	 *
	 * @param mixed $content The content.
	 * @return mixed
	 */
	public function append_to_content( $content ) {
		if ( ! is_string( $content ) || self::$held > 0 ) {
			return $content;
		}
		return $content . self::content_bar();
	}

	/**
	 * The bar that goes after the text of the post being viewed, when the settings place one
	 * there; ''.
	 */
	public static function content_bar(): string {
		if ( is_feed() || ! self::is_placed() || get_the_ID() !== get_queried_object_id() || doing_filter( 'get_the_excerpt' ) ) {
			return '';
		}
		return Share::render();
	}

	/**
	 * Runs a render that prints the text of a post as one part of something larger (a notice's
	 * tabs, NoticeTabs), with no bar after that text: the render places content_bar() after the
	 * whole.
	 *
	 * @param callable(): string $render
	 */
	public static function without_content_bar( callable $render ): string {
		++self::$held;
		try {
			return $render();
		} finally {
			--self::$held;
		}
	}

	/** The bar's stylesheet in the head when a bar will be added after the content or floating. */
	public function enqueue_style_for_placed_bars(): void {
		if ( self::is_placed() ) {
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( Share::BLOCK );
			foreach ( $block ? $block->style_handles : array() as $handle ) {
				wp_enqueue_style( $handle );
			}
		}
	}

	public function render_floating(): void {
		if ( Settings::get( Share::SECTION, 'floating' ) && self::is_placed() ) {
			echo Share::render( array( 'layout' => 'floating' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where built.
		}
	}
}
