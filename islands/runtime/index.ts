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
	/** Mounts islands added to the page after load (for example by another script). */
	scan: ( root?: ParentNode ) => void;
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

// PHP prints the config with the runtime; a page without it still gets a registry and scan().
const config: RuntimeConfig = JSON.parse(
	document.getElementById( 'tenderpress-islands' )?.textContent ||
		'{"mount":"","islands":{},"scripts":{}}'
);
const registry = createRegistry();
const api: TenderPressApi = {
	...registry,
	scan: ( root = document ) => startIslands( root, { config, registry } ),
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
