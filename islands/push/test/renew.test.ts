/**
 * The service worker's answer to `pushsubscriptionchange` (renew.ts): the site is sent the new
 * subscription with the old one named by its endpoint and auth secret (the route moves the topics
 * over: PushSubscriptionRoutesTest), one is made with the old one's key when the browser gave
 * none, and nothing is sent when there is nothing to send.
 */
import { describe, expect, it, vi } from 'vitest';
import { renewSubscription, type SubscriptionLike } from '../renew';

const ROUTE =
	'https://tenders.example/wp-json/tenderpress/v1/push/subscriptions';

const subscription = (
	endpoint: string,
	auth: string,
	key: ArrayBuffer | null = null
): SubscriptionLike => ( {
	endpoint,
	options: { applicationServerKey: key },
	toJSON: () => ( {
		endpoint,
		keys: { p256dh: `p256dh-of-${ auth }`, auth },
	} ),
} );

const OLD = () => subscription( 'https://push.example/old', 'old-auth' );
const NEW = () => subscription( 'https://push.example/new', 'new-auth' );

function recorder( ok = true ) {
	const sent: Array< { url: string; body: unknown } > = [];
	const send = vi.fn(
		async ( url: RequestInfo | URL, init?: RequestInit ) => {
			sent.push( {
				url: String( url ),
				body: JSON.parse( String( init?.body ) ),
			} );
			return new Response( '{}', { status: ok ? 201 : 503 } );
		}
	);
	return { sent, send: send as unknown as typeof fetch };
}

describe( 'renewing a subscription the browser replaced', () => {
	it( 'sends the new one, naming the old one by its endpoint and auth secret', async () => {
		const { sent, send } = recorder();
		const subscribe = vi.fn();
		expect(
			await renewSubscription(
				{ oldSubscription: OLD(), newSubscription: NEW() },
				ROUTE,
				subscribe,
				send
			)
		).toBe( true );
		expect( subscribe ).not.toHaveBeenCalled();
		expect( sent ).toEqual( [
			{
				url: ROUTE,
				body: {
					endpoint: 'https://push.example/new',
					keys: { p256dh: 'p256dh-of-new-auth', auth: 'new-auth' },
					replaces: {
						endpoint: 'https://push.example/old',
						auth: 'old-auth',
					},
				},
			},
		] );
	} );

	it( 'subscribes with the old one\u2019s key when the browser gave no new one', async () => {
		const { sent, send } = recorder();
		const key = new Uint8Array( [ 4, 1, 2, 3 ] ).buffer;
		const subscribe = vi.fn( async () =>
			subscription( 'https://push.example/made', 'made-auth' )
		);
		await renewSubscription(
			{
				oldSubscription: subscription(
					'https://push.example/old',
					'old-auth',
					key
				),
			},
			ROUTE,
			subscribe,
			send
		);
		expect( subscribe ).toHaveBeenCalledWith( {
			userVisibleOnly: true,
			applicationServerKey: key,
		} );
		expect( sent[ 0 ]!.body ).toMatchObject( {
			endpoint: 'https://push.example/made',
			replaces: { endpoint: 'https://push.example/old' },
		} );
	} );

	it( 'sends nothing when the browser names no old one: the site signs nobody up on its own', async () => {
		const { sent, send } = recorder();
		expect(
			await renewSubscription(
				{ newSubscription: NEW() },
				ROUTE,
				vi.fn(),
				send
			)
		).toBe( false );
		expect( sent ).toEqual( [] );
	} );

	it( 'sends nothing when there is neither a new subscription nor a key to make one', async () => {
		const { sent, send } = recorder();
		expect(
			await renewSubscription(
				{ oldSubscription: OLD() },
				ROUTE,
				vi.fn(),
				send
			)
		).toBe( false );
		expect( sent ).toEqual( [] );
	} );

	it( 'says when the site did not store it', async () => {
		const { send } = recorder( false );
		expect(
			await renewSubscription(
				{ oldSubscription: OLD(), newSubscription: NEW() },
				ROUTE,
				vi.fn(),
				send
			)
		).toBe( false );
	} );
} );
