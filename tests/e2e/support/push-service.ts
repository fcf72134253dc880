/**
 * A local push service for the push e2e tests, standing in for FCM or Mozilla's autopush, which
 * headless Chromium cannot reach: an HTTP server on loopback that takes what the site sends to a
 * subscription's endpoint, answers 201 as a push service does, and decrypts each message with
 * the subscriber's private key through http_ece, the reference implementation of RFC 8188 that
 * npm's web-push uses (the site's encryption is its own, php/Push/PayloadEncryption.php).
 */
import crypto from 'node:crypto';
import http from 'node:http';
// eslint-disable-next-line import/no-extraneous-dependencies -- a dev dependency for the tests.
import ece from 'http_ece';

export interface Subscriber {
	endpoint: string;
	/** The browser's keys, as PushSubscription.toJSON() gives them. */
	keys: { p256dh: string; auth: string };
}

export interface Delivery {
	path: string;
	headers: http.IncomingHttpHeaders;
	/** The decrypted message, or null when it did not decrypt. */
	message: unknown;
}

export interface PushService {
	url: string;
	subscriber: () => Subscriber;
	deliveries: () => Delivery[];
	stop: () => Promise< void >;
}

export function startPushService( port: number ): Promise< PushService > {
	const receivers = new Map< string, { ecdh: crypto.ECDH; auth: string } >();
	const deliveries: Delivery[] = [];
	const server = http.createServer( ( request, response ) => {
		const chunks: Buffer[] = [];
		request.on( 'data', ( chunk: Buffer ) => chunks.push( chunk ) );
		request.on( 'end', () => {
			const path = new URL( request.url ?? '/', 'http://push' ).pathname;
			const receiver = receivers.get( path );
			let message: unknown = null;
			if ( receiver && request.method === 'POST' ) {
				try {
					message = JSON.parse(
						ece
							.decrypt( Buffer.concat( chunks ), {
								version: 'aes128gcm',
								privateKey: receiver.ecdh,
								authSecret: receiver.auth,
							} )
							.toString( 'utf8' )
					);
				} catch {
					message = null;
				}
			}
			deliveries.push( { path, headers: request.headers, message } );
			response.writeHead( receiver ? 201 : 404 ).end();
		} );
	} );
	return new Promise( ( resolve ) => {
		server.listen( port, '127.0.0.1', () =>
			resolve( {
				url: `http://127.0.0.1:${ port }`,
				subscriber: () => {
					const ecdh = crypto.createECDH( 'prime256v1' );
					ecdh.generateKeys();
					const auth = crypto
						.randomBytes( 16 )
						.toString( 'base64url' );
					const path = `/push/${ crypto.randomUUID() }`;
					receivers.set( path, { ecdh, auth } );
					return {
						endpoint: `http://127.0.0.1:${ port }${ path }`,
						keys: {
							p256dh: ecdh.getPublicKey().toString( 'base64url' ),
							auth,
						},
					};
				},
				deliveries: () => [ ...deliveries ],
				stop: () =>
					new Promise< void >( ( done ) =>
						server.close( () => done() )
					),
			} )
		);
	} );
}
