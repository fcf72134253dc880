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
 * Mounts on the first sign of use; the server markup handles that first use on its own.
 */
export const interaction: Strategy = ( element, start ) => {
	const trigger = () => {
		INTERACTION_EVENTS.forEach( ( type ) =>
			element.removeEventListener( type, trigger )
		);
		start();
	};
	INTERACTION_EVENTS.forEach( ( type ) =>
		element.addEventListener( type, trigger, { passive: true } )
	);
};
