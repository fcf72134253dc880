/**
 * A site server of a test's own (scripts/serve-site.mjs): a fresh copy of the seeded database
 * named `database` (an SQLite file or a MariaDB database, as the run's DB says) on its own port, optionally with PHP's clock moved ("+1d"), for tests that must restart the
 * server or change its time without disturbing the shared e2e server.
 */
import { spawn } from 'node:child_process';

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
