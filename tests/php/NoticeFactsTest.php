<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeFacts;

/**
 * The key facts of a notice as a visitor sees them: amounts, deadlines, documents and term links;
 * stored text escaped; and every facts section named by its own heading, however many a page shows.
 */
final class NoticeFactsTest extends TestCase {

	protected function tearDown(): void {
		unset( $GLOBALS['post'] );
		parent::tearDown();
	}

	public function test_notice_facts_show_the_key_facts(): void {
		$id = $this->make_notice(
			array(
				'tp_notice_type'  => 'tender',
				'tp_reference'    => 'PWD-MH/CW/2026/9001',
				'tp_buyer'        => 'Public Works Department, Maharashtra',
				// 15 days and an hour: 15 whole days ("2 weeks" rounded down more than it must).
				'tp_deadline'     => wp_date( 'Y-m-d H:i:s', time() + 15 * DAY_IN_SECONDS + HOUR_IN_SECONDS ),
				'tp_opening_date' => '2030-01-15 11:00:00',
				'tp_value_amount' => 1250000,
				'tp_bid_security' => 25000.5,
				'tp_document_fee' => 1000,
				'tp_currency'     => 'INR',
				'tp_documents'    => array(
					array(
						'title' => 'Notice inviting tender',
						'url'   => 'https://documents.example.org/nit.pdf',
					),
					array(
						'title' => 'Drawings',
						'url'   => 'https://documents.example.org/drawings.zip?v=2&lang=en',
					),
				),
			)
		);
		$category = get_term_by( 'name', 'Civil Works', 'tender_category' );
		$state = get_term_by( 'name', 'Maharashtra', 'tender_location' );
		$city = get_term_by( 'name', 'Pune', 'tender_location' );
		wp_set_object_terms( $id, array( $category->term_id ), 'tender_category' );
		wp_set_object_terms( $id, array( $state->term_id, $city->term_id ), 'tender_location' );

		$GLOBALS['post'] = get_post( $id );
		$html = do_blocks( '<!-- wp:tenderpress/notice-facts /-->' );
		$dom = new Html( $html );

		$facts = array();
		foreach ( $dom->all( '//dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']/div' ) as $row ) {
			$facts[ $dom->text( './dt', $row ) ] = $row;
		}
		$this->assertSame( 'Tender', $dom->text( './dd', $facts['Notice type'] ) );
		$this->assertSame( 'PWD-MH/CW/2026/9001', $dom->text( './dd', $facts['Reference number'] ) );
		$this->assertSame( 'Public Works Department, Maharashtra', $dom->text( './dd', $facts['Issuing organisation'] ) );
		// The symbol once (Support\\Money; MoneyTest covers the grouping of each locale).
		$this->assertSame( '₹1,250,000', $dom->text( './dd', $facts['Estimated value'] ) );
		$this->assertSame( '₹25,000.50', $dom->text( './dd', $facts['Bid security (EMD)'] ) );
		$this->assertSame( '₹1,000', $dom->text( './dd', $facts['Document fee'] ) );
		$this->assertNotNull( $dom->one( './dd/time[@datetime]', $facts['Submission deadline'] ) );
		$this->assertStringEndsWith( ' IST', $dom->text( './dd', $facts['Submission deadline'] ), 'The deadline names the site\'s time zone.' );
		$this->assertSame( '15 Jan 2030, 11:00 am IST', $dom->text( './dd', $facts['Bid opening'] ), 'So does the bid opening.' );
		$this->assertSame( 'Open', $dom->text( '//span[' . Html::has_class( 'tp-status' ) . ']' ) );
		$this->assertSame( 'Asia/Kolkata', wp_timezone_string(), 'The seeded site is in India.' );
		$this->assertSame( '15 days left', $dom->text( '//span[' . Html::has_class( 'tp-notice-facts__time-left' ) . ']' ) );

		$category_link = $dom->one( './dd/a', $facts['Category'] );
		$this->assertSame( 'Civil Works', trim( $category_link->textContent ) );
		$this->assertSame( get_term_link( $category ), $category_link->getAttribute( 'href' ) );
		$locations = $dom->all( './dd/a', $facts['Location'] );
		$this->assertSame( array( 'Pune', 'Maharashtra' ), array_map( static fn( $a ) => trim( $a->textContent ), $locations ), 'The city, then its state.' );
		$this->assertSame( get_term_link( $city ), $locations[0]->getAttribute( 'href' ) );

		$documents = $dom->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a' );
		$this->assertSame( array( 'Notice inviting tender', 'Drawings' ), array_map( static fn( $a ) => trim( $a->textContent ), $documents ) );
		$this->assertSame( 'https://documents.example.org/nit.pdf', $documents[0]->getAttribute( 'href' ) );
		$this->assertStringContainsString( 'href="https://documents.example.org/drawings.zip?v=2&#038;lang=en"', $html, 'The ampersand in a link is escaped.' );
	}

