/**
 * The service worker's choices of address, kept apart so unit tests can load them without a
 * service worker's globals.
 */

export const text = ( value: unknown ) =>
	typeof value === 'string' ? value : '';

/** The page a click opens: the message's, when it is on this site; else the site's home. */
export function clickTarget( url: unknown, home: string ): string {
	try {
		const target = new URL( text( url ), home );
		return target.origin === new URL( home ).origin &&
			/^https?:$/.test( target.protocol )
			? target.href
			: home;
	} catch {
		return home;
	}
}

/** The site's home: the scope's origin and the part of its path before wp-content. */
export function siteHome( scope: string ): string {
	const url = new URL( scope );
	const at = url.pathname.indexOf( '/wp-content/' );
	return url.origin + ( at >= 0 ? url.pathname.slice( 0, at + 1 ) : '/' );
}

/**
 * The subscriptions route the service worker renews a subscription through: the `route` its own
 * address carries (PushPrompt::connection() registers it as `sw.js?route=…`), on its own site
 * only; null otherwise.
 */
export function subscriptionsRoute( workerUrl: string ): string | null {
	try {
		const worker = new URL( workerUrl );
		const given = worker.searchParams.get( 'route' ) ?? '';
		const route = new URL( given, worker );
		return given !== '' &&
			route.origin === worker.origin &&
			/^https?:$/.test( route.protocol )
			? route.href
			: null;
	} catch {
		return null;
	}
}
