<?php
namespace TenderPress\Tests;

/**
 * WordPress's own search (`?s=`) finds notices as the notice search does: a search scoped to
 * notices goes on to the notice archive's search, and a site-wide search finds a notice by its
 * reference number. The reference is the seeded notice no. 86's (PWD-MH/WS/<year>/0086 in the
 * demo; its year follows the day of the seed, so it is read from the site).
 */
final class SiteSearchTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		remove_all_filters( 'wp_redirect' );
		parent::tearDown();
	}

	/** @return array{0:int,1:string} The id and reference number of the seeded notice no. 86. */
	private function seeded_notice(): array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key = 'tp_reference' AND meta_value LIKE %s", '%/0086' ), ARRAY_A );
		$this->assertIsArray( $row, 'The seed numbers its notices in their reference.' );
		$this->assertSame( 'publish', get_post_status( (int) $row['post_id'] ) );
		return array( (int) $row['post_id'], (string) $row['meta_value'] );
	}

	/**
	 * Where a visit to the URL sends the visitor (a redirect from template_redirect), or null.
	 *
	 * @return array{0:string,1:int}|null The location and status.
	 */
	private function redirect_of( string $url ): ?array {
		PageView::visit( $url );
		add_filter(
			'wp_redirect',
			static function ( $location, $status ) {
				throw new \RuntimeException( wp_json_encode( array( $location, $status ) ) );
			},
			10,
			2
		);
		try {
			do_action( 'template_redirect' );
		} catch ( \RuntimeException $redirect ) {
			return json_decode( $redirect->getMessage(), true );
		} finally {
			remove_all_filters( 'wp_redirect' );
		}
		return null;
	}

	/** @return list<int> The notices a visit to the URL lists, in order (its main query). */
	private function found( string $url ): array {
		PageView::visit( $url );
		return array_map( static fn( $post ) => (int) ( $post instanceof \WP_Post ? $post->ID : $post ), $GLOBALS['wp_query']->posts );
	}

	public function test_a_wordpress_search_scoped_to_notices_lands_on_the_one_results_page(): void {
		[ $id, $reference ] = $this->seeded_notice();
		$redirect           = $this->redirect_of( add_query_arg( array( 's' => rawurlencode( $reference ), 'post_type' => 'tender' ), home_url( '/' ) ) );
		$this->assertNotNull( $redirect, 'A notice search by ?s=…&post_type=tender goes on to the results page.' );
		$this->assertSame( 301, $redirect[1] );
		$this->assertSame( add_query_arg( 's', rawurlencode( $reference ), home_url( '/' ) ), $redirect[0], 'The same search, notices first.' );
		$this->assertNull( $this->redirect_of( $redirect[0] ), 'The results page is where it stays.' );
		$this->assertSame( $id, \TenderPress\Listings\RankedNoticeSearch::page( $reference, 1, 10 )[0] ?? null );
	}

	public function test_a_scoped_search_keeps_the_listings_filters_and_page(): void {
		$redirect = $this->redirect_of( home_url( '/?s=water+supply&post_type=tender&status=open&sort=closing&paged=2' ) );
		$this->assertNotNull( $redirect );
		$this->assertSame( home_url( '/tenders/?q=water%20supply&status=open&sort=closing&paged=2' ), $redirect[0] );
		$this->assertNull( $this->redirect_of( home_url( '/?s=water&post_type=tender&feed=rss2' ) ), 'A feed of the search stays a feed.' );
	}

	public function test_a_site_wide_search_stays_on_the_results_page_and_finds_a_notice_by_its_reference_number(): void {
		[ $id, $reference ] = $this->seeded_notice();
		$this->assertNull( $this->redirect_of( add_query_arg( 's', rawurlencode( $reference ), home_url( '/' ) ) ), 'A search of the whole site stays on the one results page.' );
		$this->assertSame( $id, \TenderPress\Listings\RankedNoticeSearch::page( $reference, 1, 10 )[0] ?? null );
		$this->assertSame( array(), \TenderPress\Listings\RankedNoticeSearch::page( 'NO-SUCH/REF/0000/0000', 1, 10 ), 'Other references find nothing.' );
		$this->assertContains( $id, \TenderPress\Listings\RankedNoticeSearch::page( get_the_title( $id ), 1, 10 ), 'The notice\'s own title finds it too.' );
		$this->assertNotContains( $id, $this->found( add_query_arg( 's', rawurlencode( $reference ), home_url( '/' ) ) ), 'The page\'s main query lists guides and pages; notices come from the index.' );
	}
}
