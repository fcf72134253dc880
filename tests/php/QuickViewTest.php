<?php
namespace TenderPress\Tests;

use TenderPress\Admin\SettingsPage;
use TenderPress\Blocks\BlockRegistry;
use TenderPress\Content\NoticePostType;
use TenderPress\Content\NoticeReminder;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Paginator;
use TenderPress\Islands\QuickView;
use TenderPress\Islands\Stepper;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Settings\Settings;
use TenderPress\Support\AjaxResponse;
use TenderPress\Support\Rest;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The notice quick view as a visitor meets it: the "Quick view" control on every card of a notice
 * listing (block and shortcode, and pages loaded in place; never on a carousel of notices), the
 * island around the listing with its props and assets, and the REST route's answer: a published
 * notice's key facts, deadline, documents, reminder and full-notice link, and a short 404 that
 * says nothing of anything else (drafts, private, scheduled, trashed, protected notices, other
 * post types), for a visitor, an editor and an administrator alike, without writing anything.
 * The setting turns all of it off, and the listing's cache never serves the other setting's
 * markup. One answer costs the same few queries however many documents the notice has.
 */
final class QuickViewTest extends TestCase {

	/** A deadline years ahead, in the site's time: the notice is open and offers a reminder. */
	private const OPEN_DEADLINE = '2030-01-15 14:30';

	/** A deadline long gone. */
	private const CLOSED_DEADLINE = '2020-01-15 14:30';

	/** What the route answers for anything but a published notice. */
	private const NO_NOTICE = 'There is no such notice.';

	/** @var list<string> The styles enqueued before the test: what a test's renders enqueue is forgotten after it. */
	private $queued_styles = array();

	protected function setUp(): void {
		parent::setUp();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->queued_styles = wp_styles()->queue;
		Paginator::reset();
		Carousel::reset();
		NoticeReminder::reset();
	}

