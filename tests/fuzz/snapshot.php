<?php
/**
 * What the site has stored, for the fuzz suite's "no stored change" check: for every WordPress
 * table in the SQLite database named on the command line, its row count and one hash per row,
 * keyed by the row's primary key (by option name for options, which is what a reader of a
 * failure needs). Reads the file directly, so nothing WordPress does on load can touch it.
 *
 * Usage: php tests/fuzz/snapshot.php path/to/db.sqlite [table-prefix]
 */

[ $db, $prefix ] = require __DIR__ . '/open-database.php';
$db->beginTransaction();

$tables = $db->query( "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE " . $db->quote( str_replace( '_', '\\_', $prefix ) . '%' ) . " ESCAPE '\\' ORDER BY name" )->fetchAll( PDO::FETCH_COLUMN );

$snapshot = array();
foreach ( $tables as $table ) {
	$quoted = '"' . str_replace( '"', '""', $table ) . '"';
	$keys = array();
	foreach ( $db->query( "PRAGMA table_info($quoted)" ) as $column ) {
		if ( $column['pk'] > 0 ) {
			$keys[ $column['pk'] ] = $column['name'];
		}
	}
	ksort( $keys );
	if ( $prefix . 'options' === $table ) {
		$keys = array( 'option_name' );
	}
	$rows = array();
	$count = 0;
	foreach ( $db->query( "SELECT * FROM $quoted", PDO::FETCH_ASSOC ) as $row ) {
		$key = $keys ? implode( ',', array_map( static fn( $name ) => (string) $row[ $name ], $keys ) ) : md5( serialize( $row ) );
		$rows[ $key ] = md5( serialize( $row ) );
		++$count;
	}
	ksort( $rows, SORT_STRING );
	$snapshot[ $table ] = array(
		'count' => $count,
		'hash'  => md5( implode( "\n", array_keys( $rows ) ) . "\n" . implode( "\n", $rows ) ),
		'rows'  => $rows,
	);
}
$db->commit();

echo json_encode( $snapshot, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE );
