import type { IslandDefinition } from '../runtime/types';
import { asRecord } from '../shared/props';
import { Stepper } from './Stepper';
import type { StepperProps } from './types';

/**
 * No props of its own: the field's min, max and step attributes are the stepper's rules, and the
 * buttons' labels are the server's.
 */
export function parseStepperProps(
	raw: unknown,
	element: HTMLElement
): StepperProps {
	asRecord( raw );
	return { element };
}

const island: IslandDefinition< StepperProps > = {
	component: Stepper,
	parseProps: parseStepperProps,
};
export default island;
