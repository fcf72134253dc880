import type { ScriptDescription, ScriptPart } from './types';

const hinted = new Set< string >();

/**
 * A script WordPress already printed carries the id "<handle>-js": never load React twice. Only
 * a <script> counts: post content can give any element that id (and so stop React loading).
 */
export const printed = ( handle: string ) =>
	document.querySelector( `script[id="${ handle }-js"]` );

/**
 * Adds an element to <head> with the attributes WordPress's filters gave the same tag, so a page
 * under a nonce-based Content-Security-Policy runs what the runtime adds as it runs what
 * WordPress prints.
 */
export function append< Tag extends 'script' | 'link' >(
	tag: Tag,
	script: ScriptDescription,
	part: ScriptPart,
	properties: Partial< HTMLElementTagNameMap[ Tag ] >
): HTMLElementTagNameMap[ Tag ] {
	const element = Object.assign( document.createElement( tag ), properties );
	const attributes = script.attributes?.[ part ] || {};
	for ( const name in attributes ) {
		element.setAttribute( name, attributes[ name ]! );
	}
	// Browsers since 2022 keep the nonce the policy checks in the property (the attribute is
	// hidden once the element is in the page); older engines read only the attribute, set above.
	if ( attributes.nonce ) {
		element.nonce = attributes.nonce;
	}
	document.head.append( element );
	return element;
}

/**
 * The runtime's own nonce: under a nonce-based policy, the modules it preloads carry it too. From
 * the <script> only, never an element of post content with the same id.
 */
const nonce =
	document.querySelector< HTMLScriptElement >( 'script#tenderpress-runtime' )
		?.nonce || '';

/**
 * Starts downloading an island's modules and the chunks they import, all at once, while
 * WordPress's scripts load: on a slow network that is one round trip instead of one per level
 * of imports (the modules run only once React is there).
 */
export function preloadModules( urls: string[] ) {
	urls.forEach( ( href ) =>
		hint( href, {}, { rel: 'modulepreload', href, nonce } )
	);
}

/** One preload hint per script or module and page. */
function hint(
	key: string,
	script: ScriptDescription,
	properties: Partial< HTMLLinkElement >
) {
	if ( ! hinted.has( key ) ) {
		hinted.add( key );
		append( 'link', script, 'src', properties );
	}
}

/**
 * Starts downloading scripts all at once (with their own attributes: a preload without its nonce
 * is blocked, and one without its integrity or crossorigin is not used and the file is fetched
 * again), so running them in order (load.ts) costs no extra round trips.
 */
export function preloadScripts(
	handles: string[],
	scripts: Record< string, ScriptDescription >
) {
	for ( const handle of handles ) {
		const script = scripts[ handle ];
		if ( script?.src && ! printed( handle ) ) {
			hint( handle, script, {
				rel: 'preload',
				as: 'script',
				href: script.src,
			} );
		}
	}
}

/** What load.ts creates elements with: the runtime's, so each is written once. */
export interface ElementTools {
	append: typeof append;
	printed: typeof printed;
}
