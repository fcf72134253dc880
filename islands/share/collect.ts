import { sendForm } from '../shared/rest';
import type { CollectConfig } from './types';

/**
 * Counts that only a browser can read (spec §7, calls 3 and 4), collected only when the site
 * owner turned it on, since it tells those networks the visitor's address. The count answer
 * (call 2) names each network to collect for (`{id}: true`) and the pages it still lacks
 * (`{id}_urls`); each page's count is read from the network's endpoint, with no cookies and no
 * referrer, and `delay` ms later all of them go back to the network's save action in one POST.
 * The server keeps only what it can believe (php/Ajax/SaveShares.php). Every failure is silent:
 * a count is a nicety, never worth an error on the page.
 */

/** The number at a dotted path of a JSON answer, or null when there is none there. */
export function readPath( answer: unknown, path: string ): number | null {
	let value: unknown = answer;
	for ( const key of path.split( '.' ) ) {
		value =
			typeof value === 'object' && value !== null && key in value
				? ( value as Record< string, unknown > )[ key ]
				: undefined;
	}
	const count = typeof value === 'string' ? Number( value ) : value;
	return typeof count === 'number' &&
		Number.isSafeInteger( count ) &&
		count >= 0
		? count
		: null;
}

/**
 * Whether this browser may ask a network for a page now, and if so, notes that it did: once per
 * page view (a page with two bars asks once) and once per `interval` seconds for the visitor
 * (localStorage), whatever the network answered. A network that answers nothing (Facebook
 * without an access token, usually) is then not asked on every page view.
 */
const askedNow = new Set< string >();
export function mayAsk( network: string, page: string, interval: number ) {
	const key = `tenderpress:asked:${ network }:${ page }`;
	if ( askedNow.has( key ) ) {
		return false;
	}
	askedNow.add( key );
	try {
		const last = Number( window.localStorage.getItem( key ) );
		if ( last > 0 && Date.now() - last < interval * 1000 ) {
			return false;
		}
		window.localStorage.setItem( key, String( Date.now() ) );
	} catch {
		// Storage refused: asked once per page view only.
	}
	return true;
}

/** Forgets what this page view asked (for tests, which stand for many page views). */
export function forgetAsked(): void {
	askedNow.clear();
}

const sleep = ( ms: number, signal: AbortSignal ) =>
	new Promise< void >( ( resolve, reject ) => {
		const timer = window.setTimeout( resolve, ms );
		signal.addEventListener( 'abort', () => {
			window.clearTimeout( timer );
			reject( signal.reason );
		} );
	} );

/**
 * Reads and sends back the counts the answer asks for. Resolves with what was sent, by
 * network and page (empty when nothing was asked or read).
 */
export async function collectCounts(
	answer: Record< string, unknown >,
	config: CollectConfig,
	ajaxUrl: string,
	signal: AbortSignal
): Promise< Record< string, Record< string, number > > > {
	const sent: Record< string, Record< string, number > > = {};
	for ( const network of config.networks ) {
		const pages = answer[ `${ network.id }_urls` ];
		if ( answer[ network.id ] !== true || ! Array.isArray( pages ) ) {
			continue;
		}
		const read: Record< string, number > = {};
		for ( const page of pages.filter(
			( url ): url is string =>
				typeof url === 'string' &&
				mayAsk( network.id, url, config.interval )
		) ) {
			try {
				// The network's own endpoint, on its origin: a plain fetch, with nothing of
				// the site's (the site's calls go through shared/rest.ts).
				const reply = await fetch(
					network.url.replace( '{url}', encodeURIComponent( page ) ),
					{
						credentials: 'omit',
						referrerPolicy: 'no-referrer',
						signal,
					}
				);
				const count = reply.ok
					? readPath( await reply.json(), network.path )
					: null;
				if ( count !== null ) {
					read[ page ] = count;
				}
			} catch {
				// Unreachable, blocked or not JSON: that page is skipped.
			}
		}
		if ( Object.keys( read ).length === 0 ) {
			continue;
		}
		await sleep( config.delay, signal );
		const body = new URLSearchParams( {
			action: network.action,
			_ajax_nonce: config.nonce,
		} );
		for ( const [ page, count ] of Object.entries( read ) ) {
			body.append( `share_counts[${ page }]`, String( count ) );
		}
		try {
			await sendForm( ajaxUrl, body, { signal } );
			sent[ network.id ] = read;
		} catch {
			// Not sent: the next page view may try again.
		}
	}
	return sent;
}
