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
		$this->assertEqualsCanonicalizing( array( 'tender', 'tender_category', 'tender_location', 'notice_type' ), array_keys( $variables ) );
		foreach ( array_keys( $variables ) as $variable ) {
			$refused = $this->visit( "/?{$variable}[a][b]=x" );
			$this->assertNotNull( $refused, $variable );
			$this->assertSame( 400, $refused['response'], $variable );
			$this->assertSame( "The parameter {$variable} is not valid.", $refused['message'] );
		}
	}

	public function test_plain_values_and_lists_where_a_list_is_allowed_pass(): void {
		$this->assertNull( $this->visit( '/?tender_location=kerala' ) );
		$this->assertTrue( is_tax( 'tender_location', 'kerala' ) );
		$this->assertNull( $this->visit( '/?notice_type=eoi' ) );
		$this->assertNull( $this->visit( '/?tender_category[]=civil-works' ), 'A taxonomy takes a list of plain values.' );
		$this->assertSame( 400, $this->visit( '/?tender[]=x' )['response'] ?? null, 'The post type takes one notice.' );
		$this->assertSame( 400, $this->visit( '/?notice_type[]=eoi' )['response'] ?? null );
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
