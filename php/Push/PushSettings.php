<?php
namespace TenderPress\Push;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\PushPromptPreview;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\PublicUrl;

/**
 * The push notifications' section of the settings screen, and the rule for which push-service
 * addresses the site accepts and sends to.
 */
final class PushSettings {

	public const SECTION = 'push';

	/**
	 * Seconds a batch's lookups of its push services' hosts may take, all of them together: a
	 * hard limit (curl's own resolver, PublicUrl::resolve()), part of the bound on a batch that
	 * PushQueue's lock is sized for.
	 */
	public const LOOKUP_SECONDS = 3;

	public function register(): void {
		Settings::add_section( self::SECTION, array( self::class, 'settings' ) );
		// Saving the settings makes the site's push key pair if it has none (a page never does).
		add_filter( 'sanitize_option_' . Settings::OPTION, array( self::class, 'make_keys' ), 20 );
	}

	/**
	 * Makes the site's push key pair when it has none, as the settings are saved.
	 *
	 * @param mixed $value The settings being saved, passed on unchanged.
	 * @return mixed
	 */
	public static function make_keys( $value ) {
		if ( '' === Vapid::public_key() ) {
			try {
				Vapid::create();
			} catch ( \RuntimeException $e ) {
				// A stored pair that cannot be read is kept as it is; the push section says so.
				unset( $e );
			}
		}
		return $value;
	}

	public static function settings(): SettingsSection {
		return new SettingsSection(
			__( 'Push notifications', 'tenderpress' ),
			__( 'Browser notifications about new notices, sent by this site itself through the standard Web Push protocol: no third-party account.', 'tenderpress' ),
			array(
				'prompt'           => new SettingsField( SettingsField::BOOLEAN, __( 'Offer notifications to visitors', 'tenderpress' ), __( 'A prompt slides down at the top of each page until a visitor answers it. Links and buttons with the class tenderpress-push-prompt ask too.', 'tenderpress' ), true ),
				'wording'          => SettingsField::text(
					__( 'Prompt wording', 'tenderpress' ),
					/* translators: %s: the placeholder for the site's name, {site}. */
					sprintf( __( 'Empty: "Get browser alerts when new tenders and EOIs are published.", in the visitor\'s language (or the original wording, below). %s stands for the site\'s name.', 'tenderpress' ), '{site}' ),
					200
				),
				'originalWording'  => new SettingsField( SettingsField::BOOLEAN, __( 'Use the original wording', 'tenderpress' ), sprintf( /* translators: %s: the placeholder for the site's name, {site}. */ __( 'When the wording above is empty: "%s likes to show you notifications for the latest Tenders, EOI.", as the original site said it.', 'tenderpress' ), '{site}' ), false ),
				'backoffDays'      => new SettingsField( SettingsField::INTEGER, __( 'Ask again after "No thanks"', 'tenderpress' ), __( '0 asks on every page load.', 'tenderpress' ), 7, 0, 365, __( 'days', 'tenderpress' ) ),
				'types'            => SettingsField::choices(
					__( 'Notices that send a notification', 'tenderpress' ),
					__( 'A notice of these types sends one notification, when it is first published (or when a scheduled one goes live), to every subscriber who chose its type, category and location.', 'tenderpress' ),
					array_combine( NoticeFields::NOTICE_TYPES, array_map( array( Notice::class, 'label_for_type' ), NoticeFields::NOTICE_TYPES ) ),
					array( 'tender', 'eoi' )
				),
				'icon'             => SettingsField::text(
					__( 'Notification icon', 'tenderpress' ),
					__( 'The address of a square image, at least 192 pixels wide. Empty: the site icon.', 'tenderpress' ),
					500,
					'#^https://\\S+$#D',
					__( 'an address starting with https://', 'tenderpress' )
				),
				'maxSubscriptions' => new SettingsField( SettingsField::INTEGER, __( 'Most subscribed browsers', 'tenderpress' ), __( 'Once this many browsers are subscribed, the site takes no new ones (they are told to try again later) until some leave.', 'tenderpress' ), 100000, 1, 10000000 ),
				'newPerHour'       => new SettingsField( SettingsField::INTEGER, __( 'Most new subscriptions an hour', 'tenderpress' ), __( 'For the whole site: past this many in an hour, new browsers are asked to try again later.', 'tenderpress' ), 1000, 1, 1000000, __( 'an hour', 'tenderpress' ) ),
				'contact'          => SettingsField::text(
					__( 'Contact for push services', 'tenderpress' ),
					__( 'An e-mail address or an https:// page where the browsers\' push services can reach whoever runs this site, sent with every notification. Empty: the site\'s address.', 'tenderpress' ),
					200,
					'#^(?:[^@\\s/:]+@[^@\\s/:]+\\.[^@\\s/:]+|https://\\S+)$#D',
					__( 'an e-mail address or an address starting with https://', 'tenderpress' )
				),
				'allowLocal'       => new SettingsField( SettingsField::BOOLEAN, __( 'Allow local push services (development only)', 'tenderpress' ), __( 'Besides the browsers\' push services, accepts subscriptions whose push service is on this machine or a private network (an IP address, or localhost), over plain http and on any port too, and sends to them. Only for testing with a local push service: on a live site it would let visitors make the site send requests into its own network.', 'tenderpress' ), false ),
			),
			// The prompt's live preview, then the test notification.
			static fn(): string => PushPromptPreview::render() . PushTestNotification::control()
		);
	}

