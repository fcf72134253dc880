import type { IslandDefinition } from '../runtime/types';
import { asElementId, asNumber, asRecord, asString } from '../shared/props';
import { BackToTop } from './BackToTop';
import type { BackToTopProps } from './types';

export function parseBackToTopProps( raw: unknown ): BackToTopProps {
	const props = asRecord( raw );
	return {
		label: asString( props.label, 'label' ),
		speed: asNumber( props.speed, 'speed', {
			min: 0,
			max: 5000,
			fallback: 400,
		} ),
		showAfter: asNumber( props.showAfter, 'showAfter', {
			min: 0,
			max: 100000,
			fallback: 400,
		} ),
		targetId: asElementId( props.targetId, 'targetId', 'top' ),
	};
}

const island: IslandDefinition< BackToTopProps > = {
	component: BackToTop,
	parseProps: parseBackToTopProps,
};
export default island;
