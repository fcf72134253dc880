<?php
namespace TenderPress\Islands;

use TenderPress\Ajax\SaveShares;
use TenderPress\Ajax\SharingCount;
use TenderPress\Blocks\BlockAttributes;
use TenderPress\Content\NoticePostType;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Settings\SharePreview;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareIcons;
use TenderPress\Share\ShareServices;

/**
 * Share bars: the chosen services as real links to their share pages (they work without
 * JavaScript, in a new tab), inline after a notice's, post's or page's content, as a floating
 * vertical bar on wide screens, or wherever the block `tenderpress/share` or the shortcode
 * `[tenderpress_share]` puts one. "More services" is a disclosure listing every service.
 *
 * Icons are inline SVG paths from the sprite the build makes from the catalogue, so no icon
 * travels inside JavaScript and the bar needs no request of its own. Nothing here calls a
 * third party: a visitor's browser reaches a service only when the visitor follows its link.
 */
final class Share {

	public const ISLAND    = 'share';
	public const BLOCK     = 'tenderpress/share';
	public const SHORTCODE = 'tenderpress_share';
	public const SECTION   = 'share';

	/**
	 * Services a new site shows until its owner chooses others, in the catalogue's order, as the
	 * settings screen saves a choice: what a public body's readers pass a notice on with (a link
	 * to paste, e-mail, WhatsApp, paper) and, on phones, the device's own share sheet, which
	 * reaches every other app without the site naming one.
	 */
	public const DEFAULT_SERVICES = array( 'copy-link', 'email', 'whatsapp', 'print', 'device' );

	/**
	 * What sites that saved their sharing settings before the quiet style existed showed: the
	 * services' brand colours. The upgrade (brand_colours_for_saved_sites()) keeps them for those.
	 */
	public const BRAND_COLOURS_BEFORE = true;

	/** The sessionStorage key under which the floating bar's hidden state is kept for the visit. */
	public const REMEMBER = 'tenderpress:share-floating';

	/**
	 * Puts a hidden floating bar back as hidden on the next page of the visit, before it is
	 * painted and before the island loads (which may be never): printed right after the bar, it
	 * marks the bar (CSS slides it away) and sets its arrow's state and title. A few bytes inline,
	 * on pages with a floating bar only, rather than in the runtime every page loads. The island
	 * writes the state (islands/shared/remember.ts). Its code is islands/share/restore.ts, built
	 * to this file.
	 */
	private const RESTORE = 'share-restore.js';

	/** @var int Bars rendered on this request, for unique ids. */
	private static $count = 0;

	/** @var array<string, array<string, int>> Stored counts by page, read once per request. */
	private static $counts = array();

	/** Forgets the bars rendered so far (each test renders as a new request). */
	public static function reset(): void {
		self::$count  = 0;
		self::$counts = array();
	}

	/**
	 * A page's stored counts by service, when the site shows counts: one statement per page and
	 * request, however many bars show them (the inline bar and the floating one).
	 *
	 * @return array<string, int>|null Null when counts are not shown.
	 */
	private static function counts_of( string $url ): ?array {
		if ( ! Settings::get( self::SECTION, 'counts' ) ) {
			return null;
		}
		$page = ShareCounts::page_of( $url );
		if ( null === $page ) {
			return array();
		}
		if ( ! isset( self::$counts[ $page ] ) ) {
			self::$counts[ $page ] = ShareCounts::for_pages( array( $page ) )[ $page ] ?? array();
		}
		return self::$counts[ $page ];
	}

	/** @var int Renders under way that place the bar after the text themselves (without_content_bar()). */
	private static $held = 0;

	public function register(): void {
		Settings::add_section( self::SECTION, array( self::class, 'settings' ) );
		add_action( 'init', array( $this, 'add_shortcode' ) );
		add_filter( 'the_content', array( $this, 'append_to_content' ), 20 );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style_for_placed_bars' ) );
		// Before the islands runtime is printed (IslandAssets, priority 20).
		add_action( 'wp_footer', array( $this, 'render_floating' ), 5 );
	}

