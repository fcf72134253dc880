<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\GetToken;
use TenderPress\Support\PrivateAnswer;

/**
 * `tenderpress_get_token`: a fresh nonce for the account forms, so they keep working on pages
 * served from a cache with a stale one (spec §7 call 5). POST only; it stores nothing and grants
 * nothing by itself.
 */
final class GetTokenTest extends TestCase {

	protected function tearDown(): void {
		$_SERVER['REQUEST_METHOD'] = 'GET';
		parent::tearDown();
	}

	public function test_a_visitor_gets_a_nonce_the_account_forms_accept(): void {
		$writes = QueryLog::start();
		$answer = Ajax::post( GetToken::ACTION, array() );
		$json   = $answer->json();
		$this->assertTrue( $json['success'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{10}$/', $json['data']['nonce'] );
		$this->assertSame( 1, wp_verify_nonce( $json['data']['nonce'], GetToken::NONCE ), 'Fresh, for the account forms.' );
		$this->assertFalse( wp_verify_nonce( $json['data']['nonce'], 'tenderpress_save_shares' ), 'For nothing else.' );
		$this->assertSame( array(), $writes->stop(), 'Nothing stored.' );
	}

	public function test_a_get_is_refused(): void {
		$answer = Ajax::get( GetToken::ACTION, array() );
		$this->assertSame( 405, $answer->status );
		$this->assertFalse( $answer->json()['success'] );
		$this->assertNotEmpty( $answer->json()['data']['message'] );
	}

	/**
	 * Over real HTTP, as a CDN sees it: `private, no-store`. WordPress's `no-cache,
	 * must-revalidate, max-age=0`, which its admin-ajax die handler sends again after the
	 * handler, lets some CDNs store the answer and hand one visitor's token to the next.
	 */
	public function test_no_shared_cache_may_store_the_answer(): void {
		$site = SiteServer::start_on_copy();
		try {
			$answer = $site->request( 'POST', '/wp-admin/admin-ajax.php', array( 'action' => GetToken::ACTION ) );
		} finally {
			$site->stop();
		}
		$this->assertSame( 200, $answer->status );
		$this->assertTrue( $answer->json()['success'] );
		$this->assertSame( array( 'private, no-store' ), $answer->headers( 'Cache-Control' ) );
		$this->assertSame( PrivateAnswer::CACHE_CONTROL, $answer->header( 'Cache-Control' ) );
	}
}
