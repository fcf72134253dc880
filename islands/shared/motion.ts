/** True when the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
	return (
		typeof window.matchMedia === 'function' &&
		window.matchMedia( '(prefers-reduced-motion: reduce)' ).matches
	);
}

/**
 * jQuery's default "swing" easing, so timings match the original site's animations.
 */
export function swing( progress: number ): number {
	return 0.5 - Math.cos( progress * Math.PI ) / 2;
}

/**
 * Scrolls the window to `top` over `duration` ms (at once with reduced motion or a zero duration).
 * Resolves when the scroll ends.
 */
export function scrollWindowTo(
	top: number,
	duration: number
): Promise< void > {
	const start = window.scrollY;
	const target = Math.max( 0, top );
	if ( duration <= 0 || prefersReducedMotion() || start === target ) {
		window.scrollTo( 0, target );
		return Promise.resolve();
	}
	return new Promise( ( resolve ) => {
		const began = performance.now();
		const step = ( now: number ) => {
			// A frame's timestamp is when the frame began, which can be a little before `began`:
			// clamped, so the first frame does not nudge the page and the second pull it back.
			const progress = Math.min(
				1,
				Math.max( 0, ( now - began ) / duration )
			);
			window.scrollTo(
				0,
				start + ( target - start ) * swing( progress )
			);
			if ( progress < 1 ) {
				window.requestAnimationFrame( step );
			} else {
				resolve();
			}
		};
		window.requestAnimationFrame( step );
	} );
}