	public static function settings(): SettingsSection {
		$choices = array();
		foreach ( ShareServices::all() as $id => $service ) {
			$choices[ $id ] = ShareServices::title( $service );
		}
		$listable = array_intersect_key( $choices, ShareServices::listable() );
		return new SettingsSection(
			__( 'Sharing', 'tenderpress' ),
			__( 'Share buttons let visitors pass a notice on. Each is a plain link to the service: no service is contacted until a visitor clicks it.', 'tenderpress' ),
			array(
				'services'       => SettingsField::choices(
					__( 'Services on the bar', 'tenderpress' ),
					__( 'The buttons every bar shows, in this order. "Share via an app" shows only on phones and tablets that have a share sheet; Copy link, Print and it need JavaScript, so they are hidden where it does not run.', 'tenderpress' ),
					$choices,
					self::DEFAULT_SERVICES
				),
				'more'           => SettingsField::choices(
					__( 'Services under "More"', 'tenderpress' ),
					__( 'The longer list a visitor opens with "More", in this order. Untick the services your readers do not use; with none ticked, the bar has no "More".', 'tenderpress' ),
					$listable,
					array_keys( $listable )
				),
				'brandColours'   => new SettingsField( SettingsField::BOOLEAN, __( 'Buttons in each service\'s brand colours', 'tenderpress' ), __( 'Off: quiet outlined buttons with their names, in the site\'s own colours. On: a row of coloured icons, one per brand.', 'tenderpress' ), false ),
				'notices'        => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each notice', 'tenderpress' ), __( 'A bar at the end of every tender notice and corrigendum.', 'tenderpress' ), true ),
				'posts'          => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each post', 'tenderpress' ), __( 'A bar at the end of news items and other posts.', 'tenderpress' ), true ),
				'pages'          => new SettingsField( SettingsField::BOOLEAN, __( 'After the text of each page', 'tenderpress' ), __( 'A bar at the end of pages such as "About" or "Help". The share block puts one on a single page instead.', 'tenderpress' ), false ),
				'counts'         => new SettingsField( SettingsField::BOOLEAN, __( 'Show share counts', 'tenderpress' ), sprintf( /* translators: %s: a list of networks, such as "Tumblr, Pinterest and VK". */ __( 'Each button shows how many times the page was shared there, and the bar shows the total. The site asks the networks that publish counts (%s) in the background, a few pages at a time; visitors\' browsers ask nobody.', 'tenderpress' ), wp_sprintf( '%l', self::count_networks( 'server' ) ) ), false ),
				'collect'        => new SettingsField( SettingsField::BOOLEAN, __( 'Also collect counts in visitors\' browsers', 'tenderpress' ), sprintf( /* translators: %s: a list of networks, such as "Facebook". */ __( 'Some networks (%s) publish counts only to browsers. When this is on, a visitor\'s browser asks them for the count of the page it shows and sends it back here, which tells those networks the visitor\'s address. A count sent back can only grow, by a bounded amount, a few times an hour per visitor.', 'tenderpress' ), wp_sprintf( '%l', self::count_networks( 'browser' ) ) ), false ),
				'floating'       => new SettingsField( SettingsField::BOOLEAN, __( 'Also as a floating bar on wide screens', 'tenderpress' ), __( 'A vertical bar at the left edge of notices, posts and pages that have a bar, on screens at least 1280 pixels wide. Its arrow slides it out of the way.', 'tenderpress' ), false ),
				'floatingOffset' => new SettingsField( SettingsField::INTEGER, __( 'Floating bar: extra slide when hidden', 'tenderpress' ), __( 'Added to the distance the floating bar slides off-screen, for themes that put something beside it.', 'tenderpress' ), 0, 0, 200, __( 'pixels', 'tenderpress' ) ),
				'popupWidth'     => new SettingsField( SettingsField::INTEGER, __( 'Share window width', 'tenderpress' ), __( 'A service such as LinkedIn opens in a small window of this size, so the reader keeps the notice open behind it.', 'tenderpress' ), 600, 200, 1600, __( 'pixels', 'tenderpress' ) ),
				'popupHeight'    => new SettingsField( SettingsField::INTEGER, __( 'Share window height', 'tenderpress' ), __( 'The height of that window.', 'tenderpress' ), 400, 200, 1200, __( 'pixels', 'tenderpress' ) ),
				'copiedMessage'  => SettingsField::text( __( 'Message after copying the link', 'tenderpress' ), __( 'Leave empty for "Link copied.", in the visitor\'s language.', 'tenderpress' ), 80 ),
			),
			array( SharePreview::class, 'render' )
		);
	}

