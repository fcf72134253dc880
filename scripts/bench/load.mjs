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
	};
}

export function runWrk(
	baseURL,
	endpoint,
	{ connections, threads, seconds, warmup }
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
				'-s',
				script,
				baseURL,
			],
			{ encoding: 'utf8' }
		);
	run( warmup );
	const result = run( seconds );
	fs.rmSync( path.dirname( script ), { recursive: true, force: true } );
	if ( result.status !== 0 ) {
		throw new Error( `wrk failed: ${ result.stderr || result.stdout }` );
	}
	return parseWrk( result.stdout );
}
