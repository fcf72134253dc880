export interface CarouselStrings {
	/** The rotation button's words while the carousel turns. */
	pause: string;
	/** Its words while it stands still. */
	play: string;
	previous: string;
	next: string;
}

export interface CarouselProps {
	/** How often the carousel turns to the next slide (ms). */
	interval: number;
	i18n: CarouselStrings;
	/** The container: the server's slides and position links stay in it; the island drives them. */
	element: HTMLElement;
}
