<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Islands\Paginator;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingPage;

/**
 * The admin-ajax action `pagination_request` as the paginator island calls it: the same items
 * markup as the first render of that page, the no-post marker just past the end, a 400 with a
 * short translated message for any bad input (and nothing stored), no nonce required, and a
 * cache of rendered pages that every change to a notice clears.
 */
final class PaginationRequestTest extends TestCase {

	/** @var list<array{0:string,1:callable,2:int}> Filters a test added, removed afterwards. */
	private $added_filters = array();

	protected function setUp(): void {
		parent::setUp();
		Paginator::reset();
	}

	protected function tearDown(): void {
		foreach ( $this->added_filters as [ $hook, $callback, $priority ] ) {
			remove_filter( $hook, $callback, $priority );
		}
		$this->added_filters = array();
		set_query_var( 'paged', 0 );
		Paginator::reset();
		parent::tearDown();
	}

	private function add_test_filter( string $hook, callable $callback, int $priority = 10, int $accepted_args = 1 ): void {
		add_filter( $hook, $callback, $priority, $accepted_args );
		$this->added_filters[] = array( $hook, $callback, $priority );
	}

	/** The listing block as a visitor's page shows it. */
	private function render_listing( array $attributes = array( 'perPage' => 10 ), int $paged = 0 ): string {
		set_query_var( 'paged', $paged );
		$html = do_blocks( '<!-- wp:tenderpress/listing ' . wp_json_encode( $attributes ) . ' /-->' );
		set_query_var( 'paged', 0 );
		return $html;
	}

