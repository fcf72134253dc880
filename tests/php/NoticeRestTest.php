<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeFacts;

/**
 * The notices REST API (/wp/v2/tenders) as an API client sees it: the facts and the derived
 * status in every notice, a schema that describes them, writes refused to visitors, and for
 * editors normalised values — or a 400 with nothing stored at all when any value is bad.
 */
final class NoticeRestTest extends TestCase {

	private const AMOUNTS = array( 'tp_value_amount', 'tp_bid_security', 'tp_document_fee' );

	/** A seeded tender (not an EOI): it has every field, amounts and documents included. */
	private function seeded_tender(): \WP_Post {
		$posts = get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 1,
				'orderby'     => 'ID',
				'order'       => 'ASC',
				'meta_query'  => array(
					array(
						'key'   => 'tp_notice_type',
						'value' => 'tender',
					),
					array(
						'key'     => 'tp_documents',
						'compare' => 'EXISTS',
					),
				),
			)
		);
		$this->assertCount( 1, $posts );
		return $posts[0];
	}

	private function seeded_eoi(): \WP_Post {
		$posts = get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 1,
				'orderby'     => 'ID',
				'order'       => 'ASC',
				'meta_key'    => 'tp_notice_type',
				'meta_value'  => 'eoi',
			)
		);
		$this->assertCount( 1, $posts );
		return $posts[0];
	}

	public function test_a_notice_shows_its_facts_and_status(): void {
		$post = $this->seeded_tender();
		$response = $this->rest( 'GET', '/wp/v2/tenders/' . $post->ID );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$meta = $data['meta'];

		$this->assertSame( 'tender', $meta['tp_notice_type'] );
		$this->assertSame( get_post_meta( $post->ID, 'tp_reference', true ), $meta['tp_reference'] );
		$this->assertNotSame( '', $meta['tp_reference'] );
		$this->assertSame( get_post_meta( $post->ID, 'tp_buyer', true ), $meta['tp_buyer'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $meta['tp_deadline'] );
		$this->assertIsFloat( $meta['tp_value_amount'] );
		$this->assertGreaterThan( 0, $meta['tp_value_amount'] );
		$this->assertEquals( (float) get_post_meta( $post->ID, 'tp_value_amount', true ), $meta['tp_value_amount'] );
		$this->assertSame( 'INR', $meta['tp_currency'] );
		$this->assertCount( 2, $meta['tp_documents'] );
		$this->assertSame( array( 'title', 'url', 'size', 'date' ), array_keys( $meta['tp_documents'][0] ), 'The demo gives each document its size and date.' );
		$this->assertIsInt( $meta['tp_documents'][0]['size'] );
		$this->assertStringStartsWith( 'https://', $meta['tp_documents'][0]['url'] );
		$this->assertSame( array( 'name', 'email', 'phone' ), array_keys( $meta['tp_contact'] ) );

		$deadline = ( new \DateTimeImmutable( $meta['tp_deadline'], wp_timezone() ) )->getTimestamp();
		$this->assertSame(
			array(
				'status'       => $deadline > time() + 7 * DAY_IN_SECONDS ? 'open' : ( $deadline > time() ? 'closing-soon' : 'closed' ),
				'label'        => $deadline > time() + 7 * DAY_IN_SECONDS ? 'Open' : ( $deadline > time() ? 'Closing soon' : 'Closed' ),
				'deadline_gmt' => gmdate( 'Y-m-d\TH:i:s\Z', $deadline ),
			),
			$data['tp_status']
		);
	}

	public function test_status_of_a_past_notice_is_closed(): void {
		$id = $this->make_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS ) ) );
		$status = $this->rest( 'GET', '/wp/v2/tenders/' . $id )->get_data()['tp_status'];
		$this->assertSame( 'closed', $status['status'] );
		$this->assertSame( 'Closed', $status['label'] );
	}

	public function test_a_notice_without_deadline_has_null_status(): void {
		$id = $this->make_notice( array( 'tp_buyer' => 'Delhi Jal Board' ) );
		$status = $this->rest( 'GET', '/wp/v2/tenders/' . $id )->get_data()['tp_status'];
		$this->assertSame(
			array(
				'status'       => null,
				'label'        => 'No deadline',
				'deadline_gmt' => null,
			),
			$status
		);
	}

	public function test_the_schema_describes_the_fields(): void {
		$response = $this->rest( 'OPTIONS', '/wp/v2/tenders' );
		$this->assertSame( 200, $response->get_status() );
		$properties = $response->get_data()['schema']['properties'];
		$meta = $properties['meta']['properties'];

		foreach ( array( 'tp_notice_type', 'tp_reference', 'tp_buyer', 'tp_published_date', 'tp_deadline', 'tp_eoi_deadline', 'tp_opening_date', 'tp_currency' ) as $key ) {
			$this->assertSame( 'string', $meta[ $key ]['type'], $key );
			$this->assertNotSame( '', $meta[ $key ]['description'], $key );
		}
		$this->assertSame( array( 'tender', 'eoi', 'corrigendum', 'award' ), $meta['tp_notice_type']['enum'] );
		$this->assertSame( 100, $meta['tp_reference']['maxLength'] );
		foreach ( self::AMOUNTS as $key ) {
			$this->assertSame( 'number', $meta[ $key ]['type'], $key );
			$this->assertSame( 0, $meta[ $key ]['minimum'], $key );
		}
		$this->assertSame( 'array', $meta['tp_documents']['type'] );
		$this->assertSame( 'object', $meta['tp_documents']['items']['type'] );
		$this->assertFalse( $meta['tp_documents']['items']['additionalProperties'] );
		$this->assertSame( array( 'title', 'url', 'size', 'date' ), array_keys( $meta['tp_documents']['items']['properties'] ) );
		$this->assertSame( 'integer', $meta['tp_documents']['items']['properties']['size']['type'] );
		$this->assertSame( 'date', $meta['tp_documents']['items']['properties']['date']['format'] );
		$this->assertSame( 'uri', $meta['tp_documents']['items']['properties']['url']['format'] );
		$this->assertSame( 'object', $meta['tp_contact']['type'] );
		$this->assertSame( array( 'name', 'email', 'phone' ), array_keys( $meta['tp_contact']['properties'] ) );

		$status = $properties['tp_status'];
		$this->assertTrue( $status['readonly'] );
		$this->assertSame( 'object', $status['type'] );
		$this->assertSame( array( 'status', 'label', 'deadline_gmt' ), array_keys( $status['properties'] ) );
		$this->assertSame( array( 'open', 'closing-soon', 'closed', null ), $status['properties']['status']['enum'] );
	}

	public function test_a_visitor_cannot_change_a_notice(): void {
		$post = $this->seeded_tender();
		$before = get_post_meta( $post->ID );

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $post->ID,
			array(
				'title' => 'Hijacked',
				'meta'  => array(
					'tp_buyer'        => 'Someone else',
					'tp_value_amount' => 1,
				),
			)
		);

		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( $post->post_title, get_post( $post->ID )->post_title );
		$this->assertSame( $before, get_post_meta( $post->ID ) );
	}

	public function test_a_visitor_cannot_create_a_notice(): void {
		$response = $this->rest(
			'POST',
			'/wp/v2/tenders',
			array(
				'title'  => 'Spam notice',
				'status' => 'publish',
			)
		);
		$this->assertSame( 401, $response->get_status() );
		$this->assertSame( array(), get_posts( array( 'post_type' => 'tender', 'post_status' => 'any', 'title' => 'Spam notice' ) ) );
	}

	public function test_an_editor_stores_normalised_values(): void {
		$this->log_in_as( 'editor' );
		$post = $this->seeded_tender();

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $post->ID,
			array(
				'title' => 'Corrigendum: revised deadline',
				'meta'  => array(
					'tp_notice_type'  => 'corrigendum',
					'tp_deadline'     => '2027-03-01T10:30',
					'tp_value_amount' => 1234.567,
					'tp_currency'     => 'USD',
					'tp_documents'    => array(
						array(
							'title' => 'Corrigendum 1',
							'url'   => 'https://example.org/corrigendum-1.pdf',
						),
					),
					'tp_contact'      => array( 'email' => 'cell@example.org' ),
				),
			)
		);

		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'Corrigendum: revised deadline', get_post( $post->ID )->post_title );
		$this->assertSame( 'corrigendum', get_post_meta( $post->ID, 'tp_notice_type', true ) );
		$this->assertSame( '2027-03-01 10:30:00', get_post_meta( $post->ID, 'tp_deadline', true ) );
		$this->assertEquals( 1234.57, get_post_meta( $post->ID, 'tp_value_amount', true ) );
		$this->assertSame( 'USD', get_post_meta( $post->ID, 'tp_currency', true ) );
		$this->assertSame( array( array( 'title' => 'Corrigendum 1', 'url' => 'https://example.org/corrigendum-1.pdf' ) ), get_post_meta( $post->ID, 'tp_documents', true ) );
		$this->assertSame( array( 'email' => 'cell@example.org' ), get_post_meta( $post->ID, 'tp_contact', true ) );

		$data = $response->get_data();
		$this->assertSame( '2027-03-01 10:30:00', $data['meta']['tp_deadline'] );
		$this->assertSame( 1234.57, $data['meta']['tp_value_amount'] );
		$this->assertSame( '2027-03-01T05:00:00Z', $data['tp_status']['deadline_gmt'] );
	}

	/** @dataProvider bad_meta */
	public function test_bad_input_is_refused_and_nothing_is_stored( array $meta, string $field ): void {
		$this->log_in_as( 'editor' );
		$post = $this->seeded_tender();
		$title = $post->post_title;
		$before = get_post_meta( $post->ID );

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $post->ID,
			array(
				'title' => 'Changed in the same request',
				'meta'  => array( 'tp_buyer' => 'Changed buyer' ) + $meta,
			)
		);

		$this->assertSame( 400, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$error = $response->get_data();
		$this->assertSame( 'rest_invalid_param', $error['code'] );
		$this->assertStringContainsString( $field, wp_json_encode( $error ), 'The answer names the bad field.' );
		clean_post_cache( $post->ID );
		$this->assertSame( $title, get_post( $post->ID )->post_title, 'The title sent with the bad value is not stored.' );
		$this->assertSame( $before, get_post_meta( $post->ID ), 'No meta is changed.' );
	}

	public function bad_meta(): array {
		return array(
			'deadline 31 February'    => array( array( 'tp_deadline' => '2027-02-31 10:00' ), 'tp_deadline' ),
			'deadline not a date'     => array( array( 'tp_deadline' => 'next Tuesday' ), 'tp_deadline' ),
			'negative value'          => array( array( 'tp_value_amount' => -5 ), 'tp_value_amount' ),
			'value in words'          => array( array( 'tp_value_amount' => '12 lakh' ), 'tp_value_amount' ),
			'unknown notice type'     => array( array( 'tp_notice_type' => 'auction' ), 'tp_notice_type' ),
			'javascript document'     => array( array( 'tp_documents' => array( array( 'title' => 'NIT', 'url' => 'javascript:alert(1)' ) ) ), 'tp_documents' ),
			'document without title'  => array( array( 'tp_documents' => array( array( 'url' => 'https://example.org/a.pdf' ) ) ), 'tp_documents' ),
			'contact with extra key'  => array( array( 'tp_contact' => array( 'fax' => '123' ) ), 'tp_contact' ),
			'contact bad e-mail'      => array( array( 'tp_contact' => array( 'email' => 'not-an-email' ) ), 'tp_contact' ),
		);
	}

	public function test_scripts_in_text_fields_are_stripped(): void {
		$this->log_in_as( 'editor' );
		$post = $this->seeded_tender();

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $post->ID,
			array(
				'meta' => array(
					'tp_buyer'     => '<script>alert(1)</script>Delhi <b>Jal</b> Board',
					'tp_reference' => 'DJB/<script>alert(2)</script>WS/7',
				),
			)
		);

		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'Delhi Jal Board', get_post_meta( $post->ID, 'tp_buyer', true ) );
		$this->assertSame( 'DJB/WS/7', get_post_meta( $post->ID, 'tp_reference', true ) );
		$this->assertSame( 'Delhi Jal Board', $response->get_data()['meta']['tp_buyer'] );
	}

	public function test_an_editor_creates_a_notice_with_facts_and_gets_its_status(): void {
		$this->log_in_as( 'editor' );
		$deadline = time() + 3 * DAY_IN_SECONDS;

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders',
			array(
				'title'  => 'Supply of 40 patient monitors',
				'status' => 'publish',
				'meta'   => array(
					'tp_notice_type'  => 'tender',
					'tp_buyer'        => 'Tamil Nadu Medical Services Corporation',
					'tp_deadline'     => wp_date( 'Y-m-d H:i', $deadline ),
					'tp_value_amount' => 2500000,
				),
			)
		);

		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$id = $data['id'];
		$this->assertSame( 'publish', get_post_status( $id ) );
		$this->assertSame( 'Tamil Nadu Medical Services Corporation', get_post_meta( $id, 'tp_buyer', true ) );
		$this->assertSame( wp_date( 'Y-m-d H:i:00', $deadline ), get_post_meta( $id, 'tp_deadline', true ) );
		$this->assertEquals( 2500000, get_post_meta( $id, 'tp_value_amount', true ) );
		$this->assertSame( 'closing-soon', $data['tp_status']['status'] );
		$this->assertSame( 'Closing soon', $data['tp_status']['label'] );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:00\Z', $deadline ), $data['tp_status']['deadline_gmt'] );
	}

	public function test_a_create_with_a_bad_value_creates_nothing(): void {
		$this->log_in_as( 'editor' );
		$response = $this->rest(
			'POST',
			'/wp/v2/tenders',
			array(
				'title'  => 'Notice with an impossible deadline',
				'status' => 'publish',
				'meta'   => array( 'tp_deadline' => '2027-02-30 10:00' ),
			)
		);
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( array(), get_posts( array( 'post_type' => 'tender', 'post_status' => 'any', 'title' => 'Notice with an impossible deadline' ) ) );
	}

	public function test_the_status_cannot_be_written(): void {
		$this->log_in_as( 'editor' );
		$id = $this->make_notice( array( 'tp_deadline' => wp_date( 'Y-m-d H:i:s', time() + 30 * DAY_IN_SECONDS ) ) );

		$response = $this->rest(
			'POST',
			'/wp/v2/tenders/' . $id,
			array( 'tp_status' => array( 'status' => 'closed', 'label' => 'Closed', 'deadline_gmt' => null ) )
		);

		$this->assertSame( 'open', $response->get_data()['tp_status']['status'] ?? null );
		$this->assertSame( 'open', $this->rest( 'GET', '/wp/v2/tenders/' . $id )->get_data()['tp_status']['status'] );
	}

	/**
	 * An EOI has no estimated value, bid security or fee. A client that reads a notice and writes
	 * the same meta back (the usual GET, edit one field, PUT cycle) must not turn "not given" into
	 * a stored zero that the notice page then shows as "Estimated value ₹0".
	 */
	public function test_reading_and_writing_back_a_notice_keeps_missing_amounts_missing(): void {
		$this->log_in_as( 'editor' );
		$eoi = $this->seeded_eoi();
		foreach ( self::AMOUNTS as $key ) {
			$this->assertSame( array(), get_post_meta( $eoi->ID, $key ), "The seeded EOI has no $key." );
		}

		$meta = $this->rest( 'GET', '/wp/v2/tenders/' . $eoi->ID )->get_data()['meta'];
		$response = $this->rest( 'POST', '/wp/v2/tenders/' . $eoi->ID, array( 'meta' => $meta ) );
		$this->assertSame( 200, $response->get_status() );

		foreach ( self::AMOUNTS as $key ) {
			$this->assertSame( array(), get_post_meta( $eoi->ID, $key ), "$key is still not given after the round trip." );
		}
		$this->assertStringNotContainsString( 'Estimated value', NoticeFacts::render( get_post( $eoi->ID ) ) );
	}
}
