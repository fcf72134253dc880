// Small process helpers shared by the lock and the MariaDB server's bookkeeping.

/** Blocks this process for `ms` milliseconds without spinning. */
export function sleepSync( ms ) {
	Atomics.wait( new Int32Array( new SharedArrayBuffer( 4 ) ), 0, 0, ms );
}

/** Whether a process with this id exists (EPERM: it exists but belongs to another user). */
export function isRunning( pid ) {
	try {
		process.kill( pid, 0 );
		return true;
	} catch ( error ) {
		return error.code === 'EPERM';
	}
}
