<?php
namespace TenderPress\Tests;

use TenderPress\Listings\RankedNoticeSearch;
use TenderPress\Listings\SearchHighlight;
use TenderPress\Listings\SearchResults;

/**
 * The one search results page: what it says was found, the scope switch and its counts, the order
 * of the notices, the marked words, and input that is not a search. Each test's words are made up
 * ("quokka…"), so only the notices and pages the test makes match them.
 */
final class SearchResultsTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		parent::tearDown();
	}

	/** The results page of a URL, as the template's block renders it. */
	private function results_of( string $url ): Html {
		PageView::visit( $url );
		return new Html( SearchResults::render() );
	}

	public function test_the_heading_says_how_many_notices_match_the_words(): void {
		$this->make_notice( array(), array( 'post_title' => 'Quokkafence repairs at the depot' ) );
		$this->make_notice( array(), array( 'post_title' => 'Quokkafence painting, ward 4' ) );

		$page = $this->results_of( home_url( '/?s=quokkafence' ) );
		$this->assertSame( '2 notices match “quokkafence”', $page->text( '//h1' ) );
		$this->assertCount( 2, $page->all( '//article[' . Html::has_class( 'tp-notice-card' ) . ']' ) );

		$this->assertSame( '1 notice matches “x”', SearchResults::count_line( 'notices', 1, 'x' ), 'One notice is said in the singular.' );
		$this->assertSame( 'No notices match “quokkanothing”', $this->results_of( home_url( '/?s=quokkanothing' ) )->text( '//h1' ) );
	}

	public function test_the_scope_switch_links_each_scope_with_its_count_and_marks_the_current_one(): void {
		$this->make_notice( array(), array( 'post_title' => 'Quokkabridge inspection' ) );
		$guide = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'How to bid for a quokkabridge contract',
				'post_content' => 'Read the quokkabridge notice first.',
			)
		);
		$this->assertIsInt( $guide );

		$page  = $this->results_of( home_url( '/?s=quokkabridge' ) );
		$links = $page->all( '//nav[' . Html::has_class( 'tp-search-results__scopes' ) . ']//a' );
		$this->assertSame( array( 'Notices 1', 'Guides and pages 1' ), array_map( static fn( $link ) => trim( $link->textContent ), $links ) );
		$this->assertSame( 'page', $links[0]->getAttribute( 'aria-current' ) );
		$this->assertFalse( $links[1]->hasAttribute( 'aria-current' ) );
		$this->assertSame( home_url( '/?s=quokkabridge&scope=guides' ), $links[1]->getAttribute( 'href' ) );

		$guides = $this->results_of( home_url( '/?s=quokkabridge&scope=guides' ) );
		$this->assertSame( '1 guide or page matches “quokkabridge”', $guides->text( '//h1' ) );
		$this->assertSame( get_permalink( $guide ), $guides->one( '//h2/a' )?->getAttribute( 'href' ) );
		$this->assertSame( 'page', $guides->all( '//nav//a' )[1]->getAttribute( 'aria-current' ) );
		$this->assertSame( array(), $guides->all( '//article' ), 'Guides are not shown as notice cards.' );
	}

	public function test_the_reference_comes_first_then_notices_with_the_words_in_their_title(): void {
		$in_text   = $this->make_notice( array(), array( 'post_title' => 'Ward office supplies', 'post_content' => 'Includes quokkapump spares.', 'post_date' => '2026-11-20 10:00:00' ) );
		$in_title  = $this->make_notice( array(), array( 'post_title' => 'Quokkapump replacement', 'post_date' => '2026-11-01 10:00:00' ) );
		$reference = $this->make_notice( array( 'tp_reference' => 'QUOKKA/PUMP/2026/0001' ), array( 'post_title' => 'Borewell works', 'post_date' => '2026-10-01 10:00:00' ) );

		$this->assertSame( array( $in_title, $in_text ), RankedNoticeSearch::page( 'quokkapump', 1, 10 ), 'The title match first, though older.' );
		$this->assertSame( $reference, RankedNoticeSearch::page( 'QUOKKA/PUMP/2026/0001', 1, 10 )[0] ?? null, 'A pasted reference number finds its notice first.' );
	}

	public function test_the_words_are_marked_and_the_search_never_reaches_the_page_as_markup(): void {
		$this->make_notice( array(), array( 'post_title' => 'Quokkapipe laying & trenching' ) );

		PageView::visit( home_url( '/?s=' . rawurlencode( '</h1><script>alert(1)</script>"><img src=x onerror=alert(2)> quokkapipe' ) ) );
		$html = SearchResults::render();
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringNotContainsString( '<img', $html );
		$this->assertStringContainsString( '<mark>Quokkapipe</mark> laying &amp; trenching', $html );

		$marked = SearchHighlight::mark( esc_html( 'Pipes & <script>pipework</script> at "Amp" road' ), '<script> pipe amp' );
		$this->assertSame( '<mark>Pipes</mark> &amp; &lt;<mark>script</mark>&gt;<mark>pipework</mark>&lt;/<mark>script</mark>&gt; at &quot;<mark>Amp</mark>&quot; road', $marked, 'Words are marked in text only, never inside a character reference ("amp" leaves &amp; alone), and the text stays escaped.' );
	}

	public function test_input_that_is_not_a_search_shows_the_search_form_and_logs_nothing(): void {
		$log = DebugLog::open_proven();
		foreach ( array( '/?s[]=x', '/?s=water&scope[]=guides', '/?s=water&scope=nonsense', '/?s=' ) as $url ) {
			PageView::visit( home_url( $url ) );
			$html = new Html( SearchResults::render() );
			$this->assertNotSame( '', $html->text( '//h1' ), $url );
		}
		$this->assertSame( 'Search', $this->results_of( home_url( '/?s[]=x' ) )->text( '//h1' ) );
		$this->assertNotNull( $this->results_of( home_url( '/?s[]=x' ) )->one( '//form[@role="search"]//input[@name="s"]' ) );
		$this->assertSame( 'page', $this->results_of( home_url( '/?s=water&scope=nonsense' ) )->all( '//nav//a' )[0]->getAttribute( 'aria-current' ), 'An unknown scope shows notices.' );
		$this->assertSame( '', $log->written_since_opened() );
	}

	public function test_a_visitor_does_not_find_a_protected_notice(): void {
		$this->make_notice( array( 'tp_reference' => 'QUOKKA/SECRET/2026/0001' ), array( 'post_title' => 'Quokkasecret survey', 'post_password' => 'secret' ) );
		$this->assertSame( 0, RankedNoticeSearch::count( 'quokkasecret' ) );
		$this->assertSame( array(), RankedNoticeSearch::page( 'QUOKKA/SECRET/2026/0001', 1, 10 ) );
	}
}
