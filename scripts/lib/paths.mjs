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
export const SITE_DIR = path.join( WP_DIR, 'site' );
export const CONTENT_DIR = path.join( SITE_DIR, 'wp-content' );
export const DB_DIR = path.join( CONTENT_DIR, 'database' );
export const MAIL_DIR = path.join( WP_DIR, 'mail' );
export const CREDENTIALS_FILE = path.join( WP_DIR, 'credentials.json' );
export const BUILD_DIR = path.join( ROOT, 'build' );

// The registry packages WordPress comes from (ARCHITECTURE §3: Packagist holds no core here).
export const WP_BUILDS_PACKAGE = '@wp-playground/wordpress-builds@0.9.19';
export const WP_BUILDS_VERSION = '6.5';
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
