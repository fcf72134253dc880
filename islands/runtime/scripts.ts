import type { ScriptDescription, ScriptPart } from './types';

const pending = new Map< string, Promise< void > >();
const hinted = new Set< string >();

/**
 * A script WordPress already printed carries the id "<handle>-js": never load React twice. Only
 * a <script> counts: post content can give any element that id (and so stop React loading).
 */
const printed = ( handle: string ) =>
	document.querySelector( `script[id="${ handle }-js"]` );

/**
 * Adds an element to <head> with the attributes WordPress's filters gave the same tag, so a page
 * under a nonce-based Content-Security-Policy runs what the runtime adds as it runs what
 * WordPress prints.
 */
function append< Tag extends 'script' | 'link' >(
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

function runInline(
	handle: string,
	script: ScriptDescription,
	part: Exclude< ScriptPart, 'src' >
) {
	const code = script[ part ];
	if ( code ) {
		append( 'script', script, part, {
			id: `${ handle }-js-${ part }`,
			textContent: code,
		} );
	}
}

/**
 * Loads one WordPress script (its file and inline parts, as WP_Scripts prints them) once per page.
 */
function loadScript(
	handle: string,
	script: ScriptDescription | undefined
): Promise< void > {
	if ( ! pending.has( handle ) ) {
		pending.set(
			handle,
			! script || printed( handle )
				? Promise.resolve()
				: new Promise< void >( ( resolve, reject ) => {
						const finish = () => {
							runInline( handle, script, 'after' );
							resolve();
						};
						runInline( handle, script, 'translations' );
						runInline( handle, script, 'before' );
						if ( ! script.src ) {
							finish();
							return;
						}
						const element = append( 'script', script, 'src', {
							src: script.src,
							id: `${ handle }-js`,
							async: false,
							onload: finish,
							onerror: () => {
								pending.delete( handle );
								element.remove();
								reject(
									new Error( `could not load ${ handle }` )
								);
							},
						} );
				  } )
		);
	}
	return pending.get( handle )!;
}

/**
 * Loads scripts one after another, in the order given (dependencies first). They all start
 * downloading at once through preload hints, so keeping the order costs no extra round trips.
 */
export function loadScripts(
	handles: string[],
	scripts: Record< string, ScriptDescription >
): Promise< void > {
	for ( const handle of handles ) {
		const script = scripts[ handle ];
		if ( script?.src && ! printed( handle ) ) {
			// With the script's own attributes: a preload without its nonce is blocked, and one
			// without its integrity or crossorigin is not used and the file is fetched again.
			hint( handle, script, {
				rel: 'preload',
				as: 'script',
				href: script.src,
			} );
		}
	}
	return handles.reduce< Promise< void > >(
		( chain, handle ) =>
			chain.then( () => loadScript( handle, scripts[ handle ] ) ),
		Promise.resolve()
	);
}
