/**
 * One polite live region per page for every island's announcements (page loaded, errors), so
 * screen readers hear async changes without them stealing focus.
 */
const REGION_ID = 'tenderpress-live-region';

export function announce( message: string ): void {
	let region = document.getElementById( REGION_ID );
	if ( ! region ) {
		region = document.createElement( 'div' );
		region.id = REGION_ID;
		region.className = 'screen-reader-text';
		region.setAttribute( 'aria-live', 'polite' );
		region.setAttribute( 'aria-atomic', 'true' );
		// Visually hidden without relying on the theme's stylesheet.
		region.style.cssText =
			'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);border:0;white-space:nowrap';
		document.body.append( region );
	}
	// Clear first so the same message said twice is still announced.
	region.textContent = '';
	const target = region;
	window.setTimeout( () => {
		target.textContent = message;
	}, 50 );
}
