/**
 * What the server does for each island container it renders (php/Islands/IslandContainer.php):
 * gives it a random token and lists the token in the page's config. The runtime mounts no
 * container without one, so the tests' containers are "rendered" through here.
 */
import type { RuntimeConfig } from '../types';

/** The build's URL in the tests: the runtime imports and preloads modules from under it only. */
export const BASE = new URL( '/build/', location.href ).href;

let tokens = 0;

/** Lists the container in the config, as the server does for what it rendered for the page. */
export function serverRendered< Element extends HTMLElement >(
	element: Element,
	config: Pick< RuntimeConfig, 'instances' >
): Element {
	const token = `token-${ ++tokens }`;
	element.dataset.tpInstance = token;
	config.instances[ token ] = element.dataset.tpIsland!;
	return element;
}
