import type { IslandDefinition } from '../runtime/types';
import { asRecord, asStrings } from '../shared/props';
import { Lightbox } from './Lightbox';
import type { LightboxProps, LightboxStrings } from './types';

const STRINGS: Array< keyof LightboxStrings > = [
	'close',
	'previous',
	'next',
	'position',
];

export function parseLightboxProps(
	raw: unknown,
	element: HTMLElement
): LightboxProps {
	const props = asRecord( raw );
	return { i18n: asStrings( props.i18n, 'i18n', STRINGS ), element };
}

const island: IslandDefinition< LightboxProps > = {
	component: Lightbox,
	parseProps: parseLightboxProps,
};
export default island;
