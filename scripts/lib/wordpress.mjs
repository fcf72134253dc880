// WordPress core and its SQLite drop-in, unpacked offline into the site folder of the selected
// WP_VERSION (.wp/site for 6.5, .wp/site-beta, .wp/site-nightly) from registry tarballs: the PHP
// build of core, its static files, and the SQLite Database Integration plugin.
import fs from 'node:fs';
import path from 'node:path';
import {
	WP_DIR,
	SITE_DIR,
	CONTENT_DIR,
	WP_BUILDS_PACKAGE,
	WP_BUILDS_VERSION,
	SQLITE_PACKAGE,
} from './paths.mjs';
import { run, log } from './run.mjs';
import { fetchPackage } from './npm-registry.mjs';

export function ensureWordPress() {
	if (
		fs.existsSync( path.join( SITE_DIR, 'wp-includes', 'version.php' ) ) &&
		fs.existsSync( path.join( CONTENT_DIR, 'db.php' ) )
	) {
		return;
	}
	const builds = fetchPackage( WP_BUILDS_PACKAGE );
	// One staging folder per version: two variants may be set up at the same time.
	const staging = path.join( WP_DIR, `staging-${ WP_BUILDS_VERSION }` );
	fs.rmSync( staging, { recursive: true, force: true } );
	fs.mkdirSync( staging, { recursive: true } );
	log(
		`unpacking WordPress ${ WP_BUILDS_VERSION } into ${ path.relative(
			WP_DIR,
			SITE_DIR
		) }`
	);
	run(
		'tar',
		[
			'-xzf',
			builds,
			'-C',
			staging,
			`package/src/wordpress/wp-${ WP_BUILDS_VERSION }.zip`,
			`package/public/wp-${ WP_BUILDS_VERSION }`,
		],
		{ what: 'tar (WordPress)' }
	);
	const core = path.join( staging, 'core' );
	run(
		'unzip',
		[
			'-q',
			path.join(
				staging,
				`package/src/wordpress/wp-${ WP_BUILDS_VERSION }.zip`
			),
			'-d',
			core,
		],
		{ what: 'unzip (WordPress)' }
	);
	// The PHP build strips static files; the public folder holds them. Copy without overwriting PHP.
	run(
		'cp',
		[
			'-rn',
			path.join( staging, `package/public/wp-${ WP_BUILDS_VERSION }` ) +
				'/.',
			core,
		],
		{ what: 'copy static files' }
	);
	fs.rmSync( path.join( core, 'wp-content', 'database' ), {
		recursive: true,
		force: true,
	} );
	fs.rmSync( path.join( core, 'wp-content', 'db.php' ), { force: true } );
	// The newer builds ship the log of the machine that built them.
	fs.rmSync( path.join( core, 'wp-content', 'debug.log' ), { force: true } );

	const cli = fetchPackage( SQLITE_PACKAGE );
	run(
		'tar',
		[
			'-xzf',
			cli,
			'-C',
			staging,
			'package/sqlite-database-integration.zip',
		],
		{ what: 'tar (SQLite integration)' }
	);
	const pluginsDir = path.join( core, 'wp-content', 'plugins' );
	run(
		'unzip',
		[
			'-q',
			'-o',
			path.join( staging, 'package/sqlite-database-integration.zip' ),
			'-d',
			pluginsDir,
		],
		{ what: 'unzip (SQLite integration)' }
	);
	const unpacked = fs
		.readdirSync( pluginsDir )
		.find( ( d ) => d.includes( 'sqlite-database-integration' ) );
	const sqliteDir = path.join( pluginsDir, 'sqlite-database-integration' );
	if ( unpacked !== 'sqlite-database-integration' ) {
		fs.renameSync( path.join( pluginsDir, unpacked ), sqliteDir );
	}
	const dropIn = fs
		.readFileSync( path.join( sqliteDir, 'db.copy' ), 'utf8' )
		.replace(
			"'{SQLITE_IMPLEMENTATION_FOLDER_PATH}'",
			"__DIR__ . '/plugins/sqlite-database-integration'"
		)
		.replace(
			/\{SQLITE_PLUGIN\}/g,
			'sqlite-database-integration/load.php'
		);
	fs.writeFileSync( path.join( core, 'wp-content', 'db.php' ), dropIn );

	fs.rmSync( SITE_DIR, { recursive: true, force: true } );
	fs.renameSync( core, SITE_DIR );
	fs.rmSync( staging, { recursive: true, force: true } );
}
