// The islands build: rebuilt with Vite when a source under islands/ (or the build setup) is
// newer than the last build's manifest.
import path from 'node:path';
import { ROOT, BUILD_DIR } from './paths.mjs';
import { run, log } from './run.mjs';
import { mtime, newestIn } from './file-times.mjs';

export function ensureBuild( { force = false } = {} ) {
	const manifest = path.join( BUILD_DIR, '.vite', 'manifest.json' );
	const sources = Math.max(
		newestIn( path.join( ROOT, 'islands' ) ),
		mtime( path.join( ROOT, 'vite.config.ts' ) ),
		mtime( path.join( ROOT, 'package-lock.json' ) )
	);
	if ( ! force && mtime( manifest ) > sources ) {
		return;
	}
	log( 'building the islands' );
	run(
		path.join( ROOT, 'node_modules', '.bin', 'vite' ),
		[ 'build', '--logLevel', 'warn' ],
		{ what: 'vite build' }
	);
}
