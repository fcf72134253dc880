import type { IslandDefinition, IslandLoader } from './types';

/**
 * Islands registered from JavaScript. An entry here wins over the chunk PHP named, so a theme can
 * replace one of ours or add its own without touching the build.
 */
export interface IslandRegistry {
	register: (
		name: string,
		island: IslandDefinition< any > | IslandLoader
	) => void;
	get: ( name: string ) => IslandLoader | undefined;
}

export function createRegistry(): IslandRegistry {
	const loaders = new Map< string, IslandLoader >();
	return {
		register( name, island ) {
			if ( ! /^[a-z][a-z0-9-]*$/.test( name ) ) {
				throw new TypeError( `bad island name ${ name }` );
			}
			loaders.set(
				name,
				typeof island === 'function' ? island : () => island
			);
		},
		get: ( name ) => loaders.get( name ),
	};
}
