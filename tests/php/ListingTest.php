<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeStatus;
use TenderPress\Listings\PageLinks;

/**
 * What a visitor sees in the notice listing: cards with type, title link, buyer, deadline and
 * status; real page links with the current page marked; the EOI-only filter; and escaping of
 * stored text.
 */
final class ListingTest extends TestCase {

	protected function tearDown(): void {
		set_query_var( 'paged', 0 );
		unset( $GLOBALS['post'] );
		parent::tearDown();
	}

	private function listing( array $attributes = array( 'perPage' => 10 ) ): Html {
		return new Html( do_blocks( '<!-- wp:tenderpress/listing ' . wp_json_encode( $attributes ) . ' /-->' ) );
	}

	/** @return list<\DOMElement> */
	private function cards( Html $dom ): array {
		return $dom->all( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']/li/article[' . Html::has_class( 'tp-notice-card' ) . ']' );
	}

	/** @return list<string> Title link targets of the cards, in order. */
	private function card_links( Html $dom ): array {
		return array_map( static fn( $card ) => $dom->one( './/a', $card )->getAttribute( 'href' ), $this->cards( $dom ) );
	}

	public function test_a_page_shows_ten_notice_cards_with_their_facts(): void {
		$rendered = time();
		$dom      = $this->listing();
		$cards = $this->cards( $dom );
		$this->assertCount( 10, $cards );

		foreach ( $cards as $card ) {
			$type = $dom->one( './/span[' . Html::has_class( 'tp-badge' ) . ']', $card );
			$this->assertNotNull( $type );
			$this->assertContains( trim( $type->textContent ), array( 'Tender', 'EOI', 'Corrigendum', 'Award' ) );

			$link = $dom->one( './h2[' . Html::has_class( 'tp-notice-card__title' ) . ']/a', $card );
			$this->assertNotNull( $link, 'The title is a heading with a link.' );
			$post_id = url_to_postid( $link->getAttribute( 'href' ) );
			$this->assertSame( 'tender', get_post_type( $post_id ), 'The link leads to the notice.' );
			$this->assertSame( get_the_title( $post_id ), trim( $link->textContent ) );

			$facts = array();
			foreach ( $dom->all( './/dl/div', $card ) as $row ) {
				$facts[ $dom->text( './dt', $row ) ] = $row;
			}
			$this->assertSame( get_post_meta( $post_id, 'tp_buyer', true ), $dom->text( './dd', $facts['Buyer'] ) );
			$time = $dom->one( './dd/time', $facts['Deadline'] );
			$this->assertNotNull( $time );
			$deadline = ( new \DateTimeImmutable( get_post_meta( $post_id, 'tp_deadline', true ), wp_timezone() ) )->getTimestamp();
			$this->assertSame( gmdate( 'c', $deadline ), $time->getAttribute( 'datetime' ) );
			$this->assertSame( wp_date( get_option( 'date_format' ), $deadline ) . ', ' . wp_date( get_option( 'time_format' ), $deadline ) . ' IST', trim( $time->textContent ), 'In the site\'s zone (India), named.' );

			$status = $dom->one( './/span[' . Html::has_class( 'tp-status' ) . ']', $card );
			$this->assertNotNull( $status );
			$expected = $deadline <= time() ? 'Closed' : ( $deadline - time() <= 7 * DAY_IN_SECONDS ? 'Closing soon' : 'Open' );
			$this->assertSame( $expected, trim( $status->textContent ) );
			$left = $dom->text( './dd/span[' . Html::has_class( 'tp-notice-card__left' ) . ']', $facts['Deadline'] );
			if ( 'Closed' === $expected ) {
				$this->assertSame( '', $left, 'A closed notice says so in its badge, with no time left.' );
			} else {
				$this->assertContains( $left, array( NoticeStatus::time_left( $deadline, $rendered ), NoticeStatus::time_left( $deadline, time() ) ), 'An open notice says how long a bidder still has.' );
			}
		}
	}

