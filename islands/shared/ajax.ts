/**
 * The one way islands call the server: admin-ajax actions through @wordpress/api-fetch, with a
 * timeout, and every failure turned into { code, message } with a translated message.
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

export interface AjaxError {
	code: 'network' | 'timeout' | 'http' | 'aborted';
	status?: number;
	message: string;
}

export interface AjaxOptions {
	/** admin-ajax.php URL, from the island's props. */
	url: string;
	timeoutMs?: number;
	signal?: AbortSignal;
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
 * Reads the short message a TenderPress handler sends with a 4xx (JSON or text).
 */
async function serverMessage( response: Response ): Promise< string > {
	try {
		const text = await response.text();
		try {
			const json = JSON.parse( text );
			const message = json?.data?.message ?? json?.message;
			return typeof message === 'string' ? message : '';
		} catch {
			return text.length < 300 && ! /</.test( text ) ? text.trim() : '';
		}
	} catch {
		return '';
	}
}

/**
 * POSTs form fields to an admin-ajax action and resolves with the response text.
 * Rejects with an AjaxError; never with anything else.
 */
export async function postAction(
	action: string,
	fields: Record< string, string >,
	{ url, timeoutMs = 15000, signal }: AjaxOptions
): Promise< string > {
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
		const response = ( await apiFetch( {
			url,
			method: 'POST',
			body: new URLSearchParams( { action, ...fields } ),
			parse: false,
			signal: controller.signal,
		} ) ) as Response;
		return await response.text();
	} catch ( error ) {
		if ( controller.signal.aborted ) {
			const timedOut = controller.signal.reason === 'timeout';
			throw {
				code: timedOut ? 'timeout' : 'aborted',
				message: timedOut
					? __( 'The server took too long to answer.', 'tenderpress' )
					: __( 'The request was cancelled.', 'tenderpress' ),
			} satisfies AjaxError;
		}
		if ( error instanceof Response ) {
			throw {
				code: 'http',
				status: error.status,
				message:
					( await serverMessage( error ) ) ||
					__(
						'The server could not answer this request.',
						'tenderpress'
					),
			} satisfies AjaxError;
		}
		throw {
			code: 'network',
			message: __(
				'Could not reach the server. Check your connection.',
				'tenderpress'
			),
		} satisfies AjaxError;
	} finally {
		clearTimeout( timer );
		signal?.removeEventListener( 'abort', onAbort );
	}
}
