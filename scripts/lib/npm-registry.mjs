// Package tarballs from the npm registry, fetched once into .wp/cache: WordPress core and the
// SQLite integration come this way (ARCHITECTURE §3: the Packagist copy here holds no core).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CACHE_DIR } from './paths.mjs';
import { fail, log } from './run.mjs';

/**
 * Fetches a package tarball from the npm registry into the cache (once) and returns its path.
 */
export function fetchPackage( spec ) {
	fs.mkdirSync( CACHE_DIR, { recursive: true } );
	const name =
		spec
			.replace( /^@/, '' )
			.replace( '/', '-' )
			.replace( /@(.*)$/, '-$1' ) + '.tgz';
	const file = path.join( CACHE_DIR, name );
	if ( ! fs.existsSync( file ) ) {
		log( `fetching ${ spec } from the npm registry` );
		const result = spawnSync(
			'npm',
			[ 'pack', spec, '--pack-destination', CACHE_DIR ],
			{ encoding: 'utf8' }
		);
		if ( result.status !== 0 ) {
			// npm's own words, shortened to its error code and summary ("E404 Not Found …").
			const output = `${ result.stderr }\n${ result.stdout }`;
			const code =
				( output.match( /npm error code (\S+)/ ) || [] )[ 1 ] ||
				'error';
			const summary =
				( output.match( /npm error (?!code)(\S.*)/ ) || [] )[ 1 ] || '';
			fail(
				`Could not fetch ${ spec } from the npm registry (${ code }: ${ summary.slice(
					0,
					120
				) }). Check the network and the registry setting (npm config get registry).`
			);
		}
	}
	return file;
}
