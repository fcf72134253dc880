<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\BlockRegistry;
use TenderPress\Content\NoticeFields;
use TenderPress\Islands\IslandAssets;
use TenderPress\Islands\Ticker;
use TenderPress\Settings\Settings;

/**
 * The notice ticker as a visitor meets it before any script runs: the latest published notices,
 * newest first, each a link with its deadline and buyer, in a plain list when they all fit in
 * the window, and otherwise in the island's container with the pause button, the copies of the
 * list's ends the loop needs (hidden from everyone) and the island's props. The same from the
 * block, the shortcode and PHP, the site owner's settings as the block's defaults, and a cost in
 * queries that does not grow with the number of notices shown.
 */
final class TickerIslandTest extends TestCase {

	/** @var int When this test's notices are dated from, so their order never depends on a second passing. */
	private $now = 0;

	protected function setUp(): void {
		parent::setUp();
		$this->now = time();
		// The Settings API's screen functions, which keep a refused save's messages.
		require_once ABSPATH . 'wp-admin/includes/template.php';
		Ticker::reset();
	}

	protected function tearDown(): void {
		Ticker::reset();
		parent::tearDown();
		// The settings read on this request are kept; the rolled-back option must not leak.
		Settings::forget_stored();
		$this->forget_settings_messages();
	}

	/**
	 * A published notice newer than every demo notice: written a few seconds ago.
	 *
	 * @param string               $title       Its title.
	 * @param int                  $seconds_ago How long ago it was published (a smaller number is newer).
	 * @param array<string, mixed> $meta        Its fields.
	 * @param array<string, mixed> $post        Other post fields (status…).
	 */
	private function latest_notice( string $title, int $seconds_ago, array $meta = array(), array $post = array() ): int {
		return $this->make_notice(
			$meta,
			$post + array(
				'post_title' => $title,
				'post_date'  => wp_date( 'Y-m-d H:i:s', $this->now - $seconds_ago ),
			)
		);
	}

	/**
	 * A ticker block's markup.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 */
	private function block( array $attributes = array() ): string {
		return '<!-- wp:' . Ticker::BLOCK . ( $attributes ? ' ' . serialize_block_attributes( $attributes ) : '' ) . ' /-->';
	}

	/** @return list<\DOMElement> The tickers in the markup, in order; fails when there is none. */
	private function tickers( Html $dom ): array {
		$tickers = $dom->all( '//section[' . Html::has_class( 'tp-ticker' ) . ']' );
		$this->assertNotEmpty( $tickers, 'A ticker is in the markup.' );
		return $tickers;
	}

	/** @return list<\DOMElement> The list's items a visitor reads: the notices, without the loop's copies. */
	private function items( Html $dom, \DOMElement $ticker ): array {
		return $dom->all( './/ul[' . Html::has_class( 'tp-ticker__list' ) . ']/li[' . Html::has_class( 'tp-ticker__item' ) . '][not(@data-tp-copy)]', $ticker );
	}

	/** @return list<\DOMElement> The copies of the list's ends, in order. */
	private function copies( Html $dom, \DOMElement $ticker ): array {
		return $dom->all( './/li[@data-tp-copy]', $ticker );
	}

	/** @return list<string> Each item's link words, in order. */
	private function titles( Html $dom, array $items ): array {
		return array_map( static fn( \DOMElement $item ): string => $dom->text( './a[' . Html::has_class( 'tp-ticker__link' ) . ']', $item ), $items );
	}

	/** @return list<string> Each item's link address, in order. */
	private function links( Html $dom, array $items ): array {
		return array_map( static fn( \DOMElement $item ): string => (string) $dom->one( './a[' . Html::has_class( 'tp-ticker__link' ) . ']', $item )?->getAttribute( 'href' ), $items );
	}

	/** @return list<string> The addresses of posts, in order. */
	private function permalinks( array $ids ): array {
		return array_map( static fn( int $id ): string => (string) get_permalink( $id ), $ids );
	}

	/** @return array<string, mixed> The island's props, decoded as the runtime reads them. */
	private function props( Html $dom, \DOMElement $ticker ): array {
		$script = $dom->one( './script[@type="application/json"][@data-tp-props]', $ticker );
		$this->assertNotNull( $script, 'The island carries its props.' );
		$props = json_decode( $dom->text( '.', $script ), true );
		$this->assertIsArray( $props );
		return $props;
	}

	/** Saves the ticker section as the settings form sends it (through the registered sanitizer). */
	private function set_ticker( array $values ): void {
		update_option(
			Settings::OPTION,
			array(
				Ticker::SECTION => $values + array(
					'pause'   => '4000',
					'speed'   => '700',
					'visible' => '3',
				),
			)
		);
	}

	/** Block types are registered once per request: register the ticker again, as the next request would. */
	private function reregister_ticker(): void {
		unregister_block_type( Ticker::BLOCK );
		register_block_type( TENDERPRESS_DIR . '/blocks/ticker' );
	}

	/** The ids of the latest published notices (of one type, or of all) by WordPress's own query. */
	private function expected_latest( int $count, string $type = '' ): array {
		$args = array(
			'post_type'   => 'tender',
			'post_status' => 'publish',
			'numberposts' => $count,
			'fields'      => 'ids',
			'orderby'     => array(
				'date' => 'DESC',
				'ID'   => 'DESC',
			),
		);
		if ( '' !== $type ) {
			$args['meta_key']   = 'tp_notice_type'; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- test expectation.
			$args['meta_value'] = $type; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
		}
		return array_map( 'intval', get_posts( $args ) );
	}

