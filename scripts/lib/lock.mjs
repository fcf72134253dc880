// One process at a time where two would clobber each other's files (a database being seeded, the
// per-class database copies and the e2e port of a test run). A lock is a directory under .wp/,
// because mkdir either creates it or fails, atomically; it records its owner's pid so a lock left
// behind by a killed process is taken over instead of waited on forever.
import fs from 'node:fs';
import path from 'node:path';
import { WP_DIR } from './paths.mjs';
import { mtime } from './file-times.mjs';
import { isRunning, sleepSync } from './processes.mjs';

// A lock with no owner recorded is either being created this instant or was left by tooling
// that did not record owners: only age tells them apart.
const UNKNOWN_OWNER_ABANDONED_AFTER = 10 * 60 * 1000;
const POLL_INTERVAL = 250;

function ownerOf( lock ) {
	try {
		return Number( fs.readFileSync( path.join( lock, 'owner' ), 'utf8' ) );
	} catch {
		return 0;
	}
}

function isAbandoned( lock ) {
	const owner = ownerOf( lock );
	return owner
		? ! isRunning( owner )
		: Date.now() - mtime( lock ) > UNKNOWN_OWNER_ABANDONED_AFTER;
}

/**
 * Takes the lock `name`, waiting for as long as a running process holds it. `onWait( ownerPid )`
 * is called once, when the wait starts (ownerPid is 0 when not yet recorded). Returns the
 * function that releases the lock.
 */
export function acquireLock( name, { onWait } = {} ) {
	fs.mkdirSync( WP_DIR, { recursive: true } );
	const lock = path.join( WP_DIR, `${ name }.lock` );
	let waiting = false;
	for (;;) {
		try {
			fs.mkdirSync( lock );
			break;
		} catch ( error ) {
			if ( error.code !== 'EEXIST' ) {
				throw error;
			}
			if ( isAbandoned( lock ) ) {
				fs.rmSync( lock, { recursive: true, force: true } );
				continue;
			}
			if ( ! waiting && onWait ) {
				onWait( ownerOf( lock ) );
			}
			waiting = true;
			sleepSync( POLL_INTERVAL );
		}
	}
	fs.writeFileSync( path.join( lock, 'owner' ), String( process.pid ) );
	return () => {
		// Never remove a lock another process has taken over in the meantime.
		if ( ownerOf( lock ) === process.pid ) {
			fs.rmSync( lock, { recursive: true, force: true } );
		}
	};
}

/** Runs fn while holding the lock `name` (see acquireLock). */
export function withLock( name, fn, options ) {
	const release = acquireLock( name, options );
	let result;
	try {
		result = fn();
	} finally {
		release();
	}
	return result;
}
