import type { ScriptDescription } from './types';

const pending = new Map< string, Promise< void > >();

function runInline( code: string | undefined ) {
	if ( code ) {
		const script = document.createElement( 'script' );
		script.textContent = code;
		document.head.append( script );
	}
}

/**
 * Loads one WordPress script (with its inline before/after parts) once per page.
 */
function loadScript(
	handle: string,
	script: ScriptDescription | undefined
): Promise< void > {
	let promise = pending.get( handle );
	// A script WordPress already printed carries the id "<handle>-js": never load React twice.
	if (
		! promise &&
		( ! script || document.getElementById( `${ handle }-js` ) )
	) {
		promise = Promise.resolve();
	}
	if ( ! promise ) {
		promise = new Promise< void >( ( resolve, reject ) => {
			runInline( script!.before );
			if ( ! script!.src ) {
				runInline( script!.after );
				resolve();
				return;
			}
			const element = document.createElement( 'script' );
			element.src = script!.src;
			element.id = `${ handle }-js`;
			element.async = false;
			element.onload = () => {
				runInline( script!.after );
				resolve();
			};
			element.onerror = () => {
				pending.delete( handle );
				element.remove();
				reject( new Error( `could not load ${ handle }` ) );
			};
			document.head.append( element );
		} );
	}
	pending.set( handle, promise );
	return promise;
}

const preloaded = new Set< string >();

/**
 * Loads scripts one after another, in the order given (dependencies first). They all start
 * downloading at once through preload hints, so keeping the order costs no extra round trips.
 */
export function loadScripts(
	handles: string[],
	scripts: Record< string, ScriptDescription >
): Promise< void > {
	for ( const handle of handles ) {
		const src = scripts[ handle ]?.src;
		if (
			src &&
			! pending.has( handle ) &&
			! preloaded.has( src ) &&
			! document.getElementById( `${ handle }-js` )
		) {
			preloaded.add( src );
			const hint = document.createElement( 'link' );
			hint.rel = 'preload';
			hint.as = 'script';
			hint.href = src;
			document.head.append( hint );
		}
	}
	return handles.reduce< Promise< void > >(
		( chain, handle ) =>
			chain.then( () => loadScript( handle, scripts[ handle ] ) ),
		Promise.resolve()
	);
}
