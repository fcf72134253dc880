<?php
namespace TenderPress\Tests;

/**
 * Records the SQL statements that change the database (INSERT, UPDATE, DELETE, REPLACE) while it
 * listens, as the database layer receives them (wpdb's `query` filter, which the SQLite drop-in
 * applies too). A read must leave this empty.
 */
final class QueryLog {

	/** @var list<string> */
	public $writes = array();

	/** @var callable */
	private $listener;

	public static function start(): self {
		$log = new self();
		$log->listener = static function ( $query ) use ( $log ) {
			if ( is_string( $query ) && preg_match( '/^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i', $query ) ) {
				$log->writes[] = $query;
			}
			return $query;
		};
		add_filter( 'query', $log->listener );
		return $log;
	}

	/** @return list<string> The writes seen. */
	public function stop(): array {
		remove_filter( 'query', $this->listener );
		return $this->writes;
	}
}
