<?php
namespace TenderPress\Tests;

use DOMElement;
use TenderPress\Ajax\PaginationRequest;
use TenderPress\Blocks\BlockRegistry;
use TenderPress\Islands\Paginator;
use TenderPress\Islands\QuickView;
use TenderPress\Listings\CardTemplate;
use TenderPress\Listings\ListingCache;
use TenderPress\Settings\Settings;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The notice card's template as a site owner and a visitor meet it: the site's one list of parts
 * (type and status, title, buyer, reference, deadline, value, location) in the order every listing card
 * shows them, on the first render of a listing and on pages loaded in place, re-rendered at once
 * when it changes (the listing cache is bumped); the REST route that reads it for editors and
 * saves it for those who can edit the theme's options only, refusing a bad template with a short
 * 400 and storing nothing; a stored template it cannot read falling back to the default; the
 * editor's data; and the card-part block, which only exists in the editor.
 */
final class CardTemplateTest extends TestCase {

	private const ROUTE = '/tenderpress/v1/card-template';

	/** What the route says to a signed-in user who may not change the template. */
	private const FORBIDDEN = 'Only users who can edit the theme\'s options may change the card template.';

	/** A template of the site's: the title first, then the badges, deadline and location. */
	private const CUSTOM = array( 'title', 'badges', 'deadline', 'location' );

	/** The notice the tests put first on the listing: every fact a card can show. */
	private const BUYER     = 'Public Works Department';
	private const REFERENCE = 'PWD/RB/2029/0042';
	private const DEADLINE  = '2030-01-15 14:30';
	private const LOCATION  = 'Pune';
	private const PUBLISHED = '2029-12-01';

	/** The default card's markup, part by part (see shape()). */
	private const DEFAULT_SHAPE = array( 'badges', 'quick view', 'title', 'facts: Deadline, Estimated value, Buyer, Location, Published, Reference' );

	/** @var array<string> The styles enqueued before the test. */
	private $queued_styles = array();

	/** @var array<string> The scripts enqueued before the test. */
	private $queued_scripts = array();

	/** @var mixed The editor script's inline scripts before the test. */
	private $editor_before = false;

	protected function setUp(): void {
		parent::setUp();
		$this->queued_styles  = wp_styles()->queue;
		$this->queued_scripts = wp_scripts()->queue;
		$this->editor_before  = wp_scripts()->get_data( BlockRegistry::EDITOR_SCRIPT, 'before' );
		Paginator::reset();
	}

	protected function tearDown(): void {
		Paginator::reset();
		wp_styles()->queue  = $this->queued_styles;
		wp_scripts()->queue = $this->queued_scripts;
		if ( isset( wp_scripts()->registered[ BlockRegistry::EDITOR_SCRIPT ] ) ) {
			if ( false === $this->editor_before ) {
				unset( wp_scripts()->registered[ BlockRegistry::EDITOR_SCRIPT ]->extra['before'] );
			} else {
				wp_scripts()->add_data( BlockRegistry::EDITOR_SCRIPT, 'before', $this->editor_before );
			}
		}
		set_query_var( 'paged', 0 );
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
	}

	/** The newest published notice, with every fact a card shows: it comes first on a listing. */
	private function notice( string $title = 'Resurfacing of the ring road' ): int {
		$id   = $this->make_notice(
			array(
				'tp_notice_type' => 'tender',
				'tp_buyer'       => self::BUYER,
				'tp_reference'   => self::REFERENCE,
				'tp_deadline'       => self::DEADLINE,
				'tp_published_date' => self::PUBLISHED,
			),
			array( 'post_title' => $title )
		);
		$city = get_term_by( 'name', self::LOCATION, 'tender_location' );
		$this->assertInstanceOf( \WP_Term::class, $city, 'The seeded site has the city.' );
		$this->assertIsArray( wp_set_object_terms( $id, array( $city->term_id ), 'tender_location' ) );
		return $id;
	}

	/** The listing block, as a page's content renders it. */
	private function listing_block(): string {
		return do_blocks( '<!-- wp:tenderpress/listing /-->' );
	}

	/** A POST to the route with a raw JSON body. */
	private function post_body( string $body ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( $body );
		return rest_get_server()->dispatch( $request );
	}

	/**
	 * Saves a template as the editor's "Save & Back" does; it must be taken.
	 *
	 * @param list<string> $parts The parts, in order.
	 */
	private function save( array $parts ): void {
		$response = $this->rest( 'POST', self::ROUTE, array( 'parts' => $parts ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 'parts' => $parts ), $response->get_data() );
	}

	/** @return list<DOMElement> The listing's cards. */
	private function cards( Html $dom ): array {
		return $dom->all( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']/li/article[' . Html::has_class( 'tp-notice-card' ) . ']' );
	}

