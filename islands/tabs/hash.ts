/**
 * Deep links into tabs and accordions: which element a URL hash or an in-page link names, and
 * where the page scrolls to show it.
 */

/** How long in-page scrolls to a tab or accordion section take (ms). */
export const SCROLL_DURATION = 300;

/** A hash change this soon (ms) after our own activation of the same target is ours: ignored. */
export const SUPPRESS_WINDOW = 100;

/**
 * The element id a hash names, or null when it names none that may be used.
 *
 * - '#!…' is treated as '#…' (the spec's '#!' links): '#!fees' names 'fees'.
 * - A percent-encoded hash is decoded first; one that does not decode names nothing.
 * - A name listed in `aliases` (a browser name, as the server maps it) is replaced by its id.
 * - The result must follow `rule` (the spec's: a letter, then only letters, digits, '-', '_',
 *   ':' or '.', which the server sends from the section block's anchor attribute), so a selector,
 *   markup or script never gets through.
 */
export function hashTarget(
	hash: string,
	rule: RegExp,
	aliases: Readonly< Record< string, string > > = {}
): string | null {
	let name = hash.startsWith( '#' ) ? hash.slice( 1 ) : hash;
	if ( name.startsWith( '!' ) ) {
		name = name.slice( 1 );
	}
	if ( name === '' ) {
		return null;
	}
	try {
		name = decodeURIComponent( name );
	} catch {
		return null;
	}
	if ( Object.prototype.hasOwnProperty.call( aliases, name ) ) {
		name = aliases[ name ]!;
	}
	return rule.test( name ) ? name : null;
}

/**
 * The id an in-page link names, or null for a link that leaves the page (another path, query or
 * origin), has no hash, or whose hash names nothing usable.
 */
export function linkTarget(
	link: HTMLAnchorElement,
	here: Location,
	rule: RegExp,
	aliases: Readonly< Record< string, string > > = {}
): string | null {
	const href = link.getAttribute( 'href' );
	if ( href === null || link.hash === '' ) {
		return null;
	}
	// A '#!' link is treated as '#' on this page, whatever the browser made of the rest of the
	// address (the island then opens it without following it as a fragment).
	if ( href.startsWith( '#!' ) ) {
		return hashTarget( href, rule, aliases );
	}
	if (
		link.origin !== here.origin ||
		link.pathname !== here.pathname ||
		link.search !== here.search
	) {
		return null;
	}
	return hashTarget( link.hash, rule, aliases );
}

/**
 * The page offset to scroll to so that `element` sits `offset` px below the top of the window
 * (the container's custom-id-offset, room for a fixed header), never above the page's start.
 */
export function scrollTargetTop(
	element: Element,
	offset: number,
	scrollY: number
): number {
	return Math.max(
		0,
		Math.round( element.getBoundingClientRect().top + scrollY - offset )
	);
}
