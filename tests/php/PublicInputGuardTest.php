<?php
namespace TenderPress\Tests;

use TenderPress\Content\NoticeQueryVarsGuard;
use WP_REST_Request;

/**
 * What the plugin adds to WordPress's public surface refuses input of the wrong shape with a 400
 * before WordPress's own code chokes on it: the query variables of the notice type, its
 * taxonomies and the listing filter, and the REST routes of the notice type and taxonomies.
 * (tests/fuzz/ sends the same and much more over HTTP.)
 */
final class PublicInputGuardTest extends TestCase {

	/** @var callable */
	private $throwing_die;

	protected function setUp(): void {
		parent::setUp();
		$this->throwing_die = static fn() => static function ( $message, $title = '', $args = array() ) {
			throw new AjaxExit( array( 'message' => $message ) + ( is_array( $args ) ? $args : array() ) );
		};
		add_filter( 'wp_die_handler', $this->throwing_die );
	}

	protected function tearDown(): void {
		remove_filter( 'wp_die_handler', $this->throwing_die );
		PageView::reset();
		parent::tearDown();
	}

	/** @return array<string, mixed>|null What wp_die() was called with, or null when the page rendered. */
	private function visit( string $path ): ?array {
		try {
			PageView::visit( home_url( $path ) );
		} catch ( AjaxExit $exit ) {
			return $exit->args;
		}
		return null;
	}

	public function test_every_query_variable_of_the_plugin_refuses_a_nested_value(): void {
		$variables = NoticeQueryVarsGuard::variables();
		$this->assertEqualsCanonicalizing( array( 'tender', 'tender_category', 'tender_location', 'notice_type', 'tenderpress_view' ), array_keys( $variables ) );
		foreach ( array_keys( $variables ) as $variable ) {
			$refused = $this->visit( "/?{$variable}[a][b]=x" );
			$this->assertNotNull( $refused, $variable );
			$this->assertSame( 400, $refused['response'], $variable );
			$this->assertSame( "The parameter {$variable} is not valid.", $refused['message'] );
		}
	}

	public function test_plain_values_pass_and_a_page_takes_no_list(): void {
		$this->assertNull( $this->visit( '/?tender_location=kerala' ) );
		$this->assertTrue( is_tax( 'tender_location', 'kerala' ) );
		$this->assertNull( $this->visit( '/?notice_type=eoi' ) );
		// WordPress's query code takes one term here (a list dies in urlencode() for locations).
		foreach ( array( '/?tender_location[]=kerala', '/?tender_category[]=civil-works', '/?tender[]=x', '/?notice_type[]=eoi' ) as $path ) {
			$this->assertSame( 400, $this->visit( $path )['response'] ?? null, $path );
		}
	}

	/** The guard on a request line as the web server passes it (PHP itself drops what nests too deep). */
	private function guard_request_line( string $uri ): ?array {
		$saved = $_SERVER['REQUEST_URI'];
		$_SERVER['REQUEST_URI'] = $uri;
		try {
			( new NoticeQueryVarsGuard() )->refuse_malformed( true, $GLOBALS['wp'], '' );
		} catch ( AjaxExit $exit ) {
			return $exit->args;
		} finally {
			$_SERVER['REQUEST_URI'] = $saved;
		}
		return null;
	}

	public function test_a_query_string_nested_deeper_than_php_keeps_gets_a_400(): void {
		$deep = 'f' . str_repeat( '%5Ba%5D', (int) ini_get( 'max_input_nesting_level' ) ) . '=x';
		$refused = $this->guard_request_line( '/tenders/?' . $deep );
		$this->assertSame( 400, $refused['response'] ?? null );
		$this->assertSame( 'The address has parameters nested too deeply.', $refused['message'] );
		$this->assertNull( $this->guard_request_line( '/tenders/?f[a][b]=x' ), 'Ordinary nesting is not the plugin’s business.' );
	}

