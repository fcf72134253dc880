<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeTabs;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticeIndex;
use TenderPress\Islands\Share;
use TenderPress\Islands\Tabs;
use TenderPress\Settings\Settings;
use TenderPress\Support\Upgrade;

/**
 * A notice's page as a visitor reads it (block `tenderpress/notice-tabs`): no tabs. The key
 * facts, the bidder's next step and the share bar in an aside; the description, eligibility,
 * documents and corrigenda as headed sections, each only when the notice has some, behind an
 * in-page contents list; breadcrumbs and "buyer · reference" above the title when the template
 * asks for the title. The eligibility text escaped and shaped into paragraphs and lists; the
 * corrigenda the published notices of type corrigendum with the same reference, newest first, at
 * most twenty, the same from postmeta on a site whose lookup table is not there yet.
 */
final class NoticeTabsTest extends TestCase {

	/** The seeded newest notice (an EOI) and the titles the seed gave its two corrigenda. */
	private const NEWEST_TITLE = 'Cloud hosting partners for Mysuru';

	private const NEWEST_CORRIGENDA = array(
		'Bid submission deadline extended by two weeks: Cloud hosting partners for Mysuru',
		'Revised bill of quantities: Cloud hosting partners for Mysuru',
	);

	protected function setUp(): void {
		parent::setUp();
		Tabs::reset();
		Share::reset();
	}

	protected function tearDown(): void {
		PageView::reset();
		Tabs::reset();
		Share::reset();
		unset( $GLOBALS['_wp_current_template_id'], $GLOBALS['_wp_current_template_content'] );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
	}

	/** The newest notice, as the REST API (and the site's listings) put it first. */
	private function newest_notice(): \WP_Post {
		$response = $this->rest( 'GET', '/wp/v2/tenders', array( 'per_page' => 1 ) );
		$this->assertSame( 200, $response->get_status() );
		$post = get_post( $response->get_data()[0]['id'] );
		$this->assertInstanceOf( \WP_Post::class, $post );
		$this->assertSame( self::NEWEST_TITLE, $post->post_title, 'The seed\'s newest notice.' );
		$this->assertSame( self::newest_reference( $post ), get_post_meta( $post->ID, 'tp_reference', true ) );
		return $post;
	}

	/**
	 * The seeded newest notice's reference number. Its year is the year the seed published it in
	 * (the seed dates notices from the day it runs), read from the stored post date.
	 */
	private static function newest_reference( \WP_Post $post ): string {
		return 'BWSSB/IT/' . get_the_date( 'Y', $post ) . '/0144';
	}

	/** The notice's page as its template prints it: the block in the main query's loop. */
	private function notice_page_block( int $id, string $block = '<!-- wp:tenderpress/notice-tabs /-->' ): string {
		PageView::visit( (string) get_permalink( $id ) );
		$this->assertTrue( is_singular( 'tender' ) );
		$this->assertTrue( have_posts() );
		the_post();
		return do_blocks( $block );
	}

	/** The notice page's grid (fails when there is not exactly one). */
	private function container( Html $dom ): \DOMElement {
		$containers = $dom->all( '//div[' . Html::has_class( 'tp-notice' ) . ']' );
		$this->assertCount( 1, $containers, 'One notice page.' );
		return $containers[0];
	}

	/** The aside beside the sections: the key facts, the bidder's next step, the share bar. */
	private function aside( Html $dom ): \DOMElement {
		$aside = $dom->one( './aside[' . Html::has_class( 'tp-notice__aside' ) . ']', $this->container( $dom ) );
		$this->assertNotNull( $aside, 'The notice page has its aside.' );
		return $aside;
	}

	/**
	 * Each section of the main column as a visitor finds it: its heading, the contents list's
	 * link to it ('' when the notice has one section, and so no contents list) and the section.
	 *
	 * @return array<string, array{title: string, href: string, panel: \DOMElement}> By id, in order.
	 */
	private function sections( Html $dom ): array {
		$main     = $dom->one( './div[' . Html::has_class( 'tp-notice__main' ) . ']', $this->container( $dom ) );
		$sections = array();
		foreach ( $dom->all( './section[' . Html::has_class( 'tp-notice__section' ) . ']', $main ) as $section ) {
			$id   = $section->getAttribute( 'id' );
			$link = $dom->one( './nav[' . Html::has_class( 'tp-notice__contents' ) . ']//a[@href="#' . $id . '"]', $main );
			$this->assertSame( $id . '-title', $section->getAttribute( 'aria-labelledby' ), 'Each section named by its heading.' );
			$sections[ $id ] = array(
				'title' => $dom->text( './h2[@id="' . $id . '-title"]', $section ),
				'href'  => $link ? $link->getAttribute( 'href' ) : '',
				'panel' => $section,
			);
		}
		$this->assertNull( $dom->one( './/*[@data-tp-island="' . Tabs::ISLAND . '"]', $main ), 'No tabs for bidder content.' );
		return $sections;
	}

	/** @return list<string> Ids of the sections of a notice's page, rendered alone. */
	private function tab_ids( int $id ): array {
		Tabs::reset();
		return array_keys( $this->sections( new Html( NoticeTabs::render( get_post( $id ) ) ) ) );
	}

	/**
	 * What a visitor reads in a list of links: each link's words and address.
	 *
	 * @param Html              $dom   The page.
	 * @param list<\DOMElement> $links Its links.
	 * @return list<array{0: string, 1: string}>
	 */
	private function links( Html $dom, array $links ): array {
		return array_map( static fn( \DOMElement $a ): array => array( $dom->text( '.', $a ), $a->getAttribute( 'href' ) ), $links );
	}

