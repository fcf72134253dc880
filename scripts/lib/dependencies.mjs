// The project's own dependencies: node_modules from package-lock.json and vendor/ from Composer,
// reinstalled only when their manifest is newer than the last install.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { run, log, hasCommand } from './run.mjs';
import { aptInstall } from './apt.mjs';
import { mtime } from './file-times.mjs';

export function ensureNodeModules() {
	const marker = path.join( ROOT, 'node_modules', '.package-lock.json' );
	if (
		mtime( marker ) >=
			Math.max(
				mtime( path.join( ROOT, 'package.json' ) ),
				mtime( path.join( ROOT, 'package-lock.json' ) )
			) &&
		fs.existsSync( marker )
	) {
		return;
	}
	log( 'installing npm dependencies' );
	// npm ci: exactly the tree package-lock.json names, on every machine, and the lock file is
	// never rewritten (npm install would rewrite a lock another npm wrote, leaving a fresh clone
	// modified). A lock out of step with package.json fails here, with npm's own message.
	run( 'npm', [ 'ci', '--no-audit', '--no-fund' ], {
		what: 'npm ci',
	} );
	// "up to date" leaves the marker as it was: touch it so the next run skips this step.
	fs.utimesSync( marker, new Date(), new Date() );
}

export function ensureComposer() {
	const installed = path.join( ROOT, 'vendor', 'composer', 'installed.json' );
	// The lock counts too: a pull that only moves a locked version (a newer PHPStan) must
	// reinstall, or the suites would run the old tools.
	if (
		fs.existsSync( path.join( ROOT, 'vendor', 'autoload.php' ) ) &&
		mtime( installed ) >=
			Math.max(
				mtime( path.join( ROOT, 'composer.json' ) ),
				mtime( path.join( ROOT, 'composer.lock' ) )
			)
	) {
		return;
	}
	if ( ! hasCommand( 'composer' ) ) {
		aptInstall( [ 'composer' ], 'Composer is not installed' );
	}
	log( 'installing Composer dependencies' );
	run( 'composer', [ 'install', '--no-interaction', '--no-progress' ], {
		what: 'composer install',
	} );
	fs.utimesSync( installed, new Date(), new Date() );
}
