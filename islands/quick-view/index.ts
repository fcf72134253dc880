import type { IslandDefinition } from '../runtime/types';
import { asRecord, asString, asStrings, asUrl } from '../shared/props';
import { QuickView } from './QuickView';
import type { QuickViewProps } from './types';
import { parseMessages } from '../shared/failures';

function parseStyles( raw: unknown ) {
	if ( ! Array.isArray( raw ) ) {
		throw new TypeError( 'styles must be a list' );
	}
	return raw.map( ( entry, index ) => {
		const sheet = asRecord( entry, `styles[${ index }]` );
		return {
			handle: asString( sheet.handle, `styles[${ index }].handle` ),
			href: asUrl( sheet.href, `styles[${ index }].href` ),
		};
	} );
}

export function parseQuickViewProps(
	raw: unknown,
	element: HTMLElement
): QuickViewProps {
	const props = asRecord( raw );
	return {
		route: asUrl( props.route, 'route' ),
		styles: parseStyles( props.styles ),
		i18n: asStrings( props.i18n, 'i18n', [ 'close', 'loading', 'open' ] ),
		messages: parseMessages( props.messages ),
		element,
	};
}

const island: IslandDefinition< QuickViewProps > = {
	component: QuickView,
	parseProps: parseQuickViewProps,
};
export default island;
