<?php
namespace TenderPress\Blocks;

use TenderPress\Content\Notice;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeStatus;
use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\NoticeCard;
use TenderPress\Support\Money;
use WP_Post;

/**
 * Key facts of a single notice (block `tenderpress/notice-facts`): status and time left, the
 * dates, amounts, buyer and contact, the documents, and links to its category and location.
 */
final class NoticeFacts {

	/** Sizes under this many bytes show in whole kilobytes; from it, in megabytes to a tenth. */
	private const MEGABYTE = 1048576;

	public const BLOCK = 'tenderpress/notice-facts';

	/**
	 * The block's stylesheets, for whatever prints the facts outside the block (the notice's
	 * tabs): read from the registered block type, since WordPress names a block.json "file:"
	 * style by its position in the list.
	 */
	public static function enqueue_styles(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( self::BLOCK );
		foreach ( $type ? $type->style_handles : array() as $handle ) {
			wp_enqueue_style( $handle );
		}
	}

	/**
	 * @param WP_Post|null $post           The notice.
	 * @param int          $level          The level of its "Key facts" heading.
	 * @param bool         $with_documents Whether the documents follow the facts (the notice
	 *                                     page gives them a section of their own).
	 * @param string       $part           'all'; 'decision' (the status, deadlines and amounts a
	 *                                     bidder decides on, for the notice page's aside, with
	 *                                     $action after the status); 'summary' (the rest, without
	 *                                     heading or status, for the notice page's Summary).
	 * @param string       $action         Escaped HTML shown right after the status ('decision').
	 */
	public static function render( ?WP_Post $post, int $level = 2, bool $with_documents = true, string $part = 'all', string $action = '' ): string {
		if ( ! $post || NoticePostType::POST_TYPE !== $post->post_type ) {
			return '';
		}
		$notice = Notice::from_post( $post );
		// A corrigendum is not open or closed of itself: the notice it amends is (NoticeChanges).
		$status = 'corrigendum' === $notice->type ? null : $notice->status();
		$rows   = array(
			__( 'Notice type', 'tenderpress' )          => esc_html( $notice->type_label() ),
			__( 'Reference number', 'tenderpress' )     => esc_html( $notice->reference ),
			__( 'Issuing organisation', 'tenderpress' ) => esc_html( $notice->buyer ),
			__( 'Published', 'tenderpress' )            => self::date_html( $notice->published_date ),
			__( 'Submission deadline', 'tenderpress' )  => null === $notice->deadline_timestamp ? '' : NoticeCard::time_html( $notice->deadline_timestamp ),
			__( 'EOI deadline', 'tenderpress' )         => self::local_time_html( $notice->eoi_deadline ),
			__( 'Bid opening', 'tenderpress' )          => self::local_time_html( $notice->opening_date ),
			__( 'Estimated value', 'tenderpress' )      => self::money( $notice->value_amount, $notice->currency ),
			__( 'Bid security (EMD)', 'tenderpress' )   => self::money( $notice->bid_security, $notice->currency ),
			__( 'Document fee', 'tenderpress' )         => self::money( $notice->document_fee, $notice->currency ),
			__( 'Category', 'tenderpress' )             => self::term_links( $post, NoticeTaxonomies::CATEGORY ),
			__( 'Location', 'tenderpress' )             => self::term_links( $post, NoticeTaxonomies::LOCATION ),
			__( 'Contact', 'tenderpress' )              => self::contact_html( $notice->contact ),
		);

		$decision = array( __( 'Submission deadline', 'tenderpress' ), __( 'EOI deadline', 'tenderpress' ), __( 'Estimated value', 'tenderpress' ), __( 'Bid security (EMD)', 'tenderpress' ), __( 'Document fee', 'tenderpress' ) );
		if ( 'all' !== $part ) {
			$rows = array_filter( $rows, static fn( string $term ): bool => in_array( $term, $decision, true ) === ( 'decision' === $part ), ARRAY_FILTER_USE_KEY );
		}
		if ( 'summary' === $part ) {
			$list = self::rows_html( $rows );
			return '' === $list ? '' : '<dl class="tp-notice-facts__list">' . $list . '</dl>';
		}

		// A page can show the block more than once (a query loop of notices), and each section must
		// be named by its own heading.
		$title_id = wp_unique_id( 'tp-notice-facts-title-' );
		$html     = '<section class="tp-notice-facts" aria-labelledby="' . esc_attr( $title_id ) . '">';
		$level    = max( 2, min( 6, $level ) );
		$html    .= '<h' . $level . ' class="tp-notice-facts__title" id="' . esc_attr( $title_id ) . '">' . esc_html__( 'Key facts', 'tenderpress' ) . '</h' . $level . '>';
		$html    .= '<p class="tp-notice-facts__status">' . NoticeCard::type_badge( $notice );
		if ( $status ) {
			$html .= ' ' . NoticeCard::status_badge( $status ) . ' <span class="tp-notice-facts__time-left">' . esc_html( NoticeStatus::time_left( $notice->deadline_timestamp ) ) . '</span>';
		}
		$html .= '</p>' . $action . '<dl class="tp-notice-facts__list">' . self::rows_html( $rows ) . '</dl>';
		if ( $with_documents && $notice->documents ) {
			$sub   = min( 6, $level + 1 );
			$html .= '<h' . $sub . ' class="tp-notice-facts__documents-title">' . esc_html__( 'Documents', 'tenderpress' ) . '</h' . $sub . '>' . self::documents_html( $notice );
		}
		return $html . '</section>';
	}

