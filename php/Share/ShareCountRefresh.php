<?php
namespace TenderPress\Share;

use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Support\PublicUrl;

/**
 * The background refresh of share counts: an hourly WP-Cron event asks the networks that
 * publish counts to servers (the catalogue's "server" count sources) for a few recent pages at a
 * time, and stores what they answer (ShareCounts). Visitors' pages only read the stored counts:
 * no visitor waits for a network, and no visitor's request ever writes or schedules anything
 * (the event is scheduled when the owner saves the settings, or on an admin page).
 *
 * Which pages: the newest published posts of the types that get a bar (the ones whose counts
 * people look at), those never refreshed first, then the longest unrefreshed, each asked again
 * only after REFRESH_INTERVAL; a run is bounded by BATCH pages and BUDGET seconds, so a large
 * site costs the networks (and the cron request) the same as a small one.
 *
 * What is stored: a network's answer is authoritative, so a count it gives is stored even when
 * it is lower than the stored one (networks remove spam shares), and 0 is stored too, which
 * records that the page was refreshed. An error is not a 0: a failed request, an error status or
 * an answer that holds no count (ShareServices::read_count) stores nothing, and the stored count
 * stays. A network that fails FAILURES_BEFORE_SKIP times in a row is not asked again that run.
 *
 * Server-side request forgery: the only addresses requested are the count sources' templates
 * (the catalogue's, or what the `tenderpress_share_count_sources` filter, i.e. code on the site,
 * makes them), whose `{url}` ShareServices::count_sources() keeps out of the host, filled with
 * this site's own permalink. Nothing a visitor sends reaches them. Every request goes through
 * wp_safe_remote_get(), which refuses loopback and private addresses and ports other than 80,
 * 443 and 8080 (WordPress's filters `http_request_host_is_external` and
 * `http_allowed_safe_ports` may allow others), also for each redirect; on top of it, this class
 * refuses link-local and reserved addresses (169.254.169.254, the cloud metadata address,
 * which WordPress lets through) for the first address and each redirect, unless
 * `http_request_host_is_external` allows that host. Answers are bounded in size and time and
 * only a number is kept from them. Left open, as in WordPress itself: a host name whose address
 * changes between the check and the connection (DNS rebinding).
 */
final class ShareCountRefresh {

	/** The WP-Cron event; Uninstall removes every event named tenderpress_*. */
	public const HOOK = 'tenderpress_refresh_share_counts';

	/** How often the event runs: with BATCH, up to 480 pages a day, more than a site publishes. */
	public const RECURRENCE = 'hourly';

	/**
	 * Pages one run refreshes at most: each costs a request per server network (five in the
	 * catalogue), so a run makes at most 100 requests, spread over an hour's runs.
	 */
	public const BATCH = 20;

	/**
	 * How long a page's counts are kept before it is asked again (6 hours): counts shown a few
	 * hours late are fine, and each network sees a page at most four times a day.
	 */
	public const REFRESH_INTERVAL = 21600;

	/**
	 * Seconds after which a run starts no new request. With TIMEOUT and REDIRECTS the last request
	 * ends within 9 more seconds: 24 s in all, under PHP's usual 30 s limit for the cron request
	 * and WordPress's 60 s cron lock, so runs do not overlap. What is left waits for the next run.
	 */
	public const BUDGET = 15;

	/** Seconds one request may take: the networks answer in well under a second when they are up. */
	public const TIMEOUT = 3;

	/** Redirects followed: a network may move its endpoint (http to https, a new path), not more. */
	public const REDIRECTS = 2;

	/** Bytes read of an answer: a count answer is well under 1 KB; the rest is not read. */
	public const MAX_BYTES = 65536;

	/** The newest published posts considered: older ones are rarely shared any more. */
	public const RECENT_POSTS = 200;

	/** Only posts published in this many days are considered, for the same reason. */
	public const RECENT_DAYS = 90;

	/** Consecutive failures of a network after which a run stops asking it (it is down or gone). */
	public const FAILURES_BEFORE_SKIP = 3;

