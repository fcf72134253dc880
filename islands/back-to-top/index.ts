import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asString } from '../shared/props';
import { BackToTop } from './BackToTop';
import type { BackToTopProps } from './types';

/**
 * Checks the types only: BackToTop.php cleans the props against the block's attributes
 * (block.json), the one home of their defaults and limits, and always sends all of them.
 */
export function parseBackToTopProps( raw: unknown ): BackToTopProps {
	const props = asRecord( raw );
	return {
		label: asString( props.label, 'label' ),
		speed: asNumber( props.speed, 'speed' ),
		showAfter: asNumber( props.showAfter, 'showAfter' ),
		targetId: asString( props.targetId, 'targetId' ),
	};
}

const island: IslandDefinition< BackToTopProps > = {
	component: BackToTop,
	parseProps: parseBackToTopProps,
};
export default island;
