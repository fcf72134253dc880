import fs from 'node:fs';
import { expect, test } from '@playwright/test';

// Runs after every other e2e test (see the php-log project in playwright.config.ts). `npm test`
// names the server's log and the token the server logged as a notice when it started
// (scripts/serve-e2e.mjs): without that line, a log with no problem in it proves nothing.
const logFile = process.env.TP_DEBUG_LOG ?? '';
const proof = process.env.TP_LOG_PROOF ?? '';

test( 'the server logged no PHP notice, warning or error during the e2e run', () => {
	expect(
		logFile && proof,
		'TP_DEBUG_LOG and TP_LOG_PROOF are set: run the e2e tests with `ONLY=e2e npm test`'
	).not.toBe( '' );
	expect(
		fs.existsSync( logFile ),
		`the server's PHP log ${ logFile } exists`
	).toBe( true );
	const lines = fs.readFileSync( logFile, 'utf8' ).split( '\n' );
	expect(
		lines.some( ( line ) => line.includes( proof ) ),
		'the notice the server logged at start is in the log, so PHP notices reach it'
	).toBe( true );
	expect(
		lines.filter(
			( line ) =>
				/PHP (Notice|Warning|Deprecated|Fatal|Parse)/.test( line ) &&
				! line.includes( proof )
		)
	).toEqual( [] );
} );