	/**
	 * The push services the site accepts subscriptions for and sends to, by default: the browsers'
	 * own (RFC 8030), each as its host, or "*." and a domain for any one label under it.
	 *
	 * - fcm.googleapis.com: Chrome, Edge on Android, Opera, Samsung Internet and other Chromium
	 *   browsers (`/fcm/send/…`, `/wp/…`). The legacy GCM host (android.googleapis.com) is left
	 *   out: Google removed it in 2019, and subscriptions made with a VAPID key never used it.
	 * - updates.push.services.mozilla.com: Firefox's autopush (push.services.mozilla.com is its
	 *   browsers' WebSocket, never an endpoint).
	 * - *.push.apple.com: Safari (web.push.apple.com).
	 * - *.notify.windows.com: Edge on Windows (WNS, `wns2-….notify.windows.com`).
	 *
	 * The `tenderpress_push_services` filter extends the list (services()).
	 */
	public const SERVICES = array( 'fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com' );

	/** The only port a push service is asked on (the development setting allows local ones on any). */
	public const PORT = 443;

	/**
	 * The push services the site sends to: SERVICES and what the `tenderpress_push_services`
	 * filter adds, lower case, each a host name or "*." and a domain.
	 *
	 * @return list<string>
	 */
	public static function services(): array {
		/**
		 * The push services (host names) whose subscriptions the site accepts and sends to. Add
		 * the host of another browser's push service, or "*." and a domain for any one label
		 * under it; each is asked over https on port 443 only.
		 *
		 * @param list<string> $services The browsers' push services (PushSettings::SERVICES).
		 */
		$services = apply_filters( 'tenderpress_push_services', self::SERVICES );
		$services = is_array( $services ) ? $services : self::SERVICES;
		return array_values( array_filter( array_map( static fn( $service ): string => is_string( $service ) ? strtolower( trim( $service ) ) : '', $services ) ) );
	}

