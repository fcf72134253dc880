/**
 * The push service worker (build/sdk_files/push/webpush/sw.js, served from the plugin's
 * sdk_files/push/webpush/ folder, which is its scope: it never meets a theme's or another
 * plugin's service worker at the site's root). It does two things only:
 *
 * - A push message (the JSON php/Push/PushMessage.php writes) becomes a notification that stays
 *   until the visitor dismisses it (requireInteraction, the spec's persistNotification), with
 *   its title, body and icon. A message without a title shows nothing (the spec's welcome
 *   notification is empty).
 * - A click on it opens the notice, or the site's home page when the message names no page on
 *   this site.
 * - A subscription the browser renews on its own (`pushsubscriptionchange`) is sent to the site,
 *   which moves the old one's topics over (renew.ts).
 */
import { renewSubscription, type SubscriptionLike } from './renew';
import { clickTarget, siteHome, subscriptionsRoute, text } from './urls';

interface PushMessageData {
	title?: unknown;
	body?: unknown;
	icon?: unknown;
	url?: unknown;
	tag?: unknown;
}

interface WorkerScope {
	location: Location;
	registration: {
		scope: string;
		pushManager: {
			subscribe: ( options: {
				userVisibleOnly: true;
				applicationServerKey: ArrayBuffer;
			} ) => Promise< SubscriptionLike >;
		};
		showNotification: (
			title: string,
			options: Record< string, unknown >
		) => Promise< void >;
	};
	clients: {
		openWindow: ( url: string ) => Promise< unknown >;
		matchAll: (
			options: Record< string, unknown >
		) => Promise<
			Array< { url: string; focus?: () => Promise< unknown > } >
		>;
	};
	addEventListener: (
		type: string,
		listener: ( event: any ) => void
	) => void;
}

const worker = self as unknown as WorkerScope;

worker.addEventListener( 'push', ( event ) => {
	let message: PushMessageData = {};
	try {
		message = event.data ? ( event.data.json() as PushMessageData ) : {};
	} catch {
		return;
	}
	const title = text( message.title );
	if ( title === '' ) {
		return;
	}
	const home = siteHome( worker.registration.scope );
	event.waitUntil(
		worker.registration.showNotification( title, {
			body: text( message.body ),
			icon: text( message.icon ) || undefined,
			tag: text( message.tag ) || undefined,
			requireInteraction: true,
			data: { url: clickTarget( message.url, home ) },
		} )
	);
} );

worker.addEventListener( 'notificationclick', ( event ) => {
	event.notification.close();
	const home = siteHome( worker.registration.scope );
	event.waitUntil(
		worker.clients.openWindow(
			clickTarget( event.notification.data?.url, home )
		)
	);
} );

worker.addEventListener( 'pushsubscriptionchange', ( event ) => {
	const route = subscriptionsRoute( worker.location.href );
	if ( ! route ) {
		return;
	}
	event.waitUntil(
		renewSubscription(
			event,
			route,
			( options ) => worker.registration.pushManager.subscribe( options ),
			fetch
		).catch( () => false )
	);
} );
