<?php
namespace TenderPress\Tests;

/**
 * The "Notice details" box as an editor uses it: submitting the form with the post saves the
 * fields (cleaned, slashes handled, empty rows dropped); a forged or missing nonce, or a user
 * without rights to the post, saves nothing; a bad field is skipped while the others are saved,
 * and the editor is told which field failed on the next screen.
 */
final class NoticeEditorTest extends TestCase {

	private const NONCE = 'tenderpress_notice_details';

	/** The fields as the form posts them; WordPress adds slashes to $_POST. */
	private function submit_form( int $post_id, array $fields, ?string $nonce = null ): void {
		$_POST    = wp_slash(
			array(
				self::NONCE => $nonce ?? wp_create_nonce( self::NONCE ),
				'tp'        => $fields,
			)
		);
		$_REQUEST = $_POST;
		$result   = wp_update_post(
			array(
				'ID'         => $post_id,
				'post_title' => 'Saved from the editor',
			),
			true
		);
		$this->assertSame( $post_id, $result );
	}

	private function complete_form(): array {
		return array(
			'tp_notice_type'    => 'eoi',
			'tp_reference'      => "KSEB/EL/2026/77 <script>alert('x')</script>",
			'tp_buyer'          => "O'Brien & Sons \"Works\"",
			'tp_published_date' => '2026-11-02',
			'tp_deadline'       => '2027-01-15T14:30',
			'tp_eoi_deadline'   => '',
			'tp_opening_date'   => '2027-01-16T11:00',
			'tp_value_amount'   => '1250000.456',
			'tp_currency'       => 'inr',
			'tp_bid_security'   => '25000',
			'tp_document_fee'   => '',
			'tp_contact'        => array(
				'name'  => 'Procurement Cell',
				'email' => 'cell@example.org',
				'phone' => '+91 80 1234 5678',
			),
			'tp_documents'      => array(
				array(
					'title' => 'Notice inviting tender',
					'url'   => 'https://example.org/nit.pdf',
				),
				array(
					'title' => '',
					'url'   => '',
				),
				array(
					'title' => '',
					'url'   => '',
				),
			),
		);
	}

