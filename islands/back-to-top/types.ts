export interface BackToTopProps {
	/** Visible text of the link. */
	label: string;
	/** Scroll duration in ms (the spec's default speed: 400). */
	speed: number;
	/** Pixels scrolled before the link appears. */
	showAfter: number;
	/** Id of the element at the top that receives focus after the scroll. */
	targetId: string;
}
