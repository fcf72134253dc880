/**
 * Finds, in an island's mounted markup, the element that stands for one of its server-rendered
 * elements: the control a visitor had focused, or the one they clicked, before React replaced
 * the server nodes. Loaded with the mount chunk, after React.
 *
 * A control is known by what a visitor knows it by: its role (a <summary> is the button that
 * replaces it), where it leads, its page number or field name, and its words. When no element
 * matches that, the one at the same position among the island's focusable elements is used.
 */
const FOCUSABLE =
	'a[href],button,input,select,textarea,summary,[tabindex]:not([tabindex="-1"])';

function signature( element: Element ): string {
	const role = element.localName === 'summary' ? 'button' : element.localName;
	return [
		role,
		element.getAttribute( 'href' ),
		element.getAttribute( 'data-page' ),
		element.getAttribute( 'name' ),
		element.textContent?.trim(),
	].join( '|' );
}

function focusables( roots: Node[] ): Element[] {
	return roots.flatMap( ( root ) =>
		root instanceof Element
			? [
					...( root.matches( FOCUSABLE ) ? [ root ] : [] ),
					...root.querySelectorAll( FOCUSABLE ),
			  ]
			: []
	);
}

/**
 * @param target   An element of the server markup.
 * @param previous The island's server-rendered nodes (detached now, still holding their tree).
 * @param island   The island's container, holding the mounted markup.
 */
export function counterpart(
	target: Element,
	previous: Node[],
	island: HTMLElement
): HTMLElement | null {
	const candidates = focusables( [ island ] );
	const wanted = signature( target );
	const same = candidates.find(
		( candidate ) => signature( candidate ) === wanted
	);
	const index = focusables( previous ).indexOf( target );
	return ( same ||
		( index >= 0 ? candidates[ index ] : undefined ) ||
		null ) as HTMLElement | null;
}

/**
 * Gives focus to the counterpart of the element that had it, with the caret or selection of a
 * text field where it was.
 */
export function restoreFocus(
	focused: HTMLElement,
	previous: Node[],
	island: HTMLElement
): void {
	const next = counterpart( focused, previous, island );
	if ( ! next ) {
		return;
	}
	next.focus( { preventScroll: true } );
	if (
		( focused instanceof HTMLInputElement ||
			focused instanceof HTMLTextAreaElement ) &&
		( next instanceof HTMLInputElement ||
			next instanceof HTMLTextAreaElement ) &&
		next.value === focused.value
	) {
		try {
			next.setSelectionRange(
				focused.selectionStart,
				focused.selectionEnd,
				focused.selectionDirection ?? undefined
			);
		} catch {
			// Inputs without a caret (checkbox, number…) have no selection to give back.
		}
	}
}
