/**
 * The islands runtime: the only first-party script a page loads eagerly, and only when the page
 * has islands. It reads the config PHP printed, exposes window.tenderpress (the registry) and
 * mounts each island when its strategy says.
 */
import { createRegistry, type IslandRegistry } from './registry';
import { startIslands } from './runtime';
import type { RuntimeConfig } from './types';

type QueuedCallback = ( api: TenderPressApi ) => void;

export interface TenderPressApi extends IslandRegistry {
	/**
	 * Mounts server-rendered islands added to the page after load. Markup from another
	 * request of the server (a REST answer) mounts when its `instances` are given with it.
	 */
	scan: ( root?: ParentNode, instances?: Record< string, string > ) => void;
}

declare global {
	interface Window {
		tenderpress?: TenderPressApi;
		/** Callbacks queued by theme scripts that run before the runtime. */
		tenderpressQueue?:
			| QueuedCallback[]
			| { push: ( callback: QueuedCallback ) => void };
	}
}

// PHP prints the config with the runtime, in a <script>: post content (without unfiltered_html)
// cannot make one, whatever id it gives its elements. A page without it still gets a registry
// and scan(), and mounts nothing.
const config: RuntimeConfig = JSON.parse(
	document.querySelector( 'script#tenderpress-islands' )?.textContent ||
		'{"instances":{}}'
);
const registry = createRegistry();
// The build's folder, from where this file was loaded (build/runtime-….js): the only place
// modules may come from. (Not `new URL( '.', import.meta.url )`, which Vite takes for an asset.)
const base = import.meta.url.replace( /[^/]*$/, '' );
const api: TenderPressApi = {
	...registry,
	scan: ( root = document, instances ) => {
		Object.assign( config.instances, instances );
		startIslands( root, { config, registry, base } );
	},
};
window.tenderpress = api;

const queued = Array.isArray( window.tenderpressQueue )
	? window.tenderpressQueue
	: [];
window.tenderpressQueue = {
	push: ( callback: QueuedCallback ) => callback( api ),
};
queued.forEach( ( callback ) => callback( api ) );

api.scan();
