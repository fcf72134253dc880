import type { Strategy } from '../types';

/** The spec's lazy-load root margin: start a little before the island scrolls into view. */
export const ROOT_MARGIN = '200px';

/**
 * Mounts when the island comes within 200 px of the viewport; the observer stops at the first hit.
 */
export const visible: Strategy = ( element, start ) => {
	if ( ! ( 'IntersectionObserver' in window ) ) {
		start();
		return;
	}
	const observer = new IntersectionObserver(
		( entries ) => {
			if ( entries.some( ( entry ) => entry.isIntersecting ) ) {
				observer.disconnect();
				start();
			}
		},
		{ rootMargin: ROOT_MARGIN }
	);
	observer.observe( element );
};
