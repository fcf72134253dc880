/**
 * How islands call the server's admin-ajax actions: through @wordpress/api-fetch (REST reads go
 * through rest.ts, without it). A timeout and the mapping of every failure to { code, message }
 * are api-fetch middlewares, as Gutenberg's packages add behaviour. They act only on requests marked as TenderPress's, so other plugins'
 * api-fetch calls on the page are left as they were.
 *
 * The messages come translated from the server in the island's props
 * (php/Support/AjaxResponse.php client_messages()), as every island string does: islands load no
 * translation files.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import {
	networkError,
	httpError,
	type AjaxError,
	type AjaxMessages,
} from './failures';

export { isAjaxError, type AjaxError, type AjaxMessages } from './failures';

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
			throw await httpError( error, messages );
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
 * The answer to the request the runtime started for a click held before the island mounted
 * (runtime/types.ts EarlyRequest), if it was started for `key` (the clicked control's value);
 * else null. Taken once: a later click asks the server anew.
 */
export function takeEarly(
	element: HTMLElement | null,
	key: string
): Promise< Response | undefined > | null {
	const early = element?.tpEarly;
	if ( ! early ) {
		return null;
	}
	delete element.tpEarly;
	return early.key === key ? early.answer : null;
}

/**
 * Reads an answer the runtime's request brought as postAction() reads its own: the text, or an
 * AjaxError with a translated message (the timeout counts from now, when the island waits).
 */
export async function answerText(
	answer: Promise< Response | undefined >,
	{ messages, timeoutMs = 15000 }: Omit< AjaxOptions, 'url' | 'signal' >
): Promise< string > {
	let timer: ReturnType< typeof setTimeout > | undefined;
	const late = new Promise< never >( ( _resolve, reject ) => {
		timer = setTimeout(
			() =>
				reject( {
					code: 'timeout',
					message: messages.timeout,
				} satisfies AjaxError ),
			timeoutMs
		);
	} );
	const orNetworkError = < T >( promise: Promise< T > ) =>
		Promise.race( [
			promise.catch( () => {
				throw networkError( messages );
			} ),
			late,
		] );
	try {
		// No answer: the runtime's request failed (no connection).
		const response = await orNetworkError( answer );
		if ( ! response ) {
			throw networkError( messages );
		}
		if ( ! response.ok ) {
			throw await httpError( response, messages );
		}
		return await orNetworkError( response.text() );
	} finally {
		clearTimeout( timer );
	}
}
