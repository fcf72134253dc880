<?php
namespace TenderPress\Tests;

use TenderPress\Ajax\PaginationRequest;
use TenderPress\Listings\ListingCache;
use TenderPress\Listings\ListingSettings;

/**
 * The listing id (sid) carries the listing's settings, signed with the site's secret. The server
 * keeps nothing per listing: a sid works as long as the site's salts do (a page cached a week
 * ago still pages), and a sid that was tampered with, cut short or signed with another key is
 * refused with a 400 and changes nothing.
 */
final class SignedSidTest extends TestCase {

	/** @return array<string, mixed> */
	private function settings(): array {
		return ListingSettings::from_attributes( array( 'perPage' => 10 ) );
	}

	/** Signs a payload as the site would, but with another key. */
	private static function sign_with( string $payload, string $key ): string {
		$mac = hash_hmac( 'sha256', 'tenderpress-listing|' . $payload, $key, true );
		return $payload . '.' . substr( rtrim( strtr( base64_encode( $mac ), '+/', '-_' ), '=' ), 0, 22 ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
	}

	public function test_a_sid_pages_with_nothing_stored_even_after_every_cache_is_gone(): void {
		$sid = ListingSettings::sid( $this->settings() );
		ListingCache::bump();
		wp_cache_flush();
		$answer = Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $sid ) );
		$this->assertSame( 200, $answer->status );
		$this->assertStringContainsString( 'tp-notice-card', $answer->body );
		$this->assertSame( $sid, ListingSettings::sid( $this->settings() ), 'The same listing always gets the same sid: it holds no date.' );
	}

	/** @return array<string, array{0:callable(string):string}> */
	public function forged_sids(): array {
		return array(
			'a setting changed'             => array( static fn( $sid ) => preg_replace( '/^10\./', '50.', $sid ) ),
			'another notice type put in'    => array( static fn( $sid ) => preg_replace( '/^10\.\./', '10.eoi.', $sid ) ),
			'signature cut short'           => array( static fn( $sid ) => substr( $sid, 0, -1 ) ),
			'signature removed'             => array( static fn( $sid ) => substr( $sid, 0, (int) strrpos( $sid, '.' ) ) ),
			'one part missing'              => array( static fn( $sid ) => preg_replace( '/^10\./', '', $sid ) ),
			'a part added'                  => array( static fn( $sid ) => '1.' . $sid ),
			'signature of another listing'  => array( static fn( $sid ) => substr( $sid, 0, (int) strrpos( $sid, '.' ) + 1 ) . substr( ListingSettings::sid( array( 'perPage' => 11 ) ), -22 ) ),
			're-signed with another key'    => array( static fn( $sid ) => self::sign_with( '50..2...0.5.0', 'not-the-site-secret' ) ),
			're-signed with an empty key'   => array( static fn( $sid ) => self::sign_with( substr( $sid, 0, (int) strrpos( $sid, '.' ) ), '' ) ),
			'upper-cased'                   => array( static fn( $sid ) => strtoupper( $sid ) ),
			'the old 16-character form'     => array( static fn( $sid ) => substr( hash( 'sha256', $sid ), 0, 16 ) ),
			'empty'                         => array( static fn( $sid ) => '' ),
			'dots only'                     => array( static fn( $sid ) => '.......' ),
			'very long'                     => array( static fn( $sid ) => str_repeat( '9', 150 ) . '..2...0.5.0.' . substr( $sid, -22 ) ),
		);
	}

	/**
	 * @dataProvider forged_sids
	 * @param callable(string):string $forge
	 */
	public function test_a_forged_sid_is_refused_and_changes_nothing( callable $forge ): void {
		$sid = ListingSettings::sid( $this->settings() );
		$forged = $forge( $sid );
		$this->assertNotSame( $sid, $forged );
		$this->assertNull( ListingSettings::from_sid( $forged ) );

		$log = QueryLog::start();
		$answer = Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $forged ) );
		$this->assertSame( array(), $log->stop(), 'Nothing was written.' );
		$this->assertSame( 400, $answer->status );
		$this->assertSame( 'This listing is unknown. Reload the page.', $answer->json()['data']['message'] );
	}

	public function test_a_filter_may_narrow_a_listing_but_never_widen_it(): void {
		$eoi_only = ListingSettings::sid( ListingSettings::from_attributes( array( 'noticeType' => 'eoi' ) ) );
		$asks = static fn( string $custom_data ) => Ajax::post( PaginationRequest::ACTION, PaginationFields::for_listing( $eoi_only, array( 'custom_data' => $custom_data, 'page' => '1' ) ) );
		$this->assertSame( 200, $asks( '{"noticeType":"eoi"}' )->status );
		$this->assertSame( 200, $asks( '{"noticeType":""}' )->status );
		$this->assertSame( 400, $asks( '{"noticeType":"tender"}' )->status, 'An EOI listing cannot be turned into a tender listing.' );
	}
}
