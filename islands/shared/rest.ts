/**
 * Calls to the site that need none of WordPress's scripts: reads of the plugin's public REST
 * routes (the calendar's month, a notice's quick view) and of public admin-ajax reads (the share
 * counts), the push subscriptions, and a public admin-ajax form that carries its own nonce field
 * (the counts a browser collected). The same timeout and failure messages as ajax.ts gives
 * admin-ajax calls, without @wordpress/api-fetch.
 */
import {
	MESSAGE_KEYS,
	isAjaxError,
	networkError,
	httpError,
	type AjaxError,
	type AjaxMessages,
} from './failures';

/** For a call whose failure the visitor is not told about (the bar simply stays as it is). */
const UNSAID = Object.fromEntries(
	MESSAGE_KEYS.map( ( key ) => [ key, '' ] )
) as unknown as AjaxMessages;

interface CallOptions {
	/** Translated failure messages, from the island's props; none for a silent call. */
	messages?: AjaxMessages;
	timeoutMs?: number;
	signal?: AbortSignal;
}

interface Call extends CallOptions {
	method?: 'GET' | 'POST' | 'DELETE';
	/** A JSON body. */
	body?: unknown;
	/** Form fields, sent as they are (application/x-www-form-urlencoded). */
	fields?: URLSearchParams;
	nonce?: string;
}

/**
 * GETs one of the plugin's REST routes (`url`, the route with its query) and resolves with its
 * JSON. Rejects with an AjaxError; never with anything else.
 *
 * Plain fetch, not api-fetch: WordPress's api-fetch sends the page's REST nonce with every
 * request, and WordPress refuses a nonce a day old (403 "Cookie check failed"), for visitors
 * without an account too. These routes read public notices and need none, so a page a cache
 * served days ago still works.
 */
export async function getJson(
	url: string,
	options: CallOptions
): Promise< unknown > {
	return request( url, options, 'json' );
}

/**
 * POSTs form fields to a public admin-ajax action whose fields carry its own nonce
 * (`_ajax_nonce`), and resolves with the answer's text. Rejects with an AjaxError.
 */
export async function sendForm(
	url: string,
	fields: URLSearchParams,
	options: CallOptions
): Promise< string > {
	return request( url, { ...options, method: 'POST', fields }, 'text' );
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
	options: CallOptions & { nonce?: string }
): Promise< unknown > {
	return request( url, { ...options, method, body }, 'json' );
}

function request(
	url: string,
	options: Call,
	read: 'json'
): Promise< unknown >;
function request( url: string, options: Call, read: 'text' ): Promise< string >;
/** One call and its answer's body, read within the same timeout. */
async function request(
	url: string,
	{
		messages = UNSAID,
		timeoutMs = 15000,
		signal,
		method = 'GET',
		body,
		fields,
		nonce,
	}: Call,
	read: 'json' | 'text'
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
	try {
		const headers: Record< string, string > = {
			Accept: 'json' === read ? 'application/json' : '*/*',
		};
		if ( body !== undefined ) {
			headers[ 'Content-Type' ] = 'application/json';
		}
		if ( nonce ) {
			headers[ 'X-WP-Nonce' ] = nonce;
		}
		const response = await fetch( url, {
			method,
			credentials: 'same-origin',
			headers,
			body: body === undefined ? fields : JSON.stringify( body ),
			signal: controller.signal,
		} );
		if ( ! response.ok ) {
			throw await httpError( response, messages );
		}
		return await ( 'json' === read ? response.json() : response.text() );
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