	/** Dispatches like WP_REST_Server::serve_request(): then the Allow header's permission checks. */
	private function serve( WP_REST_Request $request ): \WP_REST_Response {
		$server = rest_get_server();
		$response = rest_ensure_response( $server->dispatch( $request ) );
		return apply_filters( 'rest_post_dispatch', $response, $server, $request );
	}

	private function a_notice_id(): int {
		return (int) get_posts(
			array(
				'post_type'   => 'tender',
				'numberposts' => 1,
				'fields'      => 'ids',
			)
		)[0];
	}

	public function test_a_plain_rest_parameter_given_as_a_list_gets_a_400(): void {
		$request = new WP_REST_Request( 'GET', '/wp/v2/tenders/' . $this->a_notice_id() );
		$request->set_query_params( array( 'password' => array( 'x' ) ) );
		$response = $this->serve( $request );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
		$this->assertNull( $request->get_param( 'password' ), 'Taken off the request: the permission checks that follow never see it.' );
	}

	public function test_out_of_range_numbers_and_nulls_for_plain_fields_get_a_400(): void {
		foreach ( array( array( 'page' => '1e308' ), array( 'page' => '99999999999999999999' ), array( 'offset' => '-1e308' ) ) as $params ) {
			$request = new WP_REST_Request( 'GET', '/wp/v2/tenders' );
			$request->set_query_params( $params );
			$response = $this->serve( $request );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $params ) );
			$this->assertSame( 'The number is out of range.', current( $response->get_data()['data']['params'] ) );
		}
		$fine = new WP_REST_Request( 'GET', '/wp/v2/tenders' );
		$fine->set_query_params( array( 'page' => '2' ) );
		$this->assertSame( 200, $this->serve( $fine )->get_status() );

		$null_slug = new WP_REST_Request( 'POST', '/wp/v2/tenders/' . $this->a_notice_id() );
		$null_slug->set_header( 'content-type', 'application/json' );
		$null_slug->set_body( '{"slug":null}' );
		$this->assertSame( 400, $this->serve( $null_slug )->get_status() );
	}

	public function test_a_json_body_that_is_not_an_object_or_has_a_list_for_a_plain_field_gets_a_400(): void {
		$this->log_in_as( 'editor' );
		$before = $this->count_published_notices();
		foreach ( array( '42', '"x"', '[1,2]', '{"template":["x"]}', '{"title":"A new notice","status":"publish","template":["x"]}' ) as $body ) {
			foreach ( array( '/wp/v2/tenders', '/wp/v2/tenders/' . $this->a_notice_id(), '/wp/v2/tenders/' . $this->a_notice_id() . '/autosaves' ) as $route ) {
				$request = new WP_REST_Request( 'POST', $route );
				$request->set_header( 'content-type', 'application/json' );
				$request->set_body( $body );
				$this->assertSame( 400, $this->serve( $request )->get_status(), "{$route} {$body}" );
			}
		}
		$this->assertSame( $before, $this->count_published_notices(), 'Nothing was created.' );
	}

	public function test_good_requests_still_work_and_other_routes_are_not_touched(): void {
		$this->log_in_as( 'editor' );
		$request = new WP_REST_Request( 'POST', '/wp/v2/tenders' );
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( '{"title":"A notice from the guard test","status":"draft"}' );
		$this->assertSame( 201, $this->serve( $request )->get_status() );

		$list = new WP_REST_Request( 'GET', '/wp/v2/tenders' );
		$list->set_query_params( array( 'tender_category' => array( 1, 2 ) ) );
		$this->assertSame( 200, $this->serve( $list )->get_status(), 'A list of term ids is what the route takes.' );

		$posts = new WP_REST_Request( 'POST', '/wp/v2/posts' );
		$posts->set_header( 'content-type', 'application/json' );
		$posts->set_body( '[1,2]' );
		$this->assertNotSame( 'tenderpress_invalid_json', $this->serve( $posts )->get_data()['code'] ?? '', 'Core routes are core’s business.' );
	}
}
