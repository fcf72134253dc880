/**
 * The paginator's rules, free of React and the DOM so they are easy to test: which page links to
 * show, the URL of a page, whether the URL may change, and the page store with its in-flight
 * guard and cache.
 */

/** The spec's offset between the top of the viewport and the listing after a page loads. */
export const SCROLL_OFFSET = 160;
/** The spec's scroll duration after a page loads. */
export const SCROLL_DURATION = 1000;
/**
 * Page numbers to link, centred on the current page where there is room. PageLinks.php has the
 * same rule for the server's nav; a contract test renders both from recorded states.
 */
export function pageWindow(
	current: number,
	total: number,
	visible: number
): number[] {
	const count = Math.max( 1, visible );
	if ( total <= count ) {
		return Array.from(
			{ length: Math.max( 1, total ) },
			( _, i ) => i + 1
		);
	}
	const start = Math.max(
		1,
		Math.min( current - Math.floor( count / 2 ), total - count + 1 )
	);
	return Array.from( { length: count }, ( _, i ) => start + i );
}

/** The spec's link rule: page 1 has its own link; others fill the template's placeholder. */
export function pageUrl(
	page: number,
	linkTemplate: string,
	firstPageLink: string
): string {
	return page <= 1
		? firstPageLink
		: linkTemplate.split( '%#%' ).join( String( page ) );
}

/** The browser URL follows the page, except for an admin viewer. */
export function shouldReplaceUrl( isAdmin: boolean ): boolean {
	return ! isAdmin;
}

/**
 * Pages already loaded, and the one request allowed at a time.
 */
export class PageStore {
	private pages = new Map< number, string >();
	private busy = false;

	/**
	 * @param initialPage   The page the server rendered.
	 * @param initialHtml   Its items.
	 * @param noPostsMarker What the server answers for a page with no notices (never stored).
	 */
	constructor(
		initialPage: number,
		initialHtml: string,
		private readonly noPostsMarker: string
	) {
		this.pages.set( initialPage, initialHtml );
	}

	get( page: number ): string | undefined {
		return this.pages.get( page );
	}

	get inFlight(): boolean {
		return this.busy;
	}

	/**
	 * Loads a page: from the store when it was loaded before (no request), else through `fetch`.
	 * Returns null without fetching while another request is in flight.
	 */
	async load(
		page: number,
		fetch: ( page: number ) => Promise< string >
	): Promise< string | null > {
		const known = this.pages.get( page );
		if ( known !== undefined ) {
			return known;
		}
		if ( this.busy ) {
			return null;
		}
		this.busy = true;
		try {
			const html = await fetch( page );
			if ( ! html.includes( this.noPostsMarker ) ) {
				this.pages.set( page, html );
			}
			return html;
		} finally {
			this.busy = false;
		}
	}
}
