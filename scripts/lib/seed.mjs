// The demo site's database: WordPress installed with the admin login of credentials.json and
// seeded with notices, once per database engine (DB), WordPress variant (WP_VERSION), seed size,
// seeder version and day (see seededToday()). The seed is kept pristine beside the dev site's
// copy so tests, e2e and the bench always start from the same content: SQLite files in the
// variant's site folder, or MariaDB databases named by mariadb.mjs.
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
import { clockNow } from './clock.mjs';
import {
	cloneDatabase,
	createDatabase,
	databaseExists,
	databaseName,
	dropDatabase,
	ensureMariaDb,
} from './mariadb.mjs';

const SEED_VERSION = 30;

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
 * Whether a seed reported as `{ day, timezone }` was made today, on the clock the site runs on
 * (FAKE_CLOCK moves it), reckoned in the zone the seeder dated the content in.
 *
 * The seeder dates notices relative to its day (deadlines from 90 days before to 90 after,
 * published dates, corrigenda), and the product reads them against the clock: open or closed,
 * "closes in 3 days", this month's calendar. A seed kept from an earlier day (or made before the
 * clock was moved) would show every test a site whose content has aged, different from what a
 * fresh clone gets. So a seed lives for one day only: another day, or a moved clock, seeds anew
 * (about 20 s for the tests' 360 notices; the bench's large seeds too, once a day). Tests still never assume the day: they compute what they expect from the
 * seeded post's stored dates and the clock, so a run that crosses midnight reads the same.
 */
function seededToday( report ) {
	if ( ! report || ! report.day || ! report.timezone ) {
		return false;
	}
	let today;
	try {
		// en-CA writes a date as Y-m-d.
		today = new Intl.DateTimeFormat( 'en-CA', {
			timeZone: report.timezone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		} ).format( clockNow() );
	} catch {
		// A zone Intl does not know (a bare UTC offset on an older Node): seed anew.
		return false;
	}
	return today === report.day;
}

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
		state.plugin === wanted.plugin &&
		seededToday( state.seeded )
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
	const report = path.join(
		WP_DIR,
		`seed-report-${ DB }${ VARIANT }-${ seedCount }.json`
	);
	fs.rmSync( report, { force: true } );
	run(
		'php',
		[
			'-d',
			'memory_limit=1G',
			path.join( ROOT, 'scripts', 'seed', 'seed.php' ),
			String( seedCount ),
		],
		{ env: { ...env, TP_SEED_REPORT: report }, what: 'demo seed' }
	);
	const seededOn = JSON.parse( fs.readFileSync( report, 'utf8' ) );
	fs.rmSync( report, { force: true } );
	if ( mariadb ) {
		cloneDatabase( database, pristineDatabase );
	} else {
		fs.copyFileSync(
			path.join( DB_DIR, dbFile ),
			path.join( DB_DIR, pristineFile )
		);
	}
	fs.writeFileSync(
		stateFile,
		JSON.stringify( { ...wanted, seeded: seededOn } )
	);
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
