/**
 * A site server of a test's own (scripts/serve-site.mjs): a fresh copy of the seeded database
 * named `database` (an SQLite file or a MariaDB database, as the run's DB says) on its own port, optionally with PHP's clock moved ("+1d"), for tests that must restart the
 * server or change its time without disturbing the shared e2e server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';

export interface OwnServer {
	url: string;
	stop: () => Promise< void >;
}

export function startOwnServer(
	port: number,
	database: string,
	clock = '',
	/** Extra environment: TP_PUSH_PROMPT=on shows the push prompt (off on test servers). */
	env: Record< string, string > = {}
): Promise< OwnServer > {
	return new Promise( ( resolve, reject ) => {
		const child = spawn(
			'node',
			[ 'scripts/serve-site.mjs', String( port ), database, clock ],
			{
				stdio: [ 'ignore', 'pipe', 'inherit' ],
				env: { ...process.env, ...env },
			}
		);
		const stopped = new Promise< void >( ( done ) =>
			child.on( 'exit', () => done() )
		);
		child.on( 'exit', ( code ) =>
			reject( new Error( `serve-site.mjs exited with ${ code }` ) )
		);
		child.stdout.on( 'data', ( chunk: Buffer ) => {
			const ready = /^ready (\S+)$/m.exec( chunk.toString() );
			if ( ready ) {
				resolve( {
					url: ready[ 1 ]!,
					stop: () => {
						child.kill( 'SIGTERM' );
						return stopped;
					},
				} );
			}
		} );
	} );
}

/**
 * Sets the site language of the server's database copy named `database`, through WordPress's
 * own database layer. WordPress refuses a site language it has no files for (sanitize_option),
 * and its language packs are not to be had offline; the plugin's own files and its locale rules
 * (digit grouping) are what is tested. The copy's name is the one scripts/lib/seed.mjs
 * copySeed() gives.
 *
 * @param database The name startOwnServer() was given.
 * @param locale   A WordPress locale such as hi_IN or en_IN.
 */
export function setSiteLanguage( database: string, locale: string ) {
	const script = `
		import { execFileSync } from 'node:child_process';
		import { DB, SITE_DIR } from './scripts/lib/paths.mjs';
		import { siteEnv } from './scripts/lib/site-env.mjs';
		const mariadb = DB === 'mariadb';
		const copy = mariadb
			? { database: ( await import( './scripts/lib/mariadb.mjs' ) ).databaseName( ${ JSON.stringify(
				database
			) } ) }
			: { dbFile: ${ JSON.stringify( `${ database }.sqlite` ) } };
		const php = [
			'require getenv( "TP_SITE" ) . "/wp-load.php";',
			'global $wpdb;',
			'if ( false === get_option( "WPLANG" ) ) { add_option( "WPLANG", "" ); }',
			'$wpdb->update( $wpdb->options, array( "option_value" => getenv( "TP_LOCALE" ) ), array( "option_name" => "WPLANG" ) );',
			'echo $wpdb->get_var( "SELECT option_value FROM {$wpdb->options} WHERE option_name = \\'WPLANG\\'" );',
		].join( ' ' );
		process.stdout.write( execFileSync( 'php', [ '-r', php ], {
			env: { ...process.env, ...siteEnv( copy ), TP_SITE: SITE_DIR, TP_LOCALE: ${ JSON.stringify(
				locale
			) } },
			encoding: 'utf8',
		} ) );
	`;
	const result = spawnSync(
		'node',
		[ '--input-type=module', '--eval', script ],
		{ encoding: 'utf8' }
	);
	expect( result.stderr ).toBe( '' );
	expect( result.stdout ).toBe( locale );
}
