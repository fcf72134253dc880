// DB=mariadb: use the server named by DB_HOST/DB_USER/DB_PASSWORD/DB_NAME, or a private MariaDB
// (Debian's package, installed when allowed) on a socket under .wp/mariadb. The private server is
// shared: `npm start`, `npm test`, the e2e server and the servers of single tests all run at
// once, so each registers as a user, the first starts it and the last one to stop stops it.
// Databases are named from DB_NAME (default "tenderpress"), with the WordPress variant and the
// seed size, so no variant or size ever writes into another's.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { WP_DIR, WP_VERSION } from './paths.mjs';
import { run, fail, log, isRoot } from './run.mjs';
import { aptInstall } from './apt.mjs';
import { withLock } from './lock.mjs';
import { isRunning, sleepSync } from './processes.mjs';

const HOME = path.join( WP_DIR, 'mariadb' );
const DATA_DIR = path.join( HOME, 'data' );
const SOCKET = path.join( HOME, 'mysqld.sock' );
const PID_FILE = path.join( HOME, 'mysqld.pid' );
const ERROR_LOG = path.join( HOME, 'error.log' );
const USERS_DIR = path.join( HOME, 'users' );
const START_TIMEOUT_MS = 30000;

const external = () => Boolean( process.env.DB_HOST );

/** What wp-config.php reads to reach the server (DB_NAME is set per database by siteEnv). */
export function connectionEnv() {
	return external()
		? {
				DB_HOST: process.env.DB_HOST,
				DB_USER: process.env.DB_USER || 'root',
				DB_PASSWORD: process.env.DB_PASSWORD || '',
		  }
		: {
				DB_HOST: `localhost:${ SOCKET }`,
				DB_USER: 'root',
				DB_PASSWORD: '',
		  };
}

/** The mariadb client's connection options for the same server, from DB_HOST as WordPress reads it. */
function clientArgs() {
	const {
		DB_HOST: host,
		DB_USER: user,
		DB_PASSWORD: password,
	} = connectionEnv();
	const [ name, where = '' ] = host.split( /:(.*)/s );
	const args = [ `--user=${ user }` ];
	if ( password ) {
		args.push( `--password=${ password }` );
	}
	if ( where.startsWith( '/' ) ) {
		args.push( `--socket=${ where }` );
	} else {
		args.push( `--host=${ name || 'localhost' }` );
		if ( where ) {
			args.push( `--port=${ where }`, '--protocol=tcp' );
		}
	}
	return args;
}

/** Runs SQL on the server; resolves with the client's tab-separated output (no column names). */
export function sql( statements, what = 'mariadb' ) {
	return run(
		'mariadb',
		[ ...clientArgs(), '--batch', '--skip-column-names', '-e', statements ],
		{ quiet: true, what }
	);
}

const quoteName = ( name ) => '`' + name.replace( /`/g, '``' ) + '`';

/**
 * The database for `purpose` ("" for the dev site, "pristine", "phpunit-Foo"…) of this
 * WordPress variant and seed size: DB_NAME, then the variant, the size and the purpose.
 */
export function databaseName( purpose = '', seedCount = 360 ) {
	const parts = [ process.env.DB_NAME || 'tenderpress' ];
	// The default variant and size keep the plain name a site owner would pick.
	if ( WP_VERSION !== '6.5' ) {
		parts.push( WP_VERSION );
	}
	if ( seedCount !== 360 ) {
		parts.push( String( seedCount ) );
	}
	if ( purpose ) {
		parts.push( purpose );
	}
	const name = parts.join( '_' ).replace( /[^A-Za-z0-9_]/g, '_' );
	if ( name.length > 64 ) {
		fail(
			`The database name ${ name } is longer than MariaDB's 64 characters.`
		);
	}
	return name;
}

export function databaseExists( name ) {
	return (
		sql(
			`SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '${ name }'`,
			'look up a database'
		).trim() === '1'
	);
}

export function createDatabase( name ) {
	sql(
		`DROP DATABASE IF EXISTS ${ quoteName(
			name
		) }; CREATE DATABASE ${ quoteName(
			name
		) } CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
		`create database ${ name }`
	);
}

/**
 * Makes `to` an exact copy of `from`, replacing it: each table created like its source and
 * filled from it, on the server, in one client call.
 */
export function cloneDatabase( from, to ) {
	const tables = sql(
		`SHOW TABLES FROM ${ quoteName( from ) }`,
		`list the tables of ${ from }`
	)
		.split( '\n' )
		.filter( Boolean );
	const source = quoteName( from );
	const target = quoteName( to );
	sql(
		[
			// Row ids are copied as they are, 0 included.
			"SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO', unique_checks = 0, foreign_key_checks = 0",
			`DROP DATABASE IF EXISTS ${ target }`,
			`CREATE DATABASE ${ target } CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
			...tables.flatMap( ( table ) => [
				`CREATE TABLE ${ target }.${ quoteName(
					table
				) } LIKE ${ source }.${ quoteName( table ) }`,
				`INSERT INTO ${ target }.${ quoteName(
					table
				) } SELECT * FROM ${ source }.${ quoteName( table ) }`,
			] ),
		].join( ';\n' ),
		`copy database ${ from } to ${ to }`
	);
}