	public function test_a_document_says_its_type_size_and_date_and_one_in_the_media_library_its_own(): void {
		$upload = wp_upload_bits( 'tp-nit-' . wp_generate_password( 6, false ) . '.pdf', null, str_repeat( '%', 3 * KB_IN_BYTES ) );
		$this->assertSame( false, $upload['error'] );
		try {
			$attachment = wp_insert_attachment(
				array(
					'post_mime_type' => 'application/pdf',
					'post_title'     => 'NIT',
					'post_status'    => 'inherit',
					'post_date'      => '2026-10-05 10:00:00',
				),
				$upload['file']
			);
			$this->assertGreaterThan( 0, $attachment );
			$id    = $this->make_notice(
				array(
					'tp_documents' => array(
						array(
							'title' => 'Notice inviting tender',
							'url'   => $upload['url'],
						),
						array(
							'title' => 'Bill of quantities',
							'url'   => 'https://documents.example.org/boq.xlsx?v=2',
							'size'  => 2 * MB_IN_BYTES + 300 * KB_IN_BYTES,
							'date'  => '2026-11-02',
						),
						array(
							'title' => 'Drawings',
							'url'   => 'https://documents.example.org/drawings',
						),
					),
				)
			);
			$date  = static fn( string $day ): string => wp_date( (string) get_option( 'date_format' ), (int) strtotime( $day . ' 12:00' ) );
			$dom   = new Html( NoticeFacts::documents_html( \TenderPress\Content\Notice::from_post( get_post( $id ) ) ) );
			$items = $dom->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li' );
			$this->assertSame(
				array(
					'Notice inviting tender PDF, 3 KB, ' . $date( '2026-10-05' ),
					'Bill of quantities XLSX, 2.3 MB, ' . $date( '2026-11-02' ),
					'Drawings',
				),
				array_map( static fn( \DOMElement $item ): string => trim( (string) preg_replace( '/\s+/', ' ', $item->textContent ) ), $items ),
				'The file in the media library gives its size and upload date; the others what the notice says; an address without a known type says nothing.'
			);

			// A document elsewhere costs no query to look it up in the media library.
			global $wpdb;
			$notice = \TenderPress\Content\Notice::from_post( get_post( $id ) );
			$before = $wpdb->num_queries;
			NoticeFacts::documents_html( new \TenderPress\Content\Notice( $notice->post, $notice->type, '', '', '', '', null, '', '', null, 'INR', null, null, array_slice( $notice->documents, 1 ), array() ) );
			$this->assertSame( $before, $wpdb->num_queries );
		} finally {
			wp_delete_file( $upload['file'] );
		}
	}

	public function test_notice_facts_escape_a_hostile_stored_document_link(): void {
		$id = $this->make_notice( array( 'tp_buyer' => 'Delhi Jal Board' ) );
		// Written straight to the database, past the field's validation, as an import could.
		$GLOBALS['wpdb']->insert(
			$GLOBALS['wpdb']->postmeta,
			array(
				'post_id'    => $id,
				'meta_key'   => 'tp_documents',
				'meta_value' => maybe_serialize(
					array(
						array(
							'title' => 'Bid <img src=x onerror=alert(1)>',
							'url'   => 'https://example.org/a.pdf" onmouseover="alert(1)',
						),
						array(
							'title' => 'Trap',
							'url'   => 'javascript:alert(2)',
						),
					)
				),
			)
		);
		wp_cache_delete( $id, 'post_meta' );
		$this->assertSame( 'javascript:alert(2)', get_post_meta( $id, 'tp_documents', true )[1]['url'] );

		$html = NoticeFacts::render( get_post( $id ) );
		$this->assertStringNotContainsString( 'onmouseover="', $html );
		$this->assertStringNotContainsString( '<img', $html );
		$this->assertStringNotContainsString( 'javascript:', $html );
		$links = ( new Html( $html ) )->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a' );
		$this->assertCount( 2, $links );
		$this->assertFalse( $links[0]->hasAttribute( 'onmouseover' ) );
		$this->assertSame( 'Bid <img src=x onerror=alert(1)>', trim( $links[0]->textContent ), 'The title is shown as text.' );
	}

	public function test_each_facts_block_on_a_page_is_named_by_its_own_heading(): void {
		$this->make_notice( array( 'tp_reference' => 'KSEB/EL/2026/1' ), array( 'post_date' => wp_date( 'Y-m-d H:i:s', time() - MINUTE_IN_SECONDS ) ) );
		$this->make_notice( array( 'tp_reference' => 'KSEB/EL/2026/2' ) );

		// A query loop that shows the two newest notices with their key facts.
		$html = do_blocks(
			'<!-- wp:query {"queryId":7,"query":{"postType":"tender","perPage":2,"inherit":false,"order":"desc","orderBy":"date"}} -->'
			. '<!-- wp:post-template --><!-- wp:tenderpress/notice-facts /--><!-- /wp:post-template -->'
			. '<!-- /wp:query -->'
		);
		$dom = new Html( $html );

		$sections = $dom->all( '//section[' . Html::has_class( 'tp-notice-facts' ) . ']' );
		$this->assertCount( 2, $sections );
		$references = array();
		$title_ids = array();
		foreach ( $sections as $section ) {
			$title_id = $section->getAttribute( 'aria-labelledby' );
			$this->assertNotSame( '', $title_id );
			$titles = $dom->all( '//*[@id="' . $title_id . '"]' );
			$this->assertCount( 1, $titles, 'The id names one element on the page.' );
			$this->assertSame( $section, $titles[0]->parentNode, 'The section is named by its own heading.' );
			$this->assertSame( 'Key facts', trim( $titles[0]->textContent ) );
			$title_ids[] = $title_id;

			foreach ( $dom->all( './/dl/div', $section ) as $row ) {
				if ( 'Reference number' === $dom->text( './dt', $row ) ) {
					$references[] = $dom->text( './dd', $row );
				}
			}
		}
		$this->assertNotSame( $title_ids[0], $title_ids[1] );
		$this->assertSame( array( 'KSEB/EL/2026/2', 'KSEB/EL/2026/1' ), $references, 'Each section shows the facts of its own notice.' );
	}
}
