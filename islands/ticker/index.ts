import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asString, asStrings } from '../shared/props';
import { Ticker } from './Ticker';
import type { TickerProps, TickerStrings } from './types';

const STRINGS: Array< keyof TickerStrings > = [ 'pause', 'play' ];

/**
 * Checks the types only: Ticker.php cleans the props against the block's attributes (block.json),
 * the one home of their defaults and limits.
 */
export function parseTickerProps(
	raw: unknown,
	element: HTMLElement
): TickerProps {
	const props = asRecord( raw );
	const direction = asString( props.direction, 'direction' );
	if ( direction !== 'up' && direction !== 'down' ) {
		throw new TypeError( 'direction must be up or down' );
	}
	if ( typeof props.pauseOnHover !== 'boolean' ) {
		throw new TypeError( 'pauseOnHover must be true or false' );
	}
	return {
		speed: asNumber( props.speed, 'speed', { min: 0, integer: true } ),
		pause: asNumber( props.pause, 'pause', { min: 1, integer: true } ),
		visible: asNumber( props.visible, 'visible', {
			min: 1,
			integer: true,
		} ),
		direction,
		pauseOnHover: props.pauseOnHover,
		i18n: asStrings( props.i18n, 'i18n', STRINGS ),
		element,
	};
}

const island: IslandDefinition< TickerProps > = {
	component: Ticker,
	parseProps: parseTickerProps,
};
export default island;
