// `npm run dist`: installable zips. The plugin zip carries its PHP, the islands build and a
// working Composer autoloader, and nothing of the dev tooling; the theme zip is the theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const version = JSON.parse(
	fs.readFileSync( path.join( ROOT, 'package.json' ), 'utf8' )
).version;

test( 'npm run dist writes a plugin zip with PHP, build and autoloader, and a theme zip', () => {
	const built = spawnSync( process.execPath, [ 'scripts/dist.mjs' ], {
		cwd: ROOT,
		encoding: 'utf8',
	} );
	assert.equal( built.status, 0, built.stderr );
	const unpacked = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-dist-' ) );
	try {
		for ( const kind of [ 'plugin', 'theme' ] ) {
			const unzip = spawnSync( 'unzip', [
				'-q',
				path.join(
					ROOT,
					'dist',
					`tenderpress-${ kind }-${ version }.zip`
				),
				'-d',
				path.join( unpacked, kind ),
			] );
			assert.equal( unzip.status, 0, `the ${ kind } zip unpacks` );
		}
		const plugin = path.join( unpacked, 'plugin', 'tenderpress' );
		for ( const file of [
			'tenderpress.php',
			'readme.txt',
			'uninstall.php',
			'vendor/autoload.php',
			'php/Plugin.php',
			'build/assets.json',
			'build/editor/index.js',
			'build/editor/index.asset.php',
			'blocks/listing/block.json',
			'assets/badges.css',
			'assets/forms.css',
			'blocks/search/block.json',
		] ) {
			assert.ok(
				fs.existsSync( path.join( plugin, file ) ),
				`plugin zip has ${ file }`
			);
		}
		const assets = JSON.parse(
			fs.readFileSync(
				path.join( plugin, 'build', 'assets.json' ),
				'utf8'
			)
		);
		for ( const entry of Object.values( assets ) ) {
			assert.ok(
				fs.existsSync( path.join( plugin, 'build', entry.file ) ),
				`plugin zip has build/${ entry.file }`
			);
		}
		for ( const devOnly of [
			'node_modules',
			'tests',
			'scripts',
			'islands',
			'vendor/phpunit',
			'package.json',
			'vite.config.ts',
			'blocks-editor',
			'blocks/editor.js',
		] ) {
			assert.ok(
				! fs.existsSync( path.join( plugin, devOnly ) ),
				`plugin zip leaves out ${ devOnly }`
			);
		}
		// The autoloader finds the plugin's classes from the zip's own folder.
		const php = spawnSync(
			'php',
			[
				'-r',
				`require '${ plugin }/vendor/autoload.php'; echo class_exists( 'TenderPress\\\\Listings\\\\PageLinks' ) ? 'yes' : 'no';`,
			],
			{ encoding: 'utf8' }
		);
		assert.equal( php.stdout, 'yes', php.stderr );
		const theme = path.join( unpacked, 'theme', 'tenderpress' );
		for ( const file of [
			'style.css',
			'theme.json',
			'functions.php',
			'templates/index.html',
			'templates/single-tender.html',
			'parts/header.html',
		] ) {
			assert.ok(
				fs.existsSync( path.join( theme, file ) ),
				`theme zip has ${ file }`
			);
		}
	} finally {
		fs.rmSync( unpacked, { recursive: true, force: true } );
	}
} );
