<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeFields;

/**
 * Field sanitising and validation: a bad value is refused (nothing stored), text is cleaned.
 */
final class NoticeFieldsTest extends TestCase {

	public function test_valid_values_are_stored_normalised(): void {
		$id = $this->make_notice(
			array(
				'tp_notice_type'  => 'EOI',
				'tp_deadline'     => '2027-01-15T14:30',
				'tp_value_amount' => '1250000.456',
				'tp_currency'     => 'inr',
			)
		);
		$this->assertSame( 'eoi', get_post_meta( $id, 'tp_notice_type', true ) );
		$this->assertSame( '2027-01-15 14:30:00', get_post_meta( $id, 'tp_deadline', true ) );
		$this->assertEquals( 1250000.46, get_post_meta( $id, 'tp_value_amount', true ) );
		$this->assertSame( 'INR', get_post_meta( $id, 'tp_currency', true ) );
	}

	/** @dataProvider bad_values */
	public function test_bad_values_are_refused_and_the_old_value_kept( string $key, $good, $bad ): void {
		$id = $this->make_notice( array( $key => $good ) );
		$before = get_post_meta( $id, $key, true );
		$result = update_post_meta( $id, $key, $bad );
		$this->assertFalse( $result );
		$this->assertSame( $before, get_post_meta( $id, $key, true ) );
	}

