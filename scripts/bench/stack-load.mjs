// Part 6 of the bench, "The production stack under load": 200 visitors at once for 60 s (wrk,
// 200 connections) of the issue's mix, first on `npm run stack` (nginx's page cache, two php-fpm
// pools, Redis, MariaDB), then on PHP's built-in server (2 workers, no object cache) serving the
// same MariaDB database, from the same run. The mix, one list that every wrk connection walks
// through in turn:
// - 80 % page views: the home page, the notice archive, listing pages 2–21, twenty notices and
//   filtered views (a category, a status, a sort, a search);
// - 15 % paging in place (`pagination_request`, pages 2–16);
// - 5 % the islands' small requests: the share count, the form token, the calendar, a quick view.
//
// The stack needs DB=mariadb, read once when paths.mjs is loaded, so `npm run bench` runs this
// in a process of its own: `DB=mariadb node scripts/bench/stack-load.mjs OUT.json SEED_COUNT`
// writes { stack, builtIn, firstTap, faults, mix, seconds, connections } to OUT.json, or
// { error }. Before the load, on the idle stack, it times the first tap (page-change.mjs); after
// it, each fault of the stack suite (Redis hung, the database restarted, a pool killed) runs
// during a load run of its own (scripts/lib/faults.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WP_DIR } from '../lib/paths.mjs';
import { STACK_DIR, startStack } from '../lib/stack.mjs';
import { startServer } from '../lib/server.mjs';
import { siteEnv } from '../lib/site-env.mjs';
import { log } from '../lib/run.mjs';
import { runWrk } from './load.mjs';
import { measureFirstTap } from './page-change.mjs';
import { median } from './median.mjs';
import { pagingRequestOf } from '../lib/paging.mjs';
import { RECOVERY_MS, stored } from '../lib/faults.mjs';

export const STACK_LOAD = {
	connections: 200,
	threads: 2,
	seconds: Number( process.env.BENCH_STACK_SECONDS || 60 ),
	warmup: 5,
	// A visitor on a phone waits this long before giving up; wrk counts a longer wait as an error.
	timeout: 10,
};

/**
 * The faults, each during a load run of its own of the same mix and visitors: when it starts
 * (after the warm-up and 5 s of load) and how long the run lasts, long enough to see the stack
 * after the fault (Redis hangs 20 s; the database is away 8 s, then has 5 s to serve fully).
 */
const FAULT_RUNS = [
	{ name: 'redis', seconds: 40 },
	{ name: 'database', seconds: 30 },
	{ name: 'pool', seconds: 20 },
];
const FAULT_STARTS_AFTER_S = 5;
const FAULTS_CLI = path.join(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'lib',
	'faults.mjs'
);

/**
 * nginx's answers logged from `from` bytes on: each one's time (epoch ms, to the second), status
 * and cache status.
 */
function loggedAnswers( file, from ) {
	const months = 'JanFebMarAprMayJunJulAugSepOctNovDec';
	const answers = [];
	for ( const [ , day, month, rest, status ] of fs
		.readFileSync( file, 'utf8' )
		.slice( from )
		.matchAll(
			/\[(\d+)\/(\w{3})\/(\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4})\] "[^"]*" (\d{3}) /g
		) ) {
		const [ year, hour, minute, second ] = rest.split( /[: ]/ );
		const zone = rest.slice( -5 );
		const at = Date.parse(
			`${ year }-${ String( months.indexOf( month ) / 3 + 1 ).padStart(
				2,
				'0'
			) }-${ day.padStart(
				2,
				'0'
			) }T${ hour }:${ minute }:${ second }${ zone.slice(
				0,
				3
			) }:${ zone.slice( 3 ) }`
		);
		answers.push( { at, status: Number( status ) } );
	}
	return answers;
}

/**
 * One fault during a load run of its own: the load (wrk, blocking this process) and the fault
 * (a process of its own, scripts/lib/faults.mjs) at once. Returns wrk's figures, nginx's answers
 * by status, the fault's times, whether what is stored is as it was, and for the database, the
 * answers that were not served fully from 5 s after its return.
 */