	/** The card of one notice, found by its title's link. */
	private function card_of( Html $dom, int $id ): DOMElement {
		$card = $dom->one( '//article[' . Html::has_class( 'tp-notice-card' ) . '][./*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a[@href="' . get_permalink( $id ) . '"]]' );
		$this->assertNotNull( $card, 'The notice has its card.' );
		return $card;
	}

	/** The notice a card shows, from its title's link. */
	private function id_of( Html $dom, DOMElement $card ): int {
		$link = $dom->one( './*[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $card );
		$this->assertNotNull( $link, 'The card has its title.' );
		$id = url_to_postid( $link->getAttribute( 'href' ) );
		$this->assertGreaterThan( 0, $id );
		return $id;
	}

	/**
	 * A card's children in order, each named by what it is: "badges", "title", "facts: <labels>"
	 * for a list of facts, "quick view" for the control; anything else by its tag and class.
	 *
	 * @return list<string>
	 */
	private function shape( Html $dom, DOMElement $card ): array {
		$shape = array();
		foreach ( $dom->all( './*', $card ) as $child ) {
			$tag   = $child->tagName; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			$class = $child->getAttribute( 'class' );
			if ( 'p' === $tag && 'tp-notice-card__badges' === $class ) {
				$shape[] = 'badges';
				// The quick view sits at the end of the badges' line when the card has them.
				if ( $dom->one( './a[' . Html::has_class( QuickView::CONTROL ) . ']', $child ) ) {
					$shape[] = 'quick view';
				}
			} elseif ( preg_match( '/^h[2-6]$/D', $tag ) && 'tp-notice-card__title' === $class ) {
				$shape[] = 'title';
			} elseif ( 'dl' === $tag && 'tp-notice-card__facts' === $class ) {
				$rows = $dom->all( './*', $child );
				$this->assertSame( $rows, $dom->all( './div[' . Html::has_class( 'tp-notice-card__fact' ) . '][count(dt) = 1][count(dd) = 1]', $child ), 'A list of facts holds rows of one term and one value.' );
				$shape[] = 'facts: ' . implode( ', ', array_map( static fn( DOMElement $row ): string => trim( $row->getElementsByTagName( 'dt' )->item( 0 )->textContent ), $rows ) ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
			} elseif ( 'p' === $tag && 'tp-notice-card__more' === $class ) {
				$shape[] = 'quick view';
			} else {
				$shape[] = $tag . '.' . $class;
			}
		}
		return $shape;
	}

	/**
	 * What a card shows: its shape, badges, title and facts (term => value).
	 *
	 * @return array{shape: list<string>, badges: string, title: string, facts: array<string, string>}
	 */
	private function card_record( Html $dom, DOMElement $card ): array {
		$facts = array();
		foreach ( $dom->all( './dl/div', $card ) as $row ) {
			$facts[ $dom->text( './dt', $row ) ] = $dom->text( './dd', $row );
		}
		return array(
			'shape'  => $this->shape( $dom, $card ),
			'badges' => $dom->text( './p[' . Html::has_class( 'tp-notice-card__badges' ) . ']', $card ),
			'title'  => $dom->text( './*[' . Html::has_class( 'tp-notice-card__title' ) . ']', $card ),
			'facts'  => $facts,
		);
	}

	/**
	 * The cards of a page's markup by notice id.
	 *
	 * @return array<int, array{shape: list<string>, badges: string, title: string, facts: array<string, string>}>
	 */
	private function records( string $html ): array {
		$dom     = new Html( $html );
		$records = array();
		foreach ( $this->cards( $dom ) as $card ) {
			$records[ $this->id_of( $dom, $card ) ] = $this->card_record( $dom, $card );
		}
		$this->assertNotSame( array(), $records, 'The page shows cards.' );
		return $records;
	}

	/** Page 2 of a listing, loaded in place as the paginator island asks for it. */
	private function page_two( string $listing_html ): string {
		$nav = ( new Html( $listing_html ) )->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertNotNull( $nav, 'The listing has page links.' );
		$answer = Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $nav->getAttribute( 'data-sid' ) ) );
		$this->assertSame( 200, $answer->status, substr( $answer->body, 0, 200 ) );
		return $answer->body;
	}

	/** Counts the listing queries (WP_Query on notices) a callback runs. */
	private function listing_queries( callable $render ): int {
		$queries = 0;
		$count   = static function ( $posts, $query ) use ( &$queries ) {
			if ( 'tender' === $query->get( 'post_type' ) ) {
				++$queries;
			}
			return $posts;
		};
		add_filter( 'posts_pre_query', $count, 10, 2 );
		try {
			$render();
		} finally {
			remove_filter( 'posts_pre_query', $count, 10 );
		}
		return $queries;
	}

