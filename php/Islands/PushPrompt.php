<?php
namespace TenderPress\Islands;

use TenderPress\Blocks\DesignTokens;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Push\PushSettings;
use TenderPress\Rest\PushSubscriptionRoutes;
use TenderPress\Push\SubscriptionStore;
use TenderPress\Push\SubscriptionTopics;
use TenderPress\Push\Vapid;
use TenderPress\Settings\Settings;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;

/**
 * The push notifications' opt-in prompt: "Get browser alerts when new tenders and EOIs are
 * published." (or the spec's "{site} likes to show you notifications for the latest Tenders,
 * EOI.", a setting) with Allow, No thanks and Close, at the top of every page until a visitor
 * answers (PushSettings: on by default, its wording, the back-off after "No thanks").
 *
 * It is printed hidden at the start of the body (wp_body_open, before the header; at the end for
 * a theme without that hook), followed at once by a tiny inline script (islands/push/reveal.ts)
 * that shows it, before the page below is parsed, when this browser can take push and has not
 * answered. It sits in the document flow, as GOV.UK's cookie banner does: the page starts below
 * it and nothing is ever covered, and since it is either there from the first paint or never,
 * nothing shifts. The HTML is the same for every visitor (full-page caches). Without JavaScript
 * nothing shows, as push needs it. The island (islands/push) loads when a visitor goes for Allow.
 */
final class PushPrompt {

	public const ISLAND = 'push';

	public const STYLE = 'tenderpress-push';

	/** Where the service worker is, under the plugin's folder; its folder is its scope. */
	public const WORKER_DIR = 'sdk_files/push/webpush/';

	private const REVEAL = 'push-reveal.js';

	/** @var bool Whether this page has the prompt already (wp_body_open, or wp_footer for a theme without it). */
	private bool $printed = false;

	public function register(): void {
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style' ) );
		add_action( 'wp_body_open', array( $this, 'print_prompt' ), 5 );
		add_action( 'wp_footer', array( $this, 'print_prompt' ), 5 );
	}

	/**
	 * Whether this page offers notifications: the setting, the site's push storage is ready, and
	 * the `tenderpress_push_offered` filter (a theme may leave the prompt off some pages).
	 */
	public static function offered(): bool {
		$offered = true === Settings::get( PushSettings::SECTION, 'prompt' )
			&& SubscriptionStore::ready()
			&& ! is_admin() && ! is_feed() && ! is_embed()
			&& '' !== self::reveal_script()
			&& '' !== self::public_key();
		/**
		 * Filters whether this page offers push notifications (the prompt and the "Get
		 * notifications" buttons), e.g. to leave them off some pages.
		 *
		 * @param bool $offered Whether the settings and the site's push storage allow it.
		 */
		return (bool) apply_filters( 'tenderpress_push_offered', $offered );
	}

	public function enqueue_style(): void {
		if ( ! self::offered() ) {
			return;
		}
		$file = TENDERPRESS_DIR . '/assets/push.css';
		wp_register_style( self::STYLE, plugins_url( 'assets/push.css', TENDERPRESS_FILE ), array( DesignTokens::HANDLE ), TENDERPRESS_VERSION );
		// Small: printed inline in the head (wp_maybe_inline_styles), no request of its own.
		wp_style_add_data( self::STYLE, 'path', $file );
		wp_enqueue_style( self::STYLE );
	}

