// The server Playwright starts for the e2e run: a fresh copy of the seeded database (SQLite or
// MariaDB, and the WordPress variant, as DB and WP_VERSION say), its own
// port and its own PHP error log. `npm test` names the log (TP_DEBUG_LOG) and gives a one-time
// token (TP_LOG_PROOF); both reach PHP with the rest of the environment. Before any test runs,
// the server must log the token as a PHP notice: that proves its notices reach the log, so
// tests/e2e/zz-php-log.spec.ts can treat a clean log as clean rather than as lost.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ensureAll } from './lib/ensure.mjs';
import { copySeed } from './lib/seed.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { startServer } from './lib/server.mjs';
import { exitWithError, fail } from './lib/run.mjs';

const port = Number( process.env.E2E_PORT || 8891 );
const debugLog = process.env.TP_DEBUG_LOG;
const logProof = process.env.TP_LOG_PROOF;

function get( url ) {
	return new Promise( ( resolve, reject ) => {
		http.get( url, ( response ) => {
			response.resume();
			response.on( 'end', resolve );
		} ).on( 'error', reject );
	} );
}

/** Asks the site for its proof notice (see dev-site-mu-plugin.php) and checks the log holds it. */
async function proveLogging( url ) {
	await get( `${ url }/wp-login.php?${ logProof }` );
	const logged = fs.existsSync( debugLog )
		? fs.readFileSync( debugLog, 'utf8' )
		: '';
	if ( ! logged.includes( logProof ) ) {
		fail(
			`PHP notices of the e2e server do not reach its log ${ debugLog } (${
				logged ? 'the proof notice is not in it' : 'nothing was written'
			}): check WP_DEBUG and WP_DEBUG_LOG in scripts/wp/wp-config.php.`
		);
	}
}

try {
	// Its own copy per port, so two runs on one machine (E2E_PORT) never share a database.
	const copy = copySeed(
		ensureAll(),
		8891 === port ? 'e2e' : `e2e-${ port }`
	);
	if ( debugLog ) {
		fs.mkdirSync( path.dirname( debugLog ), { recursive: true } );
		fs.rmSync( debugLog, { force: true } );
	}
	const server = await startServer( {
		port,
		// The push prompt would cover every page's header in every test: off here, on in the
		// push tests' own servers (tests/e2e/push.spec.ts).
		env: {
			...siteEnv( copy ),
			TP_PUSH_PROMPT: process.env.TP_PUSH_PROMPT || 'off',
		},
		quiet: true,
	} );
	const stop = () => {
		server.stop();
		process.exit( 0 );
	};
	process.on( 'SIGINT', stop );
	process.on( 'SIGTERM', stop );
	if ( debugLog && logProof ) {
		await proveLogging( server.url ).catch( ( error ) => {
			server.stop();
			throw error;
		} );
	}
	process.stdout.write( `e2e server at ${ server.url }\n` );
} catch ( error ) {
	exitWithError( error );
}
