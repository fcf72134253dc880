<?php
namespace TenderPress\Ajax;

use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareServices;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\RateLimit;
use TenderPress\Support\SiteOrigin;

/**
 * `tenderpress_save_<network>_shares` (POST, visitors and signed-in users): the share counts a
 * visitor's browser read from a network that publishes them only to browsers (the catalogue's
 * count sources with `where: browser`, today Facebook), sent back by the share island when the
 * site owner turned on collecting them (setting share.collect, off by default).
 *
 * Fields: `share_counts[<page URL>]=<count>` and `_ajax_nonce` (for the action NONCE, which the
 * island's props carry). The answer is `{success: true, data: {saved: <pages raised>}}`; a
 * refusal is a 4xx with a short translated message (AjaxResponse::error) and stores nothing.
 *
 * The original plugin stored whatever arrived. Everything here comes from an anonymous browser,
 * so it is taken as a claim, not a fact:
 * - only while the owner has collecting on, only by POST, only with a valid nonce (a stale page
 *   gets 403: its island stops until the page is reloaded, which a count can wait for);
 * - the whole request is refused (400) when any part is malformed: not a map of URL to count,
 *   too many addresses, or a count that is not a whole number from 0 to ShareServices::MAX_COUNT;
 * - only this site's published pages are counted, by the address WordPress gives them (the
 *   permalink, the front page, the posts page); any other address is skipped, so invented
 *   paths and query strings never become rows;
 * - a count only grows, and by at most MAX_RAISE per page and save;
 * - a client saves at most RATE_LIMIT times per RATE_WINDOW (429 beyond, see RateLimit).
 * The nonce proves little by itself (every anonymous visitor of a cached page shares one), so the
 * bounds are what limit a forger: per address, per hour, at most RATE_LIMIT × MAX_RAISE (250)
 * added to any page's count.
 */
final class SaveShares {

	/** Nonce action of `_ajax_nonce` (the island's props carry wp_create_nonce( NONCE )). */
	public const NONCE = 'tenderpress_save_shares';

	/** How long the island waits after reading the counts before it sends them. */
	public const DELAY_MS = 1000;

	/**
	 * The most a save may raise one page's count. A forged count can add at most this per save,
	 * and RATE_LIMIT saves an hour per address bound it further (250 a page an hour); a genuine
	 * count far above the stored one is reached over several visits (a page that is shared a lot
	 * is visited a lot), which is good enough for a badge that rounds to "1.2K". 50 covers what a
	 * page usually gains between two visits, so most saves store the true count at once.
	 */
	public const MAX_RAISE = 50;

	/**
	 * Saves per client and RATE_WINDOW. An island sends one save per page view, and a reader who
	 * views more pages in an hour loses nothing but a few counts that later visitors send.
	 */
	public const RATE_LIMIT = 5;

	/** The rate limit's window, in seconds. */
	public const RATE_WINDOW = HOUR_IN_SECONDS;

	/** The rate limit's bucket (RateLimit::hit()), shared by every network's action. */
	public const RATE_BUCKET = 'save_shares';

	public function register(): void {
		// On init, so a count source added through the filter `tenderpress_share_count_sources`
		// (by a theme, or a plugin loaded after this one) gets its action too.
		add_action( 'init', array( $this, 'add_actions' ) );
	}

	/** The admin-ajax action of a network's save. */
	public static function action( string $network ): string {
		return 'tenderpress_save_' . $network . '_shares';
	}

	/**
	 * The networks whose counts browsers send: count sources read in the browser.
	 *
	 * @return list<string>
	 */
	public static function networks(): array {
		return array_map( 'strval', array_keys( ShareServices::browser_sources() ) );
	}

	/** An action per browser source only: a save for any other network does not exist. */
	public function add_actions(): void {
		foreach ( self::networks() as $network ) {
			add_action( 'wp_ajax_' . self::action( $network ), array( $this, 'handle' ) );
			add_action( 'wp_ajax_nopriv_' . self::action( $network ), array( $this, 'handle' ) );
		}
	}

	/** The action's handler: the network is the one the action running now names. */
	public function handle(): void {
		$network = preg_match( '/^wp_ajax_(?:nopriv_)?tenderpress_save_([a-z0-9-]+)_shares$/D', (string) current_action(), $match ) ? $match[1] : '';
		$this->save( $network );
	}

