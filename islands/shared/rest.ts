/**
 * Reads of the plugin's public REST routes (the calendar's month, a notice's quick view), with
 * the same timeout and failure messages as admin-ajax calls, and without @wordpress/api-fetch: an
 * island that only reads needs none of WordPress's scripts.
 */
import {
	isAjaxError,
	networkError,
	httpError,
	type AjaxError,
	type AjaxMessages,
} from './failures';

/**
 * GETs one of the plugin's REST routes (`url`, the route with its query) and resolves with its
 * JSON. Rejects with an AjaxError; never with anything else.
 *
 * Plain fetch, not api-fetch: WordPress's api-fetch sends the page's REST nonce with every
 * request, and WordPress refuses a nonce a day old (403 "Cookie check failed"), for visitors
 * without an account too. These routes read public notices and need none, so a page a cache
 * served days ago still works.
 */
export function getJson(
	url: string,
	options: {
		messages: AjaxMessages;
		timeoutMs?: number;
		signal?: AbortSignal;
	}
): Promise< unknown > {
	return requestJson( url, options );
}

/**
 * Sends a JSON body to one of the plugin's REST routes, as getJson() reads: the same timeout and
 * failures. The public routes (the push subscriptions) take no nonce; an admin screen's route
 * takes the REST API's cookie nonce (`nonce`, sent as X-WP-Nonce).
 */
export function sendJson(
	url: string,
	method: 'POST' | 'DELETE',
	body: unknown,
	options: {
		messages: AjaxMessages;
		timeoutMs?: number;
		signal?: AbortSignal;
		nonce?: string;
	}
): Promise< unknown > {
	return requestJson( url, { ...options, method, body } );
}

async function requestJson(
	url: string,
	{
		messages,
		timeoutMs = 15000,
		signal,
		method = 'GET',
		body,
		nonce,
	}: {
		messages: AjaxMessages;
		timeoutMs?: number;
		signal?: AbortSignal;
		method?: 'GET' | 'POST' | 'DELETE';
		body?: unknown;
		nonce?: string;
	}
): Promise< unknown > {
	const controller = new AbortController();
	// Cleared in `finally`, which the rule below does not see.
	// eslint-disable-next-line @wordpress/no-unused-vars-before-return
	const timer = setTimeout( () => controller.abort( 'timeout' ), timeoutMs );
	const onAbort = () => controller.abort( 'aborted' );
	if ( signal?.aborted ) {
		onAbort();
	}
	signal?.addEventListener( 'abort', onAbort );
	let response: Response;
	try {
		const headers: Record< string, string > = {
			Accept: 'application/json',
		};
		if ( body !== undefined ) {
			headers[ 'Content-Type' ] = 'application/json';
		}
		if ( nonce ) {
			headers[ 'X-WP-Nonce' ] = nonce;
		}
		response = await fetch( url, {
			method,
			credentials: 'same-origin',
			headers,
			body: body === undefined ? undefined : JSON.stringify( body ),
			signal: controller.signal,
		} );
		if ( ! response.ok ) {
			throw await httpError( response, messages );
		}
		return await response.json();
	} catch ( error ) {
		if ( isAjaxError( error ) ) {
			throw error;
		}
		if ( controller.signal.aborted ) {
			throw (
				controller.signal.reason === 'timeout'
					? { code: 'timeout', message: messages.timeout }
					: { code: 'aborted', message: messages.aborted }
			) satisfies AjaxError;
		}
		// No connection, or the answer broke off or was not JSON.
		throw networkError( messages );
	} finally {
		clearTimeout( timer );
		signal?.removeEventListener( 'abort', onAbort );
	}
}