	/** @return list<string> The words of each element the path finds. */
	private function texts( Html $dom, string $xpath, ?\DOMElement $context = null ): array {
		return array_map( static fn( \DOMElement $element ): string => $dom->text( '.', $element ), $dom->all( $xpath, $context ) );
	}

	/**
	 * The corrigenda a notice must list, worked out apart from NoticeTabs: every published notice
	 * of type corrigendum with this reference, newest first (the later id first on the same date).
	 *
	 * @return list<int>
	 */
	private function expected_corrigenda( string $reference, int $except = 0 ): array {
		$posts = get_posts(
			array(
				'post_type'        => 'tender',
				'post_status'      => 'publish',
				'numberposts'      => -1,
				'suppress_filters' => true,
				'meta_query'       => array( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- the test's own reckoning.
					array(
						'key'   => 'tp_reference',
						'value' => $reference,
					),
					array(
						'key'   => 'tp_notice_type',
						'value' => 'corrigendum',
					),
				),
			)
		);
		usort( $posts, static fn( \WP_Post $a, \WP_Post $b ): int => array( $b->post_date, $b->ID ) <=> array( $a->post_date, $a->ID ) );
		return array_values( array_diff( wp_list_pluck( $posts, 'ID' ), array( $except ) ) );
	}

	/** @return list<int> The corrigenda NoticeTabs lists for a notice, by id. */
	private function listed( int $id ): array {
		return wp_list_pluck( NoticeTabs::corrigenda( Notice::from_post( get_post( $id ) ) ), 'ID' );
	}

	/** @return list<int> The same, on a site whose schema predates the lookup table (postmeta). */
	private function listed_from_postmeta( int $id ): array {
		global $wpdb;
		$stored = (int) get_option( Upgrade::OPTION, 1 );
		update_option( Upgrade::OPTION, NoticeIndex::SINCE_SCHEMA - 1 );
		$table   = NoticeIndex::table();
		$touched = array();
		$listen  = static function ( $query ) use ( $table, &$touched ) {
			if ( is_string( $query ) && str_contains( $query, $table ) ) {
				$touched[] = $query;
			}
			return $query;
		};
		try {
			$this->assertFalse( NoticeIndex::ready(), 'The site is on the schema before the lookup table.' );
			add_filter( 'query', $listen );
			$listed = $this->listed( $id );
		} finally {
			remove_filter( 'query', $listen );
			update_option( Upgrade::OPTION, $stored );
		}
		$this->assertSame( array(), $touched, 'The lookup table is not read before the upgrade made it.' );
		$this->assertTrue( NoticeIndex::ready() );
		$this->assertSame( '', $wpdb->last_error );
		return $listed;
	}

	/** The share section as the settings form sends it: every field at its default, then these. */
	private function set_share( array $values ): void {
		$form = array();
		foreach ( Settings::section( Share::SECTION )->fields as $field_id => $field ) {
			$form[ $field_id ] = $field->default;
		}
		update_option( Settings::OPTION, array( Share::SECTION => array_merge( $form, $values ) ) );
		Settings::forget_stored();
	}

	/** A published notice of type corrigendum with this reference, dated. */
	private function corrigendum( string $reference, string $date, array $post = array() ): int {
		return $this->make_notice(
			array(
				'tp_notice_type' => 'corrigendum',
				'tp_reference'   => $reference,
			),
			$post + array(
				'post_title' => 'Corrigendum of ' . $reference . ' on ' . $date,
				'post_date'  => $date,
			)
		);
	}

