<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Listings\AppliedFilters;
use TenderPress\Listings\ListingSettings;
use TenderPress\Listings\NoticeFilters;

/**
 * The archive's list as Find a Tender shows one: open notices unless the visitor asks for the
 * closed ones too, the filters applied as tags each linking to the view without it, "Clear all",
 * and an empty result that says what to try. Bad values change nothing and log nothing.
 */
final class AppliedFiltersTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		unset( $_SERVER['HTTP_REFERER'] );
		parent::tearDown();
	}

	/** The archive's listing, as a visitor to $path gets it. */
	private function archive( string $path ): Html {
		PageView::visit( home_url( $path ) );
		return new Html( do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' ) );
	}

	private function stated( Html $html ): int {
		return (int) preg_replace( '/\D/', '', (string) $html->text( '//p[' . Html::has_class( 'tp-listing__count' ) . ']' ) );
	}

	/** @return array<string, string> Each tag's words (screen-reader prefix included) => its link. */
	private function tags( Html $html ): array {
		$tags = array();
		foreach ( $html->all( '//a[' . Html::has_class( 'tp-applied__tag' ) . ']' ) as $link ) {
			$tags[ trim( $link->textContent ) ] = $link->getAttribute( 'href' );
		}
		return $tags;
	}

	public function test_the_archive_lists_open_notices_until_asked_for_the_closed_ones_too(): void {
		$default = $this->stated( $this->archive( '/tenders/' ) );
		$open    = $this->stated( $this->archive( '/tenders/?status=open' ) );
		$closed  = $this->stated( $this->archive( '/tenders/?status=closed' ) );
		$all     = $this->archive( '/tenders/?status=any' );

		$this->assertGreaterThan( 0, $closed );
		$this->assertSame( $open, $default, 'Open notices by default.' );
		$this->assertSame( $open + $closed, $this->stated( $all ), '"any" lists every notice, closed ones too.' );
		$this->assertSame( array( 'Remove filter: Status: Any, closed included×' ), array_keys( $this->tags( $all ) ) );

		$html = $this->archive( '/tenders/' );
		$this->assertSame( 'Showing open notices. Include ' . $closed . ' closed notices', $html->text( '//p[' . Html::has_class( 'tp-applied__scope' ) . ']' ) );
		$this->assertSame( home_url( '/tenders/?status=any' ), $html->one( '//p[' . Html::has_class( 'tp-applied__scope' ) . ']/a' )->getAttribute( 'href' ) );
		$this->assertSame( array(), $this->tags( $html ), 'The default is no filter of the visitor\'s.' );
		$this->assertSame( 'Open for bids (' . $open . ')', $html->text( '//select[@name="status"]/option[@value="open"][@selected]' ) );
		$this->assertSame( 'Any status, closed included (' . ( $open + $closed ) . ')', $html->text( '//select[@name="status"]/option[@value="any"]' ) );

		// "status=open" asked for in a link is the default itself: no tag, the same notices.
		$this->assertSame( array(), $this->tags( $this->archive( '/tenders/?status=open' ) ) );
	}

	public function test_a_listing_without_filters_still_lists_every_notice(): void {
		PageView::visit( home_url( '/tenders/' ) );
		$without = new Html( do_blocks( '<!-- wp:tenderpress/listing {"perPage":5} /-->' ) );
		$all     = $this->stated( $this->archive( '/tenders/?status=any' ) );
		$this->assertSame( (string) $all, $without->one( '//ul[' . Html::has_class( 'tp-listing__list' ) . ']' )->getAttribute( 'data-found' ) );
		$this->assertFalse( ListingSettings::from_attributes( array() )['openFirst'] );
		$this->assertTrue( ListingSettings::from_attributes( array( 'showFilters' => true ) )['openFirst'] );
	}

	public function test_each_filter_is_a_tag_that_links_to_the_view_without_it_and_clear_all_keeps_none(): void {
		$html = $this->archive( '/tenders/?category=civil-works&location=maharashtra&sort=closing' );
		$this->assertSame(
			array(
				'Remove filter: Category: Civil Works×' => home_url( '/tenders/?location=maharashtra&sort=closing' ),
				'Remove filter: Location: Maharashtra×' => home_url( '/tenders/?category=civil-works&sort=closing' ),
			),
			$this->tags( $html ),
			'The order is not a tag: it is chosen beside the count.'
		);
		$this->assertSame( home_url( '/tenders/' ), $html->one( '//a[' . Html::has_class( 'tp-applied__clear' ) . ']' )->getAttribute( 'href' ) );
		$this->assertSame( 'closing', $html->one( '//select[@name="sort"]/option[@selected]' )->getAttribute( 'value' ) );
		$this->assertSame( $html->one( '//form[' . Html::has_class( 'tp-filters' ) . ']' )->getAttribute( 'id' ), $html->one( '//select[@name="sort"]' )->getAttribute( 'form' ), 'Sort by belongs to the filter form.' );
		$this->assertSame( 'Filters (2)', $html->text( '//summary' ) );
		$this->assertNull( $html->one( '//details[@open]' ), 'On a phone the notices come first, filters or not.' );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public function bad_values(): array {
		return array(
			'unknown status'   => array( 'status=archived' ),
			'status as a list' => array( 'status[]=any' ),
			'unknown category' => array( 'category=nope' ),
			'unknown argument' => array( 'colour=red' ),
			'status with markup' => array( 'status=%3Cb%3Eany%3C/b%3E' ),
		);
	}

	/**
	 * @dataProvider bad_values
	 */
	public function test_a_bad_value_changes_nothing_and_logs_nothing( string $query ): void {
		$default = $this->stated( $this->archive( '/tenders/' ) );
		$log     = DebugLog::open_proven();
		$html    = $this->archive( '/tenders/?' . $query );
		$this->assertSame( $default, $this->stated( $html ), 'Still the open notices.' );
		$this->assertSame( array(), $this->tags( $html ) );
		$this->assertStringNotContainsString( '<b>', $html->text( '//body' ) ?? '' );
		$this->assertSame( '', $log->written_since_opened() );
	}

	public function test_an_empty_result_links_to_each_way_out(): void {
		$html  = $this->archive( '/tenders/?notice_type=eoi&value_min=999999999999' );
		$links = array();
		foreach ( $html->all( '//div[' . Html::has_class( 'tp-applied__empty' ) . ']//a' ) as $link ) {
			$links[ $link->textContent ] = $link->getAttribute( 'href' );
		}
		$this->assertSame( home_url( '/tenders/?value_min=999999999999' ), $links['Remove “Notice type: EOI”'] );
		$this->assertSame( home_url( '/tenders/' ), $links['Clear all filters'] );
		$this->assertSame( home_url( '/tenders/?notice_type=eoi&status=any&value_min=999999999999' ), $links['Include closed notices'] );
		$this->assertCount( 4, $links );
	}

	public function test_a_page_answered_in_place_brings_its_tags_linked_from_the_page_that_asked(): void {
		$html = $this->archive( '/tenders/' );
		$sid  = $html->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' )->getAttribute( 'data-sid' );
		// The page that asks is page 3 of a filtered view: the tags link to first pages.
		$_SERVER['HTTP_REFERER'] = home_url( '/tenders/page/3/?location=maharashtra' );
		$answer = Ajax::post(
			PaginationRequest::ACTION,
			PaginationFields::for_listing(
				$sid,
				array(
					'page'        => '1',
					'custom_data' => (string) wp_json_encode( array( 'location' => 'maharashtra', 'status' => NoticeFilters::STATUS_ANY ) ),
				)
			)
		);
		$this->assertSame( 200, $answer->status ?? 200 );
		$tags = $this->tags( new Html( $answer->body ) );
		$this->assertSame(
			array(
				'Remove filter: Status: Any, closed included×' => home_url( '/tenders/?location=maharashtra' ),
				'Remove filter: Location: Maharashtra×'         => home_url( '/tenders/?status=any' ),
			),
			$tags
		);
		$this->assertSame( home_url( '/tenders/' ), AppliedFilters::base_from_referer() );

		$bad = Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $sid, array( 'custom_data' => '{"status":"everything"}' ) ) );
		$this->assertSame( 400, $bad->status );
	}
}
