import type { IslandDefinition } from '../runtime/types';
import {
	asNumber,
	asRecord,
	asString,
	asStrings,
	asUrl,
} from '../shared/props';
import { Calendar } from './Calendar';
import type { CalendarProps } from './types';
import { parseMessages } from '../shared/failures';

/** The filters applied when the page was made: query argument => value. */
function parseFilters( raw: unknown ): Record< string, string > {
	const filters = asRecord( raw, 'filters' );
	return Object.fromEntries(
		Object.entries( filters ).map( ( [ name, value ] ) => [
			name,
			asString( value, `filters.${ name }` ),
		] )
	);
}

/**
 * Checks the types only: Calendar.php cleans the props against the block's attributes
 * (block.json), the one home of their defaults and limits.
 */
export function parseCalendarProps(
	raw: unknown,
	element: HTMLElement
): CalendarProps {
	const props = asRecord( raw );
	const years = asRecord( props.years, 'years' );
	return {
		route: asUrl( props.route, 'route' ),
		perDay: asNumber( props.perDay, 'perDay', { min: 1, integer: true } ),
		filters: parseFilters( props.filters ),
		years: {
			first: asNumber( years.first, 'years.first', { integer: true } ),
			last: asNumber( years.last, 'years.last', { integer: true } ),
		},
		i18n: asStrings( props.i18n, 'i18n', [ 'loading' ] ),
		messages: parseMessages( props.messages ),
		element,
	};
}

const island: IslandDefinition< CalendarProps > = {
	component: Calendar,
	parseProps: parseCalendarProps,
};
export default island;
