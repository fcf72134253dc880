// Part 4 of the bench, "How cost grows": scripts/bench/queries.php run against a copy of the
// seeded database at each size, on the engine DB selects (scripts/lib/paths.mjs).
//
// DB is read once, when paths.mjs is loaded, so `npm run bench` (SQLite) measures MariaDB in a
// process of its own: `DB=mariadb node scripts/bench/scaling.mjs OUT.json SIZE...` seeds (or
// reuses) the MariaDB database of each size with the project's seeder (lib/seed.mjs, cached by
// its seed state files as the SQLite seeds are), runs queries.php on a copy of it and writes
// { database, server, seeding, scaling } to OUT.json, or { error } when it could not.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DB, ROOT, WP_DIR } from '../lib/paths.mjs';
import { copySeed, ensureSeededSite, removeSeedCopy } from '../lib/seed.mjs';
import { siteEnv } from '../lib/site-env.mjs';
import { sql } from '../lib/mariadb.mjs';
import { log } from '../lib/run.mjs';

/** queries.php against the site `env` names (siteEnv()); its JSON, parsed. */
export function measureQueries( env, size ) {
	const out = spawnSync(
		'php',
		[
			'-d',
			'memory_limit=1G',
			path.join( ROOT, 'scripts', 'bench', 'queries.php' ),
		],
		{
			env: { ...process.env, ...env },
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		}
	);
	if ( out.status !== 0 ) {
		throw new Error(
			`queries.php failed for ${ size } notices: ${ out.stderr }${ out.stdout }`
		);
	}
	return JSON.parse( out.stdout );
}

/**
 * Part 4 on MariaDB, in a child process with DB=mariadb (see the top of this file). Never
 * throws: when MariaDB cannot be started or a step fails, the result says why in `error`, and
 * the report prints it.
 */
export function measureMariaDbScaling( sizes ) {
	const outFile = path.join(
		WP_DIR,
		'reports',
		'bench-scaling-mariadb.json'
	);
	fs.mkdirSync( path.dirname( outFile ), { recursive: true } );
	fs.rmSync( outFile, { force: true } );
	const { status, signal, error } = spawnSync(
		process.execPath,
		[ fileURLToPath( import.meta.url ), outFile, ...sizes.map( String ) ],
		{ env: { ...process.env, DB: 'mariadb' }, stdio: 'inherit' }
	);
	return fs.existsSync( outFile )
		? JSON.parse( fs.readFileSync( outFile, 'utf8' ) )
		: {
				database: 'mariadb',
				error: `the MariaDB run ended (${
					error?.message ?? `exit ${ status ?? signal }`
				}) without writing its results`,
		  };
}

/** The seed state file lib/seed.mjs writes for this size (the default WordPress variant). */
const stateFile = ( size ) =>
	path.join( WP_DIR, `seed-state-${ DB }-${ size }.json` );
const mtimeOf = ( file ) =>
	fs.existsSync( file ) ? fs.statSync( file ).mtimeMs : 0;

function main( outFile, sizes ) {
	const result = { database: DB, seeding: [], scaling: [] };
	try {
		for ( const size of sizes ) {
			const before = mtimeOf( stateFile( size ) );
			let started = Date.now();
			// Starts the private server when needed (or fails saying why), then seeds when the
			// cached seed is missing or out of date.
			const seeded = ensureSeededSite( { seedCount: size } );
			const seedSeconds = ( Date.now() - started ) / 1000;
			result.server ??=
				DB === 'mariadb'
					? sql(
							'SELECT VERSION()',
							'read the server version'
					  ).trim()
					: 'SQLite';
			started = Date.now();
			const copy = copySeed( seeded, 'bench-scale' );
			const copySeconds = ( Date.now() - started ) / 1000;
			result.seeding.push( {
				notices: size,
				seeded: mtimeOf( stateFile( size ) ) !== before,
				seconds: Math.round( seedSeconds * 10 ) / 10,
				copySeconds: Math.round( copySeconds * 10 ) / 10,
			} );
			log(
				`part 4 (${ DB }): ${ size } notices, ${
					mtimeOf( stateFile( size ) ) !== before
						? `seeded in ${ seedSeconds.toFixed( 1 ) } s`
						: 'seed reused'
				}, copied in ${ copySeconds.toFixed( 1 ) } s`
			);
			try {
				result.scaling.push( measureQueries( siteEnv( copy ), size ) );
			} finally {
				removeSeedCopy( copy );
			}
		}
	} catch ( error ) {
		result.error = String( error?.message || error );
	}
	fs.writeFileSync( outFile, JSON.stringify( result, null, 2 ) );
	return result.error ? 1 : 0;
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	const [ outFile, ...sizes ] = process.argv.slice( 2 );
	process.exitCode = main( outFile, sizes.map( Number ) );
}
