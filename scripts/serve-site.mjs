// A second site server for the e2e tests that need their own (tests/e2e/support/own-server.ts):
// the seeded site on a fresh copy of the pristine database named NAME (an SQLite file or a MariaDB
// database, as DB says; removed on stop), on a port of its own, optionally
// with the clock of PHP moved (FAKE_CLOCK, e.g. "+1d", through Debian's libfaketime), so a test
// can serve a page "a day later". Prints "ready <url>" once WordPress answers; stops on SIGTERM.
// PHP's notices go to the log the environment names (TP_DEBUG_LOG), like the main e2e server's.
import fs from 'node:fs';
import path from 'node:path';
import { ensureOsCommand } from './lib/apt.mjs';
import { copySeed, ensureSeededSite, removeSeedCopy } from './lib/seed.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { assertPortFree, startServer } from './lib/server.mjs';
import { exitWithError, fail } from './lib/run.mjs';

const [ port, name, clock = '' ] = process.argv.slice( 2 );

/** Debian's libfaketime, which moves the clock of the processes it is preloaded into. */
function faketimeLibrary() {
	ensureOsCommand(
		'faketime',
		'faketime',
		'the clock shift of the e2e tests'
	);
	for ( const dir of fs.readdirSync( '/usr/lib' ) ) {
		const library = path.join(
			'/usr/lib',
			dir,
			'faketime',
			'libfaketime.so.1'
		);
		if ( fs.existsSync( library ) ) {
			return library;
		}
	}
	return fail( 'libfaketime.so.1 was not found under /usr/lib/*/faketime/.' );
}

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
		Object.assign( env, {
			LD_PRELOAD: faketimeLibrary(),
			FAKETIME: clock,
		} );
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
