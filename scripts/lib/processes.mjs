// Small process helpers shared by the lock and the MariaDB server's bookkeeping.
import fs from 'node:fs';

/** Blocks this process for `ms` milliseconds without spinning. */
export function sleepSync( ms ) {
	Atomics.wait( new Int32Array( new SharedArrayBuffer( 4 ) ), 0, 0, ms );
}

/**
 * Whether a process with this id runs (EPERM: it exists but belongs to another user). A zombie
 * has ended: a child this process started and stopped stays one until Node reaps it, which a
 * synchronous wait for its end would never let happen.
 */
export function isRunning( pid ) {
	try {
		process.kill( pid, 0 );
	} catch ( error ) {
		return error.code === 'EPERM';
	}
	try {
		const stat = fs.readFileSync( `/proc/${ pid }/stat`, 'utf8' );
		return (
			stat.slice(
				stat.lastIndexOf( ')' ) + 2,
				stat.lastIndexOf( ')' ) + 3
			) !== 'Z'
		);
	} catch {
		return true;
	}
}