	protected function tearDown(): void {
		Paginator::reset();
		Carousel::reset();
		wp_styles()->queue = $this->queued_styles;
		set_query_var( 'paged', 0 );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/**
	 * Documents to attach to a notice.
	 *
	 * @return list<array{title: string, url: string}>
	 */
	private static function documents( int $count ): array {
		$documents = array();
		for ( $number = 1; $number <= $count; $number++ ) {
			$documents[] = array(
				'title' => 'Volume ' . $number . ' of the tender documents',
				'url'   => 'https://documents.example.org/volume-' . $number . '.pdf?v=2&lang=en',
			);
		}
		return $documents;
	}

	/**
	 * An open published notice with a buyer, a reference and two documents, unless told otherwise.
	 *
	 * @param array<string, mixed> $meta Its fields.
	 * @param array<string, mixed> $post Other post fields; the title as typed (slashed here, as a form's would be).
	 */
	private function notice( array $meta = array(), array $post = array() ): int {
		if ( isset( $post['post_title'] ) ) {
			$post['post_title'] = wp_slash( $post['post_title'] );
		}
		return $this->make_notice(
			$meta + array(
				'tp_deadline'  => self::OPEN_DEADLINE,
				'tp_buyer'     => 'Public Works Department',
				'tp_reference' => 'PWD/RB/2029/0042',
				'tp_documents' => self::documents( 2 ),
			),
			$post + array( 'post_title' => 'Resurfacing of the ring road' )
		);
	}

	/**
	 * The route's answer, as the island's fetch asks for it.
	 *
	 * @param int|string $id The id in the path.
	 */
	private function quick_view( $id ): WP_REST_Response {
		return rest_do_request( new WP_REST_Request( 'GET', '/' . Rest::NAMESPACE . '/notices/' . $id . '/quick-view' ) );
	}

	/**
	 * The route's answer, which must be a notice's quick view.
	 *
	 * @return array{id: int, title: string, url: string, html: string, instances: object}
	 */
	private function answer( int $id ): array {
		$response = $this->quick_view( $id );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertIsArray( $data );
		$this->assertSame( array( 'id', 'title', 'url', 'html', 'instances' ), array_keys( $data ) );
		$this->assertIsString( $data['html'] );
		// The island containers in the html, which the page's runtime mounts because the answer
		// lists them (issue 25): exactly those.
		preg_match_all( '/data-tp-instance="([0-9a-f]+)"/', $data['html'], $tokens );
		$this->assertEquals( (object) array_fill_keys( $tokens[1], Stepper::ISLAND ), $data['instances'] );
		return $data;
	}

	/** @return array<string, int> How many rows the tables a read could touch have. */
	private function row_counts(): array {
		global $wpdb;
		return array(
			'posts'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ),
			'postmeta' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta}" ),
			'options'  => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options}" ),
		);
	}

	/** Saves the quick view's section as the settings form sends it (an unticked box sends nothing). */
	private function set_quick_view( bool $enabled ): void {
		update_option( Settings::OPTION, array( QuickView::SECTION => $enabled ? array( 'enabled' => '1' ) : array() ) );
		$this->assertSame( array(), $this->settings_errors() );
		$this->assertSame( $enabled, QuickView::enabled() );
	}

	/** The listing block, as a page's content renders it. */
	private function listing_block( string $attributes = '' ): string {
		return do_blocks( '<!-- wp:tenderpress/listing ' . ( '' !== $attributes ? $attributes . ' ' : '' ) . '/-->' );
	}

	/** @return list<\DOMElement> The quick view's containers. */
	private function containers( Html $dom ): array {
		return $dom->all( '//*[@data-tp-island="' . QuickView::ISLAND . '"]' );
	}

	/** @return list<\DOMElement> The listing's cards. */
	private function cards( Html $dom, ?\DOMElement $context = null ): array {
		return $dom->all( './/ul[' . Html::has_class( 'tp-listing__list' ) . ']/li/article[' . Html::has_class( 'tp-notice-card' ) . ']', $context ?? $dom->one( '/html/body' ) );
	}

	/** @return list<\DOMElement> The quick view controls in a part of the page. */
	private function controls( Html $dom, ?\DOMElement $context = null ): array {
		return $dom->all( './/a[' . Html::has_class( QuickView::CONTROL ) . ']', $context ?? $dom->one( '/html/body' ) );
	}

	/** The link of a card's title, which the control must lead to as well. */
	private function title_link( Html $dom, \DOMElement $card ): \DOMElement {
		$link = $dom->one( './*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $card );
		$this->assertNotNull( $link, 'The card\'s title is a link.' );
		return $link;
	}

	/** @return array<string, mixed> An island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $container ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $container );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** Text as a screen reader reads it: runs of white space as one space. */
	private static function spoken( \DOMElement $element ): string {
		return trim( (string) preg_replace( '/\s+/u', ' ', $element->textContent ) ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
	}

	/**
	 * An element's accessible name as a screen reader computes it from its content: its
	 * aria-label, else its text without what aria-hidden hides, runs of white space as one space.
	 */
	private static function accessible_name( \DOMElement $element ): string {
		if ( $element->hasAttribute( 'aria-label' ) ) {
			return trim( $element->getAttribute( 'aria-label' ) );
		}
		$text = '';
		foreach ( $element->childNodes as $child ) { // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			if ( $child instanceof \DOMElement ) {
				$text .= 'true' === $child->getAttribute( 'aria-hidden' ) ? '' : self::accessible_name( $child );
			} else {
				$text .= $child->textContent; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			}
		}
		return trim( (string) preg_replace( '/\s+/u', ' ', $text ) );
	}

	/**
	 * The one quick view container of a listing, around the listing and with the island's root
	 * after it, then its props: fails otherwise.
	 */
	private function assert_one_container_around_the_listing( Html $dom ): \DOMElement {
		$containers = $this->containers( $dom );
		$this->assertCount( 1, $containers, 'One quick view container per listing.' );
		$container = $containers[0];
		$this->assertNotNull( $dom->one( 'self::div', $container ) );
		$this->assertSame( 'interaction', $container->getAttribute( 'data-tp-when' ), 'Loaded when a visitor shows intent, not with the page.' );
		$this->assertSame( '.' . QuickView::CONTROL, $container->getAttribute( 'data-tp-intent' ) );
		$this->assertSame( '.' . QuickView::CONTROL, $container->getAttribute( 'data-tp-replay' ), 'A click before the island mounted is replayed, not lost.' );
		$this->assertSame( array(), $dom->all( './ancestor::*[@data-tp-island]', $container ), 'Not inside another island.' );

		$children = $dom->all( './*', $container );
		$this->assertCount( 3, $children, 'The listing, the island\'s root and its props.' );
		$this->assertSame( Paginator::ISLAND, $children[0]->getAttribute( 'data-tp-island' ), 'Around the paginator.' );
		$this->assertNotNull( $dom->one( 'self::div', $children[1] ) );
		$this->assertTrue( $children[1]->hasAttribute( 'data-tp-root' ), 'React\'s root beside the listing, which stays the server\'s.' );
		$this->assertSame( '', $dom->text( '.', $children[1] ), 'An empty root.' );
		$this->assertSame( array(), $dom->all( './*', $children[1] ) );
		$this->assertSame( 1, $children[1]->attributes->length, 'Nothing but data-tp-root.' );
		$this->assertTrue( $children[2]->hasAttribute( 'data-tp-props' ) );
		$this->assertCount( 1, $dom->all( './*[@data-tp-root]', $container ), 'One root of its own (mount.tsx takes `:scope > [data-tp-root]`).' );
		return $container;
	}

	/**
	 * Each card of the listing has exactly one control: a link to the card's notice (the title's
	 * link), carrying its id, named "Quick view: <title>".
	 *
	 * @return array<int, \DOMElement> The controls by notice id.
	 */
	private function assert_every_card_has_its_control( Html $dom, \DOMElement $container ): array {
		$cards = $this->cards( $dom, $container );
		$this->assertGreaterThanOrEqual( 2, count( $cards ), 'The listing shows cards.' );
		$this->assertCount( count( $cards ), $this->controls( $dom, $container ), 'As many controls as cards.' );
		$this->assertCount( count( $cards ), $this->controls( $dom ), 'No control outside the quick view\'s container.' );
		$by_id = array();
		foreach ( $cards as $card ) {
			$controls = $this->controls( $dom, $card );
			$this->assertCount( 1, $controls, 'One control a card.' );
			$control = $controls[0];
			$title   = $this->title_link( $dom, $card );
			$this->assertSame( $title->getAttribute( 'href' ), $control->getAttribute( 'href' ), 'The control leads where the title does, without JavaScript.' );
			$id = (int) $control->getAttribute( 'data-tp-notice' );
			$this->assertSame( (string) $id, $control->getAttribute( 'data-tp-notice' ), 'It carries its notice\'s id, a whole number.' );
			$this->assertSame( NoticePostType::POST_TYPE, get_post_type( $id ) );
			$this->assertSame( get_permalink( $id ), $control->getAttribute( 'href' ), 'The id is the card\'s own notice.' );
			$this->assertSame( 'Quick view: ' . self::spoken( $title ), self::accessible_name( $control ), 'Named after its notice.' );
			$this->assertStringContainsString( 'Quick view', self::spoken( $control ), 'What everyone reads.' );
			$this->assertArrayNotHasKey( $id, $by_id, 'Each notice once.' );
			$by_id[ $id ] = $control;
		}
		return $by_id;
	}

	public function test_an_open_notice_answers_its_title_address_key_facts_documents_reminder_and_full_notice_link(): void {
		$id = $this->notice();
		$this->assertSame( 'publish', get_post_status( $id ) );

		$before = $this->row_counts();
		$writes = QueryLog::start();
		$data   = $this->answer( $id );
		$this->assertSame( array(), $writes->stop(), 'A read never writes.' );
		$this->assertSame( $before, $this->row_counts() );

		$this->assertSame( $id, $data['id'] );
		$this->assertSame( 'Resurfacing of the ring road', $data['title'] );
		$this->assertSame( get_permalink( $id ), $data['url'] );

		$dom     = new Html( $data['html'] );
		$content = $dom->one( '/html/body/div[' . Html::has_class( 'tp-quick-view__content' ) . ']' );
		$this->assertNotNull( $content, 'One wrapper around the content.' );

		// The key facts.
		$facts = $dom->all( './section[' . Html::has_class( 'tp-notice-facts' ) . ']', $content );
		$this->assertCount( 1, $facts );
		$heading = $dom->one( './*[' . Html::has_class( 'tp-notice-facts__title' ) . ']', $facts[0] );
		$this->assertNotNull( $heading );
		$this->assertSame( 'Key facts', $dom->text( '.', $heading ) );
		$this->assertSame( $heading->getAttribute( 'id' ), $facts[0]->getAttribute( 'aria-labelledby' ), 'The section is named by its heading.' );
		$this->assertNotNull( $dom->one( 'self::h3', $heading ), 'Under the dialog\'s own title.' );
		$rows = array();
		foreach ( $dom->all( './/dl[' . Html::has_class( 'tp-notice-facts__list' ) . ']/div', $facts[0] ) as $row ) {
			$rows[ $dom->text( './dt', $row ) ] = $row;
		}
		$this->assertSame( 'Public Works Department', $dom->text( './dd', $rows['Issuing organisation'] ?? null ) );
		$this->assertSame( 'PWD/RB/2029/0042', $dom->text( './dd', $rows['Reference number'] ?? null ) );
		$this->assertArrayHasKey( 'Submission deadline', $rows, 'The deadline.' );
		$deadline = ( new \DateTimeImmutable( self::OPEN_DEADLINE, wp_timezone() ) )->getTimestamp();
		$time     = $dom->one( './dd/time', $rows['Submission deadline'] );
		$this->assertNotNull( $time );
		$this->assertSame( gmdate( 'c', $deadline ), $time->getAttribute( 'datetime' ) );
		$this->assertSame( wp_date( get_option( 'date_format' ), $deadline ) . ', ' . wp_date( get_option( 'time_format' ), $deadline ) . ' IST', $dom->text( '.', $time ), 'In the site\'s time zone, named.' );
		$this->assertSame( 'Open', $dom->text( './/span[' . Html::has_class( 'tp-status' ) . ']', $facts[0] ) );

		// Each document's link.
		$documents = $dom->all( './/ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a', $facts[0] );
		$this->assertSame(
			self::documents( 2 ),
			array_map(
				static fn( \DOMElement $link ): array => array(
					'title' => self::spoken( $link ),
					'url'   => $link->getAttribute( 'href' ),
				),
				$documents
			),
			'Every document, its title and its address, in order.'
		);

		// The reminder, after the facts.
		$forms = $dom->all( './/form', $content );
		$this->assertCount( 1, $forms, 'The reminder form.' );
		$this->assertStringContainsString( 'tp-reminder', $forms[0]->getAttribute( 'class' ) );
		$this->assertSame( 'get', $forms[0]->getAttribute( 'method' ) );
		$this->assertSame( rest_url( 'tenderpress/v1/notices/' . $id . '/reminder' ), $forms[0]->getAttribute( 'action' ) );
		$this->assertNotNull( $dom->one( './preceding-sibling::section[' . Html::has_class( 'tp-notice-facts' ) . ']', $forms[0] ), 'After the key facts.' );
		$this->assertNotNull( $dom->one( './/*[@data-tp-island="' . Stepper::ISLAND . '"]//input[@name="days"]', $forms[0] ), 'With its stepper.' );
		$this->assertSame( 'Remind me', $dom->text( './/span[substring(@id, string-length(@id) - 4) = "-lead"]', $forms[0] ) );

		// The full notice, last.
		$full = $dom->one( './p[last()][' . Html::has_class( 'tp-quick-view__full' ) . ']/a', $content );
		$this->assertNotNull( $full, 'The link to the full notice comes last.' );
		$this->assertSame( get_permalink( $id ), $full->getAttribute( 'href' ) );
		$this->assertSame( 'Open the full notice: Resurfacing of the ring road', self::accessible_name( $full ), 'Named after the notice.' );
		$this->assertStringContainsString( 'Open the full notice', self::spoken( $full ), 'What everyone reads.' );

		// As the site renders it in PHP (the ids and the islands' tokens apart, unique to each render).
		$ids = static fn( string $html ): string => (string) preg_replace( array( '/\b(tp-quick-view-\d+-(?:notice-facts-title|reminder)-)\d+/', '/(data-tp-instance=")[0-9a-f]+/' ), '$1N', $html );
		$this->assertSame( $ids( QuickView::content( get_post( $id ) ) ), $ids( $data['html'] ) );
	}

	public function test_a_closed_notice_answers_its_facts_and_documents_without_a_reminder(): void {
		$id   = $this->notice( array( 'tp_deadline' => self::CLOSED_DEADLINE ) );
		$data = $this->answer( $id );
		$dom  = new Html( $data['html'] );

		$this->assertSame( array(), $dom->all( '//form' ), 'No reminder for a deadline that has passed.' );
		$this->assertStringNotContainsString( 'Remind me', $data['html'] );
		$this->assertCount( 1, $dom->all( '//section[' . Html::has_class( 'tp-notice-facts' ) . ']' ), 'The key facts still.' );
		$this->assertSame( 'Closed', $dom->text( '//section//span[' . Html::has_class( 'tp-status' ) . ']' ) );
		$deadline = ( new \DateTimeImmutable( self::CLOSED_DEADLINE, wp_timezone() ) )->getTimestamp();
		$this->assertSame( gmdate( 'c', $deadline ), $dom->one( '//div[dt="Submission deadline"]/dd/time' )?->getAttribute( 'datetime' ) );
		$this->assertCount( 2, $dom->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a' ), 'And its documents.' );
		$this->assertSame( get_permalink( $id ), $dom->one( '//p[' . Html::has_class( 'tp-quick-view__full' ) . ']/a' )?->getAttribute( 'href' ) );

		// Nor a reminder when the site offers none; the rest is the same.
		update_option( Settings::OPTION, array( NoticeReminder::SECTION => array( 'days' => '3' ) ) );
		$this->assertFalse( Settings::get( NoticeReminder::SECTION, 'enabled' ) );
		$open = new Html( $this->answer( $this->notice() )['html'] );
		$this->assertSame( array(), $open->all( '//form' ), 'Reminders off: no form.' );
		$this->assertCount( 1, $open->all( '//section[' . Html::has_class( 'tp-notice-facts' ) . ']' ) );
	}

	public function test_the_title_is_the_text_the_card_shows_and_the_html_escapes_it(): void {
		// An ampersand comes back as typed: text, not an entity.
		$id = $this->notice( array(), array( 'post_title' => 'Roads & bridges, phase 2' ) );
		$this->assertSame( 'Roads & bridges, phase 2', $this->answer( $id )['title'] );

		// Quotes too: the words the card and the notice's page show (WordPress's typography).
		$typed = 'Resurfacing & "widening" of the collector\'s road <i>North</i>';
		$id    = $this->notice( array(), array( 'post_title' => $typed ) );
		$data  = $this->answer( $id );
		$card  = new Html( $this->listing_block() );
		$link  = $card->one( '//article/*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a[@href="' . get_permalink( $id ) . '"]' );
		$this->assertNotNull( $link, 'The new notice is on the listing\'s first page.' );
		$this->assertSame( self::spoken( $link ), $data['title'], 'The text the card shows, for the dialog\'s title.' );
		$this->assertStringNotContainsString( '&amp;', $data['title'] );
		$this->assertStringNotContainsString( '&#', $data['title'], 'No entity: it is text.' );
		$this->assertStringContainsString( 'Resurfacing & ', $data['title'] );
		$this->assertStringContainsString( '<i>North</i>', $data['title'], 'Markup in a title is text.' );
		$this->assertSame( html_entity_decode( get_the_title( $id ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ), $data['title'] );

		// In the html, escaped: the full notice's link names it as text.
		$dom  = new Html( $data['html'] );
		$full = $dom->one( '//p[' . Html::has_class( 'tp-quick-view__full' ) . ']/a' );
		$this->assertNotNull( $full );
		$this->assertSame( 'Open the full notice: ' . $data['title'], self::accessible_name( $full ) );
		$this->assertSame( array(), $dom->all( '//i' ), 'No element from the title.' );
	}

	/**
	 * @return array<string, array{0: callable(self): (int|string), 1: int, 2: string}> What each case
	 * asks for (made in the test), the status and the error's code.
	 */
	public function refused(): array {
		$secret = static fn( string $status, array $post = array() ): \Closure => static fn( self $test ): int => $test->notice(
			array(
				'tp_buyer'     => 'Secret Buyer XJ',
				'tp_documents' => array(
					array(
						'title' => 'Secret volume XJ',
						'url'   => 'https://documents.example.org/secret-xj.pdf',
					),
				),
			),
			$post + array(
				'post_status'  => $status,
				'post_title'   => 'Secret notice XJ',
				'post_content' => 'Secret scope of works XJ',
				'post_excerpt' => 'Secret summary XJ',
			)
		);
		$other  = static fn( string $type ): \Closure => static function () use ( $type ): int {
			$id = wp_insert_post(
				array(
					'post_type'    => $type,
					'post_status'  => 'publish',
					'post_title'   => 'Secret ' . $type . ' XJ',
					'post_content' => 'Secret scope of works XJ',
				),
				true
			);
			return is_int( $id ) ? $id : 0;
		};
		return array(
			'a draft'                     => array( $secret( 'draft' ), 404, 'tenderpress_no_notice' ),
			'a notice pending review'     => array( $secret( 'pending' ), 404, 'tenderpress_no_notice' ),
			'a private notice'            => array( $secret( 'private' ), 404, 'tenderpress_no_notice' ),
			'a scheduled notice'          => array( $secret( 'publish', array( 'post_date' => '2035-12-01 10:00:00' ) ), 404, 'tenderpress_no_notice' ),
			'an auto-draft'               => array( $secret( 'auto-draft' ), 404, 'tenderpress_no_notice' ),
			'a password-protected notice' => array( $secret( 'publish', array( 'post_password' => 'pa55-word-XJ' ) ), 404, 'tenderpress_no_notice' ),
			'a trashed notice'            => array(
				static function ( self $test ) use ( $secret ): int {
					$id = $secret( 'publish' )( $test );
					$test->assertInstanceOf( \WP_Post::class, wp_trash_post( $id ) );
					return $id;
				},
				404,
				'tenderpress_no_notice',
			),
			'a notice unpublished again'  => array(
				static function ( self $test ) use ( $secret ): int {
					$id = $secret( 'publish' )( $test );
					$test->assertSame(
						$id,
						wp_update_post(
							array(
								'ID'          => $id,
								'post_status' => 'draft',
							)
						)
					);
					return $id;
				},
				404,
				'tenderpress_no_notice',
			),
			'a page'                      => array( $other( 'page' ), 404, 'tenderpress_no_notice' ),
			'a blog post'                 => array( $other( 'post' ), 404, 'tenderpress_no_notice' ),
			'an id no post has'           => array( static fn(): string => '999999999', 404, 'tenderpress_no_notice' ),
			'the largest id, unused'      => array( static fn(): string => '2147483647', 404, 'tenderpress_no_notice' ),
			'id 0'                        => array( static fn(): string => '0', 400, 'rest_invalid_param' ),
			'an id past the largest'      => array( static fn(): string => '2147483648', 400, 'rest_invalid_param' ),
			'a huge id'                   => array( static fn(): string => '99999999999999999999', 400, 'rest_invalid_param' ),
			'id -1'                       => array( static fn(): string => '-1', 404, 'rest_no_route' ),
			'a word'                      => array( static fn(): string => 'abc', 404, 'rest_no_route' ),
			'markup'                      => array( static fn(): string => rawurlencode( '<script>' ), 404, 'rest_no_route' ),
		);
	}

	/**
	 * @dataProvider refused
	 * @param callable(self): (int|string) $make   What to ask for.
	 * @param int                          $status The answer's status.
	 * @param string                       $code   The error's code.
	 */
	public function test_anything_but_a_published_public_notice_is_refused_briefly_leaking_nothing_and_writing_nothing( callable $make, int $status, string $code ): void {
		$id = $make( $this );
		$this->assertNotSame( 0, $id );
		if ( is_int( $id ) ) {
			$post = get_post( $id );
			$this->assertInstanceOf( \WP_Post::class, $post );
			$this->assertFalse( NoticePostType::POST_TYPE === $post->post_type && 'publish' === $post->post_status && '' === $post->post_password, 'The case is not a published public notice: ' . $post->post_type . ', ' . $post->post_status . '.' );
		}
		$log = DebugLog::open_proven();
		foreach ( array( 'a visitor', 'an editor', 'an administrator' ) as $who ) {
			if ( 'a visitor' !== $who ) {
				// Not even for an editor or an administrator, who may read it on the site: the quick view is public.
				$this->log_in_as( substr( $who, strpos( $who, ' ' ) + 1 ) );
				$this->assertTrue( current_user_can( 'edit_others_posts' ), $who );
			}
			$before   = $this->row_counts();
			$writes   = QueryLog::start();
			$response = $this->quick_view( $id );
			$this->assertSame( array(), $writes->stop(), $who . ': a read never writes.' );
			$this->assertSame( $before, $this->row_counts(), $who );

			$this->assertSame( $status, $response->get_status(), $who . ': ' . wp_json_encode( $response->get_data() ) );
			$error = $response->get_data();
			$this->assertIsArray( $error, $who );
			$this->assertSame( $code, $error['code'] ?? null, $who );
			$this->assertSame( $status, $error['data']['status'] ?? null, $who );
			if ( 'tenderpress_no_notice' === $code ) {
				$this->assertSame( self::NO_NOTICE, $error['message'], $who . ': it says no more than that.' );
				$this->assertSame( array( 'status' => 404 ), $error['data'], $who );
			}
			$this->assertLessThan( 80, strlen( (string) $error['message'] ), $who . ': a short message.' );
			$body = (string) wp_json_encode( $error );
			$this->assertStringNotContainsString( 'XJ', $body, $who . ': nothing of the post (title, text, buyer, documents).' );
			$this->assertStringNotContainsString( 'Secret', $body, $who );
			$this->assertStringNotContainsString( '<script>', $body, $who . ': what was sent is not echoed back.' );
			$this->assertArrayNotHasKey( 'html', $error, $who );
			if ( is_int( $id ) ) {
				$this->assertStringNotContainsString( (string) get_permalink( $id ), $body, $who . ': nor its address.' );
			}
		}
		$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
	}

	public function test_with_the_setting_off_the_route_says_so_and_listings_offer_no_quick_view_until_it_is_on_again(): void {
		$id = $this->notice();
		$this->assertTrue( QuickView::enabled(), 'On for a new site.' );
		$this->assertSame( 200, $this->quick_view( $id )->get_status() );

		// Listing queries run meanwhile (a page served from the cache runs none).
		$queries = 0;
		$count   = static function ( $posts, $query ) use ( &$queries ) {
			if ( NoticePostType::POST_TYPE === $query->get( 'post_type' ) ) {
				++$queries;
			}
			return $posts;
		};
		add_filter( 'posts_pre_query', $count, 10, 2 );
		try {
			$renders = array();
			foreach ( array( 'on', 'on again', 'off', 'off again', 'back on', 'back on again' ) as $step ) {
				if ( 'off' === $step ) {
					$this->set_quick_view( false );
				} elseif ( 'back on' === $step ) {
					$this->set_quick_view( true );
				}
				IslandAssets::instance()->reset();
				wp_styles()->queue = $this->queued_styles;
				$queries           = 0;
				$dom               = new Html( $this->listing_block() );
				$renders[ $step ]  = array(
					'queries'    => $queries,
					'containers' => count( $this->containers( $dom ) ),
					'controls'   => count( $this->controls( $dom ) ),
					'cards'      => count( $this->cards( $dom ) ),
					'stepper'    => in_array( Stepper::ISLAND, IslandAssets::instance()->used(), true ),
					'style'      => wp_style_is( QuickView::STYLE, 'enqueued' ),
				);
			}
		} finally {
			remove_filter( 'posts_pre_query', $count, 10 );
		}
		$this->assertGreaterThan( 0, $renders['on']['queries'], 'The first render reads the notices.' );
		$this->assertSame( 0, $renders['on again']['queries'], 'The second comes from the listing\'s cache.' );
		$this->assertGreaterThan( 0, $renders['off']['queries'], 'Off: the cached page with controls is not served.' );
		$this->assertSame( 0, $renders['off again']['queries'], 'Off, cached in turn.' );
		foreach ( $renders as $step => $render ) {
			$on = ! str_starts_with( $step, 'off' );
			$this->assertSame( 10, $render['cards'], $step . ': the cards are there either way.' );
			$this->assertSame( $on ? 1 : 0, $render['containers'], $step . ': the quick view\'s container.' );
			$this->assertSame( $on ? 10 : 0, $render['controls'], $step . ': a control a card.' );
			$this->assertSame( $on, $render['stepper'], $step . ': the stepper island only with the quick view.' );
			$this->assertSame( $on, $render['style'], $step . ': its stylesheet only with it.' );
		}

		// Nor from the route, for a page kept from before; nor in the markup PHP renders.
		$this->set_quick_view( false );
		foreach ( array( $id, $this->notice( array(), array( 'post_status' => 'draft' ) ), 999999999 ) as $asked ) {
			$response = $this->quick_view( $asked );
			$this->assertSame( 404, $response->get_status() );
			$this->assertSame( 'tenderpress_no_quick_view', $response->get_data()['code'] ?? null );
			$this->assertSame( 'This site offers no quick view.', $response->get_data()['message'] ?? null );
			$this->assertStringNotContainsString( 'Resurfacing', (string) wp_json_encode( $response->get_data() ) );
		}
		$this->assertSame( '<p>A listing</p>', QuickView::wrap( '<p>A listing</p>' ), 'Off: the listing as it is.' );
		$shortcode = new Html( do_shortcode( '[tenderpress_listing]' ) );
		$this->assertSame( array(), $this->containers( $shortcode ), 'Off: nor around the shortcode\'s listing.' );
		$this->assertSame( array(), $this->controls( $shortcode ) );
		$this->assertNotSame( array(), $this->cards( $shortcode ) );
		$page = ListingPage::get( ListingSettings::from_attributes( array( 'perPage' => 10 ) ), 2 );
		$this->assertStringNotContainsString( QuickView::CONTROL, $page['html'], 'Off: nor on a page loaded in place.' );
	}

	/** @return array<string, array{0: callable(self): string}> A listing, rendered as a page would. */
	public function listings(): array {
		return array(
			'the block'                  => array( static fn( self $test ): string => $test->listing_block() ),
			'the shortcode'              => array( static fn(): string => do_shortcode( '[tenderpress_listing]' ) ),
			'the block, with filters'    => array( static fn( self $test ): string => $test->listing_block( '{"showFilters":true,"perPage":5}' ) ),
			'the shortcode, with a type' => array( static fn(): string => do_shortcode( '[tenderpress_listing type="tender" per_page="4" heading_level="3"]' ) ),
		);
	}

	/**
	 * @dataProvider listings
	 * @param callable(self): string $render The listing's markup.
	 */
	public function test_a_listing_is_wrapped_once_and_every_card_has_one_control_to_its_notice( callable $render ): void {
		$newest = $this->notice( array( 'tp_notice_type' => 'tender' ), array( 'post_title' => 'Newest works & repairs' ) );
		$dom    = new Html( $render( $this ) );

		$container = $this->assert_one_container_around_the_listing( $dom );
		$controls  = $this->assert_every_card_has_its_control( $dom, $container );
		$this->assertArrayHasKey( $newest, $controls, 'The newest notice comes first, with its control.' );
		$this->assertSame( $newest, array_key_first( $controls ) );
		$this->assertSame( get_permalink( $newest ), $controls[ $newest ]->getAttribute( 'href' ) );
		$this->assertSame( 'Quick view: Newest works & repairs', self::accessible_name( $controls[ $newest ] ) );
		$this->assertNull( $dom->one( './ancestor::*[@data-tp-root][parent::*[@data-tp-island="' . QuickView::ISLAND . '"]]', $controls[ $newest ] ), 'Outside the quick view\'s own root (React owns that).' );

		// Every control opens: the route answers each card's notice.
		foreach ( $controls as $id => $control ) {
			$this->assertSame( $id, $this->answer( $id )['id'] );
		}
	}

	public function test_the_card_of_a_password_protected_notice_offers_no_quick_view_the_route_would_refuse(): void {
		$guarded = $this->notice(
			array( 'tp_buyer' => 'Guarded Buyer' ),
			array(
				'post_title'    => 'Guarded works',
				'post_password' => 'pa55-word',
			)
		);
		$open    = $this->notice( array(), array( 'post_title' => 'Open works' ) );
		$this->assertSame( 404, $this->quick_view( $guarded )->get_status(), 'The route refuses it.' );

		$dom       = new Html( $this->listing_block() );
		$container = $this->assert_one_container_around_the_listing( $dom );
		$card      = $dom->one( './/article[.//*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a[@href="' . get_permalink( $guarded ) . '"]]', $container );
		$this->assertNotNull( $card, 'The protected notice is listed, as WordPress\'s archives list it.' );
		$this->assertSame( array(), $this->controls( $dom, $card ), 'No Quick view that would open on "There is no such notice.".' );
		$this->assertSame( array(), $dom->all( '//a[@data-tp-notice="' . $guarded . '"]' ) );

		// Every other card keeps its control, and every control in the listing opens.
		$controls = $dom->all( './/a[' . Html::has_class( QuickView::CONTROL ) . ']', $container );
		$this->assertCount( count( $this->cards( $dom, $container ) ) - 1, $controls );
		$this->assertCount( 1, $dom->all( '//a[@data-tp-notice="' . $open . '"]' ) );
		foreach ( $controls as $control ) {
			$id = (int) $control->getAttribute( 'data-tp-notice' );
			$this->assertSame( 200, $this->quick_view( $id )->get_status(), 'The control of notice ' . $id . ' opens.' );
		}
	}

	public function test_the_island_carries_its_route_strings_and_messages_and_brings_the_stepper_and_the_styles(): void {
		$this->assertFalse( wp_style_is( QuickView::STYLE, 'enqueued' ), 'Nothing before a listing.' );
		$this->assertNotContains( Stepper::ISLAND, IslandAssets::instance()->used() );

		$dom       = new Html( $this->listing_block() );
		$container = $this->assert_one_container_around_the_listing( $dom );
		$props     = $this->props( $dom, $container );
		// What the listing queued (the route's answer, asked below in this same process, queues
		// the stepper's stylesheet for its own request).
		$queued = wp_styles()->queue;
		$this->assertSame( array( 'route', 'styles', 'i18n', 'messages' ), array_keys( $props ) );
		$this->assertSame( rest_url( Rest::NAMESPACE . '/notices/' ), $props['route'] );
		$this->assertStringEndsWith( '/wp-json/tenderpress/v1/notices/', $props['route'], 'The notices\' REST base, pretty links.' );
		$this->assertSame(
			array(
				'close'   => 'Close',
				'loading' => 'Loading…',
				'open'    => 'Open the full notice',
			),
			$props['i18n']
		);
		$this->assertSame( AjaxResponse::client_messages(), $props['messages'] );
		$this->assertSame( array( 'network', 'timeout', 'aborted', 'serverError' ), array_keys( $props['messages'] ), 'What the island reads (islands/quick-view/index.ts).' );

		// The address the island asks (`${ route }${ id }/quick-view`) is the route.
		$id   = $this->notice();
		$path = (string) wp_parse_url( $props['route'] . $id . '/quick-view', PHP_URL_PATH );
		$this->assertSame( '/wp-json/tenderpress/v1/notices/' . $id . '/quick-view', $path );
		$this->assertSame( $id, $this->answer( $id )['id'] );

		// The dialog's reminder needs the stepper island and its styles on the page: the route's
		// answer cannot add them.
		$used = IslandAssets::instance()->used();
		$this->assertContains( QuickView::ISLAND, $used );
		$this->assertContains( Stepper::ISLAND, $used, 'The stepper is marked used.' );
		$this->assertContains( Paginator::ISLAND, $used );
		$this->assertArrayHasKey( QuickView::ISLAND, IslandAssets::instance()->config()['islands'], 'The build has the island: the runtime loads it.' );
		$this->assertArrayHasKey( Stepper::ISLAND, IslandAssets::instance()->config()['islands'] );

		$styles = wp_styles();
		$this->assertTrue( wp_style_is( QuickView::STYLE, 'enqueued' ) );
		$this->assertContains( BlockRegistry::DIALOG_STYLE, $styles->registered[ QuickView::STYLE ]->deps, 'The dialog\'s styles first.' );
		$this->assertTrue( wp_style_is( BlockRegistry::DIALOG_STYLE, 'registered' ) );
		$this->assertFileExists( (string) $styles->get_data( QuickView::STYLE, 'path' ) );
		$this->assertStringEndsWith( '/assets/quick-view.css', (string) $styles->registered[ QuickView::STYLE ]->src );
		// What the dialog shows brings its own stylesheets, which the island adds when a visitor
		// first opens it: listed in its props with their addresses, dependencies first, and not
		// on the page before that.
		$sheets = array_column( $props['styles'], 'href', 'handle' );
		$wanted = array( Stepper::STYLE, 'tenderpress-badges' );
		foreach ( array( 'tenderpress/notice-facts', NoticeReminder::BLOCK ) as $block ) {
			$type = \WP_Block_Type_Registry::get_instance()->get_registered( $block );
			$this->assertNotNull( $type, $block );
			$this->assertNotEmpty( $type->style_handles, $block . ' has styles of its own.' );
			$wanted = array_merge( $wanted, $type->style_handles );
		}
		foreach ( array_unique( $wanted ) as $handle ) {
			$this->assertArrayHasKey( $handle, $sheets, $handle );
			$this->assertStringStartsWith( (string) $styles->registered[ $handle ]->src, $sheets[ $handle ], $handle . ': its registered address.' );
			if ( 'tenderpress-badges' !== $handle ) {
				$this->assertNotContains( $handle, $queued, $handle . ' waits for the dialog.' );
			}
		}
		$this->assertLessThan( array_search( 'tenderpress-notice-facts-style-2', array_keys( $sheets ), true ), array_search( 'tenderpress-badges', array_keys( $sheets ), true ), 'The badges, which the facts need, first.' );
	}

	public function test_with_plain_links_the_route_is_the_rest_route_form_and_still_answers(): void {
		global $wp_rewrite;
		$id        = $this->notice();
		$structure = (string) get_option( 'permalink_structure' );
		$wp_rewrite->set_permalink_structure( '' );
		try {
			$dom   = new Html( $this->listing_block() );
			$props = $this->props( $dom, $this->assert_one_container_around_the_listing( $dom ) );
			$this->assertSame( rest_url( Rest::NAMESPACE . '/notices/' ), $props['route'] );
			$this->assertStringEndsWith( '?rest_route=/tenderpress/v1/notices/', $props['route'], 'Plain links: the route is in the query.' );
			$controls = $this->assert_every_card_has_its_control( $dom, $this->containers( $dom )[0] );
			$this->assertSame( get_permalink( $id ), $controls[ $id ]->getAttribute( 'href' ) );
		} finally {
			$wp_rewrite->set_permalink_structure( $structure );
		}
		$this->assertSame( $structure, get_option( 'permalink_structure' ), 'Restored.' );

		// What the island asks: the route with the id and /quick-view after it, in the query.
		parse_str( (string) wp_parse_url( $props['route'] . $id . '/quick-view', PHP_URL_QUERY ), $query );
		$this->assertSame( array( 'rest_route' => '/tenderpress/v1/notices/' . $id . '/quick-view' ), $query );
		$response = rest_do_request( new WP_REST_Request( 'GET', (string) $query['rest_route'] ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( $id, $response->get_data()['id'] );
	}

	public function test_a_page_loaded_in_place_has_controls_too(): void {
		$settings = ListingSettings::from_attributes( array( 'perPage' => 10 ) );
		$page     = ListingPage::get( $settings, 2 );
		$this->assertGreaterThan( 2, $page['total'] );
		$dom   = new Html( $page['html'] );
		$cards = $this->cards( $dom );
		$this->assertCount( 10, $cards );
		foreach ( $cards as $card ) {
			$controls = $this->controls( $dom, $card );
			$this->assertCount( 1, $controls );
			$this->assertSame( $this->title_link( $dom, $card )->getAttribute( 'href' ), $controls[0]->getAttribute( 'href' ) );
			$this->assertSame( get_permalink( (int) $controls[0]->getAttribute( 'data-tp-notice' ) ), $controls[0]->getAttribute( 'href' ) );
		}
	}

	public function test_a_carousel_of_notices_offers_no_quick_view(): void {
		$this->notice( array(), array( 'post_title' => 'Newest in the carousel' ) );
		$html = do_blocks( '<!-- wp:' . Carousel::BLOCK . ' ' . serialize_block_attributes( array( 'source' => 'notices' ) ) . ' /-->' )
			. do_shortcode( '[tenderpress_carousel source="notices" count="4"]' );
		$dom  = new Html( $html );
		$this->assertCount( 2, $dom->all( '//*[@data-tp-island="carousel"]' ), 'Two carousels.' );
		$this->assertGreaterThanOrEqual( 6, count( $dom->all( '//article[' . Html::has_class( 'tp-notice-card' ) . ']' ) ), 'Of notice cards.' );
		$this->assertStringContainsString( 'Newest in the carousel', $html );
		$this->assertSame( array(), $this->controls( $dom ), 'No Quick view control on a carousel\'s cards.' );
		$this->assertStringNotContainsString( QuickView::CONTROL, $html );
		$this->assertSame( array(), $this->containers( $dom ), 'Nor the quick view\'s island.' );
		$this->assertNotContains( QuickView::ISLAND, IslandAssets::instance()->used() );
	}

	public function test_the_control_escapes_a_title_with_markup(): void {
		// An administrator may type markup in a title (unfiltered_html): it stays as typed.
		$this->log_in_as( 'administrator' );
		$typed = '<script>alert("xj")</script> Bridges & <b>culverts</b>';
		$id    = $this->notice( array(), array( 'post_title' => $typed ) );
		wp_set_current_user( 0 );
		$this->assertSame( $typed, get_post( $id )->post_title, 'Stored as typed.' );

		$check   = function ( string $html, string $where ) use ( $id ): void {
			$dom = new Html( $html );
			$this->assertSame( array(), $dom->all( '//script[not(@data-tp-props)]' ), $where . ': no script from the title.' );
			$this->assertSame( array(), $dom->all( '//b' ), $where . ': no element from the title.' );
			$controls = $dom->all( '//a[' . Html::has_class( QuickView::CONTROL ) . '][@data-tp-notice="' . $id . '"]' );
			$this->assertCount( 1, $controls, $where );
			$this->assertStringContainsString( 'Quick view: <script>alert(', self::accessible_name( $controls[0] ), $where . ': the title is text.' );
			$this->assertStringContainsString( '<b>culverts</b>', self::accessible_name( $controls[0] ), $where );
			$this->assertStringNotContainsString( '<script>', $html, $where );
		};
		$control = QuickView::control( get_post( $id ) );
		$check( $control, 'The control' );
		$this->assertStringContainsString( '&lt;script&gt;alert(', $control, 'Escaped, not stripped.' );
		$check( $this->listing_block(), 'The listing' );

		// And the route: the title as text in JSON, escaped in the html.
		$data = $this->answer( $id );
		$this->assertStringContainsString( '<script>alert(', $data['title'] );
		$dom = new Html( $data['html'] );
		$this->assertSame( array(), $dom->all( '//script[not(@data-tp-props)]' ) );
		$this->assertStringNotContainsString( '<script>', $data['html'] );
		$full = $dom->one( '//p[' . Html::has_class( 'tp-quick-view__full' ) . ']/a' );
		$this->assertNotNull( $full );
		$this->assertStringContainsString( '<script>alert(', self::accessible_name( $full ) );
	}

	/**
	 * Queries one answer costs with an empty object cache (as a request without a persistent
	 * cache starts), after a first request built the REST server.
	 */
	private function cost( int $id ): int {
		global $wpdb;
		wp_cache_flush();
		$before = $wpdb->num_queries;
		$data   = $this->answer( $id );
		$cost   = $wpdb->num_queries - $before;
		$this->assertNotSame( array(), ( new Html( $data['html'] ) )->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a' ), 'The documents are in the answer.' );
		return $cost;
	}

	/**
	 * Measured on the seeded site, for a notice in one category and one city of a state: 8 queries
	 * with an empty cache (the post, the autoloaded options, the notice's meta with every document
	 * in one row, its categories' ids and terms, its locations' ids and terms, the city's state
	 * for the location's link), whatever the number of documents; none with a warm cache.
	 */
	public function test_one_answer_costs_the_same_few_queries_with_one_document_or_ten(): void {
		$category = get_term_by( 'name', 'Civil Works', 'tender_category' );
		$city     = get_term_by( 'name', 'Pune', 'tender_location' );
		$this->assertInstanceOf( \WP_Term::class, $category );
		$this->assertInstanceOf( \WP_Term::class, $city );
		$ids = array();
		foreach ( array( 1, 10 ) as $count ) {
			$ids[ $count ] = $this->notice( array( 'tp_documents' => self::documents( $count ) ) );
			wp_set_object_terms( $ids[ $count ], array( $category->term_id ), 'tender_category' );
			wp_set_object_terms( $ids[ $count ], array( $city->term_id ), 'tender_location' );
		}
		$this->assertCount( 10, ( new Html( $this->answer( $ids[10] )['html'] ) )->all( '//ul[' . Html::has_class( 'tp-notice-facts__documents' ) . ']/li/a' ) );

		$one = $this->cost( $ids[1] );
		$ten = $this->cost( $ids[10] );
		$this->assertSame( 8, $one, 'One document: the post, the options, its meta, its categories, its locations and the city\'s state.' );
		$this->assertSame( $one, $ten, 'Ten documents cost what one does.' );
		$this->assertSame( $one, $this->cost( $ids[1] ), 'The same each time.' );

		// With the object cache warm (a persistent cache, or a second answer in one request): none.
		global $wpdb;
		$this->answer( $ids[10] );
		$before = $wpdb->num_queries;
		$this->answer( $ids[10] );
		$this->assertSame( 0, $wpdb->num_queries - $before, 'Warm: no query.' );
	}

	public function test_the_settings_screen_has_the_section_with_its_box_ticked_by_default(): void {
		$this->log_in_as( 'administrator' );
		$GLOBALS['title'] = 'TenderPress settings'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what admin.php sets for the screen's heading.
		$page             = new SettingsPage();
		$page->add_sections();
		ob_start();
		try {
			$page->render_page();
		} finally {
			$screen = new Html( (string) ob_get_clean() );
			unset( $GLOBALS['title'] );
		}
		$heading = $screen->one( '//h2[normalize-space()="Notice quick view"]' );
		$this->assertNotNull( $heading, 'The section is on the screen.' );
		$this->assertStringContainsString( 'Quick view', $screen->text( './following-sibling::p[1]', $heading ) );
		$table = $screen->one( './following-sibling::table[1]', $heading );
		$this->assertNotNull( $table );
		$enabled = Settings::field_id( QuickView::SECTION, 'enabled' );
		$box     = $screen->one( './/input[@id="' . $enabled . '"]', $table );
		$this->assertNotNull( $box );
		$this->assertSame( array( 'checkbox', 'tenderpress_settings[quick_view][enabled]' ), array( $box->getAttribute( 'type' ), $box->getAttribute( 'name' ) ) );
		$this->assertTrue( $box->hasAttribute( 'checked' ), 'On by default.' );
		$this->assertSame( 'Offer a quick view on listing cards', $screen->text( '//label[@for="' . $enabled . '"]' ) );

		// A save from the screen, unticked then ticked, and what the rest of the option keeps.
		$this->set_quick_view( false );
		$this->assertSame( array( 'enabled' => false ), get_option( Settings::OPTION )[ QuickView::SECTION ] ?? null );
		update_option(
			Settings::OPTION,
			array(
				NoticeReminder::SECTION => array(
					'enabled' => '1',
					'days'    => '9',
				),
			)
		);
		$this->assertFalse( QuickView::enabled(), 'Saving another section keeps it off.' );
		$this->set_quick_view( true );
		$this->assertSame( array( 'enabled' => true ), get_option( Settings::OPTION )[ QuickView::SECTION ] ?? null );
		$this->assertSame( 9, Settings::get( NoticeReminder::SECTION, 'days' ) );
	}


	public function test_the_dialogs_shared_stylesheet_is_queued_with_a_stylesheet_that_needs_it(): void {
		$queue = wp_styles()->queue;
		wp_dequeue_style( \TenderPress\Blocks\BlockRegistry::DIALOG_STYLE );
		do_blocks( '<!-- wp:tenderpress/listing /-->' );
		$this->assertContains( QuickView::STYLE, wp_styles()->queue );
		// Queued (so WordPress inlines it with the others), not left a dependency of its own request.
		( new \TenderPress\Blocks\BlockRegistry() )->queue_dialog_style();
		$this->assertContains( \TenderPress\Blocks\BlockRegistry::DIALOG_STYLE, wp_styles()->queue );
		wp_styles()->queue = $queue;
	}
}
