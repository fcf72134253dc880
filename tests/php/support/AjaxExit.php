<?php
namespace TenderPress\Tests;

/**
 * Thrown by the wp_die() handler that Ajax::post() installs, so an admin-ajax handler "ends the
 * request" without ending the test process. Carries the arguments wp_die() was called with.
 */
final class AjaxExit extends \RuntimeException {

	/** @var array<string, mixed> */
	public $args;

	/** @param array<string, mixed> $args */
	public function __construct( array $args ) {
		parent::__construct( 'wp_die() ended the AJAX request.' );
		$this->args = $args;
	}
}
