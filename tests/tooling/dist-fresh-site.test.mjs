// The plugin zip from `npm run dist` in a brand-new WordPress that has never seen this repository:
// core copied from the unpacked WordPress (without our plugin, theme, must-use plugin or
// databases), installed with twentytwentyfour active, the zip unpacked into its plugins folder
// and activated. Activation prints nothing, the page with the plugin's blocks and a notice with
// its key facts render through the theme, the scripts they point at are served, and the debug
// log, proven to record the server's notices, holds no notice, warning, deprecation or error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SITE_DIR } from '../../scripts/lib/paths.mjs';
import { saltDefinitions } from '../../scripts/lib/site-files.mjs';
import { sourceVersion } from '../../scripts/lib/version.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const STEPS = path.join( import.meta.dirname, 'dist-fresh-site.php' );
const ROUTER = path.join( ROOT, 'scripts', 'wp', 'router.php' );

// What the dev site adds to core: our plugin and theme (symlinks), its must-use plugin, its
// databases and uploads, its config.
const NOT_CORE = [
	'wp-config.php',
	'wp-content/plugins/tenderpress',
	'wp-content/themes/tenderpress',
	'wp-content/mu-plugins',
	'wp-content/database',
	'wp-content/uploads',
	'wp-content/debug.log',
];

function freePort() {
	return new Promise( ( resolve, reject ) => {
		const server = net.createServer();
		server.on( 'error', reject );
		server.listen( 0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close( () => resolve( port ) );
		} );
	} );
}

function copyCore( site ) {
	fs.cpSync( SITE_DIR, site, {
		recursive: true,
		filter: ( source ) =>
			! NOT_CORE.includes(
				path.relative( SITE_DIR, source ).split( path.sep ).join( '/' )
			),
	} );
	fs.mkdirSync( path.join( site, 'wp-content', 'database' ) );
}

/** A default production-like config: SQLite, debug log on, nothing shown, no calls out. */
function writeConfig( site, url, log ) {
	const salts = saltDefinitions();
	fs.writeFileSync(
		path.join( site, 'wp-config.php' ),
		[
			'<?php',
			...salts,
			"define( 'DB_DIR', __DIR__ . '/wp-content/database/' );",
			"define( 'DB_FILE', 'fresh.sqlite' );",
			"define( 'DB_NAME', 'fresh' );",
			"define( 'DB_USER', '' );",
			"define( 'DB_PASSWORD', '' );",
			"define( 'DB_HOST', '' );",
			"$table_prefix = 'wp_';",
			`define( 'WP_HOME', '${ url }' );`,
			`define( 'WP_SITEURL', '${ url }' );`,
			// This machine is offline; a cron run would only call out and fail.
			"define( 'WP_HTTP_BLOCK_EXTERNAL', true );",
			"define( 'DISABLE_WP_CRON', true );",
			"define( 'WP_DEBUG', true );",
			"define( 'WP_DEBUG_DISPLAY', false );",
			`define( 'WP_DEBUG_LOG', '${ log }' );`,
			"if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }",
			"require_once ABSPATH . 'wp-settings.php';",
			'',
		].join( '\n' )
	);
}

function step( site, name ) {
	// No mail server here: WordPress mails the admin when it installs.
	const result = spawnSync(
		'php',
		[ '-d', 'sendmail_path=cat >/dev/null', STEPS, site, name ],
		{ encoding: 'utf8' }
	);
	assert.equal( result.status, 0, `${ name }: ${ result.stderr }` );
	assert.equal( result.stderr, '', `${ name } printed to stderr` );
	return JSON.parse( result.stdout );
}

