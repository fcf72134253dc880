// The release version has one source, package.json: every place WordPress reads a version from
// (plugin header, TENDERPRESS_VERSION, readme.txt's stable tag, theme header) carries it, and the
// build writes a new one into each of them without touching anything else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
	VERSION_PLACES,
	sourceVersion,
	stampVersion,
	writtenVersions,
} from '../../scripts/lib/version.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

test( 'the committed plugin, readme and theme carry the version of package.json', () => {
	const version = sourceVersion( ROOT );
	assert.match( version, /^\d+\.\d+\.\d+$/ );
	for ( const place of writtenVersions( ROOT ) ) {
		assert.equal(
			place.found,
			version,
			`${ place.file } (${ place.what }) says ${ place.found }, package.json says ${ version }: run npm run build, which writes it`
		);
	}
} );

test( 'the build writes a new version into every place and changes nothing else', () => {
	const copy = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-version-' ) );
	try {
		const files = [
			'package.json',
			...new Set( VERSION_PLACES.map( ( place ) => place.file ) ),
		];
		for ( const file of files ) {
			fs.mkdirSync( path.dirname( path.join( copy, file ) ), {
				recursive: true,
			} );
			fs.copyFileSync( path.join( ROOT, file ), path.join( copy, file ) );
		}
		const pkg = JSON.parse(
			fs.readFileSync( path.join( copy, 'package.json' ), 'utf8' )
		);
		pkg.version = '9.8.7';
		fs.writeFileSync(
			path.join( copy, 'package.json' ),
			JSON.stringify( pkg )
		);

		const changed = stampVersion( copy );

		assert.deepEqual( changed.sort(), files.slice( 1 ).sort() );
		for ( const place of writtenVersions( copy ) ) {
			assert.equal(
				place.found,
				'9.8.7',
				`${ place.file } (${ place.what })`
			);
		}
		for ( const file of files.slice( 1 ) ) {
			const before = fs
				.readFileSync( path.join( ROOT, file ), 'utf8' )
				.split( '\n' );
			const after = fs
				.readFileSync( path.join( copy, file ), 'utf8' )
				.split( '\n' );
			assert.equal( after.length, before.length, file );
			const differing = after.filter(
				( line, index ) => line !== before[ index ]
			);
			assert.equal(
				differing.length,
				VERSION_PLACES.filter( ( place ) => place.file === file )
					.length,
				`${ file }: only its version lines change`
			);
			assert.ok(
				differing.every( ( line ) => line.includes( '9.8.7' ) ),
				file
			);
		}
		assert.deepEqual(
			stampVersion( copy ),
			[],
			'a second run has nothing to write'
		);
	} finally {
		fs.rmSync( copy, { recursive: true, force: true } );
	}
} );
