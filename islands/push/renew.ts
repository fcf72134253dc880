/**
 * What the service worker does on `pushsubscriptionchange` (a browser renews or replaces a
 * subscription on its own, Firefox among them): it tells the site of the new subscription, naming
 * the old one with its auth secret, so the site moves the visitor's topics over and forgets the old
 * one. Without this the old subscription's messages fail until the site removes it, and the
 * visitor hears nothing more. Kept apart from the worker's globals for the unit tests.
 */

/** The parts of a PushSubscription this reads. */
export interface SubscriptionLike {
	endpoint: string;
	options?: { applicationServerKey?: ArrayBuffer | null };
	toJSON: () => { endpoint?: string; keys?: Record< string, string > };
}

export interface SubscriptionChange {
	oldSubscription?: SubscriptionLike | null;
	newSubscription?: SubscriptionLike | null;
}

/**
 * Sends the site the new subscription (making one with the old one's key when the browser gave
 * none). Resolves with whether the site stored it.
 */
export async function renewSubscription(
	change: SubscriptionChange,
	route: string,
	subscribe: ( options: {
		userVisibleOnly: true;
		applicationServerKey: ArrayBuffer;
	} ) => Promise< SubscriptionLike >,
	send: typeof fetch
): Promise< boolean > {
	const old = change.oldSubscription ?? null;
	const oldAuth = old?.toJSON().keys?.auth;
	if ( ! old || ! oldAuth ) {
		// Nothing to take the place of: the site stores a subscription only when the visitor
		// chose to subscribe (the prompt), never on the browser's own initiative.
		return false;
	}
	const key = old.options?.applicationServerKey ?? null;
	let fresh = change.newSubscription ?? null;
	if ( ! fresh && key ) {
		fresh = await subscribe( {
			userVisibleOnly: true,
			applicationServerKey: key,
		} );
	}
	if ( ! fresh ) {
		return false;
	}
	const { endpoint, keys } = fresh.toJSON();
	const response = await send( route, {
		method: 'POST',
		headers: {
			Accept: 'application/json',
			'Content-Type': 'application/json',
		},
		body: JSON.stringify( {
			endpoint,
			keys,
			replaces: { endpoint: old.endpoint, auth: oldAuth },
		} ),
	} );
	return response.ok;
}
