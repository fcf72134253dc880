import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asString } from '../shared/props';
import { Tabs } from './Tabs';
import type { TabsProps } from './types';

function parseAliases( raw: unknown ): Record< string, string > {
	const aliases = asRecord( raw, 'aliases' );
	return Object.fromEntries(
		Object.entries( aliases ).map( ( [ name, id ] ) => [
			name,
			asString( id, `aliases.${ name }` ),
		] )
	);
}

/**
 * Checks the types only: Tabs.php cleans the props against the block's attributes (block.json),
 * the one home of their defaults and limits.
 */
export function parseTabsProps(
	raw: unknown,
	element: HTMLElement
): TabsProps {
	const props = asRecord( raw );
	const layout = asString( props.layout, 'layout' );
	if ( layout !== 'tabs' && layout !== 'accordion' ) {
		throw new TypeError( 'layout must be tabs or accordion' );
	}
	if ( typeof props.exclusive !== 'boolean' ) {
		throw new TypeError( 'exclusive must be true or false' );
	}
	let pattern: RegExp;
	try {
		pattern = new RegExp( asString( props.pattern, 'pattern' ) );
	} catch {
		throw new TypeError( 'pattern must be a regular expression' );
	}
	return {
		layout,
		offset: asNumber( props.offset, 'offset', { min: 0 } ),
		label: asString( props.label, 'label' ),
		exclusive: props.exclusive,
		aliases: parseAliases( props.aliases ),
		pattern,
		element,
	};
}

const island: IslandDefinition< TabsProps > = {
	component: Tabs,
	parseProps: parseTabsProps,
};
export default island;