	public function test_page_links_mark_page_one_and_link_the_others(): void {
		$dom = $this->listing();
		$nav = $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertNotNull( $nav );
		$this->assertSame( 'Pages of notices', $nav->getAttribute( 'aria-label' ) );

		$current = $dom->all( './/*[@aria-current="page"]', $nav );
		$this->assertCount( 1, $current );
		$this->assertSame( 'Page 1', $dom->text( './/span[' . Html::has_class( 'screen-reader-text' ) . ']', $current[0] ) );
		$this->assertNull( $dom->one( './/a[@rel="prev"]', $nav ), 'No previous link on the first page.' );

		$numbered = $dom->all( './/a[@data-page and not(@rel)]', $nav );
		$this->assertSame( array( '2', '3', '4', '5', $nav->getAttribute( 'data-totalpages' ) ), array_map( static fn( $a ) => $a->getAttribute( 'data-page' ), $numbered ), 'The next pages, and the last.' );
		$this->assertSame( get_pagenum_link( 3 ), $numbered[1]->getAttribute( 'href' ) );
		$this->assertSame( 'Page 3', $numbered[1]->getAttribute( 'aria-label' ) );
		$this->assertSame( get_pagenum_link( 2 ), $dom->one( './/a[@rel="next"]', $nav )->getAttribute( 'href' ) );
	}

	public function test_page_three_shows_other_notices_and_is_marked_current(): void {
		$first = $this->card_links( $this->listing() );

		set_query_var( 'paged', 3 );
		$dom = $this->listing();
		$third = $this->card_links( $dom );

		$this->assertCount( 10, $third );
		$this->assertSame( array(), array_intersect( $first, $third ), 'Page 3 lists other notices than page 1.' );
		$nav = $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertSame( 'Page 3', $dom->text( './/*[@aria-current="page"]//span[' . Html::has_class( 'screen-reader-text' ) . ']', $nav ) );
		$this->assertSame( get_pagenum_link( 2 ), $dom->one( './/a[@rel="prev"]', $nav )->getAttribute( 'href' ) );
		$this->assertSame( get_pagenum_link( 4 ), $dom->one( './/a[@rel="next"]', $nav )->getAttribute( 'href' ) );
		$last = $nav->getAttribute( 'data-totalpages' );
		$this->assertGreaterThan( 7, (int) $last );
		$this->assertSame( array( '1', '2', '4', '5', $last ), array_map( static fn( $a ) => $a->getAttribute( 'data-page' ), $dom->all( './/a[@data-page and not(@rel)]', $nav ) ), 'The pages around page 3, and the last.' );
		$found = (int) $dom->one( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']' )->getAttribute( 'data-found' );
		$this->assertSame( 'Showing 21–30 of ' . number_format_i18n( $found ) . ' notices', $dom->text( '//p[' . Html::has_class( 'tp-listing__range' ) . ']' ), 'Which notices these are, above the page links.' );
	}

	/**
	 * @dataProvider page_rows
	 * @param list<int|null> $expected
	 */
	public function test_the_numbers_row_shows_the_first_current_and_last_pages_in_as_many_places( int $current, int $total, int $visible, array $expected ): void {
		$this->assertSame( $expected, PageLinks::places( $current, $total, $visible ) );
	}

	/** @return array<string, array{0: int, 1: int, 2: int, 3: list<int|null>}> */
	public function page_rows(): array {
		return array(
			'first page'            => array( 1, 36, 5, array( 1, 2, 3, 4, 5, null, 36 ) ),
			'fourth page'           => array( 4, 36, 5, array( 1, 2, 3, 4, 5, null, 36 ) ),
			'fifth page'            => array( 5, 36, 5, array( 1, null, 4, 5, 6, null, 36 ) ),
			'middle'                => array( 10, 36, 5, array( 1, null, 9, 10, 11, null, 36 ) ),
			'fourth from the end'   => array( 33, 36, 5, array( 1, null, 32, 33, 34, 35, 36 ) ),
			'last page'             => array( 36, 36, 5, array( 1, null, 32, 33, 34, 35, 36 ) ),
			'nine shown'            => array( 20, 36, 9, array( 1, null, 17, 18, 19, 20, 21, 22, 23, null, 36 ) ),
			'one shown, still five' => array( 10, 36, 1, array( 1, null, 10, null, 36 ) ),
			'all fit'               => array( 4, 7, 5, array( 1, 2, 3, 4, 5, 6, 7 ) ),
			'fewer pages'           => array( 2, 3, 5, array( 1, 2, 3 ) ),
			'no pages'              => array( 1, 0, 5, array( 1 ) ),
		);
	}

