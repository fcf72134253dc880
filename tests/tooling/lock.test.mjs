// One process at a time (scripts/lib/lock.mjs; `npm test` holds the "npm-test" lock for its whole
// run): a second process says once that it waits, and goes on as soon as the first lets go; a lock
// left by a process that was killed does not block anyone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const LOCK = `tooling-test-${ process.pid }`;
const LOCK_DIR = path.join( ROOT, '.wp', `${ LOCK }.lock` );

const HOLDER = `
	import { acquireLock } from './scripts/lib/lock.mjs';
	const release = acquireLock( '${ LOCK }' );
	console.log( 'held' );
	process.stdin.once( 'data', () => { release(); console.log( 'released' ); } );
`;

const WAITER = `
	import { acquireLock } from './scripts/lib/lock.mjs';
	acquireLock( '${ LOCK }', { onWait: ( owner ) => console.log( 'waiting for ' + owner ) } )();
	console.log( 'acquired' );
`;

function startNode( code ) {
	const child = spawn(
		process.execPath,
		[ '--input-type=module', '-e', code ],
		{ cwd: ROOT, stdio: [ 'pipe', 'pipe', 'inherit' ] }
	);
	child.output = '';
	child.stdout.on( 'data', ( chunk ) => ( child.output += chunk ) );
	return child;
}

function outputOf( child, text ) {
	return new Promise( ( resolve ) => {
		const check = () =>
			child.output.includes( text )
				? resolve( child.output )
				: setTimeout( check, 20 );
		check();
	} );
}

const pause = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );

test( 'a second process waits while the first holds the lock, says so once, then takes it', async () => {
	const holder = startNode( HOLDER );
	await outputOf( holder, 'held' );
	const waiter = startNode( WAITER );
	try {
		await outputOf( waiter, 'waiting for' );
		await pause( 1000 );
		assert.equal(
			waiter.output,
			`waiting for ${ holder.pid }\n`,
			'one line while it waits, and no lock yet'
		);
		holder.stdin.write( 'release\n' );
		await outputOf( waiter, 'acquired' );
		assert.equal(
			holder.exitCode,
			null,
			'it took the lock when it was released, not when its holder ended'
		);
	} finally {
		holder.kill();
		waiter.kill();
		fs.rmSync( LOCK_DIR, { recursive: true, force: true } );
	}
} );

test( 'a lock left by a killed process is taken over without waiting', async () => {
	const holder = startNode( HOLDER );
	try {
		await outputOf( holder, 'held' );
		holder.kill( 'SIGKILL' );
		await new Promise( ( resolve ) => holder.once( 'exit', resolve ) );
		assert.ok(
			fs.existsSync( LOCK_DIR ),
			'the killed process left its lock'
		);
		const waiter = spawnSync(
			process.execPath,
			[ '--input-type=module', '-e', WAITER ],
			{ cwd: ROOT, encoding: 'utf8', timeout: 10000 }
		);
		assert.equal( waiter.stdout, 'acquired\n' );
	} finally {
		fs.rmSync( LOCK_DIR, { recursive: true, force: true } );
	}
} );
