<?php
namespace TenderPress\Listings;

use TenderPress\Content\NoticeSearch;

/**
 * Marks the words of a search in results that are already escaped HTML, with `<mark>`, as the
 * index matches them: a word of the search begins a word of the text ("elect" marks
 * "electrical").
 *
 * The search is a visitor's input, so nothing of it is written into the page here: its words are
 * only what NoticeSearch::words() keeps of it (letters and digits), used as a pattern, and the
 * marks wrap text that was already on the page. Only text between tags is read; tags, their
 * attributes and character references (`&amp;`) are left as they are.
 */
final class SearchHighlight {

	/**
	 * @param string $html   Escaped HTML (a card, a title, an excerpt).
	 * @param string $search The search, as the visitor typed it.
	 */
	public static function mark( string $html, string $search ): string {
		$words = NoticeSearch::words( $search );
		if ( ! $words ) {
			return $html;
		}
		$pattern = '/(?<![\p{L}\p{N}])(?:' . implode( '|', array_map( static fn( string $word ) => preg_quote( $word, '/' ), $words ) ) . ')[\p{L}\p{N}]*/iu';
		$parts   = preg_split( '/(<[^>]*>|&[#a-zA-Z0-9]+;)/u', $html, -1, PREG_SPLIT_DELIM_CAPTURE );
		if ( false === $parts ) {
			return $html;
		}
		$marked  = '';
		$in_mark = false;
		foreach ( $parts as $part ) {
			$is_markup = '' !== $part && ( '<' === $part[0] || '&' === $part[0] );
			// Text inside an existing mark, a script or a style is left alone.
			if ( $is_markup && preg_match( '/^<(\/?)(mark|script|style)\b/i', $part, $tag ) ) {
				$in_mark = '' === $tag[1];
			}
			$marked .= $is_markup || $in_mark ? $part : (string) preg_replace( $pattern, '<mark>$0</mark>', $part );
		}
		return $marked;
	}
}
