/**
 * Sets an island's state on its container (`data-tp-remembered`, which CSS shows) and keeps it
 * for the visit under the container's `data-tp-remember` key, where the runtime finds it on the
 * next page (islands/runtime/remember.ts); null clears it.
 */
export function remember( element: HTMLElement, value: string | null ): void {
	element.dataset.tpRemembered = value ?? '';
	const key = element.dataset.tpRemember;
	if ( ! key ) {
		return;
	}
	try {
		if ( value === null ) {
			sessionStorage.removeItem( key );
		} else {
			sessionStorage.setItem( key, value );
		}
	} catch {
		// Storage refused: the state shows on this page and is not kept.
	}
}
