<?php
namespace TenderPress\Tests;

use TenderPress\Accounts\LoginGuard;
use TenderPress\Settings\Settings;
use TenderPress\Support\ClientAddress;

/**
 * Who the visitor is: REMOTE_ADDR, unless it is a proxy the site owner trusts; then the
 * forwarding header's chain, walked from the right past trusted hops to the first untrusted one.
 * The trusted-proxies setting takes CIDR ranges, IPv4 and IPv6, and refuses anything else.
 */
final class ClientAddressTest extends TestCase {

	protected function tearDown(): void {
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_X_FORWARDED_FOR'], $_SERVER['HTTP_CF_CONNECTING_IP'] );
		Settings::forget_stored();
		parent::tearDown();
	}

	/** @return list<array{0: string, 1: int}> */
	private function ranges( string $text ): array {
		$ranges = ClientAddress::parse_ranges( $text );
		$this->assertIsArray( $ranges, $text );
		return $ranges;
	}

	public function test_the_chain_is_walked_from_the_right_past_trusted_hops(): void {
		$trusted = $this->ranges( '10.0.0.0/8, 2001:db8:ff::/48 192.0.2.1' );
		$cases   = array(
			'an untrusted peer is the client, whatever it says' => array( '198.51.100.7', '203.0.113.9', '198.51.100.7' ),
			'a trusted peer: the hop it reports'         => array( '10.1.2.3', '203.0.113.9', '203.0.113.9' ),
			'an invented left part is skipped'           => array( '10.1.2.3', '6.6.6.6, 203.0.113.9', '203.0.113.9' ),
			'trusted hops are skipped'                   => array( '10.1.2.3', '6.6.6.6, 203.0.113.9, 10.9.9.9, 192.0.2.1', '203.0.113.9' ),
			'over IPv6'                                  => array( '2001:db8:ff:1::2', '2001:db8:1::5, 2001:db8:ff::7', '2001:db8:1::5' ),
			'an IPv4 peer written as IPv6'               => array( '::ffff:10.0.0.1', '203.0.113.9', '203.0.113.9' ),
			'rubbish ends the walk at the last hop read' => array( '10.1.2.3', '203.0.113.9, <script>, 10.0.0.5', '10.0.0.5' ),
			'rubbish at once: the peer'                  => array( '10.1.2.3', 'unknown', '10.1.2.3' ),
			'only trusted hops: the furthest'            => array( '10.1.2.3', '10.0.0.1, 10.0.0.2', '10.0.0.1' ),
			'just outside a range is not trusted'        => array( '11.0.0.1', '203.0.113.9', '11.0.0.1' ),
			'a neighbour of a single trusted address is not' => array( '192.0.2.2', '203.0.113.9', '192.0.2.2' ),
		);
		foreach ( $cases as $why => list( $remote, $chain, $client ) ) {
			$this->assertSame( $client, ClientAddress::resolve( $remote, $chain, $trusted ), $why );
		}
		$this->assertSame( '10.1.2.3', ClientAddress::resolve( '10.1.2.3', null, $trusted ), 'No header: the peer.' );
		$this->assertNull( ClientAddress::resolve( null, '203.0.113.9', $trusted ), 'No peer (WP-CLI): nobody.' );
		$this->assertSame( '198.51.100.7', ClientAddress::resolve( '198.51.100.7', '203.0.113.9', array() ), 'Nobody trusted.' );
	}

	public function test_the_request_is_read_with_the_owners_settings(): void {
		$_SERVER['REMOTE_ADDR']           = '127.0.0.1';
		$_SERVER['HTTP_X_FORWARDED_FOR']  = '203.0.113.9';
		$_SERVER['HTTP_CF_CONNECTING_IP'] = '203.0.113.77';
		$this->assertSame( '127.0.0.1', ClientAddress::get(), 'Nothing trusted by default.' );
		$this->store_section( LoginGuard::SECTION, array( 'trustedProxies' => '127.0.0.0/8 ::1' ) );
		$this->assertSame( '203.0.113.9', ClientAddress::get(), 'X-Forwarded-For unless the owner names another header.' );
		$this->store_section(
			LoginGuard::SECTION,
			array(
				'trustedProxies' => '127.0.0.0/8 ::1',
				'proxyHeader'    => 'CF-Connecting-IP',
			)
		);
		$this->assertSame( '203.0.113.77', ClientAddress::get() );
		$_SERVER['REMOTE_ADDR'] = '198.51.100.7';
		$this->assertSame( '198.51.100.7', ClientAddress::get(), 'A visitor who sends the header itself.' );
	}

	public function test_trusted_proxies_take_addresses_and_cidr_ranges_and_refuse_anything_else_with_a_clear_error(): void {
		$field = Settings::section( LoginGuard::SECTION )->fields['trustedProxies'];
		foreach ( array( '', '10.0.0.0/8', '192.0.2.1', "10.0.0.0/8,\n172.16.0.0/12 ::1, 2001:db8::/32", '0.0.0.0/0', '::/0', '2001:db8::1/128' ) as $good ) {
			$this->assertIsString( $field->validate( $good ), $good );
		}
		$before = $this->stored_settings_row();
		foreach ( array( '10.0.0.0/33', '2001:db8::/129', '10.0.0/8', 'example.com', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0.0/ 8x', '::ffff:10.0.0.0/104', '<script>', '10.0.0.0/8; rm' ) as $bad ) {
			$error = $field->validate( $bad );
			$this->assertInstanceOf( \WP_Error::class, $error, $bad );
			$this->assertStringContainsString( 'Trusted proxies', $error->get_error_message(), $bad );
			$this->assertStringContainsString( 'is not an address or a range such as 192.0.2.0/24', $error->get_error_message(), $bad );
			$form = array();
			foreach ( Settings::section( LoginGuard::SECTION )->fields as $id => $each ) {
				$form[ $id ] = $each->default;
			}
			update_option( Settings::OPTION, array( LoginGuard::SECTION => array( 'trustedProxies' => $bad ) + $form ) );
			$this->assertSame( $before, $this->stored_settings_row(), $bad );
		}
	}
}
