// Small process helpers shared by the dev scripts (Node built-ins only: these run before `npm install`).
import { spawn, spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

export class SetupError extends Error {}

/**
 * Ends a dev command after an error: a SetupError is the one clear line a newcomer needs; anything
 * else is a bug in the tooling, so its stack is shown. `extra` is printed on stdout (test.mjs uses
 * it for its closing "N passed, N failed" line).
 */
export function exitWithError( error, extra = '' ) {
	process.stderr.write(
		`[tenderpress] ${
			error instanceof SetupError ? error.message : error?.stack || error
		}\n`
	);
	if ( extra ) {
		process.stdout.write( extra );
	}
	process.exit( 1 );
}

export function fail( message ) {
	throw new SetupError( message );
}

/**
 * Runs a command to completion, inheriting stdio unless `quiet`; throws a one-line error on failure.
 */
export function run(
	cmd,
	args,
	{ cwd = ROOT, env = {}, quiet = false, what } = {}
) {
	const result = spawnSync( cmd, args, {
		cwd,
		env: { ...process.env, ...env },
		stdio: quiet ? [ 'ignore', 'pipe', 'pipe' ] : 'inherit',
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	} );
	if ( result.error ) {
		fail(
			`${ what || cmd }: could not run "${ cmd }" (${
				result.error.message
			}).`
		);
	}
	if ( result.status !== 0 ) {
		const tail = quiet
			? `\n${ ( result.stderr || result.stdout || '' )
					.trim()
					.split( '\n' )
					.slice( -15 )
					.join( '\n' ) }`
			: '';
		fail( `${ what || cmd } failed (exit ${ result.status }).${ tail }` );
	}
	return result.stdout || '';
}

/**
 * Runs a command and resolves with its exit code, streaming output (used for test suites).
 */
export function runAsync( cmd, args, { cwd = ROOT, env = {}, onOutput } = {} ) {
	return new Promise( ( resolve ) => {
		const child = spawn( cmd, args, {
			cwd,
			env: { ...process.env, ...env },
			stdio: [ 'ignore', 'pipe', 'pipe' ],
		} );
		let output = '';
		const take = ( chunk ) => {
			output += chunk;
			if ( onOutput ) {
				onOutput( chunk.toString() );
			}
		};
		child.stdout.on( 'data', take );
		child.stderr.on( 'data', take );
		child.on( 'close', ( code ) => resolve( { code: code ?? 1, output } ) );
		child.on( 'error', ( error ) =>
			resolve( { code: 127, output: String( error ) } )
		);
	} );
}

export function log( message ) {
	process.stdout.write( `[tenderpress] ${ message }\n` );
}

export function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function hasCommand( cmd ) {
	return (
		spawnSync( 'sh', [ '-c', `command -v ${ cmd }` ], { stdio: 'ignore' } )
			.status === 0
	);
}
