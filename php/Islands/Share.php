<?php
namespace TenderPress\Islands;

use TenderPress\Ajax\SaveShares;
use TenderPress\Ajax\SharingCount;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareIcons;
use TenderPress\Share\ShareServices;
use TenderPress\Share\ShareSettings;

/**
 * Share bars: the chosen services as real links to their share pages (they work without
 * JavaScript, in a new tab), inline after a notice's, post's or page's content, as a floating
 * vertical bar on wide screens, or wherever the block `tenderpress/share` or the shortcode
 * `[tenderpress_share]` puts one. "More services" is a disclosure listing every service.
 *
 * Icons are inline SVG paths from the sprite the build makes from the catalogue, so no icon
 * travels inside JavaScript and the bar needs no request of its own. Nothing here calls a
 * third party: a visitor's browser reaches a service only when the visitor follows its link.
 *
 * This class is the bar (the block and the shortcode, on IslandBlock); what the owner chose is
 * read in Share\ShareSettings, and where the site puts bars by itself is Share\SharePlacement.
 */
final class Share extends IslandBlock {

	public const ISLAND    = 'share';
	public const BLOCK     = 'tenderpress/share';
	public const SHORTCODE = 'tenderpress_share';
	public const SECTION   = 'share';

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

	public function register(): void {
		parent::register();
		Settings::add_section( self::SECTION, array( ShareSettings::class, 'section' ) );
	}

	/**
	 * `[tenderpress_share services="x, email" layout="inline"]`: the block's attributes, with the
	 * services as a site owner may type them (the block's attribute has no spaces).
	 *
	 * @param mixed       $attributes Shortcode attributes.
	 * @param string|null $content    What it encloses: nothing.
	 */
	public function render_shortcode( $attributes, $content = null ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		if ( isset( $attributes['services'] ) && is_string( $attributes['services'] ) ) {
			$attributes['services'] = (string) preg_replace( '/\s+/', '', $attributes['services'] );
		}
		return parent::render_shortcode( $attributes, $content );
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
	 * A bar and its island, escaped; nothing when none of its services is in the catalogue.
	 *
	 * @param array<string, mixed> $attributes Cleaned block attributes: services, layout (inline,
	 *                                         floating).
	 * @param string               $content    Nothing: the block has no inner blocks.
	 */
	protected static function markup( array $attributes, string $content = '' ): string {
		$services = ShareSettings::services_for( (string) $attributes['services'] );
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
		$listed = ShareSettings::listed();
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
