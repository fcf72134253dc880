import type { IslandDefinition } from '../runtime/types';
import { asNumber, asRecord, asStrings } from '../shared/props';
import { Carousel } from './Carousel';
import type { CarouselProps, CarouselStrings } from './types';

const STRINGS: Array< keyof CarouselStrings > = [
	'pause',
	'play',
	'previous',
	'next',
];

/**
 * Checks the types only: Carousel.php cleans the props against the block's attributes
 * (block.json), the one home of their defaults and limits.
 */
export function parseCarouselProps(
	raw: unknown,
	element: HTMLElement
): CarouselProps {
	const props = asRecord( raw );
	return {
		interval: asNumber( props.interval, 'interval', {
			min: 1,
			integer: true,
		} ),
		i18n: asStrings( props.i18n, 'i18n', STRINGS ),
		element,
	};
}

const island: IslandDefinition< CarouselProps > = {
	component: Carousel,
	parseProps: parseCarouselProps,
};
export default island;
