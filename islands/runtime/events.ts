/**
 * DOM events the runtime dispatches on the island's element. They bubble, so a theme can listen on
 * document — with addEventListener or jQuery's .on() alike.
 */
export const MOUNTED = 'tenderpress:island-mounted';
export const ERROR = 'tenderpress:island-error';

export interface IslandEventDetail {
	island: string;
	element: HTMLElement;
	error?: unknown;
}

/**
 * Dispatches an event; returns false when a listener called preventDefault().
 */
export function dispatch(
	element: HTMLElement,
	type: string,
	detail: IslandEventDetail
): boolean {
	return element.dispatchEvent(
		new CustomEvent( type, { bubbles: true, cancelable: true, detail } )
	);
}