	public function test_the_latest_notices_show_newest_first_each_a_link_with_its_deadline_and_buyer(): void {
		$deadline = '2099-02-01 17:00:00';
		$ids      = array();
		for ( $i = 1; $i <= 5; $i++ ) {
			$ids[ $i ] = $this->latest_notice(
				'Ticker notice ' . $i,
				$i,
				array(
					'tp_buyer'    => 'Buyer ' . $i,
					'tp_deadline' => $deadline,
				)
			);
		}

		$dom    = new Html( do_blocks( $this->block( array( 'count' => 4 ) ) ) );
		$ticker = $this->tickers( $dom )[0];
		$items  = $this->items( $dom, $ticker );

		$this->assertSame( array( 'Ticker notice 1', 'Ticker notice 2', 'Ticker notice 3', 'Ticker notice 4' ), $this->titles( $dom, $items ), 'The four newest, newest first; the fifth waits its turn.' );
		$this->assertSame( $this->permalinks( array( $ids[1], $ids[2], $ids[3], $ids[4] ) ), $this->links( $dom, $items ), 'Each title links to its notice.' );

		$timestamp = NoticeFields::local_to_timestamp( $deadline );
		$this->assertIsInt( $timestamp );
		// The seeded site is in India: the zone is named.
		$label = wp_date( get_option( 'date_format' ), $timestamp ) . ', ' . wp_date( get_option( 'time_format' ), $timestamp ) . ' IST';
		foreach ( $items as $index => $item ) {
			$facts = $dom->one( './span[' . Html::has_class( 'tp-ticker__facts' ) . ']', $item );
			$this->assertNotNull( $facts );
			$this->assertSame( 'Closes ' . $label . ' · Buyer ' . ( $index + 1 ), $dom->text( '.', $facts ), 'When it closes, then the buyer: on a phone the line is cut at its end.' );
			$time = $dom->one( './time', $facts );
			$this->assertNotNull( $time );
			$this->assertSame( gmdate( 'c', $timestamp ), $time->getAttribute( 'datetime' ), 'The deadline is machine-readable.' );
		}

		$default = new Html( do_blocks( $this->block() ) );
		$this->assertSame( 'Ticker notice 5', $this->titles( $default, $this->items( $default, $this->tickers( $default )[0] ) )[4], 'Ten notices by default.' );
		$this->assertCount( 10, $this->items( $default, $this->tickers( $default )[0] ) );
		Ticker::reset();
		$php = new Html( Ticker::render( array( 'count' => 4 ) ) );
		$this->assertSame( $this->titles( $dom, $items ), $this->titles( $php, $this->items( $php, $this->tickers( $php )[0] ) ), 'PHP callers get the same list.' );
	}

	public function test_a_notice_without_buyer_or_deadline_shows_just_what_it_has(): void {
		$this->latest_notice( 'Only a title', 1 );
		$this->latest_notice( 'Only a buyer', 2, array( 'tp_buyer' => 'Pune Municipal Corporation' ) );
		$this->latest_notice( 'Only a deadline', 3, array( 'tp_deadline' => '2099-03-01 12:00:00' ) );

		$dom   = new Html( Ticker::render( array( 'count' => 3 ) ) );
		$items = $this->items( $dom, $this->tickers( $dom )[0] );

		$this->assertSame( array( 'Only a title', 'Only a buyer', 'Only a deadline' ), $this->titles( $dom, $items ) );
		$this->assertNull( $dom->one( './span', $items[0] ), 'No empty facts.' );
		$this->assertSame( 'Pune Municipal Corporation', $dom->text( './span[' . Html::has_class( 'tp-ticker__facts' ) . ']', $items[1] ), 'No dot and no "Closes" without a deadline.' );
		$this->assertStringStartsWith( 'Closes ', $dom->text( './span[' . Html::has_class( 'tp-ticker__facts' ) . ']', $items[2] ), 'No dot after the deadline without a buyer.' );
		$this->assertStringNotContainsString( '·', $dom->text( './span', $items[2] ) );
	}

