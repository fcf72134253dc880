// What one request of each endpoint costs PHP: its database queries and its CPU time, read from
// the dev site's per-request log (TP_BENCH_QUERY_LOG: scripts/wp/dev-site-mu-plugin.php writes a
// line at the end of each request, scripts/wp/router.php notes the CPU time at its start). The
// requests go one at a time, so each line is the cost of one request alone, not of a busy server.
import fs from 'node:fs';
import { median } from './median.mjs';

function send( base, request ) {
	return fetch( base + request.path, {
		method: request.method,
		body: request.body,
		headers: request.body
			? { 'content-type': 'application/x-www-form-urlencoded' }
			: {},
	} ).then( ( response ) => response.text() );
}

function linesOf( queryLog ) {
	return fs.existsSync( queryLog )
		? fs
				.readFileSync( queryLog, 'utf8' )
				.trim()
				.split( '\n' )
				.filter( Boolean )
		: [];
}

/**
 * Each endpoint's requests are sent in turn, `rounds` times (more for an endpoint of few
 * requests, so that each median is of 40 requests at least) after one round that warms the
 * caches and is not counted (as under load, where every request finds them warm).
 *
 * @param {string} base     The site's address.
 * @param {Array}  list     Endpoints (scripts/bench/endpoints.mjs).
 * @param {string} queryLog The log the site writes.
 * @param {number} rounds   Counted rounds.
 * @return {Promise<Array<{queries: number, cpuMs: number|null, samples: number}>>} In the
 *         order of `list`: the queries of the last request, the median CPU time.
 */
export async function measurePhpCost( base, list, queryLog, rounds = 5 ) {
	const costs = [];
	for ( const endpoint of list ) {
		for ( const request of endpoint.requests ) {
			await send( base, request );
		}
		const before = linesOf( queryLog ).length;
		const times = Math.max(
			rounds,
			Math.ceil( 40 / endpoint.requests.length )
		);
		for ( let round = 0; round < times; round++ ) {
			for ( const request of endpoint.requests ) {
				await send( base, request );
			}
		}
		const lines = linesOf( queryLog )
			.slice( before )
			.map( ( line ) => JSON.parse( line ) );
		if ( ! lines.length ) {
			throw new Error(
				`The site logged no request for ${ endpoint.name }: is TP_BENCH_QUERY_LOG set?`
			);
		}
		const cpu = lines
			.map( ( line ) => line.cpu_ms )
			.filter( ( value ) => typeof value === 'number' );
		costs.push( {
			queries: lines[ lines.length - 1 ].queries,
			cpuMs: cpu.length ? Math.round( median( cpu ) * 10 ) / 10 : null,
			samples: cpu.length,
		} );
	}
	return costs;
}
