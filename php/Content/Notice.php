<?php
namespace TenderPress\Content;

use TenderPress\Listings\ListingOptions;
use WP_Post;

/**
 * Read-only view of one notice's facts, typed, for renderers. Reading goes through the meta cache
 * that WP_Query primes for a page of results, so a listing costs no query per notice.
 */
final class Notice {

	public function __construct(
		public readonly WP_Post $post,
		public readonly string $type,
		public readonly string $reference,
		public readonly string $buyer,
		public readonly string $published_date,
		public readonly string $deadline,
		public readonly ?int $deadline_timestamp,
		public readonly string $eoi_deadline,
		public readonly string $opening_date,
		public readonly ?float $value_amount,
		public readonly string $currency,
		public readonly ?float $bid_security,
		public readonly ?float $document_fee,
		/** @var list<array{title:string,url:string,size?:int,date?:string}> */
		public readonly array $documents,
		/** @var array{name?:string,email?:string,phone?:string} */
		public readonly array $contact,
		public readonly string $eligibility = '',
		/** The buyer's page where bids are submitted: the notice page's primary action. */
		public readonly string $submission_url = '',
		/** The buyer's own page for the notice, the original this one summarises. */
		public readonly string $notice_url = ''
	) {}

	/**
	 * The facts this request may show: a password-protected notice keeps its body
	 * (NoticeFields::is_public()) blank until the visitor has given its password, as WordPress
	 * keeps a protected post's text behind post_password_required().
	 */
	public static function from_post( WP_Post $post ): self {
		return self::read( $post, post_password_required( $post ) );
	}

	/**
	 * The facts every visitor may see, whoever asks: a protected notice's body stays blank even
	 * for a visitor who gave its password. For what is shared between visitors (listing cards,
	 * the calendar, the ticker): those are cached as fragments and as whole pages, so they must
	 * not depend on one visitor's password cookie.
	 */
	public static function for_everyone( WP_Post $post ): self {
		return self::read( $post, '' !== $post->post_password );
	}

	/** Every stored fact, password or not: for the editor, which writes them back. */
	public static function stored( WP_Post $post ): self {
		return self::read( $post, false );
	}

	private static function read( WP_Post $post, bool $hide_body ): self {
		$get      = static fn( string $key ) => ( $hide_body && ! NoticeFields::is_public( $key ) ) ? '' : get_post_meta( $post->ID, $key, true );
		$money    = static function ( $value ): ?float {
			return is_numeric( $value ) ? (float) $value : null;
		};
		$deadline = (string) $get( 'tp_deadline' );
		$type     = (string) $get( 'tp_notice_type' );
		$currency = (string) $get( 'tp_currency' );
		return new self(
			$post,
			in_array( $type, NoticeFields::NOTICE_TYPES, true ) ? $type : 'tender',
			(string) $get( 'tp_reference' ),
			(string) $get( 'tp_buyer' ),
			(string) $get( 'tp_published_date' ),
			$deadline,
			NoticeFields::local_to_timestamp( $deadline ),
			(string) $get( 'tp_eoi_deadline' ),
			(string) $get( 'tp_opening_date' ),
			$money( $get( 'tp_value_amount' ) ),
			'' === $currency ? ListingOptions::currency() : $currency,
			$money( $get( 'tp_bid_security' ) ),
			$money( $get( 'tp_document_fee' ) ),
			self::documents( $get( 'tp_documents' ) ),
			is_array( $get( 'tp_contact' ) ) ? $get( 'tp_contact' ) : array(),
			(string) $get( 'tp_eligibility' ),
			(string) $get( 'tp_submission_url' ),
			(string) $get( 'tp_notice_url' )
		);
	}

	public function status(): ?string {
		return NoticeStatus::derive( $this->deadline_timestamp );
	}

	public function type_label(): string {
		return self::label_for_type( $this->type );
	}

	public static function label_for_type( string $type ): string {
		switch ( $type ) {
			case 'eoi':
				return __( 'EOI', 'tenderpress' );
			case 'corrigendum':
				return __( 'Corrigendum', 'tenderpress' );
			case 'award':
				return __( 'Award', 'tenderpress' );
		}
		return __( 'Tender', 'tenderpress' );
	}

	/**
	 * The stored documents that have the shape the editor and REST store: the database may also
	 * hold what an import or another tool wrote, and a page must not break on it.
	 *
	 * @param mixed $stored The tp_documents meta value.
	 * @return list<array{title:string,url:string,size?:int,date?:string}>
	 */
	private static function documents( mixed $stored ): array {
		$documents = array();
		foreach ( is_array( $stored ) ? $stored : array() as $row ) {
			if ( is_array( $row ) && isset( $row['title'], $row['url'] ) && is_string( $row['title'] ) && is_string( $row['url'] ) ) {
				$document = array(
					'title' => $row['title'],
					'url'   => $row['url'],
				);
				if ( isset( $row['size'] ) && is_int( $row['size'] ) && $row['size'] >= 0 ) {
					$document['size'] = $row['size'];
				}
				if ( isset( $row['date'] ) && is_string( $row['date'] ) && preg_match( '/^\d{4}-\d{2}-\d{2}$/D', $row['date'] ) ) {
					$document['date'] = $row['date'];
				}
				$documents[] = $document;
			}
		}
		return $documents;
	}
}
