// Where everything lives. Generated trees sit under the repository, git-ignored,
// so a fresh clone rebuilds them and `rm -rf .wp` starts over.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..',
	'..'
);
export const WP_DIR = path.join( ROOT, '.wp' );
export const CACHE_DIR = path.join( WP_DIR, 'cache' );

/**
 * The value of an environment variable that must be one of `allowed` (the first is the default
 * when it is unset or empty). Anything else stops the command with one line naming the choices,
 * before any work: a typo must never run the suites on a variant nobody asked for.
 */
function choice( name, allowed ) {
	const value = process.env[ name ] || allowed[ 0 ];
	if ( ! allowed.includes( value ) ) {
		process.stderr.write(
			`[tenderpress] ${ name } must be one of ${ allowed.join(
				', '
			) } (got "${ value }").\n`
		);
		process.exit( 1 );
	}
	return value;
}

// The cores of the registry package below: WP_VERSION names one, each unpacked into a site
// folder of its own (with its own databases), so switching variants never touches another's.
// `zip` is the build's name inside the package (package/src/wordpress/wp-<zip>.zip).
// The package's wp-versions.json says which release each build is (6.5.5, 6.6-RC3, 6.7-alpha).
const WP_VERSIONS = {
	6.5: { zip: '6.5', folder: 'site' },
	beta: { zip: 'beta', folder: 'site-beta' },
	nightly: { zip: 'nightly', folder: 'site-nightly' },
};
export const WP_VERSION = choice( 'WP_VERSION', Object.keys( WP_VERSIONS ) );
// DB picks the database engine: the SQLite drop-in, or MariaDB (scripts/lib/mariadb.mjs).
export const DB = choice( 'DB', [ 'sqlite', 'mariadb' ] );

// FAKE_CLOCK moves the clock of the site's PHP processes (and of Vitest under `npm test`) through
// Debian's libfaketime (scripts/lib/clock.mjs): "+45d" (a signed number of s, m, h or d from now)
// or "@2026-12-31 23:50:00" (a start time in the machine's time zone: each process's clock starts
// there and runs on). Unset means the real clock. Checked here, like DB: a typo must stop the
// run, never run the suites on today's date unnoticed.
export const FAKE_CLOCK = ( () => {
	const value = process.env.FAKE_CLOCK || '';
	if (
		value &&
		! /^[+-]\d+[smhd]$/.test( value ) &&
		! /^@\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test( value )
	) {
		process.stderr.write(
			`[tenderpress] FAKE_CLOCK must be an offset such as +45d, -3h, +90m or a start time such as "@2026-12-31 23:50:00" (got "${ value }").\n`
		);
		process.exit( 1 );
	}
	return value;
} )();

export const SITE_DIR = path.join( WP_DIR, WP_VERSIONS[ WP_VERSION ].folder );
export const CONTENT_DIR = path.join( SITE_DIR, 'wp-content' );
export const DB_DIR = path.join( CONTENT_DIR, 'database' );
export const MAIL_DIR = path.join( WP_DIR, 'mail' );
export const CREDENTIALS_FILE = path.join( WP_DIR, 'credentials.json' );
export const BUILD_DIR = path.join( ROOT, 'build' );

// The registry packages WordPress comes from (ARCHITECTURE §3: Packagist holds no core here).
export const WP_BUILDS_PACKAGE = '@wp-playground/wordpress-builds@0.9.19';
export const WP_BUILDS_VERSION = WP_VERSIONS[ WP_VERSION ].zip;
export const SQLITE_PACKAGE = '@wp-playground/cli@3.1.56';

export const MIN_PHP = '8.1.0';
// PHP extensions the site and the tests need, with the Debian package that provides each.
export const PHP_EXTENSIONS = {
	pdo_sqlite: 'sqlite3',
	mbstring: 'mbstring',
	xml: 'xml',
	dom: 'xml',
	zip: 'zip',
	curl: 'curl',
	intl: 'intl',
	// WordPress's Site Health (a weekly cron job) calls mysqli functions even on SQLite.
	mysqli: 'mysql',
};
