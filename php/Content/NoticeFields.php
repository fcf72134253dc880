<?php
namespace TenderPress\Content;

use TenderPress\Listings\ListingOptions;
use WP_Error;
use WP_REST_Request;

/**
 * The facts of a notice, modelled on the Open Contracting Data Standard's tender section:
 * registered as typed post meta with sanitising, validation and edit rights, and exposed in REST.
 *
 * Invalid values are never stored: normalize() turns them into a WP_Error, which the metadata
 * filters refuse and the REST API answers with a 400 before anything is written.
 */
final class NoticeFields {

	public const NOTICE_TYPES = array( 'tender', 'eoi', 'corrigendum', 'award' );

	/**
	 * The fields a password-protected notice shows to everyone, as WordPress shows a protected
	 * post's title and date: what kind of notice it is, and its submission deadline, which places
	 * it in every listing's order, in the calendar and in its status (open, closing soon, closed).
	 * Every other field (reference, buyer, dates, amounts, documents, contact, eligibility) is the
	 * notice's body, shown only once its password is given (Notice::from_post()) and blank in
	 * REST without it (NoticeRestFields::hide_protected_meta()).
	 */
	public const PUBLIC_FIELDS = array( 'tp_notice_type', 'tp_deadline' );

	private const LOCAL_DATETIME = '/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/';
	private const DATE           = '/^(\d{4})-(\d{2})-(\d{2})$/';

	/** The largest document size one may give, in bytes (100 GB): more is a typing mistake. */
	public const MAX_DOCUMENT_SIZE = 100000000000;

