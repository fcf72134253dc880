/**
 * A browser's side of Web Push for the e2e tests: headless Chromium reaches no real push service,
 * so pages get a PushManager whose subscription the test gives.
 */
import type { Page } from '@playwright/test';
import type { Subscriber } from './push-service';

/**
 * Gives pages a PushManager whose subscription is `subscriber`. With `stale`, the browser starts
 * with that subscription, one the push service no longer knows, as a browser does whose
 * subscription expired; subscribing again gives `subscriber`.
 */
export async function standInPushManager(
	page: Page,
	subscriber: Subscriber,
	stale: Subscriber | null = null
) {
	await page.addInitScript(
		( [ fresh, old ] ) => {
			const make = ( { endpoint, keys }: typeof fresh ) => ( {
				endpoint,
				expirationTime: null,
				toJSON: () => ( { endpoint, expirationTime: null, keys } ),
				unsubscribe: async () => {
					current = null;
					return true;
				},
			} );
			let current: unknown = old ? make( old ) : null;
			PushManager.prototype.subscribe = async function () {
				current = make( fresh );
				return current as PushSubscription;
			};
			PushManager.prototype.getSubscription = async function () {
				return current as PushSubscription | null;
			};
		},
		[ subscriber, stale ] as const
	);
}
