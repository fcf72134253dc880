<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeIndex;
use TenderPress\Content\NoticeSearch;
use TenderPress\Listings\FilterCounts;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingPage;
use TenderPress\Listings\ListingSettings;

/**
 * Every filter, sort and search costs the same number of queries whatever the number of notices:
 * counted on the seeded site, then again after the notices are tripled (copies written as the
 * demo seeder writes them, inside the test's transaction). The bench measures the same at 1k,
 * 10k and 100k notices, with the time and the query plans (BENCHMARKS.md, part 4).
 */
final class FilterScaleTest extends TestCase {

	protected function tearDown(): void {
		NoticeSearch::$statements = null;
		parent::tearDown();
	}

	/** @return array<string, callable():mixed> */
	private function scenarios(): array {
		$settings = ListingSettings::from_attributes( array( 'perPage' => 10 ) );
		$page     = static fn( array $filters ) => static fn() => ListingPage::get( $settings, 1, $filters );
		return array(
			'no filter'           => $page( array() ),
			'type'                => $page( array( 'noticeType' => 'eoi' ) ),
			'status, by deadline' => $page(
				array(
					'status' => 'open',
					'sort'   => 'closing',
				)
			),
			'closing soon'        => $page( array( 'status' => 'closing-soon' ) ),
			'category and state'  => $page(
				array(
					'category' => 'civil-works',
					'location' => 'maharashtra',
				)
			),
			'deadline range'      => $page(
				array(
					'deadlineFrom' => wp_date( 'Y-m-d' ),
					'deadlineTo'   => wp_date( 'Y-m-d', time() + 30 * DAY_IN_SECONDS ),
				)
			),
			'value, by value'     => $page(
				array(
					'valueMin' => '1000000',
					'sort'     => 'value',
				)
			),
			'buyer'               => $page( array( 'buyer' => 'Pune Municipal Corporation' ) ),
			'search'              => $page( array( 'q' => 'water supply' ) ),
			'search and filters'  => $page(
				array(
					'q'      => 'road',
					'status' => 'open',
				)
			),
			'the form\'s counts'  => static fn() => FilterCounts::get( $settings ),
		);
	}

	/** @return array<string, int> Queries each scenario costs with an empty cache. */
	private function costs(): array {
		global $wpdb;
		$costs = array();
		foreach ( $this->scenarios() as $name => $scenario ) {
			ListingCache::bump();
			wp_cache_flush();
			NoticeSearch::$statements = array();
			$before                   = $wpdb->num_queries;
			$scenario();
			$costs[ $name ] = $wpdb->num_queries - $before + count( NoticeSearch::$statements );
		}
		return $costs;
	}

	/** Writes two copies of every published notice, with its fields and terms. */
	private function triple_the_notices(): int {
		global $wpdb;
		require_once dirname( __DIR__, 2 ) . '/scripts/seed/BulkWriter.php';
		$writer  = new \TenderPress_Demo_BulkWriter();
		$notices = get_posts(
			array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'numberposts' => -1,
			)
		);
		$texts = array();
		foreach ( array( 1, 2 ) as $copy ) {
			foreach ( $notices as $notice ) {
				$meta = array();
				foreach ( array( 'tp_notice_type', 'tp_reference', 'tp_buyer', 'tp_deadline', 'tp_value_amount' ) as $key ) {
					$value = get_post_meta( $notice->ID, $key, true );
					if ( '' !== $value ) {
						$meta[ $key ] = 'tp_reference' === $key ? $value . '-' . $copy : $value;
					}
				}
				$id           = $writer->add(
					array(
						'post_type'     => 'tender',
						'post_title'    => $notice->post_title,
						'post_name'     => $notice->post_name . '-' . $copy,
						'post_content'  => $notice->post_content,
						'post_excerpt'  => $notice->post_excerpt,
						'post_date'     => $notice->post_date,
						'post_date_gmt' => $notice->post_date_gmt,
						'post_author'   => 1,
					),
					$meta,
					array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT term_taxonomy_id FROM {$wpdb->term_relationships} WHERE object_id = %d", $notice->ID ) ) )
				);
				$texts[ $id ] = NoticeSearch::text_of( $notice );
			}
		}
		$writer->flush();
		NoticeIndex::rebuild();
		// Each copy's text added to the search index, the originals' left as they are: InnoDB's
		// full-text index sees rows only once committed, and this test's rows never are.
		foreach ( $texts as $id => $text ) {
			NoticeSearch::write( $id, $text );
		}
		return 3 * count( $notices );
	}

	public function test_each_filter_sort_and_search_costs_the_same_queries_at_three_times_the_notices(): void {
		$small = $this->costs();
		$this->assertSame( array(), array_filter( $small, static fn( int $cost ) => $cost < 1 || $cost > 16 ), 'Each costs a few queries (terms are looked up one by one with an empty cache): ' . wp_json_encode( $small ) );

		$notices = $this->triple_the_notices();
		$this->assertSame( $notices, (int) wp_count_posts( 'tender' )->publish );
		ListingCache::bump();
		$this->assertSame( $small, $this->costs(), 'Query counts at ' . $notices . ' notices, against ' . ( $notices / 3 ) );
	}
}
