// Faults on a running stack (`npm run stack`, scripts/lib/stack.mjs), for the stack suite
// (tests/stack/faults.test.mjs, a few visitors) and the bench's load run (part 6, 200 visitors):
// Redis hung, the database restarted, one application server (php-fpm pool) killed, and what
// every fault must leave as it was (the stored share counts, push subscriptions and jobs).
//
// As a command, `node scripts/lib/faults.mjs <redis|database|pool> <delay ms>` waits, causes
// the fault, and prints when it began and ended (epoch ms) as JSON, its last line: the bench runs
// it beside its load generator, which blocks its own process.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { restartPrivateServer, sql } from './mariadb.mjs';
import { STACK_DIR } from './stack.mjs';

/** How long Redis stays hung, as the issue sets it. */
export const REDIS_DOWN_MS = 20000;
/** How long the database is away when restarted. */
export const DATABASE_DOWN_MS = 8000;
/** How soon after the database is back every request must be served again. */
export const RECOVERY_MS = 5000;

const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );

/** The stack's processes by name (a restarted pool replaces its predecessor). */
export const stackPids = () =>
	JSON.parse(
		fs.readFileSync( path.join( STACK_DIR, 'pids.json' ), 'utf8' )
	);

/** The stack's database name. */
export const stackDatabase = () =>
	JSON.parse( fs.readFileSync( path.join( STACK_DIR, 'env.json' ), 'utf8' ) )
		.DB_NAME;

/** Whether a process still runs (not gone, and not a zombie waiting for its parent). */
export function alive( pid ) {
	try {
		return ! /^\d+ \(.*\) Z/.test(
			fs.readFileSync( `/proc/${ pid }/stat`, 'utf8' )
		);
	} catch {
		return false;
	}
}

/** A process and its children (a php-fpm master and its workers). */
export function withChildren( pid ) {
	const children = fs
		.readFileSync( `/proc/${ pid }/task/${ pid }/children`, 'utf8' )
		.trim()
		.split( /\s+/ )
		.filter( Boolean )
		.map( Number );
	return [ pid, ...children ];
}

/** What is stored that a fault must not lose or change: share counts, push subscriptions and jobs. */
export function stored( database = stackDatabase() ) {
	return sql(
		[
			`USE \`${ database }\`;`,
			'CHECKSUM TABLE wp_tenderpress_share_counts, wp_tenderpress_push_subscriptions EXTENDED;',
			"SELECT option_name, MD5(option_value) FROM wp_options WHERE option_name LIKE 'tenderpress\\_push\\_job\\_%' ORDER BY option_name;",
		].join( '\n' ),
		'the stored counts and jobs'
	);
}

/** Redis stopped (SIGSTOP: connections hang rather than fail) for REDIS_DOWN_MS, then resumed. */
export async function hangRedis() {
	const redis = stackPids().redis;
	const began = Date.now();
	process.kill( redis, 'SIGSTOP' );
	try {
		await sleep( REDIS_DOWN_MS );
	} finally {
		process.kill( redis, 'SIGCONT' );
	}
	return { began, ended: Date.now() };
}

/** The database stopped and started again, away for DATABASE_DOWN_MS; `ended` is its return. */
export async function restartDatabase() {
	const began = Date.now();
	restartPrivateServer( DATABASE_DOWN_MS );
	return { began, ended: Date.now() };
}

/**
 * One application server killed (pool "fpm-a", its master and workers at once); `ended` is when
 * its last process was gone (its socket closed). The stack starts it again on its own.
 */
export async function killPool() {
	const processes = withChildren( stackPids()[ 'fpm-a' ] );
	const began = Date.now();
	for ( const pid of processes ) {
		process.kill( pid, 'SIGKILL' );
	}
	while ( processes.some( alive ) ) {
		await sleep( 5 );
	}
	return { began, ended: Date.now() };
}

export const FAULTS = {
	redis: hangRedis,
	database: restartDatabase,
	pool: killPool,
};

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const [ name, delay ] = process.argv.slice( 2 );
	if ( ! Object.hasOwn( FAULTS, name ) ) {
		process.stderr.write( `no fault "${ name }"\n` );
		process.exit( 2 );
	}
	await sleep( Number( delay ) || 0 );
	// The last line: the database's restart may log lines of its own before.
	process.stdout.write( `\n${ JSON.stringify( await FAULTS[ name ]() ) }\n` );
}
