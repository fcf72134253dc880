<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Islands\Paginator;

/**
 * The server is the only renderer of a listing's page links: a page answered in place brings its
 * links, and they are the links the first render draws for that page at that address, byte for
 * byte, filters and the view's own address included. So the island only shows what comes.
 */
final class PageLinksAnswerTest extends TestCase {

	protected function tearDown(): void {
		PageView::reset();
		Paginator::reset();
		unset( $_SERVER['HTTP_REFERER'] );
		parent::tearDown();
	}

	/** @return array<string, array{string}> Addresses of a listing's pages, as visitors open them. */
	public static function pages(): array {
		return array(
			'the archive, page 2'            => array( '/tenders/page/2/' ),
			'filtered, page 3'               => array( '/tenders/page/3/?location=maharashtra&status=any' ),
			'searched, first page'           => array( '/tenders/?q=supply' ),
			'the closing-soon view, page 2'  => array( '/tenders/closing-soon/page/2/' ),
			'of a type, by deadline, page 2' => array( '/tenders/page/2/?notice_type=tender&sort=closing' ),
		);
	}

	/**
	 * Without a referrer the links start from the post the listing sits in, but only a post
	 * anyone may open: an answer never names a draft's, a private post's or a private parent's
	 * address.
	 */
	public function test_without_a_referrer_the_links_name_only_a_post_anyone_may_open(): void {
		PageView::visit( home_url( '/tenders/' ) );
		$html                   = do_blocks( '<!-- wp:tenderpress/listing {"inherit":true} /-->' );
		$sid                    = ( new Html( $html ) )->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' )->getAttribute( 'data-sid' );
		$page                   = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_name'   => 'latest-notices',
				'post_status' => 'publish',
			)
		);
		$private                = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_name'   => 'board-minutes',
				'post_status' => 'private',
			)
		);
		$child                  = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_name'   => 'tender-committee',
				'post_status' => 'publish',
				'post_parent' => $private,
			)
		);
		$draft                  = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_name'   => 'unannounced-plans',
				'post_status' => 'draft',
			)
		);
		$_SERVER['REQUEST_URI'] = '/wp-admin/admin-ajax.php';
		unset( $_SERVER['HTTP_REFERER'] );
		$first_link = function ( int $post_id ) use ( $sid ): string {
			$answer = Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $sid, array( 'postid' => (string) $post_id ) ) );
			$this->assertSame( 200, $answer->status ?? 200, $answer->body );
			$link = ( new Html( $answer->body ) )->one( '//a[@data-page="1"]' );
			$this->assertNotNull( $link, $answer->body );
			return $link->getAttribute( 'href' );
		};
		$this->assertSame( (string) get_permalink( $page ), $first_link( $page ) );
		foreach ( array( $private, $child, $draft, 0, 999999 ) as $hidden ) {
			$href = $first_link( $hidden );
			$this->assertSame( home_url( '/tenders/' ), $href, "post {$hidden}" );
		}
	}

	/** The box of page links in a listing's markup, as it is. */
	private function links_of( string $html ): string {
		$start = strpos( $html, '<div class="' . Paginator::LINKS_CLASS . '">' );
		$this->assertNotFalse( $start, 'The listing has its box of page links.' );
		$end = strpos( $html, '</nav></div>', $start );
		$this->assertNotFalse( $end, 'A box with a nav in it: ' . substr( $html, $start, 300 ) );
		return substr( $html, $start, $end + strlen( '</nav></div>' ) - $start );
	}

	/** @dataProvider pages */
	public function test_an_answer_brings_the_links_the_first_render_draws_for_its_page( string $path ): void {
		PageView::visit( home_url( $path ) );
		$html  = do_blocks( '<!-- wp:tenderpress/listing {"inherit":true,"showFilters":true} /-->' );
		$links = $this->links_of( $html );
		$dom   = new Html( $html );
		$nav   = $dom->one( '//nav[' . Html::has_class( 'tp-pagination' ) . ']' );
		$this->assertSame( 1, preg_match( '#<script type="application/json" data-tp-props>(.*?)</script>#s', $html, $props ) );
		$props = json_decode( $props[1], true );
		$this->assertArrayNotHasKey( 'navLabel', $props['i18n'], 'The island draws no links, so it needs none of their words.' );

		// The page that asks is this page: the browser sends its address as the referrer, to
		// admin-ajax.php.
		$_SERVER['HTTP_REFERER'] = home_url( $path );
		$_SERVER['REQUEST_URI']  = '/wp-admin/admin-ajax.php';
		$answer                  = Ajax::post(
			PaginationRequest::ACTION,
			PaginationFields::for_listing(
				$nav->getAttribute( 'data-sid' ),
				array(
					'unid'        => $nav->getAttribute( 'data-unid' ),
					'postid'      => $nav->getAttribute( 'data-postid' ),
					'page'        => $nav->getAttribute( 'data-currentpage' ),
					'custom_data' => (string) wp_json_encode( (object) $props['customData'] ),
				)
			)
		);
		$this->assertSame( 200, $answer->status ?? 200, $answer->body );
		$this->assertStringEndsWith( $links, $answer->body );
		// What it says above the notices is the first render's too: a view's own filter is in
		// its address, not a tag to remove.
		$applied = static fn( string $markup ): string => preg_match( '#<div class="tp-applied">.*?</div>#s', $markup, $found ) ? $found[0] : '';
		$this->assertNotSame( '', $applied( $html ) );
		$this->assertSame( $applied( $html ), $applied( $answer->body ) );
		$this->assertStringContainsString( '<a class="tp-pagination__link"', $links, 'Real links.' );
	}
}
