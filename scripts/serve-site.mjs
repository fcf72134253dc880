// A second site server for the e2e tests that need their own (tests/e2e/support/own-server.ts):
// the seeded site on a fresh copy of the pristine database named NAME (an SQLite file or a MariaDB
// database, as DB says; removed on stop), on a port of its own, optionally
// with the clock of PHP moved (CLOCK, e.g. "+1d", through Debian's libfaketime), so a test
// can serve a page "a day later". Prints "ready <url>" once WordPress answers; stops on SIGTERM.
// PHP's notices go to the log the environment names (TP_DEBUG_LOG), like the main e2e server's.
import { clockEnv } from './lib/clock.mjs';
import { copySeed, ensureSeededSite, removeSeedCopy } from './lib/seed.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { assertPortFree, startServer } from './lib/server.mjs';
import { exitWithError, fail } from './lib/run.mjs';

const [ port, name, clock = '' ] = process.argv.slice( 2 );

try {
	if ( ! /^\d+$/.test( port || '' ) || ! /^[\w-]+$/.test( name || '' ) ) {
		fail( 'Usage: node scripts/serve-site.mjs PORT NAME [CLOCK]' );
	}
	// Before the copy: a busy port must not cost another run its database.
	await assertPortFree( Number( port ) );
	const copy = copySeed( ensureSeededSite(), name );
	const env = {
		...siteEnv( { ...copy, url: `http://127.0.0.1:${ port }` } ),
		// As on the shared e2e server, unless the test asks for it (TP_PUSH_PROMPT=on).
		TP_PUSH_PROMPT: process.env.TP_PUSH_PROMPT || 'off',
	};
	if ( clock ) {
		Object.assign( env, clockEnv( clock ) );
	}
	const server = await startServer( {
		port: Number( port ),
		env,
		workers: 2,
		quiet: true,
	} );
	const stop = () => {
		server.stop();
		removeSeedCopy( copy );
		process.exit( 0 );
	};
	process.on( 'SIGINT', stop );
	process.on( 'SIGTERM', stop );
	process.stdout.write( `ready ${ server.url }\n` );
} catch ( error ) {
	exitWithError( error );
}