	/**
	 * The rows of a facts list, each a term and its value.
	 *
	 * @param array<string, string> $rows Escaped values by term: the empty ones are left out.
	 */
	private static function rows_html( array $rows ): string {
		$html = '';
		foreach ( array_filter( $rows, static fn( $value ) => '' !== $value ) as $term => $value ) {
			$html .= '<div class="tp-notice-facts__row"><dt>' . esc_html( (string) $term ) . '</dt><dd>' . $value . '</dd></div>';
		}
		return $html;
	}

	/** A notice's documents as a list of links; '' without any. */
	public static function documents_html( Notice $notice ): string {
		if ( ! $notice->documents ) {
			return '';
		}
		$html = '<ul class="tp-notice-facts__documents">';
		foreach ( $notice->documents as $document ) {
			$facts = self::document_facts( $document );
			$html .= '<li><a href="' . esc_url( $document['url'] ) . '">' . esc_html( $document['title'] ) . '</a>'
				. ( $facts ? ' <span class="tp-notice-facts__document-facts">' . implode( ', ', $facts ) . '</span>' : '' )
				. '</li>';
		}
		return $html . '</ul>';
	}

	/**
	 * What a bidder wants to know of a document before opening it, escaped: its type (from the
	 * file name, as WordPress knows it), its size and its date ("PDF, 1.2 MB, 12 Nov 2026"). A
	 * file in this site's media library gives its own size and upload date; what the notice
	 * says comes first.
	 *
	 * @param array{title:string,url:string,size?:int,date?:string} $document
	 * @return list<string>
	 */
	private static function document_facts( array $document ): array {
		$size  = $document['size'] ?? null;
		$date  = $document['date'] ?? '';
		$local = self::attachment_of( $document['url'] );
		if ( $local ) {
			$file   = get_attached_file( $local );
			$size ??= is_string( $file ) && is_file( $file ) ? (int) filesize( $file ) : null;
			$date   = '' === $date ? (string) get_the_date( 'Y-m-d', $local ) : $date;
		}
		$type  = wp_check_filetype( basename( (string) wp_parse_url( $document['url'], PHP_URL_PATH ) ) )['ext'];
		$facts = array();
		if ( is_string( $type ) && '' !== $type ) {
			$facts[] = esc_html( strtoupper( $type ) );
		}
		if ( null !== $size ) {
			$facts[] = esc_html( (string) size_format( $size, $size < self::MEGABYTE ? 0 : 1 ) );
		}
		$shown = self::date_html( $date );
		if ( '' !== $shown ) {
			$facts[] = $shown;
		}
		return $facts;
	}

	/** The media-library attachment at a URL of this site's uploads, or 0 (no query for others). */
	private static function attachment_of( string $url ): int {
		$uploads = wp_get_upload_dir();
		if ( ! empty( $uploads['error'] ) || ! str_starts_with( set_url_scheme( $url, 'https' ), set_url_scheme( $uploads['baseurl'], 'https' ) . '/' ) ) {
			return 0;
		}
		return attachment_url_to_postid( $url );
	}

	/** A stored date (YYYY-MM-DD) in the site's date format, as a <time>; '' for none. */
	public static function date_html( string $date ): string {
		$parsed = '' === $date ? false : date_create_immutable( $date, wp_timezone() );
		$shown  = $parsed ? wp_date( get_option( 'date_format' ), $parsed->getTimestamp() ) : false;
		return $shown ? '<time datetime="' . esc_attr( $date ) . '">' . esc_html( $shown ) . '</time>' : '';
	}

	private static function local_time_html( string $local ): string {
		$parsed = '' === $local ? false : date_create_immutable_from_format( 'Y-m-d H:i:s', $local, wp_timezone() );
		return $parsed ? NoticeCard::time_html( $parsed->getTimestamp() ) : '';
	}

	/** An amount as the site shows it (Support\\Money), escaped; '' for none. */
	public static function money( ?float $amount, string $currency ): string {
		return null === $amount ? '' : esc_html( Money::format( $amount, $currency ) );
	}

	private static function term_links( WP_Post $post, string $taxonomy ): string {
		$terms = get_the_terms( $post, $taxonomy );
		if ( ! is_array( $terms ) || ! $terms ) {
			return '';
		}
		// The most precise first, as a place is written ("Mysuru, Karnataka"; the cards say it so).
		$depth = array();
		foreach ( $terms as $term ) {
			$depth[ $term->term_id ] = count( get_ancestors( $term->term_id, $taxonomy, 'taxonomy' ) );
		}
		usort( $terms, static fn( \WP_Term $a, \WP_Term $b ): int => $depth[ $b->term_id ] <=> $depth[ $a->term_id ] );
		$links = array();
		foreach ( $terms as $term ) {
			$url = get_term_link( $term );
			if ( ! is_wp_error( $url ) ) {
				$links[] = '<a href="' . esc_url( $url ) . '">' . esc_html( $term->name ) . '</a>';
			}
		}
		return implode( ', ', $links );
	}

	/** @param array{name?:string,email?:string,phone?:string} $contact */
	private static function contact_html( array $contact ): string {
		$parts = array();
		if ( ! empty( $contact['name'] ) ) {
			$parts[] = esc_html( $contact['name'] );
		}
		if ( ! empty( $contact['email'] ) ) {
			$parts[] = '<a href="' . esc_url( 'mailto:' . $contact['email'] ) . '">' . esc_html( $contact['email'] ) . '</a>';
		}
		if ( ! empty( $contact['phone'] ) ) {
			$parts[] = '<a href="' . esc_url( 'tel:' . preg_replace( '/[^0-9+]/', '', $contact['phone'] ) ) . '">' . esc_html( $contact['phone'] ) . '</a>';
		}
		return implode( '<br>', $parts );
	}
}