	/** Checks a request for a network's counts and stores the counts that grew; ends the request. */
	public function save( string $network ): void {
		if ( ! AjaxResponse::require_post( __( 'Send share counts with POST.', 'tenderpress' ) ) ) {
			return;
		}
		if ( ! Settings::get( Share::SECTION, 'collect' ) || ! in_array( $network, self::networks(), true ) ) {
			AjaxResponse::error( __( 'This site does not collect share counts.', 'tenderpress' ), 403 );
			return;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a nonce is compared, not stored or shown.
		$nonce = isset( $_POST['_ajax_nonce'] ) ? wp_unslash( $_POST['_ajax_nonce'] ) : '';
		if ( ! is_string( $nonce ) || '' === $nonce || ! wp_verify_nonce( $nonce, self::NONCE ) ) {
			AjaxResponse::error( __( 'This page is out of date. Reload it.', 'tenderpress' ), 403 );
			return;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- every key and value is checked by counts().
		$counts = self::counts( isset( $_POST['share_counts'] ) ? wp_unslash( $_POST['share_counts'] ) : null );
		if ( is_string( $counts ) ) {
			AjaxResponse::error( $counts, 400 );
			return;
		}
		// After the checks, which cost no query and write nothing, and before the addresses are
		// looked up (a query each): only a well-formed, signed save uses up the client's
		// allowance, so broken requests neither lock a visitor out nor write a row.
		if ( ! RateLimit::hit( self::RATE_BUCKET, self::RATE_LIMIT, self::RATE_WINDOW ) ) {
			AjaxResponse::error( __( 'Too many share counts from this address. Try again later.', 'tenderpress' ), 429 );
			return;
		}
		wp_send_json_success( array( 'saved' => self::raise( $network, self::pages( $counts ) ) ) );
	}

	/**
	 * The reported counts by address, or why the field is refused (a translated message). All or
	 * nothing: one malformed count refuses the whole request.
	 *
	 * @param mixed $field `share_counts` as PHP parsed it, unslashed.
	 * @return array<int|string, int>|string
	 */
	public static function counts( $field ) {
		if ( ! is_array( $field ) || ! $field || array_is_list( $field ) ) {
			return __( 'Send the counts as share_counts[address]=count.', 'tenderpress' );
		}
		if ( count( $field ) > ShareCounts::MAX_URLS ) {
			/* translators: %s: the most addresses one request may send. */
			return sprintf( __( 'Send at most %s addresses at a time.', 'tenderpress' ), number_format_i18n( ShareCounts::MAX_URLS ) );
		}
		$counts = array();
		foreach ( $field as $url => $count ) {
			// Digits only: no sign, exponent, decimals or spaces; 13 digits hold MAX_COUNT.
			if ( ! is_string( $count ) || ! preg_match( '/^[0-9]{1,13}$/D', $count ) || (int) $count > ShareServices::MAX_COUNT ) {
				return __( 'Each count must be a whole number.', 'tenderpress' );
			}
			$counts[ $url ] = (int) $count;
		}
		return $counts;
	}

	/**
	 * The reported counts by page, for the addresses that are this site's published pages as
	 * WordPress addresses them; others are left out. Two addresses of one page (http and https)
	 * give it the larger count.
	 *
	 * @param array<int|string, int> $counts Counts by address.
	 * @return array<string, int> Counts by page (ShareCounts::page_of()).
	 */
	public static function pages( array $counts ): array {
		$origin = SiteOrigin::get();
		$known  = array();
		$pages  = array();
		foreach ( $counts as $url => $count ) {
			$page = ShareCounts::page_of( $url );
			if ( null === $page ) {
				continue;
			}
			$known[ $page ] ??= self::is_published_page( $page, $origin );
			if ( $known[ $page ] ) {
				$pages[ $page ] = max( $count, $pages[ $page ] ?? 0 );
			}
		}
		return $pages;
	}

	/**
	 * Whether a page is one WordPress shows at that very address: the front page, the posts
	 * page, or a published, public post's permalink. url_to_postid() alone is not enough: it
	 * maps `?p=<id of a draft>` to the draft, and ignores a query string or a page number, which
	 * would let a visitor store counts for endless variants of one post's address.
	 */
	private static function is_published_page( string $page, string $origin ): bool {
		$front = ShareCounts::page_of( home_url( '/' ) );
		if ( $page === $front ) {
			return true;
		}
		$posts_page = 'page' === get_option( 'show_on_front' ) ? (int) get_option( 'page_for_posts' ) : 0;
		if ( $posts_page > 0 && 'publish' === get_post_status( $posts_page ) && ShareCounts::page_of( get_permalink( $posts_page ) ) === $page ) {
			return true;
		}
		$post_id = url_to_postid( $origin . $page );
		// Publicly viewable: a published post of a public type (not a draft, a pending or private
		// post, or a type without pages of its own).
		return $post_id > 0
			&& is_post_publicly_viewable( $post_id )
			&& ShareCounts::page_of( get_permalink( $post_id ) ) === $page;
	}

	/**
	 * Stores each page's new count: the reported one, but never below the stored count and at
	 * most MAX_RAISE above it. Only rows that change are written: a count that grows, and once
	 * per refresh interval a count that does not, whose row is then stored again as it was, so
	 * its time says the page was checked: the count answer stops asking browsers for it until
	 * the interval has passed again (SharingCount), instead of on every page view. Within the
	 * interval the count answer does not ask for it, so a save of an unchanged or lower count
	 * then comes from a visitor's own throttle or a forger, and writes nothing: sending counts
	 * can only make the site write by raising one (bounded above). A page without a count that
	 * gets 0 gets no row (nothing to show, and no row for every page a browser names); its
	 * visitors' browsers ask again only after the same interval (collect.ts). Reads the stored
	 * counts and their times in two statements, whatever the number of pages.
	 *
	 * @param string             $network  A network of networks().
	 * @param array<string, int> $reported Counts by page.
	 * @return int How many pages' counts grew.
	 */
	public static function raise( string $network, array $reported ): int {
		if ( ! $reported ) {
			return 0;
		}
		$pages   = array_map( 'strval', array_keys( $reported ) );
		$stored  = ShareCounts::for_pages( $pages );
		$checked = ShareCounts::last_refreshed( $pages, array( $network ) );
		$due     = gmdate( 'Y-m-d H:i:s', time() - ShareCountRefresh::REFRESH_INTERVAL );
		$raised  = 0;
		foreach ( $reported as $page => $count ) {
			$page = (string) $page;
			$old  = $stored[ $page ][ $network ] ?? 0;
			$new  = max( $old, min( $count, $old + self::MAX_RAISE ) );
			if ( $new > $old ) {
				ShareCounts::store( $page, $network, $new );
				++$raised;
			} elseif ( isset( $stored[ $page ][ $network ] ) && ( $checked[ $page ] ?? '' ) < $due ) {
				ShareCounts::store( $page, $network, $old );
			}
		}
		return $raised;
	}
}
