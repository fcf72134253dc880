<?php
namespace TenderPress\Tests;

/**
 * Runs an admin-ajax action the way admin-ajax.php does (wp_ajax_ for a signed-in user,
 * wp_ajax_nopriv_ for a visitor) on form fields slashed as WordPress slashes $_POST, and returns
 * what the browser would get. Nothing is mocked: the handler runs, echoes, and ends through
 * wp_die(), whose AJAX handler is swapped for one that throws AjaxExit.
 */
final class Ajax {

	/** @var int|null HTTP status sent through status_header(), when headers could still be sent. */
	public $status;

	/** @var string Everything the handler echoed. */
	public $body = '';

	/** @var array<string, mixed> Arguments the handler gave wp_die(). */
	public $die_args = array();

	/**
	 * @param array<string, string|array<mixed>> $fields POST fields, unslashed.
	 */
	public static function post( string $action, array $fields ): self {
		$_POST = wp_slash( array( 'action' => $action ) + $fields );
		$_REQUEST = $_POST;
		$method = $_SERVER['REQUEST_METHOD'] ?? 'GET';
		$_SERVER['REQUEST_METHOD'] = 'POST';
		try {
			return self::run( $action );
		} finally {
			$_SERVER['REQUEST_METHOD'] = $method;
		}
	}

	/**
	 * The same for a GET request: the fields in the query string ($_GET).
	 *
	 * @param array<string, mixed> $fields Query fields, unslashed.
	 */
	public static function get( string $action, array $fields ): self {
		$_POST = array();
		$_GET = wp_slash( array( 'action' => $action ) + $fields );
		$_REQUEST = $_GET;
		try {
			return self::run( $action );
		} finally {
			$_GET = array();
		}
	}

	private static function run( string $action ): self {
		global $wp_filter, $wp_current_filter;

		$hook = ( is_user_logged_in() ? 'wp_ajax_' : 'wp_ajax_nopriv_' ) . $action;

		$result = new self();
		$doing_ajax = static fn() => true;
		$die_handler = static fn() => static function ( $message, $title = '', $args = array() ) {
			throw new AjaxExit( is_array( $args ) ? $args : array() );
		};
		$on_status = static function ( $header, $code ) use ( $result ) {
			$result->status = (int) $code;
			return $header;
		};
		add_filter( 'wp_doing_ajax', $doing_ajax, PHP_INT_MAX );
		add_filter( 'wp_die_ajax_handler', $die_handler, PHP_INT_MAX );
		add_filter( 'status_header', $on_status, 10, 2 );

		// The thrown AjaxExit skips the end of do_action(): keep the hook and the stack of
		// current filters as they were, as a finished request would leave them.
		$saved_hook = isset( $wp_filter[ $hook ] ) ? clone $wp_filter[ $hook ] : null;
		$saved_current = $wp_current_filter;
		$level = ob_get_level();
		ob_start();
		$exit = null;
		try {
			do_action( $hook );
		} catch ( AjaxExit $e ) {
			$exit = $e;
		} finally {
			while ( ob_get_level() > $level + 1 ) {
				ob_end_flush();
			}
			$result->body = (string) ob_get_clean();
			if ( null !== $saved_hook ) {
				$wp_filter[ $hook ] = $saved_hook; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
			}
			$wp_current_filter = $saved_current; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restoring it.
			remove_filter( 'wp_doing_ajax', $doing_ajax, PHP_INT_MAX );
			remove_filter( 'wp_die_ajax_handler', $die_handler, PHP_INT_MAX );
			remove_filter( 'status_header', $on_status, 10 );
		}
		if ( null === $exit ) {
			throw new \LogicException( "The handler of {$hook} did not end the request through wp_die()." );
		}
		$result->die_args = $exit->args;
		if ( null === $result->status && is_int( $exit->args['response'] ?? null ) ) {
			$result->status = $exit->args['response'];
		}
		return $result;
	}

	/** @return array<string, mixed>|null The body as JSON, or null when it is not JSON. */
	public function json(): ?array {
		$data = json_decode( $this->body, true );
		return is_array( $data ) ? $data : null;
	}
}
