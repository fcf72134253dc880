/**
 * The paging request a visitor's page sends, read from the page itself: the paginator's props
 * carry its `pagination_request` but the page (`early`: url and fields, php/Islands/Paginator.php),
 * so the bench and the stack tests keep no copy of the wire format.
 */
const PROPS =
	/<script type="application\/json" data-tp-props>([\s\S]*?)<\/script>/g;

/**
 * @param {string} html A page with a paginated listing.
 * @return {{ path: string, body: ( page: number ) => string }} Where it goes (admin-ajax's
 *         path) and its form body for a page.
 */
export function pagingRequestOf( html ) {
	for ( const [ , json ] of html.matchAll( PROPS ) ) {
		const { early } = JSON.parse( json );
		if ( early?.fields?.action === 'pagination_request' ) {
			return {
				path: new URL( early.url ).pathname,
				body: ( page ) =>
					new URLSearchParams( {
						...early.fields,
						page: String( page ),
					} ).toString(),
			};
		}
	}
	throw new Error( 'The page has no paginated listing.' );
}
