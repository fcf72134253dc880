import type { Strategy } from '../types';

/**
 * Mounts when the main thread is idle, or after 2 s at the latest, so it never delays first paint.
 */
export const idle: Strategy = ( _element, start ) => {
	if ( 'requestIdleCallback' in window ) {
		requestIdleCallback( start, { timeout: 2000 } );
	} else {
		setTimeout( start, 200 );
	}
};
