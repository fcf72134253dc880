// Issue 15: malformed input, sent as an anonymous visitor would send it, to every public entry
// point of TenderPress that the running WordPress reports (surface.php): its admin-ajax actions
// open to visitors, the REST routes of its namespace and of its post type's and taxonomies' REST
// bases, and the front-end query variables of those types and the ones it adds. Each gets at
// least 50 inputs made by mutating a valid request (examples.mjs, mutations.mjs), on a server
// of its own over loopback. A failure is any 5xx, a payload that comes back able to run, a new
// entry in PHP's log, or any change to the stored rows (checks.mjs); each is reported with the
// endpoint and input that caused it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedChanges } from './checks.mjs';
import { EXAMPLES } from './examples.mjs';
import { describeRequest, fuzzEndpoint } from './campaign.mjs';
import { endpoints, inputsFor, MIN_INPUTS } from './plan.mjs';
import {
	LOG_FILE,
	cronState,
	logEntries,
	readLog,
	send,
	snapshot,
	startSite,
	surface,
	DATABASE,
} from './site.mjs';
import { WP_VERSION } from '../../scripts/lib/paths.mjs';

const PAUSE_MS = 500;
const pause = () =>
	new Promise( ( resolve ) => setTimeout( resolve, PAUSE_MS ) );

/**
 * Runs wp-cron.php, as any visitor may, until no event is due and no run holds the lock, then
 * snapshots until two snapshots in a row agree: WordPress's own jobs are done before the
 * baseline is read. Gives up after about 20 s and returns what it has.
 */
async function settledSnapshot( site ) {
	for ( let tries = 0; tries < 20; tries++ ) {
		const { due, locked } = cronState();
		if ( ! due && ! locked ) {
			break;
		}
		if ( ! locked ) {
			await send( site.url, { method: 'GET', path: '/wp-cron.php' } );
		}
		await pause();
	}
	let last = snapshot();
	for ( let tries = 0; tries < 20; tries++ ) {
		await pause();
		const next = snapshot();
		if ( storedChanges( last, next ).length === 0 ) {
			return next;
		}
		last = next;
	}
	return last;
}

/** Asks the site to log its proof notice; resolves with how many proofs the log holds. */
async function logProofs( site ) {
	await send( site.url, {
		method: 'GET',
		path: `/wp-login.php?${ site.logProof }`,
	} );
	return logEntries( readLog().text ).filter( ( entry ) =>
		entry.includes( site.logProof )
	).length;
}

const started = Date.now();
const site = await startSite();
const run = { endpoints: [], requests: 0 };
try {
	assert.equal(
		new URL( site.url ).hostname,
		'127.0.0.1',
		'the fuzz server must be on loopback'
	);
	run.proofsBefore = await logProofs( site );
	run.surface = surface();
	const home = await send( site.url, { method: 'GET', path: '/' } );
	const list = endpoints( run.surface, {
		url: site.url,
		content: run.surface.content,
		home: home.body,
	} );
	// WordPress's first requests on a fresh database write what it keeps for good (the theme's
	// custom CSS post id) and schedule its one-time jobs (admin-ajax runs admin_init, which
	// schedules the comment-type migration), and a seed some hours old has jobs due; wp-cron
	// runs them. All of that happens here, before the baseline.
	for ( const endpoint of list ) {
		await send( site.url, inputsFor( endpoint )[ 0 ].request );
	}
	let before = await settledSnapshot( site );
	const early = readLog();
	run.earlyEntries = logEntries( early.text ).filter(
		( entry ) => ! entry.includes( site.logProof )
	);
	let logOffset = early.end;
	for ( const endpoint of list ) {
		const inputs = inputsFor( endpoint );
		const result = await fuzzEndpoint( site.url, inputs, {
			logOffset,
			logProof: site.logProof,
		} );
		logOffset = result.logOffset;
		const after = snapshot();
		run.endpoints.push( {
			endpoint,
			inputs: inputs.length - 1,
			failures: result.failures,
			stored: storedChanges( before, after ),
		} );
		run.requests += result.requests;
		before = after;
	}
	run.proofsAfter = await logProofs( site );
} finally {
	await site.stop();
}
run.seconds = ( Date.now() - started ) / 1000;

