// Size budgets, from the build output (gzip sizes; deterministic, no timings):
// the islands runtime ≤ 2 KB, each island ≤ 10 KB with the shared chunks it imports (React is
// not bundled: it comes from WordPress's wp-element). A failure names the chunk, size and limit.
// The lazy-media script (build/lazy-media.js), printed inline on pages with lazy pictures or
// frames before any intent, is held to 1 KB and may use nothing of WordPress's.
// The blocks' editor script (build/editor/) is not a visitor's download: it loads only in the
// block editor, so it has no budget, but it must not bundle React either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkSizes } from '../../scripts/lib/chunk-sizes.mjs';

const BUILD = path.resolve( 'build' );
const KB = 1024;
const RUNTIME_LIMIT = 2 * KB;
const ISLAND_LIMIT = 10 * KB;
const LAZY_MEDIA_LIMIT = KB;

const assets = JSON.parse(
	fs.readFileSync( path.join( BUILD, 'assets.json' ), 'utf8' )
);
const sizes = chunkSizes( BUILD );

function assertWithin( name, entry, limit ) {
	const { files, gzip } = sizes[ entry ];
	assert.ok(
		gzip <= limit,
		`${ name } (${ files.join(
			' + '
		) }) is ${ gzip } bytes gzip, over its budget of ${ limit } bytes`
	);
}

test( 'the islands runtime is at most 2 KB gzip and needs no WordPress script', () => {
	assert.ok( assets.runtime, 'build/assets.json has no runtime entry' );
	assert.deepEqual(
		assets.runtime.dependencies,
		[],
		'the runtime must not depend on React or other WordPress scripts'
	);
	assertWithin( 'runtime', 'runtime', RUNTIME_LIMIT );
} );

test( 'the lazy-media script is at most 1 KB gzip and needs neither React nor WordPress', () => {
	const code = fs.readFileSync( path.join( BUILD, 'lazy-media.js' ) );
	const gzip = zlib.gzipSync( code, { level: 9 } ).length;
	assert.ok(
		gzip <= LAZY_MEDIA_LIMIT,
		`build/lazy-media.js is ${ gzip } bytes gzip, over its budget of ${ LAZY_MEDIA_LIMIT } bytes`
	);
	assert.doesNotMatch(
		code.toString(),
		/\bwp\.|\bReact\b|\bimport\b/,
		'build/lazy-media.js must stand alone: it is printed inline, before any island'
	);
} );

test( 'each island is at most 10 KB gzip with the shared chunks it imports (React excluded)', () => {
	const islands = Object.entries( assets ).filter(
		( [ name ] ) => ! name.startsWith( 'runtime' )
	);
	assert.ok(
		islands.length >= 2,
		'expected the island entries in build/assets.json'
	);
	for ( const [ name ] of islands ) {
		assertWithin( `island "${ name }"`, name, ISLAND_LIMIT );
	}
	assertWithin( 'runtime/mount', 'runtime/mount', ISLAND_LIMIT );
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
		Object.values( sizes ).every(
			( { files } ) =>
				! files.some( ( file ) => file.startsWith( 'editor/' ) )
		),
		'no visitor entry in build/assets.json loads the editor script'
	);
	const asset = fs.readFileSync(
		path.join( BUILD, 'editor', 'index.asset.php' ),
		'utf8'
	);
	assert.match( asset, /'wp-element'/, 'the editor script lists wp-element' );
} );
