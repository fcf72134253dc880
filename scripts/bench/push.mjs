// Part 5 of the bench, "Push notifications": one new notice handed to 1,000 and then 10,000
// subscriptions on a local push service, end to end through the queue (push-send.php runs
// WP-Cron's handler until the job is done). The service answers 201 as push services do, and
// decrypts one message in 100 with http_ece, the reference implementation, to prove what it
// got. Run alone: `node scripts/bench/push.mjs` prints the JSON `npm run bench` reports.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ece from 'http_ece';
import { ROOT, WP_DIR } from '../lib/paths.mjs';
import { copySeed, ensureSeededSite, removeSeedCopy } from '../lib/seed.mjs';
import { siteEnv } from '../lib/site-env.mjs';

// The local push service's port: BENCH_PUSH_PORT, else the one after BENCH_PORT (8897), so two
// benches given different BENCH_PORTs never share it.
const PORT = Number(
	process.env.BENCH_PUSH_PORT || Number( process.env.BENCH_PORT || 8897 ) + 1
);

/** The local push service: counts messages, decrypts a sample. */
function startService( receivers ) {
	const stats = { received: 0, checked: 0, decrypted: 0, title: '' };
	const server = http.createServer( ( request, response ) => {
		const chunks = [];
		request.on( 'data', ( chunk ) => chunks.push( chunk ) );
		request.on( 'end', () => {
			stats.received++;
			const receiver = receivers.get( request.url );
			if ( receiver && stats.received % 100 === 1 ) {
				stats.checked++;
				try {
					const message = JSON.parse(
						ece
							.decrypt( Buffer.concat( chunks ), {
								version: 'aes128gcm',
								privateKey: receiver.ecdh,
								authSecret: receiver.auth,
							} )
							.toString( 'utf8' )
					);
					stats.decrypted++;
					stats.title = message.title;
				} catch {}
			}
			response.writeHead( receiver ? 201 : 404 ).end();
		} );
	} );
	return new Promise( ( resolve ) =>
		server.listen( PORT, '127.0.0.1', () =>
			resolve( { stats, stop: () => server.close() } )
		)
	);
}

/** Sends one notice to `count` subscriptions; resolves with push-send.php's figures. */
async function measure( count ) {
	const receivers = new Map();
	const lines = [];
	for ( let i = 0; i < count; i++ ) {
		const ecdh = crypto.createECDH( 'prime256v1' );
		ecdh.generateKeys();
		const auth = crypto.randomBytes( 16 ).toString( 'base64url' );
		const pathname = `/push/${ i }-${ crypto.randomUUID() }`;
		receivers.set( pathname, { ecdh, auth } );
		lines.push(
			JSON.stringify( {
				endpoint: `http://127.0.0.1:${ PORT }${ pathname }`,
				p256dh: ecdh.getPublicKey().toString( 'base64url' ),
				auth,
			} )
		);
	}
	const file = path.join( WP_DIR, 'reports', `bench-push-${ count }.jsonl` );
	fs.mkdirSync( path.dirname( file ), { recursive: true } );
	fs.writeFileSync( file, lines.join( '\n' ) );
	const service = await startService( receivers );
	const copy = copySeed( ensureSeededSite(), `bench-push-${ count }` );
	try {
		const out = await new Promise( ( resolve, reject ) => {
			const child = spawn(
				'php',
				[
					'-d',
					'memory_limit=1G',
					path.join( ROOT, 'scripts', 'bench', 'push-send.php' ),
				],
				{
					env: {
						...process.env,
						...siteEnv( copy ),
						TP_BENCH_SUBSCRIPTIONS: file,
					},
				}
			);
			let stdout = '';
			let stderr = '';
			child.stdout.on( 'data', ( chunk ) => ( stdout += chunk ) );
			child.stderr.on( 'data', ( chunk ) => ( stderr += chunk ) );
			child.on( 'exit', ( code ) =>
				code === 0
					? resolve( stdout )
					: reject(
							new Error( `push-send.php: ${ stderr }${ stdout }` )
					  )
			);
		} );
		return { ...JSON.parse( out ), service: { ...service.stats } };
	} finally {
		service.stop();
		removeSeedCopy( copy );
		fs.rmSync( file, { force: true } );
	}
}

export async function measurePush( counts = [ 1000, 10000 ] ) {
	const results = [];
	for ( const count of counts ) {
		results.push( await measure( count ) );
	}
	return results;
}

if ( process.argv[ 1 ] === fileURLToPath( import.meta.url ) ) {
	console.log( JSON.stringify( await measurePush(), null, '\t' ) );
}