async function underFault(
	{ url, database },
	requests,
	accessLog,
	{ name, seconds }
) {
	const before = stored( database );
	const from = fs.statSync( accessLog ).size;
	const load = { ...STACK_LOAD, seconds, warmup: 1 };
	const fault = spawn(
		process.execPath,
		[
			FAULTS_CLI,
			name,
			String( ( load.warmup + FAULT_STARTS_AFTER_S ) * 1000 ),
		],
		{ stdio: [ 'ignore', 'pipe', 'inherit' ] }
	);
	let printed = '';
	fault.stdout.on( 'data', ( chunk ) => ( printed += chunk ) );
	// 'close', not 'exit': its output is read by then.
	const ended = new Promise( ( resolve ) => fault.on( 'close', resolve ) );
	const wrk = runWrk( url, { requests }, load );
	const code = await ended;
	if ( code !== 0 ) {
		throw new Error( `the ${ name } fault failed (exit ${ code })` );
	}
	// Its last line (the database's restart logs its own lines before).
	const times = JSON.parse( printed.trim().split( '\n' ).pop() );
	// The stack settles (a pool started again, connections back) before what is stored is read.
	await new Promise( ( resolve ) => setTimeout( resolve, 2000 ) );
	const answers = loggedAnswers( accessLog, from );
	const statuses = {};
	for ( const { status } of answers ) {
		statuses[ status ] = ( statuses[ status ] || 0 ) + 1;
	}
	return {
		name,
		seconds,
		startsAfter: FAULT_STARTS_AFTER_S,
		wrk,
		statuses,
		fault: times,
		intact: stored( database ) === before,
		// Whole seconds in the log: from the first whole second 5 s after the return. A 499 is
		// a request wrk left open when it stopped (the end of its run), not the site's answer.
		lateFailures:
			name === 'database'
				? answers.filter(
						( answer ) =>
							answer.at >= times.ended + RECOVERY_MS + 1000 &&
							answer.status >= 400 &&
							answer.status !== 499
				  ).length
				: null,
	};
}

/** The list of requests (method, path, body) of the mix, from the site's own pages. */
async function mix( base ) {
	const home = await ( await fetch( `${ base }/` ) ).text();
	const request = pagingRequestOf( home );
	const notices = await (
		await fetch(
			`${ base }/wp-json/wp/v2/tenders?per_page=20&_fields=id,link`
		)
	).json();
	// The busiest category (its REST base is the taxonomy's name), for one filtered view.
	const categories = await (
		await fetch(
			`${ base }/wp-json/wp/v2/tender_category?per_page=1&orderby=count&order=desc&_fields=slug`
		)
	).json();
	const category = Array.isArray( categories ) ? categories[ 0 ] : null;
	const page = ( p ) => ( { method: 'GET', path: p } );
	const paging = ( n ) => ( {
		method: 'POST',
		path: request.path,
		body: request.body( n ),
	} );
	const filtered = [
		category
			? `/tenders/?category=${ category.slug }`
			: '/tenders/?sort=value',
		'/tenders/?status=open',
		'/tenders/?sort=closing',
		'/tenders/?q=water',
	];
	const pages = [
		...Array( 10 ).fill( '/' ),
		...Array( 10 ).fill( '/tenders/' ),
		...Array.from( { length: 20 }, ( _, i ) => `/page/${ i + 2 }/` ),
		...notices.map( ( notice ) => new URL( notice.link ).pathname ),
		...Array.from( { length: 20 }, ( _, i ) => filtered[ i % 4 ] ),
	].map( page );
	const month = new Date().toISOString().slice( 0, 7 );
	const small = [
		page(
			`/wp-admin/admin-ajax.php?action=tenderpress_sharing_count&urls[]=${ encodeURIComponent(
				notices[ 0 ].link
			) }`
		),
		{
			method: 'POST',
			path: '/wp-admin/admin-ajax.php',
			body: 'action=tenderpress_get_token',
		},
		page( `/wp-json/tenderpress/v1/calendar?month=${ month }` ),
		page(
			`/wp-json/tenderpress/v1/notices/${ notices[ 1 ].id }/quick-view`
		),
		page(
			`/wp-json/tenderpress/v1/notices/${ notices[ 2 ].id }/quick-view`
		),
	];
	// Interleaved, so each stretch of the list has the whole mix.
	const requests = [];
	for ( let i = 0; i < 20; i++ ) {
		requests.push( ...pages.slice( i * 4, i * 4 + 4 ) );
		if ( i < 15 ) {
			requests.push( paging( i + 2 ) );
		}
		if ( i % 4 === 0 ) {
			requests.push( small[ i / 4 ] );
		}
	}
	return requests;
}

