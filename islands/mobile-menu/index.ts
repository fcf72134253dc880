import type { IslandDefinition } from '../runtime/types';
import { asRecord, asString, asUrl } from '../shared/props';
import { MobileMenu } from './MobileMenu';
import type { MenuItem, MobileMenuProps } from './types';

function parseItems( value: unknown, path: string, depth = 0 ): MenuItem[] {
	if ( ! Array.isArray( value ) || depth > 4 ) {
		throw new TypeError( `${ path } must be a list of menu items` );
	}
	return value.map( ( raw, index ) => {
		const item = asRecord( raw, `${ path }[${ index }]` );
		if ( typeof item.id !== 'number' ) {
			throw new TypeError( `${ path }[${ index }].id must be a number` );
		}
		return {
			id: item.id,
			title: asString( item.title, `${ path }[${ index }].title` ),
			url: asUrl( item.url, `${ path }[${ index }].url` ),
			current: item.current === true,
			children: parseItems(
				item.children ?? [],
				`${ path }[${ index }].children`,
				depth + 1
			),
		};
	} );
}

export function parseMobileMenuProps(
	raw: unknown,
	element?: HTMLElement
): MobileMenuProps {
	const props = asRecord( raw );
	return {
		label: asString( props.label, 'label' ),
		toggleLabel: asString( props.toggleLabel, 'toggleLabel' ),
		submenuLabel: asString( props.submenuLabel, 'submenuLabel', '%s' ),
		items: parseItems( props.items, 'items' ),
		// The visitor may have opened the native drawer before the island loaded: keep it open.
		initiallyOpen: element?.querySelector( 'details' )?.open === true,
	};
}

const island: IslandDefinition< MobileMenuProps > = {
	component: MobileMenu,
	parseProps: parseMobileMenuProps,
};
export default island;
