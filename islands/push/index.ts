import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asString } from '../shared/props';
import { parseMessages } from '../shared/failures';
import { parseConnection } from './connection';
import { Push } from './Push';
import type { PushProps } from './types';

const LABELS = [
	'prompt',
	'region',
	'allow',
	'dismiss',
	'asking',
	'subscribed',
	'topics',
	'categories',
	'locations',
	'save',
	'saved',
	'unsubscribe',
	'unsubscribed',
	'blocked',
	'failed',
	'close',
] as const;

/** A list of [id, name] pairs. */
function termPairs(
	value: unknown,
	name: string
): Array< [ number, string ] > {
	return ( Array.isArray( value ) ? value : [] ).map( ( pair, i ) => {
		if ( ! Array.isArray( pair ) ) {
			throw new TypeError( `${ name }[${ i }] is not a pair` );
		}
		return [
			asNumber( pair[ 0 ], `${ name }[${ i }]` ),
			asString( pair[ 1 ], `${ name }[${ i }]` ),
		];
	} );
}

/** Checks the props PushPrompt.php sends; throws on what the island cannot use. */
export function parsePushProps(
	raw: unknown,
	element?: HTMLElement
): PushProps {
	const props = asRecord( raw );
	const labels = asRecord( props.labels, 'labels' );
	const types = Array.isArray( props.types ) ? props.types : [];
	return {
		...parseConnection( props ),
		backoffDays: asNumber( props.backoffDays, 'backoffDays' ),
		// Read when the island renders, not when its props are checked: the mount may wait for a
		// key still pressed (Escape, which the reveal script answers by hiding the prompt).
		get startHidden() {
			return Boolean(
				element?.querySelector< HTMLElement >( '.tp-push__prompt' )
					?.hidden
			);
		},
		types: types.map( ( pair, i ) => {
			if ( ! Array.isArray( pair ) ) {
				throw new Error( `types[${ i }] is not a pair` );
			}
			return [
				asString( pair[ 0 ], `types[${ i }]` ),
				asString( pair[ 1 ], `types[${ i }]` ),
			];
		} ),
		categories: termPairs( props.categories, 'categories' ),
		locations: termPairs( props.locations, 'locations' ),
		labels: Object.fromEntries(
			LABELS.map( ( key ) => [ key, asString( labels[ key ], key ) ] )
		) as PushProps[ 'labels' ],
		messages: parseMessages( props.messages ),
	};
}

const island: IslandDefinition< PushProps > = {
	component: Push,
	parseProps: parsePushProps,
};
export default island;