	public function test_the_newest_notice_reads_as_headed_sections_beside_its_key_facts(): void {
		$notice   = $this->newest_notice();
		$expected = $this->expected_corrigenda( self::newest_reference( $notice ) );
		$this->assertCount( 2, $expected, 'The seed gives the newest notice two corrigenda; the seed\'s corrigenda and their references: ' . implode( '; ', $this->seeded_corrigenda_references() ) );
		$html = $this->notice_page_block( $notice->ID );
		$dom  = new Html( $html );

		$sections = $this->sections( $dom );
		$this->assertSame( array( 'summary', 'description', 'eligibility', 'documents', 'corrigenda' ), array_keys( $sections ), 'Five sections, in this order, under ids an address can open.' );
		$this->assertSame( array( 'Summary', 'Description', 'Eligibility', 'Documents (2)', 'Corrigenda (2)' ), array_column( $sections, 'title' ) );
		foreach ( $sections as $id => $section ) {
			$this->assertSame( '#' . $id, $section['href'], 'The contents list links to each section.' );
		}
		$this->assertSame( array_column( $sections, 'title' ), $this->texts( $dom, '//nav[' . Html::has_class( 'tp-notice__contents' ) . ']/ol/li/a' ), 'The contents list names each section as its heading does.' );

		// The aside: what a bidder decides on under its own heading (h2, right under the notice's
		// title): the status and time left, the bidder's next step, the deadlines and amounts;
		// then the deadline reminder. Who, what and where are the Summary.
		$aside = $this->aside( $dom );
		$facts = $dom->one( './section[' . Html::has_class( 'tp-notice-facts' ) . ']', $aside );
		$this->assertNotNull( $facts, 'The key facts are in the aside.' );
		$this->assertSame( 'Key facts', $dom->text( './h2[' . Html::has_class( 'tp-notice-facts__title' ) . ']', $facts ) );
		$rows = static function ( \DOMElement $list ) use ( $dom ): array {
			$rows = array();
			foreach ( $dom->all( './/dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']/div | ./div', $list ) as $row ) {
				$rows[ $dom->text( './dt', $row ) ] = $dom->text( './dd', $row );
			}
			return $rows;
		};
		$this->assertSame( array( 'Submission deadline', 'EOI deadline' ), array_keys( $rows( $facts ) ), 'An EOI has no amounts.' );
		$this->assertNull( $dom->one( './/*[' . Html::has_class( 'tp-notice-facts__documents' ) . ']', $aside ), 'The documents are not repeated in the aside.' );
		$action = $dom->one( './p[' . Html::has_class( 'tp-notice__action' ) . ']/a', $facts );
		$this->assertNotNull( $action, 'The seed gives an open notice the buyer\'s submission page.' );
		$this->assertSame( $dom->one( './p[' . Html::has_class( 'tp-notice-facts__status' ) . ']', $facts ), $dom->one( './preceding-sibling::*[1]', $action->parentNode ), 'The action right after the status and time left.' );
		$this->assertSame( 'Submit your bid on etenders.bwssb.example.org ↗', $dom->text( '.', $action ) );
		$this->assertSame( get_post_meta( $notice->ID, 'tp_submission_url', true ), $action->getAttribute( 'href' ) );
		$this->assertSame( 'form', $dom->one( './following-sibling::*[1]', $facts )?->nodeName, 'Then the deadline reminder (NoticeReminderTest).' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own names.

		$summary = $dom->one( './dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']', $sections['summary']['panel'] );
		$this->assertNotNull( $summary );
		$summary = $rows( $summary );
		$this->assertSame( 'EOI', $summary['Notice type'] );
		$this->assertSame( self::newest_reference( $notice ), $summary['Reference number'] );
		$this->assertSame( 'Bengaluru Water Supply and Sewerage Board', $summary['Issuing organisation'] );
		$this->assertSame( 'Mysuru, Karnataka', $summary['Location'], 'The city, then its state.' );
		$this->assertArrayNotHasKey( 'Submission deadline', $summary, 'Each fact once.' );

		// Description: the notice's text.
		$text = $dom->one( './div[' . Html::has_class( 'tp-notice-tabs__text' ) . ']', $sections['description']['panel'] );
		$this->assertNotNull( $text, 'The notice\'s text is its description.' );
		$paragraphs = $this->texts( $dom, './p', $text );
		$this->assertCount( 2, $paragraphs );
		$this->assertSame( 'Bengaluru Water Supply and Sewerage Board invites expressions of interest from qualified firms for: Cloud hosting partners for Mysuru. Bidders must meet the eligibility criteria set out in the notice and submit their bids online before the deadline.', $paragraphs[0] );

		// Documents: each a link to its file.
		$documents = array_map( static fn( array $document ): array => array( $document['title'], $document['url'] ), get_post_meta( $notice->ID, 'tp_documents', true ) );
		$folder    = 'https://documents.example.org/' . strtolower( str_replace( '/', '-', self::newest_reference( $notice ) ) );
		$this->assertSame(
			array(
				array( 'Notice inviting tender', $folder . '/notice.pdf' ),
				array( 'Bill of quantities', $folder . '/boq.xlsx' ),
			),
			$documents
		);
		$this->assertSame( $documents, $this->links( $dom, $dom->all( './ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a', $sections['documents']['panel'] ) ) );
		// Each with its type, size and date, as the notice gives them.
		$stored = get_post_meta( $notice->ID, 'tp_documents', true );
		$size   = static fn( int $bytes ): string => (string) size_format( $bytes, $bytes < MB_IN_BYTES ? 0 : 1 );
		$this->assertSame(
			array(
				'PDF, ' . $size( $stored[0]['size'] ) . ', ' . wp_date( (string) get_option( 'date_format' ), (int) strtotime( $stored[0]['date'] . ' 12:00' ) ),
				'XLSX, ' . $size( $stored[1]['size'] ) . ', ' . wp_date( (string) get_option( 'date_format' ), (int) strtotime( $stored[1]['date'] . ' 12:00' ) ),
			),
			$this->texts( $dom, './ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/span[' . Html::has_class( 'tp-notice-facts__document-facts' ) . ']', $sections['documents']['panel'] )
		);

		// Eligibility: a paragraph, then the criteria as a list.
		$eligibility = $sections['eligibility']['panel'];
		$this->assertSame( array( 'Firms and consortia with at least three years of experience in similar assignments.' ), $this->texts( $dom, './p', $eligibility ) );
		$this->assertSame(
			array( 'Two completed assignments of similar scope in the last five years', 'Key staff with the qualifications listed in the terms of reference' ),
			$this->texts( $dom, './ul/li', $eligibility )
		);
		$this->assertNotNull( $dom->one( './p/following-sibling::ul', $eligibility ), 'The list follows the paragraph, as typed.' );

		// Corrigenda: links to the two, newest first, each with its date.
		$items = $dom->all( './ul[' . Html::has_class( 'tp-notice-tabs__corrigenda' ) . ']/li', $sections['corrigenda']['panel'] );
		$this->assertSame(
			array_map( static fn( int $id ): array => array( get_the_title( $id ), (string) get_permalink( $id ) ), $expected ),
			$this->links( $dom, array_map( static fn( \DOMElement $li ): \DOMElement => $dom->one( './a', $li ), $items ) ),
			'Each corrigendum a link to its page, newest first.'
		);
		$titles = array_map( static fn( int $id ): string => get_the_title( $id ), $expected );
		sort( $titles );
		$this->assertSame( self::NEWEST_CORRIGENDA, $titles );
		foreach ( $expected as $index => $id ) {
			$time = $dom->one( './time', $items[ $index ] );
			$this->assertNotNull( $time, 'Each corrigendum shows its date.' );
			$this->assertSame( gmdate( 'Y-m-d\TH:i:s+00:00', (int) strtotime( get_post( $id )->post_date_gmt . ' UTC' ) ), $time->getAttribute( 'datetime' ) );
			// The day the seed published it, in the site's time zone and date format ("23 Nov 2026").
			$this->assertSame( wp_date( 'j M Y', (int) get_post_timestamp( $id ) ), $dom->text( '.', $time ), 'In the site\'s date format.' );
			$this->assertSame( get_the_date( '', $id ), $dom->text( '.', $time ) );
		}

		$this->assertSame( $expected, $this->listed( $notice->ID ) );
		$this->assertSame( $expected, $this->listed_from_postmeta( $notice->ID ), 'Before the upgrade, the same list from postmeta.' );
	}

	public function test_the_share_bar_ends_the_aside_once_and_is_in_no_section(): void {
		$this->assertTrue( (bool) Settings::get( Share::SECTION, 'notices' ), 'A new site places the bar after each notice\'s text.' );
		$notice = $this->newest_notice();
		PageView::visit( (string) get_permalink( $notice->ID ) );
		$this->assertSame( ABSPATH . WPINC . '/template-canvas.php', get_single_template(), 'The theme\'s block template for a notice.' );
		$this->assertStringContainsString( 'wp:tenderpress/notice-tabs', (string) $GLOBALS['_wp_current_template_content'] );
		$html = get_the_block_template_html();
		$dom  = new Html( $html );

		$aside = $this->aside( $dom );
		$bars  = $dom->all( '//aside[' . Html::has_class( 'tp-share' ) . ']' );
		$this->assertCount( 1, $bars, 'One share bar on the page.' );
		$this->assertStringContainsString( 'tp-share--inline', $bars[0]->getAttribute( 'class' ) );
		$this->assertSame( $aside, $bars[0]->parentNode, 'The bar is in the notice\'s aside.' );
		$this->assertNull( $dom->one( './following-sibling::*', $bars[0] ), 'Last in it, after the action and the reminder.' );
		$this->assertNull( $dom->one( '//section[' . Html::has_class( 'tp-notice__section' ) . ']//*[' . Html::has_class( 'tp-share' ) . ']' ), 'Not inside any section.' );
		$this->assertSame( \TenderPress\Share\ShareSettings::DEFAULT_SERVICES, array_map( static fn( \DOMElement $a ): string => $a->getAttribute( 'data-tp-service' ), $dom->all( './ul[' . Html::has_class( 'tp-share__list' ) . ']/li/*[@data-tp-service]', $bars[0] ) ) );
		$this->assertStringContainsString( rawurlencode( (string) get_permalink( $notice->ID ) ), $dom->one( './/a[@data-tp-service="whatsapp"]', $bars[0] )->getAttribute( 'href' ), 'It shares the notice.' );
		$this->assertSame( 'Cloud hosting partners for Mysuru', $dom->text( '//main//h1' ) );
	}

	public function test_no_share_bar_when_the_owner_turns_it_off_for_notices(): void {
		$this->set_share( array( 'notices' => false ) );
		$this->assertFalse( (bool) Settings::get( Share::SECTION, 'notices' ) );
		$notice = $this->newest_notice();
		$html   = $this->notice_page_block( $notice->ID );
		$dom    = new Html( $html );
		$this->assertCount( 0, $dom->all( '//*[' . Html::has_class( 'tp-share' ) . ']' ), 'No bar, in the tabs or after them.' );
		$this->assertNotNull( $dom->one( '//div[' . Html::has_class( 'tp-notice-tabs__text' ) . ']/p' ), 'The text is still shown.' );
		$this->assertSame( 'Description', $this->sections( $dom )['description']['title'] );
	}

	public function test_a_section_with_nothing_in_it_is_left_out(): void {
		$bare = $this->make_notice(
			array( 'tp_reference' => 'KSEB/EL/2026/9101' ),
			array( 'post_content' => '<!-- wp:paragraph --><p>Supply of transformers.</p><!-- /wp:paragraph -->' )
		);
		$this->assertSame( array( 'summary', 'description' ), $this->tab_ids( $bare ), 'No documents, eligibility or corrigenda: the summary and the description.' );
		$this->assertNull( ( new Html( NoticeTabs::render( get_post( $this->make_notice() ) ) ) )->one( '//nav[' . Html::has_class( 'tp-notice__contents' ) . ']' ), 'No contents list for one section.' );
		$dom = new Html( NoticeTabs::render( get_post( $bare ) ) );
		$this->assertSame( 'Supply of transformers.', $dom->text( '//div[' . Html::has_class( 'tp-notice-tabs__text' ) . ']/p' ) );

		$with_documents = $this->make_notice(
			array(
				'tp_reference' => 'KSEB/EL/2026/9102',
				'tp_documents' => array(
					array(
						'title' => 'Notice inviting tender',
						'url'   => 'https://documents.example.org/kseb/nit.pdf',
					),
				),
			)
		);
		$this->assertSame( array( 'summary', 'documents' ), $this->tab_ids( $with_documents ) );
		Tabs::reset();
		$this->assertSame( 'Documents (1)', $this->sections( new Html( NoticeTabs::render( get_post( $with_documents ) ) ) )['documents']['title'] );

		$with_eligibility = $this->make_notice(
			array(
				'tp_reference'   => 'KSEB/EL/2026/9103',
				'tp_eligibility' => 'Registered electrical contractors.',
			)
		);
		$this->assertSame( array( 'summary', 'eligibility' ), $this->tab_ids( $with_eligibility ) );

		$no_text = $this->make_notice( array( 'tp_reference' => 'KSEB/EL/2026/9104' ) );
		$dom     = new Html( NoticeTabs::render( get_post( $no_text ) ) );
		$this->assertNull( $dom->one( '//*[' . Html::has_class( 'tp-notice-tabs__text' ) . ']' ), 'No empty wrapper for a notice without text.' );
		$this->assertNotNull( $dom->one( '//section[' . Html::has_class( 'tp-notice-facts' ) . ']' ) );

		// Notices without a reference are not one another's corrigenda.
		$this->corrigendum( '', '2026-10-01 10:00:00' );
		$this->assertSame( array( 'summary' ), $this->tab_ids( $this->make_notice() ) );
	}

	public function test_the_corrigenda_are_the_published_ones_with_the_same_reference_newest_first(): void {
		$reference = 'DJB/WS/2026/9201';
		$tender    = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_reference'   => $reference,
			),
			array( 'post_date' => '2026-09-01 10:00:00' )
		);
		$first     = $this->corrigendum( $reference, '2026-09-05 10:00:00' );
		$latest    = $this->corrigendum( $reference, '2026-09-20 10:00:00' );
		$same_day  = $this->corrigendum( $reference, '2026-09-05 10:00:00' );
		$draft     = $this->corrigendum( $reference, '2026-09-25 10:00:00', array( 'post_status' => 'draft' ) );
		$private   = $this->corrigendum( $reference, '2026-09-26 10:00:00', array( 'post_status' => 'private' ) );
		$trashed   = $this->corrigendum( $reference, '2026-09-27 10:00:00' );
		wp_trash_post( $trashed );
		$withdrawn = $this->corrigendum( $reference, '2026-09-28 10:00:00' );
		wp_update_post(
			array(
				'ID'          => $withdrawn,
				'post_status' => 'draft',
			)
		);
		$other    = $this->corrigendum( 'DJB/WS/2026/9202', '2026-09-21 10:00:00' );
		$retender = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_reference'   => $reference,
			),
			array( 'post_date' => '2026-09-22 10:00:00' )
		);
		$this->assertSame( 'draft', get_post_status( $withdrawn ) );

		$expected = array( $latest, $same_day, $first );
		$this->assertSame( $expected, $this->expected_corrigenda( $reference ), 'The test\'s own reckoning agrees.' );
		$this->assertSame( $expected, $this->listed( $tender ), 'Published corrigenda of this reference only, newest first (the later one first on the same date).' );
		$this->assertSame( $expected, $this->listed_from_postmeta( $tender ), 'The same from postmeta before the upgrade.' );

		$dom      = new Html( NoticeTabs::render( get_post( $tender ) ) );
		$sections = $this->sections( $dom );
		$this->assertSame( array( 'summary', 'corrigenda' ), array_keys( $sections ) );
		$this->assertSame( 'Corrigenda (3)', $sections['corrigenda']['title'] );
		$links = $this->links( $dom, $dom->all( './ul/li/a', $sections['corrigenda']['panel'] ) );
		$this->assertSame( array_map( static fn( int $id ): array => array( get_the_title( $id ), (string) get_permalink( $id ) ), $expected ), $links );
		foreach ( array( $draft, $private, $trashed, $withdrawn, $other, $retender ) as $not_listed ) {
			$this->assertNotContains( get_the_title( $not_listed ), array_column( $links, 0 ), get_post_status( $not_listed ) . ' notice ' . $not_listed . ' is not listed.' );
		}

		// A corrigendum has no Corrigenda tab, though others share its reference.
		$this->assertSame( array( 'summary' ), $this->tab_ids( $latest ) );
		$this->assertSame( array(), $this->listed( $latest ) );
		$this->assertSame( array(), $this->listed_from_postmeta( $latest ) );
		// The other notice with the reference (a re-tender) lists them too.
		$this->assertSame( $expected, $this->listed( $retender ) );
	}

	public function test_at_most_twenty_corrigenda_are_listed_the_newest(): void {
		$reference  = 'PMC/RD/2026/9301';
		$tender     = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_reference'   => $reference,
			),
			array( 'post_date' => '2026-06-01 09:00:00' )
		);
		$corrigenda = array();
		for ( $day = 1; $day <= NoticeTabs::CORRIGENDA_LIMIT + 2; $day++ ) {
			$corrigenda[] = $this->corrigendum( $reference, sprintf( '2026-07-%02d 09:00:00', $day ) );
		}
		$newest = array_slice( array_reverse( $corrigenda ), 0, NoticeTabs::CORRIGENDA_LIMIT );
		$this->assertSame( 20, NoticeTabs::CORRIGENDA_LIMIT );
		$this->assertSame( $newest, $this->listed( $tender ), 'The twenty newest; the two oldest are left out.' );
		$this->assertSame( $newest, $this->listed_from_postmeta( $tender ) );

		$dom      = new Html( NoticeTabs::render( get_post( $tender ) ) );
		$sections = $this->sections( $dom );
		$this->assertSame( 'Corrigenda (20)', $sections['corrigenda']['title'] );
		$this->assertCount( 20, $dom->all( './ul/li', $sections['corrigenda']['panel'] ) );
	}

	/** @dataProvider eligibility_texts */
	public function test_eligibility_text_becomes_escaped_paragraphs_and_lists( string $text, string $html ): void {
		$this->assertSame( $html, NoticeTabs::eligibility_html( $text ) );
	}

	/** @return array<string, array{0: string, 1: string}> */
	public function eligibility_texts(): array {
		return array(
			'one line'                      => array( 'Registered firms only.', '<p>Registered firms only.</p>' ),
			'markup shown as text'          => array( '<script>alert(1)</script> & <b>bold</b>', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>' ),
			'a blank line starts a new one' => array( "First.\n\nSecond,\non two lines.", '<p>First.</p><p>Second,<br>on two lines.</p>' ),
			'a list between paragraphs'     => array( "Who may bid:\n\n- Firms registered in India\n- A turnover of <30%> & more\n\nJoint ventures may bid.", '<p>Who may bid:</p><ul><li>Firms registered in India</li><li>A turnover of &lt;30%&gt; &amp; more</li></ul><p>Joint ventures may bid.</p>' ),
			'a list right after a line'     => array( "Who may bid:\n- Firms\n- Consortia", '<p>Who may bid:<br>- Firms<br>- Consortia</p>' ),
			'Windows line ends'             => array( "Who may bid:\r\n\r\n- Firms\r\n- Consortia", '<p>Who may bid:</p><ul><li>Firms</li><li>Consortia</li></ul>' ),
			'blank line with spaces'        => array( "One.\n   \nTwo.", '<p>One.</p><p>Two.</p>' ),
			'several blank lines'           => array( "One.\n\n\n\nTwo.", '<p>One.</p><p>Two.</p>' ),
			'indented items'                => array( "  - Firms\n  - Consortia", '<ul><li>Firms</li><li>Consortia</li></ul>' ),
			'a dash without a space'        => array( "-5% for late bids\n-10% after a week", '<p>-5% for late bids<br>-10% after a week</p>' ),
			'quotes in an item'             => array( '- "Class A" contractors', '<ul><li>&quot;Class A&quot; contractors</li></ul>' ),
		);
	}

	public function test_hostile_eligibility_is_shown_as_text_on_the_page(): void {
		$id = $this->make_notice( array( 'tp_reference' => 'GCC/EL/2026/9401' ) );
		// Written straight to the database, past the field's cleaning, as an import could.
		$GLOBALS['wpdb']->insert(
			$GLOBALS['wpdb']->postmeta,
			array(
				'post_id'    => $id,
				'meta_key'   => 'tp_eligibility',
				'meta_value' => "Firms <script>alert(1)</script>\n\n- <img src=x onerror=alert(2)>",
			)
		);
		wp_cache_delete( $id, 'post_meta' );
		$dom   = new Html( NoticeTabs::render( get_post( $id ) ) );
		$panel = $this->sections( $dom )['eligibility']['panel'];
		$this->assertNull( $dom->one( './/script | .//img', $panel ), 'No element from the stored text.' );
		$this->assertSame( 'Firms <script>alert(1)</script>', $dom->text( './p', $panel ) );
		$this->assertSame( '<img src=x onerror=alert(2)>', $dom->text( './ul/li', $panel ) );
	}

	public function test_the_block_in_a_notices_own_text_does_not_render_it_again(): void {
		$id   = $this->make_notice(
			array( 'tp_reference' => 'KMRL/CS/2026/9501' ),
			array( 'post_content' => '<!-- wp:paragraph --><p>Before the block.</p><!-- /wp:paragraph --><!-- wp:tenderpress/notice-tabs /--><!-- wp:paragraph --><p>After the block.</p><!-- /wp:paragraph -->' )
		);
		$html = $this->notice_page_block( $id );
		$dom  = new Html( $html );
		$this->container( $dom );
		$this->assertCount( 1, $dom->all( '//section[' . Html::has_class( 'tp-notice-facts' ) . ']' ), 'The facts once.' );
		$this->assertSame( array( 'Before the block.', 'After the block.' ), $this->texts( $dom, '//div[' . Html::has_class( 'tp-notice-tabs__text' ) . ']/p' ), 'The rest of the text is shown.' );
		$this->assertCount( 1, $dom->all( '//aside[' . Html::has_class( 'tp-share' ) . ']' ), 'One share bar.' );

		// And the next render on the request works again.
		Tabs::reset();
		$this->assertSame( array( 'summary', 'description' ), array_keys( $this->sections( new Html( NoticeTabs::render( get_post( $id ) ) ) ) ) );
	}

	public function test_outside_a_notice_the_block_renders_nothing(): void {
		$page = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'How to bid',
				'post_content' => '<!-- wp:tenderpress/notice-tabs /-->',
			),
			true
		);
		$this->assertIsInt( $page );
		PageView::visit( (string) get_permalink( $page ) );
		$this->assertTrue( is_page( $page ) );
		the_post();
		$this->assertSame( '', do_blocks( '<!-- wp:tenderpress/notice-tabs /-->' ) );
		$this->assertStringNotContainsString( 'data-tp-island="tabs"', (string) apply_filters( 'the_content', get_post()->post_content ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, as the post content block applies it.
		$this->assertSame( '', NoticeTabs::render( get_post( $page ) ) );
		$this->assertSame( '', NoticeTabs::render( null ) );
	}

	public function test_a_saved_layout_no_longer_hides_bidder_content_in_tabs_or_an_accordion(): void {
		$notice = get_post( $this->full_notice( 'KPTCL/SS/2026/9701' ) );
		foreach ( array( 'accordion', 'tabs' ) as $layout ) {
			Tabs::reset();
			$dom = new Html( $this->notice_page_block( $notice->ID, '<!-- wp:tenderpress/notice-tabs {"layout":"' . $layout . '"} /-->' ) );
			$this->assertSame( array( 'summary', 'description', 'eligibility', 'documents', 'corrigenda' ), array_keys( $this->sections( $dom ) ), $layout . ': every section shown.' );
			$this->assertNull( $dom->one( '//*[@hidden]' ), $layout . ': nothing waits hidden.' );
			$this->assertNull( $dom->one( '//*[' . Html::has_class( 'tp-tabs' ) . ']' ), $layout . ': no tabs markup.' );
		}
	}

	public function test_the_template_prints_breadcrumbs_the_caption_and_the_title_above_the_change_banner(): void {
		$notice = get_post( $this->full_notice( 'KPTCL/SS/2026/9702' ) );
		wp_set_object_terms( $notice->ID, array( 'Security services' ), 'tender_category' );
		update_post_meta( $notice->ID, 'tp_buyer', 'Karnataka Power Transmission Corporation' );
		$dom  = new Html( $this->notice_page_block( $notice->ID, '<!-- wp:tenderpress/notice-tabs {"heading":true} /-->' ) );
		$head = $dom->one( './div[' . Html::has_class( 'tp-notice__head' ) . ']', $this->container( $dom ) );
		$this->assertNotNull( $head );
		$crumbs = $dom->one( './nav[@aria-label="Breadcrumb"]', $head );
		$this->assertNotNull( $crumbs, 'The breadcrumbs are a navigation landmark named Breadcrumb.' );
		$term = get_term_by( 'name', 'Security services', 'tender_category' );
		$this->assertSame(
			array(
				array( 'Home', home_url( '/' ) ),
				array( 'Tenders', (string) get_post_type_archive_link( 'tender' ) ),
				array( $term->name, (string) get_term_link( $term ) ),
			),
			$this->links( $dom, $dom->all( './ol/li/a', $crumbs ) )
		);
		$this->assertSame( 'Karnataka Power Transmission Corporation · KPTCL/SS/2026/9702', $dom->text( './p[' . Html::has_class( 'tp-notice__caption' ) . ']', $head ) );
		$this->assertSame( get_the_title( $notice ), $dom->text( './h1', $head ) );
		$this->assertCount( 1, $dom->all( '//h1' ), 'One h1.' );
		$banner = $dom->one( './h1/following-sibling::*[1]', $head );
		$this->assertStringContainsString( 'tp-notice-changes', (string) $banner?->getAttribute( 'class' ), 'What the corrigenda changed, right under the title.' );
		// Head, aside, sections: the order a phone shows them in, and a screen reader reads.
		$this->assertSame(
			array( 'tp-notice__head', 'tp-notice__aside', 'tp-notice__main' ),
			array_map( static fn( \DOMElement $child ): string => $child->getAttribute( 'class' ), $dom->all( './*', $this->container( $dom ) ) )
		);

		// A notice without a category: Home › Tenders; without the attribute, no title (another block prints it).
		Tabs::reset();
		$bare = $this->make_notice( array( 'tp_reference' => 'KPTCL/SS/2026/9703' ) );
		$dom  = new Html( $this->notice_page_block( $bare, '<!-- wp:tenderpress/notice-tabs {"heading":true} /-->' ) );
		$this->assertSame( array( 'Home', 'Tenders' ), $this->texts( $dom, '//nav[@aria-label="Breadcrumb"]/ol/li/a' ) );
		Tabs::reset();
		$dom = new Html( $this->notice_page_block( $bare ) );
		$this->assertNull( $dom->one( '//h1 | //nav[@aria-label="Breadcrumb"]' ) );
	}

	public function test_the_primary_action_names_the_buyers_portal_and_is_left_out_without_one(): void {
		$with = $this->make_notice(
			array(
				'tp_reference'      => 'KPTCL/SS/2026/9704',
				'tp_submission_url' => 'https://etenders.kptcl.example.org/bids/9704?lang=en',
			)
		);
		$dom    = new Html( NoticeTabs::render( get_post( $with ) ) );
		$action = $dom->one( '//aside[' . Html::has_class( 'tp-notice__aside' ) . ']//p[' . Html::has_class( 'tp-notice__action' ) . ']/a' );
		$this->assertNotNull( $action );
		$this->assertSame( 'Submit your bid on etenders.kptcl.example.org ↗', $dom->text( '.', $action ) );
		$this->assertSame( 'https://etenders.kptcl.example.org/bids/9704?lang=en', $action->getAttribute( 'href' ) );
		$this->assertSame( '↗', $dom->text( './span[@aria-hidden="true"]', $action ), 'The arrow is not read out.' );

		$this->assertNull( $dom->one( '//*[' . Html::has_class( 'tp-notice__original' ) . ']' ), 'No link to an original the notice does not give.' );

		// With the buyer's own notice too: under the action, a plain link.
		Tabs::reset();
		update_post_meta( $with, 'tp_notice_url', 'https://www.kptcl.example.org/tenders/9704' );
		$dom      = new Html( NoticeTabs::render( get_post( $with ) ) );
		$original = $dom->one( '//aside//p[' . Html::has_class( 'tp-notice__action' ) . ']/following-sibling::p[1][' . Html::has_class( 'tp-notice__original' ) . ']/a' );
		$this->assertNotNull( $original, 'Right under the action.' );
		$this->assertSame( 'View the original notice ↗', $dom->text( '.', $original ) );
		$this->assertSame( 'https://www.kptcl.example.org/tenders/9704', $original->getAttribute( 'href' ) );

		// Only the buyer's notice: it is the step.
		Tabs::reset();
		$original_only = $this->make_notice(
			array(
				'tp_reference'  => 'KPTCL/SS/2026/9706',
				'tp_notice_url' => 'https://www.kptcl.example.org/tenders/9706',
			)
		);
		$dom    = new Html( NoticeTabs::render( get_post( $original_only ) ) );
		$action = $dom->one( '//aside//p[' . Html::has_class( 'tp-notice__action' ) . ']/a' );
		$this->assertNotNull( $action );
		$this->assertSame( 'View the buyer\'s notice ↗', $dom->text( '.', $action ) );
		$this->assertSame( 'https://www.kptcl.example.org/tenders/9706', $action->getAttribute( 'href' ) );

		Tabs::reset();
		$without = $this->make_notice( array( 'tp_reference' => 'KPTCL/SS/2026/9705' ) );
		$dom     = new Html( NoticeTabs::render( get_post( $without ) ) );
		$this->assertNull( $dom->one( '//*[' . Html::has_class( 'tp-notice__action' ) . ']' ), 'No action without a page to send the bidder to.' );
	}

	public function test_the_corrigenda_cost_a_lookup_and_one_query_of_posts(): void {
		global $wpdb;
		$notice = Notice::from_post( get_post( $this->full_notice( 'KPTCL/SS/2026/9702' ) ) );
		// A request has read its options (and the schema version) before any block renders.
		wp_cache_flush();
		$this->assertTrue( NoticeIndex::ready() );
		$queries = array();
		$listen  = static function ( $query ) use ( &$queries ) {
			$queries[] = $query;
			return $query;
		};
		add_filter( 'query', $listen );
		try {
			$before     = $wpdb->num_queries;
			$corrigenda = NoticeTabs::corrigenda( $notice );
			$cost       = $wpdb->num_queries - $before;
		} finally {
			remove_filter( 'query', $listen );
		}
		$this->assertCount( 2, $corrigenda );
		$this->assertStringContainsString( NoticeIndex::table(), $queries[0], 'First the lookup table\'s reference index.' );
		// Then one WP_Query: the ids in the lookup's order, the posts' rows, their meta (the change
		// banner compares it with the notice's), each one statement for every corrigendum.
		foreach ( array_slice( $queries, 1 ) as $query ) {
			$this->assertMatchesRegularExpression( '/\\b(' . preg_quote( $wpdb->posts, '/' ) . '|' . preg_quote( $wpdb->postmeta, '/' ) . ')\\b/', $query );
			$this->assertStringContainsString( 'IN (' . implode( ',', wp_list_pluck( $corrigenda, 'ID' ) ) . ')', $query );
		}
		$this->assertLessThanOrEqual( 4, $cost, 'The lookup and one WP_Query: ' . implode( "\n", $queries ) );
		$this->assertCount( $cost, $queries );

		// Rendering the whole tabs adds nothing per corrigendum.
		$one = $this->cost_of_tabs( $this->make_notice_with_corrigenda( 'RMSC/MS/2026/9601', 1 ) );
		$ten = $this->cost_of_tabs( $this->make_notice_with_corrigenda( 'RMSC/MS/2026/9602', 10 ) );
		$this->assertSame( $one, $ten, 'As many queries for ten corrigenda as for one.' );
	}

	/** A notice with something in every tab: text, a document, eligibility and two corrigenda. */
	private function full_notice( string $reference ): int {
		$id = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_reference'   => $reference,
				'tp_eligibility' => "Registered firms.\n\n- Three years of experience",
				'tp_documents'   => array(
					array(
						'title' => 'Notice inviting tender',
						'url'   => 'https://documents.example.org/nit.pdf',
					),
				),
			),
			array(
				'post_date'    => '2026-08-01 09:00:00',
				'post_content' => '<!-- wp:paragraph --><p>Security guards for substations.</p><!-- /wp:paragraph -->',
			)
		);
		$this->corrigendum( $reference, '2026-08-05 09:00:00' );
		$this->corrigendum( $reference, '2026-08-06 09:00:00' );
		return $id;
	}

	/**
	 * The references the seed's two corrigenda carry, found by the titles it gives them.
	 *
	 * @return list<string>
	 */
	private function seeded_corrigenda_references(): array {
		global $wpdb;
		$ids = $wpdb->get_col( "SELECT ID FROM {$wpdb->posts} WHERE post_type = 'tender' AND (post_title LIKE 'Bid submission deadline extended by two weeks: %' OR post_title LIKE 'Revised bill of quantities: %') ORDER BY ID" );
		return array_map( static fn( $id ): string => get_the_title( (int) $id ) . ' → ' . get_post_meta( (int) $id, 'tp_reference', true ), $ids );
	}

	private function make_notice_with_corrigenda( string $reference, int $count ): int {
		$id = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_reference'   => $reference,
			),
			array( 'post_date' => '2026-05-01 09:00:00' )
		);
		for ( $day = 1; $day <= $count; $day++ ) {
			$this->corrigendum( $reference, sprintf( '2026-05-%02d 10:00:00', $day + 1 ) );
		}
		return $id;
	}

	/** Queries that rendering a notice's tabs costs, from a cold object cache, the post read. */
	private function cost_of_tabs( int $id ): int {
		global $wpdb;
		wp_cache_flush();
		$this->assertTrue( NoticeIndex::ready() );
		$post = get_post( $id );
		Tabs::reset();
		$before = $wpdb->num_queries;
		$html   = NoticeTabs::render( $post );
		$cost   = $wpdb->num_queries - $before;
		$this->assertStringContainsString( 'tp-notice-tabs__corrigenda', $html );
		return $cost;
	}
}
