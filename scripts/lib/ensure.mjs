// The "ensure" step shared by `npm start`, `npm test` and `npm run bench`: it installs whatever is
// missing (OS PHP extensions when allowed, npm and Composer dependencies, WordPress core, the SQLite
// drop-in, the islands build) and makes a seeded site. Each step is skipped when already done.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
	ROOT,
	WP_DIR,
	CACHE_DIR,
	SITE_DIR,
	CONTENT_DIR,
	DB_DIR,
	MAIL_DIR,
	CREDENTIALS_FILE,
	BUILD_DIR,
	WP_BUILDS_PACKAGE,
	WP_BUILDS_VERSION,
	SQLITE_PACKAGE,
	MIN_PHP,
	PHP_EXTENSIONS,
} from './paths.mjs';
import { run, fail, log, isRoot, hasCommand } from './run.mjs';

const SEED_VERSION = 3;

function mtime( file ) {
	try {
		return fs.statSync( file ).mtimeMs;
	} catch {
		return 0;
	}
}

function newestIn( dir ) {
	let newest = 0;
	if ( ! fs.existsSync( dir ) ) {
		return 0;
	}
	for ( const entry of fs.readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		newest = Math.max(
			newest,
			entry.isDirectory() ? newestIn( full ) : mtime( full )
		);
	}
	return newest;
}

function compareVersions( a, b ) {
	const pa = a.split( '.' ).map( Number );
	const pb = b.split( '.' ).map( Number );
	for ( let i = 0; i < 3; i++ ) {
		if ( ( pa[ i ] || 0 ) !== ( pb[ i ] || 0 ) ) {
			return ( pa[ i ] || 0 ) - ( pb[ i ] || 0 );
		}
	}
	return 0;
}

/** Installs a missing OS command from Debian's package (as root), or says which command to run. */
export function ensureOsCommand( command, debianPackage, purpose ) {
	if ( ! hasCommand( command ) ) {
		aptInstall(
			[ debianPackage ],
			`${ command } is missing (${ purpose })`
		);
	}
}

function aptInstall( packages, why ) {
	const command = `apt-get install -y ${ packages.join( ' ' ) }`;
	if ( ! isRoot() || ! hasCommand( 'apt-get' ) ) {
		fail( `${ why }. Install it with: sudo ${ command }` );
	}
	log( `${ why }: installing ${ packages.join( ', ' ) } with apt-get` );
	run( 'apt-get', [ 'update', '-q' ], {
		quiet: true,
		what: 'apt-get update',
	} );
	run( 'apt-get', [ 'install', '-y', '-q', ...packages ], {
		quiet: true,
		what: command,
		env: { DEBIAN_FRONTEND: 'noninteractive' },
	} );
}

export function ensurePhp( { mariadb = false } = {} ) {
	if ( ! hasCommand( 'php' ) ) {
		aptInstall( [ 'php-cli' ], 'PHP is not installed' );
	}
	const probe = spawnSync(
		'php',
		[
			'-r',
			'echo PHP_VERSION, "\\n", PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, "\\n", implode(",", array_map("strtolower", get_loaded_extensions()));',
		],
		{ encoding: 'utf8' }
	);
	const [ version, series, extensionList = '' ] = probe.stdout
		.trim()
		.split( '\n' );
	if ( compareVersions( version, MIN_PHP ) < 0 ) {
		fail(
			`PHP ${ version } is too old: TenderPress needs PHP ${ MIN_PHP } or newer (php -v).`
		);
	}
	const loaded = new Set( extensionList.split( ',' ) );
	const wanted = {
		...PHP_EXTENSIONS,
		...( mariadb ? { mysqli: 'mysql' } : {} ),
	};
	const missing = [
		...new Set(
			Object.entries( wanted )
				.filter( ( [ ext ] ) => ! loaded.has( ext ) )
				.map( ( [ , pkg ] ) => `php${ series }-${ pkg }` )
		),
	];
	if ( missing.length ) {
		aptInstall(
			missing,
			`PHP extensions missing (${ missing.join( ', ' ) })`
		);
	}
}

export function ensureNodeModules() {
	const marker = path.join( ROOT, 'node_modules', '.package-lock.json' );
	if (
		mtime( marker ) >=
			Math.max(
				mtime( path.join( ROOT, 'package.json' ) ),
				mtime( path.join( ROOT, 'package-lock.json' ) )
			) &&
		fs.existsSync( marker )
	) {
		return;
	}
	log( 'installing npm dependencies' );
	// npm install, not npm ci: npm 11 leaves some platform-specific optional packages out of the
	// lock file, which npm ci then reports as "out of sync"; install still honours the lock.
	run( 'npm', [ 'install', '--no-audit', '--no-fund' ], {
		what: 'npm install',
	} );
	// "up to date" leaves the marker as it was: touch it so the next run skips this step.
	fs.utimesSync( marker, new Date(), new Date() );
}

