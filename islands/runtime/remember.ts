/**
 * An island's state kept for the visit, put back before the island loads (which may be never):
 * a container with `data-tp-remember="<sessionStorage key>"` gets the stored value as
 * `data-tp-remembered`, and CSS shows that state at once. The floating share bar a visitor hid
 * stays hidden from page to page without loading React. The key's one home is the server's
 * markup (Share::REMEMBER); the island writes the value (islands/shared/remember.ts).
 */
export function restoreRemembered( element: HTMLElement ): void {
	const key = element.dataset.tpRemember;
	if ( key ) {
		try {
			// No value gives an empty attribute, which no state's CSS matches.
			element.dataset.tpRemembered = sessionStorage.getItem( key ) ?? '';
		} catch {
			// Storage refused (private mode, a sandboxed frame): the state is simply not kept.
		}
	}
}
