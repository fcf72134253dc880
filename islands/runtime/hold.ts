/**
 * What a visitor does to an island before it has mounted must not be lost.
 *
 * - A plain click on one of the island's replayable controls (data-tp-replay) is held: its
 *   default action (a full page load, for a page link) is prevented, and the mounted island gets
 *   the click instead. If the island cannot mount, the click gets its native action after all.
 * - A pointer or key still pressed inside the island delays the mount until it is released, so
 *   the click that follows lands on the element that received the press (mount.tsx waits; the
 *   runtime only keeps track, to stay small).
 * - A held click is also told to `ask`, so the request the mounted island will make for it can
 *   start at once (runtime.ts, props.early).
 */
export interface Hold {
	/** Stops holding and hands over the click held so far, if any. */
	take: () => HTMLElement | null;
	/** Whether a pointer or key pressed inside the island is still down. */
	pressed: () => boolean;
}

export function hold(
	element: HTMLElement,
	begin: () => void,
	ask: ( control: HTMLElement ) => void
): Hold {
	const selector = element.dataset.tpReplay;
	let held: HTMLElement | null = null;
	let pressed = false;
	const onClick = ( event: MouseEvent ) => {
		const control =
			selector &&
			( event.target as Element ).closest< HTMLElement >( selector );
		if (
			control &&
			element.contains( control ) &&
			! event.defaultPrevented &&
			! event.button &&
			! (
				event.metaKey ||
				event.ctrlKey ||
				event.shiftKey ||
				event.altKey
			)
		) {
			event.preventDefault();
			held = control;
			element.setAttribute( 'aria-busy', 'true' );
			ask( control );
			// A click from assistive technology comes with no pointer or focus event first.
			begin();
		}
	};
	const press = () => ( pressed = true );
	const release = () => ( pressed = false );
	element.addEventListener( 'click', onClick, true );
	[ 'pointerdown', 'keydown' ].forEach( ( type ) =>
		element.addEventListener( type, press, true )
	);
	[ 'pointerup', 'pointercancel', 'keyup' ].forEach( ( type ) =>
		addEventListener( type, release, true )
	);
	return {
		take() {
			element.removeEventListener( 'click', onClick, true );
			element.removeAttribute( 'aria-busy' );
			const control = held;
			held = null;
			return control;
		},
		pressed: () => pressed,
	};
}
