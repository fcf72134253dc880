/**
 * How islands tell a visitor that a request to the server failed: one shape for every failure
 * ({ code, message }) and the translated words for each, which come from the server in the
 * island's props (php/Support/AjaxResponse.php client_messages()): islands load no translation
 * files. Shared by admin-ajax calls (ajax.ts) and REST reads (rest.ts).
 */
import { asStrings } from './props';

export interface AjaxError {
	code: 'network' | 'timeout' | 'http' | 'aborted';
	status?: number;
	message: string;
}

/**
 * The failures a visitor may read of, by key: the keys of php/Support/AjaxResponse.php
 * client_messages(), which every island that asks the server gets in its props.
 */
export const MESSAGE_KEYS = [
	'network',
	'timeout',
	'aborted',
	'serverError',
] as const;

/** What a visitor reads when a request fails without a message from the handler. */
export type AjaxMessages = Record< ( typeof MESSAGE_KEYS )[ number ], string >;

/** An island's failure messages from its props (`messages` unless named otherwise). */
export function parseMessages(
	value: unknown,
	name = 'messages'
): AjaxMessages {
	return asStrings( value, name, MESSAGE_KEYS );
}

export function isAjaxError( value: unknown ): value is AjaxError {
	// A string code: a browser's DOMException (an AbortError) has a numeric one, and its
	// English message is not for a visitor.
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof ( value as { code?: unknown } ).code === 'string' &&
		typeof ( value as { message?: unknown } ).message === 'string'
	);
}

/**
 * Reads the short, translated message a TenderPress handler sends with a 4xx
 * ({ success: false, data: { message } }, php/Support/AjaxResponse.php; a REST route's
 * { code, message }). Anything else (a proxy's page, WordPress's bare "0") has no message fit
 * for a visitor.
 */
export async function serverMessage( response: Response ): Promise< string > {
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

export const networkError = ( messages: AjaxMessages ): AjaxError => ( {
	code: 'network',
	message: messages.network,
} );

/** A 4xx or 5xx answer as an AjaxError: the handler's message, or a generic one. */
export const httpError = async (
	response: Response,
	messages: AjaxMessages
): Promise< AjaxError > => ( {
	code: 'http',
	status: response.status,
	message: ( await serverMessage( response ) ) || messages.serverError,
} );
