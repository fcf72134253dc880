// The build: the islands, the blocks' editor script and the share icons' sprite, rebuilt with
// Vite when a source under islands/, blocks-editor/ or php/Share/ (or the build setup) is newer
// than the last build's manifest; for `npm run build`, first the release version written where
// WordPress reads it (version.mjs). Nothing else writes it: `npm test` must see the files as they
// were committed, and `npm run dist` refuses files that disagree.
import path from 'node:path';
import { ROOT, BUILD_DIR } from './paths.mjs';
import { run, log } from './run.mjs';
import { mtime, newestIn } from './file-times.mjs';
import { withLock } from './lock.mjs';
import { stampVersion } from './version.mjs';

function buildUnlocked( { force, writeVersion } ) {
	if ( writeVersion ) {
		for ( const file of stampVersion() ) {
			log( `wrote the version from package.json into ${ file }` );
		}
	}
	const manifest = path.join( BUILD_DIR, '.vite', 'manifest.json' );
	const sources = Math.max(
		newestIn( path.join( ROOT, 'islands' ) ),
		newestIn( path.join( ROOT, 'blocks-editor' ) ),
		// The share icons' sprite is built from the catalogue and our glyphs (vite.config.ts).
		newestIn( path.join( ROOT, 'php', 'Share' ) ),
		mtime( path.join( ROOT, 'vite.config.ts' ) ),
		mtime( path.join( ROOT, 'package-lock.json' ) )
	);
	if ( ! force && mtime( manifest ) > sources ) {
		return;
	}
	log( 'building the islands and the editor script' );
	run(
		path.join( ROOT, 'node_modules', '.bin', 'vite' ),
		[ 'build', '--logLevel', 'warn' ],
		{ what: 'vite build' }
	);
}

/**
 * Brings build/ up to date, then runs `use` (if given) while no other process may rebuild it:
 * Vite empties build/ first, so a copy taken during another build would be partial.
 */
export function ensureBuild( {
	force = false,
	writeVersion = false,
	use = () => {},
} = {} ) {
	return withLock(
		'build',
		() => {
			buildUnlocked( { force, writeVersion } );
			return use();
		},
		{ onWait: () => log( 'another build is running: waiting for it' ) }
	);
}
