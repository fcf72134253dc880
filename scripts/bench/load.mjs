// Part 3: what the server pays. wrk (Debian's package) from a second process on loopback, the
// same connections and duration for every endpoint, after a short warm-up that is not counted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const luaString = ( value ) => JSON.stringify( value );

function luaScript( requests ) {
	const lines = requests.map( ( r ) => {
		const headers = r.body
			? '{ ["Content-Type"] = "application/x-www-form-urlencoded" }'
			: 'nil';
		return `    wrk.format(${ luaString( r.method ) }, ${ luaString(
			r.path
		) }, ${ headers }, ${ r.body ? luaString( r.body ) : 'nil' }),`;
	} );
	// Built in init(), once wrk knows the Host header: requests formatted earlier go without it.
	return `local requests = {}\nlocal i = 0\ninit = function( args )\n  requests = {\n${ lines.join(
		'\n'
	) }\n  }\nend\nrequest = function()\n  i = i % #requests + 1\n  return requests[i]\nend\n`;
}

function parseWrk( output ) {
	const ms = ( value, unit ) =>
		Number( value ) * ( { us: 0.001, ms: 1, s: 1000 }[ unit ] ?? 1 );
	const percentile = ( p ) => {
		const match = output.match(
			new RegExp( `^\\s*${ p }%\\s+([\\d.]+)(us|ms|s)`, 'm' )
		);
		return match ? ms( match[ 1 ], match[ 2 ] ) : null;
	};
	return {
		rps: Number(
			( output.match( /Requests\/sec:\s+([\d.]+)/ ) || [] )[ 1 ] || 0
		),
		p50: percentile( 50 ),
		p99: percentile( 99 ),
		requests: Number(
			( output.match( /(\d+) requests in/ ) || [] )[ 1 ] || 0
		),
		errors: Number(
			( output.match( /Non-2xx or 3xx responses:\s+(\d+)/ ) ||
				[] )[ 1 ] || 0
		),
		// Connections refused or timed out, and requests that could not be sent: no answer at
		// all. wrk's "read" errors are left out: it counts each connection a server closes after
		// its answer (PHP's built-in server closes every one), answered or not.
		socketErrors: ( ( match ) =>
			match
				? Number( match[ 1 ] ) +
				  Number( match[ 3 ] ) +
				  Number( match[ 4 ] )
				: 0 )(
			output.match(
				/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
			)
		),
	};
}

/**
 * `timeout` (seconds, wrk's default 2) is how long a request may wait before wrk counts it as an
 * error; `beforeMeasured` is called between the warm-up and the measured run.
 */
export function runWrk(
	baseURL,
	endpoint,
	{
		connections,
		threads,
		seconds,
		warmup,
		timeout = 2,
		beforeMeasured = () => {},
	}
) {
	const script = path.join(
		fs.mkdtempSync( path.join( os.tmpdir(), 'tp-wrk-' ) ),
		'requests.lua'
	);
	fs.writeFileSync( script, luaScript( endpoint.requests ) );
	const run = ( duration ) =>
		spawnSync(
			'wrk',
			[
				`-t${ threads }`,
				`-c${ connections }`,
				`-d${ duration }s`,
				'--latency',
				'--timeout',
				`${ timeout }s`,
				'-s',
				script,
				baseURL,
			],
			{ encoding: 'utf8' }
		);
	run( warmup );
	beforeMeasured();
	const result = run( seconds );
	fs.rmSync( path.dirname( script ), { recursive: true, force: true } );
	if ( process.env.BENCH_DEBUG ) {
		process.stderr.write( result.stdout + result.stderr );
	}
	if ( result.status !== 0 ) {
		throw new Error( `wrk failed: ${ result.stderr || result.stdout }` );
	}
	return parseWrk( result.stdout );
}
