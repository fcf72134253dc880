// PHP's built-in server for the site: workers for parallel requests, opcache on, a real SMTP
// server for its mail (mail-server.mjs), and a clean stop of every process it started (the
// master and its workers share one process group).
import net from 'node:net';
import http from 'node:http';
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { MAIL_DIR, ROOT, SITE_DIR } from './paths.mjs';
import { startMailServer } from './mail-server.mjs';
import { fail, SetupError } from './run.mjs';

export function assertPortFree( port, host = '127.0.0.1' ) {
	return new Promise( ( resolve, reject ) => {
		const probe = net.createServer();
		probe.once( 'error', () =>
			reject(
				new SetupError(
					`Port ${ port } on ${ host } is already in use. Stop whatever uses it, or pick another port: PORT=${
						Number( port ) + 1
					} npm start`
				)
			)
		);
		probe.once( 'listening', () => probe.close( resolve ) );
		probe.listen( port, host );
	} );
}

function waitForHttp( url, timeoutMs ) {
	const deadline = Date.now() + timeoutMs;
	return new Promise( ( resolve, reject ) => {
		const attempt = () => {
			const request = http.get( url, ( response ) => {
				response.resume();
				resolve( response.statusCode );
			} );
			request.on( 'error', () => {
				if ( Date.now() > deadline ) {
					reject(
						new Error(
							`The site did not answer at ${ url } within ${
								timeoutMs / 1000
							} s.`
						)
					);
				} else {
					setTimeout( attempt, 100 );
				}
			} );
			request.setTimeout( 5000, () => request.destroy() );
		};
		attempt();
	} );
}

/** Pids whose parent is `parent` (read from /proc; Linux only, which is where this runs). */
function childPids( parent ) {
	const pids = [];
	for ( const entry of fs.readdirSync( '/proc' ) ) {
		if ( ! /^\d+$/.test( entry ) ) {
			continue;
		}
		try {
			const stat = fs.readFileSync( `/proc/${ entry }/stat`, 'utf8' );
			// The command may hold spaces or parentheses: the ppid follows the last ")".
			const ppid = Number(
				stat.slice( stat.lastIndexOf( ')' ) + 2 ).split( ' ' )[ 1 ]
			);
			if ( ppid === parent ) {
				pids.push( Number( entry ) );
			}
		} catch {}
	}
	return pids;
}

/**
 * Starts php -S on the site. Resolves with { url, stop } once WordPress answers.
 * `env` carries the site environment (database file, URL); see site-env.mjs.
 */
export async function startServer( { port, env, workers = 4, quiet = false } ) {
	await assertPortFree( port );
	const url = `http://127.0.0.1:${ port }`;
	// The site's mail goes over SMTP to a server of its own, unless the caller gave one.
	const mail = env.TP_SMTP_PORT
		? null
		: await startMailServer( { dir: env.TP_MAIL_DIR || MAIL_DIR } );
	const child = spawn(
		'php',
		[
			'-d',
			'opcache.enable_cli=1',
			'-d',
			'opcache.validate_timestamps=1',
			'-d',
			'memory_limit=256M',
			'-d',
			'variables_order=EGPCS',
			'-S',
			`127.0.0.1:${ port }`,
			'-t',
			SITE_DIR,
			path.join( ROOT, 'scripts', 'wp', 'router.php' ),
		],
		{
			cwd: SITE_DIR,
			env: {
				...process.env,
				...env,
				TP_SITE_URL: url,
				...( mail ? { TP_SMTP_PORT: String( mail.port ) } : {} ),
				PHP_CLI_SERVER_WORKERS: String( workers ),
			},
			stdio: [
				'ignore',
				quiet ? 'ignore' : 'pipe',
				quiet ? 'ignore' : 'pipe',
			],
			// Same process group as this script: a terminal's Ctrl-C or a test runner's group kill
			// reaches the PHP master and its workers too.
			detached: false,
		}
	);
	if ( ! quiet ) {
		// php -S logs every request to stderr; keep only real problems on screen.
		const filter = ( chunk ) => {
			for ( const line of chunk.toString().split( '\n' ) ) {
				if (
					/PHP (Fatal|Parse|Warning|Notice|Deprecated)|Failed to listen/i.test(
						line
					)
				) {
					process.stderr.write( line + '\n' );
				}
			}
		};
		child.stdout.on( 'data', filter );
		child.stderr.on( 'data', filter );
	}
	let exited = false;
	child.on( 'exit', () => {
		exited = true;
	} );
	const stop = () => {
		mail?.stop();
		if ( exited ) {
			return;
		}
		// Killing the master leaves PHP's workers running: stop them by pid first.
		for ( const pid of [ ...childPids( child.pid ), child.pid ] ) {
			try {
				process.kill( pid, 'SIGTERM' );
			} catch {}
		}
	};
	try {
		await waitForHttp( `${ url }/wp-login.php`, 30000 );
	} catch ( error ) {
		stop();
		fail( error.message );
	}
	return { url, stop, child };
}
