// Size budgets, from the build output (gzip sizes; deterministic, no timings):
// the islands runtime ≤ 2 KB, each island ≤ 10 KB with the shared chunks it imports (React is
// not bundled: it comes from WordPress's wp-element). A failure names the chunk, size and limit.
// The blocks' editor script (build/editor/) is not a visitor's download: it loads only in the
// block editor, so it has no budget, but it must not bundle React either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUILD = path.resolve( 'build' );
const KB = 1024;
const RUNTIME_LIMIT = 2 * KB;
const ISLAND_LIMIT = 10 * KB;

const assets = JSON.parse(
	fs.readFileSync( path.join( BUILD, 'assets.json' ), 'utf8' )
);
const gzipSize = ( file ) =>
	zlib.gzipSync( fs.readFileSync( path.join( BUILD, file ) ), { level: 9 } )
		.length;

/** The entry file plus every chunk it imports statically, each counted once. */
function filesOf( entry ) {
	const files = new Set( [ entry.file ] );
	const visit = ( imports ) => {
		for ( const file of imports ) {
			if ( ! files.has( file ) ) {
				files.add( file );
				const owner = Object.values( assets ).find(
					( asset ) => asset.file === file
				);
				visit( owner?.imports ?? [] );
			}
		}
	};
	visit( entry.imports );
	return [ ...files ];
}

function assertWithin( name, files, limit ) {
	const size = files.reduce( ( sum, file ) => sum + gzipSize( file ), 0 );
	assert.ok(
		size <= limit,
		`${ name } (${ files.join(
			' + '
		) }) is ${ size } bytes gzip, over its budget of ${ limit } bytes`
	);
}

test( 'the islands runtime is at most 2 KB gzip and needs no WordPress script', () => {
	assert.ok( assets.runtime, 'build/assets.json has no runtime entry' );
	assert.deepEqual(
		assets.runtime.dependencies,
		[],
		'the runtime must not depend on React or other WordPress scripts'
	);
	assertWithin( 'runtime', filesOf( assets.runtime ), RUNTIME_LIMIT );
} );

test( 'each island is at most 10 KB gzip with the shared chunks it imports (React excluded)', () => {
	const islands = Object.entries( assets ).filter(
		( [ name ] ) => ! name.startsWith( 'runtime' )
	);
	assert.ok(
		islands.length >= 2,
		'expected the island entries in build/assets.json'
	);
	for ( const [ name, entry ] of islands ) {
		assertWithin( `island "${ name }"`, filesOf( entry ), ISLAND_LIMIT );
	}
	assertWithin(
		'runtime/mount',
		filesOf( assets[ 'runtime/mount' ] ),
		ISLAND_LIMIT
	);
} );

test( 'no chunk bundles its own React or jQuery', () => {
	for ( const file of fs
		.readdirSync( BUILD, { recursive: true } )
		.filter( ( f ) => String( f ).endsWith( '.js' ) ) ) {
		const code = fs.readFileSync(
			path.join( BUILD, String( file ) ),
			'utf8'
		);
		assert.doesNotMatch(
			code,
			/__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED|react\.production\.min/,
			`${ file } bundles React; it must use wp-element`
		);
		assert.doesNotMatch( code, /jQuery|\$\.fn\b/, `${ file } uses jQuery` );
	}
} );

test( 'islands declare the WordPress scripts they need (asset data for PHP)', () => {
	for ( const [ name, entry ] of Object.entries( assets ) ) {
		if ( name !== 'runtime' ) {
			assert.ok(
				entry.dependencies.includes( 'wp-element' ),
				`${ name } must list wp-element`
			);
		}
	}
} );

test( 'the editor script stays out of what visitors load and takes React from WordPress', () => {
	const editor = path.join( 'editor', 'index.js' );
	assert.ok(
		fs.existsSync( path.join( BUILD, editor ) ),
		'build/editor/index.js is missing'
	);
	assert.ok(
		Object.values( assets ).every(
			( entry ) =>
				! filesOf( entry ).some( ( file ) =>
					file.startsWith( 'editor/' )
				)
		),
		'no visitor entry in build/assets.json loads the editor script'
	);
	const asset = fs.readFileSync(
		path.join( BUILD, 'editor', 'index.asset.php' ),
		'utf8'
	);
	assert.match( asset, /'wp-element'/, 'the editor script lists wp-element' );
} );
