import { dispatch, ERROR, MOUNTED } from './events';
import { hold, type Hold } from './hold';
import type { IslandRegistry } from './registry';
import type { loadScripts as LoadScripts } from './load';
import { append, preloadModules, preloadScripts, printed } from './scripts';
import { strategyFor } from './strategies';
import type {
	EarlyPainter,
	EarlyRequest,
	IslandModule,
	RuntimeConfig,
	ScriptDescription,
} from './types';

export interface MountModule {
	mountIsland: (
		element: HTMLElement,
		name: string,
		loaded: IslandModule,
		props: unknown,
		onLateError: ( error: unknown ) => void,
		held?: Hold
	) => Promise< unknown >;
}

export interface RuntimeOptions {
	config: RuntimeConfig;
	registry: IslandRegistry;
	/**
	 * The plugin's build URL, ending in "/": where the runtime itself was loaded from
	 * (index.ts), never anything the page says. Every module the runtime imports or preloads
	 * must lie under it.
	 */
	base: string;
	/** Seams for tests; the defaults are the real module import and script loader. */
	importModule?: ( url: string ) => Promise< any >;
	loadScripts?: (
		handles: string[],
		scripts: Record< string, ScriptDescription >
	) => Promise< void >;
}

/**
 * Imports a module, trying once more after a failure (a flaky network should not cost the island).
 */
async function importWithRetry(
	importModule: ( url: string ) => Promise< any >,
	url: string
) {
	try {
		return await importModule( url );
	} catch {
		return importModule( url );
	}
}

/**
 * Finds every island under `root` that is not yet handled, and mounts each when its strategy says.
 * Each island is mounted on its own: one that fails keeps its server markup and reports
 * `tenderpress:island-error`; the others carry on.
 *
 * Only what the server rendered for this page mounts (islands/runtime/README.md, "Trust"): a
 * container whose `data-tp-instance` the config lists under its island's name, with its props in
 * a <script> child, which post content cannot produce. Anything else (markup typed into a post)
 * is left alone, without a state or an event.
 */
export function startIslands(
	root: ParentNode,
	options: RuntimeOptions
): void {
	const { config, registry, base } = options;
	/** The last page a visitor asked for at an intent, while it is on its way (ask()). */
	let asking: Promise< unknown > | undefined;
	/** A module URL under the build URL, or the island's error path. */
	const own = ( url: string ) => {
		if ( ! new URL( url, base ).href.startsWith( base ) ) {
			// The address is the message: the console's line already names the island.
			throw new Error( url );
		}
		return url;
	};
	const importModule =
		options.importModule ||
		( ( url: string ) => import( /* @vite-ignore */ url ) );
	const loadScripts =
		options.loadScripts ||
		( async (
			handles: string[],
			scripts: Record< string, ScriptDescription >
		) => {
			preloadScripts( handles, scripts );
			const loader: { loadScripts: typeof LoadScripts } =
				await importWithRetry( importModule, own( config.load ) );
			return loader.loadScripts( handles, scripts, { append, printed } );
		} );

	const hydrate = async (
		element: HTMLElement,
		name: string,
		props: Element,
		held: Hold
	) => {
		const reportError = ( error: unknown ) => {
			element.dataset.tpState = 'error';
			if (
				dispatch( element, ERROR, { island: name, element, error } )
			) {
				// eslint-disable-next-line no-console
				console.error( `[tenderpress:${ name }]`, error );
			}
		};
		try {
			const fromConfig = config.islands[ name ];
			const module = fromConfig?.module;
			const loader =
				registry.get( name ) ||
				( module &&
					( () => importWithRetry( importModule, own( module ) ) ) );
			if ( ! loader ) {
				throw new Error( `no island "${ name }"` );
			}
			// A page the visitor asked for at an intent comes first, whichever island asked:
			// on a phone's few connections, React and the islands' modules would otherwise
			// share the bandwidth with it.
			await asking;
			preloadModules(
				[
					...( fromConfig?.preload || [] ),
					...( config.mountPreload || [] ),
				].map( own )
			);
			await loadScripts(
				fromConfig?.scripts || config.mountScripts || [],
				config.scripts
			);
			const [ loaded, mount ] = await Promise.all( [
				loader(),
				importWithRetry(
					importModule,
					own( config.mount )
				) as Promise< MountModule >,
			] );
			// It marks the island mounted (data-tp-state, a User Timing mark): code in the
			// mount chunk rather than in the one script every page loads.
			await mount.mountIsland(
				element,
				name,
				loaded,
				// The server always prints an object there ({} for none).
				JSON.parse( props.textContent! ),
				reportError,
				held
			);
			dispatch( element, MOUNTED, { island: name, element } );
		} catch ( error ) {
			reportError( error );
			// The server markup is back in place: the held click gets its native action after all.
			held.take()?.click();
		}
	};

	root.querySelectorAll< HTMLElement >( '[data-tp-island]' ).forEach(
		( element ) => {
			const name = element.dataset.tpIsland;
			const props = element.querySelector(
				':scope > script[data-tp-props]'
			);
			if (
				element.dataset.tpState ||
				! props ||
				// A string: what every object inherits ("constructor") names no instance.
				config.instances[ element.dataset.tpInstance! ] !== name
			) {
				return;
			}
			element.dataset.tpState = 'waiting';
			/**
			 * Starts the request the island will make for a click on `control` (props.early),
			 * at the first intent toward one of its replayable controls and at a click held
			 * before the island has mounted, so its answer is on its way while React and the
			 * island load. For a held click, the island's early module (config) may show the
			 * answer before React does; the island then takes over the page it finds.
			 */
			const ask = ( control: HTMLElement, clicked?: boolean ) => {
				const raw = JSON.parse( props.textContent! );
				const early: EarlyRequest | undefined = raw.early;
				const key = early && control.dataset[ early.from ];
				if ( ! key ) {
					return;
				}
				const asked =
					element.tpEarly?.key === key
						? element.tpEarly
						: ( element.tpEarly = {
								key,
								// A failure is the island's to report (it reads no answer as
								// one); never an unhandled rejection, when it cannot mount.
								answer: fetch( early.url, {
									method: 'POST',
									body: new URLSearchParams( {
										...early.fields,
										[ early.from ]: key,
									} ),
								} ).catch( () => undefined ),
						  } );
				asking = asked.answer;
				// Beside the answer (React and the island wait for it); the island does without
				// the early module when it cannot load.
				const paint = config.islands[ name! ]?.early;
				if ( clicked && paint ) {
					importModule( own( paint ) ).then(
						( module: EarlyPainter ) =>
							module.paint( element, asked, raw, held.take ),
						() => undefined
					);
				}
			};
			const start = ( event?: unknown ) => {
				held.intent( event );
				if ( element.dataset.tpState === 'waiting' ) {
					element.dataset.tpState = 'loading';
					hydrate( element, name!, props, held );
				}
			};
			const held = hold( element, start, ask );
			strategyFor( element )( element, start );
		}
	);
}
