<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\AccountLogin;
use TenderPress\Ajax\AccountLostPassword;
use TenderPress\Ajax\AccountResetPassword;
use TenderPress\Ajax\GetToken;
use TenderPress\Ajax\PaginationRequest;
use TenderPress\Ajax\SharingCount;
use TenderPress\Content\LazyMedia;
use TenderPress\Content\NoticeStatus;
use TenderPress\Islands\Account;
use TenderPress\Islands\Calendar;
use TenderPress\Islands\Carousel;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\IslandContainer;
use TenderPress\Islands\Lightbox;
use TenderPress\Islands\Paginator;
use TenderPress\Islands\QuickView;
use TenderPress\Islands\Share;
use TenderPress\Islands\Stepper;
use TenderPress\Islands\Tabs;
use TenderPress\Islands\Ticker;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeCard;
use TenderPress\Settings\Settings;
use TenderPress\Share\ShareCounts;
use TenderPress\Support\Rest;

/**
 * The recordings the unit tests replay (tests/fixtures/), made here from the real handlers and
 * renderers, so a test double cannot invent a contract the server does not have: when what the
 * server answers changes, this test fails until the recordings are made again, and then the unit
 * tests run against the new answers.
 *
 * Re-record with: TP_RECORD_FIXTURES=1 ONLY=php npm test
 *
 * Values that differ between machines or days (the nonce, the signed sid, which depends on the
 * site's salts) are replaced by fixed placeholders; everything else is recorded as answered.
 */
final class ContractFixturesTest extends TestCase {

	private const DIR = __DIR__ . '/../fixtures';

	/** Placeholders for the values that differ between machines. */
	public const NONCE = 'fixture-nonce';
	public const SID = 'fixture-sid';
	public const TAMPERED_SID = 'fixture-sid-with-its-last-character-changed';
	public const TIME_LEFT = 'fixture time left';
	public const INSTANCE = 'fixture-instance';

	protected function setUp(): void {
		parent::setUp();
		Paginator::reset();
	}

	protected function tearDown(): void {
		Paginator::reset();
		Share::reset();
		Tabs::reset();
		Ticker::reset();
		Carousel::reset();
		Calendar::reset();
		$_GET = array();
		// Settings a test stored are rolled back: forget what this process read of them.
		Settings::forget_stored();
		parent::tearDown();
	}

	/**
	 * Five notices with fixed facts in a category of their own, listed two per page: a listing
	 * whose every page is the same on every machine and every day (deadlines in 2099: open).
	 *
	 * @return array<string, mixed> The listing's settings.
	 */
	private function fixture_listing(): array {
		$term = wp_insert_term( 'Contract fixtures', 'tender_category', array( 'slug' => 'contract-fixtures' ) );
		$this->assertIsArray( $term );
		for ( $i = 1; $i <= 5; $i++ ) {
			$id = $this->make_notice(
				array(
					'tp_notice_type' => 1 === $i % 2 ? 'tender' : 'eoi',
					'tp_reference'   => sprintf( 'FX/2026/%03d', $i ),
					'tp_buyer'       => 'Fixture Public Works Department',
					'tp_deadline'    => sprintf( '2099-01-%02d 15:00:00', $i ),
				),
				array(
					'post_title' => sprintf( 'Fixture notice %d & <friends>', $i ),
					'post_name'  => sprintf( 'fixture-notice-%d', $i ),
					'post_date'  => sprintf( '2026-01-%02d 10:00:00', $i ),
				)
			);
			wp_set_object_terms( $id, (int) $term['term_id'], 'tender_category' );
		}
		$settings = ListingSettings::defaults();
		$settings['perPage'] = 2;
		$settings['taxonomy'] = 'tender_category';
		$settings['termId'] = (int) $term['term_id'];
		return $settings;
	}

	/**
	 * One request to the real handler and its answer, both recorded.
	 *
	 * @param array<string, string> $fields
	 * @return array{request:array<string,string>,status:int,contentType:string,body:string}
	 */
	private function exchange( array $fields ): array {
		$answer = Ajax::post( PaginationRequest::ACTION, $fields );
		return array(
			'request'     => array( 'action' => PaginationRequest::ACTION ) + $fields,
			'status'      => (int) $answer->status,
			'contentType' => null === $answer->json() ? 'text/html' : 'application/json',
			'body'        => $answer->body,
		);
	}

