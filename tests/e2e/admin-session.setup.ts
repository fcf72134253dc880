/**
 * Signs in as the dev site's administrator once per run and keeps the session's cookies for the
 * tests that need it (logInAsAdmin in support/site.ts). Each sign-in adds a session token to the
 * user's `session_tokens` meta by read-modify-write: two workers signing in at the same moment
 * could each write the list without the other's token, and the loser would be sent back to
 * wp-login.php mid-test. One sign-in, made before any test runs, cannot race.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_STATE, logInThroughForm } from './support/site';

test( 'the administrator signs in once for the tests that need a session', async ( {
	page,
} ) => {
	await logInThroughForm( page );
	fs.mkdirSync( path.dirname( ADMIN_STATE ), { recursive: true } );
	await page.context().storageState( { path: ADMIN_STATE } );
	expect( fs.existsSync( ADMIN_STATE ) ).toBe( true );
} );
