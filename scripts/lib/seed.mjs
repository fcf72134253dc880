// The demo site's database: WordPress installed with the admin login of credentials.json and
// seeded with notices, once per seed size and seeder version. The seed is kept pristine beside
// the dev site's copy so tests, e2e and the bench always start from the same content.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ROOT, WP_DIR, DB_DIR, CREDENTIALS_FILE } from './paths.mjs';
import { run, log } from './run.mjs';
import { newestIn } from './file-times.mjs';
import { withLock } from './lock.mjs';
import { siteEnv } from './site-env.mjs';

const SEED_VERSION = 4;

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
	return withLock(
		`seed-${ options.db || 'sqlite' }-${ options.seedCount || 360 }`,
		() => ensureSeededSiteUnlocked( options )
	);
}