export function dropDatabase( name ) {
	sql(
		`DROP DATABASE IF EXISTS ${ quoteName( name ) }`,
		`drop database ${ name }`
	);
}

function serverBinary() {
	return [ '/usr/sbin/mariadbd', '/usr/sbin/mysqld' ].find( ( file ) =>
		fs.existsSync( file )
	);
}

function answers() {
	return (
		fs.existsSync( SOCKET ) &&
		spawnSync(
			'mariadb-admin',
			[ `--socket=${ SOCKET }`, '--user=root', 'ping' ],
			{ stdio: 'ignore' }
		).status === 0
	);
}

function serverPid() {
	try {
		return Number( fs.readFileSync( PID_FILE, 'utf8' ) );
	} catch {
		return 0;
	}
}

/** Users (pids) of the private server that are still alive; the others' entries are removed. */
function liveUsers() {
	fs.mkdirSync( USERS_DIR, { recursive: true } );
	return fs.readdirSync( USERS_DIR ).filter( ( pid ) => {
		if ( isRunning( Number( pid ) ) ) {
			return true;
		}
		fs.rmSync( path.join( USERS_DIR, pid ), { force: true } );
		return false;
	} );
}

function startPrivateServer() {
	if ( ! serverBinary() ) {
		aptInstall(
			[ 'mariadb-server' ],
			'MariaDB is not installed (DB=mariadb); or point DB_HOST, DB_USER, DB_PASSWORD and DB_NAME at a server'
		);
	}
	const user = isRoot() ? [ '--user=root' ] : [];
	if ( ! fs.existsSync( path.join( DATA_DIR, 'mysql' ) ) ) {
		fs.mkdirSync( DATA_DIR, { recursive: true } );
		run(
			'mariadb-install-db',
			[
				`--datadir=${ DATA_DIR }`,
				'--auth-root-authentication-method=socket',
				'--skip-test-db',
				...user,
			],
			{ quiet: true, what: 'mariadb-install-db' }
		);
	}
	fs.rmSync( SOCKET, { force: true } );
	log( 'starting MariaDB' );
	const child = spawn(
		serverBinary(),
		[
			'--no-defaults',
			`--datadir=${ DATA_DIR }`,
			`--socket=${ SOCKET }`,
			'--skip-networking',
			`--pid-file=${ PID_FILE }`,
			`--log-error=${ ERROR_LOG }`,
			'--character-set-server=utf8mb4',
			'--collation-server=utf8mb4_unicode_ci',
			// A throwaway dev and test server: no fsync per commit, so copying a database for
			// each test class costs tenths of a second. A crash may lose the last second of writes.
			'--innodb-flush-log-at-trx-commit=0',
			'--innodb-doublewrite=0',
			'--innodb-buffer-pool-size=256M',
			...user,
		],
		// Its own process group: it outlives the process that started it while others use it.
		{ stdio: 'ignore', detached: true }
	);
	child.unref();
	const deadline = Date.now() + START_TIMEOUT_MS;
	while ( ! answers() ) {
		if ( Date.now() > deadline || ! isRunning( child.pid ) ) {
			fail(
				`MariaDB did not start within ${
					START_TIMEOUT_MS / 1000
				} s (see ${ ERROR_LOG }).`
			);
		}
		sleepSync( 100 );
	}
}

function stopPrivateServer() {
	const pid = serverPid();
	if ( ! pid || ! isRunning( pid ) ) {
		return;
	}
	process.kill( pid, 'SIGTERM' );
	// Wait, so that a start right after this one never meets a server still shutting down.
	const deadline = Date.now() + START_TIMEOUT_MS;
	while ( isRunning( pid ) && Date.now() < deadline ) {
		sleepSync( 100 );
	}
}

let registered = false;

/**
 * Makes sure the server answers, starting the private one when needed, for as long as this
 * process runs: it is registered as a user until it exits, and the last user to exit stops the
 * server. A user killed outright is noticed (its pid is gone) by the next one to exit.
 */
export function ensureMariaDb() {
	if ( external() || registered ) {
		return;
	}
	registered = true;
	const entry = path.join( USERS_DIR, String( process.pid ) );
	withLock( 'mariadb', () => {
		fs.mkdirSync( USERS_DIR, { recursive: true } );
		fs.writeFileSync( entry, '' );
		if ( ! answers() ) {
			startPrivateServer();
		}
	} );
	process.on( 'exit', () =>
		withLock( 'mariadb', () => {
			fs.rmSync( entry, { force: true } );
			if ( liveUsers().length === 0 ) {
				stopPrivateServer();
			}
		} )
	);
}

/**
 * The stack suite's database fault (tests/stack/faults.test.mjs): the private server stopped,
 * left down for `downMs`, and started again, as a host's database restart would be. Only the
 * private server: a server named by DB_HOST is someone else's.
 */
export function restartPrivateServer( downMs ) {
	if ( external() ) {
		fail( 'A server named by DB_HOST is not restarted by the tests.' );
	}
	withLock( 'mariadb', () => {
		stopPrivateServer();
		sleepSync( downMs );
		startPrivateServer();
	} );
}