	/** @return array<string, mixed> What a refused save must leave as it was. */
	private function stored_state(): array {
		global $wpdb;
		$options = $wpdb->get_results( "SELECT option_name, option_value FROM {$wpdb->options} ORDER BY option_name", ARRAY_N );
		return array(
			'template row'     => $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", CardTemplate::OPTION ) ),
			'option'           => get_option( CardTemplate::OPTION ),
			'option rows'      => count( $options ),
			'options checksum' => md5( serialize( $options ) ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- a checksum of the rows.
			'listing cache'    => wp_cache_get_last_changed( ListingCache::GROUP ),
		);
	}

	/** The card template the editor script gets, decoded; exactly one. */
	private function editor_data(): array {
		$before  = (array) wp_scripts()->get_data( BlockRegistry::EDITOR_SCRIPT, 'before' );
		$matches = array();
		foreach ( $before as $script ) {
			if ( preg_match( '/^window\.tenderpressCardTemplate = (\{.*\});$/Ds', (string) $script, $match ) ) {
				$matches[] = $match[1];
			}
		}
		$this->assertCount( 1, $matches, 'The card template\'s data comes once before the editor script.' );
		$data = json_decode( $matches[0], true );
		$this->assertIsArray( $data );
		return $data;
	}

	/** A new site: every part, in the order of CardTemplate::PARTS, the facts in one list. */
	public function test_without_a_template_every_part_shows_in_the_default_order(): void {
		$this->assertSame( array(), get_option( CardTemplate::OPTION ), 'A new site keeps the default as an empty template.' );
		$this->assertAutoloaded( CardTemplate::OPTION );
		$this->assertSame( CardTemplate::PARTS, CardTemplate::parts() );
		$this->assertSame( array( 'badges', 'title', 'deadline', 'value', 'buyer', 'location', 'published', 'reference' ), CardTemplate::PARTS, 'What a bidder decides on first, the reference last.' );

		$id   = $this->notice();
		$dom  = new Html( $this->listing_block() );
		$card = $this->card_of( $dom, $id );
		$this->assertSame( self::DEFAULT_SHAPE, $this->shape( $dom, $card ) );
		$this->assertSame( $card, $this->cards( $dom )[0], 'The newest notice first.' );
		$this->assertNotNull( $dom->one( './h2[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $card ), 'A heading that links to the notice.' );
		$record = $this->card_record( $dom, $card );
		$this->assertSame( 'Resurfacing of the ring road', $record['title'] );
		$this->assertSame( array( 'Deadline', 'Estimated value', 'Buyer', 'Location', 'Published', 'Reference' ), array_keys( $record['facts'] ) );
		$this->assertSame( self::BUYER, $record['facts']['Buyer'] );
		$this->assertSame( self::REFERENCE, $record['facts']['Reference'] );
		$this->assertSame( self::LOCATION . ', Maharashtra', $record['facts']['Location'], 'The city, then its state.' );
		$this->assertSame( wp_date( (string) get_option( 'date_format' ), (int) strtotime( self::PUBLISHED . ' 12:00' ) ), $record['facts']['Published'], 'In the site\'s date format.' );
		$this->assertSame( 'Value not published', $record['facts']['Estimated value'], 'Said, when the buyer gives none.' );
		$this->assertStringContainsString( 'Open', $record['badges'] );
		$this->assertCount( 1, $dom->all( './dl', $card ), 'One list of facts.' );

		$this->log_in_as( 'editor' );
		$response = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'parts' => CardTemplate::PARTS ), $response->get_data() );
	}

	/**
	 * A template saved by an administrator: the listing rendered and cached before it, its page 2
	 * loaded in place and the shortcode's listing all show the new card.
	 */
	public function test_a_saved_template_changes_every_card_on_first_render_cached_pages_and_pages_loaded_in_place(): void {
		$id = $this->notice();

		// Before: rendered, then served from the listing's cache, page 1 and page 2.
		$first = '';
		$this->assertGreaterThan(
			0,
			$this->listing_queries(
				function () use ( &$first ): void {
					$first = $this->listing_block();
				}
			),
			'The first render reads the notices.'
		);
		$dom = new Html( $first );
		$this->assertSame( self::DEFAULT_SHAPE, $this->shape( $dom, $this->card_of( $dom, $id ) ) );
		$this->assertSame( 0, $this->listing_queries( fn() => $this->listing_block() ), 'The second comes from the listing\'s cache.' );
		$page_two_before = $this->records( $this->page_two( $first ) );
		$this->assertSame( 0, $this->listing_queries( fn() => $this->page_two( $first ) ), 'Page 2, cached in turn.' );
		foreach ( $page_two_before as $record ) {
			$this->assertSame( array( 'badges', 'quick view', 'title' ), array_slice( $record['shape'], 0, 3 ) );
		}
		$generation = wp_cache_get_last_changed( ListingCache::GROUP );

		// The administrator saves a template.
		$this->log_in_as( 'administrator' );
		$response = $this->rest( 'POST', self::ROUTE, array( 'parts' => self::CUSTOM ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 'parts' => self::CUSTOM ), $response->get_data() );
		$this->assertSame( self::CUSTOM, get_option( CardTemplate::OPTION ), 'Stored as sent.' );
		$this->assertSame( self::CUSTOM, CardTemplate::parts() );
		$this->assertSame( array( 'parts' => self::CUSTOM ), $this->rest( 'GET', self::ROUTE )->get_data(), 'And read back.' );
		$this->assertNotSame( $generation, wp_cache_get_last_changed( ListingCache::GROUP ), 'The listing cache is bumped.' );
		wp_set_current_user( 0 );

		// The listing rendered and cached before is rendered again, in the new order.
		$html = '';
		$this->assertGreaterThan(
			0,
			$this->listing_queries(
				function () use ( &$html ): void {
					$html = $this->listing_block();
				}
			),
			'Not served from the cache of before.'
		);
		$dom  = new Html( $html );
		$card = $this->card_of( $dom, $id );
		$this->assertSame( array( 'title', 'badges', 'quick view', 'facts: Deadline, Location' ), $this->shape( $dom, $card ) );
		$this->assertNotNull( $dom->one( './*[1][self::h2][' . Html::has_class( 'tp-notice-card__title' ) . ']/a[@href="' . get_permalink( $id ) . '"]', $card ), 'The title\'s heading first.' );
		$this->assertSame( self::LOCATION . ', Maharashtra', $this->card_record( $dom, $card )['facts']['Location'], 'The city, then its state.' );
		$this->assertStringNotContainsString( self::BUYER, $card->textContent, 'No buyer anywhere in the card.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertStringNotContainsString( self::REFERENCE, $card->textContent, 'Nor the reference.' ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertSame( array(), $dom->all( '//article//dt[normalize-space() = "Buyer" or normalize-space() = "Reference"]' ), 'No card shows them.' );
		foreach ( $this->cards( $dom ) as $each ) {
			$shape = $this->shape( $dom, $each );
			$this->assertSame( array( 'title', 'badges' ), array_slice( $shape, 0, 2 ), 'Every card, in the new order.' );
			$this->assertSame( 'quick view', $shape[2], 'The quick view stays on the badges\' line.' );
		}

		// Page 2, loaded in place: the same cards as before, in the new order, without the buyer and reference.
		$page_two_after = $this->records( $this->page_two( $first ) );
		$this->assertSame( array_keys( $page_two_before ), array_keys( $page_two_after ), 'The same notices.' );
		foreach ( $page_two_before as $notice => $before ) {
			$facts = array_intersect_key( $before['facts'], array_flip( array( 'Deadline', 'Location' ) ) );
			$shape = array_merge( array( 'title', 'badges', 'quick view' ), $facts ? array( 'facts: ' . implode( ', ', array_keys( $facts ) ) ) : array() );
			$this->assertSame(
				array(
					'shape'  => $shape,
					'badges' => $before['badges'],
					'title'  => $before['title'],
					'facts'  => $facts,
				),
				$page_two_after[ $notice ],
				'Notice ' . $notice . ' on page 2.'
			);
		}

		// The shortcode's listing too.
		$shortcode = new Html( do_shortcode( '[tenderpress_listing]' ) );
		$this->assertSame( array( 'title', 'badges', 'quick view', 'facts: Deadline, Location' ), $this->shape( $shortcode, $this->card_of( $shortcode, $id ) ) );
	}

	/** Facts the template keeps apart are two lists, each where the template puts it. */
	public function test_facts_apart_in_the_template_are_two_lists_around_the_title(): void {
		$id = $this->notice();
		$this->log_in_as( 'administrator' );
		$this->save( array( 'badges', 'buyer', 'title', 'deadline' ) );
		wp_set_current_user( 0 );

		$dom  = new Html( $this->listing_block() );
		$card = $this->card_of( $dom, $id );
		$this->assertSame( array( 'badges', 'quick view', 'facts: Buyer', 'title', 'facts: Deadline' ), $this->shape( $dom, $card ) );
		$this->assertSame( self::BUYER, $dom->text( './dl[1]/div/dd', $card ), 'The buyer before the title.' );
		$this->assertNotNull( $dom->one( './dl[2]/div/dd/time', $card ), 'The deadline after it.' );
		$this->assertStringNotContainsString( self::REFERENCE, $card->textContent ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.
		$this->assertStringNotContainsString( 'Location', $card->textContent ); // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property.

		// The same, loaded in place.
		foreach ( $this->records( $this->page_two( $this->listing_block() ) ) as $notice => $record ) {
			$this->assertSame( 'badges', $record['shape'][0], 'Notice ' . $notice );
			$this->assertContains( 'title', $record['shape'], 'Notice ' . $notice );
			$this->assertSame( array(), array_diff( array_keys( $record['facts'] ), array( 'Buyer', 'Deadline' ) ), 'Notice ' . $notice );
		}
	}

	public function test_facts_next_to_each_other_share_one_list_when_one_between_them_is_missing(): void {
		// A notice without a buyer: in the default template, its value and location are still
		// next to each other, one list, as before there were templates.
		$id = $this->notice();
		delete_post_meta( $id, 'tp_buyer' );
		$dom = new Html( $this->listing_block() );
		$this->assertSame( array( 'badges', 'quick view', 'title', 'facts: Deadline, Estimated value, Location, Published, Reference' ), $this->shape( $dom, $this->card_of( $dom, $id ) ) );
		update_post_meta( $id, 'tp_buyer', self::BUYER );
		delete_post_meta( $id, 'tp_reference' );

		// And in a template of the site's.
		$this->log_in_as( 'administrator' );
		$this->save( array( 'title', 'buyer', 'reference', 'deadline', 'badges' ) );
		wp_set_current_user( 0 );
		$dom = new Html( $this->listing_block() );
		$this->assertSame( array( 'title', 'facts: Buyer, Deadline', 'badges', 'quick view' ), $this->shape( $dom, $this->card_of( $dom, $id ) ), 'The quick view on the badges\' line, last here.' );
	}

	/** A place as people write it: the city, then its state; a state that holds a city is not said again. */
	public function test_the_location_is_the_city_then_its_state_each_place_once(): void {
		$id    = $this->notice();
		$state = get_term_by( 'name', 'Maharashtra', 'tender_location' );
		$other = get_term_by( 'name', 'Karnataka', 'tender_location' );
		$this->assertInstanceOf( \WP_Term::class, $state );
		$this->assertInstanceOf( \WP_Term::class, $other );
		$city = get_term_by( 'name', self::LOCATION, 'tender_location' );
		wp_set_object_terms( $id, array( $state->term_id, $city->term_id, $other->term_id ), 'tender_location' );
		$dom = new Html( $this->listing_block() );
		$this->assertSame( 'Karnataka; Pune, Maharashtra', $this->card_record( $dom, $this->card_of( $dom, $id ) )['facts']['Location'] );
	}

	/** Without the badges in the template, the quick view closes the card, on a line of its own. */
	public function test_a_template_without_the_badges_ends_with_the_quick_view(): void {
		$id = $this->notice();
		$this->log_in_as( 'administrator' );
		$this->save( array( 'title', 'deadline' ) );
		wp_set_current_user( 0 );
		$dom  = new Html( $this->listing_block() );
		$card = $this->card_of( $dom, $id );
		$this->assertSame( array( 'title', 'facts: Deadline', 'quick view' ), $this->shape( $dom, $card ) );
		$this->assertNotNull( $dom->one( './p[' . Html::has_class( 'tp-notice-card__more' ) . ']/a[' . Html::has_class( QuickView::CONTROL ) . ']', $card ) );
	}

	/**
	 * The default saved: kept as the empty template, autoloaded (a listing then reads it without a
	 * query of its own), and cards are as on a new site.
	 */
	public function test_saving_the_default_keeps_the_empty_template_and_cards_are_as_default(): void {
		global $wpdb;
		$id = $this->notice();
		$this->log_in_as( 'administrator' );

		// Saved on a site whose option is gone (deleted by hand): the empty template is kept.
		delete_option( CardTemplate::OPTION );
		$this->save( CardTemplate::PARTS );
		$this->assertSame( array(), get_option( CardTemplate::OPTION ) );

		// A template, then the default again.
		$this->save( self::CUSTOM );
		$this->assertSame( self::CUSTOM, get_option( CardTemplate::OPTION ) );
		$dom = new Html( $this->listing_block() );
		$this->assertSame( array( 'title', 'badges', 'quick view', 'facts: Deadline, Location' ), $this->shape( $dom, $this->card_of( $dom, $id ) ), 'Rendered and cached with the template.' );

		$this->save( CardTemplate::PARTS );
		$this->assertSame( array(), get_option( CardTemplate::OPTION ), 'The empty template stands for the default.' );
		$this->assertAutoloaded( CardTemplate::OPTION, 'A listing reads it with the other options.' );
		$this->assertSame( CardTemplate::PARTS, CardTemplate::parts() );
		$this->assertSame( array( 'parts' => CardTemplate::PARTS ), $this->rest( 'GET', self::ROUTE )->get_data() );

		$dom = new Html( $this->listing_block() );
		$this->assertSame( self::DEFAULT_SHAPE, $this->shape( $dom, $this->card_of( $dom, $id ) ), 'The cached page with the template is not served.' );
	}

	/** @return array<string, array{0: string, 1: int}> Who asks (a role, or '' for a visitor) and the status they get. */
	public function refused_savers(): array {
		return array(
			'an editor'    => array( 'editor', 403 ),
			'an author'    => array( 'author', 403 ),
			'a subscriber' => array( 'subscriber', 403 ),
			'a visitor'    => array( '', 401 ),
		);
	}

	/**
	 * @dataProvider refused_savers
	 * @param string $role   The user's role, '' for a visitor.
	 * @param int    $status The answer's status.
	 */
	public function test_only_those_who_can_edit_the_themes_options_may_save( string $role, int $status ): void {
		foreach ( array( 'with no template', 'with a template' ) as $case ) {
			wp_set_current_user( 0 );
			if ( 'with a template' === $case ) {
				$this->log_in_as( 'administrator' );
				$this->save( self::CUSTOM );
				wp_set_current_user( 0 );
			}
			if ( '' !== $role ) {
				$this->log_in_as( $role );
				$this->assertFalse( current_user_can( CardTemplate::CAPABILITY ), $role );
			}
			if ( 'editor' === $role ) {
				$this->assertTrue( current_user_can( 'edit_posts' ), 'An editor may edit posts, and read the template.' );
			}
			$before = $this->stored_state();
			foreach ( array( array( 'badges', 'title' ), CardTemplate::PARTS ) as $parts ) {
				$response = $this->rest( 'POST', self::ROUTE, array( 'parts' => $parts ) );
				$this->assertSame( $status, $response->get_status(), $case . ': ' . wp_json_encode( $response->get_data() ) );
				$error = $response->get_data();
				$this->assertSame( 'rest_forbidden', $error['code'] ?? null, $case );
				$this->assertSame( self::FORBIDDEN, $error['message'] ?? null, $case );
				$this->assertSame( $status, $error['data']['status'] ?? null, $case );
				$this->assertSame( $before, $this->stored_state(), $case . ': nothing stored, the listing cache kept.' );
			}
			$this->assertSame( 'with a template' === $case ? self::CUSTOM : CardTemplate::PARTS, CardTemplate::parts(), $case );
		}
	}

	public function test_the_template_is_read_by_those_who_can_edit_posts(): void {
		$anonymous = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 401, $anonymous->get_status() );
		$this->assertArrayNotHasKey( 'parts', (array) $anonymous->get_data() );

		$this->log_in_as( 'subscriber' );
		$subscriber = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 403, $subscriber->get_status() );
		$this->assertArrayNotHasKey( 'parts', (array) $subscriber->get_data() );

		$this->log_in_as( 'editor' );
		$editor = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 200, $editor->get_status() );
		$this->assertSame( array( 'parts' => CardTemplate::PARTS ), $editor->get_data() );

		$this->log_in_as( 'administrator' );
		$this->save( self::CUSTOM );
		$this->log_in_as( 'editor' );
		$this->assertSame( array( 'parts' => self::CUSTOM ), $this->rest( 'GET', self::ROUTE )->get_data(), 'The site\'s template.' );
	}

	/**
	 * @return array<string, array{0: string, 1: string, 2: string}> The raw JSON body, the error's
	 * code, and the plugin's own message ('' for WordPress's).
	 */
	public function bad_bodies(): array {
		$list     = 'Send the card\'s parts as a list.';
		$no_part  = 'A card has no such part.';
		$once     = 'Each part can show once on a card.';
		$title    = 'A card keeps its title: it is the link to the notice.';
		$json     = static fn( $parts ): string => (string) wp_json_encode( array( 'parts' => $parts ) );
		$thousand = array();
		for ( $i = 0; $i < 1000; $i++ ) {
			$thousand[] = CardTemplate::PARTS[ $i % count( CardTemplate::PARTS ) ];
		}
		return array(
			'parts missing'           => array( '{}', 'rest_missing_callback_param', '' ),
			'other fields only'       => array( '{"order":["title"]}', 'rest_missing_callback_param', '' ),
			'parts null'              => array( '{"parts":null}', 'rest_missing_callback_param', '' ),
			'parts a string'          => array( $json( 'title' ), 'rest_invalid_param', $list ),
			'parts a list as text'    => array( $json( 'title,badges' ), 'rest_invalid_param', $list ),
			'parts empty'             => array( $json( array() ), 'rest_invalid_param', $list ),
			'parts an object'         => array( '{"parts":{"first":"title"}}', 'rest_invalid_param', $list ),
			'parts a number'          => array( '{"parts":1}', 'rest_invalid_param', $list ),
			'the title twice'         => array( $json( array( 'title', 'title' ) ), 'rest_invalid_param', $once ),
			'no title'                => array( $json( array( 'buyer' ) ), 'rest_invalid_param', $title ),
			'an unknown part'         => array( $json( array( 'title', 'price' ) ), 'rest_invalid_param', $no_part ),
			'a part in another case'  => array( $json( array( 'Title' ) ), 'rest_invalid_param', $no_part ),
			'nested lists'            => array( $json( array( array( 'title' ) ) ), 'rest_invalid_param', $no_part ),
			'numbers'                 => array( $json( array( 1, 2 ) ), 'rest_invalid_param', $no_part ),
			'a null part'             => array( $json( array( 'title', null ) ), 'rest_invalid_param', $no_part ),
			'1000 parts'              => array( $json( $thousand ), 'rest_invalid_param', $once ),
			'a body that is a list'   => array( '["title","badges"]', 'tenderpress_invalid_json', 'The request body must be a JSON object.' ),
			'a body that is a number' => array( '42', 'tenderpress_invalid_json', 'The request body must be a JSON object.' ),
		);
	}

