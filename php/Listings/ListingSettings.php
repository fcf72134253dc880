<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeTaxonomies;

/**
 * What a listing shows (its query and layout), cleaned, and the `sid` that names it.
 *
 * The server keeps each listing's settings when it renders the listing, under its sid, so a page
 * loaded in place (pagination_request) names the listing and never sends query arguments.
 */
final class ListingSettings {

	private const OPTION = 'tenderpress_listings';

	/** Listings remembered at most; the oldest go first (editors previewing many variants). */
	private const MAX_STORED = 500;

	public const DEFAULTS = array(
		'perPage'      => 10,
		'noticeType'   => '',
		'headingLevel' => 2,
		'taxonomy'     => '',
		'termId'       => 0,
		'visiblePages' => PageLinks::VISIBLE,
		'noScroll'     => false,
	);

	/**
	 * Settings from block or shortcode attributes. With `inherit`, the listing follows the
	 * current archive (all notices, or one category or location) at the site's posts per page.
	 *
	 * @param array<string, mixed> $attributes
	 * @return array<string, mixed>
	 */
	public static function from_attributes( array $attributes ): array {
		$settings = self::DEFAULTS;
		$settings['perPage'] = isset( $attributes['perPage'] ) ? max( 1, min( 50, (int) $attributes['perPage'] ) ) : 10;
		$type = isset( $attributes['noticeType'] ) && is_string( $attributes['noticeType'] ) ? sanitize_key( $attributes['noticeType'] ) : '';
		$settings['noticeType'] = in_array( $type, NoticeFields::NOTICE_TYPES, true ) ? $type : '';
		$settings['headingLevel'] = isset( $attributes['headingLevel'] ) ? max( 2, min( 6, (int) $attributes['headingLevel'] ) ) : 2;
		$settings['visiblePages'] = isset( $attributes['visiblePages'] ) ? max( 1, min( 9, (int) $attributes['visiblePages'] ) ) : PageLinks::VISIBLE;
		$settings['noScroll'] = ! empty( $attributes['noScroll'] );
		if ( ! empty( $attributes['inherit'] ) ) {
			$settings['perPage'] = max( 1, min( 50, (int) get_option( 'posts_per_page', 10 ) ) );
			$term = get_queried_object();
			if ( is_tax( array( NoticeTaxonomies::CATEGORY, NoticeTaxonomies::LOCATION ) ) && $term instanceof \WP_Term ) {
				$settings['taxonomy'] = $term->taxonomy;
				$settings['termId'] = (int) $term->term_id;
			}
		}
		return $settings;
	}

	/** @param array<string, mixed> $settings */
	public static function sid( array $settings ): string {
		return substr( hash( 'sha256', (string) wp_json_encode( self::canonical( $settings ) ) ), 0, 16 );
	}

	/** Stores the settings under their sid (once) and returns the sid. */
	public static function remember( array $settings ): string {
		$settings = self::canonical( $settings );
		$sid = self::sid( $settings );
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		if ( ! isset( $stored[ $sid ] ) ) {
			$stored[ $sid ] = $settings;
			if ( count( $stored ) > self::MAX_STORED ) {
				$stored = array_slice( $stored, -self::MAX_STORED, null, true );
			}
			update_option( self::OPTION, $stored, false );
		}
		return $sid;
	}

	/** @return array<string, mixed>|null The stored settings of a sid, or null when unknown. */
	public static function find( string $sid ): ?array {
		if ( ! preg_match( '/^[a-f0-9]{16}$/D', $sid ) ) {
			return null;
		}
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) && isset( $stored[ $sid ] ) && is_array( $stored[ $sid ] ) ? self::canonical( $stored[ $sid ] ) : null;
	}

	/** Only known keys, with their types, in a fixed order: the same listing always hashes alike. */
	private static function canonical( array $settings ): array {
		$clean = array();
		foreach ( self::DEFAULTS as $key => $default ) {
			$value = $settings[ $key ] ?? $default;
			settype( $value, gettype( $default ) );
			$clean[ $key ] = $value;
		}
		return $clean;
	}

	/**
	 * Filters a visitor may change in place (sent as custom_data), with their allowed values.
	 *
	 * @return array<string, list<string>>
	 */
	public static function allowed_filters(): array {
		return array( 'noticeType' => array_merge( array( '' ), NoticeFields::NOTICE_TYPES ) );
	}
}
