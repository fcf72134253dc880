<?php
namespace TenderPress\Listings;

use TenderPress\Blocks\BlockAttributes;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Support\Base64Url;

/**
 * What a listing shows (its query and layout), cleaned, and the `sid` that names it.
 *
 * The sid carries the listing's canonical settings, signed with a key derived from the site's
 * secret salts. The server stores nothing when a listing renders (no write on a page view, an
 * editor preview or a REST call), and a page loaded in place (pagination_request) gets the
 * settings back from the sid alone: the client cannot change them without the signature failing,
 * and a sid from a page cached a week ago still works.
 *
 * Format: the settings' values in the order of defaults(), then the signature, joined by dots, e.g.
 * `10..2..0.5.0.0.<22 characters>` (the defaults) (strings are sanitize_key() values, so they hold no dot).
 */
final class ListingSettings {

	/** The block whose attributes (plugin/blocks/listing/block.json) hold the defaults and limits. */
	public const BLOCK = 'tenderpress/listing';

	/**
	 * The public query variable a visitor filters a listing by notice type with
	 * (`?notice_type=eoi`; registered in NoticeArchiveQuery). The other filters: NoticeFilters.
	 */
	public const TYPE_QUERY_ARG = 'notice_type';

	/** Characters of the base64url HMAC-SHA256 kept in a sid: 132 bits. */
	private const SIGNATURE_LENGTH = 22;

	/**
	 * Settings from block or shortcode attributes, cleaned against the block's schema. With
	 * `inherit`, the listing follows the current archive (all notices, or one category or
	 * location) at the site's posts per page.
	 *
	 * @param array<string, mixed> $attributes
	 * @return array<string, mixed>
	 */
	public static function from_attributes( array $attributes ): array {
		if ( isset( $attributes['noticeType'] ) && is_string( $attributes['noticeType'] ) ) {
			$attributes['noticeType'] = sanitize_key( $attributes['noticeType'] );
		}
		$clean    = BlockAttributes::clean( self::BLOCK, $attributes );
		$settings = array(
			'perPage'      => (int) $clean['perPage'],
			'noticeType'   => (string) $clean['noticeType'],
			'headingLevel' => (int) $clean['headingLevel'],
			'taxonomy'     => '',
			'termId'       => 0,
			'visiblePages' => (int) $clean['visiblePages'],
			'noScroll'     => (bool) $clean['noScroll'],
			// A listing a visitor can filter lists open notices until asked for closed ones too
			// (NoticeFilters::STATUS_ANY); one without filters lists what its owner chose.
			'openFirst'    => (bool) $clean['showFilters'],
		);
		if ( $clean['inherit'] ) {
			$settings['perPage'] = self::archive_per_page();
			$term                = get_queried_object();
			if ( is_tax( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) ) && $term instanceof \WP_Term ) {
				$settings['taxonomy'] = $term->taxonomy;
				$settings['termId']   = (int) $term->term_id;
			}
		}
		return $settings;
	}

	/**
	 * A listing with every setting at its default, in the order (and with the types) a sid
	 * carries them.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		return self::from_attributes( array() );
	}

	/** Notices per page on the archives: the site owner's setting (Settings > TenderPress). */
	public static function archive_per_page(): int {
		return ListingOptions::per_page();
	}

	/**
	 * The signed sid of a listing: computed, never stored.
	 *
	 * @param array<string, mixed> $settings
	 */
	public static function sid( array $settings ): string {
		$payload = self::encode( self::canonical( $settings ) );
		return $payload . '.' . self::signature( $payload );
	}

	/**
	 * The settings a sid carries, or null when it is malformed, truncated, tampered with or
	 * signed with another key. Checks the signature before reading anything else.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function from_sid( string $sid ): ?array {
		$parts    = explode( '.', $sid );
		$defaults = self::defaults();
		if ( count( $parts ) !== count( $defaults ) + 1 || strlen( $sid ) > 200 ) {
			return null;
		}
		$signature = (string) array_pop( $parts );
		$payload   = implode( '.', $parts );
		if ( strlen( $signature ) !== self::SIGNATURE_LENGTH || ! hash_equals( self::signature( $payload ), $signature ) ) {
			return null;
		}
		$settings = array();
		$index    = 0;
		foreach ( $defaults as $key => $default ) {
			$value = $parts[ $index++ ];
			if ( is_int( $default ) ) {
				if ( ! preg_match( '/^(0|[1-9][0-9]{0,17})$/D', $value ) ) {
					return null;
				}
				$settings[ $key ] = (int) $value;
			} elseif ( is_bool( $default ) ) {
				if ( '0' !== $value && '1' !== $value ) {
					return null;
				}
				$settings[ $key ] = '1' === $value;
			} else {
				if ( ! preg_match( '/^[a-z0-9_-]{0,64}$/D', $value ) ) {
					return null;
				}
				$settings[ $key ] = $value;
			}
		}
		return $settings;
	}

	/**
	 * Only known keys, with their types, in a fixed order: the same listing always signs alike.
	 *
	 * @param array<string, mixed> $settings Settings to clean.
	 * @return array<string, mixed>
	 */
	private static function canonical( array $settings ): array {
		$clean = array();
		foreach ( self::defaults() as $key => $default ) {
			$value = $settings[ $key ] ?? $default;
			settype( $value, gettype( $default ) );
			if ( is_string( $value ) ) {
				$value = sanitize_key( $value );
			} elseif ( is_int( $value ) ) {
				$value = max( 0, $value );
			}
			$clean[ $key ] = $value;
		}
		return $clean;
	}

	/**
	 * The settings' part of a sid: their values in canonical order, joined by dots.
	 *
	 * @param array<string, mixed> $settings Canonical settings.
	 */
	private static function encode( array $settings ): string {
		return implode( '.', array_map( static fn( $value ) => is_bool( $value ) ? ( $value ? '1' : '0' ) : (string) $value, $settings ) );
	}

	/**
	 * HMAC-SHA256 of the payload under a key derived from the site's auth salt, prefixed so the
	 * signature means "a TenderPress listing" and nothing else signed with that salt.
	 */
	private static function signature( string $payload ): string {
		$mac = hash_hmac( 'sha256', 'tenderpress-listing|' . $payload, wp_salt( 'auth' ), true );
		return substr( Base64Url::encode( $mac ), 0, self::SIGNATURE_LENGTH );
	}
}
