// The production stack of `npm run stack`, on this machine, as the current user, from .wp/stack/:
// nginx in front (page cache, gzip, static files), two php-fpm masters standing in for two
// application servers (each its own pool and opcache), the private MariaDB of DB=mariadb
// (scripts/lib/mariadb.mjs), Redis with the object-cache drop-in (scripts/stack/object-cache.php),
// and a timer that runs WP-Cron once a minute. Debian's packages are installed when missing, as
// `npm start` installs PHP's extensions. The caller must run with DB=mariadb (scripts/stack.mjs
// sets it before anything reads it).
import fs from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, WP_DIR, SITE_DIR, CONTENT_DIR, DB } from './paths.mjs';
import { ensureAll } from './ensure.mjs';
import { copySeed } from './seed.mjs';
import { siteEnv } from './site-env.mjs';
import { startMailServer } from './mail-server.mjs';
import { assertPortFree } from './server.mjs';
import { aptInstall } from './apt.mjs';
import { fail, isRoot, hasCommand, log } from './run.mjs';
import { isRunning, sleepSync } from './processes.mjs';
import { faketimeLibrary } from './clock.mjs';

export const STACK_DIR = path.join( WP_DIR, 'stack' );
export const PAGE_CACHE_DIR = path.join( STACK_DIR, 'page-cache' );
export const PHP_LOG = path.join( STACK_DIR, 'php.log' );
// With `movableClock`, the pools' clock: libfaketime's offset ("+0", "-25h"), read again at
// most once a second, so a test can render a page as it was a day ago and serve it from the
// page cache now (tests/e2e/day-old-cache.stack.spec.ts).
export const CLOCK_FILE = path.join( STACK_DIR, 'clock' );
const CONFIG_DIR = path.join( ROOT, 'scripts', 'stack' );
const POOLS = [ 'a', 'b' ];
// A pool that ends on its own is started again after this long, as a host's supervisor (systemd's
// Restart=) would; meanwhile nginx sends its share of the traffic to the other pool.
const POOL_RESTART_MS = 1000;
// How often the timer runs WP-Cron, as a system timer would.
const CRON_INTERVAL_MS = 60000;

/** A port from an environment variable, or the default. */
export function portFrom( name, fallback ) {
	const port = Number( process.env[ name ] || fallback );
	if ( ! Number.isInteger( port ) || port < 1 || port > 65535 ) {
		fail(
			`${ name } must be a port number from 1 to 65535, got "${ process.env[ name ] }".`
		);
	}
	return port;
}

function phpSeries() {
	return spawnSync(
		'php',
		[ '-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;' ],
		{ encoding: 'utf8' }
	).stdout.trim();
}

/**
 * Debian's nginx, php-fpm of the CLI's PHP series, redis-server and php-redis, installed when
 * missing; then php-fpm must be the same build as the CLI PHP that seeds and tests the site.
 */
function ensurePackages() {
	const series = phpSeries();
	const fpm = `php-fpm${ series }`;
	const missing = [];
	if ( ! hasCommand( 'nginx' ) ) {
		missing.push( 'nginx' );
	}
	if ( ! hasCommand( fpm ) ) {
		missing.push( `php${ series }-fpm` );
	}
	if ( ! hasCommand( 'redis-server' ) ) {
		missing.push( 'redis-server' );
	}
	const cliModules = spawnSync( 'php', [ '-m' ], {
		encoding: 'utf8',
	} ).stdout;
	if ( ! /^redis$/m.test( cliModules ) ) {
		missing.push( `php${ series }-redis` );
	}
	if ( missing.length ) {
		aptInstall( missing, `The stack needs ${ missing.join( ', ' ) }` );
	}
	const cli = spawnSync(
		'php',
		[ '-r', 'echo PHP_VERSION, " ", PHP_BINARY;' ],
		{
			encoding: 'utf8',
		}
	).stdout.trim();
	const fpmVersion = spawnSync( fpm, [ '-v' ], { encoding: 'utf8' } ).stdout;
	const cliVersion = cli.split( ' ' )[ 0 ];
	if ( ! fpmVersion.startsWith( `PHP ${ cliVersion } ` ) ) {
		fail(
			`${ fpm } is not the same build as the CLI PHP ${ cliVersion } (${
				fpmVersion.split( '\n' )[ 0 ]
			}): install the php${ series }-fpm package matching php${ series }-cli.`
		);
	}
	const fpmModules = spawnSync( fpm, [ '-m' ], { encoding: 'utf8' } ).stdout;
	for ( const module of [ 'redis', 'mysqli', 'Zend OPcache' ] ) {
		if ( ! fpmModules.includes( module ) ) {
			fail(
				`${ fpm } lacks the ${ module } extension the CLI has: reinstall php${ series }-fpm.`
			);
		}
	}
	return fpm;
}

