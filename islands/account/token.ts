import { postAction, type AjaxOptions } from '../shared/ajax';

let fresh: Promise< string > | null = null;

/**
 * The nonce the account forms send. When the page configures a token action, a fresh nonce is
 * asked for once per page load (spec §4, §7 call 5), however many account islands the page has,
 * and the page's own nonce is the fallback if that fails; without one, no request is made.
 */
export function accountNonce(
	pageNonce: string,
	tokenAction: string | null,
	options: Pick< AjaxOptions, 'url' | 'messages' >
): Promise< string > {
	if ( ! tokenAction ) {
		return Promise.resolve( pageNonce );
	}
	fresh ??= postAction( tokenAction, {}, options )
		.then( ( text ) => {
			const answer = JSON.parse( text );
			const nonce = answer?.success ? answer?.data?.nonce : null;
			return typeof nonce === 'string' && nonce !== ''
				? nonce
				: pageNonce;
		} )
		.catch( () => pageNonce );
	return fresh;
}

/** Forgets the fresh nonce (tests: each is a new page load). */
export function forgetNonce(): void {
	fresh = null;
}