	/**
	 * Compares a recording with what the server answers now, or writes it when asked to.
	 *
	 * @param array<string, string> $volatile Values that differ between machines => placeholders.
	 */
	private function assert_recording( string $file, array $data, array $volatile = array() ): void {
		$json = (string) wp_json_encode( $data, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
		// Each island container's token is random (IslandContainer): one placeholder for all.
		$volatile += array_fill_keys( array_keys( IslandAssets::instance()->instances() ), self::INSTANCE );
		$json      = str_replace( array_keys( $volatile ), array_values( $volatile ), $json );
		$path = self::DIR . '/' . $file;
		if ( getenv( 'TP_RECORD_FIXTURES' ) ) {
			file_put_contents( $path, $json ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test recording.
		}
		$this->assertFileExists( $path, "Record it with TP_RECORD_FIXTURES=1 ONLY=php npm test." );
		$this->assertSame( file_get_contents( $path ), $json, "tests/fixtures/{$file} no longer matches what the server answers. If the change is intended, re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test, then make the unit tests pass against it." ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
	}

	/**
	 * In its own process, where nothing has been printed yet, so the handler's status lines are
	 * sent as they are to a browser (and recorded).
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_pagination_request_recordings_match_the_real_handler(): void {
		$this->assertFalse( headers_sent(), 'Status lines can still be sent.' );
		$settings = $this->fixture_listing();
		$sid = ListingSettings::sid( $settings );
		// The listing of the category's page, as a visitor there gets it; the answers go to
		// admin-ajax.php from that page, which the browser names as their referrer.
		$page_url = (string) get_term_link( (int) $settings['termId'], 'tender_category' );
		PageView::visit( $page_url );
		$markup = Paginator::render( $sid, $settings, array(), 1, ListingPage::get( $settings, 1 ), true );
		$_SERVER['HTTP_REFERER'] = $page_url;
		$_SERVER['REQUEST_URI'] = '/wp-admin/admin-ajax.php';
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $markup, $match ) );
		$props = json_decode( $match[1], true );
		$this->assertNotSame( '', $props['sid'] );
		$this->assertSame( 3, $props['totalPages'], 'Five notices, two per page.' );

		// What the island sends: the request the props give (the one the runtime starts for a
		// tap before the island has loaded), with the page and the filters.
		$request = $props['early']['fields'];
		$this->assertSame( PaginationRequest::ACTION, $request['action'] );
		$this->assertSame( $sid, $request['sid'] );
		unset( $request['action'] );
		$fields = static fn( int $page, array $change = array() ) => $change + array(
			'page'        => (string) $page,
			'custom_data' => '{}',
		) + $request;
		$answers = array();
		foreach ( array( 1, 2, 3, 4 ) as $page ) {
			$answers[ 'page ' . $page ] = $this->exchange( $fields( $page ) );
		}
		$answers['eoi page 1'] = $this->exchange( $fields( 1, array( 'custom_data' => '{"noticeType":"eoi"}' ) ) );
		foreach ( array( 1, 2 ) as $page ) {
			$answers[ 'tender page ' . $page ] = $this->exchange( $fields( $page, array( 'custom_data' => '{"noticeType":"tender"}' ) ) );
		}
		$answers['far past the end'] = $this->exchange( $fields( 40 ) );
		$tampered = substr( $sid, 0, -1 ) . ( 'A' === substr( $sid, -1 ) ? 'B' : 'A' );
		$answers['tampered sid'] = $this->exchange( $fields( 2, array( 'sid' => $tampered ) ) );
		$answers['bad page'] = $this->exchange( $fields( 2, array( 'page' => '0' ) ) );
		$answers['bad filter'] = $this->exchange( $fields( 2, array( 'custom_data' => '{"noticeType":"spam"}' ) ) );

		$this->assertSame( 200, $answers['page 2']['status'] );
		$this->assertSame( ListingPage::NO_POSTS_MARKER, $answers['page 4']['body'], 'Just past the end: the marker.' );
		foreach ( array( 'far past the end', 'tampered sid', 'bad page', 'bad filter' ) as $bad ) {
			$this->assertSame( 400, $answers[ $bad ]['status'], $bad );
		}

		$recording = array(
			'comment' => 'Recorded by tests/php/ContractFixturesTest.php from the real pagination_request handler and Paginator markup. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
			'markup'  => $markup,
			// Decoded to objects, so the empty customData stays {} as the page carries it.
			'props'   => json_decode( $match[1] ),
			'answers' => $answers,
		);
		$this->assert_recording(
			'pagination-request.json',
			$recording,
			array(
				$tampered       => self::TAMPERED_SID,
				$sid            => self::SID,
				$request['ajax_nonce'] => self::NONCE,
			) + $this->times_left()
		);
	}

	/**
	 * The fixture notices' "time left" texts, which change as 2099 comes nearer, => one
	 * placeholder, so the recording stays the same every day.
	 *
	 * @return array<string, string>
	 */
	private function times_left(): array {
		$texts = array();
		for ( $i = 1; $i <= 5; $i++ ) {
			$deadline = ( new \DateTimeImmutable( sprintf( '2099-01-%02d 15:00:00', $i ), wp_timezone() ) )->getTimestamp();
			$texts[ '>' . NoticeStatus::time_left( $deadline ) . '<' ] = '>' . self::TIME_LEFT . '<';
		}
		return $texts;
	}

	public function test_runtime_recordings_match_the_island_container(): void {
		$this->assert_recording(
			'runtime.json',
			array(
				'comment'    => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/IslandContainer.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'strategies' => IslandContainer::STRATEGIES,
			)
		);
	}

	/**
	 * A share bar on a notice of fixed title and address, with the site's default services: its
	 * markup (the island's container, as the unit tests mount it) and its props.
	 */
	public function test_share_recordings_match_the_server_bar(): void {
		$id = $this->make_notice(
			array(),
			array(
				'post_title' => 'Supply of LED street lights, Pune',
				'post_name'  => 'fixture-share-notice',
			)
		);
		PageView::visit( (string) get_permalink( $id ) );
		Share::reset();
		$html     = Share::render();
		$floating = Share::render( array( 'layout' => 'floating' ) );
		PageView::reset();
		$this->assertSame( 1, preg_match( '#^(.*)<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $parts ) );
		// With counts shown: where the island asks, and what the real handler answers for the
		// notice once counts are stored for it.
		// An owner who shows counts puts networks that publish them on the bar.
		update_option(
			Settings::OPTION,
			array(
				Share::SECTION => array_merge(
					array_map( static fn( $field ) => $field->default, Settings::section( Share::SECTION )->fields ),
					array(
						'counts'   => true,
						'services' => array( 'whatsapp', 'x', 'facebook', 'copy-link' ),
					)
				),
			)
		);
		$page = (string) ShareCounts::page_of( (string) get_permalink( $id ) );
		ShareCounts::store( $page, 'x', 1 );
		PageView::visit( (string) get_permalink( $id ) );
		Share::reset();
		$counted = Share::render();
		$this->assertSame( 1, preg_match( '#^(.*)<script type="application/json" data-tp-props>(.*?)</script>#s', $counted, $with_counts ) );
		PageView::reset();
		ShareCounts::store( $page, 'facebook', 1250 );
		ShareCounts::store( $page, 'whatsapp', 0 );
		$answer = Ajax::get( SharingCount::ACTION, array( 'urls' => array( (string) get_permalink( $id ) ) ) );
		$this->assertSame( 200, $answer->status );

		// Collecting in browsers turned on, for a notice with no Facebook count yet: the props,
		// the count answer that asks for it, and the save's answer to the island's POST.
		update_option( Settings::OPTION, array( Share::SECTION => array_merge( array_map( static fn( $field ) => $field->default, Settings::section( Share::SECTION )->fields ), array( 'counts' => true, 'collect' => true ) ) ) );
		$fresh = (string) get_permalink(
			$this->make_notice(
				array(),
				array(
					'post_title' => 'Desilting of storm water drains, Nagpur',
					'post_name'  => 'fixture-share-collect',
				)
			)
		);
		PageView::visit( $fresh );
		Share::reset();
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', Share::render(), $collecting ) );
		PageView::reset();
		$collect_props = json_decode( $collecting[1], true )['counts'];
		$to_collect    = Ajax::get( SharingCount::ACTION, array( 'urls' => array( $fresh ) ) );
		$this->assertSame( array( $fresh ), $to_collect->json()['facebook_urls'] );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.10';
		$saved                  = Ajax::post(
			$collect_props['collect']['networks'][0]['action'],
			array(
				'_ajax_nonce'  => $collect_props['collect']['nonce'],
				'share_counts' => array( $fresh => '3' ),
			)
		);
		unset( $_SERVER['REMOTE_ADDR'] );
		$this->assertTrue( $saved->json()['success'] );
		$this->assertSame( 3, ShareCounts::for_pages( array( (string) ShareCounts::page_of( $fresh ) ) )[ (string) ShareCounts::page_of( $fresh ) ]['facebook'] );
		// The nonce differs from run to run: the recording holds a placeholder.
		$collect_props['collect']['nonce'] = 'recorded-nonce';
		$this->assert_recording(
			'share.json',
			array(
				'comment'  => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Share.php and php/Ajax/SharingCount.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'html'     => $html,
				'props'    => json_decode( $parts[2], true ),
				// The floating bar of the same page, without its props (the same but the layout).
				'floating' => (string) preg_replace( '#<script type="application/json" data-tp-props>.*?</script>#s', '', $floating ),
				'counts'   => array(
					// The bar as rendered when only x had a count (1).
					'html'   => $with_counts[1],
					'props'  => json_decode( $with_counts[2], true )['counts'],
					'answer' => $answer->json(),
				),
				'collect'  => array(
					'page'   => $fresh,
					'props'  => $collect_props,
					'answer' => $to_collect->json(),
					'saved'  => $saved->json(),
				),
			)
		);
	}

	/**
	 * A tabs block and an accordion block as the block editor saves them: their markup (the
	 * island's container, as the unit tests mount it) and their props. A paragraph inside the
	 * second section has an id of its own, for links into a section.
	 */
	public function test_tabs_recordings_match_the_server_markup(): void {
		$sections = '<!-- wp:tenderpress/tab {"title":"Details"} --><!-- wp:paragraph --><p>Supply of LED street lights.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->'
			. '<!-- wp:tenderpress/tab {"title":"Documents","open":true} --><!-- wp:paragraph --><p>The tender document.</p><!-- /wp:paragraph --><!-- wp:paragraph {"anchor":"fees"} --><p id="fees">Fees: 500 rupees.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->'
			. '<!-- wp:tenderpress/tab {"title":"Eligibility","anchor":"tenderpress-safari"} --><!-- wp:paragraph --><p>Registered contractors.</p><!-- /wp:paragraph --><!-- /wp:tenderpress/tab -->';
		$tabs      = do_blocks( '<!-- wp:tenderpress/tabs {"label":"Notice details","offset":80} -->' . $sections . '<!-- /wp:tenderpress/tabs -->' );
		$accordion = do_blocks( '<!-- wp:tenderpress/tabs {"layout":"accordion"} -->' . str_replace( array( '"Details"', '"Documents"', '"Eligibility"' ), array( '"Who may bid?"', '"Which documents?"', '"When is the deadline?"' ), $sections ) . '<!-- /wp:tenderpress/tabs -->' );
		$record    = array( 'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Tabs.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.' );
		foreach ( array(
			'tabs'      => $tabs,
			'accordion' => $accordion,
		) as $layout => $html ) {
			$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $parts ), $layout . ': ' . $html );
			$record[ $layout ] = array(
				// The container without its props, which come next.
				'html'  => trim( str_replace( $parts[0], '', $html ) ),
				'props' => json_decode( $parts[1], true ),
			);
		}
		$this->assert_recording( 'tabs.json', $record );
	}

	/**
	 * A ticker of the four latest notices, three at a time: its markup (the island's container,
	 * with the copies of the list's ends the loop needs) and its props. The four are written now,
	 * so they are the latest, with fixed facts, so the markup is the same on every machine.
	 */
	public function test_ticker_recordings_match_the_server_markup(): void {
		$now = time();
		for ( $i = 4; $i >= 1; $i-- ) {
			$this->make_notice(
				array(
					'tp_buyer'    => 'Fixture Municipal Corporation',
					'tp_deadline' => sprintf( '2099-02-%02d 17:00:00', $i ),
				),
				array(
					'post_title' => sprintf( 'Ticker notice %d', $i ),
					'post_name'  => sprintf( 'ticker-notice-%d', $i ),
					// Notice 1 the newest.
					'post_date'  => wp_date( 'Y-m-d H:i:s', $now - $i ),
				)
			);
		}
		$html = Ticker::render(
			array(
				'count'   => 4,
				'visible' => 3,
			)
		);
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $parts ), $html );
		$this->assert_recording(
			'ticker.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Ticker.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'html'    => trim( str_replace( $parts[0], '', $html ) ),
				'props'   => json_decode( $parts[1], true ),
			)
		);
	}