	private function seeded_tender_id(): int {
		$ids = get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 1,
				'fields'      => 'ids',
				'orderby'     => 'ID',
				'order'       => 'ASC',
				'meta_key'    => 'tp_notice_type',
				'meta_value'  => 'tender',
			)
		);
		$this->assertCount( 1, $ids );
		$this->assertSame( '1', get_post_field( 'post_author', $ids[0] ), 'Seeded notices belong to the admin.' );
		return $ids[0];
	}

	public function test_the_form_saves_every_field_cleaned(): void {
		$user = $this->log_in_as( 'editor' );
		$id   = $this->seeded_tender_id();
		$this->assertTrue( metadata_exists( 'post', $id, 'tp_document_fee' ) );

		$this->submit_form( $id, $this->complete_form() );

		$this->assertSame( 'eoi', get_post_meta( $id, 'tp_notice_type', true ) );
		$this->assertSame( 'KSEB/EL/2026/77', get_post_meta( $id, 'tp_reference', true ) );
		$this->assertSame( "O'Brien & Sons \"Works\"", get_post_meta( $id, 'tp_buyer', true ), 'No slashes added or lost.' );
		$this->assertSame( '2026-11-02', get_post_meta( $id, 'tp_published_date', true ) );
		$this->assertSame( '2027-01-15 14:30:00', get_post_meta( $id, 'tp_deadline', true ) );
		$this->assertSame( '2027-01-16 11:00:00', get_post_meta( $id, 'tp_opening_date', true ) );
		$this->assertEquals( 1250000.46, get_post_meta( $id, 'tp_value_amount', true ) );
		$this->assertSame( 'INR', get_post_meta( $id, 'tp_currency', true ) );
		$this->assertEquals( 25000, get_post_meta( $id, 'tp_bid_security', true ) );
		$this->assertFalse( metadata_exists( 'post', $id, 'tp_document_fee' ), 'An emptied amount is removed, not stored as zero.' );
		$this->assertFalse( metadata_exists( 'post', $id, 'tp_eoi_deadline' ) );
		$this->assertSame(
			array(
				'name'  => 'Procurement Cell',
				'email' => 'cell@example.org',
				'phone' => '+91 80 1234 5678',
			),
			get_post_meta( $id, 'tp_contact', true )
		);
		$this->assertSame(
			array(
				array(
					'title' => 'Notice inviting tender',
					'url'   => 'https://example.org/nit.pdf',
				),
			),
			get_post_meta( $id, 'tp_documents', true ),
			'Empty document rows are dropped.'
		);
		$this->assertFalse( get_transient( 'tenderpress_notice_errors_' . $user ), 'No errors to report.' );
	}

	public function test_a_field_left_out_of_the_form_is_kept(): void {
		$this->log_in_as( 'editor' );
		$id        = $this->seeded_tender_id();
		$reference = get_post_meta( $id, 'tp_reference', true );

		$this->submit_form( $id, array( 'tp_buyer' => 'Kerala State Electricity Board' ) );

		$this->assertSame( 'Kerala State Electricity Board', get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( $reference, get_post_meta( $id, 'tp_reference', true ) );
	}

	/**
	 * @dataProvider forged_nonces
	 * @param string|array|null $nonce
	 */
	public function test_without_a_valid_nonce_nothing_is_saved( $nonce ): void {
		$this->log_in_as( 'editor' );
		$id     = $this->seeded_tender_id();
		$before = get_post_meta( $id );

		$_POST = wp_slash( array( 'tp' => $this->complete_form() ) + ( null === $nonce ? array() : array( self::NONCE => $nonce ) ) );
		wp_update_post(
			array(
				'ID'         => $id,
				'post_title' => 'Saved from the editor',
			)
		);

		$this->assertSame( 'Saved from the editor', get_post( $id )->post_title, 'The post itself was saved…' );
		$this->assertSame( $before, get_post_meta( $id ), '…but none of the notice details.' );
	}

	public function forged_nonces(): array {
		return array(
			'no nonce'          => array( null ),
			'made-up nonce'     => array( 'deadbeef00' ),
			'empty nonce'       => array( '' ),
			'nonce as an array' => array( array( 'deadbeef00' ) ),
		);
	}

	public function test_a_nonce_for_another_action_or_user_is_refused(): void {
		$this->log_in_as( 'editor' );
		$id     = $this->seeded_tender_id();
		$before = get_post_meta( $id );

		$this->submit_form( $id, $this->complete_form(), wp_create_nonce( 'update-post_' . $id ) );
		$this->assertSame( $before, get_post_meta( $id ) );

		$someone_else = wp_create_nonce( self::NONCE );
		$this->log_in_as( 'editor' );
		$this->submit_form( $id, $this->complete_form(), $someone_else );
		$this->assertSame( $before, get_post_meta( $id ) );
	}

	public function test_a_contributor_cannot_change_someone_elses_notice(): void {
		$this->log_in_as( 'contributor' );
		$id     = $this->seeded_tender_id();
		$before = get_post_meta( $id );

		$this->submit_form( $id, $this->complete_form() );

		$this->assertSame( $before, get_post_meta( $id ) );
	}

	public function test_a_contributor_can_fill_in_their_own_draft(): void {
		$user = $this->log_in_as( 'contributor' );
		$id   = $this->make_notice(
			array(),
			array(
				'post_status' => 'draft',
				'post_author' => $user,
			)
		);

		$this->submit_form(
			$id,
			array(
				'tp_buyer'    => 'Jaipur Development Authority',
				'tp_deadline' => '2027-01-15T14:30',
			)
		);

		$this->assertSame( 'Jaipur Development Authority', get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( '2027-01-15 14:30:00', get_post_meta( $id, 'tp_deadline', true ) );
	}

	public function test_a_bad_field_is_skipped_the_rest_saved_and_the_error_reported(): void {
		$user     = $this->log_in_as( 'editor' );
		$id       = $this->seeded_tender_id();
		$deadline = get_post_meta( $id, 'tp_deadline', true );
		$amount   = get_post_meta( $id, 'tp_value_amount', true );

		$this->submit_form(
			$id,
			array(
				'tp_buyer'        => 'Delhi Jal Board',
				'tp_deadline'     => '2027-02-31T10:00',
				'tp_value_amount' => '-5',
				'tp_currency'     => 'usd',
			)
		);

		$this->assertSame( 'Delhi Jal Board', get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( 'USD', get_post_meta( $id, 'tp_currency', true ) );
		$this->assertSame( $deadline, get_post_meta( $id, 'tp_deadline', true ), 'The impossible date is not stored.' );
		$this->assertSame( $amount, get_post_meta( $id, 'tp_value_amount', true ), 'The negative amount is not stored.' );

		$errors = get_transient( 'tenderpress_notice_errors_' . $user );
		$this->assertIsArray( $errors );
		$this->assertSame( array( 'tp_deadline', 'tp_value_amount' ), array_keys( $errors ) );
		$this->assertSame( 'Enter a real date and time as YYYY-MM-DD HH:MM.', $errors['tp_deadline'] );

		ob_start();
		do_action( 'admin_notices' );
		$notice = (string) ob_get_clean();
		$this->assertStringContainsString( 'Some notice details were not saved:', $notice );
		$this->assertStringContainsString( '<code>tp_deadline</code>: Enter a real date and time as YYYY-MM-DD HH:MM.', $notice );
		$this->assertStringContainsString( '<code>tp_value_amount</code>', $notice );
		$this->assertFalse( get_transient( 'tenderpress_notice_errors_' . $user ), 'The message is shown once.' );

		ob_start();
		do_action( 'admin_notices' );
		$this->assertStringNotContainsString( 'Some notice details were not saved', (string) ob_get_clean() );
	}

	public function test_errors_are_kept_for_the_user_who_saved(): void {
		$editor = $this->log_in_as( 'editor' );
		$id     = $this->seeded_tender_id();
		$this->submit_form( $id, array( 'tp_published_date' => '2026-13-01' ) );

		$this->log_in_as( 'editor' );
		ob_start();
		do_action( 'admin_notices' );
		$this->assertStringNotContainsString( 'tp_published_date', (string) ob_get_clean(), 'Another editor does not see them.' );
		$this->assertSame( array( 'tp_published_date' ), array_keys( get_transient( 'tenderpress_notice_errors_' . $editor ) ) );
	}

	public function test_the_box_offers_the_limits_the_fields_enforce(): void {
		$this->log_in_as( 'editor' );
		ob_start();
		( new \TenderPress\Content\NoticeEditor() )->render( get_post( $this->seeded_tender_id() ) );
		$dom    = new Html( (string) ob_get_clean() );
		$fields = \TenderPress\Content\NoticeFields::definitions();
		$length = static fn( string $xpath ) => (int) $dom->one( $xpath )?->getAttribute( 'maxlength' );

		foreach ( array( 'tp_reference', 'tp_buyer', 'tp_submission_url', 'tp_notice_url', 'tp_eligibility' ) as $key ) {
			$this->assertSame( $fields[ $key ]['maxLength'], $length( "//*[@name='tp[$key]']" ), "The box stops $key where the field does." );
		}
		foreach ( $fields['tp_contact']['properties'] as $part => $definition ) {
			$this->assertSame( $definition['maxLength'], $length( "//input[@name='tp[tp_contact][$part]']" ), "The contact's $part too." );
		}
		$document = $fields['tp_documents']['items']['properties'];
		$this->assertSame( $document['title']['maxLength'], $length( "//input[@name='tp[tp_documents][0][title]']" ) );
		$this->assertSame( $document['size']['maximum'], (int) $dom->one( "//input[@name='tp[tp_documents][0][size]']" )?->getAttribute( 'max' ) );
		$this->assertSame( '^' . $dom->one( "//input[@name='tp[tp_currency]']" )?->getAttribute( 'pattern' ) . '$', $fields['tp_currency']['pattern'] );
	}
}
