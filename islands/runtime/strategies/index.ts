import type { Strategy } from '../types';
import { load } from './load';
import { idle } from './idle';
import { visible } from './visible';
import { interaction } from './interaction';

export const strategies: Record< string, Strategy > = {
	load,
	idle,
	visible,
	interaction,
};

/**
 * The strategy named by data-tp-when; an unknown or missing name falls back to idle.
 */
export function strategyFor( element: HTMLElement ): Strategy {
	return strategies[ element.dataset.tpWhen || 'idle' ] || idle;
}