	public function register(): void {
		// No argument: the run's budget is its own.
		add_action( self::HOOK, array( $this, 'run' ), 10, 0 );
		// After Settings forgets the values it read (priority 10), so the saved ones are seen.
		add_action( 'add_option_' . Settings::OPTION, array( self::class, 'sync_schedule' ), 20, 0 );
		add_action( 'update_option_' . Settings::OPTION, array( self::class, 'sync_schedule' ), 20, 0 );
		add_action( 'delete_option_' . Settings::OPTION, array( self::class, 'sync_schedule' ), 20, 0 );
		// Sites that turned counts on before this event existed get it on an administrator's next visit.
		add_action( 'admin_init', array( self::class, 'sync_schedule_for_admin' ) );
	}

	/** Whether the refresh should run: counts are shown and a network gives them to servers. */
	public static function wanted(): bool {
		return (bool) Settings::get( Share::SECTION, 'counts' ) && array() !== self::server_sources();
	}

	/**
	 * The sources the server asks.
	 *
	 * @return array<string, array{url: string, path?: string, pattern?: string, where: string}>
	 */
	public static function server_sources(): array {
		return array_filter( ShareServices::count_sources(), static fn( $source ) => 'server' === $source['where'] );
	}

	/** Schedules the event when it is wanted and missing; removes it when it is not wanted. */
	public static function sync_schedule(): void {
		$next = wp_next_scheduled( self::HOOK );
		if ( self::wanted() ) {
			if ( false === $next ) {
				wp_schedule_event( time() + MINUTE_IN_SECONDS, self::RECURRENCE, self::HOOK );
			}
		} elseif ( false !== $next ) {
			wp_unschedule_hook( self::HOOK );
		}
	}

	/** The same on admin pages, for those who may change the settings: never for visitors. */
	public static function sync_schedule_for_admin(): void {
		if ( current_user_can( 'manage_options' ) ) {
			self::sync_schedule();
		}
	}

	/**
	 * The event: refreshes the counts of the pages due, within BATCH and the budget.
	 *
	 * @param float $budget Seconds after which no request is started (a test's is shorter).
	 */
	public function run( float $budget = self::BUDGET ): void {
		$sources = self::server_sources();
		if ( ! Settings::get( Share::SECTION, 'counts' ) || ! $sources ) {
			return;
		}
		$pages = self::due_pages( array_keys( $sources ) );
		if ( ! $pages ) {
			return;
		}
		$started  = microtime( true );
		$failures = array_fill_keys( array_keys( $sources ), 0 );
		add_action( 'requests-requests.before_redirect', array( self::class, 'refuse_redirect' ) );
		try {
			foreach ( $pages as $page => $permalink ) {
				foreach ( $sources as $service => $source ) {
					if ( microtime( true ) - $started >= $budget ) {
						return;
					}
					if ( $failures[ $service ] >= self::FAILURES_BEFORE_SKIP ) {
						continue;
					}
					$count = self::fetch( $source, $permalink );
					if ( null === $count ) {
						++$failures[ $service ];
						continue;
					}
					$failures[ $service ] = 0;
					ShareCounts::store( $page, $service, $count );
				}
			}
		} finally {
			remove_action( 'requests-requests.before_redirect', array( self::class, 'refuse_redirect' ) );
		}
	}

