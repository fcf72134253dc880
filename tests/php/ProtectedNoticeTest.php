<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeFacts;
use TenderPress\Content\NoticeEditor;
use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\Ticker;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeCard;

/**
 * A password-protected notice shows its title, type and deadline to everyone, and its body (reference,
 * buyer, dates, amounts, documents, contact, eligibility) only once its password is given: on its
 * page, and never in what visitors share (cards, the calendar, the ticker, the carousel), which are
 * cached. REST `meta` is blank unless the request may read the notice's content.
 */
final class ProtectedNoticeTest extends TestCase {

	private const PASSWORD = 'open sesame';

	/** What only the body of the notice below holds, as a page or an answer would show it. */
	private const BODY = array(
		'reference'   => 'SECRET/REF/4711',
		'buyer'       => 'Hidden Buyer Authority',
		'contact'     => 'bids@hidden-buyer.example.org',
		'document'    => 'Confidential bill of quantities',
		'eligibility' => 'Only the invited firms may bid',
	);

	/** @var int */
	private $notice;

	/** @var int The deadline's timestamp, ten days from the run. */
	private $deadline;

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . WPINC . '/class-phpass.php';
		Ticker::reset();
		$this->deadline = ( new \DateTimeImmutable( '@' . ( time() + 10 * DAY_IN_SECONDS ) ) )->setTimezone( wp_timezone() )->setTime( 15, 0 )->getTimestamp();
		$this->notice   = $this->make_notice(
			array(
				'tp_notice_type'    => 'tender',
				'tp_reference'      => self::BODY['reference'],
				'tp_buyer'          => self::BODY['buyer'],
				'tp_published_date' => wp_date( 'Y-m-d' ),
				'tp_deadline'       => wp_date( 'Y-m-d H:i:s', $this->deadline ),
				'tp_opening_date'   => wp_date( 'Y-m-d H:i:s', $this->deadline + DAY_IN_SECONDS ),
				'tp_value_amount'   => 9876543,
				'tp_bid_security'   => 197000,
				'tp_document_fee'   => 2500,
				'tp_eligibility'    => self::BODY['eligibility'] . ".\n\n- Registered with the buyer",
				'tp_contact'        => array(
					'name'  => 'Procurement cell',
					'email' => self::BODY['contact'],
					'phone' => '+91 22 1234 5678',
				),
				'tp_documents'      => array(
					array(
						'title' => self::BODY['document'],
						'url'   => 'https://documents.example.org/secret/boq.xlsx',
					),
				),
			),
			array(
				'post_title'    => 'Protected works notice',
				'post_password' => self::PASSWORD,
				'post_content'  => '<!-- wp:paragraph --><p>The scope of the works, for invited bidders.</p><!-- /wp:paragraph -->',
			)
		);
	}

	protected function tearDown(): void {
		unset( $_COOKIE[ 'wp-postpass_' . COOKIEHASH ] );
		PageView::reset();
		Ticker::reset();
		unset( $GLOBALS['_wp_current_template_id'], $GLOBALS['_wp_current_template_content'] );
		parent::tearDown();
	}

	/** The visitor gives the password as wp-login.php?action=postpass remembers it: a cookie. */
	private function give_password( string $password = self::PASSWORD ): void {
		$_COOKIE[ 'wp-postpass_' . COOKIEHASH ] = ( new \PasswordHash( 8, true ) )->HashPassword( $password );
	}

	/** @return array<string, string> */
	private function body(): array {
		// The amount as the site writes numbers.
		return self::BODY + array( 'value' => number_format_i18n( 9876543 ) );
	}

	private function assert_no_body( string $html, string $where ): void {
		foreach ( $this->body() as $part => $text ) {
			$this->assertStringNotContainsString( $text, $html, "{$where} shows no {$part} of the protected notice." );
		}
	}

	/** @param list<string> $elsewhere Parts the place does not show at all (the key facts leave the eligibility to its tab). */
	private function assert_whole_body( string $html, string $where, array $elsewhere = array() ): void {
		foreach ( array_diff_key( $this->body(), array_flip( $elsewhere ) ) as $part => $text ) {
			$this->assertStringContainsString( $text, $html, "{$where} shows the {$part} once the password is given." );
		}
	}

	/** The notice's page as the theme renders it. */
	private function notice_page(): string {
		PageView::visit( (string) get_permalink( $this->notice ) );
		get_single_template();
		return (string) get_the_block_template_html();
	}

	public function test_its_page_shows_the_body_only_once_the_password_is_given(): void {
		$html = $this->notice_page();
		$this->assertStringContainsString( 'Protected works notice', $html, 'The title shows.' );
		$this->assertStringContainsString( 'name="post_password"', $html, 'The password form takes the text\'s place.' );
		$this->assertStringContainsString( 'tp-status--', $html, 'The status, from the deadline, shows.' );
		$this->assertStringContainsString( esc_html( NoticeCard::time_label( $this->deadline ) ), $html, 'The deadline shows.' );
		$this->assert_no_body( $html, 'The notice\'s page' );
		$this->assertStringNotContainsString( 'id="documents"', $html, 'No Documents tab.' );
		$this->assertStringNotContainsString( 'id="eligibility"', $html, 'No Eligibility tab.' );

		$this->give_password( 'a wrong guess' );
		$this->assert_no_body( $this->notice_page(), 'With a wrong password, the page' );

		$this->give_password();
		$html = $this->notice_page();
		$this->assert_whole_body( $html, 'The notice\'s page' );
		$this->assertStringNotContainsString( 'name="post_password"', $html );
		$this->assertStringContainsString( 'The scope of the works', $html );
	}

	public function test_its_key_facts_block_keeps_the_body_until_the_password_is_given(): void {
		$html = NoticeFacts::render( get_post( $this->notice ) );
		$this->assert_no_body( $html, 'The key facts' );
		$this->assertStringContainsString( esc_html( NoticeCard::time_label( $this->deadline ) ), $html, 'The deadline shows.' );
		$this->give_password();
		$this->assert_whole_body( NoticeFacts::render( get_post( $this->notice ) ), 'The key facts', array( 'eligibility' ) );
	}

	public function test_a_listing_card_shows_no_body_even_to_a_visitor_who_gave_the_password(): void {
		$settings = ListingSettings::from_attributes( array( 'perPage' => 5 ) );
		$this->give_password();
		// Rendered first for the visitor with the password: the page goes to the cache.
		$with_password = ListingPage::get( $settings, 1 )['html'];
		unset( $_COOKIE[ 'wp-postpass_' . COOKIEHASH ] );
		$without_password = ListingPage::get( $settings, 1 )['html'];
		$this->assertStringContainsString( 'Protected works notice', $without_password, 'The notice is listed, newest first.' );
		$this->assert_no_body( $with_password, 'A card for the visitor who gave the password' );
		$this->assert_no_body( $without_password, 'A card for everyone else' );
		wp_cache_flush();
		$this->assertSame( ListingPage::get( $settings, 1 )['html'], $with_password, 'Everyone gets the same card, from the cache or not.' );

		$card = NoticeCard::render( get_post( $this->notice ), 2 );
		$this->assertStringContainsString( esc_html( NoticeCard::time_label( $this->deadline ) ), $card, 'The card keeps the deadline.' );
		$this->assertStringContainsString( 'tp-badge--tender', $card, 'And the type.' );
	}

	public function test_the_ticker_and_a_carousel_of_notices_show_no_body(): void {
		$this->give_password();
		$ticker = Ticker::render( array( 'count' => 5 ) );
		$this->assertStringContainsString( 'Protected works notice', $ticker );
		$this->assert_no_body( $ticker, 'The ticker' );
		$carousel = Carousel::render(
			array(
				'source' => 'notices',
				'count'  => 3,
			)
		);
		$this->assertStringContainsString( 'Protected works notice', $carousel );
		$this->assert_no_body( $carousel, 'A carousel of notices' );
	}

	public function test_its_push_notification_shows_no_body_even_when_sent_from_a_request_that_gave_the_password(): void {
		// A notification goes to every subscriber, whoever's request queued it.
		$this->give_password();
		$message = \TenderPress\Push\PushMessage::for_notice( get_post( $this->notice ) );
		$this->assertStringContainsString( 'Protected works notice', $message['title'], 'The title is public.' );
		$this->assert_no_body( (string) wp_json_encode( $message, JSON_UNESCAPED_UNICODE ), 'The push notification' );
	}

	public function test_the_calendar_lists_it_on_its_day_without_its_body(): void {
		$this->give_password();
		$response = $this->rest(
			'GET',
			'/tenderpress/v1/calendar',
			array(
				'month' => wp_date( 'Y-m', $this->deadline ),
				'day'   => wp_date( 'Y-m-d', $this->deadline ),
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$html = (string) $response->get_data()['html'];
		$this->assertStringContainsString( 'Protected works notice', $html, 'Listed on its deadline\'s day.' );
		$this->assert_no_body( $html, 'The calendar' );
	}

	public function test_rest_meta_is_blank_unless_the_request_may_read_the_content(): void {
		$route = '/wp/v2/tenders/' . $this->notice;
		$meta  = $this->rest( 'GET', $route )->get_data()['meta'];
		$this->assertSame( '', $meta['tp_reference'] );
		$this->assertSame( '', $meta['tp_buyer'] );
		$this->assertSame( '', $meta['tp_eligibility'] );
		$this->assertSame( '', $meta['tp_published_date'] );
		$this->assertSame( '', $meta['tp_opening_date'] );
		$this->assertNull( $meta['tp_value_amount'] );
		$this->assertNull( $meta['tp_bid_security'] );
		$this->assertNull( $meta['tp_document_fee'] );
		$this->assertSame( array(), $meta['tp_documents'] );
		$this->assertSame( array(), $meta['tp_contact'] );
		$this->assertSame( 'tender', $meta['tp_notice_type'], 'The type is public.' );
		$this->assertSame( wp_date( 'Y-m-d H:i:s', $this->deadline ), $meta['tp_deadline'], 'So is the deadline, as tp_status gives it.' );
		$this->assert_no_body( (string) wp_json_encode( $this->rest( 'GET', $route )->get_data() ), 'REST' );
		$this->assert_no_body( (string) wp_json_encode( $this->rest( 'GET', '/wp/v2/tenders', array( 'per_page' => 5 ) )->get_data() ), 'The REST collection' );

		$wrong = $this->rest( 'GET', $route, array( 'password' => 'a wrong guess' ) );
		$this->assertSame( 403, $wrong->get_status(), 'WordPress refuses a wrong password.' );
		$this->assert_no_body( (string) wp_json_encode( $wrong->get_data() ), 'A wrong password\'s answer' );

		$right = $this->rest( 'GET', $route, array( 'password' => self::PASSWORD ) )->get_data();
		$this->assertSame( self::BODY['reference'], $right['meta']['tp_reference'], 'The right password opens the meta, as it opens the content.' );
		$this->assertSame( 9876543.0, (float) $right['meta']['tp_value_amount'] );
		$this->assertSame( self::BODY['document'], $right['meta']['tp_documents'][0]['title'] );
		$this->assertNotSame( '', $right['content']['rendered'] );

		$this->log_in_as( 'editor' );
		$edit = $this->rest( 'GET', $route, array( 'context' => 'edit' ) )->get_data();
		$this->assertSame( self::BODY['buyer'], $edit['meta']['tp_buyer'], 'An editor editing it reads every field.' );
	}

	/** @return list<int> The notices a visit to the notice archive with these filters lists. */
	private function archive_lists( array $filters ): array {
		PageView::visit( add_query_arg( array_map( 'rawurlencode', $filters ), home_url( '/tenders/' ) ) );
		return array_map( static fn( $post ) => (int) ( $post instanceof \WP_Post ? $post->ID : $post ), $GLOBALS['wp_query']->posts );
	}

	public function test_filters_and_the_search_do_not_find_it_by_its_body(): void {
		foreach ( array( 'as it is saved' => false, 'after the indexes are rebuilt' => true ) as $when => $rebuild ) {
			if ( $rebuild ) {
				NoticeIndex::rebuild();
				NoticeSearch::rebuild();
			}
			$this->assertSame( array(), $this->archive_lists( array( 'buyer' => self::BODY['buyer'] ) ), "Its buyer finds nothing, {$when}." );
			$this->assertNotContains( $this->notice, $this->archive_lists( array( 'q' => self::BODY['reference'] ) ), "Nor its reference number, {$when}." );
			$this->assertNotContains( $this->notice, $this->archive_lists( array( 'q' => 'Hidden Buyer' ) ), "Nor its buyer's words, {$when}." );
			$this->assertNotContains(
				$this->notice,
				$this->archive_lists(
					array(
						'value_min' => '9876000',
						'value_max' => '9877000',
					)
				),
				"Nor its value, {$when}."
			);
			$this->assertContains( $this->notice, $this->archive_lists( array( 'q' => 'Protected works notice' ) ), "Its title finds it, {$when}." );
			$this->assertContains( $this->notice, $this->archive_lists( array( 'status' => 'open' ) ), "Its deadline places it, {$when}." );
		}
		wp_update_post(
			array(
				'ID'            => $this->notice,
				'post_password' => '',
			)
		);
		$this->assertSame( array( $this->notice ), $this->archive_lists( array( 'buyer' => self::BODY['buyer'] ) ), 'Without its password, the notice is found by its buyer again.' );
		$this->assertSame( $this->notice, $this->archive_lists( array( 'q' => self::BODY['reference'] ) )[0] ?? null, 'And by its reference number.' );
	}

	public function test_the_editor_box_still_shows_every_stored_field(): void {
		$this->log_in_as( 'editor' );
		ob_start();
		( new NoticeEditor() )->render( get_post( $this->notice ) );
		$box = (string) ob_get_clean();
		foreach ( array( 'reference', 'buyer', 'contact', 'document', 'eligibility' ) as $part ) {
			$this->assertStringContainsString( esc_attr( self::BODY[ $part ] ), $box, "The box shows the stored {$part}: saving it keeps it." );
		}
	}
}
