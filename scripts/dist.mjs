// `npm run dist`: installable zips of the plugin and the theme under dist/ (or the folder given
// with --out=DIR, so a test can build its own without touching dist/). The plugin zip holds its
// PHP, the islands and editor build and a Composer autoloader (no dev dependencies, no tooling).
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules } from './lib/dependencies.mjs';
import { ensureBuild } from './lib/build.mjs';
import { ROOT } from './lib/paths.mjs';
import { run, log, exitWithError } from './lib/run.mjs';
import { sourceVersion, writtenVersions } from './lib/version.mjs';

const outArgument = process.argv
	.slice( 2 )
	.find( ( arg ) => arg.startsWith( '--out=' ) );
const DIST = outArgument
	? path.resolve( outArgument.slice( '--out='.length ) )
	: path.join( ROOT, 'dist' );

function copy( from, to ) {
	fs.cpSync( from, to, {
		recursive: true,
		dereference: false,
		filter: ( source ) => ! fs.lstatSync( source ).isSymbolicLink(),
	} );
}

function zip( folder, name ) {
	const file = path.join( DIST, name );
	fs.rmSync( file, { force: true } );
	run( 'zip', [ '-q', '-r', '-X', file, path.basename( folder ) ], {
		cwd: path.dirname( folder ),
		what: `zip ${ name }`,
	} );
	log(
		`wrote ${ path.relative( ROOT, file ) } (${ (
			fs.statSync( file ).size / 1024
		).toFixed( 0 ) } KB)`
	);
}

/**
 * A release carries one version. `npm run build` writes package.json's into the plugin, readme
 * and theme; zipping files that say another would ship what was never tested as such.
 */
function checkVersions() {
	const version = sourceVersion();
	const stale = writtenVersions().filter(
		( place ) => place.found !== version
	);
	if ( stale.length ) {
		throw new Error(
			stale
				.map(
					( place ) =>
						`${ place.file } (${ place.what }) says ${ place.found }, package.json says ${ version }.`
				)
				.join( '\n' ) +
				'\nRun npm run build, which writes the version into them, and commit the result.'
		);
	}
}

try {
	ensureNodeModules();
	checkVersions();
	fs.rmSync( DIST, { recursive: true, force: true } );
	const stage = path.join( DIST, 'stage' );
	const plugin = path.join( stage, 'plugin', 'tenderpress' );
	// A fresh build, copied before another process may start the next one.
	ensureBuild( {
		force: true,
		use: () => {
			copy( path.join( ROOT, 'plugin' ), plugin );
			copy( path.join( ROOT, 'php' ), path.join( plugin, 'php' ) );
			copy( path.join( ROOT, 'build' ), path.join( plugin, 'build' ) );
			// The service worker's folder is its scope, so it sits where the spec has it.
			copy(
				path.join( ROOT, 'build', 'sdk_files' ),
				path.join( plugin, 'sdk_files' )
			);
		},
	} );
	fs.rmSync( path.join( plugin, 'build', '.vite' ), {
		recursive: true,
		force: true,
	} );
	fs.writeFileSync(
		path.join( plugin, 'composer.json' ),
		JSON.stringify(
			{
				name: 'tenderpress/tenderpress',
				type: 'wordpress-plugin',
				license: 'GPL-2.0-or-later',
				autoload: { 'psr-4': { 'TenderPress\\': 'php/' } },
			},
			null,
			4
		)
	);
	run(
		'composer',
		[
			'dump-autoload',
			'--optimize',
			'--classmap-authoritative',
			'--no-dev',
			'--no-interaction',
		],
		{ cwd: plugin, quiet: true, what: 'composer dump-autoload' }
	);
	const version = sourceVersion();
	zip( plugin, `tenderpress-plugin-${ version }.zip` );

	const theme = path.join( stage, 'theme', 'tenderpress' );
	copy( path.join( ROOT, 'theme' ), theme );
	zip( theme, `tenderpress-theme-${ version }.zip` );
	fs.rmSync( stage, { recursive: true, force: true } );
} catch ( error ) {
	exitWithError( error );
}