async function startServer( site, port ) {
	const server = spawn(
		'php',
		[ '-S', `127.0.0.1:${ port }`, '-t', site, ROUTER ],
		{ stdio: 'ignore' }
	);
	for ( let tries = 0; tries < 100; tries++ ) {
		const up = await new Promise( ( resolve ) => {
			const socket = net.connect( port, '127.0.0.1' );
			socket.on( 'connect', () => resolve( socket.end() || true ) );
			socket.on( 'error', () => resolve( false ) );
		} );
		if ( up ) {
			return server;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
	}
	server.kill();
	throw new Error( `php -S did not start on port ${ port }` );
}

async function get( url ) {
	const response = await fetch( url, { redirect: 'manual' } );
	return { status: response.status, html: await response.text() };
}

/** The plugin's files a page links to (scripts and styles), as absolute URLs. */
function pluginFilesOf( html ) {
	return [
		...html.matchAll(
			/(?:src|href)="([^"]*\/wp-content\/plugins\/tenderpress\/[^"]*)"/g
		),
	].map( ( [ , url ] ) => url.replace( /&#038;|&amp;/g, '&' ) );
}

test( 'the plugin zip installs, activates and renders its blocks in a fresh WordPress with twentytwentyfour', async () => {
	const work = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-fresh-' ) );
	let server;
	try {
		const built = spawnSync(
			process.execPath,
			[ 'scripts/dist.mjs', `--out=${ path.join( work, 'dist' ) }` ],
			{ cwd: ROOT, encoding: 'utf8' }
		);
		assert.equal( built.status, 0, built.stderr );
		const version = sourceVersion( ROOT );

		const site = path.join( work, 'site' );
		const log = path.join( work, 'debug.log' );
		const port = await freePort();
		const url = `http://127.0.0.1:${ port }`;
		copyCore( site );
		writeConfig( site, url, log );
		assert.deepEqual( step( site, 'install' ), {
			error: null,
			theme: 'twentytwentyfour',
		} );

		const unzip = spawnSync( 'unzip', [
			'-q',
			path.join( work, 'dist', `tenderpress-plugin-${ version }.zip` ),
			'-d',
			path.join( site, 'wp-content', 'plugins' ),
		] );
		assert.equal( unzip.status, 0, 'the plugin zip unpacks' );
		assert.deepEqual( step( site, 'activate' ), {
			error: null,
			output: '',
			active: true,
			header: version,
			constant: version,
		} );
		const { errors, page, notice } = step( site, 'content' );
		assert.deepEqual( errors, [] );

		server = await startServer( site, port );

		const listing = await get( page );
		assert.equal( listing.status, 200 );
		assert.match(
			listing.html,
			/wp-theme-twentytwentyfour|twentytwentyfour/
		);
		assert.equal(
			listing.html.match( /class="tp-notice-card /g )?.length,
			5,
			'the listing shows its first 5 notices'
		);
		assert.match( listing.html, /Fresh site notice 01/ );
		assert.match( listing.html, /<nav class="tp-pagination"/ );
		assert.match( listing.html, /class="tp-back-to-top__link"/ );
		for ( const file of pluginFilesOf( listing.html ) ) {
			assert.equal(
				( await fetch( file ) ).status,
				200,
				`${ file } is served`
			);
		}
		assert.ok(
			pluginFilesOf( listing.html ).some( ( file ) =>
				file.includes( '/build/' )
			),
			'the page loads the islands runtime from the zip'
		);

		// Page 2 through the listing's own link, as a visitor without JavaScript follows it.
		const next = listing.html.match(
			/<a class="tp-pagination__link" data-page="2" href="([^"]+)"/
		);
		assert.ok( next, 'the listing links to its page 2' );
		const second = await get( next[ 1 ].replace( /&#038;|&amp;/g, '&' ) );
		assert.equal( second.status, 200 );
		assert.match( second.html, /Fresh site notice 06/ );
		assert.doesNotMatch( second.html, /Fresh site notice 01</ );

		const single = await get( notice );
		assert.equal( single.status, 200 );
		assert.match( single.html, /Fresh site notice 01/ );
		assert.match( single.html, /<section class="tp-notice-facts"/ );
		assert.match( single.html, /FRESH\/2026\/01/ );
		assert.match( single.html, /Fresh Site Works Department/ );

		// A notice raised in a request to the same server proves its notices reach this log.
		fs.writeFileSync(
			path.join( site, 'log-probe.php' ),
			"<?php require __DIR__ . '/wp-load.php'; trigger_error( 'tenderpress fresh-site log probe', E_USER_NOTICE );\n"
		);
		assert.equal( ( await get( `${ url }/log-probe.php` ) ).status, 200 );
		const entries = fs
			.readFileSync( log, 'utf8' )
			.split( '\n' )
			.filter( ( line ) => /^\[/.test( line ) );
		assert.equal(
			entries.length,
			1,
			`the debug log has entries besides the probe:\n${ entries.join(
				'\n'
			) }`
		);
		assert.match( entries[ 0 ], /tenderpress fresh-site log probe/ );
	} finally {
		server?.kill();
		fs.rmSync( work, { recursive: true, force: true } );
	}
} );
