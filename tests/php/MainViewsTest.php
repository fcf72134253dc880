<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeTaxonomies;
use TenderPress\Listings\MainViews;

/**
 * The ways into the notices that the home page and the "page not found" page offer: each view
 * links to its list and says how many notices it holds, the calendar is found where the demo put
 * it, and the routes by category and location carry each term's count. A second render asks the
 * database nothing more and writes nothing.
 */
final class MainViewsTest extends TestCase {

	public function test_each_view_links_to_its_list_with_its_count(): void {
		$views = array_column( MainViews::views(), null, 'key' );
		$this->assertSame( array( 'open', 'closing-soon', 'eoi', 'calendar', 'all' ), array_keys( $views ) );

		$archive = get_post_type_archive_link( 'tender' );
		$this->assertSame( $archive . '?status=open', $views['open']['url'] );
		$this->assertSame( home_url( '/tenders/closing-soon/' ), $views['closing-soon']['url'] );
		$this->assertSame( $archive . '?notice_type=eoi', $views['eoi']['url'] );
		$this->assertSame( $archive, $views['all']['url'] );

		$this->assertSame( $this->count_published_notices(), $views['all']['count'] );
		$this->assertSame( $this->count_published_notices( 'eoi' ), $views['eoi']['count'] );
		$this->assertGreaterThan( 0, $views['open']['count'] );
		$this->assertLessThanOrEqual( $views['open']['count'], $views['closing-soon']['count'], 'Closing soon is part of open.' );

		$calendar = get_page_by_path( 'deadlines' );
		$this->assertInstanceOf( \WP_Post::class, $calendar );
		$this->assertSame( get_permalink( $calendar ), $views['calendar']['url'] );
		$this->assertNull( $views['calendar']['count'] );
	}

	public function test_the_routes_carry_each_terms_count_most_notices_first(): void {
		$routes = MainViews::routes( NoticeTaxonomies::CATEGORY );
		$this->assertNotEmpty( $routes );
		$counts = array_column( $routes, 'count' );
		$sorted = $counts;
		rsort( $sorted );
		$this->assertSame( $sorted, $counts );
		$first = get_term_by( 'name', $routes[0]['label'], NoticeTaxonomies::CATEGORY );
		$this->assertInstanceOf( \WP_Term::class, $first );
		$this->assertSame( get_term_link( $first ), $routes[0]['url'] );
		$this->assertSame( (int) $first->count, $routes[0]['count'] );
	}

	public function test_a_second_render_reads_nothing_and_no_render_writes(): void {
		global $wpdb;
		$writes = QueryLog::start();
		$html   = MainViews::render( true );
		$before = $wpdb->num_queries;
		$this->assertSame( $html, MainViews::render( true ) );
		$this->assertSame( $before, $wpdb->num_queries, 'The counts and the calendar page are kept with the listings\' cache.' );
		$this->assertSame( array(), $writes->stop() );
		$page = new Html( $html );
		$this->assertSame( 'Notices by category', $page->text( '//h2' ) );
		$this->assertNotNull( $page->one( '//nav[@aria-label="Notice views"]//a[contains(., "Open notices")]' ) );
	}
}
