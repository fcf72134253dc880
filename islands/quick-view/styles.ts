/** A stylesheet the server registered: its WordPress handle and its address. */
export interface Stylesheet {
	handle: string;
	href: string;
}

/** How long a stylesheet may take before what waits for it goes on without it. */
export const STYLESHEET_WAIT = 5000;

/**
 * Adds stylesheets to the page, in order (dependencies first), each once: one the page already
 * has, linked or inlined by WordPress (`<link id="<handle>-css">`, `<style id="<handle>-inline-css">`), is not added
 * again. Resolves when they have loaded or failed, or after STYLESHEET_WAIT, so content styled
 * by them is shown styled, and never waits for ever.
 */
export function addStylesheets(
	doc: Document,
	sheets: Stylesheet[]
): Promise< void > {
	const waits = sheets
		.filter(
			// A <link> or <style> only: post content can give any other element those ids.
			( { handle } ) =>
				! doc.querySelector(
					`link[id="${ handle }-css"], style[id="${ handle }-inline-css"]`
				)
		)
		.map(
			( { handle, href } ) =>
				new Promise< void >( ( resolve ) => {
					const link = doc.createElement( 'link' );
					link.rel = 'stylesheet';
					link.id = `${ handle }-css`;
					link.href = href;
					link.addEventListener( 'load', () => resolve() );
					link.addEventListener( 'error', () => resolve() );
					doc.head.append( link );
				} )
		);
	if ( ! waits.length ) {
		return Promise.resolve();
	}
	return Promise.race( [
		Promise.all( waits ).then( () => undefined ),
		new Promise< void >( ( resolve ) =>
			setTimeout( resolve, STYLESHEET_WAIT )
		),
	] );
}