	/**
	 * Field definitions: REST schema plus the kind of normalising each needs.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function definitions(): array {
		$money          = array(
			'type'    => 'number',
			'minimum' => 0,
			'maximum' => 1e15,
			'kind'    => 'money',
		);
		$local_datetime = array(
			'type'    => 'string',
			'pattern' => '^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?)?$',
			'kind'    => 'local-datetime',
		);
		return array(
			'tp_notice_type'    => array(
				'type'        => 'string',
				'enum'        => self::NOTICE_TYPES,
				'default'     => 'tender',
				'kind'        => 'enum',
				'description' => __( 'Kind of notice: tender, eoi, corrigendum or award.', 'tenderpress' ),
			),
			'tp_reference'      => array(
				'type'        => 'string',
				'maxLength'   => 100,
				'kind'        => 'text',
				'description' => __( 'Reference number given by the issuing organisation.', 'tenderpress' ),
			),
			'tp_buyer'          => array(
				'type'        => 'string',
				'maxLength'   => 200,
				'kind'        => 'text',
				'description' => __( 'Issuing organisation (buyer).', 'tenderpress' ),
			),
			'tp_published_date' => array(
				'type'        => 'string',
				'pattern'     => '^(\d{4}-\d{2}-\d{2})?$',
				'kind'        => 'date',
				'description' => __( 'Date the notice was published by the buyer (YYYY-MM-DD).', 'tenderpress' ),
			),
			'tp_deadline'       => $local_datetime + array( 'description' => __( 'Bid submission deadline, site time (YYYY-MM-DD HH:MM).', 'tenderpress' ) ),
			'tp_eoi_deadline'   => $local_datetime + array( 'description' => __( 'Deadline for expressions of interest, site time.', 'tenderpress' ) ),
			'tp_opening_date'   => $local_datetime + array( 'description' => __( 'Bid opening date and time, site time.', 'tenderpress' ) ),
			'tp_value_amount'   => $money + array( 'description' => __( 'Estimated contract value.', 'tenderpress' ) ),
			'tp_currency'       => array(
				'type'        => 'string',
				'pattern'     => '^[A-Za-z]{3}$',
				// A notice that names no currency is in the site's (Settings > TenderPress > Listings).
				'default'     => ListingOptions::currency(),
				'kind'        => 'currency',
				'description' => __( 'ISO 4217 currency of the amounts.', 'tenderpress' ),
			),
			'tp_bid_security'   => $money + array( 'description' => __( 'Bid security / earnest money deposit (EMD).', 'tenderpress' ) ),
			'tp_document_fee'   => $money + array( 'description' => __( 'Fee for the tender documents.', 'tenderpress' ) ),
			'tp_eligibility'    => array(
				'type'        => 'string',
				'maxLength'   => 5000,
				'kind'        => 'long-text',
				'description' => __( 'Who may bid: the eligibility criteria, as plain text (a blank line starts a new paragraph).', 'tenderpress' ),
			),
			'tp_submission_url' => array(
				'type'        => 'string',
				'maxLength'   => 2000,
				'kind'        => 'url',
				'invalid'     => __( "Enter the buyer's submission page as a full address starting with http:// or https://.", 'tenderpress' ),
				'description' => __( "The buyer's page where bids are submitted (an http or https address).", 'tenderpress' ),
			),
			'tp_notice_url'     => array(
				'type'        => 'string',
				'maxLength'   => 2000,
				'kind'        => 'url',
				'invalid'     => __( "Enter the buyer's own notice as a full address starting with http:// or https://.", 'tenderpress' ),
				'description' => __( "The buyer's own page for this notice, the original (an http or https address).", 'tenderpress' ),
			),
			'tp_documents'      => array(
				'type'        => 'array',
				'maxItems'    => 50,
				'default'     => array(),
				'kind'        => 'documents',
				'items'       => array(
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'title' => array(
							'type'      => 'string',
							'maxLength' => 200,
						),
						'url'   => array(
							'type'   => 'string',
							'format' => 'uri',
						),
						'size'  => array(
							'type'        => 'integer',
							'minimum'     => 0,
							'maximum'     => self::MAX_DOCUMENT_SIZE,
							'description' => __( 'Size of the file in bytes (optional; read from the file for one in the media library).', 'tenderpress' ),
						),
						'date'  => array(
							'type'        => 'string',
							'format'      => 'date',
							'description' => __( 'Date of the document, YYYY-MM-DD (optional; the upload date for a file in the media library).', 'tenderpress' ),
						),
					),
				),
				'description' => __( 'Tender documents: title, link, and optionally size and date.', 'tenderpress' ),
			),
			'tp_contact'        => array(
				'type'                 => 'object',
				'additionalProperties' => false,
				'default'              => array(),
				'kind'                 => 'contact',
				'properties'           => array(
					'name'  => array(
						'type'      => 'string',
						'maxLength' => 200,
					),
					'email' => array(
						'type'      => 'string',
						'maxLength' => 200,
					),
					'phone' => array(
						'type'      => 'string',
						'maxLength' => 40,
					),
				),
				'description'          => __( 'Contact for questions about the notice.', 'tenderpress' ),
			),
		);
	}

	/**
	 * A field's REST schema: its definition without what only this class reads.
	 *
	 * @param array<string, mixed> $definition
	 * @return array<string, mixed>
	 */
	private static function schema( array $definition ): array {
		return array_diff_key(
			$definition,
			array(
				'kind'        => true,
				'invalid'     => true,
				'description' => true,
			)
		);
	}

	public function register(): void {
		add_action( 'init', array( $this, 'register_fields' ) );
		add_filter( 'add_post_metadata', array( $this, 'refuse_invalid' ), 10, 4 );
		add_filter( 'update_post_metadata', array( $this, 'refuse_invalid' ), 10, 4 );
		add_filter( 'rest_pre_insert_' . NoticePostType::POST_TYPE, array( $this, 'validate_rest_request' ), 10, 2 );
	}

