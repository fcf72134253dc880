// The environment every PHP process that loads the site reads (the server, the install and seed
// scripts, PHPUnit): scripts/wp/wp-config.php takes the URL and the database from it.
import { MAIL_DIR } from './paths.mjs';

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
