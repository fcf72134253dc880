/**
 * The browser's side of subscribing: the service worker registered with its folder as scope, the
 * PushManager subscription bound to the site's key, and the site told (or untold) of it.
 */
import { sendJson } from '../shared/rest';
import type { PushProps } from './types';

export interface Topics {
	types: string[];
	categories: number[];
	locations: number[];
}

/** A base64url text as the bytes PushManager.subscribe() takes for applicationServerKey. */
export function keyBytes( base64url: string ): Uint8Array< ArrayBuffer > {
	const base64 = base64url.replace( /-/g, '+' ).replace( /_/g, '/' );
	const binary = atob(
		base64 + '='.repeat( ( 4 - ( base64.length % 4 ) ) % 4 )
	);
	const bytes = new Uint8Array( new ArrayBuffer( binary.length ) );
	for ( let i = 0; i < binary.length; i++ ) {
		bytes[ i ] = binary.charCodeAt( i );
	}
	return bytes;
}

/**
 * The service worker's registration once it is active: a browser refuses to subscribe through a
 * worker that is still installing (Chrome: "no active Service Worker"), and the page is outside
 * the worker's scope, so navigator.serviceWorker.ready never settles for it.
 */
export async function activeRegistration(
	props: Pick< PushProps, 'worker' | 'scope' >,
	timeoutMs = 15000
): Promise< ServiceWorkerRegistration > {
	const registration = await navigator.serviceWorker.register( props.worker, {
		scope: props.scope,
	} );
	const worker = registration.installing || registration.waiting;
	if ( registration.active || ! worker ) {
		return registration;
	}
	await new Promise< void >( ( resolve, reject ) => {
		const timer = setTimeout(
			() => reject( new Error( 'The service worker did not start.' ) ),
			timeoutMs
		);
		const check = () => {
			if ( worker.state === 'activated' ) {
				clearTimeout( timer );
				resolve();
			} else if ( worker.state === 'redundant' ) {
				clearTimeout( timer );
				reject( new Error( 'The service worker was replaced.' ) );
			}
		};
		worker.addEventListener( 'statechange', check );
		check();
	} );
	return registration;
}

/** The browser's subscription for the site, made when there is none. */
export async function browserSubscription(
	props: Pick< PushProps, 'worker' | 'scope' | 'publicKey' >
): Promise< PushSubscription > {
	const registration = await activeRegistration( props );
	const existing = await registration.pushManager.getSubscription();
	if ( existing ) {
		return existing;
	}
	return registration.pushManager.subscribe( {
		userVisibleOnly: true,
		applicationServerKey: keyBytes( props.publicKey ),
	} );
}

/** Stores the subscription, with its topics, on the site (again: the route is idempotent). */
export function saveSubscription(
	props: Pick< PushProps, 'route' | 'messages' >,
	subscription: PushSubscription,
	topics: Topics
): Promise< unknown > {
	const { endpoint, keys } = subscription.toJSON();
	return sendJson(
		props.route,
		'POST',
		{ endpoint, keys, topics },
		{ messages: props.messages }
	);
}

/** Ends the subscription in the browser and on the site. */
export async function endSubscription(
	props: Pick< PushProps, 'route' | 'messages' >,
	subscription: PushSubscription
): Promise< void > {
	const { endpoint, keys } = subscription.toJSON();
	await sendJson(
		props.route,
		'DELETE',
		{ endpoint, auth: keys?.auth },
		{ messages: props.messages }
	);
	await subscription.unsubscribe();
}