/** Counts of nginx's cache status over the access log's lines from `from` bytes on. */
function cacheCounts( file, from ) {
	const counts = {};
	const text = fs.readFileSync( file, 'utf8' ).slice( from );
	for ( const [ , status ] of text.matchAll( /\scache=(\S+)\s/g ) ) {
		counts[ status ] = ( counts[ status ] || 0 ) + 1;
	}
	return counts;
}

/**
 * What PHP pays for a full listing page when the object cache (Redis) is warm and the page cache
 * is not asked: listing pages 2–21, each once to warm the object cache, then three times each at
 * an address nginx has not kept (a query argument of this run's own, which WordPress ignores).
 * php-fpm's access log (scripts/stack/php-fpm.conf) gives each request's time and the share of
 * it spent on the CPU.
 */
export async function objectCachePages( stackUrl ) {
	const run = Date.now().toString( 36 );
	const pages = Array.from( { length: 20 }, ( _, i ) => `/page/${ i + 2 }/` );
	const statuses = {};
	const get = async ( address ) => {
		const response = await fetch( stackUrl + address );
		await response.text();
		const status = response.headers.get( 'x-cache-status' ) || '-';
		statuses[ status ] = ( statuses[ status ] || 0 ) + 1;
	};
	for ( const page of pages ) {
		await get( `${ page }?tp-bench=${ run }-warm` );
	}
	for ( const key in statuses ) {
		delete statuses[ key ];
	}
	for ( let round = 1; round <= 3; round++ ) {
		for ( const page of pages ) {
			await get( `${ page }?tp-bench=${ run }-${ round }` );
		}
	}
	const cpu = [];
	const line = new RegExp(
		`^GET /page/\\d+/\\?tp-bench=${ run }-\\d ([\\d.]+) ([\\d.]+)$`,
		'gm'
	);
	for ( const pool of [ 'a', 'b' ] ) {
		const file = path.join( STACK_DIR, `fpm-${ pool }-access.log` );
		const text = fs.existsSync( file )
			? fs.readFileSync( file, 'utf8' )
			: '';
		for ( const [ , ms, percent ] of text.matchAll( line ) ) {
			cpu.push( ( Number( ms ) * Number( percent ) ) / 100 );
		}
	}
	if ( ! cpu.length ) {
		throw new Error( 'php-fpm logged none of the pages asked for' );
	}
	return {
		cpuMs: Math.round( median( cpu ) * 10 ) / 10,
		samples: cpu.length,
		statuses,
	};
}

