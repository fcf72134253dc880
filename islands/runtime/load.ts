/**
 * Runs WordPress's scripts in order, each once per page, as WP_Scripts prints them (translations,
 * before, the file, after). A module of its own, imported when a visitor first shows intent: the
 * one script every page loads (the runtime) only starts their download (scripts.ts).
 */
import type { ElementTools } from './scripts';
import type { ScriptDescription, ScriptPart } from './types';

const pending = new Map< string, Promise< void > >();

function runInline(
	{ append }: ElementTools,
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
	tools: ElementTools,
	handle: string,
	script: ScriptDescription | undefined
): Promise< void > {
	if ( ! pending.has( handle ) ) {
		pending.set(
			handle,
			! script || tools.printed( handle )
				? Promise.resolve()
				: new Promise< void >( ( resolve, reject ) => {
						const finish = () => {
							runInline( tools, handle, script, 'after' );
							resolve();
						};
						runInline( tools, handle, script, 'translations' );
						runInline( tools, handle, script, 'before' );
						if ( ! script.src ) {
							finish();
							return;
						}
						const element = tools.append( 'script', script, 'src', {
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
 * Loads scripts one after another, in the order given (dependencies first). The runtime started
 * their download before (preloadScripts()).
 */
export function loadScripts(
	handles: string[],
	scripts: Record< string, ScriptDescription >,
	tools: ElementTools
): Promise< void > {
	return handles.reduce< Promise< void > >(
		( chain, handle ) =>
			chain.then( () => loadScript( tools, handle, scripts[ handle ] ) ),
		Promise.resolve()
	);
}