	/**
	 * @dataProvider bad_bodies
	 * @param string $body    The raw JSON body.
	 * @param string $code    The error's code.
	 * @param string $message The plugin's message, or '' for WordPress's own.
	 */
	public function test_a_bad_template_gets_a_short_400_and_nothing_is_stored( string $body, string $code, string $message ): void {
		$this->log_in_as( 'administrator' );
		$log = DebugLog::open_proven();
		foreach ( array( 'with no template', 'with a template' ) as $case ) {
			if ( 'with a template' === $case ) {
				$this->save( self::CUSTOM );
			}
			$before   = $this->stored_state();
			$response = $this->post_body( $body );
			$this->assertSame( 400, $response->get_status(), $case . ': ' . wp_json_encode( $response->get_data() ) );
			$error = $response->get_data();
			$this->assertIsArray( $error, $case );
			$this->assertSame( $code, $error['code'] ?? null, $case );
			$this->assertSame( 400, $error['data']['status'] ?? null, $case );
			$this->assertIsString( $error['message'] ?? null, $case );
			$this->assertNotSame( '', trim( $error['message'] ), $case );
			$this->assertLessThan( 80, strlen( $error['message'] ), $case . ': a short message.' );
			if ( 'rest_invalid_param' === $code ) {
				$this->assertSame( $message, $error['data']['params']['parts'] ?? null, $case . ': the plugin\'s message for the parts.' );
			} elseif ( '' !== $message ) {
				$this->assertSame( $message, $error['message'], $case );
			}
			$this->assertStringNotContainsString( 'price', (string) wp_json_encode( $error ), $case . ': what was sent is not echoed back.' );
			$this->assertSame( $before, $this->stored_state(), $case . ': nothing stored, the listing cache kept.' );
			$this->assertSame( 'with a template' === $case ? self::CUSTOM : CardTemplate::PARTS, CardTemplate::parts(), $case );
		}
		$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
	}

