// The server Playwright starts for the e2e run: a fresh copy of the seeded database, its own
// port and its own PHP error log (tests/e2e/zz-php-log.spec.ts reads it).
import fs from 'node:fs';
import path from 'node:path';
import { ensureAll, siteEnv } from './lib/ensure.mjs';
import { startServer } from './lib/server.mjs';
import { DB_DIR, WP_DIR } from './lib/paths.mjs';
import { exitWithError } from './lib/run.mjs';

const port = Number( process.env.E2E_PORT || 8891 );
const debugLog = path.join( WP_DIR, 'reports', 'e2e-php.log' );

try {
	const { pristineFile } = ensureAll();
	fs.copyFileSync(
		path.join( DB_DIR, pristineFile ),
		path.join( DB_DIR, 'e2e.sqlite' )
	);
	fs.mkdirSync( path.dirname( debugLog ), { recursive: true } );
	fs.rmSync( debugLog, { force: true } );
	const server = await startServer( {
		port,
		env: { ...siteEnv( { dbFile: 'e2e.sqlite' } ), TP_DEBUG_LOG: debugLog },
		quiet: true,
	} );
	const stop = () => {
		server.stop();
		process.exit( 0 );
	};
	process.on( 'SIGINT', stop );
	process.on( 'SIGTERM', stop );
	process.stdout.write( `e2e server at ${ server.url }\n` );
} catch ( error ) {
	exitWithError( error );
}