export function ensureComposer() {
	const installed = path.join( ROOT, 'vendor', 'composer', 'installed.json' );
	if (
		fs.existsSync( path.join( ROOT, 'vendor', 'autoload.php' ) ) &&
		mtime( installed ) >= mtime( path.join( ROOT, 'composer.json' ) )
	) {
		return;
	}
	if ( ! hasCommand( 'composer' ) ) {
		aptInstall( [ 'composer' ], 'Composer is not installed' );
	}
	log( 'installing Composer dependencies' );
	run( 'composer', [ 'install', '--no-interaction', '--no-progress' ], {
		what: 'composer install',
	} );
	fs.utimesSync( installed, new Date(), new Date() );
}

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

export function ensureWordPress() {
	if (
		fs.existsSync( path.join( SITE_DIR, 'wp-includes', 'version.php' ) ) &&
		fs.existsSync( path.join( CONTENT_DIR, 'db.php' ) )
	) {
		return;
	}
	const builds = fetchPackage( WP_BUILDS_PACKAGE );
	const staging = path.join( WP_DIR, 'staging' );
	fs.rmSync( staging, { recursive: true, force: true } );
	fs.mkdirSync( staging, { recursive: true } );
	log( `unpacking WordPress ${ WP_BUILDS_VERSION }` );
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

function writeIfChanged( file, content ) {
	if (
		fs.existsSync( file ) &&
		fs.readFileSync( file, 'utf8' ) === content
	) {
		return;
	}
	fs.mkdirSync( path.dirname( file ), { recursive: true } );
	fs.writeFileSync( file, content );
}

function symlink( target, link ) {
	try {
		if ( fs.readlinkSync( link ) === target ) {
			return;
		}
		fs.rmSync( link, { force: true } );
	} catch {
		fs.rmSync( link, { recursive: true, force: true } );
	}
	fs.mkdirSync( path.dirname( link ), { recursive: true } );
	fs.symlinkSync( target, link );
}

/** Site config and links: the plugin and theme are the repository's own folders, symlinked in. */
export function ensureSiteFiles() {
	const salts = path.join( WP_DIR, 'salts.php' );
	if ( ! fs.existsSync( salts ) ) {
		const keys = [
			'AUTH_KEY',
			'SECURE_AUTH_KEY',
			'LOGGED_IN_KEY',
			'NONCE_KEY',
			'AUTH_SALT',
			'SECURE_AUTH_SALT',
			'LOGGED_IN_SALT',
			'NONCE_SALT',
		];
		fs.writeFileSync(
			salts,
			'<?php\n' +
				keys
					.map(
						( k ) =>
							`define( '${ k }', '${ crypto
								.randomBytes( 32 )
								.toString( 'hex' ) }' );`
					)
					.join( '\n' ) +
				'\n'
		);
	}
	writeIfChanged(
		path.join( SITE_DIR, 'wp-config.php' ),
		fs.readFileSync(
			path.join( ROOT, 'scripts', 'wp', 'wp-config.php' ),
			'utf8'
		)
	);
	writeIfChanged(
		path.join( CONTENT_DIR, 'mu-plugins', 'tenderpress-dev-site.php' ),
		fs.readFileSync(
			path.join( ROOT, 'scripts', 'wp', 'dev-site-mu-plugin.php' ),
			'utf8'
		)
	);
	symlink(
		path.join( ROOT, 'plugin' ),
		path.join( CONTENT_DIR, 'plugins', 'tenderpress' )
	);
	symlink(
		path.join( ROOT, 'theme' ),
		path.join( CONTENT_DIR, 'themes', 'tenderpress' )
	);
	// The plugin finds build/ and vendor/ beside its main file, as in the installable zip.
	symlink( '../build', path.join( ROOT, 'plugin', 'build' ) );
	symlink( '../vendor', path.join( ROOT, 'plugin', 'vendor' ) );
	fs.mkdirSync( DB_DIR, { recursive: true } );
	fs.mkdirSync( MAIL_DIR, { recursive: true } );
}

export function ensureBuild( { force = false } = {} ) {
	const manifest = path.join( BUILD_DIR, '.vite', 'manifest.json' );
	const sources = Math.max(
		newestIn( path.join( ROOT, 'islands' ) ),
		mtime( path.join( ROOT, 'vite.config.ts' ) ),
		mtime( path.join( ROOT, 'package-lock.json' ) )
	);
	if ( ! force && mtime( manifest ) > sources ) {
		return;
	}
	log( 'building the islands' );
	run(
		path.join( ROOT, 'node_modules', '.bin', 'vite' ),
		[ 'build', '--logLevel', 'warn' ],
		{ what: 'vite build' }
	);
}

export function credentials() {
	if ( ! fs.existsSync( CREDENTIALS_FILE ) ) {
		fs.writeFileSync(
			CREDENTIALS_FILE,
			JSON.stringify(
				{
					user: 'admin',
					password: crypto.randomBytes( 9 ).toString( 'base64url' ),
				},
				null,
				2
			)
		);
	}
	return JSON.parse( fs.readFileSync( CREDENTIALS_FILE, 'utf8' ) );
}

/**
 * Environment shared by every PHP process that loads the site (server, install, PHPUnit).
 */
export function siteEnv( { dbFile, url, db = 'sqlite', mariadb } = {} ) {
	const env = {
		TP_SITE_URL: url || 'http://127.0.0.1:8888',
		TP_DB: db,
		TP_MAIL_DIR: MAIL_DIR,
	};
	if ( dbFile ) {
		env.TP_DB_FILE = dbFile;
	}
	if ( mariadb ) {
		Object.assign( env, mariadb );
	}
	return env;
}

export function dbFileFor( seedCount ) {
	return `demo-${ seedCount }.sqlite`;
}

function sleepSync( ms ) {
	Atomics.wait( new Int32Array( new SharedArrayBuffer( 4 ) ), 0, 0, ms );
}

/**
 * Runs fn while holding a lock directory under .wp/, so two commands started together (npm start
 * and a test run, say) never rebuild the same database at once. A lock older than ten minutes
 * is taken to be left by a killed process.
 */
function withLock( name, fn ) {
	const lock = path.join( WP_DIR, `${ name }.lock` );
	const staleAfter = 10 * 60 * 1000;
	for (;;) {
		try {
			fs.mkdirSync( lock );
			break;
		} catch ( error ) {
			if ( error.code !== 'EEXIST' ) {
				throw error;
			}
			if ( Date.now() - mtime( lock ) > staleAfter ) {
				fs.rmSync( lock, { recursive: true, force: true } );
			} else {
				sleepSync( 250 );
			}
		}
	}
	try {
		return fn();
	} finally {
		fs.rmSync( lock, { recursive: true, force: true } );
	}
}

/**
 * Makes sure a seeded database exists for this seed size and version; a database from an older
 * seeder is rebuilt from scratch so every run starts from the same content.
 */
function ensureSeededSiteUnlocked( {
	seedCount = 360,
	db = 'sqlite',
	mariadb,
} = {} ) {
	const stateFile = path.join(
		WP_DIR,
		`seed-state-${ db }-${ seedCount }.json`
	);
	const dbFile = db === 'sqlite' ? dbFileFor( seedCount ) : undefined;
	// The seed as it left the seeder: tests, e2e and the bench copy it, so what the dev site did
	// since (cached pages, edits) never leaks into a run.
	const pristineFile =
		dbFile && dbFile.replace( /\.sqlite$/, '.pristine.sqlite' );
	const wanted = {
		version: SEED_VERSION,
		seedCount,
		plugin: newestIn( path.join( ROOT, 'scripts', 'seed' ) ),
	};
	const state = fs.existsSync( stateFile )
		? JSON.parse( fs.readFileSync( stateFile, 'utf8' ) )
		: null;
	const dbPresent =
		db !== 'sqlite' ||
		( fs.existsSync( path.join( DB_DIR, dbFile ) ) &&
			fs.existsSync( path.join( DB_DIR, pristineFile ) ) );
	if (
		state &&
		dbPresent &&
		state.version === wanted.version &&
		state.seedCount === seedCount &&
		state.plugin === wanted.plugin
	) {
		return { dbFile, pristineFile };
	}
	const env = siteEnv( { dbFile, db, mariadb } );
	if ( dbFile ) {
		fs.rmSync( path.join( DB_DIR, dbFile ), { force: true } );
	}
	const { user, password } = credentials();
	log( `installing WordPress and seeding ${ seedCount } notices` );
	run(
		'php',
		[ path.join( ROOT, 'scripts', 'wp', 'install.php' ), user, password ],
		{ env, what: 'WordPress install' }
	);
	run(
		'php',
		[
			'-d',
			'memory_limit=1G',
			path.join( ROOT, 'scripts', 'seed', 'seed.php' ),
			String( seedCount ),
		],
		{ env, what: 'demo seed' }
	);
	if ( dbFile ) {
		fs.copyFileSync(
			path.join( DB_DIR, dbFile ),
			path.join( DB_DIR, pristineFile )
		);
	}
	fs.writeFileSync( stateFile, JSON.stringify( wanted ) );
	return { dbFile, pristineFile };
}

/**
 * Makes sure a seeded database exists for this seed size and version (one at a time, see withLock).
 */
export function ensureSeededSite( options = {} ) {
	fs.mkdirSync( WP_DIR, { recursive: true } );
	return withLock(
		`seed-${ options.db || 'sqlite' }-${ options.seedCount || 360 }`,
		() => ensureSeededSiteUnlocked( options )
	);
}

export function ensureAll( {
	seedCount,
	build = true,
	forceBuild = false,
	db = 'sqlite',
	mariadb,
} = {} ) {
	ensurePhp( { mariadb: db === 'mariadb' } );
	ensureNodeModules();
	ensureComposer();
	ensureWordPress();
	ensureSiteFiles();
	if ( build ) {
		ensureBuild( { force: forceBuild } );
	}
	return ensureSeededSite( { seedCount, db, mariadb } );
}