	public function test_the_plugins_check_says_what_is_wrong(): void {
		$message = static function ( $parts ): string {
			$result = CardTemplate::check( $parts );
			return true === $result ? 'valid' : $result->get_error_message();
		};
		$this->assertSame( 'valid', $message( array( 'title' ) ), 'The title alone is a card.' );
		$this->assertSame( 'valid', $message( array( 'location', 'title' ) ) );
		$this->assertSame( 'valid', $message( CardTemplate::PARTS ) );
		$this->assertSame( 'valid', $message( array_reverse( CardTemplate::PARTS ) ) );
		$this->assertSame( 'Send the card\'s parts as a list.', $message( 'title' ) );
		$this->assertSame( 'Send the card\'s parts as a list.', $message( array() ) );
		$this->assertSame( 'Send the card\'s parts as a list.', $message( array( 1 => 'title' ) ) );
		$this->assertSame( 'A card has no such part.', $message( array( 'title', 'price' ) ) );
		$this->assertSame( 'Each part can show once on a card.', $message( array( 'title', 'buyer', 'buyer' ) ) );
		$this->assertSame( 'A card keeps its title: it is the link to the notice.', $message( array( 'buyer', 'deadline' ) ) );
		$error = CardTemplate::check( array( 'buyer' ) );
		$this->assertInstanceOf( \WP_Error::class, $error );
		$this->assertSame( array( 'status' => 400 ), $error->get_error_data() );
	}

