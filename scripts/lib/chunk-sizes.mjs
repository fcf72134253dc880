// What each entry of the islands build weighs for a visitor: its file plus every chunk it imports
// statically, each counted once, gzip at level 9 (deterministic, so budgets never flake). Read
// from build/assets.json. The size budgets (tests/budgets/) and the bench's report use it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function chunkSizes( buildDir ) {
	const assets = JSON.parse(
		fs.readFileSync( path.join( buildDir, 'assets.json' ), 'utf8' )
	);
	const gzipSize = ( file ) =>
		zlib.gzipSync( fs.readFileSync( path.join( buildDir, file ) ), {
			level: 9,
		} ).length;
	const filesOf = ( entry ) => {
		const files = new Set( [ entry.file ] );
		const visit = ( imports ) => {
			for ( const file of imports ?? [] ) {
				if ( ! files.has( file ) ) {
					files.add( file );
					visit(
						Object.values( assets ).find(
							( asset ) => asset.file === file
						)?.imports
					);
				}
			}
		};
		visit( entry.imports );
		return [ ...files ];
	};
	return Object.fromEntries(
		Object.entries( assets ).map( ( [ name, entry ] ) => {
			const files = filesOf( entry );
			return [
				name,
				{
					files,
					gzip: files.reduce(
						( sum, file ) => sum + gzipSize( file ),
						0
					),
					dependencies: entry.dependencies ?? [],
				},
			];
		} )
	);
}