function fill( template, values ) {
	return template.replace( /\{\{(\w+)\}\}/g, ( match, name ) => {
		if ( ! ( name in values ) ) {
			fail( `scripts/stack: no value for {{${ name }}}` );
		}
		return values[ name ];
	} );
}

/**
 * nginx map lines giving the islands build's hashed files (the manifest's entries and chunks)
 * a year's immutable caching.
 */
function immutableBuildLines() {
	const manifest = JSON.parse(
		fs.readFileSync( path.join( ROOT, 'build', 'assets.json' ), 'utf8' )
	);
	const files = new Set();
	for ( const entry of Object.values( manifest ) ) {
		for ( const file of [ entry.file, ...( entry.imports || [] ) ] ) {
			if ( file && /^[A-Za-z0-9_./-]+$/.test( file ) ) {
				files.add( file );
			}
		}
	}
	return [ ...files ]
		.map(
			( file ) =>
				`\t\t/wp-content/plugins/tenderpress/build/${ file } "public, max-age=31536000, immutable";`
		)
		.join( '\n' );
}

/**
 * The drop-in loader and the purge plugin, each inert outside the stack's php-fpm, and the
 * database-error page (SQLite, the dev server's database, never needs it).
 */
function installSiteFiles() {
	fs.writeFileSync(
		path.join( CONTENT_DIR, 'object-cache.php' ),
		[
			'<?php',
			"// Written by `npm run stack` (scripts/lib/stack.mjs): the stack's Redis object cache, only for",
			"// processes started with TP_OBJECT_CACHE=redis; every other one keeps WordPress's own cache.",
			"if ( 'redis' === getenv( 'TP_OBJECT_CACHE' ) ) {",
			`\trequire ${ JSON.stringify(
				path.join( CONFIG_DIR, 'object-cache.php' )
			) };`,
			'}',
			'',
		].join( '\n' )
	);
	// A 503 with Retry-After while the database is away, instead of WordPress's 500.
	fs.copyFileSync(
		path.join( CONFIG_DIR, 'db-error.php' ),
		path.join( CONTENT_DIR, 'db-error.php' )
	);
	fs.mkdirSync( path.join( CONTENT_DIR, 'mu-plugins' ), { recursive: true } );
	fs.copyFileSync(
		path.join( CONFIG_DIR, 'stack-mu-plugin.php' ),
		path.join( CONTENT_DIR, 'mu-plugins', 'tenderpress-stack.php' )
	);
}

function waitFor( what, check, timeoutMs = 30000 ) {
	const deadline = Date.now() + timeoutMs;
	return new Promise( ( resolve, reject ) => {
		const attempt = async () => {
			if ( await check().catch( () => false ) ) {
				resolve();
			} else if ( Date.now() > deadline ) {
				reject(
					new Error(
						`${ what } did not start within ${ timeoutMs / 1000 } s`
					)
				);
			} else {
				setTimeout( attempt, 100 );
			}
		};
		attempt();
	} );
}

/** Whether Redis on `port` answers PING. */
export function redisAnswers( port ) {
	return new Promise( ( resolve ) => {
		const socket = net.connect( port, '127.0.0.1' );
		socket.setTimeout( 1000 );
		socket.on( 'connect', () => socket.write( 'PING\r\n' ) );
		socket.on( 'data', ( data ) => {
			socket.destroy();
			resolve( data.toString().startsWith( '+PONG' ) );
		} );
		socket.on( 'error', () => resolve( false ) );
		socket.on( 'timeout', () => {
			socket.destroy();
			resolve( false );
		} );
	} );
}

function httpStatus( url ) {
	return new Promise( ( resolve ) => {
		const request = http.get( url, ( response ) => {
			response.resume();
			resolve( response.statusCode );
		} );
		request.on( 'error', () => resolve( 0 ) );
		request.setTimeout( 5000, () => request.destroy() );
	} );
}

