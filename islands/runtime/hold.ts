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
 *   start at once (runtime.ts, props.early); so is the control a finger or pen first arrives on
 *   (the interaction strategy's event), which on a phone is the press just before its click.
 */
export interface Hold {
	/** Stops holding and hands over the click held so far, if any. */
	take: () => HTMLElement | null;
	/** Whether a pointer or key pressed inside the island is still down. */
	pressed: () => boolean;
	/** The first sign of intent: a finger or pen on a replayable control, told to `ask` too. */
	intent: ( event?: unknown ) => void;
}

export function hold(
	element: HTMLElement,
	begin: () => void,
	ask: ( control: HTMLElement, clicked?: boolean ) => void
): Hold {
	const selector = element.dataset.tpReplay;
	let held: HTMLElement | null = null;
	let pressed = false;
	const controlOf = ( event: Event ) => {
		const control =
			selector &&
			( event.target as Element ).closest< HTMLElement >( selector );
		return control && element.contains( control ) ? control : null;
	};
	const onClick = ( event: MouseEvent ) => {
		const control = controlOf( event );
		if (
			control &&
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
			ask( control, true );
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
		intent( event ) {
			// A finger or a pen ("touch", "pen" sort after "mouse"; a key, a focus or an idle
			// callback's deadline has no pointerType): on a phone the pointer arrives on a link
			// as it is pressed, just before the click. A mouse passing over links or keys moving
			// focus through them would ask for pages nobody opens.
			if (
				( event as PointerEvent | undefined )?.pointerType! > 'mouse'
			) {
				const control = controlOf( event as Event );
				if ( control ) {
					ask( control );
				}
			}
		},
	};
}
