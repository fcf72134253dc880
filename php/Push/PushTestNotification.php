<?php
namespace TenderPress\Push;

use TenderPress\Admin\SettingsPage;
use TenderPress\Islands\PushPrompt;
use TenderPress\Rest\PushTestRoute;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;

/**
 * "Send a test notification to this browser", on the settings screen's push section: the site
 * owner's way to see, before any notice goes out, that the site's notifications reach a browser.
 *
 * The button's script (islands/push/admin-test.ts) asks the browser for permission, subscribes it
 * through the plugin's service worker as the visitors' prompt does, and posts that subscription
 * to `POST /wp-json/tenderpress/v1/push/test` (Rest\PushTestRoute). The route sends a test message to it at once,
 * through the same encryption, signature and address checks as a notice's notification, and
 * answers what the push service said. The subscription is not stored: a test is not a sign-up
 * (the site owner signs up on the site, as visitors do). One the site stores already and the
 * push service says is gone is removed, as a delivery would remove it.
 *
 * Only users who can manage options may send one (the REST API's cookie nonce proves the request
 * came from the screen), and the push service's address passes the same checks as a visitor's.
 */
final class PushTestNotification {

	public const ROUTE  = '/push/test';
	public const SCRIPT = 'tenderpress-push-test';

	/** The message's tag: a second test replaces the first on screen. */
	public const TAG = 'tenderpress-test';

	public function register(): void {
		add_action( 'rest_api_init', array( new PushTestRoute(), 'register' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/** The button's script, on the settings screen only. */
	public function enqueue( string $hook_suffix ): void {
		if ( 'settings_page_' . SettingsPage::SLUG !== $hook_suffix || ! is_readable( TENDERPRESS_DIR . '/build/push-test.js' ) ) {
			return;
		}
		wp_enqueue_script( self::SCRIPT, plugins_url( 'build/push-test.js', TENDERPRESS_FILE ), array(), TENDERPRESS_VERSION, true );
	}

	/**
	 * What the push section shows above its fields: how many browsers are subscribed, and the
	 * test's button, what it does, and its status line.
	 *
	 * @return string Escaped HTML.
	 */
	public static function control(): string {
		$connection = PushPrompt::connection();
		if ( '' === $connection['publicKey'] ) {
			return '<p>' . esc_html__( 'Notifications cannot be sent yet: the site has no push key. Save these settings to make one.', 'tenderpress' ) . '</p>';
		}
		$props       = $connection + array(
			'testRoute' => rest_url( Rest::NAMESPACE . self::ROUTE ),
			'nonce'     => wp_create_nonce( 'wp_rest' ),
			'labels'    => array(
				'asking'      => __( 'Waiting for your browser\'s permission…', 'tenderpress' ),
				'sending'     => __( 'Sending…', 'tenderpress' ),
				'unsupported' => __( 'This browser cannot receive push notifications.', 'tenderpress' ),
				'blocked'     => __( 'This browser blocks notifications from this site. Allow them in its site settings, then try again.', 'tenderpress' ),
				'failed'      => __( 'This browser could not subscribe. Try again later.', 'tenderpress' ),
			),
			'messages'  => AjaxResponse::client_messages(),
		);
		$subscribers = SubscriptionStore::ready() ? SubscriptionStore::count() : 0;
		return '<div class="tp-push-test" data-tp-push-test="' . esc_attr( (string) wp_json_encode( $props ) ) . '">'
			/* translators: %s: how many browsers are subscribed, formatted. */
			. '<p>' . esc_html( sprintf( _n( '%s browser is subscribed to notifications.', '%s browsers are subscribed to notifications.', $subscribers, 'tenderpress' ), number_format_i18n( $subscribers ) ) ) . '</p>'
			. '<p><button type="button" class="button" data-tp-push-test-send disabled>' . esc_html__( 'Send a test notification to this browser', 'tenderpress' ) . '</button></p>'
			. '<p class="description">' . esc_html__( 'Asks this browser for permission if needed and sends it a notification now, the way subscribers get one. This browser is not signed up for new notices by the test.', 'tenderpress' ) . '</p>'
			. '<noscript><p>' . esc_html__( 'The test needs JavaScript: it uses this browser\'s own subscription.', 'tenderpress' ) . '</p></noscript>'
			. '<p class="tp-push-test__status" role="status"></p>'
			. '</div>';
	}

	/**
	 * What the test notification says.
	 *
	 * @return array{title: string, body: string, icon: string, url: string, tag: string}
	 */
	public static function message(): array {
		$site = wp_strip_all_tags( html_entity_decode( get_bloginfo( 'name' ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		return array(
			/* translators: %s: the site's name. */
			'title' => sprintf( __( 'Test notification from %s', 'tenderpress' ), $site ),
			'body'  => __( 'Notifications about new notices will look like this.', 'tenderpress' ),
			'icon'  => PushMessage::icon(),
			'url'   => home_url( '/' ),
			'tag'   => self::TAG,
		);
	}
}