	/** @return array<string, array{0: mixed}> Values a template option might hold. */
	public function unreadable_templates(): array {
		return array(
			'an unknown part'  => array( array( 'price' ) ),
			'a string'         => array( 'x' ),
			'no title'         => array( array( 'buyer' ) ),
			'a part twice'     => array( array( 'title', 'title' ) ),
			'an empty list'    => array( array() ),
			'a map'            => array( array( 'a' => 'title' ) ),
			'a number'         => array( 42 ),
			'nested lists'     => array( array( array( 'title' ) ) ),
			'a title and null' => array( array( 'title', null ) ),
		);
	}

	/**
	 * @dataProvider unreadable_templates
	 * @param mixed $stored What the option holds.
	 */
	public function test_a_stored_template_that_cannot_be_read_falls_back_to_the_default( $stored ): void {
		update_option( CardTemplate::OPTION, $stored );
		$this->assertSame( $stored, get_option( CardTemplate::OPTION ) );
		$log = DebugLog::open_proven();

		$this->assertSame( CardTemplate::PARTS, CardTemplate::parts() );
		$id  = $this->notice();
		$dom = new Html( $this->listing_block() );
		$this->assertSame( self::DEFAULT_SHAPE, $this->shape( $dom, $this->card_of( $dom, $id ) ) );
		foreach ( $this->records( $this->page_two( $this->listing_block() ) ) as $notice => $record ) {
			$this->assertSame( array( 'badges', 'quick view', 'title' ), array_slice( $record['shape'], 0, 3 ), 'Notice ' . $notice . ', loaded in place.' );
		}
		$this->log_in_as( 'editor' );
		$this->assertSame( array( 'parts' => CardTemplate::PARTS ), $this->rest( 'GET', self::ROUTE )->get_data() );

		$this->assertSame( '', $log->written_since_opened(), 'Nothing in the PHP log.' );
	}

