// `npm run stack`: the production stack on this machine (scripts/lib/stack.mjs): nginx with a
// full-page cache in front of two php-fpm pools, the private MariaDB, Redis with the object-cache
// drop-in and a WP-Cron timer, serving the same seeded demo site as `npm start` until Ctrl-C.
// STACK_PORT (nginx, default 8970) and STACK_REDIS_PORT (default 8971) pick the ports.
// STACK_DATABASE_COPY=name serves a fresh copy of the seeded database instead of the demo
// site's own (the stack suite uses it, so its changes never reach the demo site).
// STACK_MOVABLE_CLOCK=1 runs the pools on a clock a test can move (scripts/lib/stack.mjs).

import fs from 'node:fs';
import path from 'node:path';

// The stack runs on MariaDB: set before paths.mjs reads DB.
if ( process.env.DB && process.env.DB !== 'mariadb' ) {
	process.stderr.write(
		`[tenderpress] The stack runs on MariaDB only (got DB=${ process.env.DB }).\n`
	);
	process.exit( 1 );
}
process.env.DB = 'mariadb';

const { startStack, portFrom, STACK_DIR } = await import( './lib/stack.mjs' );
const { credentials } = await import( './lib/seed.mjs' );
const { exitWithError, log } = await import( './lib/run.mjs' );

const seedCount = Number( process.env.SEED_COUNT || 360 );

try {
	const started = Date.now();
	let stack = null;
	let stopped = false;
	const stopAll = ( code = 0 ) => {
		if ( ! stopped ) {
			stopped = true;
			stack?.stop();
		}
		// On exit, the private MariaDB stops too unless another command still uses it.
		process.exit( code );
	};
	process.on( 'SIGINT', () => stopAll( 0 ) );
	process.on( 'SIGTERM', () => stopAll( 0 ) );
	stack = await startStack( {
		port: portFrom( 'STACK_PORT', 8970 ),
		redisPort: portFrom( 'STACK_REDIS_PORT', 8971 ),
		seedCount,
		copy: process.env.STACK_DATABASE_COPY || '',
		movableClock: process.env.STACK_MOVABLE_CLOCK === '1',
		// A pool that ends is started again (scripts/lib/stack.mjs); without nginx, Redis or the
		// timer the stack is not the one it claims to be.
		onEnded: () => {
			if ( ! stopped ) {
				log( 'a process of the stack ended: stopping the rest' );
				stopAll( 1 );
			}
		},
	} );
	// What a PHP process needs to load the stack's site as php-fpm does (the stack suite's PHPUnit).
	fs.writeFileSync(
		path.join( STACK_DIR, 'env.json' ),
		JSON.stringify(
			Object.fromEntries(
				Object.entries( stack.env ).filter( ( [ name ] ) =>
					/^(TP_|DB_)/.test( name )
				)
			),
			null,
			'\t'
		)
	);
	const { user, password } = credentials();
	log(
		`TenderPress stack is running at ${
			stack.url
		}/ (nginx, php-fpm ×2, MariaDB database ${
			stack.database
		}, Redis, WP-Cron every minute; ready in ${ (
			( Date.now() - started ) /
			1000
		).toFixed( 1 ) } s)`
	);
	log(
		`Admin: ${ stack.url }/wp-admin/  user: ${ user }  password: ${ password }`
	);
	log( `Logs and the page cache: ${ STACK_DIR }` );
	log( 'Press Ctrl-C to stop.' );
} catch ( error ) {
	exitWithError( error );
}
