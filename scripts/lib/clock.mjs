// The clock the site's PHP processes (and Vitest, under `npm test`) run on. FAKE_CLOCK (checked in
// paths.mjs) moves it through Debian's libfaketime, preloaded into each process: PHP's time(),
// WordPress's current_time() and the seeder's dates all move with it. The e2e suite's day-later
// server (scripts/serve-site.mjs) moves its own clock the same way.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureOsCommand } from './apt.mjs';
import { fail } from './run.mjs';
import { FAKE_CLOCK } from './paths.mjs';

/** Debian's libfaketime, which moves the clock of the processes it is preloaded into. */
export function faketimeLibrary() {
	ensureOsCommand( 'faketime', 'faketime', 'a moved clock (FAKE_CLOCK)' );
	for ( const dir of fs.readdirSync( '/usr/lib' ) ) {
		const library = path.join(
			'/usr/lib',
			dir,
			'faketime',
			'libfaketime.so.1'
		);
		if ( fs.existsSync( library ) ) {
			return library;
		}
	}
	return fail( 'libfaketime.so.1 was not found under /usr/lib/*/faketime/.' );
}

/**
 * The environment that runs a process on `clock` (libfaketime's FAKETIME syntax), or nothing for
 * the real clock. Only the wall clock moves: timers and elapsed times (the monotonic clock) stay
 * real, so a process that waits still wakes up when it should.
 */
export function clockEnv( clock = FAKE_CLOCK ) {
	if ( ! clock ) {
		return {};
	}
	return {
		LD_PRELOAD: faketimeLibrary(),
		FAKETIME: clock,
		FAKETIME_DONT_FAKE_MONOTONIC: '1',
	};
}

/**
 * Now, in milliseconds since the epoch, as a process on `clock` sees it: asked of `date` under
 * the same library, so this script and the PHP it starts agree on the day.
 */
export function clockNow( clock = FAKE_CLOCK ) {
	if ( ! clock ) {
		return Date.now();
	}
	const result = spawnSync( 'date', [ '+%s' ], {
		env: { ...process.env, ...clockEnv( clock ) },
		encoding: 'utf8',
	} );
	const seconds = Number( ( result.stdout || '' ).trim() );
	if ( result.status !== 0 || ! Number.isFinite( seconds ) ) {
		fail( `date under FAKE_CLOCK=${ clock } did not answer.` );
	}
	return seconds * 1000;
}
