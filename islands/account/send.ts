import { postAction } from '../shared/ajax';
import { withoutPopupArgs } from './links';
import { accountNonce } from './token';
import type { AccountProps } from './types';

/**
 * This page's address for the server to return to, without the popup's arguments and without a
 * fragment: going to the same address with a fragment would only scroll, not load the page again.
 */
export function pageAddress( args: AccountProps[ 'args' ] ): string {
	const address = new URL( withoutPopupArgs( window.location.href, args ) );
	address.hash = '';
	return address.toString();
}

/** Sends a form's fields with the account nonce; resolves with the answer's data. */
export async function send(
	props: AccountProps,
	action: string,
	fields: Record< string, string >
): Promise< Record< string, unknown > > {
	const options = { url: props.ajaxUrl, messages: props.messages };
	const nonce = await accountNonce( props.nonce, props.token, options );
	const text = await postAction(
		action,
		{ ...fields, _ajax_nonce: nonce },
		options
	);
	let answer: { success?: boolean; data?: unknown };
	try {
		answer = JSON.parse( text );
	} catch {
		answer = {};
	}
	if (
		! answer.success ||
		typeof answer.data !== 'object' ||
		answer.data === null
	) {
		throw { code: 'http', message: props.messages.serverError };
	}
	return answer.data as Record< string, unknown >;
}
