// The environment every PHP process that loads the site reads (the server, the install and seed
// scripts, PHPUnit): scripts/wp/wp-config.php takes the URL and the database from it, and the
// PHP scripts outside the site find its wp-load.php through TP_SITE_DIR (the WordPress variant).
// The database is named by the caller: an SQLite file (dbFile) or a MariaDB database (database).
// Under FAKE_CLOCK each of them runs on the moved clock (scripts/lib/clock.mjs), so the seed, the
// tests and the servers agree on the day.
import { MAIL_DIR, SITE_DIR } from './paths.mjs';
import { connectionEnv } from './mariadb.mjs';
import { clockEnv } from './clock.mjs';

export function siteEnv( { dbFile, database, url } = {} ) {
	const env = {
		TP_SITE_URL: url || 'http://127.0.0.1:8888',
		TP_SITE_DIR: SITE_DIR,
		TP_MAIL_DIR: MAIL_DIR,
		...clockEnv(),
	};
	if ( database ) {
		Object.assign( env, connectionEnv(), {
			TP_DB: 'mariadb',
			DB_NAME: database,
		} );
	} else {
		env.TP_DB = 'sqlite';
		if ( dbFile ) {
			env.TP_DB_FILE = dbFile;
		}
	}
	return env;
}
