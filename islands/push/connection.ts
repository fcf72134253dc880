/**
 * The props every page that subscribes a browser gets from PushPrompt::connection() (the prompt,
 * and the settings screen's test): read once, for both.
 */
import { asString, asUrl } from '../shared/props';

export interface PushConnection {
	/** The site's VAPID public key (base64url), the browser's applicationServerKey. */
	publicKey: string;
	/** POST and DELETE /wp-json/tenderpress/v1/push/subscriptions. */
	route: string;
	/** The service worker's address, and its scope (its folder). */
	worker: string;
	scope: string;
}

/** Throws a TypeError naming the prop the page cannot use. */
export function parseConnection(
	props: Record< string, unknown >
): PushConnection {
	return {
		publicKey: asString( props.publicKey, 'publicKey' ),
		route: asUrl( props.route, 'route' ),
		worker: asUrl( props.worker, 'worker' ),
		scope: asUrl( props.scope, 'scope' ),
	};
}
