/** What a click carries that says whether it is a plain one. */
type Click = Pick<
	MouseEvent,
	'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'
>;

/**
 * A plain left click: anything else (a new tab or window, a download) is left to the browser,
 * so a link an island takes over still opens where the visitor asked.
 */
export function isPlainClick( event: Click ): boolean {
	return (
		event.button === 0 &&
		! event.metaKey &&
		! event.ctrlKey &&
		! event.shiftKey &&
		! event.altKey
	);
}
