<?php
namespace TenderPress\Push;

use TenderPress\Content\Notice;
use TenderPress\Listings\NoticeCard;
use TenderPress\Settings\Settings;
use WP_Post;

/**
 * What a notification about a notice says: the notice's title, its buyer and deadline, the icon,
 * and the notice's address to open on a click. The service worker shows it as it comes, so the
 * wording is the site's, in the site's language.
 */
final class PushMessage {

	/** Title and body are cut to these many characters (browsers show about two lines). */
	public const TITLE_LENGTH = 120;
	public const BODY_LENGTH  = 240;

	/**
	 * The message for a notice, as the JSON the service worker reads.
	 *
	 * @return array{title: string, body: string, icon: string, url: string, tag: string}
	 */
	public static function for_notice( WP_Post $post ): array {
		// Sent to every subscriber: a password-protected notice's body stays out, whoever's request
		// (and password cookie) queued the message.
		$notice = Notice::for_everyone( $post );
		$facts  = array();
		if ( '' !== $notice->buyer ) {
			$facts[] = $notice->buyer;
		}
		if ( null !== $notice->deadline_timestamp ) {
			/* translators: %s: the notice's deadline, a date and time. */
			$facts[] = sprintf( __( 'Deadline: %s', 'tenderpress' ), NoticeCard::time_label( $notice->deadline_timestamp ) );
		}
		$title = wp_strip_all_tags( html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
		return array(
			'title' => self::cut( Notice::label_for_type( $notice->type ) . ': ' . $title, self::TITLE_LENGTH ),
			'body'  => self::cut( implode( ' · ', $facts ), self::BODY_LENGTH ),
			'icon'  => self::icon(),
			'url'   => (string) get_permalink( $post ),
			'tag'   => 'tenderpress-notice-' . $post->ID,
		);
	}

	/** The notification icon: the setting, else the site icon, else none. */
	public static function icon(): string {
		$icon = Settings::get( PushSettings::SECTION, 'icon' );
		if ( is_string( $icon ) && '' !== $icon ) {
			return $icon;
		}
		return (string) get_site_icon_url( 192 );
	}

	private static function cut( string $text, int $length ): string {
		$text = trim( (string) preg_replace( '/\s+/u', ' ', $text ) );
		return mb_strlen( $text ) > $length ? rtrim( mb_substr( $text, 0, $length - 1 ) ) . '…' : $text;
	}
}
