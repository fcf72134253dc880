import type { Strategy } from '../types';

/**
 * Mounts once the visitor has scrolled the page past data-tp-scroll pixels (back-to-top has
 * nothing to do before that), or at once when the page opens already scrolled that far.
 */
export const scroll: Strategy = ( element, start ) => {
	const threshold = Number( element.dataset.tpScroll ) || 0;
	const check = () => {
		if ( scrollY > threshold ) {
			removeEventListener( 'scroll', check );
			start();
		}
	};
	addEventListener( 'scroll', check, { passive: true } );
	check();
};
