<?php
namespace TenderPress\Tests;

use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushSettings;
use TenderPress\Settings\Settings;
use TenderPress\Support\PublicUrl;
use WpOrg\Requests\Requests;
use WpOrg\Requests\Response;

/**
 * Where the site connects when it sends a notification: the push service's host is looked up
 * once, every address it resolves to must be public, and the request is pinned to the address
 * that was checked, so a second lookup (DNS rebinding, or an IPv6 record an IPv4 check does not
 * see) cannot lead it into the site's own network. The development setting lets any host through,
 * looked up by the request.
 */
final class PushSendAddressTest extends TestCase {

	use UsesFakePushService;

	protected function tearDown(): void {
		parent::tearDown();
		Settings::forget_stored();
	}

	public function test_a_host_resolves_to_its_addresses_and_an_ip_to_itself(): void {
		$this->assertSame( array( '93.184.215.14' ), PublicUrl::addresses( '93.184.215.14' ) );
		$this->assertSame( array( '2606:2800:21f:cb07:6820:80da:af6b:8b2c' ), PublicUrl::addresses( '2606:2800:21f:cb07:6820:80da:af6b:8b2c' ) );
		$this->assertContains( '127.0.0.1', PublicUrl::addresses( 'localhost' ) );
		$this->assertSame( array(), PublicUrl::addresses( 'no-such-host.invalid' ) );
		// Longer than any name can be: no lookup, and no warning in the log.
		$this->assertSame( array(), PublicUrl::addresses( str_repeat( 'a', 300 ) . '.example' ) );
		$this->assertSame( array(), PublicUrl::addresses( '' ) );
	}

	/** @return array<string, array{0: string, 1: string|null}> */
	public static function addresses(): array {
		return array(
			'a public IPv4 address'         => array( 'https://93.184.215.14/push/x', '93.184.215.14' ),
			'a public IPv6 address'         => array( 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/push/x', '2606:2800:21f:cb07:6820:80da:af6b:8b2c' ),
			'plain http'                    => array( 'http://93.184.215.14/push/x', null ),
			'loopback'                      => array( 'https://127.0.0.1/push/x', null ),
			'a name for loopback'           => array( 'https://localhost/push/x', null ),
			'IPv6 loopback'                 => array( 'https://[::1]/push/x', null ),
			'an IPv6 unique local address'  => array( 'https://[fd12:3456::1]/push/x', null ),
			'a private network'             => array( 'https://10.1.2.3/push/x', null ),
			'the metadata address'          => array( 'https://169.254.169.254/latest/meta-data/', null ),
			'shared address space'          => array( 'https://100.64.1.1/push/x', null ),
			'a host that does not resolve'  => array( 'https://no-such-host.invalid/push/x', null ),
		);
	}

	/**
	 * @dataProvider addresses
	 */
	public function test_a_push_service_is_sent_to_at_its_checked_public_address_only( string $endpoint, ?string $address ): void {
		$this->assertSame( $address, PublicUrl::address( $endpoint ) );
		$this->assertSame( $address, PushSettings::send_address( $endpoint ) );
	}

	public function test_an_address_with_a_user_is_never_sent_to(): void {
		$this->assertNull( PushSettings::send_address( 'https://user:secret@93.184.215.14/push/x' ) );
	}

	public function test_a_host_the_site_allows_itself_is_sent_to_as_the_request_finds_it(): void {
		$allow = static fn( bool $external, string $host ): bool => $external || 'push.intranet.example' === $host;
		add_filter( 'http_request_host_is_external', $allow, 10, 2 );
		try {
			$this->assertSame( '', PushSettings::send_address( 'https://push.intranet.example/push/x' ) );
		} finally {
			remove_filter( 'http_request_host_is_external', $allow, 10 );
		}
		$this->assertNull( PushSettings::send_address( 'https://push.intranet.example/push/x' ) );
	}

	public function test_an_address_is_not_pinned_only_a_name_is(): void {
		$handle = curl_init();
		foreach ( array( 'https://93.184.215.14/push/x', 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/push/x' ) as $endpoint ) {
			$this->assertFalse( PushDelivery::pinned( $endpoint, (string) PublicUrl::address( $endpoint ) )->dispatch( 'curl.before_multi_add', array( &$handle ) ), $endpoint );
		}
		$this->assertTrue( PushDelivery::pinned( 'https://push.example.com/push/x', '93.184.215.14' )->dispatch( 'curl.before_multi_add', array( &$handle ) ) );
		curl_close( $handle );
	}

	public function test_with_the_development_setting_any_http_host_is_sent_to_as_the_request_finds_it(): void {
		$this->store_section( PushSettings::SECTION, array( 'allowLocal' => '1' ) );

		$this->assertSame( '', PushSettings::send_address( 'http://127.0.0.1:8080/push/x' ) );
		$this->assertSame( '', PushSettings::send_address( 'https://localhost/push/x' ) );
		$this->assertNull( PushSettings::send_address( 'ftp://127.0.0.1/push/x' ) );
	}

	public function test_a_pinned_request_connects_to_the_checked_address_without_looking_the_host_up_again(): void {
		$port     = (int) wp_parse_url( self::$service->url( '/' ), PHP_URL_PORT );
		$endpoint = 'http://push-service.invalid:' . $port . '/push/ok/pinned';
		$request  = array(
			'url'  => $endpoint,
			'type' => Requests::POST,
			'data' => 'message',
		);

		// The name resolves nowhere: only the pin takes the request to the fake service.
		$pinned = Requests::request_multiple( array( 'a' => $request + array( 'options' => array( 'hooks' => PushDelivery::pinned( $endpoint, '127.0.0.1' ) ) ) ) );
		$this->assertInstanceOf( Response::class, $pinned['a'] );
		$this->assertSame( 201, $pinned['a']->status_code );
		$this->assertSame( array( '/push/ok/pinned' ), array_column( $this->received(), 'path' ) );

		$unpinned = Requests::request_multiple( array( 'a' => $request ) );
		$this->assertNotInstanceOf( Response::class, $unpinned['a'] );
	}
}
