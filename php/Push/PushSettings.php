<?php
namespace TenderPress\Push;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Settings\Settings;
use TenderPress\Settings\SettingsField;
use TenderPress\Settings\SettingsSection;
use TenderPress\Support\PublicUrl;

/**
 * The push notifications' section of the settings screen, and the rule for which push-service
 * addresses the site accepts and sends to.
 */
final class PushSettings {

	public const SECTION = 'push';

	public function register(): void {
		Settings::add_section( self::SECTION, array( self::class, 'settings' ) );
	}

	public static function settings(): SettingsSection {
		return new SettingsSection(
			__( 'Push notifications', 'tenderpress' ),
			__( 'Browser notifications about new notices, sent by this site itself through the standard Web Push protocol: no third-party account.', 'tenderpress' ),
			array(
				'prompt'      => new SettingsField( SettingsField::BOOLEAN, __( 'Offer notifications to visitors', 'tenderpress' ), __( 'A prompt slides down at the top of each page until a visitor answers it. Links and buttons with the class tenderpress-push-prompt ask too.', 'tenderpress' ), true ),
				'wording'     => SettingsField::text(
					__( 'Prompt wording', 'tenderpress' ),
					/* translators: %s: the placeholder for the site's name, {site}. */
					sprintf( __( 'Empty: "%s likes to show you notifications for the latest Tenders, EOI.", in the visitor\'s language. {site} stands for the site\'s name.', 'tenderpress' ), '{site}' ),
					200
				),
				'backoffDays' => new SettingsField( SettingsField::INTEGER, __( 'Ask again after "No thanks"', 'tenderpress' ), __( '0 asks on every page load.', 'tenderpress' ), 7, 0, 365, __( 'days', 'tenderpress' ) ),
				'types'       => SettingsField::choices(
					__( 'Notices that send a notification', 'tenderpress' ),
					__( 'A notice of these types sends one notification, when it is first published (or when a scheduled one goes live), to every subscriber who chose its type, category and location.', 'tenderpress' ),
					array_combine( NoticeFields::NOTICE_TYPES, array_map( array( Notice::class, 'label_for_type' ), NoticeFields::NOTICE_TYPES ) ),
					array( 'tender', 'eoi' )
				),
				'icon'        => SettingsField::text(
					__( 'Notification icon', 'tenderpress' ),
					__( 'The address of a square image, at least 192 pixels wide. Empty: the site icon.', 'tenderpress' ),
					500,
					'#^https://\\S+$#D',
					__( 'an address starting with https://', 'tenderpress' )
				),
				'allowLocal'  => new SettingsField( SettingsField::BOOLEAN, __( 'Allow local push services (development only)', 'tenderpress' ), __( 'Accepts subscriptions whose push service is on this machine or a private network, over plain http too, and sends to them. Only for testing with a local push service: on a live site it would let visitors make the site send requests into its own network.', 'tenderpress' ), false ),
			),
			array( PushTestNotification::class, 'control' )
		);
	}

	/**
	 * Whether the site may send to a push service's address: a public https host, or, with the
	 * development setting on, any http or https host.
	 */
	public static function endpoint_allowed( string $endpoint ): bool {
		$scheme = strtolower( (string) wp_parse_url( $endpoint, PHP_URL_SCHEME ) );
		$parts  = wp_parse_url( $endpoint );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return false;
		}
		if ( true === Settings::get( self::SECTION, 'allowLocal' ) ) {
			return in_array( $scheme, array( 'http', 'https' ), true );
		}
		// A host must resolve, to a public address, when it subscribes and when it is sent to.
		return 'https' === $scheme && PublicUrl::is_public( $endpoint, false );
	}

	/**
	 * Where a delivery connects to send to a push service: the public address its host resolves
	 * to now, which the request is pinned to (so a second lookup cannot lead into the site's own
	 * network: DNS rebinding, or an AAAA record WordPress's IPv4 check does not see); '' with the
	 * development setting on, or for a host the site allows through WordPress's
	 * `http_request_host_is_external` filter (looked up by the request); null when it may not be
	 * sent to.
	 */
	public static function send_address( string $endpoint ): ?string {
		if ( true === Settings::get( self::SECTION, 'allowLocal' ) ) {
			return self::endpoint_allowed( $endpoint ) ? '' : null;
		}
		if ( ! self::endpoint_allowed( $endpoint ) ) {
			return null;
		}
		// A host the site itself allows (http_request_host_is_external) is asked as it resolves.
		return PublicUrl::address( $endpoint ) ?? '';
	}
}
