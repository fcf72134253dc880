<?php
namespace TenderPress\Ajax;

use TenderPress\Islands\Share;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCountRefresh;
use TenderPress\Share\ShareCounts;
use TenderPress\Share\ShareServices;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\RequestLocale;
use TenderPress\Support\SiteOrigin;

/**
 * `tenderpress_sharing_count` (GET, public): the stored share counts of this site's pages.
 *
 * `urls[]` names the pages; the answer is `{status: 1, message: {url: {service: count}}}`, each
 * URL as this site writes it, and beside the spec's fields `shown: {url: …}`, each page's counts
 * as its bars show them (Share::shown_counts(): formatted, with the words read out, in the
 * language `lang` names, the page's), so the island puts them in place and formats nothing. Addresses that are not this site's, malformed or too long are left
 * out of the answer (a page's own URL never is); duplicates are folded; more than
 * ShareCounts::MAX_URLS addresses, or `urls` that is not a list, get a 400.
 *
 * The original plugin wrote to the database and called every network on each anonymous call
 * (500 URLs: 2.2 s, 4,859 queries, 1,500 outbound calls) and echoed the addresses into its
 * answer. Here a call reads one statement whatever the number of addresses, writes nothing,
 * calls nobody, and answers only addresses it rebuilt itself. No nonce: it must work from pages
 * cached for days, and it changes nothing. The answer may be cached for five minutes.
 */
final class SharingCount {

	public const ACTION = 'tenderpress_sharing_count';

	/** Seconds a browser or a shared cache may keep an answer. */
	public const MAX_AGE = 300;

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'handle' ) );
	}

	/**
	 * The spec's `{network}` and `{network}_urls` fields, only when the site owner turned on
	 * collecting counts in browsers: for each network read there, `true` and the asked pages
	 * whose count of it is missing or older than the refresh interval (ShareCountRefresh), so a
	 * page's visitors send it at most about four times a day. Nothing when it is off, so a
	 * browser asks no network. One more statement when it is on, whatever the number of pages.
	 *
	 * @param array<string, string> $asked The asked pages' URLs, by page.
	 * @return array<string, bool|list<string>>
	 */
	private static function to_collect( array $asked ): array {
		if ( ! $asked || ! Settings::get( Share::SECTION, 'collect' ) ) {
			return array();
		}
		$networks = array_keys( ShareServices::browser_sources() );
		$fields   = array();
		$stale    = gmdate( 'Y-m-d H:i:s', time() - ShareCountRefresh::REFRESH_INTERVAL );
		foreach ( $networks as $id ) {
			$refreshed               = ShareCounts::last_refreshed( array_keys( $asked ), array( $id ) );
			$fields[ $id ]           = true;
			$fields[ $id . '_urls' ] = array_values( array_filter( $asked, static fn( $page ) => ( $refreshed[ $page ] ?? '' ) < $stale, ARRAY_FILTER_USE_KEY ) );
		}
		return $fields;
	}

	public function handle(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a public read from cached pages; each address is checked by ShareCounts::page_of().
		$urls = isset( $_GET['urls'] ) ? wp_unslash( $_GET['urls'] ) : null;
		if ( ! is_array( $urls ) || ! array_is_list( $urls ) ) {
			AjaxResponse::error( __( 'Send the page addresses as a list, urls[].', 'tenderpress' ) );
			return;
		}
		if ( count( $urls ) > ShareCounts::MAX_URLS ) {
			/* translators: %s: the most addresses one request may ask for. */
			AjaxResponse::error( sprintf( __( 'Ask for at most %s addresses at a time.', 'tenderpress' ), number_format_i18n( ShareCounts::MAX_URLS ) ) );
			return;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a public read; checked against its pattern.
		$lang = isset( $_GET['lang'] ) ? wp_unslash( $_GET['lang'] ) : '';
		if ( ! is_string( $lang ) || ! preg_match( RequestLocale::PATTERN, $lang ) ) {
			/* translators: %s: name of a request field. */
			AjaxResponse::error( sprintf( __( 'The field %s is not valid.', 'tenderpress' ), 'lang' ) );
			return;
		}
		$origin = SiteOrigin::get();
		$asked  = array();
		foreach ( $urls as $url ) {
			$page = ShareCounts::page_of( $url );
			if ( null !== $page ) {
				$asked[ $page ] = esc_url_raw( $origin . $page );
			}
		}
		$counts  = ShareCounts::for_pages( array_keys( $asked ) );
		$message = array();
		$shown   = array();
		foreach ( $asked as $page => $url ) {
			$message[ $url ] = (object) $counts[ $page ];
			// In the page's language (`lang`), else the site's, never a signed-in asker's own:
			// the answer may be kept by caches and shown on everyone's page.
			$shown[ $url ] = RequestLocale::run( '' !== $lang ? $lang : get_locale(), static fn() => Share::shown_counts( $counts[ $page ] ) );
		}
		if ( ! headers_sent() ) {
			// admin-ajax.php forbids caching; counts may be a few minutes old.
			header_remove( 'Expires' );
			header_remove( 'Pragma' );
			header( 'Cache-Control: public, max-age=' . self::MAX_AGE );
			header( 'X-Robots-Tag: noindex' );
		}
		wp_send_json(
			array(
				'status'  => 1,
				'message' => (object) $message,
				'shown'   => (object) $shown,
			) + self::to_collect( $asked ),
			200,
			JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES
		);
	}
}
