<?php
namespace TenderPress\Push;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticeFields;
use TenderPress\Content\NoticeTaxonomies;
use WP_Error;
use WP_Post;

/**
 * What a subscriber asked to hear about: notice types, categories and locations. An empty kind
 * means "any", so a subscription with no topics gets every notice. A notice matches when, for
 * each kind the subscriber chose, it has one of the choices; a category or location also matches
 * its sub-terms (a subscriber to "Works" hears of "Roads" under it).
 */
final class SubscriptionTopics {

	/** The kinds, each with the taxonomy its ids belong to ('' for the notice types). */
	public const KINDS = array(
		'types'      => '',
		'categories' => NoticeTaxonomies::CATEGORY,
		'locations'  => NoticeTaxonomies::LOCATION,
	);

	/** The most choices of one kind a subscription keeps. */
	public const MAX_PER_KIND = 50;

	/**
	 * Topics from a request: an object with any of the kinds, each a list of notice types or of
	 * existing term ids. Anything else is refused with the reason.
	 *
	 * @param mixed $raw
	 * @return array<string, list<int|string>>|WP_Error
	 */
	public static function check( $raw ) {
		if ( null === $raw ) {
			return self::none();
		}
		if ( ! is_array( $raw ) || array() !== array_diff_key( $raw, self::KINDS ) ) {
			return self::error( __( 'Topics are a list of notice types, categories and locations.', 'tenderpress' ) );
		}
		$topics = self::none();
		foreach ( self::KINDS as $kind => $taxonomy ) {
			$values = $raw[ $kind ] ?? array();
			if ( ! is_array( $values ) || ! array_is_list( $values ) || count( $values ) > self::MAX_PER_KIND ) {
				/* translators: %d: the most choices of one kind. */
				return self::error( sprintf( __( 'Choose at most %d notice types, categories or locations of each kind.', 'tenderpress' ), self::MAX_PER_KIND ) );
			}
			foreach ( $values as $value ) {
				$clean = self::check_one( $taxonomy, $value );
				if ( null === $clean ) {
					return self::error( __( 'One of the chosen topics does not exist.', 'tenderpress' ) );
				}
				$topics[ $kind ][] = $clean;
			}
			$topics[ $kind ] = array_values( array_unique( $topics[ $kind ] ) );
		}
		return $topics;
	}

	/**
	 * Topics as stored, typed; what is not understood is dropped.
	 *
	 * @param array<mixed> $stored
	 * @return array<string, list<int|string>>
	 */
	public static function from_stored( array $stored ): array {
		$topics = self::none();
		foreach ( array_keys( self::KINDS ) as $kind ) {
			foreach ( (array) ( $stored[ $kind ] ?? array() ) as $value ) {
				if ( 'types' === $kind ? is_string( $value ) : is_int( $value ) ) {
					$topics[ $kind ][] = $value;
				}
			}
		}
		return $topics;
	}

	/**
	 * What a notice is, in the kinds' terms: its type, and its categories and locations with
	 * their ancestors.
	 *
	 * @return array<string, list<int|string>>
	 */
	public static function of_notice( WP_Post $post ): array {
		$topics = array( 'types' => array( Notice::from_post( $post )->type ) );
		foreach ( self::KINDS as $kind => $taxonomy ) {
			if ( '' === $taxonomy ) {
				continue;
			}
			$ids   = wp_get_object_terms( $post->ID, $taxonomy, array( 'fields' => 'ids' ) );
			$ids   = is_array( $ids ) ? array_map( 'intval', $ids ) : array();
			$found = $ids;
			foreach ( $ids as $id ) {
				$found = array_merge( $found, array_map( 'intval', get_ancestors( $id, $taxonomy, 'taxonomy' ) ) );
			}
			$topics[ $kind ] = array_values( array_unique( $found ) );
		}
		return $topics;
	}

	/**
	 * Whether a subscriber's topics take a notice's (of_notice()).
	 *
	 * @param array<string, list<int|string>> $chosen
	 * @param array<string, list<int|string>> $notice
	 */
	public static function matches( array $chosen, array $notice ): bool {
		foreach ( array_keys( self::KINDS ) as $kind ) {
			$wanted = $chosen[ $kind ] ?? array();
			if ( array() !== $wanted && array() === array_intersect( $wanted, $notice[ $kind ] ?? array() ) ) {
				return false;
			}
		}
		return true;
	}

	/** @return array<string, list<int|string>> */
	public static function none(): array {
		return array_fill_keys( array_keys( self::KINDS ), array() );
	}

	/**
	 * A notice type, or the id of an existing term of the taxonomy; null for anything else.
	 *
	 * @param string $taxonomy The kind's taxonomy ('' for the notice types).
	 * @param mixed  $value    What the request sent.
	 */
	private static function check_one( string $taxonomy, $value ): int|string|null {
		if ( '' === $taxonomy ) {
			return is_string( $value ) && in_array( $value, NoticeFields::NOTICE_TYPES, true ) ? $value : null;
		}
		if ( ! is_int( $value ) && ! ( is_string( $value ) && ctype_digit( $value ) && strlen( $value ) < 19 ) ) {
			return null;
		}
		$term = get_term( (int) $value, $taxonomy );
		return $term instanceof \WP_Term ? $term->term_id : null;
	}

	private static function error( string $message ): WP_Error {
		return new WP_Error( 'tenderpress_push_topics', $message, array( 'status' => 400 ) );
	}
}