	public function register_fields(): void {
		foreach ( self::definitions() as $key => $definition ) {
			$schema = self::schema( $definition );
			$args   = array(
				'type'              => $definition['type'],
				'description'       => $definition['description'],
				'single'            => true,
				'sanitize_callback' => static fn( $value ) => self::normalize( $key, $value ),
				'auth_callback'     => static fn( $allowed, $meta_key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				'show_in_rest'      => array( 'schema' => $schema ),
				'default'           => $definition['default'] ?? '',
			);
			// An amount not given must stay distinguishable from zero: WordPress would answer 0 for
			// it in REST, and a client writing that back would store 0. It reads as null instead
			// (and NoticeRestFields turns a null written back into "not given").
			if ( 'number' === $definition['type'] ) {
				unset( $args['default'] );
				// WordPress hands the schema default to prepare_callback for a missing value, and
				// replaces a null default with 0: '' survives and marks "not given".
				$args['show_in_rest']['schema']['default'] = '';
				$args['show_in_rest']['prepare_callback']  = static fn( $value ) => is_numeric( $value ) ? (float) $value : null;
			}
			register_post_meta( NoticePostType::POST_TYPE, $key, $args );
		}
	}

	/** Whether a field shows on a password-protected notice to visitors without its password. */
	public static function is_public( string $key ): bool {
		return in_array( $key, self::PUBLIC_FIELDS, true );
	}

	/** @return list<string> Keys of the amount fields (estimated value, bid security, document fee). */
	public static function money_keys(): array {
		return array_keys( array_filter( self::definitions(), static fn( array $definition ) => 'money' === $definition['kind'] ) );
	}

	/**
	 * Cleans one field's value, or returns a WP_Error that says why it cannot be stored.
	 *
	 * @param string $key   Meta key of the field (tp_deadline).
	 * @param mixed  $value Raw value (already unslashed).
	 * @return mixed|WP_Error
	 */
	public static function normalize( string $key, $value ) {
		$definitions = self::definitions();
		if ( ! isset( $definitions[ $key ] ) ) {
			return new WP_Error( 'tenderpress_unknown_field', __( 'Unknown notice field.', 'tenderpress' ) );
		}
		$definition = $definitions[ $key ];
		$invalid    = static fn( string $message ) => new WP_Error( 'tenderpress_invalid_field', $message, array( 'field' => $key ) );

		switch ( $definition['kind'] ) {
			case 'enum':
				$value = is_string( $value ) ? strtolower( trim( $value ) ) : '';
				return in_array( $value, $definition['enum'], true ) ? $value : $invalid( __( 'Choose a notice type from the list.', 'tenderpress' ) );

			case 'text':
				if ( ! is_scalar( $value ) ) {
					return $invalid( __( 'This field takes plain text.', 'tenderpress' ) );
				}
				$value = sanitize_text_field( (string) $value );
				return mb_strlen( $value ) <= $definition['maxLength'] ? $value : $invalid( __( 'This text is too long.', 'tenderpress' ) );

			case 'long-text':
				if ( ! is_scalar( $value ) ) {
					return $invalid( __( 'This field takes plain text.', 'tenderpress' ) );
				}
				// Line breaks are kept: they make the paragraphs and lists of criteria. A browser
				// sends each as CR LF; stored as LF, so a full textarea (maxlength counts a
				// break once) is not too long.
				$value = trim( sanitize_textarea_field( str_replace( array( "\r\n", "\r" ), "\n", (string) $value ) ) );
				return mb_strlen( $value ) <= $definition['maxLength'] ? $value : $invalid( __( 'This text is too long.', 'tenderpress' ) );

			case 'date':
				return self::normalize_date( $value ) ?? $invalid( __( 'Enter a real date as YYYY-MM-DD.', 'tenderpress' ) );

			case 'local-datetime':
				return self::normalize_local_datetime( $value ) ?? $invalid( __( 'Enter a real date and time as YYYY-MM-DD HH:MM.', 'tenderpress' ) );

			case 'money':
				if ( '' === $value || null === $value ) {
					return '';
				}
				if ( ! is_numeric( $value ) || ! is_finite( (float) $value ) ) {
					return $invalid( __( 'Enter an amount as a number.', 'tenderpress' ) );
				}
				$amount = round( (float) $value, 2 );
				return ( $amount >= 0 && $amount <= $definition['maximum'] ) ? $amount : $invalid( __( 'Amounts cannot be negative.', 'tenderpress' ) );

			case 'currency':
				$value = is_string( $value ) ? strtoupper( trim( $value ) ) : '';
				return preg_match( '/^[A-Z]{3}$/', $value ) ? $value : $invalid( __( 'Enter a three-letter currency code such as INR.', 'tenderpress' ) );

			case 'url':
				return self::normalize_url( $value, $definition['maxLength'] ) ?? $invalid( $definition['invalid'] );

			case 'documents':
				return self::normalize_documents( $value, $definition['maxItems'] ) ?? $invalid( __( 'Each document needs a title and an http or https link; its size is a whole number of bytes and its date YYYY-MM-DD.', 'tenderpress' ) );

			case 'contact':
				return self::normalize_contact( $value ) ?? $invalid( __( 'Enter a valid contact e-mail address and phone number.', 'tenderpress' ) );
		}
		return $invalid( __( 'This value cannot be stored.', 'tenderpress' ) );
	}

	private static function normalize_date( mixed $value ): ?string {
		if ( '' === $value || null === $value ) {
			return '';
		}
		if ( ! is_string( $value ) || ! preg_match( self::DATE, trim( $value ), $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return null;
		}
		return trim( $value );
	}

	private static function normalize_local_datetime( mixed $value ): ?string {
		if ( '' === $value || null === $value ) {
			return '';
		}
		if ( ! is_string( $value ) || ! preg_match( self::LOCAL_DATETIME, trim( $value ), $m ) ) {
			return null;
		}
		list( , $year, $month, $day, $hour, $minute ) = array_map( 'intval', $m );

		$second = isset( $m[6] ) ? (int) $m[6] : 0;
		if ( ! checkdate( $month, $day, $year ) || $hour > 23 || $minute > 59 || $second > 59 ) {
			return null;
		}
		return sprintf( '%04d-%02d-%02d %02d:%02d:%02d', $year, $month, $day, $hour, $minute, $second );
	}

	/**
	 * An http or https address, or '' for none; null when it is anything else (javascript:, a
	 * relative path, a bare word): the page links to it as the bidder's next step.
	 */
	private static function normalize_url( mixed $value, int $max ): ?string {
		if ( '' === $value || null === $value ) {
			return '';
		}
		// esc_url_raw() would read a bare word as a host and prefix http://: the scheme must be typed.
		if ( ! is_string( $value ) || strlen( trim( $value ) ) > $max || ! preg_match( '#^https?://#i', trim( $value ) ) ) {
			return null;
		}
		$url = esc_url_raw( trim( $value ), array( 'http', 'https' ) );
		return preg_match( '#^https?://[^/\s?\#]+#i', $url ) ? $url : null;
	}

	/** @return list<array{title:string,url:string,size?:int,date?:string}>|null */
	private static function normalize_documents( mixed $value, int $max ): ?array {
		if ( '' === $value || null === $value ) {
			return array();
		}
		if ( ! is_array( $value ) || count( $value ) > $max ) {
			return null;
		}
		$documents = array();
		foreach ( $value as $row ) {
			if ( ! is_array( $row ) ) {
				return null;
			}
			$title   = sanitize_text_field( (string) ( $row['title'] ?? '' ) );
			$raw_url = trim( (string) ( $row['url'] ?? '' ) );
			if ( '' === $title && '' === $raw_url ) {
				continue;
			}
			$url = esc_url_raw( $raw_url, array( 'http', 'https' ) );
			if ( '' === $title || ! preg_match( '#^https?://[^/\s?\#]+#i', $url ) ) {
				return null;
			}
			$document = array(
				'title' => mb_substr( $title, 0, 200 ),
				'url'   => $url,
			);
			// Optional: left out when blank, refused when it is not what it says.
			$size = $row['size'] ?? '';
			if ( '' !== $size ) {
				$size = is_int( $size ) ? $size : ( is_string( $size ) && preg_match( '/^\s*[0-9]{1,12}\s*$/D', $size ) ? (int) $size : -1 );
				if ( $size < 0 || $size > self::MAX_DOCUMENT_SIZE ) {
					return null;
				}
				$document['size'] = $size;
			}
			$date = self::normalize_date( $row['date'] ?? '' );
			if ( null === $date ) {
				return null;
			}
			if ( '' !== $date ) {
				$document['date'] = $date;
			}
			$documents[] = $document;
		}
		return $documents;
	}

	/**
	 * The contact's fields that were given (none for an empty value), or null when one is invalid.
	 *
	 * @param mixed $value Raw value (already unslashed).
	 * @return array{name?:non-empty-string,email?:non-empty-string,phone?:non-empty-string}|null
	 */
	private static function normalize_contact( mixed $value ): ?array {
		if ( '' === $value || null === $value ) {
			return array();
		}
		if ( ! is_array( $value ) || array_diff( array_keys( $value ), array( 'name', 'email', 'phone' ) ) ) {
			return null;
		}
		$name  = sanitize_text_field( (string) ( $value['name'] ?? '' ) );
		$email = trim( (string) ( $value['email'] ?? '' ) );
		$phone = trim( (string) ( $value['phone'] ?? '' ) );
		if ( ( '' !== $email && ! is_email( $email ) ) || ( '' !== $phone && ! preg_match( '/^\+?[0-9 ()\-]{3,30}$/', $phone ) ) || mb_strlen( $name ) > 200 ) {
			return null;
		}
		return array_filter(
			array(
				'name'  => $name,
				'email' => $email,
				'phone' => $phone,
			),
			static fn( string $field ) => '' !== $field
		);
	}

	/**
	 * Refuses to store a value that normalize() rejected (it arrives here as a WP_Error).
	 *
	 * @param mixed  $check     Null to let WordPress store the value.
	 * @param int    $object_id Post the value belongs to.
	 * @param string $meta_key  Meta key of the field.
	 * @param mixed  $value     Sanitised value.
	 * @return mixed
	 */
	public function refuse_invalid( $check, $object_id, $meta_key, $value ) {
		return is_wp_error( $value ) ? false : $check;
	}

	/** Converts a stored site-time "Y-m-d H:i:s" into a Unix timestamp, or null when empty. */
	public static function local_to_timestamp( string $local ): ?int {
		if ( '' === $local ) {
			return null;
		}
		$date = date_create_immutable_from_format( 'Y-m-d H:i:s', $local, wp_timezone() );
		return $date ? $date->getTimestamp() : null;
	}

	/**
	 * REST: schema checks catch wrong types and shapes; this adds the checks a schema cannot
	 * express (real calendar dates, document links), answering 400 before anything is written.
	 *
	 * @param \stdClass|WP_Error $prepared_post
	 * @return \stdClass|WP_Error
	 */
	public function validate_rest_request( $prepared_post, WP_REST_Request $request ) {
		$meta = $request->get_param( 'meta' );
		if ( is_wp_error( $prepared_post ) || ! is_array( $meta ) ) {
			return $prepared_post;
		}
		$definitions = self::definitions();
		foreach ( array_intersect_key( $meta, $definitions ) as $key => $value ) {
			$problem = self::normalize( $key, $value );
			// WordPress checks each value against the field's schema too, but only after it has
			// saved the post: a value of the wrong type (a number for a text) must be refused
			// here, before anything is stored. Null is WordPress's "delete the field".
			if ( ! is_wp_error( $problem ) && null !== $value ) {
				$problem = rest_validate_value_from_schema( $value, self::schema( $definitions[ $key ] ), "meta.$key" );
			}
			if ( is_wp_error( $problem ) ) {
				return new WP_Error(
					'rest_invalid_param',
					/* translators: 1: field name, 2: what is wrong. */
					sprintf( __( 'Invalid %1$s: %2$s', 'tenderpress' ), $key, $problem->get_error_message() ),
					array(
						'status' => 400,
						'params' => array( "meta.$key" => $problem->get_error_message() ),
					)
				);
			}
		}
		return $prepared_post;
	}
}
