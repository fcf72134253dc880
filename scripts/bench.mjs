// `npm run bench`: boots the seeded site (SEED_COUNT notices, default 10,000) and writes
// BENCHMARKS.md with six parts: what visitors download, how pages feel (Lighthouse), what each
// endpoint costs (wrk), how cost grows with the number of notices, on SQLite and then on
// MariaDB (scripts/bench/scaling.mjs), and one notice pushed to 10,000 subscriptions
// (scripts/bench/push.mjs), and six: the production stack and the built-in server under 200
// visitors at once (scripts/bench/stack-load.mjs). BENCH_100K=1 adds the 100,000-notice size to
// part 4.
// Timings live here, never in test assertions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureAll } from './lib/ensure.mjs';
import { ensureOsCommand } from './lib/apt.mjs';
import { ensureSeededSite } from './lib/seed.mjs';
import { siteEnv } from './lib/site-env.mjs';
import { startServer } from './lib/server.mjs';
import { chunkSizes } from './lib/chunk-sizes.mjs';
import { BUILD_DIR, DB_DIR, ROOT, WP_DIR } from './lib/paths.mjs';
import { exitWithError, log } from './lib/run.mjs';
import { measureWeights } from './bench/weights.mjs';
import { measurePageChange, THROTTLING } from './bench/page-change.mjs';
import { pagingRequestOf } from './lib/paging.mjs';
import { CHROMIUM } from './lib/chromium.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { endpoints } from './bench/endpoints.mjs';
import { runWrk } from './bench/load.mjs';
import { measurePhpCost } from './bench/php-cost.mjs';
import { writeReport } from './bench/report.mjs';
import { measureMariaDbScaling } from './bench/scaling.mjs';
import { measurePush } from './bench/push.mjs';
import { measureStackLoad } from './bench/stack-load.mjs';

const SEED_COUNT = Number( process.env.SEED_COUNT || 10000 );
const PORT = Number( process.env.BENCH_PORT || 8897 );
const LOAD = {
	connections: 4,
	threads: 2,
	seconds: Number( process.env.BENCH_SECONDS || 10 ),
	warmup: 2,
};
const WORKERS = 2;

async function json( url ) {
	const response = await fetch( url );
	return response.json();
}

function machine() {
	const cpu = os.cpus()[ 0 ]?.model ?? 'unknown CPU';
	const php = spawnSync( 'php', [ '-r', 'echo PHP_VERSION;' ], {
		encoding: 'utf8',
	} ).stdout;
	const wrk = (
		spawnSync( 'wrk', [ '--version' ], { encoding: 'utf8' } ).stdout || ''
	).split( '\n' )[ 0 ];
	const chromium = spawnSync( CHROMIUM, [ '--version' ], {
		encoding: 'utf8',
	} ).stdout.trim();
	return {
		cpu,
		cores: os.cpus().length,
		memory: `${ Math.round( os.totalmem() / 2 ** 30 ) } GiB`,
		node: process.version,
		php,
		wrk,
		chromium,
		date: new Date().toISOString(),
	};
}

/** Servers this run started; stopped on any exit, Ctrl-C included. */
const servers = new Set();
async function serve( env ) {
	const server = await startServer( {
		port: PORT,
		env,
		workers: WORKERS,
		quiet: true,
	} );
	servers.add( server );
	return {
		...server,
		stop: () => ( servers.delete( server ), server.stop() ),
	};
}
for ( const signal of [ 'SIGINT', 'SIGTERM' ] ) {
	process.on( signal, () => {
		servers.forEach( ( server ) => server.stop() );
		process.exit( 130 );
	} );
}

