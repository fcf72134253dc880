// When files last changed: each ensure step compares its inputs with what it made last time and
// skips the work when nothing is newer.
import fs from 'node:fs';
import path from 'node:path';

/** A file's modification time in ms, or 0 when it does not exist. */
export function mtime( file ) {
	try {
		return fs.statSync( file ).mtimeMs;
	} catch {
		return 0;
	}
}

/** The newest modification time of any file under dir (0 for a missing folder). */
export function newestIn( dir ) {
	let newest = 0;
	if ( ! fs.existsSync( dir ) ) {
		return 0;
	}
	for ( const entry of fs.readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		newest = Math.max(
			newest,
			entry.isDirectory() ? newestIn( full ) : mtime( full )
		);
	}
	return newest;
}
