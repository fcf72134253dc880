import type { Strategy } from '../types';

/**
 * Mounts half a second after the visitor has scrolled the page past data-tp-scroll pixels
 * (back-to-top has nothing to do before that), or after the page opens already scrolled that far.
 * The half second is for a tap that comes at once: a scroll to a listing's page links is often
 * followed by a tap on one, and that page's answer goes first (the runtime holds every island's
 * download until it has come); started at the scroll, React's download would share a slow
 * phone's bandwidth with it.
 */
export const scroll: Strategy = ( element, start ) => {
	const threshold = Number( element.dataset.tpScroll ) || 0;
	const check = () => {
		if ( scrollY > threshold ) {
			removeEventListener( 'scroll', check );
			setTimeout( start, 500 );
		}
	};
	addEventListener( 'scroll', check, { passive: true } );
	check();
};