async function main() {
	const started = Date.now();
	ensureOsCommand( 'wrk', 'wrk', 'the load generator of the bench' );
	const { pristineFile } = ensureAll( { seedCount: SEED_COUNT } );
	// WordPress writes now and then (cron, transients of its own): give the bench its own copy.
	fs.copyFileSync(
		path.join( DB_DIR, pristineFile ),
		path.join( DB_DIR, 'bench.sqlite' )
	);
	const queryLog = path.join( WP_DIR, 'reports', 'bench-queries.log' );
	fs.mkdirSync( path.dirname( queryLog ), { recursive: true } );
	fs.rmSync( queryLog, { force: true } );
	const env = siteEnv( { dbFile: 'bench.sqlite' } );

	let server = await serve( { ...env, TP_BENCH_QUERY_LOG: queryLog } );
	const base = server.url;
	const [ notice ] = await json(
		`${ base }/wp-json/wp/v2/tenders?per_page=1`
	);
	const [ post ] = await json( `${ base }/wp-json/wp/v2/posts?per_page=1` );
	const pages = {
		home: '/',
		'notice archive': '/tenders/',
		'single notice': new URL( notice.link ).pathname,
		'blog post': new URL( post.link ).pathname,
		'deadline calendar': '/deadlines/',
		'page without islands': '/notice-format-for-buyers/',
	};

	log( 'part 1: what visitors download' );
	const weights = await measureWeights( base, pages );

	log( 'part 1: first in-place page change, on intent' );
	const pageChange = {
		intent: await measurePageChange( base, pages.home, {
			waitForMount: false,
		} ),
	};

	log( 'part 2: Lighthouse, mobile, 5 runs each' );
	const lighthouse = await measureLighthouse( base, {
		home: pages.home,
		'single notice': pages[ 'single notice' ],
	} );

	// The same, with the islands loading as 0.1.0 loaded them (TP_BENCH_EAGER, in the dev site's
	// must-use plugin): the figures this release is compared with, measured in the same run.
	log( 'part 1 again, islands loading eagerly as 0.1.0 did' );
	server.stop();
	await new Promise( ( resolve ) => setTimeout( resolve, 500 ) );
	server = await serve( { ...env, TP_BENCH_EAGER: '1' } );
	const eagerWeights = await measureWeights( base, {
		home: pages.home,
		'notice archive': pages[ 'notice archive' ],
		'single notice': pages[ 'single notice' ],
	} );
	pageChange.eager = await measurePageChange( base, pages.home, {
		waitForMount: true,
	} );
	server.stop();
	await new Promise( ( resolve ) => setTimeout( resolve, 500 ) );
	server = await serve( { ...env, TP_BENCH_QUERY_LOG: queryLog } );

	log( 'part 3: server cost' );
	const home = await ( await fetch( `${ base }/` ) ).text();
	const paging = pagingRequestOf( home );
	const totalPages = Number(
		( home.match( /data-totalpages="(\d+)"/ ) || [] )[ 1 ] || 2
	);
	// Fifty of the site's own page addresses, for the share count request: the notices' links
	// of the listing's first pages.
	const links = [];
	for ( let at = 1; links.length < 50 && at <= totalPages; at++ ) {
		const listing = await (
			await fetch( at === 1 ? `${ base }/` : `${ base }/page/${ at }/` )
		).text();
		for ( const [ , link ] of listing.matchAll(
			/href="(http[^"#?]*\/tenders\/[^"#?/]+\/)"/g
		) ) {
			if ( ! links.includes( link ) && links.length < 50 ) {
				links.push( link );
			}
		}
	}
	const list = endpoints( { paging, totalPages, links } );
	// With the query log on, one request at a time: queries and PHP's CPU time per request.
	const costs = await measurePhpCost( base, list, queryLog );
	server.stop();
	await new Promise( ( resolve ) => setTimeout( resolve, 500 ) );
	server = await serve( env );
	const load = [];
	for ( const [ index, endpoint ] of list.entries() ) {
		log( `  ${ endpoint.name }` );
		load.push( {
			...endpoint,
			...runWrk( base, endpoint, LOAD ),
			...costs[ index ],
		} );
	}
	server.stop();
	await new Promise( ( resolve ) => setTimeout( resolve, 500 ) );

	// The goal for a full listing page is set at 1,000 notices: the floor, the paging request
	// and the full page again, on a copy of that database.
	log( 'part 3 again: what PHP pays at 1,000 notices' );
	const small = ensureSeededSite( { seedCount: 1000 } );
	fs.copyFileSync(
		path.join( DB_DIR, small.pristineFile ),
		path.join( DB_DIR, 'bench-1000.sqlite' )
	);
	server = await serve( {
		...siteEnv( { dbFile: 'bench-1000.sqlite' } ),
		TP_BENCH_QUERY_LOG: queryLog,
	} );
	const smallHome = await ( await fetch( `${ base }/` ) ).text();
	const smallList = endpoints( {
		paging: pagingRequestOf( smallHome ),
		totalPages: Number(
			( smallHome.match( /data-totalpages="(\d+)"/ ) || [] )[ 1 ] || 2
		),
		links: [],
	} ).filter(
		( endpoint ) =>
			endpoint.floor ||
			endpoint.pageOf ||
			list.some( ( other ) => other.pageOf === endpoint.name )
	);
	const smallCosts = await measurePhpCost( base, smallList, queryLog );
	const atThousand = smallList.map( ( endpoint, index ) => ( {
		name: endpoint.name,
		floor: endpoint.floor,
		pageOf: endpoint.pageOf,
		...smallCosts[ index ],
	} ) );
	server.stop();

	log( 'part 4: how cost grows' );
	const sizes = [
		1000,
		SEED_COUNT === 1000 ? null : SEED_COUNT,
		process.env.BENCH_100K ? 100000 : null,
	].filter( Boolean );
	const scaleSizes = [ ...new Set( sizes ) ].sort( ( a, b ) => a - b );
	const scaling = [];
	for ( const size of scaleSizes ) {
		const seeded = ensureSeededSite( { seedCount: size } );
		fs.copyFileSync(
			path.join( DB_DIR, seeded.pristineFile ),
			path.join( DB_DIR, 'bench-scale.sqlite' )
		);
		const out = spawnSync(
			'php',
			[
				'-d',
				'memory_limit=1G',
				path.join( ROOT, 'scripts', 'bench', 'queries.php' ),
			],
			{
				env: {
					...process.env,
					...siteEnv( { dbFile: 'bench-scale.sqlite' } ),
				},
				encoding: 'utf8',
				maxBuffer: 64 * 1024 * 1024,
			}
		);
		if ( out.status !== 0 ) {
			throw new Error(
				`queries.php failed for ${ size } notices: ${ out.stderr }`
			);
		}
		scaling.push( JSON.parse( out.stdout ) );
	}
	// With SQLite's write-ahead log beside each copy.
	for ( const file of fs.readdirSync( DB_DIR ) ) {
		if ( /^bench(-scale|-1000)?\.sqlite/.test( file ) ) {
			fs.rmSync( path.join( DB_DIR, file ), { force: true } );
		}
	}

	// The same on MariaDB, in a process of its own (DB=mariadb); when MariaDB cannot be started
	// or a step fails, the result says why and the report prints it.
	log( 'part 4 again, on MariaDB' );
	const mariadbScaling = measureMariaDbScaling( scaleSizes );

	log( 'part 5: push notifications' );
	let push;
	try {
		push = await measurePush();
	} catch ( error ) {
		push = { error: String( error.message ?? error ).split( '\n' )[ 0 ] };
	}
	if ( mariadbScaling.error ) {
		log( `part 4 on MariaDB did not complete: ${ mariadbScaling.error }` );
	}

	// On the MariaDB database part 4 seeded, in a process of its own (DB=mariadb).
	log( 'part 6: the production stack under load' );
	const stackLoad = measureStackLoad( SEED_COUNT );
	if ( stackLoad.error ) {
		log( `part 6 did not complete: ${ stackLoad.error }` );
	}

	writeReport( path.join( ROOT, 'BENCHMARKS.md' ), {
		machine: machine(),
		seedCount: SEED_COUNT,
		load: LOAD,
		workers: WORKERS,
		weights,
		eagerWeights,
		chunks: chunkSizes( BUILD_DIR ),
		pageChange,
		throttling: THROTTLING,
		lighthouse,
		endpoints: load,
		atThousand,
		scaling,
		mariadbScaling,
		push,
		stackLoad,
		seconds: Math.round( ( Date.now() - started ) / 1000 ),
	} );
	log(
		`wrote BENCHMARKS.md in ${ Math.round(
			( Date.now() - started ) / 1000
		) } s`
	);
}

main().catch( ( error ) => {
	// A failed run leaves no server behind on the bench's port (the next run needs it).
	servers.forEach( ( server ) => server.stop() );
	exitWithError( error );
} );
