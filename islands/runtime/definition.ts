import type { IslandDefinition, IslandLoader, IslandModule } from './types';

/**
 * Accepts both `export default definition` modules and bare definitions. Used by mount.tsx, so
 * the eager runtime stays small.
 */
export async function resolveDefinition(
	loader: IslandLoader
): Promise< IslandDefinition< any > > {
	const loaded: IslandModule = await loader();
	const definition = 'default' in loaded ? loaded.default : loaded;
	if ( ! definition || typeof definition.component !== 'function' ) {
		throw new TypeError( 'no component' );
	}
	return definition;
}
