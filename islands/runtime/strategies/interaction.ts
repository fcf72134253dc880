import type { Strategy } from '../types';

/** Events that mean a visitor is about to use the island: pointer over or down, touch, focus, keys. */
export const INTERACTION_EVENTS = [
	'pointerover',
	'pointerdown',
	'touchstart',
	'focusin',
	'keydown',
] as const;

/**
 * Mounts on the first sign of use of the island, or of the parts of it named by data-tp-intent
 * (the paginator's page links and filter form rather than the whole listing). The server markup
 * handles that first use on its own, or the runtime holds the click for the island
 * (data-tp-replay). The event goes to `start`: a pointer over or press on a replayable control
 * starts the request its click will make.
 */
export const interaction: Strategy = ( element, start ) => {
	const selector = element.dataset.tpIntent;
	const parts = selector
		? [ ...element.querySelectorAll< HTMLElement >( selector ) ]
		: [];
	const targets = parts.length ? parts : [ element ];
	const trigger = ( event: Event ) => {
		targets.forEach( ( target ) =>
			INTERACTION_EVENTS.forEach( ( type ) =>
				target.removeEventListener( type, trigger )
			)
		);
		start( event );
	};
	targets.forEach( ( target ) =>
		INTERACTION_EVENTS.forEach( ( type ) =>
			target.addEventListener( type, trigger, { passive: true } )
		)
	);
};
