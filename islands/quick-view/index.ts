import type { IslandDefinition } from '../runtime/types';
import { asRecord, asStrings, asUrl } from '../shared/props';
import { QuickView } from './QuickView';
import type { QuickViewProps } from './types';

export function parseQuickViewProps(
	raw: unknown,
	element: HTMLElement
): QuickViewProps {
	const props = asRecord( raw );
	return {
		route: asUrl( props.route, 'route' ),
		i18n: asStrings( props.i18n, 'i18n', [ 'close', 'loading', 'open' ] ),
		messages: asStrings( props.messages, 'messages', [
			'network',
			'timeout',
			'aborted',
			'serverError',
		] ),
		element,
	};
}

const island: IslandDefinition< QuickViewProps > = {
	component: QuickView,
	parseProps: parseQuickViewProps,
};
export default island;
