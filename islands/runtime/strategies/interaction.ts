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
 * Mounts on the first sign of use of the island, or of the part of it named by data-tp-intent
 * (the paginator's page links rather than the whole listing). The server markup handles that
 * first use on its own, or the runtime holds the click for the island (data-tp-replay).
 */
export const interaction: Strategy = ( element, start ) => {
	const selector = element.dataset.tpIntent;
	const target = ( selector && element.querySelector( selector ) ) || element;
	const trigger = () => {
		INTERACTION_EVENTS.forEach( ( type ) =>
			target.removeEventListener( type, trigger )
		);
		start();
	};
	INTERACTION_EVENTS.forEach( ( type ) =>
		target.addEventListener( type, trigger, { passive: true } )
	);
};
