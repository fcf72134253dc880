// `npm start`: makes sure everything is installed and seeded, then serves the demo site until
// Ctrl-C. PORT picks the port (default 8888); DB=mariadb uses MariaDB instead of SQLite, and
// WP_VERSION=beta or nightly a newer core (paths.mjs checks both).
import { ensureAll } from './lib/ensure.mjs';
import { credentials } from './lib/seed.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { assertPortFree, startServer } from './lib/server.mjs';
import path from 'node:path';
import { DB, MAIL_DIR, WP_VERSION } from './lib/paths.mjs';
import { exitWithError, log, SetupError } from './lib/run.mjs';

const port = Number( process.env.PORT || 8888 );
const seedCount = Number( process.env.SEED_COUNT || 360 );

async function main() {
	if ( ! Number.isInteger( port ) || port < 1 || port > 65535 ) {
		throw new SetupError(
			`PORT must be a port number from 1 to 65535, got "${ process.env.PORT }".`
		);
	}
	// Say so at once, before any install work, when the port is taken.
	await assertPortFree( port );
	const started = Date.now();
	const stops = [];
	const stopAll = () => {
		stops.reverse().forEach( ( stop ) => stop() );
		process.exit( 0 );
	};
	process.on( 'SIGINT', stopAll );
	process.on( 'SIGTERM', stopAll );

	// On MariaDB, the server stops when this process exits, unless another command still uses it.
	const { dbFile, database } = ensureAll( { seedCount } );
	const server = await startServer( {
		port,
		env: siteEnv( { dbFile, database } ),
	} );
	stops.push( server.stop );
	const { user, password } = credentials();
	log(
		`TenderPress is running at ${
			server.url
		}/ (WordPress ${ WP_VERSION }, ${
			DB === 'mariadb' ? 'MariaDB' : 'SQLite'
		}, ready in ${ ( ( Date.now() - started ) / 1000 ).toFixed( 1 ) } s)`
	);
	log(
		`Admin: ${ server.url }/wp-admin/  user: ${ user }  password: ${ password }`
	);
	log(
		`Mail the site sends arrives at a local SMTP server, one JSON file per message in ${ path.relative(
			process.cwd(),
			MAIL_DIR
		) }/`
	);
	log( 'Press Ctrl-C to stop.' );
	server.child.on( 'exit', ( code ) => {
		log( `the PHP server stopped (exit ${ code })` );
		stopAll();
	} );
}

main().catch( ( error ) => exitWithError( error ) );
