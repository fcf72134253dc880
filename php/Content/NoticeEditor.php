<?php
namespace TenderPress\Content;

use WP_Post;

/**
 * "Notice details" box in the block editor's sidebar area: a plain PHP form, so it needs no extra
 * editor script. Saving checks the nonce and edit rights; a value that fails validation is not
 * stored and the editor says which field and why on the next screen.
 */
final class NoticeEditor {

	private const NONCE         = 'tenderpress_notice_details';
	public const ERRORS_KEY     = 'tenderpress_notice_errors_';
	private const DOCUMENT_ROWS = 3;

	public function register(): void {
		add_action( 'add_meta_boxes_' . NoticePostType::POST_TYPE, array( $this, 'add_box' ) );
		add_action( 'save_post_' . NoticePostType::POST_TYPE, array( $this, 'save' ), 10, 2 );
		add_action( 'admin_notices', array( $this, 'show_errors' ) );
	}

	public function add_box(): void {
		add_meta_box( 'tenderpress-notice-details', __( 'Notice details', 'tenderpress' ), array( $this, 'render' ), NoticePostType::POST_TYPE, 'normal', 'high' );
	}

	public function render( WP_Post $post ): void {
		// The stored facts, password or not: the box writes them back.
		$notice = Notice::stored( $post );
		wp_nonce_field( self::NONCE, self::NONCE );
		$text   = static function ( string $key, string $label, string $value, string $type = 'text', array $extra = array() ): void {
			printf(
				'<p><label for="%1$s"><strong>%2$s</strong></label><br><input class="widefat" type="%3$s" id="%1$s" name="tp[%1$s]" value="%4$s"',
				esc_attr( $key ),
				esc_html( $label ),
				esc_attr( $type ),
				esc_attr( $value )
			);
			foreach ( $extra as $name => $extra_value ) {
				printf( ' %s="%s"', esc_attr( $name ), esc_attr( $extra_value ) );
			}
			echo '></p>';
		};
		$local  = static fn( string $value ) => '' === $value ? '' : substr( str_replace( ' ', 'T', $value ), 0, 16 );
		$amount = static fn( ?float $value ) => null === $value ? '' : (string) $value;

		echo '<p><label for="tp_notice_type"><strong>' . esc_html__( 'Notice type', 'tenderpress' ) . '</strong></label><br><select id="tp_notice_type" name="tp[tp_notice_type]">';
		foreach ( NoticeFields::NOTICE_TYPES as $type ) {
			printf( '<option value="%s" %s>%s</option>', esc_attr( $type ), selected( $notice->type, $type, false ), esc_html( Notice::label_for_type( $type ) ) );
		}
		echo '</select></p>';
		$money_limits = array(
			'min'  => '0',
			'step' => '0.01',
		);
		// Every limit is the field's own (NoticeFields::definitions()), which REST and the save
		// enforce: the box only lets an editor see it before sending.
		$fields     = NoticeFields::definitions();
		$max_length = static fn( array $definition ): array => array( 'maxlength' => (string) $definition['maxLength'] );
		// An HTML pattern matches the whole value already: the definition's anchors go.
		$currency_limits = array( 'pattern' => trim( (string) $fields['tp_currency']['pattern'], '^$' ) );
		$text( 'tp_reference', __( 'Reference number', 'tenderpress' ), $notice->reference, 'text', $max_length( $fields['tp_reference'] ) );
		$text( 'tp_buyer', __( 'Issuing organisation', 'tenderpress' ), $notice->buyer, 'text', $max_length( $fields['tp_buyer'] ) );
		$text( 'tp_published_date', __( 'Published on', 'tenderpress' ), $notice->published_date, 'date' );
		/* translators: %s: timezone name such as Asia/Kolkata. */
		$zone = sprintf( __( '(site time, %s)', 'tenderpress' ), wp_timezone_string() );
		$text( 'tp_deadline', __( 'Submission deadline', 'tenderpress' ) . ' ' . $zone, $local( $notice->deadline ), 'datetime-local' );
		$text( 'tp_eoi_deadline', __( 'EOI deadline, where it applies', 'tenderpress' ), $local( $notice->eoi_deadline ), 'datetime-local' );
		$text( 'tp_opening_date', __( 'Bid opening', 'tenderpress' ), $local( $notice->opening_date ), 'datetime-local' );
		$text( 'tp_value_amount', __( 'Estimated value', 'tenderpress' ), $amount( $notice->value_amount ), 'number', $money_limits );
		$text( 'tp_currency', __( 'Currency (ISO code)', 'tenderpress' ), $notice->currency, 'text', $currency_limits );
		$text( 'tp_bid_security', __( 'Bid security (EMD)', 'tenderpress' ), $amount( $notice->bid_security ), 'number', $money_limits );
		$text( 'tp_document_fee', __( 'Document fee', 'tenderpress' ), $amount( $notice->document_fee ), 'number', $money_limits );
		$text( 'tp_submission_url', __( "Buyer's submission page (https://…)", 'tenderpress' ), $notice->submission_url, 'url', $max_length( $fields['tp_submission_url'] ) );
		$text( 'tp_notice_url', __( "Buyer's own notice (https://…)", 'tenderpress' ), $notice->notice_url, 'url', $max_length( $fields['tp_notice_url'] ) );

		echo '<fieldset><legend><strong>' . esc_html__( 'Contact', 'tenderpress' ) . '</strong></legend>';
		foreach ( array(
			'name'  => __( 'Name or office', 'tenderpress' ),
			'email' => __( 'E-mail', 'tenderpress' ),
			'phone' => __( 'Phone', 'tenderpress' ),
		) as $part => $label ) {
			printf(
				'<p><label for="tp_contact_%1$s">%2$s</label><br><input class="widefat" type="%3$s" id="tp_contact_%1$s" name="tp[tp_contact][%1$s]" value="%4$s" maxlength="%5$d"></p>',
				esc_attr( $part ),
				esc_html( $label ),
				'email' === $part ? 'email' : ( 'phone' === $part ? 'tel' : 'text' ),
				esc_attr( $notice->contact[ $part ] ?? '' ),
				(int) $fields['tp_contact']['properties'][ $part ]['maxLength']
			);
		}
		printf(
			'</fieldset><p><label for="tp_eligibility"><strong>%1$s</strong></label><br><textarea class="widefat" rows="6" maxlength="%4$d" id="tp_eligibility" name="tp[tp_eligibility]" aria-describedby="tp_eligibility_help">%2$s</textarea><span class="description" id="tp_eligibility_help">%3$s</span></p>',
			esc_html__( 'Eligibility', 'tenderpress' ),
			esc_textarea( $notice->eligibility ),
			esc_html__( 'Who may bid, as plain text. A blank line starts a new paragraph; lines starting with "- " make a list.', 'tenderpress' ),
			(int) $fields['tp_eligibility']['maxLength']
		);
		echo '<fieldset><legend><strong>' . esc_html__( 'Documents', 'tenderpress' ) . '</strong></legend>';
		$rows = array_merge(
			$notice->documents,
			array_fill(
				0,
				self::DOCUMENT_ROWS,
				array(
					'title' => '',
					'url'   => '',
				)
			)
		);
		foreach ( $rows as $index => $document ) {
			printf(
				'<p><label>%1$s <input type="text" name="tp[tp_documents][%2$d][title]" value="%3$s" maxlength="%11$d"></label> <label>%4$s <input type="url" name="tp[tp_documents][%2$d][url]" value="%5$s"></label> <label>%6$s <input type="number" min="0" max="%7$d" step="1" name="tp[tp_documents][%2$d][size]" value="%8$s"></label> <label>%9$s <input type="date" name="tp[tp_documents][%2$d][date]" value="%10$s"></label></p>',
				esc_html__( 'Title', 'tenderpress' ),
				(int) $index,
				esc_attr( $document['title'] ),
				esc_html__( 'Link', 'tenderpress' ),
				esc_attr( $document['url'] ),
				esc_html__( 'Size in bytes', 'tenderpress' ),
				(int) $fields['tp_documents']['items']['properties']['size']['maximum'],
				esc_attr( (string) ( $document['size'] ?? '' ) ),
				esc_html__( 'Date', 'tenderpress' ),
				esc_attr( $document['date'] ?? '' ),
				(int) $fields['tp_documents']['items']['properties']['title']['maxLength']
			);
		}
		echo '<p class="description">' . esc_html__( 'Leave a row empty to remove it. Size and date are optional: for a file in the media library they are read from the file.', 'tenderpress' ) . '</p></fieldset>';
	}

