/**
 * The paginator's rules, free of React so they are easy to test: the URL of a page, whether the
 * URL may change, an answer's parts, and the page store with its in-flight guard and cache. The
 * page links themselves are the server's (php/Listings/PageLinks.php), in every answer.
 */

/** The spec's offset between the top of the viewport and the listing after a page loads. */
export const SCROLL_OFFSET = 160;
/** The spec's scroll duration after a page loads. */
export const SCROLL_DURATION = 1000;
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

/**
 * An answer's two parts: the items, and the inside of the links' box that ends it (the server's
 * page links for that page; '' when it has none, as for the no-post marker).
 */
export function splitAnswer(
	html: string,
	linksClass: string
): { items: string; links: string } {
	const open = `<div class="${ linksClass }">`;
	const at = html.lastIndexOf( open );
	if ( at < 0 || ! html.endsWith( '</div>' ) ) {
		return { items: html, links: '' };
	}
	return {
		items: html.slice( 0, at ),
		links: html.slice( at + open.length, -'</div>'.length ),
	};
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

/** What a page's answer says about the whole listing (ListingPage::items_html()). */
export interface ListingFacts {
	found: number;
	pages: number;
	/** The count in words, in the page's language; null when the answer has no list. */
	countText: string | null;
}

/**
 * Reads the listing's totals from a page's items: the list carries data-found, data-pages and
 * data-count. The no-post marker (nothing matches) is 0 notices and 0 pages.
 */
export function listingFacts(
	html: string,
	noPostsMarker: string
): ListingFacts {
	if ( html.includes( noPostsMarker ) ) {
		return { found: 0, pages: 0, countText: null };
	}
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	const list =
		template.content.querySelector< HTMLElement >( '.tp-listing__list' );
	const found = Number( list?.dataset.found );
	const pages = Number( list?.dataset.pages );
	if (
		! list ||
		! Number.isInteger( found ) ||
		! Number.isInteger( pages )
	) {
		throw new TypeError( 'the answer does not say how many notices match' );
	}
	return { found, pages, countText: list.dataset.count ?? null };
}

/**
 * The form's filled-in fields that are filters, by URL argument, in the form's order; a default
 * value (newest first) is left out, as the server's own redirect leaves it out.
 */
export function formQuery(
	form: HTMLFormElement,
	args: Record< string, string >,
	defaults: Record< string, string > = {}
): URLSearchParams {
	const keys = new Map(
		Object.entries( args ).map( ( [ key, name ] ) => [ name, key ] )
	);
	const query = new URLSearchParams();
	new FormData( form ).forEach( ( value, name ) => {
		const key = keys.get( name );
		const text = typeof value === 'string' ? value.trim() : '';
		if ( key !== undefined && text !== '' && defaults[ key ] !== text ) {
			query.append( name, text );
		}
	} );
	return query;
}

/**
 * The filters to send as custom_data for a query of URL arguments: each argument under its
 * filter's key (NoticeFilters::ARGS, from the server), with the view's own filters winning.
 */
export function customDataOf(
	query: URLSearchParams,
	args: Record< string, string >,
	fixed: Record< string, string >
): Record< string, string > {
	const data: Record< string, string > = {};
	Object.entries( args ).forEach( ( [ key, name ] ) => {
		const value = query.get( name );
		if ( value !== null && value !== '' ) {
			data[ key ] = value;
		}
	} );
	return { ...data, ...fixed };
}

/** Filters a visitor applied: the view's own ones and the `uncounted` (the order) left out. */
export function activeFilters(
	customData: Record< string, string >,
	fixed: Record< string, string >,
	uncounted: string[]
): number {
	return Object.keys( customData ).filter(
		( key ) => ! uncounted.includes( key ) && ! ( key in fixed )
	).length;
}

/** Anything beyond the view's own filters, sort included: what "Clear filters" would clear. */
export function hasChoices(
	customData: Record< string, string >,
	fixed: Record< string, string >
): boolean {
	return Object.keys( customData ).some( ( key ) => ! ( key in fixed ) );
}

const PAGE_SLOT = 'tp-page-slot';

/**
 * A listing link (a page template with %#%, or page 1's link) with the filter arguments swapped
 * for `query`'s; anything else in it (a plain-permalink `paged`) is kept.
 */
export function withFilterQuery(
	link: string,
	query: URLSearchParams,
	args: Record< string, string >
): string {
	// "%#%" holds a "#", which a URL would read as the start of its fragment.
	const url = new URL(
		link.split( '%#%' ).join( PAGE_SLOT ),
		window.location.href
	);
	Object.values( args ).forEach( ( name ) =>
		url.searchParams.delete( name )
	);
	query.forEach( ( value, name ) => url.searchParams.append( name, value ) );
	return url.toString().split( PAGE_SLOT ).join( '%#%' );
}
