export type TickerDirection = 'up' | 'down';

export interface TickerStrings {
	/** The button's words while the ticker moves. */
	pause: string;
	/** The button's words while it is paused. */
	play: string;
}

export interface TickerProps {
	/** How long one move takes (ms). */
	speed: number;
	/** How often a move starts (ms), the move included. */
	pause: number;
	/** How many items show at once. */
	visible: number;
	direction: TickerDirection;
	/** Stops while a pointer is over the ticker (it always stops while focus is in it). */
	pauseOnHover: boolean;
	i18n: TickerStrings;
	/** The container: the server's list stays in it, and the island moves it. */
	element: HTMLElement;
}
