import type { Strategy } from '../types';
import { load } from './load';
import { idle } from './idle';
import { visible } from './visible';
import { interaction } from './interaction';
import { scroll } from './scroll';

export const strategies: Record< string, Strategy > = {
	load,
	idle,
	visible,
	interaction,
	scroll,
};

/**
 * The strategy named by data-tp-when; an unknown or missing name falls back to idle.
 */
export function strategyFor( element: HTMLElement ): Strategy {
	const name = element.dataset.tpWhen || 'idle';
	// Own keys only: "constructor" or "__proto__" must not pick up what every object inherits.
	return {}.hasOwnProperty.call( strategies, name )
		? strategies[ name ]!
		: idle;
}
