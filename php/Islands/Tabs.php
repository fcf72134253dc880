<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Support\InnerSections;

/**
 * Tabs and accordions (islands/tabs): the block `tenderpress/tabs` with its `tenderpress/tab`
 * sections, and the shortcodes `[tenderpress_tabs]` and `[tenderpress_tab]`.
 *
 * Without JavaScript the sections read as headings and sections, each header a link to its panel.
 * With it, the page shows them as tabs or as an accordion before the island has loaded: the
 * panels that start closed carry `hidden`, which the stylesheet overrides where scripts do not run.
 * The island loads on a visitor's intent, or at once when the address names a section or anything
 * inside one (a deep link), which the small script printed once in the footer (PRELOAD) decides
 * before the runtime starts, since the server never sees the address's hash.
 */
final class Tabs extends IslandBlock {

	public const ISLAND            = 'tabs';
	public const BLOCK             = 'tenderpress/tabs';
	public const SECTION_BLOCK     = 'tenderpress/tab';
	public const SHORTCODE         = 'tenderpress_tabs';
	public const SECTION_SHORTCODE = 'tenderpress_tab';
	public const SECTION           = 'tabs';

	/** What a section's header id gets to name its panel. */
	public const PANEL_SUFFIX = '-panel';

	/** The prefix an alias (a browser's name) gets: `#safari` opens `tenderpress-safari`. */
	public const ALIAS_PREFIX = 'tenderpress-';

	/**
	 * Loads a tabs island at once when the address's hash names an element inside it, and starts
	 * one that waits for intent when the hash changes to such an element (an in-page link followed
	 * before the island loaded). The island reads the hash itself once mounted. A hash in the
	 * spec's '#!' form is read as '#' (the island then puts '#' in the address). Its code is
	 * islands/tabs/preload.ts, built to this file.
	 */
	private const PRELOAD = 'tabs-preload.js';

	/** @var array<string, true> Ids given out on this request. */
	private static $ids = array();

	/** Forgets this request's sections and ids (each test renders as a new request). */
	public static function reset(): void {
		self::$ids = array();
		InnerSections::reset();
	}

	protected static function site_defaults(): array {
		return array(
			'offset' => array(
				'label' => __( 'Space above a section opened by a link', 'tenderpress' ),
				'help'  => __( 'A link to a section scrolls it this far below the top of the window, for example to clear a fixed header. Each block can set its own.', 'tenderpress' ),
				'unit'  => __( 'pixels', 'tenderpress' ),
			),
		);
	}

	protected static function section_words(): array {
		return array(
			'title'       => __( 'Tabs and accordions', 'tenderpress' ),
			'description' => __( 'Sections shown as tabs or as an accordion, which links and addresses can open.', 'tenderpress' ),
		);
	}

	/** After the block's default: the short names that open sections. */
	protected static function settings_fields(): array {
		return parent::settings_fields() + array(
			'aliases' => new SettingsField(
				SettingsField::TEXT,
				__( 'Short names for sections', 'tenderpress' ),
				/* translators: %s: the prefix, "tenderpress-". */
				sprintf( __( 'Names separated by spaces, such as a browser\'s name. An address ending in #name opens the section whose link name is %sname.', 'tenderpress' ), self::ALIAS_PREFIX ),
				'safari',
				null,
				200,
				'',
				array(),
				'/^[A-Za-z][A-Za-z0-9_:.-]*(\s+[A-Za-z][A-Za-z0-9_:.-]*)*$/',
				__( 'names that start with a letter, followed by letters, digits, "-", "_", ":" or ".", separated by spaces', 'tenderpress' )
			),
		);
	}

	public function register(): void {
		parent::register();
		// Before the runtime (IslandAssets, priority 20): it must set the strategy first.
		add_action( 'wp_footer', array( $this, 'print_preload' ), 19 );
	}

	/**
	 * `[tenderpress_tabs layout="accordion" label="" offset="" exclusive="" level=""]` around
	 * `[tenderpress_tab title="" anchor="" open=""]…[/tenderpress_tab]` sections.
	 */
	public function add_shortcode(): void {
		parent::add_shortcode();
		add_shortcode( self::SECTION_SHORTCODE, array( $this, 'render_section_shortcode' ) );
		InnerSections::render_early( array( self::SHORTCODE, self::SECTION_SHORTCODE ) );
	}

	public function print_preload(): void {
		if ( ! in_array( self::ISLAND, IslandAssets::instance()->used(), true ) ) {
			return;
		}
		// Read only on a page with tabs: print_preload runs in every page's footer.
		$preload = IslandAssets::inline_script( self::PRELOAD );
		if ( '' !== $preload ) {
			wp_print_inline_script_tag( $preload );
		}
	}

	/**
	 * One section: its place in the container's content (the container renders it).
	 *
	 * @param mixed       $attributes Shortcode attributes: title, anchor, open.
	 * @param string|null $content    The section's content.
	 */
	public function render_section_shortcode( $attributes, $content = null ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		return self::section( $attributes, InnerSections::content( $content ) );
	}

	/**
	 * Keeps a section for its container and returns the marker of its place there
	 * (InnerSections).
	 *
	 * @param array<string, mixed> $attributes Section attributes: title, anchor, open.
	 * @param string               $html       Its content, rendered (trusted as post content is).
	 */
	public static function section( array $attributes, string $html ): string {
		$attributes = BlockAttributes::clean( self::SECTION_BLOCK, $attributes );
		return InnerSections::keep(
			'tab',
			array(
				'title'  => trim( sanitize_text_field( (string) $attributes['title'] ) ),
				'anchor' => (string) $attributes['anchor'],
				'open'   => (bool) $attributes['open'],
				'html'   => $html,
			)
		);
	}

