// `npm run dist`: installable zips of the plugin and the theme under dist/. The plugin zip holds
// its PHP, the islands build and a Composer autoloader (no dev dependencies, no tooling).
import fs from 'node:fs';
import path from 'node:path';
import { ensureNodeModules } from './lib/dependencies.mjs';
import { ensureBuild } from './lib/build.mjs';
import { ROOT } from './lib/paths.mjs';
import { run, log, exitWithError } from './lib/run.mjs';

const DIST = path.join( ROOT, 'dist' );
const version = JSON.parse(
	fs.readFileSync( path.join( ROOT, 'package.json' ), 'utf8' )
).version;

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
		`wrote dist/${ name } (${ ( fs.statSync( file ).size / 1024 ).toFixed(
			0
		) } KB)`
	);
}

try {
	ensureNodeModules();
	ensureBuild( { force: true } );
	fs.rmSync( DIST, { recursive: true, force: true } );
	const stage = path.join( DIST, 'stage' );

	const plugin = path.join( stage, 'plugin', 'tenderpress' );
	copy( path.join( ROOT, 'plugin' ), plugin );
	copy( path.join( ROOT, 'php' ), path.join( plugin, 'php' ) );
	copy( path.join( ROOT, 'build' ), path.join( plugin, 'build' ) );
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
	zip( plugin, `tenderpress-plugin-${ version }.zip` );

	const theme = path.join( stage, 'theme', 'tenderpress' );
	copy( path.join( ROOT, 'theme' ), theme );
	zip( theme, `tenderpress-theme-${ version }.zip` );
	fs.rmSync( stage, { recursive: true, force: true } );
} catch ( error ) {
	exitWithError( error );
}