	public function bad_values(): array {
		return array(
			'deadline not a date'      => array( 'tp_deadline', '2027-01-15 10:00', 'next Tuesday' ),
			'deadline 31 February'     => array( 'tp_deadline', '2027-01-15 10:00', '2027-02-31 10:00' ),
			'deadline hour 25'         => array( 'tp_deadline', '2027-01-15 10:00', '2027-01-15 25:00' ),
			'published bad date'       => array( 'tp_published_date', '2026-11-01', '2026-13-01' ),
			'negative value'           => array( 'tp_value_amount', 1000, -5 ),
			'value not a number'       => array( 'tp_value_amount', 1000, '12 lakh' ),
			'negative bid security'    => array( 'tp_bid_security', 500, '-1' ),
			'negative document fee'    => array( 'tp_document_fee', 100, -100 ),
			'unknown notice type'      => array( 'tp_notice_type', 'tender', 'auction' ),
			'currency not ISO'         => array( 'tp_currency', 'INR', 'rupees' ),
			'document javascript link' => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'x', 'url' => 'javascript:alert(1)' ) ) ),
			'document without title'   => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => '', 'url' => 'https://example.org/a.pdf' ) ) ),
			'document size negative'   => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'size' => -1 ) ) ),
			'document size in words'   => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'size' => '2 MB' ) ) ),
			'document size too large'  => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'size' => NoticeFields::MAX_DOCUMENT_SIZE + 1 ) ) ),
			'document date 13th month' => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'date' => '2026-13-01' ) ) ),
			'document date in words'   => array( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf' ) ), array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'date' => 'last week' ) ) ),
			'contact bad email'        => array( 'tp_contact', array( 'email' => 'a@example.org' ), array( 'email' => 'not-an-email' ) ),
			'reference too long'       => array( 'tp_reference', 'ABC/1', str_repeat( 'x', 101 ) ),
			'eligibility as a list'    => array( 'tp_eligibility', 'Registered firms.', array( 'Registered firms.', 'Consortia.' ) ),
			'eligibility too long'     => array( 'tp_eligibility', 'Registered firms.', str_repeat( 'x', 5001 ) ),
			'eligibility too long (é)' => array( 'tp_eligibility', 'Registered firms.', str_repeat( 'é', 5001 ) ),
			'submission javascript:'   => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', 'javascript:alert(1)' ),
			'submission relative path' => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', '/bids/1' ),
			'submission ftp'           => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', 'ftp://etenders.example.org/bids/1' ),
			'submission bare word'     => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', 'etenders' ),
			'submission as a list'     => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', array( 'https://etenders.example.org/' ) ),
			'notice page javascript:'  => array( 'tp_notice_url', 'https://www.example.org/tenders/1', 'javascript:alert(1)' ),
			'notice page relative'     => array( 'tp_notice_url', 'https://www.example.org/tenders/1', '/tenders/1' ),
			'submission too long'      => array( 'tp_submission_url', 'https://etenders.example.org/bids/1', 'https://etenders.example.org/' . str_repeat( 'x', 2000 ) ),
		);
	}

	public function test_a_document_keeps_its_size_and_date_when_given_and_only_then(): void {
		$id = $this->make_notice(
			array(
				'tp_documents' => array(
					array(
						'title' => 'NIT',
						'url'   => 'https://example.org/nit.pdf',
						'size'  => '1048576',
						'date'  => ' 2026-11-02 ',
					),
					array(
						'title' => 'BOQ',
						'url'   => 'https://example.org/boq.xlsx',
						'size'  => '',
						'date'  => '',
					),
				),
			)
		);
		$this->assertSame(
			array(
				array(
					'title' => 'NIT',
					'url'   => 'https://example.org/nit.pdf',
					'size'  => 1048576,
					'date'  => '2026-11-02',
				),
				array(
					'title' => 'BOQ',
					'url'   => 'https://example.org/boq.xlsx',
				),
			),
			get_post_meta( $id, 'tp_documents', true ),
			'A number of bytes and a date; blanks left out.'
		);
		$refused = NoticeFields::normalize( 'tp_documents', array( array( 'title' => 'NIT', 'url' => 'https://example.org/nit.pdf', 'size' => '1.5' ) ) );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'Each document needs a title and an http or https link; its size is a whole number of bytes and its date YYYY-MM-DD.', $refused->get_error_message() );
	}

	public function test_the_buyers_submission_page_is_stored_as_a_clean_http_or_https_address(): void {
		$id = $this->make_notice( array( 'tp_submission_url' => '  https://etenders.example.org/bids/7?lang=en&ref=KSEB/1  ' ) );
		$this->assertSame( 'https://etenders.example.org/bids/7?lang=en&ref=KSEB/1', get_post_meta( $id, 'tp_submission_url', true ) );
		$this->assertTrue( (bool) update_post_meta( $id, 'tp_submission_url', 'http://eproc.example.gov.in/"><script>x</script>' ) );
		$this->assertStringNotContainsString( '<', get_post_meta( $id, 'tp_submission_url', true ), 'Markup is stripped from the address.' );
		$this->assertSame( '', NoticeFields::normalize( 'tp_submission_url', '' ), 'Empty clears it.' );

		$refused = NoticeFields::normalize( 'tp_submission_url', 'javascript:alert(1)' );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( "Enter the buyer's submission page as a full address starting with http:// or https://.", $refused->get_error_message() );
		$this->assertFalse( add_post_meta( $this->make_notice(), 'tp_submission_url', 'data:text/html,hi', true ), 'Nothing stored on a new notice.' );
	}

	public function test_the_buyers_own_notice_is_refused_with_its_own_words(): void {
		$refused = NoticeFields::normalize( 'tp_notice_url', 'ftp://www.example.org/tenders/1' );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( "Enter the buyer's own notice as a full address starting with http:// or https://.", $refused->get_error_message() );
		$this->assertSame( 'https://www.example.org/tenders/1', NoticeFields::normalize( 'tp_notice_url', ' https://www.example.org/tenders/1 ' ) );
	}

	public function test_the_rest_api_refuses_a_bad_submission_page_and_changes_nothing(): void {
		$this->log_in_as( 'editor' );
		$id       = $this->make_notice( array( 'tp_submission_url' => 'https://etenders.example.org/bids/1' ) );
		$before   = get_post_meta( $id );
		$response = $this->rest( 'POST', '/wp/v2/tenders/' . $id, array( 'meta' => array( 'tp_submission_url' => 'javascript:alert(1)' ) ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( "Invalid tp_submission_url: Enter the buyer's submission page as a full address starting with http:// or https://.", $response->get_data()['message'] );
		$this->assertSame( $before, get_post_meta( $id ), 'No meta is changed.' );

		$response = $this->rest( 'POST', '/wp/v2/tenders/' . $id, array( 'meta' => array( 'tp_submission_url' => 'https://eproc.example.gov.in/bid' ) ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'https://eproc.example.gov.in/bid', $response->get_data()['meta']['tp_submission_url'], 'Exposed in REST like the other fields.' );
	}

	public function test_eligibility_keeps_its_line_breaks_and_loses_its_markup(): void {
		$id = $this->make_notice( array( 'tp_eligibility' => "  Who may bid:\n\n- Firms <b>registered</b> in India\n- Consortia <script>alert(1)</script>\n\n" ) );
		$this->assertSame( "Who may bid:\n\n- Firms registered in India\n- Consortia", get_post_meta( $id, 'tp_eligibility', true ), 'Blank lines and line breaks kept: they make the paragraphs and the list.' );

		$this->assertTrue( (bool) update_post_meta( $id, 'tp_eligibility', str_repeat( 'é', 5000 ) ), '5000 characters fit, however many bytes.' );
		$this->assertSame( 5000, mb_strlen( get_post_meta( $id, 'tp_eligibility', true ) ) );

		// A browser sends each line break of a textarea as CR LF; its maxlength counts it once.
		$full = implode( "\r\n", array_fill( 0, 10, str_repeat( 'x', 490 ) ) );
		$this->assertSame( 4900 + 9, mb_strlen( str_replace( "\r\n", "\n", $full ) ), 'What the textarea counts: within 5000.' );
		$this->assertTrue( (bool) update_post_meta( $id, 'tp_eligibility', str_repeat( 'y', 90 ) . "\r\n" . $full ), 'A full textarea is not too long.' );
		$this->assertStringNotContainsString( "\r", get_post_meta( $id, 'tp_eligibility', true ), 'Stored with LF alone.' );
	}

	public function test_a_refused_eligibility_stores_nothing(): void {
		$id = $this->make_notice();
		$this->assertFalse( add_post_meta( $id, 'tp_eligibility', array( 'Registered firms.' ), true ) );
		$this->assertFalse( update_post_meta( $id, 'tp_eligibility', str_repeat( 'x', 5001 ) ) );
		global $wpdb;
		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE post_id = %d AND meta_key = 'tp_eligibility'", $id ) ), 'No row.' );
		$this->assertSame( '', get_post_meta( $id, 'tp_eligibility', true ) );
	}

	/** @dataProvider bad_rest_eligibility */
	public function test_the_rest_api_refuses_a_bad_eligibility_and_changes_nothing( $bad, ?string $message ): void {
		$this->log_in_as( 'editor' );
		$id     = $this->make_notice( array( 'tp_eligibility' => "Registered firms.\n\n- Three years of experience" ), array( 'post_title' => 'Security guards for substations' ) );
		$before = get_post_meta( $id );

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $id,
			array(
				'title' => 'Changed in the same request',
				'meta'  => array(
					'tp_buyer'       => 'Changed buyer',
					'tp_eligibility' => $bad,
				),
			)
		);

		$this->assertSame( 400, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertStringContainsString( 'tp_eligibility', wp_json_encode( $error ), 'The answer names the field.' );
		if ( null !== $message ) {
			$this->assertSame( 'rest_invalid_param', $error['code'] );
			$this->assertSame( 'Invalid tp_eligibility: ' . $message, $error['message'] );
			$this->assertSame( array( 'meta.tp_eligibility' => $message ), $error['data']['params'] );
		}
		clean_post_cache( $id );
		$this->assertSame( 'Security guards for substations', get_post( $id )->post_title, 'The title sent with the bad value is not stored.' );
		$this->assertSame( $before, get_post_meta( $id ), 'No meta is changed.' );
	}

	public function bad_rest_eligibility(): array {
		return array(
			'a list'          => array( array( 'Registered firms.', 'Consortia.' ), 'This field takes plain text.' ),
			'an object'       => array( array( 'text' => 'Registered firms.' ), 'This field takes plain text.' ),
			'5001 characters' => array( str_repeat( 'x', 5001 ), 'This text is too long.' ),
			// WordPress's schema refuses it (not a string), but only after the post is saved.
			'a number'        => array( 5, null ),
		);
	}

	public function test_the_rest_api_stores_eligibility_with_its_line_breaks(): void {
		$this->log_in_as( 'editor' );
		$id       = $this->make_notice();
		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $id,
			array( 'meta' => array( 'tp_eligibility' => "Who may bid:\n\n- Firms <b>registered</b> in India\n- Consortia" ) )
		);
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( "Who may bid:\n\n- Firms registered in India\n- Consortia", get_post_meta( $id, 'tp_eligibility', true ) );
		$this->assertSame( "Who may bid:\n\n- Firms registered in India\n- Consortia", $response->get_data()['meta']['tp_eligibility'] );
	}

	public function test_script_in_text_fields_is_removed(): void {
		$id = $this->make_notice(
			array(
				'tp_reference' => 'PWD/<script>alert(1)</script>2026/1',
				'tp_buyer'     => '<img src=x onerror=alert(1)>Public Works <b>Department</b>',
				'tp_contact'   => array( 'name' => '<script>x()</script>Cell' ),
				'tp_documents' => array( array( 'title' => '<b onclick="x()">NIT</b>', 'url' => 'https://example.org/nit.pdf' ) ),
			)
		);
		$this->assertSame( 'PWD/2026/1', get_post_meta( $id, 'tp_reference', true ) );
		$this->assertSame( 'Public Works Department', get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( array( 'name' => 'Cell' ), get_post_meta( $id, 'tp_contact', true ) );
		$this->assertSame( 'NIT', get_post_meta( $id, 'tp_documents', true )[0]['title'] );
	}

	public function test_site_timezone_is_used_for_deadlines(): void {
		$this->assertSame( 'Asia/Kolkata', wp_timezone_string() );
		$this->assertSame( gmmktime( 9, 0, 0, 1, 15, 2027 ), NoticeFields::local_to_timestamp( '2027-01-15 14:30:00' ) );
	}
}
