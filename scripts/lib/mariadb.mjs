// DB=mariadb: use the server named by DB_HOST/DB_USER/DB_PASSWORD/DB_NAME, or start a private
// MariaDB (Debian's package) on a socket under .wp/, installing the package when allowed.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { WP_DIR } from './paths.mjs';
import { run, fail, log, isRoot, hasCommand } from './run.mjs';

const DATA_DIR = path.join( WP_DIR, 'mariadb', 'data' );
const SOCKET = path.join( WP_DIR, 'mariadb', 'mysqld.sock' );

function serverBinary() {
	return [ '/usr/sbin/mariadbd', '/usr/sbin/mysqld' ].find( ( file ) =>
		fs.existsSync( file )
	);
}

async function waitForSocket( timeoutMs ) {
	const deadline = Date.now() + timeoutMs;
	while ( Date.now() < deadline ) {
		if ( fs.existsSync( SOCKET ) ) {
			return;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
	}
	fail(
		`MariaDB did not start within ${ timeoutMs / 1000 } s (see ${ path.join(
			WP_DIR,
			'mariadb',
			'error.log'
		) }).`
	);
}

export async function startMariaDb() {
	if ( process.env.DB_HOST ) {
		return {
			env: {
				DB_HOST: process.env.DB_HOST,
				DB_USER: process.env.DB_USER || 'root',
				DB_PASSWORD: process.env.DB_PASSWORD || '',
				DB_NAME: process.env.DB_NAME || 'tenderpress',
			},
			stop: () => {},
		};
	}
	if ( ! serverBinary() ) {
		if ( ! isRoot() || ! hasCommand( 'apt-get' ) ) {
			fail(
				'MariaDB is not installed. Install it with: sudo apt-get install -y mariadb-server, or point DB_HOST, DB_USER, DB_PASSWORD and DB_NAME at a server.'
			);
		}
		log( 'installing mariadb-server with apt-get' );
		run( 'apt-get', [ 'update', '-q' ], { quiet: true } );
		run( 'apt-get', [ 'install', '-y', '-q', 'mariadb-server' ], {
			quiet: true,
			env: { DEBIAN_FRONTEND: 'noninteractive' },
			what: 'apt-get install mariadb-server',
		} );
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
	const child = spawn(
		serverBinary(),
		[
			'--no-defaults',
			`--datadir=${ DATA_DIR }`,
			`--socket=${ SOCKET }`,
			'--skip-networking',
			`--pid-file=${ path.join( WP_DIR, 'mariadb', 'mysqld.pid' ) }`,
			`--log-error=${ path.join( WP_DIR, 'mariadb', 'error.log' ) }`,
			...user,
		],
		{ stdio: 'ignore', detached: true }
	);
	await waitForSocket( 20000 );
	run(
		'mariadb',
		[
			`--socket=${ SOCKET }`,
			'-u',
			'root',
			'-e',
			'CREATE DATABASE IF NOT EXISTS tenderpress CHARACTER SET utf8mb4',
		],
		{ quiet: true, what: 'create database' }
	);
	return {
		env: {
			DB_HOST: `localhost:${ SOCKET }`,
			DB_USER: 'root',
			DB_PASSWORD: '',
			DB_NAME: 'tenderpress',
		},
		stop: () => {
			try {
				process.kill( -child.pid, 'SIGTERM' );
			} catch {}
		},
	};
}
