<?php
/**
 * Shared by the fuzz suite's readers of the site's database (snapshot.php, cron.php): checks the
 * command line and opens the SQLite file named on it directly, waiting out the server's write
 * locks rather than reading half a write. Returns the connection and the table prefix.
 *
 * @return array{0:PDO,1:string}
 */

if ( PHP_SAPI !== 'cli' || ! isset( $argv[1] ) || ! is_file( $argv[1] ) ) {
	fwrite( STDERR, 'Usage: php ' . ( $argv[0] ?? 'tests/fuzz/<reader>.php' ) . " DB-FILE [PREFIX]\n" );
	exit( 1 );
}
$tenderpress_db = new PDO( 'sqlite:' . $argv[1], null, null, array( PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION ) );
$tenderpress_db->exec( 'PRAGMA busy_timeout = 5000' );
return array( $tenderpress_db, $argv[2] ?? 'wp_' );