	/**
	 * The container with the sections whose markers are in `$content`, escaped; '' without any.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: layout, label, offset, exclusive, level.
	 * @param string               $content    What the sections rendered (their markers).
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		/** @var list<array{title: string, anchor: string, open: bool, html: string}> $sections */
		$sections = InnerSections::take( 'tab', $content );
		return self::render_sections( $attributes, $sections );
	}

	/**
	 * The container with these sections, escaped; '' without any. For sections made in PHP (a
	 * notice's, NoticeTabs) as for those of the blocks and shortcodes.
	 *
	 * @param array<string, mixed>                                                 $attributes Block attributes: layout, label, offset, exclusive, level.
	 * @param list<array{title: string, anchor: string, open: bool, html: string}> $sections  Each section's title (text), link name, whether it starts open, and its content (trusted HTML).
	 */
	public static function render_sections( array $attributes, array $sections ): string {
		$attributes = BlockAttributes::clean( self::BLOCK, $attributes );
		if ( ! $sections ) {
			return '';
		}

		$tabs  = 'tabs' === $attributes['layout'];
		$level = (int) $attributes['level'];
		// Tabs show one section: the first marked open, else the first.
		$first_open = 0;
		foreach ( $sections as $index => $section ) {
			if ( $section['open'] ) {
				$first_open = $index;
				break;
			}
		}

		$headers = '';
		$body    = '';
		foreach ( $sections as $index => $section ) {
			/* translators: %d: the section's number in its tabs or accordion. */
			$title    = '' !== $section['title'] ? $section['title'] : sprintf( __( 'Section %d', 'tenderpress' ), $index + 1 );
			$id       = self::unique_id( '' !== $section['anchor'] ? $section['anchor'] : self::slug( $title ) );
			$open     = $tabs ? $index === $first_open : $section['open'];
			$header   = sprintf(
				'<a class="tp-tabs__header" id="%1$s" href="#%2$s"%3$s>%4$s</a>',
				esc_attr( $id ),
				esc_attr( $id . self::PANEL_SUFFIX ),
				$open ? ' data-open' : '',
				esc_html( $title )
			);
			$heading  = sprintf( '<h%1$d class="tp-tabs__title">%2$s</h%1$d>', $level, $tabs ? esc_html( $title ) : $header );
			$panel    = sprintf(
				'<div class="tp-tabs__panel" id="%1$s"%2$s>%3$s%4$s</div>',
				esc_attr( $id . self::PANEL_SUFFIX ),
				$open ? '' : ' hidden',
				$tabs ? $heading : '',
				$section['html']
			);
			$headers .= $header;
			$body    .= $tabs ? $panel : $heading . $panel;
		}
		$label = trim( sanitize_text_field( (string) $attributes['label'] ) );
		// The row of tabs is a plain div of links until the island makes it a tablist: HTML
		// allows no name on a generic div (the Nu HTML Checker's error, and screen readers
		// ignore it), so the label goes to the island, which names the tablist it makes.
		$inner = $tabs
			? '<div class="tp-tabs__list">' . $headers . '</div>' . $body
			: $body;

		return IslandContainer::render(
			self::ISLAND,
			// React renders nothing: the island drives the server's headers and panels in place.
			$inner . '<div data-tp-root hidden></div>',
			array(
				'layout'    => $attributes['layout'],
				'offset'    => (int) $attributes['offset'],
				'exclusive' => (bool) $attributes['exclusive'],
				// The tablist's name (tabs only); '' for none.
				'label'     => $tabs ? $label : '',
				// An object even when empty, as the island reads it.
				'aliases'   => (object) self::aliases(),
				'pattern'   => self::anchor_pattern(),
			),
			array(
				'when'       => 'interaction',
				// A header clicked while the island loads opens its section once it has.
				'replay'     => '.tp-tabs__header',
				'class'      => 'tp-tabs--' . $attributes['layout'],
				'attributes' => array( 'style' => '--tp-tabs-offset:' . (int) $attributes['offset'] . 'px' ),
			)
		);
	}

	/**
	 * Short names from the settings screen, each for the prefixed id it opens.
	 *
	 * @return array<string, string>
	 */
	public static function aliases(): array {
		$setting = Settings::get( self::SECTION, 'aliases' );
		$names   = preg_split( '/\s+/', is_string( $setting ) ? trim( $setting ) : '', -1, PREG_SPLIT_NO_EMPTY );
		$aliases = array();
		foreach ( $names ? $names : array() as $name ) {
			$aliases[ $name ] = self::ALIAS_PREFIX . $name;
		}
		return $aliases;
	}

	/**
	 * The rule every id a link may open follows (the spec's hash rule), from the section block's
	 * `anchor` attribute: the island checks hashes against the same pattern.
	 */
	public static function anchor_pattern(): string {
		$block = \WP_Block_Type_Registry::get_instance()->get_registered( self::SECTION_BLOCK );
		$rule  = $block ? (string) ( $block->get_attributes()['anchor']['pattern'] ?? '' ) : '';
		// The attribute also allows an empty anchor (a title's slug is used then); a hash may not be.
		return str_replace( ')?$', ')$', $rule );
	}

	/** A link name from a title: its slug when that follows the hash rule, else "section". */
	private static function slug( string $title ): string {
		$slug = sanitize_title( remove_accents( $title ) );
		if ( preg_match( '/^[0-9]/', $slug ) ) {
			$slug = 'section-' . $slug;
		}
		return preg_match( '#' . str_replace( '#', '\#', self::anchor_pattern() ) . '#', $slug ) ? $slug : 'section';
	}

	/**
	 * `$wanted`, or `$wanted-2`, `-3`… when this request has given it out already, as a header's
	 * or as a panel's id: a section's id and its panel's (`<id>-panel`) are both kept free.
	 */
	private static function unique_id( string $wanted ): string {
		$id     = $wanted;
		$suffix = 2;
		while ( isset( self::$ids[ $id ] ) || isset( self::$ids[ $id . self::PANEL_SUFFIX ] ) ) {
			$id = $wanted . '-' . $suffix;
			++$suffix;
		}
		self::$ids[ $id ]                      = true;
		self::$ids[ $id . self::PANEL_SUFFIX ] = true;
		return $id;
	}
}