	/**
	 * A carousel of three slides of its own, as the block editor saves it: its markup (the
	 * island's container, as the unit tests mount it) and its props.
	 */
	public function test_carousel_recordings_match_the_server_markup(): void {
		$slide = static fn( string $text ): string => '<!-- wp:tenderpress/slide --><!-- wp:paragraph --><p>' . $text . '</p><!-- /wp:paragraph --><!-- /wp:tenderpress/slide -->';
		$html  = do_blocks( '<!-- wp:tenderpress/carousel {"label":"Guides for bidders"} -->' . $slide( 'Read a notice in ten minutes.' ) . $slide( 'EOI or tender: <a href="/news-and-guides/">the difference</a>.' ) . $slide( 'Bid security, explained.' ) . '<!-- /wp:tenderpress/carousel -->' );
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $parts ), $html );
		$this->assert_recording(
			'carousel.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Carousel.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'html'    => trim( str_replace( $parts[0], '', $html ) ),
				'props'   => json_decode( $parts[1], true ),
			)
		);
	}

	/**
	 * A text with pictures: three in figures with captions (one already linking to its file),
	 * one linking to a page and an emoji, which the lightbox leaves alone. Its markup (the
	 * island's container, as the unit tests mount it) and its props.
	 */
	public function test_lightbox_recordings_match_the_server_markup(): void {
		$figure = static fn( int $n, string $caption ): string => '<figure class="wp-block-image"><img src="/wp-content/uploads/fixture-' . $n . '.png" alt="Fixture picture ' . $n . '"/><figcaption class="wp-element-caption">' . $caption . '</figcaption></figure>';
		$html   = Lightbox::render(
			'<p>Before the pictures.</p>'
			. '<figure class="wp-block-gallery">' . $figure( 1, 'The road' ) . $figure( 2, 'The pump house' )
			. '<figure class="wp-block-image"><a href="/wp-content/uploads/fixture-3.png"><img src="/wp-content/uploads/fixture-3-300x200.png" alt="Fixture picture 3"/></a><figcaption class="wp-element-caption">The school</figcaption></figure></figure>'
			. '<p><a href="/how-to-bid/"><img src="/wp-content/uploads/banner.png" alt="How to bid"/></a> <img class="wp-smiley" src="/wp-includes/images/smilies/simple-smile.png" alt=":)"/></p>'
		);
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $parts ), $html );
		$this->assert_recording(
			'lightbox.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Lightbox.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'html'    => trim( str_replace( $parts[0], '', $html ) ),
				'props'   => json_decode( $parts[1], true ),
			)
		);
	}

	/**
	 * A text with lazy media, as WordPress's own filter marks it: an eager first picture, a lazy
	 * one with a srcset, a carousel's three slides of lazy pictures (its neighbours load
	 * together) and a lazy frame. The stand-ins the lazy-media script gives their addresses.
	 */
	public function test_lazy_media_recording_matches_the_server_markup(): void {
		$picture = static fn( string $name, string $more = '' ): string => '<img loading="lazy" decoding="async" width="1200" height="800" src="/wp-content/uploads/' . $name . '.png"' . $more . ' alt="Fixture ' . $name . '">';
		$slide   = static fn( int $n ): string => '<div class="tp-carousel__slide" id="fixture-carousel-' . $n . '" role="group">' . $picture( 'slide-' . $n ) . '</div>';
		LazyMedia::reset();
		$html = LazyMedia::render(
			'<p><img fetchpriority="high" decoding="async" width="1200" height="800" src="/wp-content/uploads/first.png" alt="Fixture first"></p>'
			. '<p>' . $picture( 'second', ' srcset="/wp-content/uploads/second-600.png 600w, /wp-content/uploads/second.png 1200w" sizes="(max-width: 1200px) 100vw, 1200px"' ) . '</p>'
			. '<div class="tp-carousel__track">' . $slide( 1 ) . $slide( 2 ) . $slide( 3 ) . '</div>'
			. '<iframe loading="lazy" src="/tenders/fixture/embed/" width="600" height="200" title="Fixture notice"></iframe>'
		);
		LazyMedia::reset();
		$this->assert_recording(
			'lazy-media.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Content/LazyMedia.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'html'    => $html,
			)
		);
	}

	/**
	 * Two steppers as the server prints them: "days", from 1 to 30 by 1, at 3 (the reminder's);
	 * and a field with a step of "any", min -5 and max 2.5, empty.
	 */
	public function test_stepper_recording_matches_the_server_markup(): void {
		$render = static fn( array $field ): string => Stepper::render( $field );
		$this->assert_recording(
			'stepper.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Stepper.php. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'days'    => $render(
					array(
						'id'    => 'fixture-days',
						'name'  => 'days',
						'label' => 'days',
						'value' => 3,
						'min'   => 1,
						'max'   => 30,
						'step'  => 1,
					)
				),
				'any'     => $render(
					array(
						'id'    => 'fixture-amount',
						'name'  => 'amount',
						'label' => 'amount',
						'value' => '',
						'min'   => -5,
						'max'   => 2.5,
						'step'  => 'any',
					)
				),
			)
		);
	}

	/**
	 * The deadline calendar as the page prints it (January 2099, in a category of its own, so
	 * the same on every machine and every day) and what the real route answers the island: the
	 * next and previous months, a day's list, and a month that does not exist.
	 */
	public function test_calendar_recordings_match_the_server_markup(): void {
		$term = wp_insert_term( 'Calendar fixtures', 'tender_category', array( 'slug' => 'calendar-fixtures' ) );
		$this->assertIsArray( $term );
		$notices = array(
			array( '2099-01-05 11:00:00', 'tender', 'Fixture road repair & <paving>' ),
			array( '2099-01-05 15:00:00', 'eoi', 'Fixture survey partners' ),
			array( '2099-01-20 17:00:00', 'tender', 'Fixture school furniture' ),
			array( '2099-02-03 12:00:00', 'tender', 'Fixture bridge inspection' ),
		);
		foreach ( $notices as $i => list( $deadline, $type, $title ) ) {
			$id = $this->make_notice(
				array(
					'tp_notice_type' => $type,
					'tp_buyer'       => 'Fixture Public Works Department',
					'tp_deadline'    => $deadline,
				),
				array(
					'post_title' => $title,
					'post_name'  => 'calendar-fixture-' . ( $i + 1 ),
				)
			);
			wp_set_object_terms( $id, (int) $term['term_id'], 'tender_category' );
		}
		$_GET    = array(
			Calendar::MONTH_ARG => '2099-01',
			'category'          => 'calendar-fixtures',
		);
		$markup  = Calendar::render( array( 'perDay' => 5 ) );
		$_GET    = array();
		$answers = array();
		foreach ( array(
			'next'     => array( 'month' => '2099-02' ),
			'previous' => array( 'month' => '2098-12' ),
			'january'  => array( 'month' => '2099-01' ),
			'day'      => array(
				'month' => '2099-01',
				'day'   => '2099-01-20',
			),
			'eoi'      => array(
				'month'       => '2099-01',
				'notice_type' => 'eoi',
			),
			'badMonth' => array( 'month' => '2099-13' ),
		) as $name => $query ) {
			$query  += array(
				'id'       => 'tp-calendar-1',
				'per_day'  => '5',
				'category' => 'calendar-fixtures',
			);
			$request = new \WP_REST_Request( 'GET', '/' . Rest::NAMESPACE . Calendar::ROUTE );
			$request->set_query_params( $query );
			$response         = rest_do_request( $request );
			$answers[ $name ] = array(
				'query'  => $query,
				'status' => $response->get_status(),
				'body'   => rest_get_server()->response_to_data( $response, false ),
			);
		}
		$home = untrailingslashit( home_url() );
		$this->assert_recording(
			'calendar.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Calendar.php and its REST route. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'markup'  => $markup,
				'answers' => $answers,
			),
			array(
				$home                              => 'http://fixture.test',
				str_replace( '/', '\\\\/', $home ) => 'http:\\\\/\\\\/fixture.test',
			)
		);
	}

	/**
	 * A listing card with its "Quick view" inside the quick view's island (an open notice with
	 * fixed facts and two documents), and what the real route answers for it and for a draft.
	 *
	 * In its own process, where the ids WordPress numbers in a request (the key facts' heading,
	 * the reminder's field) start from the first.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_quick_view_recordings_match_the_server_markup(): void {
		$open  = $this->make_notice(
			array(
				'tp_notice_type'    => 'tender',
				'tp_reference'      => 'FX/QV/1',
				'tp_buyer'          => 'Fixture Water Board',
				'tp_published_date' => '2026-01-10',
				'tp_deadline'       => '2099-01-03 15:00:00',
				'tp_documents'      => array(
					array(
						'title' => 'Notice inviting tender & terms',
						'url'   => 'https://example.org/nit.pdf',
					),
					array(
						'title' => 'Bill of quantities',
						'url'   => 'https://example.org/boq.xlsx',
					),
				),
			),
			array(
				'post_title' => 'Fixture pumps & <valves>',
				'post_name'  => 'fixture-quick-view',
			)
		);
		$draft = $this->make_notice(
			array( 'tp_deadline' => '2099-01-04 15:00:00' ),
			array(
				'post_title'  => 'Fixture draft that never shows',
				'post_name'   => 'fixture-quick-view-draft',
				'post_status' => 'draft',
			)
		);
		$markup  = QuickView::wrap( '<div class="tp-listing">' . NoticeCard::render( get_post( $open ), 2, true ) . '</div>' );
		$answers = array();
		foreach ( array(
			'open'  => $open,
			'draft' => $draft,
		) as $name => $id ) {
			$response         = rest_do_request( new \WP_REST_Request( 'GET', '/' . Rest::NAMESPACE . '/notices/' . $id . '/quick-view' ) );
			$answers[ $name ] = array(
				'id'     => $id,
				'status' => $response->get_status(),
				'body'   => rest_get_server()->response_to_data( $response, false ),
			);
		}
		$home = untrailingslashit( home_url() );
		// The notices' ids differ between WordPress versions (their seeds hold different
		// content): fixed ones stand in for them, wherever they show.
		$ids = array();
		foreach ( array(
			$open  => 9001,
			$draft => 9002,
		) as $id => $fixed ) {
			$ids[ 'data-tp-notice=\\"' . $id . '\\"' ] = 'data-tp-notice=\\"' . $fixed . '\\"';
			$ids[ '"id": ' . $id . ',' ]                   = '"id": ' . $fixed . ',';
			$ids[ 'tp-quick-view-' . $id . '-' ]           = 'tp-quick-view-' . $fixed . '-';
			$ids[ '/notices/' . $id . '/' ]                = '/notices/' . $fixed . '/';
		}
		$this->assert_recording(
			'quick-view.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/QuickView.php and its REST route. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				'markup'  => $markup,
				'answers' => $answers,
			),
			array(
				$home                                   => 'http://fixture.test',
				str_replace( '/', '\\\\/', $home ) => 'http:\\\\/\\\\/fixture.test',
			) + $ids + $this->times_left()
		);
	}

	/** The account the account recordings sign in to and reset. */
	private const ACCOUNT_LOGIN        = 'bob';
	private const ACCOUNT_PASSWORD     = 'Correct horse 7 battery';
	private const ACCOUNT_NEW_PASSWORD = 'New password 2 for Bob';

	/** Placeholders of the account recordings: the page's nonce and the fresh one. */
	public const PAGE_NONCE  = 'fixture-page-nonce';
	public const FRESH_NONCE = 'fixture-fresh-nonce';

	/**
	 * One account request to the real handler and its answer, both recorded.
	 *
	 * @param string                $action The admin-ajax action.
	 * @param array<string, string> $fields Its POST fields.
	 * @return array{request:array<string,string>,status:int,body:array<string,mixed>|null}
	 */
	private function account_exchange( string $action, array $fields ): array {
		$answer = Ajax::post( $action, $fields );
		return array(
			'request' => array( 'action' => $action ) + $fields,
			// wp_send_json_success() sends no status line of its own: PHP's 200.
			'status'  => $answer->status ?? 200,
			'body'    => $answer->json(),
		);
	}

	/**
	 * The account island signed out (its container and props) and what the real handlers answer
	 * its requests: a fresh nonce, a login that works and one with a wrong password, a lost
	 * password, and a reset with a made-up key, with passwords that differ, and one that works.
	 *
	 * In its own process, where nothing has been printed yet, so the handlers' status lines are
	 * sent as they are to a browser (and recorded).
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_account_recordings_match_the_real_handlers(): void {
		$this->assertFalse( headers_sent(), 'Status lines can still be sent.' );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.30';
		// A test process cannot send cookies, and this machine sends no mail.
		add_filter( 'send_auth_cookies', '__return_false' );
		add_filter( 'pre_wp_mail', '__return_true', PHP_INT_MAX );

		$page = home_url( '/tenders/' );
		PageView::visit( $page );
		$html = Account::render();
		PageView::reset();
		$this->assertSame( 1, preg_match( '#^(.*)<script type="application/json" data-tp-props>(.*?)</script>(.*)$#s', $html, $parts ) );
		$props = json_decode( $parts[2], true );
		$this->assertSame( GetToken::ACTION, $props['token'], 'The fresh token is on by default.' );
		$page_nonce = $props['nonce'];

		$user_id = wp_insert_user(
			array(
				'user_login'   => self::ACCOUNT_LOGIN,
				'user_email'   => 'bob@example.org',
				'user_pass'    => self::ACCOUNT_PASSWORD,
				'display_name' => 'Bob Fixture',
				'role'         => 'subscriber',
			)
		);
		$this->assertIsInt( $user_id );

		$answers          = array();
		$answers['token'] = $this->account_exchange( GetToken::ACTION, array() );
		$fresh            = $answers['token']['body']['data']['nonce'];
		$this->assertSame( 1, wp_verify_nonce( $fresh, GetToken::NONCE ) );

		$login                           = static fn( string $password ) => array(
			'log'         => self::ACCOUNT_LOGIN,
			'pwd'         => $password,
			'rememberme'  => '1',
			'redirect_to' => $page,
			'_ajax_nonce' => $fresh,
		);
		$answers['login wrong password'] = $this->account_exchange( AccountLogin::ACTION, $login( 'Wrong horse 8 battery' ) );
		$answers['login']                = $this->account_exchange( AccountLogin::ACTION, $login( self::ACCOUNT_PASSWORD ) );
		// The next requests come from a visitor again (the nonce is a visitor's).
		wp_set_current_user( 0 );

		$answers['lost password'] = $this->account_exchange(
			AccountLostPassword::ACTION,
			array(
				'user_login'  => self::ACCOUNT_LOGIN,
				'return_to'   => $page,
				'_ajax_nonce' => $fresh,
			)
		);

		$key = get_password_reset_key( get_userdata( $user_id ) );
		$this->assertIsString( $key );

		// The key travels in the cookie the e-mailed link left (ResetLink), never in the form.
		$reset = static function ( string $reset_key, string $pass1, string $pass2 ) use ( $fresh ): array {
			ResetCookie::set( self::ACCOUNT_LOGIN, $reset_key );
			return array(
				'pass1'       => $pass1,
				'pass2'       => $pass2,
				'_ajax_nonce' => $fresh,
			);
		};

		// The bad key's request differs from the good one's by its passwords, so a test double
		// that answers by the form alone can tell them apart.
		$answers['reset bad key']  = $this->account_exchange( AccountResetPassword::ACTION, $reset( 'madeUpKey12345678901', self::ACCOUNT_NEW_PASSWORD . ' 2', self::ACCOUNT_NEW_PASSWORD . ' 2' ) );
		$answers['reset mismatch'] = $this->account_exchange( AccountResetPassword::ACTION, $reset( $key, self::ACCOUNT_NEW_PASSWORD, self::ACCOUNT_NEW_PASSWORD . '!' ) );
		$answers['reset']          = $this->account_exchange( AccountResetPassword::ACTION, $reset( $key, self::ACCOUNT_NEW_PASSWORD, self::ACCOUNT_NEW_PASSWORD ) );
		ResetCookie::clear();
		remove_filter( 'send_auth_cookies', '__return_false' );
		remove_filter( 'pre_wp_mail', '__return_true', PHP_INT_MAX );
		unset( $_SERVER['REMOTE_ADDR'] );

		$this->assertSame( 200, $answers['login']['status'] );
		$this->assertSame( $page, $answers['login']['body']['data']['redirect'] );
		$this->assertSame( 403, $answers['login wrong password']['status'] );
		$this->assertSame( 200, $answers['lost password']['status'] );
		$this->assertSame( 403, $answers['reset bad key']['status'] );
		$this->assertSame( 400, $answers['reset mismatch']['status'] );
		$this->assertSame( 200, $answers['reset']['status'] );
		$this->assertTrue( $answers['reset']['body']['success'] );
		clean_user_cache( $user_id );
		$this->assertTrue( wp_check_password( self::ACCOUNT_NEW_PASSWORD, get_userdata( $user_id )->user_pass, $user_id ), 'The reset changed the password.' );

		// The nonces and the key differ from run to run: the recording holds placeholders. The
		// page's nonce and the fresh one are the same value here (the same visitor at the same
		// time), but a cached page's is older: each gets its own placeholder.
		$props['nonce']                            = self::PAGE_NONCE;
		$answers['token']['body']['data']['nonce'] = self::FRESH_NONCE;
		foreach ( $answers as $name => $exchange ) {
			if ( isset( $exchange['request']['_ajax_nonce'] ) ) {
				$answers[ $name ]['request']['_ajax_nonce'] = self::FRESH_NONCE;
			}
		}
		$this->assert_recording(
			'account.json',
			array(
				'comment' => 'Recorded by tests/php/ContractFixturesTest.php from php/Islands/Account.php and the account actions (php/Ajax/GetToken.php, AccountLogin.php, AccountLostPassword.php, AccountResetPassword.php), signed out. Do not edit: re-record with TP_RECORD_FIXTURES=1 ONLY=php npm test.',
				// The container without its props, as the runtime finds it.
				'html'    => $parts[1] . $parts[3],
				'props'   => $props,
				'answers' => $answers,
			),
			array( $page_nonce => self::PAGE_NONCE )
		);
	}
}
