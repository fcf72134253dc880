<?php
namespace TenderPress\Tests;

use TenderPress\Blocks\NoticeChanges;
use TenderPress\Content\Notice;
use TenderPress\Content\NoticePostType;

require_once dirname( __DIR__, 2 ) . '/scripts/seed/DemoData.php';

/**
 * The seeded demo agrees with itself, since it is what a site owner judges the plugin by: every
 * notice's buyer buys its category and sits in its state, its reference carries the buyer's and
 * the category's codes, and every corrigendum amends a published notice whose reference, buyer,
 * category and location it shares, at an address made of that reference, published no earlier
 * than the notice.
 */
final class DemoDataTest extends TestCase {

	/** @return list<\WP_Post> */
	private static function notices(): array {
		$posts = get_posts(
			array(
				'post_type'   => NoticePostType::POST_TYPE,
				'post_status' => 'publish',
				'numberposts' => -1,
			)
		);
		return array_values( array_filter( $posts, static fn( $post ): bool => $post instanceof \WP_Post ) );
	}

	/** @return list<string> */
	private static function terms( \WP_Post $post, string $taxonomy ): array {
		$names = wp_get_object_terms( $post->ID, $taxonomy, array( 'fields' => 'names' ) );
		$names = is_array( $names ) ? array_map( 'strval', $names ) : array();
		sort( $names );
		return $names;
	}

	public function test_every_buyer_buys_what_its_notices_are_for_in_its_own_state(): void {
		$buyers  = \TenderPress_Demo_Data::BUYERS + \TenderPress_Demo_Data::OTHER_BUYERS;
		$notices = self::notices();
		$this->assertGreaterThan( 300, count( $notices ) );
		$wrong = array();
		foreach ( $notices as $post ) {
			$notice   = Notice::stored( $post );
			$category = self::terms( $post, 'tender_category' );
			$places   = self::terms( $post, 'tender_location' );
			$this->assertCount( 1, $category, $post->post_name );
			$row = $buyers[ $notice->buyer ] ?? null;
			if ( null === $row ) {
				$wrong[] = "{$post->post_name}: unknown buyer {$notice->buyer}";
				continue;
			}
			if ( ! \TenderPress_Demo_Data::buys( $notice->buyer, $category[0] ) ) {
				$wrong[] = "{$post->post_name}: {$notice->buyer} does not buy {$category[0]}";
			}
			if ( ! in_array( $row[1], $places, true ) ) {
				$wrong[] = "{$post->post_name}: {$notice->buyer} is not in " . implode( ', ', $places );
			}
			$prefix = $row[0] . '/' . \TenderPress_Demo_Data::CATEGORIES[ $category[0] ][0] . '/';
			if ( ! str_starts_with( $notice->reference, $prefix ) ) {
				$wrong[] = "{$post->post_name}: reference {$notice->reference} is not {$prefix}…";
			}
		}
		$this->assertSame( array(), $wrong );
		// The rule the seed keeps itself: the electricity board buys no water mains.
		$this->assertFalse( \TenderPress_Demo_Data::buys( 'Kerala State Electricity Board', 'Water and Sanitation' ) );
	}

	public function test_every_corrigendum_matches_the_notice_it_amends(): void {
		$count = 0;
		$wrong = array();
		foreach ( self::notices() as $post ) {
			$corrigendum = Notice::stored( $post );
			if ( 'corrigendum' !== $corrigendum->type ) {
				continue;
			}
			++$count;
			$amended = NoticeChanges::amended( $corrigendum );
			if ( ! $amended ) {
				$wrong[] = "{$post->post_name}: amends no published notice ({$corrigendum->reference})";
				continue;
			}
			$notice = Notice::stored( $amended );
			if ( $notice->buyer !== $corrigendum->buyer ) {
				$wrong[] = "{$post->post_name}: buyer {$corrigendum->buyer}, the notice's {$notice->buyer}";
			}
			foreach ( array( 'tender_category', 'tender_location' ) as $taxonomy ) {
				if ( self::terms( $amended, $taxonomy ) !== self::terms( $post, $taxonomy ) ) {
					$wrong[] = "{$post->post_name}: {$taxonomy} differs from the notice's";
				}
			}
			if ( ! str_starts_with( $post->post_name, sanitize_title( $notice->reference ) . '-corrigendum-' ) ) {
				$wrong[] = "{$post->post_name}: address not made of {$notice->reference}";
			}
			if ( ! str_ends_with( $post->post_title, ': ' . $amended->post_title ) ) {
				$wrong[] = "{$post->post_name}: title does not name {$amended->post_title}";
			}
			if ( $post->post_date < $amended->post_date ) {
				$wrong[] = "{$post->post_name}: published before the notice it amends";
			}
		}
		$this->assertGreaterThan( 2, $count );
		$this->assertSame( array(), $wrong );
	}
}
