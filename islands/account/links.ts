import type { AccountView } from './types';

/** How long after a link opened a popup its popup-selector element is clicked. */
export const SELECTOR_DELAY_MS = 300;

/** What a page's query asks of the popups (spec: popup-selector with {addon}-lostpassword/-resetpassword). */
export interface PopupRequest {
	view: Exclude< AccountView, 'login' >;
	/** The element to click, as a selector, or null when none or not a usable one. */
	selector: string | null;
}

/**
 * The selector a popup-selector value names: underscores stand for spaces (a link cannot easily
 * carry them), and only a value that starts with a letter, '.' or '#' is used (spec §5); anything
 * else, or a value no browser can parse, names nothing.
 */
export function selectorFrom(
	raw: string | null,
	doc: Document = document
): string | null {
	if ( ! raw || ! /^[A-Za-z.#]/.test( raw ) ) {
		return null;
	}
	const selector = raw.replace( /_/g, ' ' );
	try {
		doc.createDocumentFragment().querySelector( selector );
	} catch {
		return null;
	}
	return selector;
}

/** The popup a page's query string opens, if any. */
export function popupRequest(
	search: string,
	args: { lost: string; reset: string; selector: string }
): PopupRequest | null {
	const query = new URLSearchParams( search );
	let view: PopupRequest[ 'view' ] | null = null;
	if ( query.has( args.reset ) ) {
		view = 'reset';
	} else if ( query.has( args.lost ) ) {
		view = 'lost';
	}
	if ( ! view ) {
		return null;
	}
	return {
		view,
		selector: selectorFrom( query.get( args.selector ) ),
	};
}

/**
 * The page's address without the popup's arguments: what the address bar shows once the popup
 * took them, and where a sign-in returns. The server already moved the reset key out of the
 * address before the page was sent (php/Accounts/ResetLink.php); `key` and `login` are dropped
 * here too, should a page cache have answered that request.
 */
export function withoutPopupArgs(
	href: string,
	args: { lost: string; reset: string; selector: string }
): string {
	const url = new URL( href );
	const hadReset = url.searchParams.has( args.reset );
	if (
		! hadReset &&
		! url.searchParams.has( args.lost ) &&
		! url.searchParams.has( args.selector )
	) {
		// Nothing to take out: the address as it was, its query's own spelling kept.
		return href;
	}
	for ( const name of [ args.lost, args.reset, args.selector ] ) {
		url.searchParams.delete( name );
	}
	if ( hadReset ) {
		url.searchParams.delete( 'key' );
		url.searchParams.delete( 'login' );
	}
	return url.toString();
}
