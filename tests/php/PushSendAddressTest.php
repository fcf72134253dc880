<?php
namespace TenderPress\Tests;

use TenderPress\Push\PushDelivery;
use TenderPress\Push\PushQueue;
use TenderPress\Push\PushSettings;
use TenderPress\Settings\Settings;
use TenderPress\Support\PublicUrl;
use WpOrg\Requests\Requests;
use WpOrg\Requests\Response;

/**
 * Where the site connects when it sends a notification: only to the browsers' push services;
 * each host is looked up once per batch, within a hard time limit, every address it resolves to
 * must be public, and the request is pinned to the address that was checked, so a second lookup
 * (DNS rebinding, or an IPv6 record an IPv4 check does not see) cannot lead it into the site's
 * own network. The development setting lets local push services through as well.
 */
final class PushSendAddressTest extends TestCase {

	use UsesFakePushService;

	protected function tearDown(): void {
		remove_all_filters( 'tenderpress_push_services' );
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

	/**
	 * An IPv6 address that carries an IPv4 one counts as that IPv4 address, whatever PHP's
	 * version: PHP 8.1's flags take `::ffff:127.0.0.1` for public, and PHP 8.2's global range lets
	 * NAT64 and 6to4 forms of private addresses through.
	 */
	public function test_an_ipv6_address_that_carries_an_ipv4_one_counts_as_that_address(): void {
		$private = array( '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:7F00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:100.64.0.1', '::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1', '64:ff9b::169.254.169.254', '2002:7f00:1::1', '2002:a00:1::', '2002:a9fe:a9fe::1', '::1', '::' );
		foreach ( $private as $ip ) {
			$this->assertFalse( PublicUrl::is_global( $ip ), $ip );
			$this->assertFalse( PublicUrl::is_public( 'https://[' . $ip . ']/push/x' ), $ip );
		}
		foreach ( array( '::ffff:93.184.215.14', '64:ff9b::5db8:d70e', '2002:5db8:d70e::1', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '93.184.215.14' ) as $ip ) {
			$this->assertTrue( PublicUrl::is_global( $ip ), $ip );
		}
	}

	public function test_hosts_are_looked_up_together_and_an_ip_is_its_own_answer(): void {
		$found = PublicUrl::resolve( array( 'localhost', '93.184.215.14', '[2606:2800:21f:cb07:6820:80da:af6b:8b2c]', 'no-such-host.invalid', '-not-a-name', 'localhost' ), PushSettings::LOOKUP_SECONDS );
		$this->assertContains( '127.0.0.1', $found['localhost'] );
		$this->assertSame( '127.0.0.1', $found['localhost'][0], 'IPv4 first, as gethostbynamel() finds it.' );
		$this->assertSame( array( '93.184.215.14' ), $found['93.184.215.14'] );
		$this->assertSame( array( '2606:2800:21f:cb07:6820:80da:af6b:8b2c' ), $found['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] );
		$this->assertSame( array(), $found['no-such-host.invalid'] );
		$this->assertSame( array(), $found['-not-a-name'], 'Never passed on as an option.' );
	}

	/**
	 * Adds push services for a test through the filter.
	 *
	 * @param list<string> $hosts
	 */
	private function add_services( array $hosts ): void {
		add_filter( 'tenderpress_push_services', static fn( array $services ): array => array_merge( $services, $hosts ) );
	}

	public function test_a_push_service_is_sent_to_at_its_checked_public_address_only(): void {
		$this->store_section( PushSettings::SECTION, array() );
		$this->add_services( array( 'localhost', 'no-such-host.invalid' ) );
		// No push service: never sent to (a subscription stored before the list was).
		$this->assertNull( PushSettings::send_address( 'https://93.184.215.14/push/x' ) );
		$this->assertNull( PushSettings::send_address( 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/push/x' ) );
		$this->assertNull( PushSettings::send_address( 'https://push.example.com/push/x' ) );
		// A push service whose name resolves to this machine: refused.
		$this->assertNull( PushSettings::send_address( 'https://localhost/push/x' ) );
		// One that does not resolve: tried again later, not a failure of the subscription.
		$this->assertFalse( PushSettings::send_address( 'https://no-such-host.invalid/push/x' ) );
	}

	public function test_an_address_with_a_user_is_never_sent_to(): void {
		$this->assertNull( PushSettings::send_address( 'https://user:secret@fcm.googleapis.com/fcm/send/x' ) );
	}

	public function test_a_host_the_site_allows_itself_is_sent_to_at_the_address_checked(): void {
		$this->store_section( PushSettings::SECTION, array() );
		$this->add_services( array( 'localhost' ) );
		$allow = static fn( $external, $host ) => $external || 'localhost' === $host;
		add_filter( 'http_request_host_is_external', $allow, 10, 2 );
		try {
			$this->assertSame( '127.0.0.1', PushSettings::send_address( 'https://localhost/push/x' ) );
		} finally {
			remove_filter( 'http_request_host_is_external', $allow, 10 );
		}
		$this->assertNull( PushSettings::send_address( 'https://localhost/push/x' ) );
	}

	public function test_an_address_is_not_pinned_only_a_name_is(): void {
		$handle = curl_init();
		foreach ( array( 'https://93.184.215.14/push/x', 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/push/x' ) as $endpoint ) {
			$this->assertFalse( PushDelivery::pinned( $endpoint, (string) PublicUrl::address( $endpoint ) )->dispatch( 'curl.before_multi_add', array( &$handle ) ), $endpoint );
		}
		$this->assertTrue( PushDelivery::pinned( 'https://push.example.com/push/x', '93.184.215.14' )->dispatch( 'curl.before_multi_add', array( &$handle ) ) );
		curl_close( $handle );
	}

	public function test_with_the_development_setting_local_push_services_are_sent_to_and_public_hosts_still_are_not(): void {
		$this->store_section( PushSettings::SECTION, array( 'allowLocal' => '1' ) );

		$this->assertSame( '', PushSettings::send_address( 'http://127.0.0.1:8080/push/x' ) );
		$this->assertSame( '127.0.0.1', PushSettings::send_address( 'https://localhost/push/x' ), 'Pinned to the address checked.' );
		$this->assertNull( PushSettings::send_address( 'ftp://127.0.0.1/push/x' ) );
		$this->assertNull( PushSettings::send_address( 'https://93.184.215.14:8443/push/x' ) );
		$this->assertNull( PushSettings::send_address( 'http://push.example.com/push/x' ) );
	}

	public function test_a_batch_looks_each_host_up_once_together(): void {
		$this->store_section( PushSettings::SECTION, array( 'allowLocal' => '1' ) );
		$addresses = PushSettings::send_addresses( array( 'http://localhost:8080/a', 'http://localhost:8080/b', 'http://localhost:9090/c', 'http://127.0.0.1:8080/d', 'https://fcm.googleapis.com/fcm/send/e', 'https://93.184.215.14/f' ) );
		$this->assertSame( array( 'http://localhost:8080', 'http://localhost:9090', 'http://127.0.0.1:8080', 'https://fcm.googleapis.com', 'https://93.184.215.14' ), array_keys( $addresses ), 'One answer for each push service.' );
		$this->assertSame( '127.0.0.1', $addresses['http://localhost:8080'] );
		$this->assertSame( '', $addresses['http://127.0.0.1:8080'] );
		$this->assertNull( $addresses['https://93.184.215.14'] );
	}

	/**
	 * A DNS server that never answers, in a network of the test's own (a network and mount
	 * namespace: its loopback, and a resolv.conf naming a server there that reads and never
	 * answers). The system resolver holds gethostbynamel() for 10 seconds there (5 s times 2
	 * attempts); the batch's lookups end at their limit, and the hosts file still answers.
	 */
	public function test_a_dns_server_that_never_answers_holds_a_batch_no_longer_than_the_lookup_limit(): void {
		$dir = get_temp_dir() . 'tp-silent-dns-' . wp_generate_password( 8, false );
		wp_mkdir_p( $dir );
		file_put_contents( $dir . '/resolv.conf', "nameserver 127.0.0.1\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		file_put_contents( $dir . '/silent.php', '<?php $s = stream_socket_server( "udp://127.0.0.1:53", $e, $m, STREAM_SERVER_BIND ); while ( $s ) { stream_socket_recvfrom( $s, 1500 ); }' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			$dir . '/probe.php',
			'<?php require ' . var_export( dirname( __DIR__, 2 ) . '/php/Support/PublicUrl.php', true ) . ';'
			. '$t = microtime( true ); $found = TenderPress\Support\PublicUrl::resolve( array( "slow.example", "localhost" ), ' . PushSettings::LOOKUP_SECONDS . ' );'
			. 'echo json_encode( array( "seconds" => microtime( true ) - $t, "found" => $found ) );'
		);
		$script = 'ip link set lo up && mount --bind ' . escapeshellarg( $dir . '/resolv.conf' ) . ' /etc/resolv.conf && { php ' . escapeshellarg( $dir . '/silent.php' ) . ' & sleep 0.3; php ' . escapeshellarg( $dir . '/probe.php' ) . '; kill $!; }';
		$output = shell_exec( 'timeout 60 unshare --net --mount sh -c ' . escapeshellarg( $script ) . ' 2>&1' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_shell_exec
		array_map( 'unlink', (array) glob( $dir . '/*' ) );
		rmdir( $dir ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir

		$result = json_decode( (string) $output, true );
		$this->assertIsArray( $result, (string) $output );
		$this->assertLessThan( PushSettings::LOOKUP_SECONDS + 1.5, $result['seconds'], 'The lookups end at their limit.' );
		$this->assertSame( array(), $result['found']['slow.example'] );
		$this->assertContains( '127.0.0.1', $result['found']['localhost'] );
	}

	public function test_a_batch_can_never_outlast_the_queues_lock(): void {
		// A run renews its lock before each batch; a batch's network time is its lookups' hard
		// limit and its requests' timeout (curl's, for the whole request, all sent at once).
		$this->assertSame( PushSettings::LOOKUP_SECONDS + PushDelivery::TIMEOUT, PushDelivery::MAX_NETWORK_SECONDS );
		$this->assertGreaterThanOrEqual( PushQueue::TIME_BUDGET + PushDelivery::MAX_NETWORK_SECONDS + 30, PushQueue::LOCK_TTL );
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