	/**
	 * Upgrade step (schema 10): a site whose owner saved the sharing settings before the quiet
	 * style became the default keeps the brand colours it showed. Its chosen services are
	 * stored already and stay; a site that never saved them takes the new defaults, which
	 * nobody chose against.
	 *
	 * The section is saved whole, through the settings' own checks, from what it reads now. If
	 * they refuse it (a row edited by hand), nothing changes.
	 */
	public static function keep_brand_colours_for_saved_sites(): void {
		$stored = get_option( Settings::OPTION, array() );
		if ( ! is_array( $stored ) || ! is_array( $stored[ self::SECTION ] ?? null ) || array_key_exists( 'brandColours', $stored[ self::SECTION ] ) ) {
			return;
		}
		$section = Settings::section( self::SECTION );
		$values  = array();
		foreach ( $section ? array_keys( $section->fields ) : array() as $field_id ) {
			$values[ $field_id ] = Settings::get( self::SECTION, $field_id );
		}
		$values['brandColours'] = self::BRAND_COLOURS_BEFORE;
		// Only this section: the others keep what is stored (Settings::sanitize()).
		update_option( Settings::OPTION, array( self::SECTION => $values ) );
	}

	/**
	 * The names of the networks whose counts are read in one place (server or browser).
	 *
	 * @return list<string>
	 */
	public static function count_networks( string $where ): array {
		$catalogue = ShareServices::all();
		$sources   = 'browser' === $where ? ShareServices::browser_sources() : array_filter( ShareServices::count_sources(), static fn( $source ) => 'server' === $source['where'] );
		return array_map( static fn( $id ) => ShareServices::title( $catalogue[ $id ] ), array_keys( $sources ) );
	}

