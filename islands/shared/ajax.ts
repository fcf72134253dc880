/**
 * The one way islands call the server: admin-ajax actions through @wordpress/api-fetch. A timeout
 * and the mapping of every failure to { code, message } are api-fetch middlewares, as Gutenberg's
 * packages add behaviour. They act only on requests marked as TenderPress's, so other plugins'
 * api-fetch calls on the page are left as they were.
 *
 * The messages come translated from the server in the island's props
 * (php/Support/AjaxResponse.php client_messages()), as every island string does: islands load no
 * translation files.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';

export interface AjaxError {
	code: 'network' | 'timeout' | 'http' | 'aborted';
	status?: number;
	message: string;
}

/** What a visitor reads when a request fails without a message from the handler. */
export interface AjaxMessages {
	network: string;
	timeout: string;
	aborted: string;
	serverError: string;
}

export interface AjaxOptions {
	/** admin-ajax.php URL, from the island's props. */
	url: string;
	/** Translated failure messages, from the island's props. */
	messages: AjaxMessages;
	timeoutMs?: number;
	signal?: AbortSignal;
}

/** The options that mark a request as ours: its timeout and failure messages. */
interface Marked {
	tenderpressTimeoutMs?: number;
	tenderpressMessages?: AjaxMessages;
}

export function isAjaxError( value: unknown ): value is AjaxError {
	return (
		typeof value === 'object' &&
		value !== null &&
		'code' in value &&
		'message' in value
	);
}

/**
 * Reads the short, translated message a TenderPress handler sends with a 4xx
 * ({ success: false, data: { message } }, php/Support/AjaxResponse.php; a REST route's
 * { code, message }). Anything else (a proxy's
 * page, WordPress's bare "0") has no message fit for a visitor.
 */
async function serverMessage( response: Response ): Promise< string > {
	try {
		const body = JSON.parse( await response.text() );
		// admin-ajax's { data: { message } }; a REST route's WP_Error { code, message }, whose
		// arguments' own messages are in data.params (WordPress's message only names them).
		const params = body?.data?.params;
		const first =
			params && typeof params === 'object' && ! Array.isArray( params )
				? Object.values( params as Record< string, unknown > )[ 0 ]
				: undefined;
		const message = body?.data?.message ?? first ?? body?.message;
		return typeof message === 'string' ? message : '';
	} catch {
		return '';
	}
}

const networkError = ( messages: AjaxMessages ): AjaxError => ( {
	code: 'network',
	message: messages.network,
} );

/** Aborts a marked request that takes longer than its timeout; the reason says which it was. */
export const timeoutMiddleware: APIFetchMiddleware = async (
	options,
	next
) => {
	// Both marks stop here: they mean nothing to the layers below.
	const {
		tenderpressTimeoutMs: timeoutMs,
		tenderpressMessages: _messages,
		...rest
	} = options as Marked & typeof options;
	if ( timeoutMs === undefined ) {
		return next( options );
	}
	const controller = new AbortController();
	const caller = rest.signal;
	// Cleared in `finally`, which the rule below does not see.
	// eslint-disable-next-line @wordpress/no-unused-vars-before-return
	const timer = setTimeout( () => controller.abort( 'timeout' ), timeoutMs );
	const onAbort = () => controller.abort( 'aborted' );
	if ( caller?.aborted ) {
		onAbort();
	}
	caller?.addEventListener( 'abort', onAbort );
	try {
		return await next( { ...rest, signal: controller.signal } );
	} catch ( error ) {
		throw controller.signal.aborted
			? { tenderpressAbort: controller.signal.reason }
			: error;
	} finally {
		clearTimeout( timer );
		caller?.removeEventListener( 'abort', onAbort );
	}
};

/** Turns whatever a marked request failed with into an AjaxError with a translated message. */
export const errorMiddleware: APIFetchMiddleware = async ( options, next ) => {
	const messages = ( options as Marked ).tenderpressMessages;
	if (
		( options as Marked ).tenderpressTimeoutMs === undefined ||
		! messages
	) {
		return next( options );
	}
	try {
		return await next( options );
	} catch ( error ) {
		const abort = ( error as { tenderpressAbort?: unknown } )
			?.tenderpressAbort;
		if ( abort !== undefined ) {
			throw (
				abort === 'timeout'
					? { code: 'timeout', message: messages.timeout }
					: { code: 'aborted', message: messages.aborted }
			) satisfies AjaxError;
		}
		if ( error instanceof Response ) {
			throw {
				code: 'http',
				status: error.status,
				message:
					( await serverMessage( error ) ) || messages.serverError,
			} satisfies AjaxError;
		}
		throw networkError( messages );
	}
};

// api-fetch runs the last middleware added first: errors wrap the timeout.
apiFetch.use( timeoutMiddleware );
apiFetch.use( errorMiddleware );

/**
 * POSTs form fields to an admin-ajax action and resolves with the response text.
 * Rejects with an AjaxError; never with anything else.
 */
export async function postAction(
	action: string,
	fields: Record< string, string >,
	{ url, messages, timeoutMs = 15000, signal }: AjaxOptions
): Promise< string > {
	const response = ( await apiFetch( {
		url,
		method: 'POST',
		body: new URLSearchParams( { action, ...fields } ),
		parse: false,
		signal,
		tenderpressTimeoutMs: timeoutMs,
		tenderpressMessages: messages,
	} as Parameters< typeof apiFetch >[ 0 ] & Marked ) ) as Response;
	try {
		return await response.text();
	} catch {
		// The connection dropped while the answer was arriving.
		throw networkError( messages );
	}
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
	{ messages, timeoutMs = 15000, signal }: Omit< AjaxOptions, 'url' >
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
		response = await fetch( url, {
			credentials: 'same-origin',
			headers: { Accept: 'application/json' },
			signal: controller.signal,
		} );
		if ( ! response.ok ) {
			throw {
				code: 'http',
				status: response.status,
				message:
					( await serverMessage( response ) ) || messages.serverError,
			} satisfies AjaxError;
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
