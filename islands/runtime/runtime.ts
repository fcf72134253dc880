import { dispatch, ERROR, MOUNTED } from './events';
import { hold, type Hold } from './hold';
import { resolveDefinition, type IslandRegistry } from './registry';
import { loadScripts as loadWordPressScripts, preloadModules } from './scripts';
import { strategyFor } from './strategies';
import type {
	IslandDefinition,
	RuntimeConfig,
	ScriptDescription,
} from './types';

export interface MountModule {
	mountIsland: (
		element: HTMLElement,
		definition: IslandDefinition< any >,
		props: unknown,
		onLateError: ( error: unknown ) => void,
		held?: Hold
	) => Promise< unknown >;
}

export interface RuntimeOptions {
	config: RuntimeConfig;
	registry: IslandRegistry;
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

function readProps( element: HTMLElement ): unknown {
	const script = element.querySelector( ':scope > script[data-tp-props]' );
	return script ? JSON.parse( script.textContent || '{}' ) : {};
}

/**
 * Finds every island under `root` that is not yet handled, and mounts each when its strategy says.
 * Each island is mounted on its own: one that fails keeps its server markup and reports
 * `tenderpress:island-error`; the others carry on.
 */
export function startIslands(
	root: ParentNode,
	options: RuntimeOptions
): void {
	const { config, registry } = options;
	const importModule =
		options.importModule ||
		( ( url: string ) => import( /* @vite-ignore */ url ) );
	const loadScripts = options.loadScripts || loadWordPressScripts;

	const hydrate = async ( element: HTMLElement, held: Hold ) => {
		const name = element.dataset.tpIsland || '';
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
			const loader =
				registry.get( name ) ||
				( fromConfig &&
					( () =>
						importWithRetry( importModule, fromConfig.module ) ) );
			if ( ! loader ) {
				throw new Error( `no island "${ name }"` );
			}
			preloadModules( [
				...( fromConfig?.preload || [] ),
				...( config.mountPreload || [] ),
			] );
			await loadScripts(
				fromConfig?.scripts || config.mountScripts || [],
				config.scripts
			);
			const [ definition, mount ] = await Promise.all( [
				resolveDefinition( loader ),
				importWithRetry(
					importModule,
					config.mount
				) as Promise< MountModule >,
			] );
			await mount.mountIsland(
				element,
				definition,
				readProps( element ),
				reportError,
				held
			);
			element.dataset.tpState = 'mounted';
			dispatch( element, MOUNTED, { island: name, element } );
			// A User Timing mark, so Lighthouse and the bench can say when each island was ready.
			performance.mark( `tenderpress:${ name }:mounted` );
		} catch ( error ) {
			reportError( error );
			// The server markup is back in place: the held click gets its native action after all.
			held.take()?.click();
		}
	};

	root.querySelectorAll< HTMLElement >( '[data-tp-island]' ).forEach(
		( element ) => {
			if ( element.dataset.tpState ) {
				return;
			}
			element.dataset.tpState = 'waiting';
			const start = () => {
				if ( element.dataset.tpState === 'waiting' ) {
					element.dataset.tpState = 'loading';
					hydrate( element, held );
				}
			};
			const held = hold( element, start );
			strategyFor( element )( element, start );
		}
	);
}
