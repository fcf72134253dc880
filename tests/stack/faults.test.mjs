// Faults on the stack, each while visitors keep coming (run by the stack suite after
// headers.test.mjs, against a running `npm run stack`, STACK_URL): Redis hung for 20 s, the
// database restarted, one application server (php-fpm pool) killed. Visitors get no error: pages,
// paging in place and the islands' small requests keep being answered, the database's absence
// is a 503 with Retry-After (never a 500 or a PHP fatal), and nothing stored changes.
//
// The traffic here is a handful of concurrent visitors, enough to have requests in flight
// whenever a fault starts and ends; the load run of many visitors is the bench's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/paths.mjs';
import {
	RECOVERY_MS,
	REDIS_DOWN_MS,
	hangRedis,
	killPool,
	stackPids as pids,
	stored,
} from '../../scripts/lib/faults.mjs';
import { pagingRequestOf } from '../../scripts/lib/paging.mjs';
import { PHP_LOG } from '../../scripts/lib/stack.mjs';

const base = process.env.STACK_URL;
if ( ! base ) {
	throw new Error(
		'STACK_URL must name the running stack (npm run test:stack sets it).'
	);
}
const VISITORS = 6;

const sleep = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );
let serial = 0;

/** The paging request a visitor's paginator sends, taken from the home page's own listing. */
async function pagingBody() {
	const html = await ( await fetch( new URL( '/', base ) ) ).text();
	return pagingRequestOf( html ).body;
}

/**
 * One visitor's next request, in the mix of the issue's load run: 80 % page views (half of
 * them addresses no one asked for before, so PHP answers, not the page cache), 15 % paging in
 * place, 5 % the islands' small requests.
 */
function nextRequest( paging ) {
	const roll = Math.random();
	const page = 2 + ( ++serial % 20 );
	if ( roll < 0.4 ) {
		return { path: [ '/', `/page/${ page }/`, '/?s=water' ][ serial % 3 ] };
	}
	if ( roll < 0.8 ) {
		return { path: `/page/${ page }/?tp_probe=fault-${ serial }` };
	}
	if ( roll < 0.95 ) {
		return {
			path: '/wp-admin/admin-ajax.php',
			method: 'POST',
			body: paging( page ),
		};
	}
	return [
		{
			path: '/wp-admin/admin-ajax.php',
			method: 'POST',
			body: 'action=tenderpress_get_token',
		},
		{
			path: `/wp-admin/admin-ajax.php?action=tenderpress_sharing_count&urls[]=${ encodeURIComponent(
				`${ base }/`
			) }`,
		},
		{ path: '/wp-json/tenderpress/v1/calendar?month=2026-12' },
	][ serial % 3 ];
}

/**
 * Visitors requesting without pause until `until` settles; resolves with every answer:
 * { at, end, status, retryAfter, path } (times in ms since the run started; status 0 when the
 * connection failed).
 */
async function visitorsUntil( until, paging ) {
	const started = Date.now();
	const answers = [];
	let done = false;
	until.then( () => ( done = true ) );
	const visitor = async () => {
		while ( ! done ) {
			const request = nextRequest( paging );
			const at = Date.now() - started;
			let status = 0;
			let retryAfter = null;
			try {
				const response = await fetch( new URL( request.path, base ), {
					method: request.method || 'GET',
					body: request.body,
					headers: request.body
						? {
								'content-type':
									'application/x-www-form-urlencoded',
						  }
						: {},
					redirect: 'manual',
					signal: AbortSignal.timeout( 30000 ),
				} );
				await response.arrayBuffer();
				status = response.status;
				retryAfter = response.headers.get( 'retry-after' );
			} catch {}
			answers.push( {
				at,
				end: Date.now() - started,
				status,
				retryAfter,
				method: request.method || 'GET',
				path: request.path,
			} );
		}
	};
	await Promise.all( Array.from( { length: VISITORS }, visitor ) );
	return { answers, started };
}

const summary = ( answers ) =>
	Object.entries(
		answers.reduce( ( counts, { status } ) => {
			counts[ status ] = ( counts[ status ] || 0 ) + 1;
			return counts;
		}, {} )
	)
		.map( ( [ status, count ] ) => `${ count } × ${ status }` )
		.join( ', ' );

/** PHP's log from here on. */
function logFromNow() {
	const from = fs.existsSync( PHP_LOG ) ? fs.statSync( PHP_LOG ).size : 0;
	return () =>
		fs.existsSync( PHP_LOG )
			? fs.readFileSync( PHP_LOG, 'utf8' ).slice( from )
			: '';
}

function run( command, args ) {
	return new Promise( ( resolve, reject ) => {
		const child = spawn( command, args, {
			cwd: ROOT,
			stdio: [ 'ignore', 'ignore', 'pipe' ],
		} );
		let errors = '';
		child.stderr.on( 'data', ( chunk ) => ( errors += chunk ) );
		child.on( 'exit', ( code ) =>
			code === 0
				? resolve()
				: reject( new Error( `${ command } failed: ${ errors }` ) )
		);
	} );
}