	public function save( int $post_id, WP_Post $post ): void {
		if ( ! isset( $_POST[ self::NONCE ] ) || ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST[ self::NONCE ] ) ), self::NONCE ) ) {
			return;
		}
		if ( wp_is_post_autosave( $post_id ) || wp_is_post_revision( $post_id ) || ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		// Each value is cleaned by NoticeFields::normalize(), field by field, below.
		$input  = isset( $_POST['tp'] ) && is_array( $_POST['tp'] ) ? wp_unslash( $_POST['tp'] ) : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		$errors = array();
		foreach ( array_keys( NoticeFields::definitions() ) as $key ) {
			if ( ! array_key_exists( $key, $input ) ) {
				continue;
			}
			$value = NoticeFields::normalize( $key, $input[ $key ] );
			if ( is_wp_error( $value ) ) {
				$errors[ $key ] = $value->get_error_message();
				continue;
			}
			if ( '' === $value || array() === $value ) {
				delete_post_meta( $post_id, $key );
			} else {
				update_post_meta( $post_id, $key, wp_slash( $value ) );
			}
		}
		if ( $errors ) {
			set_transient( self::ERRORS_KEY . get_current_user_id(), $errors, MINUTE_IN_SECONDS );
		}
	}

	public function show_errors(): void {
		$key    = self::ERRORS_KEY . get_current_user_id();
		$errors = get_transient( $key );
		if ( ! is_array( $errors ) ) {
			return;
		}
		delete_transient( $key );
		echo '<div class="notice notice-error"><p>' . esc_html__( 'Some notice details were not saved:', 'tenderpress' ) . '</p><ul>';
		foreach ( $errors as $field => $message ) {
			printf( '<li><code>%s</code>: %s</li>', esc_html( $field ), esc_html( $message ) );
		}
		echo '</ul></div>';
	}
}