	/**
	 * The form fields the island sends for a page, read from the listing's server markup (the
	 * nav's spec attributes and the island's props) as the browser would read them.
	 *
	 * @return array<string, string>
	 */
	private function fields_from( string $html, int $page ): array {
		$nav = ( new Html( $html ) )->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertNotNull( $nav, 'The listing has page links.' );
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $match ) );
		$props = json_decode( $match[1] );
		$this->assertIsObject( $props );
		return array(
			'sid'         => $nav->getAttribute( 'data-sid' ),
			'unid'        => $nav->getAttribute( 'data-unid' ),
			'iselementor' => $nav->getAttribute( 'data-iselementor' ),
			'isblock'     => $nav->getAttribute( 'data-isblock' ),
			'postid'      => $nav->getAttribute( 'data-postid' ),
			'page'        => (string) $page,
			'lang'        => $props->early->fields->lang,
			'ajax_nonce'  => $props->early->fields->ajax_nonce,
			'custom_data' => (string) wp_json_encode( $props->customData ),
		);
	}

	/** Fields of a real request for page 2 of the default listing. */
	private function valid_fields(): array {
		return $this->fields_from( $this->render_listing(), 2 );
	}

	/** The HTML inside `.tp-listing__items`, byte for byte as the page carries it. */
	private function items_markup( string $html ): string {
		$open = '<div class="tp-listing__items">';
		$start = strpos( $html, $open );
		$this->assertNotFalse( $start, 'The listing has an items container.' );
		$start += strlen( $open );
		$end = strpos( $html, '</div><div class="' . Paginator::LINKS_CLASS . '"><nav class="tp-pagination"', $start );
		$this->assertNotFalse( $end, 'The items are followed by the page links.' );
		return substr( $html, $start, $end - $start );
	}

	/**
	 * An answer's items: what comes before its page links, which end it (their addresses are
	 * PageLinksAnswerTest's).
	 */
	private function answer_items( string $body ): string {
		$links = strpos( $body, '<div class="' . Paginator::LINKS_CLASS . '"><nav class="tp-pagination"' );
		$this->assertNotFalse( $links, 'The answer brings its page links.' );
		$this->assertStringEndsWith( '</nav></div>', $body );
		return substr( $body, 0, $links );
	}

	/** @return list<\DOMElement> */
	private function cards( Html $dom ): array {
		return $dom->all( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']/li/article[' . Html::has_class( 'tp-notice-card' ) . ']' );
	}

	/** @return list<int> Notice ids of the cards, in order. */
	private function card_ids( string $html ): array {
		$dom = new Html( $html );
		return array_map( static fn( $card ) => url_to_postid( $dom->one( './/h2/a', $card )->getAttribute( 'href' ) ), $this->cards( $dom ) );
	}

	private function ask( array $fields ): Ajax {
		return Ajax::post( PaginationRequest::ACTION, $fields );
	}

	/** Counts the listing queries (WP_Query on notices) run from now on. */
	private function count_listing_queries(): \ArrayObject {
		$count = new \ArrayObject( array( 'queries' => 0 ) );
		$this->add_test_filter(
			'posts_pre_query',
			static function ( $posts, $query ) use ( $count ) {
				if ( 'tender' === $query->get( 'post_type' ) ) {
					++$count['queries'];
				}
				return $posts;
			},
			10,
			2
		);
		return $count;
	}

	/** What a failed request must leave untouched: stored listings, options, posts, meta. */
	private function stored_state(): array {
		global $wpdb;
		$options = $wpdb->get_results( "SELECT option_name, option_value FROM {$wpdb->options} ORDER BY option_name", ARRAY_N );
		return array(
			'tenderpress_listings' => $wpdb->get_var( "SELECT option_value FROM {$wpdb->options} WHERE option_name = 'tenderpress_listings'" ),
			'option rows'          => count( $options ),
			'option names'         => array_column( $options, 0 ),
			'options checksum'     => md5( serialize( $options ) ),
			'post rows'            => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ),
			'posts checksum'       => md5( serialize( $wpdb->get_results( "SELECT ID, post_status, post_modified_gmt FROM {$wpdb->posts} ORDER BY ID", ARRAY_N ) ) ),
			'postmeta rows'        => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta}" ),
		);
	}

	/* ------------------------------------------------------------------ 1. Same markup */

	public function test_the_answer_is_the_first_renders_items_markup_byte_for_byte(): void {
		$html = $this->render_listing( array( 'perPage' => 10 ), 3 );
		$items = $this->items_markup( $html );
		$this->assertCount( 10, $this->cards( new Html( $items ) ), 'Page 3 shows ten cards.' );
		$fields = $this->fields_from( $html, 3 );
		$this->assertSame( '3', ( new Html( $html ) )->one( '//nav' )->getAttribute( 'data-currentpage' ) );

		// A new cache version: the action renders page 3 itself instead of reading the render's copy.
		ListingCache::bump();
		$queries = $this->count_listing_queries();
		$answer = $this->ask( $fields );

		$this->assertSame( 1, $queries['queries'], 'The action rendered page 3 afresh, with one listing query (it also gives the page count).' );
		$this->assertSame( 200, $answer->status );
		$this->assertSame( $items, $this->answer_items( $answer->body ), 'Identical markup from the first render and from the action.' );
	}

	public function test_each_page_answers_its_own_notices_in_listing_order(): void {
		$html = $this->render_listing();
		$first = $this->card_ids( $this->items_markup( $html ) );
		$second = $this->card_ids( $this->ask( $this->fields_from( $html, 2 ) )->body );
		$third = $this->card_ids( $this->ask( $this->fields_from( $html, 3 ) )->body );

		$expected = get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 30,
				'fields'      => 'ids',
				'orderby'     => array(
					'date' => 'DESC',
					'ID'   => 'DESC',
				),
			)
		);
		$this->assertSame( $expected, array_merge( $first, $second, $third ), 'Pages 1–3 are the 30 newest notices, none twice.' );
	}

	/* ------------------------------------------------------------------ 2. Bad input */

	/** @return array<string, array{0: array<string, mixed>}> Changes to a valid request; null removes a field. */
	public function bad_requests(): array {
		return array(
			'page 0'                        => array( array( 'page' => '0' ) ),
			'page -1'                       => array( array( 'page' => '-1' ) ),
			'page "abc"'                    => array( array( 'page' => 'abc' ) ),
			'page 1.5'                      => array( array( 'page' => '1.5' ) ),
			'page empty'                    => array( array( 'page' => '' ) ),
			'page missing'                  => array( array( 'page' => null ) ),
			'page with a newline'           => array( array( 'page' => "2\n" ) ),
			'page far past the end'         => array( array( 'page' => '99999' ) ),
			'page with seven digits'        => array( array( 'page' => '1000000' ) ),
			'sid missing'                   => array( array( 'sid' => null ) ),
			'sid empty'                     => array( array( 'sid' => '' ) ),
			'sid unknown'                   => array( array( 'sid' => '0123456789abcdef' ) ),
			'sid with a script'             => array( array( 'sid' => '<script>alert(1)</script>' ) ),
			'custom_data not JSON'          => array( array( 'custom_data' => '{noticeType: eoi' ) ),
			'custom_data a JSON list'       => array( array( 'custom_data' => '["eoi"]' ) ),
			'custom_data JSON null'         => array( array( 'custom_data' => 'null' ) ),
			'custom_data a JSON string'     => array( array( 'custom_data' => '"eoi"' ) ),
			'custom_data key not allowed'   => array( array( 'custom_data' => '{"orderby":"rand"}' ) ),
			'custom_data value not allowed' => array( array( 'custom_data' => '{"noticeType":"auction"}' ) ),
			'custom_data value a number'    => array( array( 'custom_data' => '{"noticeType":1}' ) ),
			'custom_data value a list'      => array( array( 'custom_data' => '{"noticeType":["eoi"]}' ) ),
			'custom_data value an object'   => array( array( 'custom_data' => '{"noticeType":{"$ne":""}}' ) ),
			'custom_data status unknown'    => array( array( 'custom_data' => '{"status":"archived"}' ) ),
			'custom_data sort by random'    => array( array( 'custom_data' => '{"sort":"rand"}' ) ),
			'custom_data category unknown'  => array( array( 'custom_data' => '{"category":"no-such-category"}' ) ),
			'custom_data location a script' => array( array( 'custom_data' => '{"location":"<script>alert(1)</script>"}' ) ),
			'custom_data date not real'     => array( array( 'custom_data' => '{"deadlineFrom":"2026-02-30"}' ) ),
			'custom_data dates reversed'    => array( array( 'custom_data' => '{"deadlineFrom":"2026-12-31","deadlineTo":"2026-01-01"}' ) ),
			'custom_data value with commas' => array( array( 'custom_data' => '{"valueMin":"1,00,000"}' ) ),
			'custom_data value negative'    => array( array( 'custom_data' => '{"valueMax":"-5"}' ) ),
			'custom_data values reversed'   => array( array( 'custom_data' => '{"valueMin":"10","valueMax":"5"}' ) ),
			'custom_data buyer a script'    => array( array( 'custom_data' => '{"buyer":"<script>alert(1)</script>"}' ) ),
			'custom_data buyer too long'    => array( array( 'custom_data' => '{"buyer":"' . str_repeat( 'x', 300 ) . '"}' ) ),
			'custom_data buyer a list'      => array( array( 'custom_data' => '{"buyer":["a","b"]}' ) ),
			'custom_data search a script'   => array( array( 'custom_data' => '{"q":"<script>alert(1)</script>"}' ) ),
			'custom_data search too long'   => array( array( 'custom_data' => '{"q":"' . str_repeat( 'road ', 50 ) . '"}' ) ),
			'unid with a script'            => array( array( 'unid' => 'tp-listing-1<script>alert(1)</script>' ) ),
			'lang with a script'            => array( array( 'lang' => '<script>alert(1)</script>' ) ),
			'postid with a script'          => array( array( 'postid' => '0<script>alert(1)</script>' ) ),
			'postid negative'               => array( array( 'postid' => '-5' ) ),
			'iselementor with a script'     => array( array( 'iselementor' => '<script>alert(1)</script>' ) ),
			'isblock with a script'         => array( array( 'isblock' => '1<script>alert(1)</script>' ) ),
			'isblock 2'                     => array( array( 'isblock' => '2' ) ),
			'ajax_nonce with a script'      => array( array( 'ajax_nonce' => '<script>' ) ),
			'page sent as an array'         => array( array( 'page' => array( '1' ) ) ),
			'sid sent as an array'          => array( array( 'sid' => array( 'x' => 'y' ) ) ),
			'custom_data sent as an array'  => array( array( 'custom_data' => array( 'noticeType' => 'eoi' ) ) ),
			'custom_data over 2000 chars'   => array( array( 'custom_data' => '{"noticeType":"eoi"}' . str_repeat( ' ', 2000 ) ) ),
			'lang over 2000 chars'          => array( array( 'lang' => str_repeat( 'a', 2001 ) ) ),
		);
	}

	/** @param array<string, mixed> $change */
	private static function apply_change( array $fields, array $change ): array {
		foreach ( $change as $name => $value ) {
			if ( null === $value ) {
				unset( $fields[ $name ] );
			} else {
				$fields[ $name ] = $value;
			}
		}
		return $fields;
	}

	/**
	 * @dataProvider bad_requests
	 * @param array<string, mixed> $change
	 */
	public function test_bad_input_gets_a_short_translated_message_and_changes_nothing( array $change ): void {
		$fields = self::apply_change( $this->valid_fields(), $change );
		// A translation that marks every string of the plugin, to see the message is translated.
		$this->add_test_filter( 'gettext_tenderpress', static fn( $translation ) => '«' . $translation . '»' );
		$before = $this->stored_state();
		$log = DebugLog::open_proven();

		$answer = $this->ask( $fields );

		$json = $answer->json();
		$this->assertIsArray( $json, 'The answer is JSON: ' . substr( $answer->body, 0, 200 ) );
		$this->assertSame( array( 'success', 'data' ), array_keys( $json ) );
		$this->assertFalse( $json['success'] );
		$message = $json['data']['message'] ?? null;
		$this->assertIsString( $message );
		$this->assertMatchesRegularExpression( '/^«[^«»<>]{5,60}»$/u', $message, 'A short message, translated, with no markup.' );
		$this->assertStringNotContainsString( '<script', $answer->body, 'The input is not echoed.' );
		$this->assertStringNotContainsString( 'tp-notice-card', $answer->body );
		$after = $this->stored_state();
		$this->assertSame( array(), array_values( array_diff( $after['option names'], $before['option names'] ) ), 'A failed request adds no option (nor transient).' );
		$this->assertSame( $before, $after, 'A failed request changes nothing.' );
		$this->assertSame( '', $log->written_since_opened(), 'Nothing was written to the PHP log.' );

		if ( count( array_filter( $fields, 'is_string' ) ) === count( $fields ) && strlen( implode( '', $fields ) ) < 2000 ) {
			$error = ( new PaginationRequest() )->answer( $fields );
			$this->assertInstanceOf( \WP_Error::class, $error );
			$this->assertSame( 400, $error->get_error_data()['status'] );
			$this->assertSame( $message, $error->get_error_message(), 'The action answers what answer() says.' );
		}
	}

	/**
	 * Over HTTP (in a process of its own, where headers are not yet sent): status 400 for each bad
	 * request, 200 for a good one.
	 *
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_over_http_bad_input_answers_400_and_a_good_request_200(): void {
		$this->assertFalse( headers_sent(), 'This test runs where the status line can still be sent.' );
		$valid = $this->valid_fields();

		$good = $this->ask( $valid );
		$this->assertSame( 200, $good->status );
		$this->assertStringContainsString( 'tp-notice-card', $good->body );

		foreach ( $this->bad_requests() as $name => [ $change ] ) {
			$answer = $this->ask( self::apply_change( $valid, $change ) );
			$this->assertSame( 400, $answer->status, $name );
			$this->assertFalse( $answer->json()['success'] ?? null, $name );
		}
	}

	public function test_the_action_is_open_to_visitors_and_signed_in_users(): void {
		$this->assertNotFalse( has_action( 'wp_ajax_nopriv_pagination_request' ) );
		$this->assertNotFalse( has_action( 'wp_ajax_pagination_request' ) );
	}

	/* ------------------------------------------------------------------ 3. The end */

	public function test_the_last_page_answers_items_and_just_past_it_the_no_post_marker(): void {
		$html = $this->render_listing();
		$total = (int) ceil( $this->count_published_notices() / 10 );
		$this->assertSame( (string) $total, ( new Html( $html ) )->one( '//nav' )->getAttribute( 'data-totalpages' ) );

		$last = $this->ask( $this->fields_from( $html, $total ) );
		$this->assertSame( 200, $last->status );
		$expected_cards = $this->count_published_notices() - 10 * ( $total - 1 );
		$this->assertCount( $expected_cards, $this->cards( new Html( $last->body ) ) );
		$this->assertSame( $this->items_markup( $this->render_listing( array( 'perPage' => 10 ), $total ) ), $this->answer_items( $last->body ) );

		$past = $this->ask( $this->fields_from( $html, $total + 1 ) );
		$this->assertSame( 200, $past->status );
		$this->assertSame( ListingPage::NO_POSTS_MARKER, $past->body );
		$this->assertSame( '<!-- tenderpress:no-posts -->', $past->body );

		$slack = $this->ask( $this->fields_from( $html, $total + 10 ) );
		$this->assertSame( 200, $slack->status );
		$this->assertSame( ListingPage::NO_POSTS_MARKER, $slack->body );

		$beyond = $this->ask( $this->fields_from( $html, $total + 11 ) );
		$this->assertFalse( $beyond->json()['success'] ?? null, 'More than 10 pages past the end is a bad request.' );
	}

	/* ------------------------------------------------------------------ 4. Filters */

	public function test_custom_data_eoi_answers_only_eoi_cards(): void {
		$html = $this->render_listing();
		foreach ( array( 1, 2 ) as $page ) {
			$fields = array( 'custom_data' => '{"noticeType":"eoi"}' ) + $this->fields_from( $html, $page );
			$answer = $this->ask( $fields );
			$this->assertSame( 200, $answer->status );
			$dom = new Html( $answer->body );
			$cards = $this->cards( $dom );
			$this->assertCount( 10, $cards );
			foreach ( $cards as $card ) {
				$this->assertStringContainsString( 'tp-notice-card--eoi', $card->getAttribute( 'class' ) );
				$this->assertSame( 'EOI', $dom->text( './/span[' . Html::has_class( 'tp-badge' ) . ']', $card ) );
			}
			foreach ( $this->card_ids( $answer->body ) as $id ) {
				$this->assertSame( 'eoi', get_post_meta( $id, 'tp_notice_type', true ) );
			}
			$this->assertSame(
				$this->items_markup( $this->render_listing( array( 'perPage' => 10, 'noticeType' => 'eoi' ), $page ) ),
				$this->answer_items( $answer->body ),
				'The same cards as an EOI listing shows on that page.'
			);
		}

		// The filtered listing has its own end.
		$eoi_pages = (int) ceil( $this->count_published_notices( 'eoi' ) / 10 );
		$past = $this->ask( array( 'custom_data' => '{"noticeType":"eoi"}' ) + $this->fields_from( $html, $eoi_pages + 1 ) );
		$this->assertSame( ListingPage::NO_POSTS_MARKER, $past->body );

		$empty_filter = $this->ask( array( 'custom_data' => '{"noticeType":""}' ) + $this->fields_from( $html, 1 ) );
		$this->assertSame( $this->items_markup( $html ), $this->answer_items( $empty_filter->body ), 'An empty filter value lists every notice.' );
	}

	/* ------------------------------------------------------------------ 5. Nonce */

	/** @return array<string, array{0: string}> */
	public function audiences(): array {
		return array(
			'visitor'    => array( '' ),
			'subscriber' => array( 'subscriber' ),
		);
	}

	/** @dataProvider audiences */
	public function test_the_nonce_is_never_required( string $role ): void {
		if ( '' !== $role ) {
			$this->log_in_as( $role );
		}
		$fields = $this->valid_fields();
		$expected = $this->ask( array( 'ajax_nonce' => '' ) + $fields )->body;
		$this->assertCount( 10, $this->cards( new Html( $expected ) ) );

		$nonces = array(
			'none'    => '',
			'stale'   => 'deadbeef00',
			'foreign' => wp_create_nonce( 'some_other_action' ),
			'fresh'   => wp_create_nonce( 'tenderpress_pagination' ),
		);
		$this->assertSame( $nonces['fresh'], $fields['ajax_nonce'], 'The page carries a fresh nonce for this user.' );
		foreach ( $nonces as $kind => $nonce ) {
			$answer = $this->ask( array( 'ajax_nonce' => $nonce ) + $fields );
			$this->assertSame( 200, $answer->status, $kind );
			$this->assertSame( $expected, $answer->body, "The page is answered with a {$kind} nonce." );
		}
		$this->assertSame( 'none', PaginationRequest::token_state( $nonces['none'] ) );
		$this->assertSame( 'stale', PaginationRequest::token_state( $nonces['stale'] ) );
		$this->assertSame( 'stale', PaginationRequest::token_state( $nonces['foreign'] ) );
		$this->assertSame( 'fresh', PaginationRequest::token_state( $nonces['fresh'] ) );
	}

	public function test_a_nonce_from_a_cached_visitor_page_still_works_for_a_signed_in_user(): void {
		$fields = $this->valid_fields(); // Carries the visitor's nonce.
		$this->log_in_as( 'subscriber' );
		$this->assertSame( 'stale', PaginationRequest::token_state( $fields['ajax_nonce'] ) );
		$answer = $this->ask( $fields );
		$this->assertSame( 200, $answer->status );
		$this->assertCount( 10, $this->cards( new Html( $answer->body ) ) );
	}

	/* ------------------------------------------------------------------ 6. Cache */

	public function test_answering_a_page_twice_runs_the_listing_query_once(): void {
		global $wpdb;
		$fields = $this->valid_fields();
		$queries = $this->count_listing_queries();

		$first = $this->ask( $fields );
		$this->assertSame( 1, $queries['queries'] );

		$sql_before = $wpdb->num_queries;
		$second = $this->ask( $fields );
		$this->assertSame( 1, $queries['queries'], 'The second answer comes from the cache.' );
		$this->assertSame( $first->body, $second->body );
		$this->assertLessThanOrEqual( 2, $wpdb->num_queries - $sql_before, 'A cached page costs at most a couple of option reads.' );
	}

	public function test_publishing_a_notice_puts_it_first_on_page_one(): void {
		$html = $this->render_listing();
		$fields = $this->fields_from( $html, 1 );
		$before = $this->card_ids( $this->ask( $fields )->body );

		$id = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_buyer'       => 'Kochi Metro Rail',
			),
			array( 'post_date' => current_time( 'mysql' ) )
		);

		$after = $this->card_ids( $this->ask( $fields )->body );
		$this->assertSame( $id, $after[0], 'Page 1 now starts with the new notice.' );
		$this->assertSame( array_slice( $before, 0, 9 ), array_slice( $after, 1 ) );
		$this->assertSame( end( $before ), $this->card_ids( $this->ask( array( 'page' => '2' ) + $fields )->body )[0], 'The rest moved down by one.' );
	}

	public function test_changing_a_notices_buyer_shows_on_the_cached_page(): void {
		$fields = array( 'page' => '1' ) + $this->valid_fields();
		$id = $this->card_ids( $this->ask( $fields )->body )[2];

		update_post_meta( $id, 'tp_buyer', 'Renamed Municipal Board' );

		$dom = new Html( $this->ask( $fields )->body );
		$card = $this->cards( $dom )[2];
		$this->assertSame( 'Renamed Municipal Board', $dom->text( './/dl/div[dt="Buyer"]/dd', $card ) );
	}

	public function test_trashing_a_notice_takes_it_off_the_cached_page(): void {
		$fields = array( 'page' => '1' ) + $this->valid_fields();
		$ids = $this->card_ids( $this->ask( $fields )->body );

		$this->assertNotFalse( wp_trash_post( $ids[0] ) );

		$after = $this->card_ids( $this->ask( $fields )->body );
		$this->assertNotContains( $ids[0], $after );
		$this->assertSame( array_slice( $ids, 1 ), array_slice( $after, 0, 9 ) );
	}

	public function test_deleting_a_notice_takes_it_off_the_cached_page(): void {
		$fields = array( 'page' => '1' ) + $this->valid_fields();
		$ids = $this->card_ids( $this->ask( $fields )->body );

		$this->assertNotEmpty( wp_delete_post( $ids[4], true ) );

		$after = $this->card_ids( $this->ask( $fields )->body );
		$this->assertNotContains( $ids[4], $after );
		$this->assertCount( 10, $after );
	}

	public function test_changing_a_notices_location_shows_on_the_cached_page(): void {
		$fields = array( 'page' => '1' ) + $this->valid_fields();
		$id = $this->card_ids( $this->ask( $fields )->body )[1];
		$current = wp_list_pluck( get_the_terms( $id, 'tender_location' ) ?: array(), 'name' );
		$new = in_array( 'Delhi', $current, true ) ? 'Kerala' : 'Delhi';
		$term = get_term_by( 'name', $new, 'tender_location' );
		$this->assertInstanceOf( \WP_Term::class, $term );

		wp_set_object_terms( $id, array( $term->term_id ), 'tender_location' );

		$dom = new Html( $this->ask( $fields )->body );
		$this->assertSame( $new, $dom->text( './/dl/div[dt="Location"]/dd', $this->cards( $dom )[1] ) );
	}
}
