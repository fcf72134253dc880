<?php
/**
 * Whether wp-cron has work left on the SQLite database named on the command line: how many
 * scheduled events are due, and whether a run holds the lock. The fuzz suite waits for both to
 * be zero before it reads its baseline, so WordPress's own jobs never pass for a stored change.
 * Reads the file directly, like snapshot.php.
 *
 * Usage: php tests/fuzz/cron.php path/to/db.sqlite [table-prefix]
 */

[ $db, $prefix ] = require __DIR__ . '/open-database.php';
$option = $db->prepare( 'SELECT option_value FROM "' . $prefix . 'options" WHERE option_name = ?' );

$option->execute( array( 'cron' ) );
$cron = unserialize( (string) $option->fetchColumn(), array( 'allowed_classes' => false ) );
$due = 0;
foreach ( is_array( $cron ) ? $cron : array() as $timestamp => $hooks ) {
	if ( is_int( $timestamp ) && $timestamp <= time() && is_array( $hooks ) ) {
		$due += count( $hooks );
	}
}

$option->execute( array( '_transient_doing_cron' ) );
$lock = (float) $option->fetchColumn();

echo json_encode(
	array(
		'due'    => $due,
		// A lock older than WordPress's timeout (60 s) no longer stops a run.
		'locked' => $lock > microtime( true ) - 60,
	)
);