	public function test_drafts_private_pending_scheduled_and_trashed_notices_posts_and_pages_never_appear(): void {
		$older = $this->latest_notice( 'Published older', 20 );
		$newer = $this->latest_notice( 'Published newer', 19 );
		$this->latest_notice( 'Secret draft', 1, array(), array( 'post_status' => 'draft' ) );
		$this->latest_notice( 'Secret private', 2, array(), array( 'post_status' => 'private' ) );
		$this->latest_notice( 'Secret pending', 3, array(), array( 'post_status' => 'pending' ) );
		$scheduled = $this->latest_notice( 'Secret scheduled', -3600 );
		$this->assertSame( 'future', get_post_status( $scheduled ), 'A notice dated later waits for its time.' );
		$trashed = $this->latest_notice( 'Secret trashed', 4 );
		$this->assertInstanceOf( \WP_Post::class, wp_trash_post( $trashed ) );
		foreach ( array( 'post', 'page' ) as $type ) {
			$this->assertIsInt(
				wp_insert_post(
					array(
						'post_type'   => $type,
						'post_status' => 'publish',
						'post_title'  => 'Secret ' . $type,
						'post_date'   => wp_date( 'Y-m-d H:i:s', $this->now - 5 ),
					),
					true
				)
			);
		}

		$dom = new Html( do_blocks( $this->block( array( 'count' => 2 ) ) ) );
		$this->assertSame( array( 'Published newer', 'Published older' ), $this->titles( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) ) );
		$this->assertSame( $this->permalinks( array( $newer, $older ) ), $this->links( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) ) );

		// Not even for an administrator, who could read them elsewhere.
		$this->log_in_as( 'administrator' );
		$html = do_blocks( $this->block( array( 'count' => 20 ) ) ) . Ticker::render( array( 'count' => 20 ) ) . do_shortcode( '[tenderpress_ticker count="20"]' );
		$this->assertStringNotContainsString( 'Secret', $html );
		$dom = new Html( $html );
		$this->assertCount( 3, $this->tickers( $dom ), 'The block, PHP and the shortcode.' );
		foreach ( $this->tickers( $dom ) as $ticker ) {
			$this->assertSame( $this->permalinks( $this->expected_latest( 20 ) ), $this->links( $dom, $this->items( $dom, $ticker ) ), 'The 20 latest published notices.' );
		}
	}

	public function test_a_notice_type_lists_only_notices_of_that_type_and_an_unknown_type_lists_all(): void {
		$newest = array();
		foreach ( array_reverse( NoticeFields::NOTICE_TYPES ) as $index => $type ) {
			$newest[ $type ] = $this->latest_notice( 'Newest ' . $type, 10 + $index, array( 'tp_notice_type' => $type ) );
		}
		$latest = $this->latest_notice( 'Newest of all', 1, array( 'tp_notice_type' => 'tender' ) );

		foreach ( NoticeFields::NOTICE_TYPES as $type ) {
			Ticker::reset();
			$expected = $this->permalinks( $this->expected_latest( 20, $type ) );
			$this->assertNotEmpty( $expected );
			$dom = new Html(
				do_blocks(
					$this->block(
						array(
							'noticeType' => $type,
							'count'      => 20,
						)
					)
				)
			);
			$this->assertSame( $expected, $this->links( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) ), $type . ': only that type, newest first.' );
			$first = 'tender' === $type ? $latest : $newest[ $type ];
			$this->assertSame( get_permalink( $first ), $this->links( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) )[0], $type );
		}

		$all = $this->permalinks( $this->expected_latest( 5 ) );
		$this->assertSame( get_permalink( $latest ), $all[0] );
		$rendered = array(
			'all, in a block'                => do_blocks(
				$this->block(
					array(
						'count'      => 5,
						'noticeType' => '',
					)
				)
			),
			'an unknown type, in a block'    => do_blocks(
				$this->block(
					array(
						'count'      => 5,
						'noticeType' => 'contract',
					)
				)
			),
			'a type in capitals, in a block' => do_blocks(
				$this->block(
					array(
						'count'      => 5,
						'noticeType' => 'EOI',
					)
				)
			),
			'an unknown type, from PHP'      => Ticker::render(
				array(
					'count'      => 5,
					'noticeType' => 'contract',
				)
			),
			'an unknown type, shortcode'     => do_shortcode( '[tenderpress_ticker count="5" notice_type="contract"]' ),
		);
		foreach ( $rendered as $case => $html ) {
			$dom = new Html( $html );
			$this->assertSame( $all, $this->links( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) ), $case . ': every type.' );
		}
	}

	public function test_more_notices_than_the_window_holds_give_the_island_with_its_pause_button_and_the_loops_copies(): void {
		for ( $i = 1; $i <= 5; $i++ ) {
			$this->latest_notice( 'Notice ' . $i, $i );
		}

		$html   = do_blocks(
			$this->block(
				array(
					'count'   => 5,
					'visible' => 2,
					'title'   => 'Fresh tenders',
				)
			)
		);
		$dom    = new Html( $html );
		$ticker = $this->tickers( $dom )[0];

		$this->assertSame( Ticker::ISLAND, $ticker->getAttribute( 'data-tp-island' ) );
		$this->assertSame( 'visible', $ticker->getAttribute( 'data-tp-when' ), 'It moves by itself: it loads when it comes into view.' );
		$this->assertSame( '.tp-ticker__toggle', $ticker->getAttribute( 'data-tp-replay' ), 'A click on Pause while it loads is not lost.' );
		$this->assertSame( '--tp-ticker-visible:2;--tp-ticker-speed:700ms', $ticker->getAttribute( 'style' ) );

		$heading = $dom->one( './h2[' . Html::has_class( 'tp-ticker__title' ) . ']', $ticker );
		$this->assertNotNull( $heading );
		$this->assertSame( 'Fresh tenders', $dom->text( '.', $heading ) );
		$this->assertSame( $heading->getAttribute( 'id' ), $ticker->getAttribute( 'aria-labelledby' ), 'The ticker is named by its heading.' );

		$list = $dom->one( './div[' . Html::has_class( 'tp-ticker__window' ) . ']/ul[' . Html::has_class( 'tp-ticker__list' ) . ']', $ticker );
		$this->assertNotNull( $list, 'The list sits in its window.' );
		$this->assertSame( '--tp-ticker-position:2', $list->getAttribute( 'style' ), 'The list starts on its first real notice.' );

		$all = $this->titles( $dom, $dom->all( './li', $list ) );
		$this->assertSame( array( 'Notice 4', 'Notice 5', 'Notice 1', 'Notice 2', 'Notice 3', 'Notice 4', 'Notice 5', 'Notice 1', 'Notice 2' ), $all, 'The last two before the notices, the first two after them.' );
		$this->assertSame( array( 'Notice 1', 'Notice 2', 'Notice 3', 'Notice 4', 'Notice 5' ), $this->titles( $dom, $this->items( $dom, $ticker ) ) );
		$copies = $this->copies( $dom, $ticker );
		$this->assertCount( 4, $copies );
		$this->assertSame( array( 0, 1, 7, 8 ), array_keys( array_filter( $dom->all( './li', $list ), static fn( \DOMElement $li ): bool => $li->hasAttribute( 'data-tp-copy' ) ) ) );
		foreach ( $copies as $copy ) {
			$this->assertSame( 'true', $copy->getAttribute( 'aria-hidden' ), 'Screen readers hear each notice once.' );
			$this->assertTrue( $copy->hasAttribute( 'inert' ), 'A copy\'s link cannot be reached by the keyboard.' );
		}
		foreach ( $this->items( $dom, $ticker ) as $item ) {
			$this->assertFalse( $item->hasAttribute( 'aria-hidden' ) || $item->hasAttribute( 'inert' ), 'The real notices are for everyone.' );
		}

		$controls = $dom->one( './div[' . Html::has_class( 'tp-ticker__controls' ) . '][@data-tp-root]', $ticker );
		$this->assertNotNull( $controls, 'The island mounts on the controls.' );
		$buttons = $dom->all( './/button', $ticker );
		$this->assertCount( 1, $buttons );
		$this->assertSame( $controls, $dom->one( './parent::*', $buttons[0] ) );
		$this->assertSame( 'button', $buttons[0]->getAttribute( 'type' ) );
		$this->assertStringContainsString( 'tp-ticker__toggle', $buttons[0]->getAttribute( 'class' ) );
		$this->assertSame( 'Pause', $dom->text( '.', $buttons[0] ), 'A visitor can stop it.' );

		$this->assertSame(
			array(
				'speed'        => 700,
				'pause'        => 4000,
				'visible'      => 2,
				'direction'    => 'up',
				'pauseOnHover' => true,
				'i18n'         => array(
					'pause' => 'Pause',
					'play'  => 'Play',
				),
			),
			$this->props( $dom, $ticker )
		);
		$this->assertContains( Ticker::ISLAND, IslandAssets::instance()->used(), 'The island\'s script is loaded on the page.' );
		$this->assertSame( 1, substr_count( $html, 'data-tp-props' ), 'One set of props.' );
	}

	public function test_the_defaults_show_ten_notices_three_at_a_time_under_latest_notices(): void {
		$dom    = new Html( do_blocks( $this->block() ) );
		$ticker = $this->tickers( $dom )[0];

		$this->assertSame( 'Latest notices', $dom->text( './h2[' . Html::has_class( 'tp-ticker__title' ) . ']', $ticker ) );
		$this->assertSame( $this->permalinks( $this->expected_latest( 10 ) ), $this->links( $dom, $this->items( $dom, $ticker ) ) );
		$this->assertCount( 6, $this->copies( $dom, $ticker ), 'Three copies at each end.' );
		$props = $this->props( $dom, $ticker );
		$this->assertSame( array( 700, 4000, 3, 'up', true ), array( $props['speed'], $props['pause'], $props['visible'], $props['direction'], $props['pauseOnHover'] ) );
	}

	public function test_notices_that_all_fit_in_the_window_are_a_plain_list_without_island_copies_or_button(): void {
		$this->latest_notice( 'Only award', 1, array( 'tp_notice_type' => 'award' ) );
		$this->latest_notice( 'Second award', 2, array( 'tp_notice_type' => 'award' ) );

		$cases  = array(
			'as many notices as the window holds' => do_blocks(
				$this->block(
					array(
						'count'   => 3,
						'visible' => 3,
					)
				)
			),
			'fewer notices than the window holds' => do_blocks(
				$this->block(
					array(
						'count'   => 2,
						'visible' => 5,
					)
				)
			),
			'fewer notices of a type than count'  => do_blocks( $this->block( array( 'noticeType' => 'award' ) ) ),
			'from PHP'                            => Ticker::render(
				array(
					'count'   => 4,
					'visible' => 10,
				)
			),
		);
		$counts = array( 3, 2, 2, 4 );
		foreach ( array_values( $cases ) as $index => $html ) {
			$case   = array_keys( $cases )[ $index ];
			$dom    = new Html( $html );
			$ticker = $this->tickers( $dom )[0];
			$this->assertCount( $counts[ $index ], $this->items( $dom, $ticker ), $case );
			$this->assertFalse( $ticker->hasAttribute( 'data-tp-island' ), $case . ': nothing to move, no island.' );
			$this->assertSame( array(), $this->copies( $dom, $ticker ), $case . ': no copies.' );
			$this->assertSame( array(), $dom->all( '//button | //script | //*[@data-tp-root] | //*[@inert] | //*[@aria-hidden]' ), $case . ': no button, no props.' );
			$this->assertFalse( $dom->one( './/ul', $ticker )?->hasAttribute( 'style' ), $case . ': the list does not move.' );
			$heading = $dom->one( './h2[' . Html::has_class( 'tp-ticker__title' ) . ']', $ticker );
			$this->assertSame( 'Latest notices', $heading ? $dom->text( '.', $heading ) : '', $case );
			$this->assertSame( $heading?->getAttribute( 'id' ), $ticker->getAttribute( 'aria-labelledby' ), $case );
			$this->assertSame( '--tp-ticker-visible:' . $counts[ $index ] . ';--tp-ticker-speed:700ms', $ticker->getAttribute( 'style' ), $case . ': the window is as tall as the list.' );
		}
		$awards = new Html( $cases['fewer notices of a type than count'] );
		$this->assertSame( array( 'Only award', 'Second award' ), $this->titles( $awards, $this->items( $awards, $this->tickers( $awards )[0] ) ) );
		$this->assertNotContains( Ticker::ISLAND, IslandAssets::instance()->used(), 'No island script for a list that does not move.' );
	}

	public function test_with_no_notice_to_show_there_is_no_ticker_at_all(): void {
		$this->assertSame( 0, $this->count_published_notices( 'award' ), 'The demo has no awards.' );
		$this->assertSame( '', trim( do_blocks( $this->block( array( 'noticeType' => 'award' ) ) ) ) );
		$this->assertSame( '', Ticker::render( array( 'noticeType' => 'award' ) ) );
		$this->assertSame( '', do_shortcode( '[tenderpress_ticker notice_type="award" title="Awards"]' ) );

		// Every corrigendum trashed: a ticker of corrigenda is gone too.
		$corrigenda = $this->expected_latest( -1, 'corrigendum' );
		$this->assertNotEmpty( $corrigenda );
		$this->assertNotSame( '', Ticker::render( array( 'noticeType' => 'corrigendum' ) ) );
		IslandAssets::instance()->reset();
		foreach ( $corrigenda as $id ) {
			$this->assertInstanceOf( \WP_Post::class, wp_trash_post( $id ) );
		}
		$this->assertSame( '', trim( do_blocks( $this->block( array( 'noticeType' => 'corrigendum' ) ) ) ) );
		$this->assertSame( array(), IslandAssets::instance()->used(), 'No island script for a page without a ticker.' );
	}

	public function test_shortcode_attributes_reach_the_ticker_under_their_snake_case_names_and_unknown_ones_are_ignored(): void {
		// PHPUnit turns a notice or warning into a failure only for the levels PHP reports.
		$reported = error_reporting(); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting, WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_error_reporting -- reads the level, changes nothing.
		$this->assertSame( E_ALL, $reported & E_ALL, 'Every notice and warning would fail this test.' );

		for ( $i = 1; $i <= 5; $i++ ) {
			$this->latest_notice( 'Interest ' . $i, 10 + $i, array( 'tp_notice_type' => 'eoi' ) );
		}
		$this->latest_notice( 'A newer tender', 1, array( 'tp_notice_type' => 'tender' ) );

		$html   = do_shortcode( '[tenderpress_ticker "loose" colour="red" count="4" visible="2" notice_type="eoi" pause_on_hover="0" direction="down" title="Just in" onclick="alert(1)"]' );
		$dom    = new Html( $html );
		$ticker = $this->tickers( $dom )[0];

		$this->assertSame( 'Just in', $dom->text( './h2', $ticker ) );
		$this->assertSame( array( 'Interest 1', 'Interest 2', 'Interest 3', 'Interest 4' ), $this->titles( $dom, $this->items( $dom, $ticker ) ), 'Four expressions of interest, no tender.' );
		$this->assertCount( 4, $this->copies( $dom, $ticker ), 'Two at a time: two copies at each end.' );
		$props = $this->props( $dom, $ticker );
		$this->assertSame( array( 2, 'down', false ), array( $props['visible'], $props['direction'], $props['pauseOnHover'] ) );
		foreach ( array( 'colour', 'red', 'loose', 'onclick', 'alert' ) as $ignored ) {
			$this->assertStringNotContainsString( $ignored, $html );
		}

		// The camelCase names are the block's, not the shortcode's: WordPress lowercases them.
		Ticker::reset();
		$dom = new Html( do_shortcode( '[tenderpress_ticker count="4" noticeType="eoi" pauseOnHover="0"]' ) );
		$this->assertSame( 'A newer tender', $this->titles( $dom, $this->items( $dom, $this->tickers( $dom )[0] ) )[0], 'noticeType is not a shortcode attribute.' );
		$this->assertTrue( $this->props( $dom, $this->tickers( $dom )[0] )['pauseOnHover'] );
	}

	public function test_out_of_range_or_invalid_values_are_clamped_in_a_shortcode_and_give_the_default_in_a_block(): void {
		// Shortcodes: numbers are clamped to the block's limits, other refused values give the default (BlockAttributes).
		$shortcodes = array(
			'count="999"'             => array( 'count="999"', 20, 3, 700, 4000, 'up', true ),
			'count="1"'               => array( 'count="1"', 2, 3, 700, 4000, 'up', true ),
			'count="abc"'             => array( 'count="abc"', 10, 3, 700, 4000, 'up', true ),
			'visible="0"'             => array( 'visible="0"', 10, 1, 700, 4000, 'up', true ),
			'visible="11"'            => array( 'visible="11" count="20"', 20, 10, 700, 4000, 'up', true ),
			'speed="-1" pause="999"'  => array( 'speed="-1" pause="999"', 10, 3, 0, 1000, 'up', true ),
			'speed and pause too big' => array( 'speed="99999" pause="20001"', 10, 3, 5000, 20000, 'up', true ),
			'speed="fast"'            => array( 'speed="fast" pause="2.5"', 10, 3, 700, 4000, 'up', true ),
			'direction="left"'        => array( 'direction="left"', 10, 3, 700, 4000, 'up', true ),
			'direction="down"'        => array( 'direction="down"', 10, 3, 700, 4000, 'down', true ),
			'pause_on_hover="0"'      => array( 'pause_on_hover="0"', 10, 3, 700, 4000, 'up', false ),
			'pause_on_hover="false"'  => array( 'pause_on_hover="false"', 10, 3, 700, 4000, 'up', false ),
			// Not one of the words REST reads as a boolean: the default stands.
			'pause_on_hover="no"'     => array( 'pause_on_hover="no"', 10, 3, 700, 4000, 'up', true ),
		);
		// Blocks: WordPress itself replaces a value its schema refuses with the default before rendering.
		$blocks   = array(
			'count 999'           => array( array( 'count' => 999 ), 10, 3, 700, 4000, 'up', true ),
			'count 1'             => array( array( 'count' => 1 ), 10, 3, 700, 4000, 'up', true ),
			'count 20'            => array( array( 'count' => 20 ), 20, 3, 700, 4000, 'up', true ),
			'visible 0'           => array( array( 'visible' => 0 ), 10, 3, 700, 4000, 'up', true ),
			'visible 10'          => array( array( 'visible' => 10 ), 10, 10, 700, 4000, 'up', false ),
			'speed -1, pause 999' => array(
				array(
					'speed' => -1,
					'pause' => 999,
				),
				10,
				3,
				700,
				4000,
				'up',
				true,
			),
			'direction left'      => array( array( 'direction' => 'left' ), 10, 3, 700, 4000, 'up', true ),
			'pauseOnHover "no"'   => array( array( 'pauseOnHover' => 'no' ), 10, 3, 700, 4000, 'up', true ),
			'pauseOnHover false'  => array( array( 'pauseOnHover' => false ), 10, 3, 700, 4000, 'up', false ),
		);
		$rendered = array();
		foreach ( $shortcodes as $case => list( $attributes, $count, $visible, $speed, $pause, $direction, $hover ) ) {
			$rendered[ 'shortcode, ' . $case ] = array( do_shortcode( '[tenderpress_ticker ' . $attributes . ']' ), $count, $visible, $speed, $pause, $direction, $hover );
		}
		foreach ( $blocks as $case => list( $attributes, $count, $visible, $speed, $pause, $direction, $hover ) ) {
			$rendered[ 'block, ' . $case ] = array( do_blocks( $this->block( $attributes ) ), $count, $visible, $speed, $pause, $direction, $hover );
		}
		foreach ( $rendered as $case => list( $html, $count, $visible, $speed, $pause, $direction, $hover ) ) {
			$dom    = new Html( $html );
			$ticker = $this->tickers( $dom )[0];
			$this->assertCount( $count, $this->items( $dom, $ticker ), $case . ': notices shown.' );
			if ( $count <= $visible ) {
				// visible 10 with 10 notices: they all fit, a plain list.
				$this->assertFalse( $ticker->hasAttribute( 'data-tp-island' ), $case );
				$this->assertSame( '--tp-ticker-visible:' . $count . ';--tp-ticker-speed:' . $speed . 'ms', $ticker->getAttribute( 'style' ), $case );
				continue;
			}
			$this->assertCount( 2 * $visible, $this->copies( $dom, $ticker ), $case . ': copies.' );
			$props = $this->props( $dom, $ticker );
			$this->assertSame( array( $visible, $speed, $pause, $direction, $hover ), array( $props['visible'], $props['speed'], $props['pause'], $props['direction'], $props['pauseOnHover'] ), $case );
			$this->assertSame( '--tp-ticker-visible:' . $visible . ';--tp-ticker-speed:' . $speed . 'ms', $ticker->getAttribute( 'style' ), $case );
		}
	}

	public function test_markup_in_a_notice_title_a_buyer_or_the_ticker_title_shows_as_text_never_as_tags(): void {
		global $wpdb;
		// An administrator may write markup in a title; an import may write a buyer straight to the database.
		$this->log_in_as( 'administrator' );
		$id = $this->latest_notice( 'Pumps <script>alert(1)</script> & "valves" <img src=x onerror=alert(2)>', 1, array( 'tp_buyer' => 'Placeholder' ) );
		wp_set_current_user( 0 );
		$this->assertStringContainsString( '<script>', get_post( $id )->post_title );
		$wpdb->update(
			$wpdb->postmeta,
			array( 'meta_value' => 'Buyer "one" & <script>alert(3)</script><b>two</b>' ), // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- a raw row, as an import writes it.
			array(
				'post_id'  => $id,
				'meta_key' => 'tp_buyer', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
			)
		);
		clean_post_cache( $id );
		wp_cache_delete( $id, 'post_meta' );
		$this->latest_notice( 'Second', 2 );

		$html   = do_blocks(
			$this->block(
				array(
					'count'   => 2,
					'visible' => 1,
					'title'   => 'Latest "bids" & <script>alert(4)</script><b>offers</b>',
				)
			)
		);
		$dom    = new Html( $html );
		$ticker = $this->tickers( $dom )[0];
		$item   = $this->items( $dom, $ticker )[0];

		$this->assertNull( $dom->one( '//script[not(@data-tp-props)] | //img | //b' ), 'No element from a title or a buyer.' );
		$this->assertSame( 'Pumps <script>alert(1)</script> & “valves” <img src=x onerror=alert(2)>', $dom->text( './a', $item ), 'The title reads as written (with WordPress\'s curly quotes).' );
		$this->assertSame( 'Buyer "one" & <script>alert(3)</script><b>two</b>', $dom->text( './span[' . Html::has_class( 'tp-ticker__facts' ) . ']', $item ), 'The buyer reads as written.' );
		$this->assertSame( 'Latest "bids" & offers', $dom->text( './h2', $ticker ), 'The ticker\'s title is plain text: tags are dropped.' );
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringContainsString( 'Buyer &quot;one&quot; &amp; &lt;script&gt;', $html, 'A quote cannot end an attribute, nor a tag start.' );

		Ticker::reset();
		$dom = new Html( Ticker::render( array( 'title' => ' <i></i> ' ) ) );
		$this->assertSame( 'Latest notices', $dom->text( '//h2' ), 'A title with no words gives the default one.' );
		$dom = new Html( do_shortcode( '[tenderpress_ticker title="Bids &amp; offers"]' ) );
		$this->assertSame( 'Bids & offers', $dom->text( '//h2' ) );
	}

	public function test_two_tickers_on_one_page_each_have_a_heading_of_their_own(): void {
		$dom     = new Html(
			do_blocks(
				$this->block( array( 'title' => 'One' ) ) . $this->block(
					array(
						'title'   => 'Two',
						'count'   => 2,
						'visible' => 5,
					)
				)
			) . do_shortcode( '[tenderpress_ticker title="Three"]' )
		);
		$tickers = $this->tickers( $dom );

		$this->assertCount( 3, $tickers );
		$this->assertSame( array( 'tp-ticker-1', 'tp-ticker-2', 'tp-ticker-3' ), array_map( static fn( \DOMElement $ticker ): string => $ticker->getAttribute( 'aria-labelledby' ), $tickers ) );
		foreach ( array( 'One', 'Two', 'Three' ) as $index => $title ) {
			$heading = $dom->one( '//h2[@id="tp-ticker-' . ( $index + 1 ) . '"]' );
			$this->assertSame( $title, $heading ? $dom->text( '.', $heading ) : '', 'Each ticker is named by its own heading.' );
			$this->assertNotNull( $heading );
			$this->assertSame( $tickers[ $index ], $dom->one( './parent::*', $heading ) );
		}
		$this->assertCount( 3, $dom->all( '//*[@id]' ), 'No id is given twice.' );

		Ticker::reset();
		$this->assertSame( 'tp-ticker-1', ( new Html( Ticker::render() ) )->one( '//h2' )?->getAttribute( 'id' ), 'A new request counts from one again.' );
	}

	public function test_the_ticker_costs_the_same_few_queries_however_many_notices_it_shows(): void {
		global $wpdb;
		$cost = array();
		foreach ( array( 2, 10, 20 ) as $count ) {
			// Each measured as a fresh request would: nothing cached.
			wp_cache_flush();
			Ticker::reset();
			$before         = $wpdb->num_queries;
			$html           = Ticker::render( array( 'count' => $count ) );
			$cost[ $count ] = $wpdb->num_queries - $before;
			$dom            = new Html( $html );
			$this->assertCount( $count, $this->items( $dom, $this->tickers( $dom )[0] ) );
		}
		$this->assertSame( $cost[2], $cost[20], 'Twenty notices cost what two do: ' . wp_json_encode( $cost ) );
		$this->assertSame( $cost[2], $cost[10], wp_json_encode( $cost ) );
		// The listing's lookup-table query, the notices and their fields: 3 statements on SQLite,
		// 5 on MariaDB (measured), and never one per notice.
		$this->assertLessThanOrEqual( \TenderPress\Content\NoticeSearch::on_sqlite() ? 3 : 5, $cost[10], 'The notices, their fields and nothing per notice: ' . wp_json_encode( $cost ) );
	}

	public function test_the_site_settings_are_the_defaults_of_every_ticker_without_its_own(): void {
		$section = Settings::section( Ticker::SECTION );
		$this->assertNotNull( $section, 'Settings > TenderPress has a ticker section.' );
		$this->assertSame( array( 'pause', 'speed', 'visible' ), array_keys( $section->fields ) );
		$this->assertSame(
			array(
				'pause'   => array( 4000, 1000, 20000 ),
				'speed'   => array( 700, 0, 5000 ),
				'visible' => array( 3, 1, 10 ),
			),
			array_map( static fn( $field ): array => array( $field->default, $field->min, $field->max ), $section->fields ),
			'The block\'s own defaults and limits.'
		);
		$this->assertSame( 4000, Settings::get( Ticker::SECTION, 'pause' ) );

		$this->set_ticker(
			array(
				'pause'   => '9000',
				'speed'   => '1200',
				'visible' => '5',
			)
		);
		$this->assertSame( array( 9000, 1200, 5 ), array( Settings::get( Ticker::SECTION, 'pause' ), Settings::get( Ticker::SECTION, 'speed' ), Settings::get( Ticker::SECTION, 'visible' ) ) );
		$this->reregister_ticker();
		try {
			$dom     = new Html(
				do_blocks(
					$this->block()
					. $this->block(
						array(
							'pause'   => 2000,
							'speed'   => 0,
							'visible' => 2,
						)
					)
					. $this->block(
						array(
							'pause'   => 999,
							'speed'   => -1,
							'visible' => 11,
						)
					)
				)
				. Ticker::render()
				. do_shortcode( '[tenderpress_ticker]' )
			);
			$tickers = $this->tickers( $dom );
			$this->assertCount( 5, $tickers );
			$expected = array(
				'a block without its own'        => array( 9000, 1200, 5 ),
				'a block with its own'           => array( 2000, 0, 2 ),
				'a block WordPress refuses'      => array( 9000, 1200, 5 ),
				'PHP without attributes'         => array( 9000, 1200, 5 ),
				'a shortcode without attributes' => array( 9000, 1200, 5 ),
			);
			foreach ( array_keys( $expected ) as $index => $case ) {
				list( $pause, $speed, $visible ) = $expected[ $case ];
				$props                           = $this->props( $dom, $tickers[ $index ] );
				$this->assertSame( array( $pause, $speed, $visible ), array( $props['pause'], $props['speed'], $props['visible'] ), $case );
				$this->assertSame( '--tp-ticker-visible:' . $visible . ';--tp-ticker-speed:' . $speed . 'ms', $tickers[ $index ]->getAttribute( 'style' ), $case );
				$this->assertCount( 2 * $visible, $this->copies( $dom, $tickers[ $index ] ), $case . ': as many copies as the window shows.' );
			}
			$attributes = \WP_Block_Type_Registry::get_instance()->get_registered( Ticker::BLOCK )->attributes;
			$this->assertSame( array( 9000, 1200, 5 ), array( $attributes['pause']['default'], $attributes['speed']['default'], $attributes['visible']['default'] ), 'The editor starts from them too.' );
		} finally {
			delete_option( Settings::OPTION );
			$this->reregister_ticker();
		}
		$attributes = \WP_Block_Type_Registry::get_instance()->get_registered( Ticker::BLOCK )->attributes;
		$this->assertSame( array( 4000, 700, 3 ), array( $attributes['pause']['default'], $attributes['speed']['default'], $attributes['visible']['default'] ), 'Without settings, the block\'s own defaults.' );
	}

	public function test_refused_ticker_settings_are_named_and_nothing_is_stored(): void {
		$this->set_ticker(
			array(
				'pause'   => '6000',
				'speed'   => '300',
				'visible' => '4',
			)
		);
		$before = $this->stored_settings_row();
		$this->assertNotNull( $before );

		$pause   = 'Time between moves must be a whole number from 1,000 to 20,000.';
		$speed   = 'Length of a move must be a whole number from 0 to 5,000.';
		$visible = 'Notices shown at once must be a whole number from 1 to 10.';
		$cases   = array(
			'a pause under a second'      => array( array( 'pause' => '999' ), 'pause', $pause ),
			'a pause over twenty seconds' => array( array( 'pause' => '20001' ), 'pause', $pause ),
			'a negative speed'            => array( array( 'speed' => '-1' ), 'speed', $speed ),
			'a speed over five seconds'   => array( array( 'speed' => '5001' ), 'speed', $speed ),
			'no notice at once'           => array( array( 'visible' => '0' ), 'visible', $visible ),
			'eleven at once'              => array( array( 'visible' => '11' ), 'visible', $visible ),
			'a word'                      => array( array( 'visible' => 'abc' ), 'visible', $visible ),
			'a fraction'                  => array( array( 'pause' => '1500.5' ), 'pause', $pause ),
			'nothing'                     => array( array( 'speed' => '' ), 'speed', $speed ),
		);
		foreach ( $cases as $case => list( $values, $field, $message ) ) {
			$this->forget_settings_messages();
			// The other fields of the same save are valid: they are not stored either.
			$this->set_ticker(
				$values + array(
					'pause'   => '8000',
					'speed'   => '900',
					'visible' => '6',
				)
			);

			$this->assertSame( $before, $this->stored_settings_row(), $case . ': the stored option is unchanged.' );
			$this->assertSame( $message, $this->settings_errors()[ Settings::field_id( Ticker::SECTION, $field ) ] ?? null, $case );
			$this->assertArrayHasKey( 'unchanged', $this->settings_errors(), $case );
			$this->assertSame( array( 6000, 300, 4 ), array( Settings::get( Ticker::SECTION, 'pause' ), Settings::get( Ticker::SECTION, 'speed' ), Settings::get( Ticker::SECTION, 'visible' ) ), $case );
		}

		foreach ( array( array( '1000', '0', '1' ), array( '20000', '5000', '10' ) ) as list( $pause_value, $speed_value, $visible_value ) ) {
			$this->forget_settings_messages();
			$this->set_ticker(
				array(
					'pause'   => $pause_value,
					'speed'   => $speed_value,
					'visible' => $visible_value,
				)
			);
			$this->assertSame( array(), $this->settings_errors(), 'The limits are accepted.' );
			$this->assertSame( array( (int) $pause_value, (int) $speed_value, (int) $visible_value ), array( Settings::get( Ticker::SECTION, 'pause' ), Settings::get( Ticker::SECTION, 'speed' ), Settings::get( Ticker::SECTION, 'visible' ) ) );
		}
	}

	public function test_the_notice_type_choices_are_the_content_models_types_and_all(): void {
		$expected = array_merge( array( '' ), NoticeFields::NOTICE_TYPES );
		$this->assertSame( array( '', 'tender', 'eoi', 'corrigendum', 'award' ), $expected );
		$registry = \WP_Block_Type_Registry::get_instance();
		$ticker   = $registry->get_registered( Ticker::BLOCK );
		$this->assertNotNull( $ticker );
		$this->assertSame( $expected, $ticker->attributes['noticeType']['enum'], 'The editor offers every type and "all".' );
		$this->assertSame( '', $ticker->attributes['noticeType']['default'], 'All notices by default.' );
		$this->assertSame( $registry->get_registered( BlockRegistry::LISTING )->attributes['noticeType']['enum'], $ticker->attributes['noticeType']['enum'], 'The same choices as the listing.' );
	}
}