async function measure( outFile, seedCount ) {
	const started = Date.now();
	const port = Number( process.env.BENCH_STACK_PORT || 8975 );
	log(
		`  the stack, ${ STACK_LOAD.connections } visitors for ${ STACK_LOAD.seconds } s`
	);
	const stack = await startStack( {
		port,
		redisPort: port + 1,
		seedCount,
		copy: 'bench-stack',
		// The bench's visitors never answer the prompt: as on the e2e server.
		extraEnv: { TP_PUSH_PROMPT: 'off' },
	} );
	let requests;
	let stackResult;
	let firstTap;
	let objectCache;
	let faults;
	try {
		// On the idle stack, before the load: compressed scripts, the page from nginx's cache.
		log( '  the first tap on the stack, 3 cold visits each way' );
		// A failure here is reported beside the load's figures, which still get measured.
		firstTap = await measureFirstTap( stack.url, '/' ).catch(
			( error ) => ( {
				error: String( error?.message ?? error ).split( '\n' )[ 0 ],
			} )
		);
		log( '  a full page from the object cache, 60 requests one at a time' );
		objectCache = await objectCachePages( stack.url ).catch(
			( error ) => ( {
				error: String( error?.message ?? error ).split( '\n' )[ 0 ],
			} )
		);
		requests = await mix( stack.url );
		const accessLog = path.join( WP_DIR, 'stack', 'access.log' );
		// The warm-up is wrk's own first run, not counted; the cache statuses are the measured run's.
		let from = 0;
		stackResult = runWrk(
			stack.url,
			{ requests },
			{
				...STACK_LOAD,
				beforeMeasured: () => ( from = fs.statSync( accessLog ).size ),
			}
		);
		const counts = cacheCounts( accessLog, from );
		const total = Object.values( counts ).reduce( ( a, b ) => a + b, 0 );
		stackResult.cache = counts;
		stackResult.hitRatio = total ? ( counts.HIT || 0 ) / total : 0;
		faults = [];
		for ( const run of FAULT_RUNS ) {
			log(
				`  ${ run.name } fault during ${ run.seconds } s of the same load`
			);
			faults.push(
				await underFault( stack, requests, accessLog, run ).catch(
					( error ) => ( {
						name: run.name,
						error: String( error?.message ?? error ).split(
							'\n'
						)[ 0 ],
					} )
				)
			);
		}
	} finally {
		stack.stop();
	}

	log( `  the built-in server, the same mix on the same database` );
	const server = await startServer( {
		port,
		env: siteEnv( {
			database: stack.database,
			url: `http://127.0.0.1:${ port }`,
		} ),
		workers: 2,
		quiet: true,
	} );
	let builtIn;
	try {
		builtIn = runWrk( server.url, { requests }, STACK_LOAD );
	} finally {
		server.stop();
	}
	fs.writeFileSync(
		outFile,
		JSON.stringify( {
			stack: stackResult,
			builtIn,
			firstTap,
			objectCache,
			faults,
			mix: {
				requests: requests.length,
				pages: requests.filter(
					( r ) =>
						r.method === 'GET' &&
						! /wp-admin|wp-json/.test( r.path )
				).length,
				paging: requests.filter( ( r ) =>
					/pagination_request/.test( r.body || '' )
				).length,
			},
			...STACK_LOAD,
			seedCount,
			took: Math.round( ( Date.now() - started ) / 1000 ),
		} )
	);
}

/**
 * Part 6 in a child process with DB=mariadb (see the top of this file). Never throws: a failure
 * is given as `error`, which the report prints.
 */
export function measureStackLoad( seedCount ) {
	const outFile = path.join( WP_DIR, 'reports', 'bench-stack-load.json' );
	fs.mkdirSync( path.dirname( outFile ), { recursive: true } );
	fs.rmSync( outFile, { force: true } );
	const { status, signal, error } = spawnSync(
		process.execPath,
		[ fileURLToPath( import.meta.url ), outFile, String( seedCount ) ],
		{ env: { ...process.env, DB: 'mariadb' }, stdio: 'inherit' }
	);
	return fs.existsSync( outFile )
		? JSON.parse( fs.readFileSync( outFile, 'utf8' ) )
		: {
				error: `the stack's load run did not finish (${
					error?.message || signal || `exit ${ status }`
				})`,
		  };
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const [ outFile, seedCount ] = process.argv.slice( 2 );
	measure( outFile, Number( seedCount ) ).then(
		() => process.exit( 0 ),
		( error ) => {
			fs.writeFileSync(
				outFile,
				JSON.stringify( {
					error: String( error?.message ?? error ).split( '\n' )[ 0 ],
				} )
			);
			process.exit( 1 );
		}
	);
}
