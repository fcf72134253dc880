// The release version has one source: package.json's "version". WordPress reads a version in
// four other places (the plugin header, the TENDERPRESS_VERSION constant, readme.txt's stable
// tag, the theme header); the build writes the source's value into each, and
// tests/tooling/version.test.mjs fails when a committed file disagrees with it.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/**
 * Where a version is written: each pattern has three groups, the text before the version, the
 * version, and the text after it, on one line.
 */
export const VERSION_PLACES = [
	{
		file: 'plugin/tenderpress.php',
		what: 'plugin header Version',
		pattern: /^( \* Version:[ \t]+)([^\s]+)()$/m,
	},
	{
		file: 'plugin/tenderpress.php',
		what: 'TENDERPRESS_VERSION',
		pattern: /^(define\( 'TENDERPRESS_VERSION', ')([^']+)(' \);)$/m,
	},
	{
		file: 'plugin/readme.txt',
		what: 'readme.txt Stable tag',
		pattern: /^(Stable tag:[ \t]*)([^\s]+)()$/m,
	},
	{
		file: 'theme/style.css',
		what: 'theme header Version',
		pattern: /^(Version:[ \t]*)([^\s]+)()$/m,
	},
];

/** The version of the release, from package.json. */
export function sourceVersion( root = ROOT ) {
	return JSON.parse(
		fs.readFileSync( path.join( root, 'package.json' ), 'utf8' )
	).version;
}

/** What each place holds now: `found` is null when its line is missing. */
export function writtenVersions( root = ROOT ) {
	return VERSION_PLACES.map( ( place ) => {
		const text = fs.readFileSync( path.join( root, place.file ), 'utf8' );
		return { ...place, found: place.pattern.exec( text )?.[ 2 ] ?? null };
	} );
}

/**
 * Writes the source version into every place that holds another, and returns the files it
 * changed. A place whose line is missing is an error: the build must not ship without it.
 */
export function stampVersion( root = ROOT ) {
	const version = sourceVersion( root );
	const changed = new Set();
	for ( const place of VERSION_PLACES ) {
		const file = path.join( root, place.file );
		const text = fs.readFileSync( file, 'utf8' );
		if ( ! place.pattern.test( text ) ) {
			throw new Error(
				`${ place.file } has no ${ place.what } line to write the version ${ version } into`
			);
		}
		const stamped = text.replace(
			place.pattern,
			( _line, before, _old, after ) => before + version + after
		);
		if ( stamped !== text ) {
			fs.writeFileSync( file, stamped );
			changed.add( place.file );
		}
	}
	return [ ...changed ];
}
