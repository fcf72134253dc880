// The fuzz suite's site: its own server (scripts/serve-site.mjs) on a fresh copy of the seeded
// database, with its own PHP log that is proven to receive notices; the PHP scripts that read
// the site's surface and its stored rows; and a plain HTTP client that sends bytes exactly as
// given (no URL normalisation, so "../" and broken percent-escapes reach the server as sent).
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { siteEnv } from '../../scripts/lib/site-env.mjs';
import { DB_DIR, WP_DIR } from '../../scripts/lib/paths.mjs';

const HERE = import.meta.dirname;
const ROOT = path.resolve( HERE, '..', '..' );

const PORT = Number( process.env.TP_FUZZ_PORT || 8960 );
// One database copy per run: serve-site.mjs copies the seed over this name before it finds out
// whether its port is free, so a second run must never share it.
const COPY = `fuzz-${ process.pid }`;
const DB_FILE = `${ COPY }.sqlite`;
// The readers of the stored rows (snapshot.php, cron.php) open an SQLite file, so the suite runs
// on SQLite whatever DB the run uses, and says so.
export const DATABASE = 'SQLite';
export const LOG_FILE = path.join( WP_DIR, 'reports', 'fuzz-php.log' );
const REQUEST_TIMEOUT_MS = 20000;

/**
 * Starts the server and resolves with { url, logProof, stop } once WordPress answers. The log
 * token is one-time, so a line from an earlier run can never pass as proof.
 */
export function startSite() {
	const logProof = crypto.randomUUID();
	fs.mkdirSync( path.dirname( LOG_FILE ), { recursive: true } );
	fs.rmSync( LOG_FILE, { force: true } );
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			process.execPath,
			[
				path.join( ROOT, 'scripts', 'serve-site.mjs' ),
				String( PORT ),
				COPY,
			],
			{
				cwd: ROOT,
				env: {
					...process.env,
					DB: 'sqlite',
					TP_DEBUG_LOG: LOG_FILE,
					TP_LOG_PROOF: logProof,
				},
				stdio: [ 'ignore', 'pipe', 'pipe' ],
			}
		);
		let errors = '';
		child.stderr.on( 'data', ( chunk ) => ( errors += chunk ) );
		const stopped = new Promise( ( done ) => child.on( 'exit', done ) );
		child.on( 'exit', ( code ) =>
			reject(
				new Error(
					`scripts/serve-site.mjs exited with ${ code }: ${ errors.trim() }`
				)
			)
		);
		child.stdout.on( 'data', ( chunk ) => {
			const ready = /^ready (\S+)$/m.exec( chunk.toString() );
			if ( ready ) {
				resolve( {
					url: ready[ 1 ],
					logProof,
					stop: () => {
						child.kill( 'SIGTERM' );
						return stopped;
					},
				} );
			}
		} );
	} );
}

/** Runs one of this folder's PHP scripts with the server's environment; resolves with stdout. */
function php( script, args = [] ) {
	return execFileSync( 'php', [ path.join( HERE, script ), ...args ], {
		cwd: ROOT,
		env: {
			...process.env,
			...siteEnv( {
				dbFile: DB_FILE,
				url: `http://127.0.0.1:${ PORT }`,
			} ),
			TP_DEBUG_LOG: LOG_FILE,
		},
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
	} );
}

/** The plugin's public surface, as the running WordPress reports it (surface.php). */
export function surface() {
	return JSON.parse( php( 'surface.php' ) );
}

/** Row count, hash and per-row hashes of every WordPress table (snapshot.php). */
export function snapshot() {
	return JSON.parse(
		php( 'snapshot.php', [ path.join( DB_DIR, DB_FILE ) ] )
	);
}

/** { due, locked }: wp-cron's due events and whether a run holds its lock (cron.php). */
export function cronState() {
	return JSON.parse( php( 'cron.php', [ path.join( DB_DIR, DB_FILE ) ] ) );
}

/**
 * The log's text from a byte offset on, and the offset it ends at. Bytes, not characters: the
 * next read starts exactly where this one stopped.
 */
export function readLog( from = 0 ) {
	if ( ! fs.existsSync( LOG_FILE ) ) {
		return { text: '', end: from };
	}
	const size = fs.statSync( LOG_FILE ).size;
	if ( size <= from ) {
		return { text: '', end: from };
	}
	const buffer = Buffer.alloc( size - from );
	const fd = fs.openSync( LOG_FILE, 'r' );
	try {
		fs.readSync( fd, buffer, 0, buffer.length, from );
	} finally {
		fs.closeSync( fd );
	}
	return { text: buffer.toString( 'utf8' ), end: size };
}

/**
 * Log entries (an entry is a line that starts with PHP's "[date] " stamp, plus any stack trace
 * lines under it), without the stamp.
 */
export function logEntries( text ) {
	const entries = [];
	for ( const line of text.split( '\n' ) ) {
		const stamped = /^\[[^\]]+\] (.*)$/.exec( line );
		if ( stamped ) {
			entries.push( stamped[ 1 ] );
		} else if ( line.trim() && entries.length ) {
			entries[ entries.length - 1 ] += `\n${ line }`;
		} else if ( line.trim() ) {
			entries.push( line );
		}
	}
	return entries;
}

const agent = new http.Agent( { keepAlive: true, maxSockets: 8 } );

/**
 * Sends one request: { method, path (already encoded), headers, body (string or Buffer) }.
 * Resolves with { status, headers, body } or { error } (a timeout or a dropped connection);
 * never rejects, so one bad answer cannot stop the run.
 */
export function send(
	base,
	{ method = 'GET', path: target, headers = {}, body }
) {
	const { hostname, port } = new URL( base );
	return new Promise( ( resolve ) => {
		const request = http.request(
			{
				agent,
				hostname,
				port,
				method,
				path: target,
				// A long value sent comes back in headers (REST's Link header repeats the query):
				// take what the server sends, past Node's 16 KB default.
				maxHeaderSize: 4 * 1024 * 1024,
				headers: {
					...( body !== undefined
						? { 'Content-Length': Buffer.byteLength( body ) }
						: {} ),
					// Each request from a visitor of its own (surface.php): an address of the
					// benchmarking range 198.18.0.0/15, never a real one.
					'X-Fuzz-Client': `198.${
						18 + crypto.randomInt( 2 )
					}.${ crypto.randomInt( 256 ) }.${
						1 + crypto.randomInt( 254 )
					}`,
					...headers,
				},
			},
			( response ) => {
				const chunks = [];
				response.on( 'data', ( chunk ) => chunks.push( chunk ) );
				response.on( 'end', () =>
					resolve( {
						status: response.statusCode,
						headers: response.headers,
						body: Buffer.concat( chunks ).toString( 'utf8' ),
					} )
				);
				response.on( 'error', ( error ) =>
					resolve( { error: error.message } )
				);
			}
		);
		request.setTimeout( REQUEST_TIMEOUT_MS, () =>
			request.destroy(
				new Error( `no answer within ${ REQUEST_TIMEOUT_MS / 1000 } s` )
			)
		);
		request.on( 'error', ( error ) => resolve( { error: error.message } ) );
		request.end( body );
	} );
}