	/**
	 * For every listing of up to 40 pages and every "page links shown" from 1 to 9: the first,
	 * current and last pages show, in order, in as many places on every page (so paging in
	 * place moves no link), and a gap stands for two pages or more (one would have its number).
	 */
	public function test_every_row_keeps_its_width_and_its_first_current_and_last_pages(): void {
		for ( $total = 1; $total <= 40; $total++ ) {
			for ( $visible = 1; $visible <= 9; $visible++ ) {
				$width = min( $total, max( 5, $visible + 2 ) );
				for ( $current = 1; $current <= $total; $current++ ) {
					$places = PageLinks::places( $current, $total, $visible );
					$pages  = array_values( array_filter( $places, 'is_int' ) );
					$where  = "page {$current} of {$total}, {$visible} shown";
					$this->assertCount( $width, $places, $where );
					$this->assertContains( $current, $pages, $where );
					$this->assertSame( array( 1, $total ), array( $pages[0], end( $pages ) ), $where );
					foreach ( $places as $i => $place ) {
						$next = $places[ $i + 1 ] ?? null;
						if ( null !== $place && null !== $next ) {
							$this->assertSame( $place + 1, $next, $where );
						}
						if ( null === $place ) {
							$this->assertGreaterThan( 2, $places[ $i + 1 ] - $places[ $i - 1 ], $where );
						}
					}
				}
			}
		}
	}

	public function test_no_page_links_for_a_single_page(): void {
		$this->assertSame( '', PageLinks::render( 1, 1, 'get_pagenum_link', 5 ) );
	}

	public function test_an_eoi_listing_lists_only_eois(): void {
		$dom = $this->listing( array( 'perPage' => 10, 'noticeType' => 'eoi' ) );
		$cards = $this->cards( $dom );
		$this->assertCount( 10, $cards );
		foreach ( $cards as $card ) {
			$this->assertStringContainsString( 'tp-notice-card--eoi', $card->getAttribute( 'class' ) );
			$this->assertSame( 'EOI', $dom->text( './/span[' . Html::has_class( 'tp-badge' ) . ']', $card ) );
			$post_id = url_to_postid( $dom->one( './/h2/a', $card )->getAttribute( 'href' ) );
			$this->assertSame( 'eoi', get_post_meta( $post_id, 'tp_notice_type', true ) );
		}
		$all_eois = count( get_posts( array( 'post_type' => 'tender', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => 'tp_notice_type', 'meta_value' => 'eoi' ) ) );
		$last = $dom->all( '//nav//a[@data-page and not(@rel)]' );
		$this->assertSame( (string) ceil( $all_eois / 10 ), end( $last )->getAttribute( 'data-page' ), 'The last link goes to the last page of EOIs.' );
	}

	public function test_an_unknown_notice_type_lists_every_notice(): void {
		$unfiltered = $this->card_links( $this->listing() );
		$this->assertSame( $unfiltered, $this->card_links( $this->listing( array( 'perPage' => 10, 'noticeType' => 'auction' ) ) ) );
	}

	public function test_a_title_with_a_script_is_escaped_in_its_card(): void {
		$this->log_in_as( 'administrator' ); // Stores the title unfiltered, as an import could.
		$id = $this->make_notice( array( 'tp_buyer' => 'Delhi Jal Board' ), array( 'post_title' => 'Pipes <script>alert(1)</script> & valves' ) );
		wp_set_current_user( 0 );
		$this->assertStringContainsString( '<script>', get_post( $id )->post_title );

		$html = do_blocks( '<!-- wp:tenderpress/listing {"perPage":10} /-->' );
		$this->assertStringNotContainsString( '<script>alert(1)', $html );
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$dom = new Html( $html );
		$this->assertSame( get_permalink( $id ), $this->card_links( $dom )[0], 'The new notice is listed first.' );
		$this->assertStringContainsString( '<script>alert(1)</script>', $dom->text( '//article//h2/a' ), 'Shown as text, not run.' );
	}
}