	/** Prints the prompt once per page, hidden, with the script that may show it. */
	public function print_prompt(): void {
		if ( $this->printed || ! self::offered() ) {
			return;
		}
		$this->printed = true;
		echo self::render(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped as it is built.
		wp_print_inline_script_tag( self::reveal_script(), array( 'id' => 'tenderpress-push-reveal' ) );
	}

	/** The prompt's markup: the island's container, with the props the island reads. */
	public static function render(): string {
		$text  = self::wording();
		$inner = '<section class="tp-push__prompt" aria-label="' . esc_attr( self::region_name() ) . '" hidden>'
			// The sentence shows from the first paint; screen readers hear it once per visit,
			// from the status line the reveal script fills the first time it shows it.
			. '<p class="tp-push__text" aria-hidden="true">' . esc_html( $text ) . '</p>'
			. '<p class="tp-push__said" role="status" data-tp-text="' . esc_attr( $text ) . '"></p>'
			. '<p class="tp-push__hint" hidden>' . esc_html__( 'On an iPhone or iPad, notifications come from sites added to the Home Screen: tap Share, then "Add to Home Screen", and open the site from there.', 'tenderpress' ) . '</p>'
			. '<div class="tp-push__actions">'
			. '<button type="button" class="tp-push__allow" data-tp-push-allow>' . esc_html__( 'Allow', 'tenderpress' ) . '</button>'
			. '<button type="button" class="tp-push__dismiss" data-tp-push-dismiss>' . esc_html__( 'No thanks', 'tenderpress' ) . '</button>'
			// Not now: hidden for the rest of this visit, asked again on the next one.
			. '<button type="button" class="tp-push__close" data-tp-push-close>' . esc_html__( 'Close', 'tenderpress' ) . '</button>'
			. '</div></section>';
		return IslandContainer::render(
			self::ISLAND,
			'<div data-tp-root>' . $inner . '</div>',
			self::props( $text ),
			array(
				'when'   => 'interaction',
				'intent' => '[data-tp-push-allow]',
				'replay' => '[data-tp-push-allow]',
			)
		);
	}

	/** The name the prompt's region goes by for screen readers (short: its sentence follows). */
	private static function region_name(): string {
		return __( 'Browser notifications', 'tenderpress' );
	}

	/**
	 * The prompt's sentence: the site owner's wording, else the original site's ("{site} likes to
	 * show you notifications…") when the owner chose it, else ours, which says what a visitor
	 * gets.
	 */
	public static function wording(): string {
		$site    = wp_strip_all_tags( html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		$wording = Settings::get( PushSettings::SECTION, 'wording' );
		if ( is_string( $wording ) && '' !== trim( $wording ) ) {
			return str_replace( '{site}', $site, $wording );
		}
		if ( true === Settings::get( PushSettings::SECTION, 'originalWording' ) ) {
			return self::original_wording( $site );
		}
		return self::default_wording();
	}

	/** Our sentence, which says what a visitor gets. */
	public static function default_wording(): string {
		return __( 'Get browser alerts when new tenders and EOIs are published.', 'tenderpress' );
	}

	/** The original site's sentence, with the site's name. */
	public static function original_wording( string $site ): string {
		/* translators: %s: the site's name. */
		return sprintf( __( '%s likes to show you notifications for the latest Tenders, EOI.', 'tenderpress' ), $site );
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function props( string $text ): array {
		$types = Settings::get( PushSettings::SECTION, 'types' );
		$types = is_array( $types ) ? $types : array();
		return self::connection() + array(
			'backoffDays' => (int) Settings::get( PushSettings::SECTION, 'backoffDays' ),
			'types'       => array_map( static fn( string $type ): array => array( $type, Notice::label_for_type( $type ) ), $types ),
			'categories'  => self::top_terms( NoticeTaxonomies::CATEGORY ),
			'locations'   => self::top_terms( NoticeTaxonomies::LOCATION ),
			'labels'      => array(
				'prompt'       => $text,
				'region'       => self::region_name(),
				'allow'        => __( 'Allow', 'tenderpress' ),
				'dismiss'      => __( 'No thanks', 'tenderpress' ),
				'asking'       => __( 'Waiting for your browser\'s permission…', 'tenderpress' ),
				'subscribed'   => __( 'Notifications are on. Choose which notices you hear about, or keep them all.', 'tenderpress' ),
				'topics'       => __( 'Notify me about', 'tenderpress' ),
				'categories'   => __( 'Categories', 'tenderpress' ),
				'locations'    => __( 'Locations', 'tenderpress' ),
				'save'         => __( 'Save my choice', 'tenderpress' ),
				'saved'        => __( 'Saved.', 'tenderpress' ),
				'unsubscribe'  => __( 'Turn notifications off', 'tenderpress' ),
				'unsubscribed' => __( 'Notifications are off.', 'tenderpress' ),
				'blocked'      => __( 'Your browser blocks notifications from this site. You can allow them in its site settings.', 'tenderpress' ),
				'failed'       => __( 'This browser could not turn notifications on. Try again later.', 'tenderpress' ),
				'close'        => __( 'Close', 'tenderpress' ),
			),
			'messages'    => AjaxResponse::client_messages(),
		);
	}

	/**
	 * What a page needs to subscribe a browser: the site's push key, the subscriptions route, and
	 * the service worker with its scope (the prompt, and the settings screen's test).
	 *
	 * @return array{publicKey: string, route: string, worker: string, scope: string}
	 */
	public static function connection(): array {
		$route = rest_url( Rest::NAMESPACE . PushSubscriptionRoutes::ROUTE );
		return array(
			'publicKey' => self::public_key(),
			'route'     => $route,
			// The worker renews a subscription the browser replaces through the same route.
			'worker'    => add_query_arg( 'route', rawurlencode( $route ), plugins_url( self::WORKER_DIR . 'sw.js', TENDERPRESS_FILE ) ),
			'scope'     => plugins_url( self::WORKER_DIR, TENDERPRESS_FILE ),
		);
	}

	/**
	 * The top-level terms of a notice taxonomy that have notices, their own or their
	 * descendants' (a state whose notices are filed under its cities alone), as [id, name]: a
	 * subscriber's broad choices (a state takes its cities, SubscriptionTopics::of_notice()), at
	 * most SubscriptionTopics::MAX_PER_KIND, the busiest first (with their descendants'), by name.
	 *
	 * @return list<array{0: int, 1: string}>
	 */
	private static function top_terms( string $taxonomy ): array {
		// Of the terms every page's views and filters read already (one query for both kinds).
		$weight = array();
		$terms  = array();
		foreach ( NoticeTaxonomies::with_tops( $taxonomy ) as list( $term, $top ) ) {
			$weight[ $top->term_id ] = ( $weight[ $top->term_id ] ?? 0 ) + $term->count;
			if ( 0 === $term->parent ) {
				$terms[] = $term;
			}
		}
		$terms = array_filter( $terms, static fn( \WP_Term $term ): bool => $weight[ $term->term_id ] > 0 );
		usort( $terms, static fn( \WP_Term $a, \WP_Term $b ): int => $weight[ $a->term_id ] !== $weight[ $b->term_id ] ? $weight[ $b->term_id ] <=> $weight[ $a->term_id ] : strcasecmp( $a->name, $b->name ) );
		$terms = array_slice( $terms, 0, SubscriptionTopics::MAX_PER_KIND );
		usort( $terms, static fn( \WP_Term $a, \WP_Term $b ): int => strcasecmp( $a->name, $b->name ) );
		return array_map( static fn( $term ) => array( (int) $term->term_id, html_entity_decode( $term->name, ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ), $terms );
	}

	/**
	 * The site's push key as stored, or '' when none is (nobody is asked then). A page never
	 * makes one: activation, the upgrade and saving the settings do (Vapid::create()).
	 */
	private static function public_key(): string {
		return Vapid::public_key();
	}

	/** The reveal script's code, or '' when the plugin was not built. */
	private static function reveal_script(): string {
		return IslandAssets::inline_script( self::REVEAL );
	}
}
