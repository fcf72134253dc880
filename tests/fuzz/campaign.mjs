// Sends one endpoint's inputs a few at a time and collects every failure with the input that
// caused it. PHP writes one log for all requests, so a new log entry is first pinned to the
// requests that were in flight when it appeared; those few are then replayed one by one to find
// which input writes it.
import { answerProblems } from './checks.mjs';
import { logEntries, readLog, send } from './site.mjs';

const CONCURRENCY = 3;

/** Log entries written since `offset`, and the new offset; the proof notices are not entries. */
function newEntries( offset, logProof ) {
	const { text, end } = readLog( offset );
	return {
		entries: logEntries( text ).filter(
			( entry ) => ! entry.includes( logProof )
		),
		end,
	};
}

/**
 * A log entry in one line: a PHP message without its stack trace; a WordPress database error
 * (logged as HTML with the query and a backtrace) as its error and the end of its query.
 */
function headline( entry ) {
	const text = ( part ) =>
		part
			.replace( /<[^>]*>/g, ' ' )
			.replace( /&nbsp;/g, ' ' )
			.replace( /\s+/g, ' ' )
			.trim();
	const database =
		/^WordPress database error[\s\S]*?<p>MySQL query:<\/p>\s*<p>([\s\S]*?)<\/p>[\s\S]*?class="error_message"[^>]*>([\s\S]*?)<\/div>/.exec(
			entry
		);
	if ( database ) {
		return `WordPress database error: ${ text(
			database[ 2 ]
		) } (query ending "…${ text( database[ 1 ] ).slice( -80 ) }")`;
	}
	return text( entry.split( /\nStack trace:|\n#0 / )[ 0 ] ).slice( 0, 400 );
}

/**
 * Runs every input of one endpoint. Resolves with
 * { requests, failures: [{ input, problems }], logOffset }.
 */
export async function fuzzEndpoint( url, inputs, { logOffset, logProof } ) {
	const failures = new Map();
	const fail = ( input, problem ) => {
		if ( ! failures.has( input ) ) {
			failures.set( input, new Set() );
		}
		failures.get( input ).add( problem );
	};
	const windows = [];
	const inFlight = new Set();
	let doneSinceRead = [];
	let offset = logOffset;
	let requests = 0;
	const queue = [ ...inputs ];

	const worker = async () => {
		while ( queue.length ) {
			const input = queue.shift();
			inFlight.add( input );
			const response = await send( url, input.request );
			requests++;
			inFlight.delete( input );
			doneSinceRead.push( input );
			for ( const problem of answerProblems( response, input ) ) {
				fail( input, problem );
			}
			const { entries, end } = newEntries( offset, logProof );
			offset = end;
			if ( entries.length ) {
				windows.push( {
					entries,
					suspects: [ ...doneSinceRead, ...inFlight ],
				} );
			}
			doneSinceRead = [];
		}
	};
	await Promise.all( Array.from( { length: CONCURRENCY }, worker ) );

	// An entry written after its answer was sent (a shutdown hook, a wp-cron run the request
	// spawned) turns up here; the last requests sent are the suspects.
	const { entries: late, end: lateEnd } = newEntries( offset, logProof );
	offset = lateEnd;
	if ( late.length ) {
		windows.push( {
			entries: late,
			suspects: inputs.slice( -CONCURRENCY ),
		} );
	}

	const replayed = new Map();
	for ( const window of windows ) {
		let pinned = false;
		for ( const input of window.suspects ) {
			if ( ! replayed.has( input ) ) {
				const { status, error } = await send( url, input.request );
				requests++;
				const { entries, end } = newEntries( offset, logProof );
				offset = end;
				replayed.set( input, entries );
				for ( const entry of entries ) {
					fail(
						input,
						`PHP log: ${ headline( entry ) } (answer: ${
							error ?? `HTTP ${ status }`
						})`
					);
				}
			}
			pinned ||= replayed.get( input ).length > 0;
		}
		if ( ! pinned ) {
			fail(
				{
					label: `one of: ${ window.suspects
						.map( ( input ) => input.label )
						.join( '; ' ) } (not reproduced alone)`,
					request: window.suspects[ 0 ].request,
				},
				`PHP log: ${ window.entries.map( headline ).join( ' / ' ) }`
			);
		}
	}
	return {
		requests,
		failures: [ ...failures ].map( ( [ input, problems ] ) => ( {
			input,
			problems: [ ...problems ],
		} ) ),
		logOffset: offset,
	};
}

/** A request in a line: method, path and body, each cut short, and the body's type. */
export function describeRequest( { method, path, body, headers } ) {
	const cut = ( text, length ) =>
		text.length > length ? `${ text.slice( 0, length ) }…` : text;
	const line = `${ method } ${ cut( path, 160 ) }`;
	if ( body === undefined ) {
		return line;
	}
	const size = Buffer.byteLength( body );
	const type = headers?.[ 'Content-Type' ] ?? 'no content type';
	const text = JSON.stringify( cut( Buffer.from( body ).toString(), 160 ) );
	return `${ line } with a ${ size }-byte ${ type } body ${ text }`;
}
