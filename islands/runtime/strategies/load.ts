import type { Strategy } from '../types';

/**
 * Mounts as soon as the runtime runs.
 */
export const load: Strategy = ( _element, start ) => start();
