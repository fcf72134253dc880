<?php
namespace TenderPress\Tests;

use TenderPress\Islands\IslandAssets;
use TenderPress\Settings\Settings;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Base for integration tests on the real WordPress: each test runs inside a database transaction
 * that is rolled back afterwards, so tests in a class do not see each other's changes. PHPUnit
 * turns any PHP notice, warning or deprecation raised meanwhile into a failure.
 */
abstract class TestCase extends \PHPUnit\Framework\TestCase {

	protected function setUp(): void {
		parent::setUp();
		$GLOBALS['wpdb']->query( 'START TRANSACTION' );
		wp_set_current_user( 0 );
		IslandAssets::instance()->reset();
	}

	protected function tearDown(): void {
		$GLOBALS['wpdb']->query( 'ROLLBACK' );
		wp_cache_flush();
		wp_set_current_user( 0 );
		$_GET = array();
		$_POST = array();
		$_REQUEST = array();
		parent::tearDown();
	}

	/**
	 * Markup without the island containers' tokens (data-tp-instance), which are random in each
	 * render (issue 25): for comparing two renders of the same markup.
	 */
	protected static function without_island_tokens( string $html ): string {
		return (string) preg_replace( '/ data-tp-instance="[0-9a-f]{24}"/', '', $html );
	}

	/** Forgets the settings screen's messages of this request, as the next save's request would start. */
	protected function forget_settings_messages(): void {
		$GLOBALS['wp_settings_errors'] = array(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the Settings API's messages, not WordPress's state.
	}

	/**
	 * The settings option's row as stored, or null: what a refused save must leave as it was.
	 *
	 * @return array<string, string>|null
	 */
	protected function stored_settings_row(): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", Settings::OPTION ), ARRAY_A );
		return $row ? $row : null;
	}

	/** @return array<string, string> Error messages of the last settings save, by code. */
	protected function settings_errors(): array {
		return array_column( get_settings_errors( Settings::OPTION ), 'message', 'code' );
	}

	/**
	 * That an option's row is autoloaded (WordPress 6.5 says 'yes', later releases 'on'): a page
	 * that reads it then needs no query of its own.
	 */
	protected function assertAutoloaded( string $option, string $message = '' ): void {
		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", $option ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the row as stored.
		$this->assertContains( $autoload, array( 'yes', 'on' ), '' !== $message ? $message : "{$option} is autoloaded." );
	}

	/** Creates a user with the role and makes them the current user. */
	protected function log_in_as( string $role ): int {
		$user_id = wp_insert_user(
			array(
				'user_login' => $role . '_' . wp_generate_password( 6, false ),
				'user_pass'  => wp_generate_password(),
				'role'       => $role,
			)
		);
		$this->assertIsInt( $user_id );
		wp_set_current_user( $user_id );
		return $user_id;
	}

	/** Creates a published notice with the given fields; returns its id. */
	protected function make_notice( array $meta = array(), array $post = array() ): int {
		$post_id = wp_insert_post(
			$post + array(
				'post_type'   => 'tender',
				'post_status' => 'publish',
				'post_title'  => 'Test notice ' . wp_generate_password( 4, false ),
			),
			true
		);
		$this->assertIsInt( $post_id );
		foreach ( $meta as $key => $value ) {
			update_post_meta( $post_id, $key, wp_slash( $value ) );
		}
		return $post_id;
	}

	/** How many notices are published, of one type or of all. */
	protected function count_published_notices( string $type = '' ): int {
		$args = array(
			'post_type'   => 'tender',
			'post_status' => 'publish',
			'numberposts' => -1,
			'fields'      => 'ids',
		);
		if ( '' !== $type ) {
			$args['meta_key'] = 'tp_notice_type'; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- test fixture count.
			$args['meta_value'] = $type; // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
		}
		return count( get_posts( $args ) );
	}

	/**
	 * Stores one settings section as the settings screen saves it: the given values, and every
	 * other field of the section at its default (a save that leaves a field out is refused, or
	 * turns a box off).
	 *
	 * @param array<string, mixed> $values Raw values, by field.
	 */
	protected function store_section( string $section, array $values ): void {
		$fields   = Settings::section( $section )?->fields ?? array();
		$defaults = array_map( static fn( $field ) => $field->default, $fields );
		update_option( Settings::OPTION, array( $section => $values + $defaults ) + (array) get_option( Settings::OPTION, array() ) );
		Settings::forget_stored();
	}

	/** Dispatches a REST request through the real server. */
	protected function rest( string $method, string $route, array $params = array() ): WP_REST_Response {
		$request = new WP_REST_Request( $method, $route );
		if ( 'GET' === $method ) {
			$request->set_query_params( $params );
		} else {
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body( wp_json_encode( $params ) );
		}
		return rest_get_server()->dispatch( $request );
	}
}