const counts = run.endpoints.map( ( { inputs } ) => inputs );
const total = counts.reduce( ( sum, count ) => sum + count, 0 );
const range = `${ Math.min( ...counts ) }–${ Math.max( ...counts ) }`;
console.log(
	`fuzz: ${ counts.length } endpoints, ${ total } malformed inputs (${ range } per endpoint), ` +
		`${ run.requests } requests, ${ run.seconds.toFixed(
			1
		) } s, on ${ DATABASE } and WordPress ${ WP_VERSION }`
);
for ( const { endpoint, failures, stored } of run.endpoints ) {
	for ( const { input, problems } of failures ) {
		for ( const problem of problems ) {
			console.log(
				`fuzz failure: ${ endpoint.id } | ${
					input.label
				} | ${ describeRequest( input.request ) } | ${ problem }`
			);
		}
	}
	for ( const change of stored ) {
		console.log(
			`fuzz failure: ${ endpoint.id } | (its inputs) | stored change: ${ change }`
		);
	}
}

test( "the fuzz server's PHP notices reach its log, before and after the run", () => {
	assert.equal(
		run.proofsBefore,
		1,
		`the proof notice is not in ${ LOG_FILE }: an empty log would prove nothing`
	);
	assert.equal(
		run.proofsAfter,
		2,
		`the closing proof notice is not in ${ LOG_FILE }`
	);
} );

test( 'reading the surface and sending the valid examples log nothing', () => {
	assert.deepEqual( run.earlyEntries, [] );
} );

test( "the discovered surface holds the plugin's own entry points", () => {
	const {
		ajax,
		routes,
		query_vars: queryVars,
		post_types: types,
		taxonomies,
	} = run.surface;
	assert.ok(
		ajax.length > 0,
		'no admin-ajax action open to visitors was found'
	);
	assert.ok(
		types.length > 0,
		"no post type registered by the plugin's code was found"
	);
	assert.ok(
		taxonomies.length > 0,
		"no taxonomy registered by the plugin's code was found"
	);
	for ( const name of [ ...types, ...taxonomies ] ) {
		assert.ok(
			routes.some( ( route ) => route.owner?.name === name ),
			`no REST route was found for ${ name }`
		);
		assert.ok(
			queryVars.some( ( variable ) => variable.owner?.name === name ),
			`no query variable was found for ${ name }`
		);
	}
	const filterArgs = run.surface.filter_args.map( ( { name } ) => name );
	for ( const name of [ 'q', 'status', 'buyer', 'sort' ] ) {
		assert.ok(
			filterArgs.includes( name ),
			`the listing's filter argument ${ name } was not found`
		);
	}
} );

test( 'every valid example in examples.mjs belongs to an endpoint that exists', () => {
	const ids = new Set( run.endpoints.map( ( { endpoint } ) => endpoint.id ) );
	const unused = Object.keys( EXAMPLES ).filter( ( id ) => ! ids.has( id ) );
	assert.deepEqual(
		unused,
		[],
		'these examples name no endpoint, so their endpoints fall back to the default request'
	);
} );

// Bounded by the number of requests, which does not depend on the machine; the time is printed
// above (timings are never assertions here, see ARCHITECTURE.md). The bound follows the surface:
// on average at most 150 requests an endpoint (each gets at least MIN_INPUTS), so the run grows
// as the plugin adds endpoints (it was a flat 5,000 until the account actions made 43 of them)
// and never because an endpoint's inputs multiplied.
const REQUESTS_PER_ENDPOINT = 150;
test( 'the run stays bounded: on average at most 150 requests an endpoint', () => {
	assert.ok(
		run.requests <= REQUESTS_PER_ENDPOINT * run.endpoints.length,
		`${ run.requests } requests for ${ run.endpoints.length } endpoints`
	);
} );

for ( const { endpoint, inputs, failures, stored } of run.endpoints ) {
	test( `${ endpoint.id }: ${ inputs } malformed inputs, no 5xx, nothing reflected, nothing logged, nothing stored`, () => {
		assert.ok(
			inputs >= MIN_INPUTS,
			`only ${ inputs } inputs (at least ${ MIN_INPUTS } are wanted)`
		);
		const problems = [
			...failures.flatMap( ( { input, problems: found } ) =>
				found.map( ( problem ) => `${ input.label }: ${ problem }` )
			),
			...stored.map( ( change ) => `stored change: ${ change }` ),
		];
		assert.deepEqual( problems, [], `${ problems.length } failure(s)` );
	} );
}