/**
 * Starts the stack. `port` is nginx's, `redisPort` Redis's; `copy` names a fresh copy of the
 * seeded database to serve instead of the demo site's own (the stack suite uses one).
 * `onEnded( name )` is told when a process that is not restarted (nginx, Redis, the timer) ends.
 * `movableClock` runs the pools on the clock in CLOCK_FILE (the stack suite's).
 * Resolves with { url, stop, pids, env } once the site answers through nginx.
 */
export async function startStack( {
	port,
	redisPort,
	seedCount = 360,
	copy = '',
	extraEnv = {},
	onEnded = () => {},
	movableClock = false,
} ) {
	if ( DB !== 'mariadb' ) {
		fail( 'The stack runs on MariaDB: start it with DB=mariadb.' );
	}
	for ( const [ name, value ] of [
		[ 'STACK_PORT', port ],
		[ 'STACK_REDIS_PORT', redisPort ],
	] ) {
		await assertPortFree( value ).catch( () =>
			fail(
				`Port ${ value } on 127.0.0.1 is already in use. Stop whatever uses it, or pick another port: ${ name }=${
					value + 10
				} npm run stack`
			)
		);
	}
	const fpm = ensurePackages();
	const seeded = ensureAll( { seedCount } );
	const { database } = copy ? copySeed( seeded, copy ) : seeded;
	installSiteFiles();

	// Left over from an earlier run: sockets, pid files and the old page cache.
	fs.rmSync( STACK_DIR, { recursive: true, force: true } );
	for ( const dir of [ 'tmp', 'redis', 'page-cache' ] ) {
		fs.mkdirSync( path.join( STACK_DIR, dir ), { recursive: true } );
	}
	const url = `http://127.0.0.1:${ port }`;
	// The site's mail goes over SMTP, as to a host's relay (see "Mail" in docs/development.md).
	const mail = await startMailServer( { dir: siteEnv().TP_MAIL_DIR } );
	const env = {
		...process.env,
		...siteEnv( { database, url } ),
		TP_SMTP_PORT: String( mail.port ),
		TP_OBJECT_CACHE: 'redis',
		TP_REDIS_HOST: '127.0.0.1',
		TP_REDIS_PORT: String( redisPort ),
		TP_PAGE_CACHE_DIR: PAGE_CACHE_DIR,
		TP_DISABLE_WP_CRON: '1',
		TP_DEBUG_LOG: PHP_LOG,
		...extraEnv,
	};
	const children = [];
	const stop = () => {
		mail.stop();
		// Masters first: nginx and php-fpm stop their own workers on SIGTERM.
		for ( const child of [ ...children ].reverse() ) {
			if ( child.exitCode === null && child.signalCode === null ) {
				try {
					child.kill( 'SIGTERM' );
				} catch {}
			}
		}
		const deadline = Date.now() + 10000;
		while (
			children.some( ( child ) => isRunning( child.pid ) ) &&
			Date.now() < deadline
		) {
			sleepSync( 50 );
		}
	};
	const pools = {};
	let stopping = false;
	const poolEnv = movableClock
		? {
				...env,
				LD_PRELOAD: faketimeLibrary(),
				FAKETIME_TIMESTAMP_FILE: CLOCK_FILE,
				FAKETIME_CACHE_DURATION: '1',
				FAKETIME_DONT_FAKE_MONOTONIC: '1',
		  }
		: env;
	if ( movableClock ) {
		fs.writeFileSync( CLOCK_FILE, '+0\n' );
	}
	const startPool = ( pool ) =>
		start(
			`fpm-${ pool }`,
			fpm,
			[
				'--nodaemonize',
				'--fpm-config',
				pools[ pool ],
				...( isRoot() ? [ '--allow-to-run-as-root' ] : [] ),
			],
			{ env: poolEnv }
		);
	const start = ( name, command, args, options = {} ) => {
		const out = fs.openSync( path.join( STACK_DIR, `${ name }.out` ), 'a' );
		// Same process group as the caller: a terminal's Ctrl-C reaches every server too.
		const child = spawn( command, args, {
			cwd: STACK_DIR,
			env,
			stdio: [ 'ignore', out, out ],
			...options,
		} );
		fs.closeSync( out );
		child.stackName = name;
		children.push( child );
		return child;
	};

	try {
		start( 'redis', 'redis-server', [
			'--bind',
			'127.0.0.1',
			'--port',
			String( redisPort ),
			'--dir',
			path.join( STACK_DIR, 'redis' ),
			// A cache: nothing saved to disk, and the least recently used key leaves when full.
			'--save',
			'',
			'--appendonly',
			'no',
			'--maxmemory',
			'256mb',
			'--maxmemory-policy',
			'allkeys-lru',
			'--daemonize',
			'no',
		] );
		await waitFor( 'Redis', () => redisAnswers( redisPort ) );

		for ( const pool of POOLS ) {
			const config = path.join( STACK_DIR, `fpm-${ pool }.conf` );
			pools[ pool ] = config;
			fs.writeFileSync(
				config,
				fill(
					fs.readFileSync(
						path.join( CONFIG_DIR, 'php-fpm.conf' ),
						'utf8'
					),
					{
						DIR: STACK_DIR,
						POOL: pool,
						USER: isRoot() ? 'user = root\ngroup = root' : '',
					}
				)
			);
			startPool( pool );
		}
		await waitFor( 'php-fpm', async () =>
			POOLS.every( ( pool ) =>
				fs.existsSync( path.join( STACK_DIR, `fpm-${ pool }.sock` ) )
			)
		);

		const nginxConfig = path.join( STACK_DIR, 'nginx.conf' );
		fs.writeFileSync(
			nginxConfig,
			fill(
				fs.readFileSync(
					path.join( CONFIG_DIR, 'nginx.conf' ),
					'utf8'
				),
				{
					DIR: STACK_DIR,
					CONFIG: CONFIG_DIR,
					IMMUTABLE_BUILD: immutableBuildLines(),
					ROOT: SITE_DIR,
					PORT: String( port ),
					// As root, nginx's workers would otherwise drop to www-data, which cannot
					// write the cache folder under .wp.
					USER: isRoot() ? 'user root;' : '',
				}
			)
		);
		const nginxArgs = [
			'-p',
			STACK_DIR,
			'-c',
			nginxConfig,
			'-e',
			path.join( STACK_DIR, 'nginx-error.log' ),
		];
		const test = spawnSync( 'nginx', [ ...nginxArgs, '-t' ], {
			encoding: 'utf8',
		} );
		if ( test.status !== 0 ) {
			fail( `nginx refused its configuration:\n${ test.stderr }` );
		}
		start( 'nginx', 'nginx', [ ...nginxArgs, '-g', 'daemon off;' ] );
		await waitFor(
			'The site behind nginx',
			async () => ( await httpStatus( `${ url }/wp-login.php` ) ) === 200
		);

		start( 'cron', process.execPath, [
			path.join( CONFIG_DIR, 'cron-timer.mjs' ),
			`${ url }/wp-cron.php`,
			String( CRON_INTERVAL_MS ),
		] );
	} catch ( error ) {
		stop();
		throw error;
	}
	// The processes running now, by name (a restarted pool replaces its predecessor), for the
	// stack suite's check that nothing outlives the stack.
	const pids = {};
	const writePids = () => {
		for ( const child of children ) {
			if ( child.exitCode === null && child.signalCode === null ) {
				pids[ child.stackName ] = child.pid;
			}
		}
		fs.writeFileSync(
			path.join( STACK_DIR, 'pids.json' ),
			JSON.stringify( pids, null, '\t' )
		);
	};
	const watch = ( child ) =>
		child.on( 'exit', ( code, signal ) => {
			if ( stopping ) {
				return;
			}
			const how = signal || `exit ${ code }`;
			const pool = /^fpm-(\w+)$/.exec( child.stackName )?.[ 1 ];
			if ( ! pool ) {
				log( `${ child.stackName } stopped (${ how })` );
				onEnded( child.stackName );
				return;
			}
			log(
				`${
					child.stackName
				} stopped (${ how }); starting it again in ${
					POOL_RESTART_MS / 1000
				} s`
			);
			setTimeout( () => {
				if ( ! stopping ) {
					watch( startPool( pool ) );
					writePids();
				}
			}, POOL_RESTART_MS );
		} );
	children.forEach( watch );
	writePids();
	return {
		url,
		database,
		pids,
		children,
		env,
		stop: () => {
			stopping = true;
			stop();
		},
	};
}