	/** @return array<string, array{0: string, 1: bool}> Who opens the editor and whether they may change the template. */
	public function editor_users(): array {
		return array(
			'an administrator' => array( 'administrator', true ),
			'an editor'        => array( 'editor', false ),
		);
	}

	/**
	 * @dataProvider editor_users
	 * @param string $role     The user's role.
	 * @param bool   $can_edit Whether they may change the template.
	 */
	public function test_the_editor_gets_the_parts_their_labels_and_whether_the_user_may_change_the_template( string $role, bool $can_edit ): void {
		$this->assertArrayHasKey( BlockRegistry::EDITOR_SCRIPT, wp_scripts()->registered, 'The editor script is built and registered.' );
		$hooked = array_filter(
			(array) ( $GLOBALS['wp_filter']['enqueue_block_editor_assets']->callbacks[20] ?? array() ),
			static fn( array $hook ): bool => is_array( $hook['function'] ) && $hook['function'][0] instanceof CardTemplate && 'add_editor_data' === $hook['function'][1]
		);
		$this->assertCount( 1, $hooked, 'Added when the block editor\'s assets are enqueued, after the editor script is registered.' );
		unset( wp_scripts()->registered[ BlockRegistry::EDITOR_SCRIPT ]->extra['before'] );
		$this->log_in_as( $role );
		do_action( 'enqueue_block_editor_assets' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own hook, fired as the block editor fires it.

		$data = $this->editor_data();
		$this->assertSame( array( 'parts', 'required', 'canEdit', 'path' ), array_keys( $data ) );
		$this->assertSame( self::ROUTE, $data['path'], 'The route the editor reads and saves the template at.' );
		$this->assertSame( CardTemplate::PARTS, array_column( $data['parts'], 'part' ), 'Every part, in the default order.' );
		foreach ( $data['parts'] as $part ) {
			$this->assertSame( array( 'part', 'label' ), array_keys( $part ) );
			$this->assertIsString( $part['label'] );
			$this->assertNotSame( '', trim( $part['label'] ), $part['part'] );
			$this->assertSame( CardTemplate::labels()[ $part['part'] ], $part['label'] );
		}
		$this->assertSame( 'Title', $data['parts'][1]['label'] );
		$this->assertSame( 'title', $data['required'] );
		$this->assertSame( CardTemplate::REQUIRED, $data['required'] );
		$this->assertSame( $can_edit, $data['canEdit'] );
		$this->assertSame( CardTemplate::PARTS, array_keys( CardTemplate::labels() ), 'A label for each part, no other.' );

		// Printed before the editor script, in one script element of its own.
		$printed = wp_scripts()->get_inline_script_tag( BlockRegistry::EDITOR_SCRIPT, 'before' );
		$this->assertStringContainsString( 'window.tenderpressCardTemplate = {', $printed );
		$this->assertStringContainsString( 'id="' . BlockRegistry::EDITOR_SCRIPT . '-js-before"', $printed );
	}

	/**
	 * The card-part block exists for the editor only: the template's parts, inside a listing,
	 * nothing on a page.
	 */
	public function test_the_card_part_block_takes_the_templates_parts_inside_a_listing_and_renders_nothing(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( 'tenderpress/card-part' );
		$this->assertNotNull( $type, 'The block is registered.' );
		$this->assertSame( CardTemplate::PARTS, $type->attributes['part']['enum'] ?? null, 'Its parts are the template\'s.' );
		$this->assertContains( $type->attributes['part']['default'] ?? null, CardTemplate::PARTS, 'Its default is one of them.' );
		$this->assertSame( array( BlockRegistry::LISTING ), $type->parent, 'Only inside a listing.' );

		$this->assertSame( '', do_blocks( '<!-- wp:tenderpress/card-part /-->' ), 'A stray part shows nothing.' );
		foreach ( CardTemplate::PARTS as $part ) {
			$this->assertSame( '', do_blocks( '<!-- wp:tenderpress/card-part ' . wp_json_encode( array( 'part' => $part ) ) . ' /-->' ), $part );
		}
		$this->assertSame( '', do_blocks( '<!-- wp:tenderpress/card-part {"part":"price"} /-->' ) );
		$this->assertSame( '<p>Before</p><p>After</p>', do_blocks( '<p>Before</p><!-- wp:tenderpress/card-part {"part":"title"} /--><p>After</p>' ) );
	}
}
