export interface StepperProps {
	/** The island's container: the field, its two buttons and its live region. */
	element: HTMLElement;
}