	public function add_shortcode(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'render_shortcode' ) );
	}

	/**
	 * @param mixed $attributes Shortcode attributes: services (ids, comma-separated).
	 */
	public function render_shortcode( $attributes ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		// "x, email" as a site owner may type it: the block's attribute has no spaces.
		return self::render( array( 'services' => (string) preg_replace( '/\s+/', '', (string) ( $attributes['services'] ?? '' ) ) ) );
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
			if ( Settings::get( self::SECTION, $setting ) ) {
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
		return self::render();
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
			$block = \WP_Block_Type_Registry::get_instance()->get_registered( self::BLOCK );
			foreach ( $block ? $block->style_handles : array() as $handle ) {
				wp_enqueue_style( $handle );
			}
		}
	}

	public function render_floating(): void {
		if ( Settings::get( self::SECTION, 'floating' ) && self::is_placed() ) {
			echo self::render( array( 'layout' => 'floating' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped where built.
		}
	}

	/**
	 * The page a bar shares: the singular post's permalink and title, or else the address and
	 * title of the page being shown.
	 *
	 * @return array{0: string, 1: string} URL and title (text).
	 */
	public static function current_page(): array {
		if ( is_singular() ) {
			$post = get_queried_object();
			if ( $post instanceof \WP_Post ) {
				return array( (string) get_permalink( $post ), wp_strip_all_tags( html_entity_decode( get_the_title( $post ), ENT_QUOTES ) ) );
			}
		}
		global $wp;
		$path = $wp instanceof \WP ? (string) $wp->request : '';
		return array( home_url( user_trailingslashit( $path ) ), wp_strip_all_tags( html_entity_decode( wp_get_document_title(), ENT_QUOTES ) ) );
	}

	/**
	 * The services a bar shows: the attribute's ids (comma-separated) that are in the catalogue,
	 * or the site's choice when it names none.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function services_for( string $ids ): array {
		$chosen = array_filter( array_map( 'trim', explode( ',', $ids ) ) );
		if ( ! $chosen ) {
			$chosen = (array) Settings::get( self::SECTION, 'services' );
		}
		$catalogue = ShareServices::all();
		$services  = array();
		foreach ( $chosen as $id ) {
			if ( isset( $catalogue[ $id ] ) ) {
				$services[ (string) $id ] = $catalogue[ $id ];
			}
		}
		return $services;
	}

	/**
	 * A bar and its island, escaped.
	 *
	 * @param array<string, mixed> $attributes Block attributes: services, layout (inline, floating).
	 */
	public static function render( array $attributes = array() ): string {
		$attributes = BlockAttributes::clean( self::BLOCK, $attributes );
		$services   = self::services_for( (string) $attributes['services'] );
		if ( ! $services ) {
			return '';
		}
		list( $url, $title ) = self::current_page();
		$floating            = 'floating' === $attributes['layout'];
		$id                  = 'tp-share-' . ( ++self::$count );
		$label               = $floating ? __( 'Share (side bar)', 'tenderpress' ) : __( 'Share', 'tenderpress' );
		$counts              = self::counts_of( $url );

		$items = '';
		foreach ( $services as $service ) {
			$native = 'native' === ( $service['action'] ?? '' ) ? ' tp-share__item--native' : '';
			$items .= '<li class="tp-share__item' . $native . '">' . self::button( $service, $url, $title, $counts[ $service['id'] ] ?? 0 ) . '</li>';
		}
		// "More": on the inline bar a disclosure of every service that has a link, which works
		// without JavaScript; the floating bar, a second bar of the same page, has a button that
		// opens the island's dialog instead, so a page does not carry the list twice.
		$listed = self::listed();
		$all    = '';
		foreach ( $floating ? array() : $listed as $service ) {
			$link = ShareServices::link( $service, $url, $title );
			if ( '' !== $link ) {
				$all .= sprintf(
					// Named for screen readers with the new tab they open; the name shows alone.
					'<li><a class="tp-share__service" href="%1$s" target="_blank" rel="noopener nofollow" data-tp-service="%2$s" style="%3$s" aria-label="%4$s">%5$s</a></li>',
					esc_url( $link, ShareServices::protocols() ),
					esc_attr( $service['id'] ),
					esc_attr( self::colours( $service ) ),
					esc_attr( sprintf( ShareServices::new_tab_format(), ShareServices::title( $service ) ) ),
					esc_html( ShareServices::title( $service ) )
				);
			}
		}
		$more  = ! $listed ? '' : ( $floating
			? '<button type="button" class="tp-share__more-button tp-share__button--script">' . ShareIcons::svg( 'more' ) . '<span class="screen-reader-text">' . esc_html__( 'More sharing services', 'tenderpress' ) . '</span></button>'
			: '<details class="tp-share__more"><summary class="tp-share__more-button">' . ShareIcons::svg( 'more' ) . '<span>' . esc_html__( 'More', 'tenderpress' ) . '</span></summary><ul class="tp-share__all">' . $all . '</ul></details>' );
		$inner = sprintf(
			'<h2 class="tp-share__heading%1$s" id="%2$s-heading">%3$s</h2>%6$s<ul class="tp-share__list" id="%2$s-list" aria-labelledby="%2$s-heading">%4$s%5$s</ul>%7$s<div class="tp-share__root" data-tp-root></div>',
			$floating ? ' screen-reader-text' : '',
			esc_attr( $id ),
			esc_html( $label ),
			$items,
			'' === $more ? '' : '<li class="tp-share__item">' . $more . '</li>',
			null === $counts ? '' : self::total( array_sum( $counts ) ),
			$floating ? self::toggle( $id ) : ''
		);
		// A click that comes before the island has mounted is held and replayed there, for the
		// controls whose plain behaviour would be wrong (print needs scripts, copy-link's link is
		// the page itself, a federated network first asks for the visitor's instance). A share
		// link followed meanwhile opens its page in a new tab, as without JavaScript.
		$replay = array( 'button.tp-share__button', '.tp-share__more-button', '.tp-share__toggle' );
		$client = array();
		// What the island may activate: the bar's services, then the rest of those under More.
		foreach ( $services + $listed as $service ) {
			if ( isset( $service['instance'] ) || 'copy' === ( $service['action'] ?? '' ) ) {
				$replay[] = 'a[data-tp-service="' . $service['id'] . '"]';
			}
			$client[] = self::client_service( $service );
		}
		$island = IslandContainer::render(
			self::ISLAND,
			$inner,
			array(
				'url'       => $url,
				'title'     => $title,
				'popup'     => array(
					'width'  => (int) Settings::get( self::SECTION, 'popupWidth' ),
					'height' => (int) Settings::get( self::SECTION, 'popupHeight' ),
				),
				'protocols' => ShareServices::protocols(),
				'services'  => $client,
				// The More dialog's list, by id, in the owner's order.
				'more'      => array_keys( $listed ),
				'sprite'    => IslandAssets::instance()->build_url( 'share-icons.svg' ),
				// Where the counts are asked for, when the site shows them.
				'counts'    => null === $counts ? null : array(
					'url'     => admin_url( 'admin-ajax.php' ),
					'action'  => SharingCount::ACTION,
					// The page's language: the answer's words are in it, whoever asks.
					'lang'    => determine_locale(),
					'collect' => self::collect(),
				),
				'offset'    => (int) Settings::get( self::SECTION, 'floatingOffset' ),
				'i18n'      => self::strings(),
			),
			array(
				'tag'        => 'aside',
				'class'      => ( $floating ? 'tp-share--floating' : 'tp-share--inline' ) . ( null === $counts ? '' : ' tp-share--counts' ) . ( Settings::get( self::SECTION, 'brandColours' ) ? ' tp-share--brand' : ' tp-share--quiet' ),
				'when'       => 'interaction',
				'intent'     => '.tp-share__list, .tp-share__more-button, .tp-share__toggle',
				'replay'     => implode( ', ', $replay ),
				'attributes' => array_filter(
					array(
						'aria-labelledby'  => $id . '-heading',
						// Where the floating bar's hidden state is kept for the visit (RESTORE).
						'data-tp-remember' => $floating ? self::REMEMBER : null,
						'style'            => $floating ? '--tp-share-offset:' . (int) Settings::get( self::SECTION, 'floatingOffset' ) . 'px' : null,
					)
				),
			)
		);
		$restore = $floating ? IslandAssets::inline_script( self::RESTORE ) : '';
		return '' !== $restore ? $island . wp_get_inline_script_tag( $restore ) : $island;
	}

	/**
	 * The services under "More", as the owner trimmed the list, in the catalogue's order.
	 *
	 * @return array<string, array<string, string>>
	 */
	public static function listed(): array {
		$kept = array_map( 'strval', (array) Settings::get( self::SECTION, 'more' ) );
		return array_intersect_key( ShareServices::listable(), array_flip( $kept ) );
	}

	/**
	 * What the island needs of a service: its name, its link template or action, a federated
	 * network's default instance, its colours.
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 * @return array<string, string>
	 */
	private static function client_service( array $service ): array {
		list( $background, $foreground ) = self::colours_of( $service );
		return array_filter(
			array(
				'id'         => $service['id'],
				'title'      => ShareServices::title( $service ),
				'template'   => $service['url'] ?? null,
				'action'     => $service['action'] ?? null,
				'instance'   => $service['instance'] ?? null,
				'background' => $background,
				'foreground' => $foreground,
			),
			static fn( $value ) => null !== $value
		);
	}

	/**
	 * Every word the island shows, translated in the page's language.
	 *
	 * @return array<string, string>
	 */
	public static function strings(): array {
		$copied = Settings::get( self::SECTION, 'copiedMessage' );
		$copied = is_string( $copied ) ? $copied : '';
		return array(
			'more'          => __( 'More sharing services', 'tenderpress' ),
			'close'         => __( 'Close', 'tenderpress' ),
			'filter'        => __( 'Find a service', 'tenderpress' ),
			'none'          => __( 'No service has that name.', 'tenderpress' ),
			'device'        => ShareServices::title( array( 'id' => 'device' ) ),
			/* translators: %s: a federated network's name, such as Mastodon. */
			'instanceTitle' => __( 'Your %s Instance', 'tenderpress' ),
			'instanceLabel' => __( 'Instance address, such as mastodon.social', 'tenderpress' ),
			'submit'        => __( 'Submit', 'tenderpress' ),
			'copied'        => '' !== $copied ? $copied : __( 'Link copied.', 'tenderpress' ),
			'copyFailed'    => __( 'The link could not be copied. Copy it from the address bar.', 'tenderpress' ),
			'prompt'        => ShareServices::prompt_format(),
			'newTab'        => ShareServices::new_tab_format(),
		);
	}

	/** The total's caption (spec §9): "Share" or "Shares", in the language's plural form for the total. */
	private static function total_caption( int $total ): string {
		return _nx( 'Share', 'Shares', $total, 'caption under the total of a page\'s shares', 'tenderpress' );
	}

	/**
	 * A page's counts as its bars show them, for the island to put in place as they are (it
	 * formats nothing itself): the total (its value, and as shown, 0 included) with its caption;
	 * and each service with a count of 1 or more, as shown on its button and as read out.
	 *
	 * @param array<string, int> $counts Counts by service, as ShareCounts::for_pages() gives a page's.
	 * @return array{total: array{value: int, count: string, caption: string}, services: object}
	 */
	public static function shown_counts( array $counts ): array {
		$total    = (int) array_sum( $counts );
		$services = array();
		foreach ( $counts as $service => $count ) {
			$shown = ShareCounts::format( (int) $count );
			if ( '' !== $shown ) {
				$services[ $service ] = array(
					'count' => $shown,
					'said'  => sprintf( self::count_words( (int) $count ), $shown ),
				);
			}
		}
		$shown_total = ShareCounts::format( $total );
		return array(
			'total'    => array(
				'value'   => $total,
				'count'   => '' === $shown_total ? '0' : $shown_total,
				'caption' => self::total_caption( $total ),
			),
			// An object even when empty, so the answer keeps one shape.
			'services' => (object) $services,
		);
	}

	/** The floating bar's arrow's title: 'Hide' while the bar shows, 'Share' while it is hidden (spec §4). */
	private static function toggle_title( bool $shown ): string {
		return $shown ? _x( 'Hide', 'title of the arrow that slides the side share bar away', 'tenderpress' ) : _x( 'Share', 'title of the arrow that brings the side share bar back', 'tenderpress' );
	}

	/**
	 * The page's total (its number 62 % and its caption 38 % of the box's height, spec §9), as
	 * stored when the page was rendered; the island brings it up to date. The number always
	 * shows, 0 included, so the box never appears or goes.
	 */
	private static function total( int $total ): string {
		$shown = ShareCounts::format( $total );
		return sprintf(
			'<p class="tp-share__total" data-tp-total="%1$d"><span class="tp-share__total-count">%2$s</span> <span class="tp-share__total-label">%3$s</span></p>',
			$total,
			esc_html( '' === $shown ? '0' : $shown ),
			esc_html( self::total_caption( $total ) )
		);
	}

	/**
	 * The floating bar's arrow: slides the bar off-screen and back (the island, or CSS for the
	 * state RESTORE puts back before the island loads). It needs scripts, so it is hidden
	 * where they do not run.
	 */
	private static function toggle( string $id ): string {
		return sprintf(
			// Both titles ride on the arrow, for the island and for RESTORE to swap.
			'<button type="button" class="tp-share__toggle tp-share__button--script" aria-expanded="true" aria-controls="%1$s-list" title="%2$s" data-tp-hide="%2$s" data-tp-show="%3$s">%4$s<span class="screen-reader-text">%5$s</span></button>',
			esc_attr( $id ),
			esc_attr( self::toggle_title( true ) ),
			esc_attr( self::toggle_title( false ) ),
			ShareIcons::svg( 'arrow' ),
			esc_html__( 'Share buttons', 'tenderpress' )
		);
	}

	/**
	 * What the island needs to collect counts in the visitor's browser, when the owner turned
	 * that on: each network read there (its count endpoint and where its answer holds the
	 * count), and where and how to send them back. Null when it is off.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function collect(): ?array {
		if ( ! Settings::get( self::SECTION, 'collect' ) ) {
			return null;
		}
		$networks = array();
		foreach ( ShareServices::browser_sources() as $id => $source ) {
			$networks[] = array(
				'id'     => $id,
				'url'    => $source['url'],
				'path'   => $source['path'],
				'action' => SaveShares::action( $id ),
			);
		}
		return $networks ? array(
			'networks' => $networks,
			'nonce'    => wp_create_nonce( SaveShares::NONCE ),
			'delay'    => SaveShares::DELAY_MS,
			// A browser asks a network for a page at most this often (seconds), as the server does.
			'interval' => ShareCountRefresh::REFRESH_INTERVAL,
		) : null;
	}

	/**
	 * One service's button: a link to its share page, or for an action (print, copy, the device's
	 * share sheet) a control only shown where scripts run, since each needs them; the copy
	 * control is a link to the page itself, so a click held before the island mounts is harmless.
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 */
	private static function button( array $service, string $url, string $title, int $shares ): string {
		$name   = ShareServices::title( $service );
		$link   = ShareServices::link( $service, $url, $title );
		$shown  = ShareCounts::format( $shares );
		$common = sprintf(
			'data-tp-service="%1$s" style="%2$s"%3$s',
			esc_attr( $service['id'] ),
			esc_attr( self::colours( $service ) ),
			// The count's badge, which CSS draws over the corner.
			'' === $shown ? '' : ' data-tp-count="' . esc_attr( $shown ) . '"'
		);
		// The button's name for screen readers, with its count as the island also writes it.
		$words = sprintf(
			'<span class="screen-reader-text">%1$s%2$s</span>',
			esc_html( '' !== $link ? sprintf( ShareServices::new_tab_format(), $name ) : $name ),
			'' === $shown ? '' : '<span class="tp-share__count-name">' . esc_html( ', ' . sprintf( self::count_words( $shares ), $shown ) ) . '</span>'
		);
		// The name shown beside the icon in the quiet style; the name above is what is read out
		// (it starts with the same words, so a visitor can say what they see).
		$inner = ShareIcons::svg( $service['id'] ) . '<span class="tp-share__label" aria-hidden="true">' . esc_html( $name ) . '</span>' . $words;
		if ( '' !== $link ) {
			return '<a class="tp-share__button" href="' . esc_url( $link, ShareServices::protocols() ) . '" target="_blank" rel="noopener nofollow" ' . $common . '>' . $inner . '</a>';
		}
		if ( 'copy' === ( $service['action'] ?? '' ) ) {
			// Hidden where scripts do not run, as print is: there it could only reload the page.
			// Its address is the page's, so a click held before the island mounts is harmless.
			return '<a class="tp-share__button tp-share__button--script" href="' . esc_url( $url ) . '" ' . $common . '>' . $inner . '</a>';
		}
		if ( 'native' === ( $service['action'] ?? '' ) ) {
			// Shown only where scripts run on a touch screen (CSS), and taken away by the island
			// where the browser has no share sheet: it never sits there doing nothing.
			return '<button type="button" class="tp-share__button tp-share__button--script tp-share__button--native" ' . $common . '>' . $inner . '</button>';
		}
		return '<button type="button" class="tp-share__button tp-share__button--script" ' . $common . '>' . $inner . '</button>';
	}

	/** How a button's count is read out, %s for the count as shown, in the plural form for the count. */
	private static function count_words( int $shares ): string {
		/* translators: %s: how many times a page was shared on a service, such as 1.2K. */
		return _n( '%s share', '%s shares', $shares, 'tenderpress' );
	}

	/**
	 * A service's colours as CSS custom properties.
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 */
	public static function colours( array $service ): string {
		list( $background, $foreground ) = self::colours_of( $service );
		$properties                      = array_filter(
			array(
				'--tp-share-bg' => $background,
				'--tp-share-fg' => $foreground,
			)
		);
		return implode( ';', array_map( static fn( $name, $value ) => $name . ':' . $value, array_keys( $properties ), $properties ) );
	}

	/**
	 * A service's background and foreground: the catalogue's, checked as hex colours, else ''
	 * (the stylesheet then gives the palette's neutral and base).
	 *
	 * @param array<string, string> $service An entry of the catalogue.
	 * @return array{0: string, 1: string}
	 */
	private static function colours_of( array $service ): array {
		return array( (string) sanitize_hex_color( $service['color'] ?? '' ), (string) sanitize_hex_color( $service['foreground'] ?? '' ) );
	}

}