	/**
	 * The pages to refresh now, at most BATCH, by page with their permalink: of the newest
	 * published posts of the types that get a bar, those whose counts were never stored for a
	 * server network (newest first), then those last refreshed before REFRESH_INTERVAL (longest
	 * ago first). A page counts as refreshed when any server network's count was stored for it,
	 * so a network that always fails does not keep the same pages first in line forever.
	 *
	 * @param list<string> $services The server networks.
	 * @return array<string, string> Permalink by page.
	 */
	public static function due_pages( array $services ): array {
		$types = SharePlacement::placed_on();
		if ( ! $types ) {
			return array();
		}
		$ids        = get_posts(
			array(
				'post_type'              => $types,
				'post_status'            => 'publish',
				'date_query'             => array(
					array(
						'column' => 'post_date_gmt',
						'after'  => gmdate( 'Y-m-d H:i:s', time() - self::RECENT_DAYS * DAY_IN_SECONDS ),
					),
				),
				'orderby'                => 'date',
				'order'                  => 'DESC',
				'posts_per_page'         => self::RECENT_POSTS, // phpcs:ignore WordPress.WP.PostsPerPage.posts_per_page_posts_per_page -- ids only, once an hour, in the cron request.
				'fields'                 => 'ids',
				'no_found_rows'          => true,
				'ignore_sticky_posts'    => true,
				'suppress_filters'       => true,
				'update_post_meta_cache' => false,
			)
		);
		$permalinks = array();
		foreach ( $ids as $id ) {
			$permalink = get_permalink( $id );
			$page      = is_string( $permalink ) ? ShareCounts::page_of( $permalink ) : null;
			if ( null !== $page && ! isset( $permalinks[ $page ] ) ) {
				$permalinks[ $page ] = (string) $permalink;
			}
		}
		$refreshed = ShareCounts::last_refreshed( array_map( 'strval', array_keys( $permalinks ) ), $services );
		$before    = gmdate( 'Y-m-d H:i:s', time() - self::REFRESH_INTERVAL );
		$never     = array();
		$stale     = array();
		foreach ( $permalinks as $page => $permalink ) {
			$page = (string) $page;
			if ( ! isset( $refreshed[ $page ] ) ) {
				$never[ $page ] = $permalink;
			} elseif ( $refreshed[ $page ] < $before ) {
				$stale[ $page ] = $refreshed[ $page ];
			}
		}
		asort( $stale, SORT_STRING );
		foreach ( array_keys( $stale ) as $page ) {
			$never[ (string) $page ] = $permalinks[ $page ];
		}
		return array_slice( $never, 0, self::BATCH, true );
	}

	/**
	 * One network's count of one page, or null when it could not be had.
	 *
	 * @param array{url: string, path?: string, pattern?: string, where: string} $source    A server source.
	 * @param string                                                             $permalink The page's address.
	 */
	public static function fetch( array $source, string $permalink ): ?int {
		$url = str_replace( '{url}', rawurlencode( $permalink ), $source['url'] );
		if ( ! self::is_public( $url ) ) {
			return null;
		}
		$answer = wp_safe_remote_get(
			$url,
			array(
				'timeout'             => self::TIMEOUT,
				'redirection'         => self::REDIRECTS,
				'limit_response_size' => self::MAX_BYTES,
				'reject_unsafe_urls'  => true,
				'user-agent'          => 'TenderPress/' . TENDERPRESS_VERSION . ' (share counts; ' . home_url( '/' ) . ')',
				'headers'             => array( 'Accept' => 'application/json, text/javascript, */*;q=0.1' ),
			)
		);
		if ( is_wp_error( $answer ) ) {
			return null;
		}
		$status = (int) wp_remote_retrieve_response_code( $answer );
		if ( $status < 200 || $status > 299 ) {
			return null;
		}
		return ShareServices::read_count( $source, wp_remote_retrieve_body( $answer ) );
	}

	/** Whether a count source's address may be asked (PublicUrl::is_public()). */
	public static function is_public( string $url ): bool {
		return PublicUrl::is_public( $url );
	}

	/**
	 * Refuses a redirect to a link-local or reserved address (WordPress has checked it against
	 * its own rules already). Hooked only while a run makes its requests.
	 *
	 * @param mixed $location Where the answer redirects to.
	 * @throws \WpOrg\Requests\Exception For such an address, which the request returns as its error.
	 */
	public static function refuse_redirect( $location ): void {
		if ( ! is_string( $location ) || ! self::is_public( $location ) ) {
			throw new \WpOrg\Requests\Exception( 'A share count request was redirected to a local address.', 'tenderpress.redirect_refused' );
		}
	}
}