	/** Whether a host is one of the push services (services()). */
	public static function is_service( string $host ): bool {
		$host = strtolower( $host );
		foreach ( self::services() as $service ) {
			if ( str_starts_with( $service, '*.' ) ) {
				$label = substr( $host, 0, -strlen( $service ) + 1 );
				if ( str_ends_with( $host, substr( $service, 1 ) ) && (bool) preg_match( '/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/D', $label ) ) {
					return true;
				}
			} elseif ( $host === $service ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the site accepts a push service's address: https on port 443 at one of the push
	 * services (services()), or, with the development setting on, http or https on any port at
	 * a local address (loopback or a private network, as an IP address, or localhost). No
	 * address is looked up here: a visitor's request never waits for DNS.
	 */
	public static function endpoint_allowed( string $endpoint ): bool {
		$parts = wp_parse_url( $endpoint );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return false;
		}
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$port   = (int) ( $parts['port'] ?? self::PORT );
		if ( 'https' === $scheme && self::PORT === $port && self::is_service( $parts['host'] ) ) {
			return true;
		}
		return self::allows_local() && in_array( $scheme, array( 'http', 'https' ), true ) && self::is_local_host( $parts['host'] );
	}

	/** Whether the development setting that allows local push services is on. */
	public static function allows_local(): bool {
		return true === Settings::get( self::SECTION, 'allowLocal' );
	}

	/** Whether a host is localhost or a loopback or private IP address (not a public one). */
	private static function is_local_host( string $host ): bool {
		$host = strtolower( trim( $host, '[]' ) );
		if ( 'localhost' === $host ) {
			return true;
		}
		return false !== filter_var( $host, FILTER_VALIDATE_IP ) && ! PublicUrl::is_global( $host );
	}

	/**
	 * Where a delivery connects for each push service of a batch, by audience (Vapid::audience()):
	 * the address its host resolves to now, which the requests are pinned to (so a second lookup
	 * cannot lead into the site's own network: DNS rebinding); '' for an IP address, which is
	 * not looked up; null when it may not be sent to (not accepted any more, or one of the
	 * addresses it resolves to is private); false when it did not resolve within LOOKUP_SECONDS
	 * (the batch's subscriptions there are tried again later).
	 *
	 * Each host is looked up once, all of them at once, within LOOKUP_SECONDS in all
	 * (PublicUrl::resolve()). With the development setting on, local addresses are accepted too;
	 * a host the site allows through WordPress's `http_request_host_is_external` may resolve to
	 * any address.
	 *
	 * @param list<string> $endpoints The batch's push service addresses.
	 * @return array<string, string|false|null>
	 */
	public static function send_addresses( array $endpoints ): array {
		$addresses = array();
		$names     = array();
		foreach ( $endpoints as $endpoint ) {
			$audience = Vapid::audience( $endpoint );
			if ( null === $audience || array_key_exists( $audience, $addresses ) ) {
				continue;
			}
			$addresses[ $audience ] = null;
			if ( ! self::endpoint_allowed( $endpoint ) ) {
				continue;
			}
			$host = trim( (string) wp_parse_url( $endpoint, PHP_URL_HOST ), '[]' );
			if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) ) {
				$addresses[ $audience ] = '';
				continue;
			}
			$names[ $audience ] = strtolower( $host );
		}
		$resolved = PublicUrl::resolve( array_values( array_unique( $names ) ), self::LOOKUP_SECONDS );
		$local    = self::allows_local();
		foreach ( $names as $audience => $host ) {
			$ips = $resolved[ $host ] ?? array();
			if ( array() === $ips ) {
				$addresses[ $audience ] = false;
				continue;
			}
			$refused = array_filter( $ips, static fn( string $ip ): bool => ! PublicUrl::is_global( $ip ) && ! ( $local && self::is_local_host( $ip ) ) );
			if ( array() === $refused || PublicUrl::host_allowed( $host, $audience ) ) {
				$addresses[ $audience ] = $ips[0];
			}
		}
		return $addresses;
	}

	/**
	 * One push service's address to connect to, as send_addresses() gives it.
	 *
	 * @return string|false|null
	 */
	public static function send_address( string $endpoint ) {
		return self::send_addresses( array( $endpoint ) )[ (string) Vapid::audience( $endpoint ) ] ?? null;
	}
}
