import type { Strategy } from '../types';

/** The spec's lazy-load root margin: start a little before the island scrolls into view. */
export const ROOT_MARGIN = '200px';

/**
 * Mounts when the island comes within 200 px of the viewport; the observer stops at the first hit.
 * Every browser that runs module scripts (the runtime is one) has IntersectionObserver.
 */
export const visible: Strategy = ( element, start ) => {
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
