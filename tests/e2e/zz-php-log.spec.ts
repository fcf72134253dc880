import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Runs after every other e2e test (see the php-log project in playwright.config.ts).
test( 'the server logged no PHP notice, warning or error during the e2e run', () => {
	const log = path.join( process.cwd(), '.wp', 'reports', 'e2e-php.log' );
	const text = fs.existsSync( log ) ? fs.readFileSync( log, 'utf8' ) : '';
	expect(
		text
			.split( '\n' )
			.filter( ( line ) =>
				/PHP (Notice|Warning|Deprecated|Fatal|Parse)/.test( line )
			)
	).toEqual( [] );
} );
