<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;

/**
 * The notices a search finds, most relevant first, for the search results page (SearchResults).
 * The notice archive lists a search by date or deadline, with filters; a results page answers
 * "which notice did I mean", so it ranks:
 *
 * 1. the notice whose reference number is the search itself (what a bidder pastes);
 * 2. notices with more of the search's words in their title;
 * 3. newer notices.
 *
 * The matches come from the full-text index (NoticeSearch), which holds published notices only,
 * so a draft or private notice is never found. Counts are kept with the listings' cache
 * (ListingCache), which a change to any notice makes stale.
 */
final class RankedNoticeSearch {

	/** How many notices a search finds. */
	public static function count( string $search ): int {
		$key    = 'search-count:' . md5( $search ) . ( is_user_logged_in() ? ':signed-in' : '' );
		$cached = ListingCache::get( $key );
		if ( is_int( $cached ) ) {
			return $cached;
		}
		$source = self::source( $search );
		$count  = null === $source ? 0 : (int) ( NoticeSearch::read( 'SELECT COUNT(*) AS found' . $source['sql'], $source['params'] )[0]['found'] ?? 0 );
		ListingCache::set( $key, $count );
		return $count;
	}

	/**
	 * One page of the notices a search finds, most relevant first.
	 *
	 * @return list<int> Their ids.
	 */
	public static function page( string $search, int $page, int $per_page ): array {
		$source = self::source( $search );
		if ( null === $source || $per_page < 1 ) {
			return array();
		}
		global $wpdb;
		$params = $source['params'];
		$order  = array();
		if ( null !== $source['reference'] ) {
			$order[] = '(p.ID = ' . $source['reference'] . ') DESC';
		}
		$in_title = array();
		foreach ( NoticeSearch::words( $search ) as $word ) {
			$in_title[] = '(p.post_title LIKE %s)';
			$params[]   = '%' . $wpdb->esc_like( $word ) . '%';
		}
		if ( $in_title ) {
			$order[] = '(' . implode( ' + ', $in_title ) . ') DESC';
		}
		$order[] = 'p.post_date DESC';
		$order[] = 'p.ID DESC';
		$offset  = ( max( 1, $page ) - 1 ) * $per_page;
		$rows    = NoticeSearch::read( 'SELECT p.ID AS id' . $source['sql'] . ' ORDER BY ' . implode( ', ', $order ) . ' LIMIT ' . $per_page . ' OFFSET ' . $offset, $params );
		return array_map( static fn( array $row ) => (int) $row['id'], $rows );
	}

	/**
	 * The FROM and WHERE of the notices a search finds, with their parameters and the id of the
	 * notice whose reference is the search; null when nothing can match.
	 *
	 * @return array{sql:string, params:list<string>, reference:int|null}|null
	 */
	private static function source( string $search ): ?array {
		global $wpdb;
		$search = trim( $search );
		if ( '' === $search || mb_strlen( $search ) > NoticeFilters::MAX_LENGTH ) {
			return null;
		}
		$reference = null;
		if ( NoticeIndex::ready() ) {
			// The notice itself, not its corrigenda, which carry the same number.
			$rows      = NoticeSearch::read( 'SELECT post_id AS id FROM ' . NoticeIndex::table() . " WHERE reference = %s ORDER BY notice_type = 'corrigendum', post_date, post_id LIMIT 1", array( $search ) );
			$reference = isset( $rows[0]['id'] ) ? (int) $rows[0]['id'] : null;
		}
		$match = NoticeSearch::matches( $search );
		if ( null === $match && null === $reference ) {
			return null;
		}
		$found = array();
		if ( null !== $match ) {
			$found[] = 'p.ID IN (' . $match['sql'] . ')';
		}
		if ( null !== $reference ) {
			$found[] = 'p.ID = ' . $reference;
		}
		// WordPress's rule for its own search: a visitor who is not signed in finds no
		// password-protected post.
		$public = is_user_logged_in() ? '' : " AND p.post_password = ''";
		return array(
			'sql'       => " FROM {$wpdb->posts} p WHERE p.post_status = 'publish'{$public} AND (" . implode( ' OR ', $found ) . ')',
			'params'    => null === $match || null === NoticeSearch::on_sqlite() ? array() : $match['params'],
			'reference' => $reference,
		);
	}
}