test( 'Redis hung for 20 s: every visitor is answered, and caching resumes after', async ( t ) => {
	const paging = await pagingBody();
	const log = logFromNow();
	const before = stored();
	const fault = ( async () => {
		await sleep( 2000 );
		// Resumed at the end, whatever happens meanwhile (hangRedis()).
		await hangRedis();
		await sleep( 5000 );
	} )();
	const { answers } = await visitorsUntil( fault, paging );
	t.diagnostic( `answers: ${ summary( answers ) }` );

	const failed = answers.filter( ( answer ) => answer.status !== 200 );
	assert.deepEqual(
		failed,
		[],
		`Every request is answered (${ summary( answers ) }).`
	);
	const during = answers.filter(
		( answer ) => answer.at > 3000 && answer.end < 2000 + REDIS_DOWN_MS
	);
	assert.ok(
		during.length >= VISITORS,
		`Pages keep being served while Redis is stopped (${ during.length } answers).`
	);
	assert.match(
		log(),
		/object cache: Redis/,
		'The drop-in noticed and said so in the log.'
	);
	assert.doesNotMatch( log(), /PHP (Fatal|Parse)/ );
	assert.equal( stored(), before, 'Nothing stored changed.' );
} );

test( 'the database restarted: a 503 with Retry-After meanwhile, never a 500, and full service within 5 s of its return', async ( t ) => {
	const paging = await pagingBody();
	const log = logFromNow();
	const before = stored();
	let back = 0;
	let started = 0;
	const fault = ( async () => {
		await sleep( 2000 );
		// In a process of its own: the restart waits synchronously, and the visitors are here.
		await run( process.execPath, [
			path.join( 'scripts', 'lib', 'faults.mjs' ),
			'database',
			'0',
		] );
		back = Date.now() - started;
		await sleep( RECOVERY_MS + 3000 );
	} )();
	started = Date.now();
	const { answers } = await visitorsUntil( fault, paging );
	t.diagnostic( `answers: ${ summary( answers ) }` );

	const wrong = answers.filter(
		( answer ) =>
			answer.status !== 200 &&
			! ( answer.status === 503 && Number( answer.retryAfter ) > 0 )
	);
	assert.deepEqual(
		wrong,
		[],
		`Only 200s, and 503s that say when to come back (${ summary(
			answers
		) }).`
	);
	assert.ok(
		answers.some( ( answer ) => answer.status === 503 ),
		`The outage was seen by some request (${ summary( answers ) }).`
	);
	const late = answers.filter(
		( answer ) => answer.at > back + RECOVERY_MS && answer.status !== 200
	);
	assert.deepEqual(
		late,
		[],
		'Every request from 5 s after the database is back is served.'
	);
	assert.doesNotMatch( log(), /PHP (Fatal|Parse)/ );
	assert.equal( stored(), before, 'Nothing stored was lost or changed.' );
} );

test( 'one application server killed: nginx sends its visitors to the other, and it is started again', async ( t ) => {
	const paging = await pagingBody();
	const log = logFromNow();
	const before = stored();
	const killed = pids()[ 'fpm-a' ];
	let killedAt = Infinity;
	let goneAt = Infinity;
	let started = 0;
	const fault = ( async () => {
		await sleep( 2000 );
		// The pool's socket closes when the last of its processes is gone, a moment later.
		const { began, ended } = await killPool();
		killedAt = began - started;
		goneAt = ended - started;
		await sleep( 6000 );
	} )();
	started = Date.now();
	const { answers } = await visitorsUntil( fault, paging );
	t.diagnostic( `answers: ${ summary( answers ) }` );

	// nginx passes a request on to the other pool when the killed one refuses the connection,
	// and a GET the killed one dropped before answering; a request the killed pool was in the
	// middle of answering (its headers already on the way, or a POST already handed over, which
	// a retry could run twice) fails, as on any real host. Every other request is answered.
	const inFlight = ( answer ) =>
		answer.at <= goneAt && answer.end >= killedAt;
	const failed = answers.filter( ( answer ) => answer.status !== 200 );
	assert.deepEqual(
		failed.filter( ( answer ) => ! inFlight( answer ) ),
		[],
		`Every request not in flight at the kill is answered (${ summary(
			answers
		) }).`
	);
	assert.ok(
		failed.length <= VISITORS,
		'At most the requests in flight at the kill fail.'
	);
	const restarted = pids()[ 'fpm-a' ];
	assert.notEqual( restarted, killed, 'The pool was started again.' );
	assert.ok(
		fs.existsSync( `/proc/${ restarted }` ),
		'The new pool is running.'
	);
	assert.doesNotMatch( log(), /PHP (Fatal|Parse)/ );
	assert.equal( stored(), before, 'Nothing stored changed.' );
} );
