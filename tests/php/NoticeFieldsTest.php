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
			'contact bad email'        => array( 'tp_contact', array( 'email' => 'a@example.org' ), array( 'email' => 'not-an-email' ) ),
			'reference too long'       => array( 'tp_reference', 'ABC/1', str_repeat( 'x', 101 ) ),
		);
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
