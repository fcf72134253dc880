// The demo site's database: WordPress installed with the admin login of credentials.json and
// seeded with notices, once per database engine (DB), WordPress variant (WP_VERSION), seed size
// and seeder version. The seed is kept pristine beside the dev site's copy so tests, e2e and the
// bench always start from the same content: SQLite files in the variant's site folder, or MariaDB
// databases named by mariadb.mjs.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {
	ROOT,
	WP_DIR,
	DB_DIR,
	CREDENTIALS_FILE,
	DB,
	WP_VERSION,
} from './paths.mjs';
import { run, log } from './run.mjs';
import { newestIn } from './file-times.mjs';
import { withLock } from './lock.mjs';
import { siteEnv } from './site-env.mjs';
import {
	cloneDatabase,
	createDatabase,
	databaseExists,
	databaseName,
	dropDatabase,
	ensureMariaDb,
} from './mariadb.mjs';

const SEED_VERSION = 29;

/** The admin login the site is installed with: made once, kept in .wp/credentials.json. */
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

function dbFileFor( seedCount ) {
	return `demo-${ seedCount }.sqlite`;
}

// In the names of the seed's state file and lock; the default variant keeps the names it had
// before there were others.
const VARIANT = WP_VERSION === '6.5' ? '' : `-${ WP_VERSION }`;

/**
 * Makes sure a seeded database exists for this seed size and version; a database from an older
 * seeder is rebuilt from scratch so every run starts from the same content.
 */
function ensureSeededSiteUnlocked( { seedCount = 360 } = {} ) {
	const stateFile = path.join(
		WP_DIR,
		`seed-state-${ DB }${ VARIANT }-${ seedCount }.json`
	);
	const mariadb = DB === 'mariadb';
	const dbFile = mariadb ? undefined : dbFileFor( seedCount );
	// The seed as it left the seeder: tests, e2e and the bench copy it, so what the dev site did
	// since (cached pages, edits) never leaks into a run.
	const pristineFile =
		dbFile && dbFile.replace( /\.sqlite$/, '.pristine.sqlite' );
	const database = mariadb ? databaseName( '', seedCount ) : undefined;
	const pristineDatabase = mariadb
		? databaseName( 'pristine', seedCount )
		: undefined;
	const seeded = { dbFile, pristineFile, database, pristineDatabase };
	const wanted = {
		version: SEED_VERSION,
		seedCount,
		plugin: newestIn( path.join( ROOT, 'scripts', 'seed' ) ),
	};
	const state = fs.existsSync( stateFile )
		? JSON.parse( fs.readFileSync( stateFile, 'utf8' ) )
		: null;
	const dbPresent = mariadb
		? databaseExists( database ) && databaseExists( pristineDatabase )
		: fs.existsSync( path.join( DB_DIR, dbFile ) ) &&
		  fs.existsSync( path.join( DB_DIR, pristineFile ) );
	if (
		state &&
		dbPresent &&
		state.version === wanted.version &&
		state.seedCount === seedCount &&
		state.plugin === wanted.plugin
	) {
		return seeded;
	}
	const env = siteEnv( { dbFile, database } );
	if ( mariadb ) {
		createDatabase( database );
	} else {
		fs.rmSync( path.join( DB_DIR, dbFile ), { force: true } );
	}
	const { user, password } = credentials();
	log(
		`installing WordPress (${ WP_VERSION }, ${ DB }) and seeding ${ seedCount } notices`
	);
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
	if ( mariadb ) {
		cloneDatabase( database, pristineDatabase );
	} else {
		fs.copyFileSync(
			path.join( DB_DIR, dbFile ),
			path.join( DB_DIR, pristineFile )
		);
	}
	fs.writeFileSync( stateFile, JSON.stringify( wanted ) );
	return seeded;
}

/**
 * Makes sure a seeded database exists for this seed size and version (one at a time, see
 * withLock). Returns the names of the dev site's database and of the pristine seed: dbFile and
 * pristineFile on SQLite, database and pristineDatabase on MariaDB.
 */
export function ensureSeededSite( options = {} ) {
	if ( DB === 'mariadb' ) {
		ensureMariaDb();
	}
	return withLock(
		`seed-${ DB }${ VARIANT }-${ options.seedCount || 360 }`,
		() => ensureSeededSiteUnlocked( options )
	);
}

/**
 * A fresh copy of the pristine seed under `name` (letters, digits, "-", "_"), replacing any
 * earlier copy of that name: an SQLite file or a MariaDB database, whichever DB selects.
 * Returns what siteEnv() takes to use it, and removeSeedCopy() to delete it.
 */
export function copySeed( seeded, name ) {
	if ( DB === 'mariadb' ) {
		const database = databaseName( name );
		cloneDatabase( seeded.pristineDatabase, database );
		return { database };
	}
	const dbFile = `${ name }.sqlite`;
	fs.copyFileSync(
		path.join( DB_DIR, seeded.pristineFile ),
		path.join( DB_DIR, dbFile )
	);
	return { dbFile };
}

/** Deletes a copy made by copySeed(), with SQLite's side files (-wal, -shm, -journal). */
export function removeSeedCopy( { dbFile, database } ) {
	if ( database ) {
		dropDatabase( database );
		return;
	}
	for ( const file of fs.readdirSync( DB_DIR ) ) {
		if ( file.startsWith( dbFile ) ) {
			fs.rmSync( path.join( DB_DIR, file ), { force: true } );
		}
	}
}
