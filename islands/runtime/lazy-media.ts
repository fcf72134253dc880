/**
 * Lazy media: gives each stand-in php/Content/LazyMedia.php printed its real address once it
 * comes within the spec's 200 px of the viewport. No React and no island: a classic script of a
 * few hundred bytes, printed inline in the footer of the pages that have a stand-in
 * (lazy-media-page.ts is its entry).
 */
import { ROOT_MARGIN } from './strategies/visible';

/** The attributes PHP writes (LazyMedia::MARKER, SRC and SRCSET). */
const MARKER = 'data-tp-lazy';
const SRC = 'data-tp-src';
const SRCSET = 'data-tp-srcset';

/**
 * A carousel's slide: when one slide's media load, its neighbours' do too, so the slide it
 * turns to next is ready (the track clips them, so they never come near the viewport first).
 */
const SLIDE = '.tp-carousel__slide';

/**
 * Whether an address is a web address (http or https, or relative to the page). The marker and
 * the addresses are data-* attributes, which post content by anyone may carry and WordPress's
 * filter does not check as it checks `src`: a `javascript:` address must never become a frame's
 * `src` here (islands/runtime/README.md, "Trust").
 */
function isWebAddress( src: string ): boolean {
	try {
		return /^https?:$/.test( new URL( src, document.baseURI ).protocol );
	} catch {
		return false;
	}
}

/** Gives one stand-in its real address (the srcset first, so the browser picks once). */
export function show( element: Element ): void {
	const src = element.getAttribute( SRC );
	if (
		! element.hasAttribute( MARKER ) ||
		src === null ||
		! isWebAddress( src )
	) {
		return;
	}
	const srcset = element.getAttribute( SRCSET );
	if ( srcset !== null ) {
		element.setAttribute( 'srcset', srcset );
	}
	element.setAttribute( 'src', src );
	element.removeAttribute( MARKER );
}

/**
 * Watches every stand-in under `root`; each loads once, near the viewport. A browser without
 * IntersectionObserver gets every picture at once, as does printing: a stand-in must never be
 * what a visitor is left with.
 */
export function watchLazyMedia( root: ParentNode = document ): void {
	const selector = `[${ MARKER }]`;
	const showAll = () => root.querySelectorAll( selector ).forEach( show );
	if ( typeof IntersectionObserver !== 'function' ) {
		showAll();
		return;
	}
	addEventListener( 'beforeprint', showAll );
	const observer = new IntersectionObserver(
		( entries ) => {
			for ( const entry of entries ) {
				if ( ! entry.isIntersecting ) {
					continue;
				}
				observer.unobserve( entry.target );
				show( entry.target );
				// The neighbours stay watched: when one comes into view in turn, its own
				// neighbour loads.
				const slide = entry.target.closest( SLIDE );
				for ( const neighbour of [
					slide?.previousElementSibling,
					slide?.nextElementSibling,
				] ) {
					neighbour?.querySelectorAll( selector ).forEach( show );
				}
			}
		},
		{ rootMargin: ROOT_MARGIN }
	);
	root.querySelectorAll( selector ).forEach( ( element ) =>
		observer.observe( element )
	);
}
