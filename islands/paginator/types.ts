import type { AjaxMessages } from '../shared/ajax';

/** The nav's words: php/Listings/PageLinks.php strings(). */
export interface PageLinksStrings {
	navLabel: string;
	/** "Page %d" */
	page: string;
	previous: string;
	next: string;
}

/** With the failure messages of islands/shared/ajax.ts (php/Support/AjaxResponse.php). */
export interface PaginatorStrings extends PageLinksStrings, AjaxMessages {
	/** "Loading page %d…" */
	loading: string;
	/** "Page %1$d of %2$d loaded." */
	loaded: string;
	/** "Page %d could not be loaded." */
	failed: string;
	retry: string;
}

/** Props as php/Islands/Paginator.php renders them (already cleaned by the server). */
export interface PaginatorProps {
	ajaxUrl: string;
	nonce: string;
	/** The listing's signed id (the server checks it; the island only sends it back). */
	sid: string;
	unid: string;
	isBlock: boolean;
	postId: number;
	lang: string;
	totalPages: number;
	currentPage: number;
	visiblePages: number;
	noScroll: boolean;
	/** Paged URL with %#% where the page number goes. */
	linkTemplate: string;
	/** URL of page 1 (it has no page number in it). */
	firstPageLink: string;
	/** Admins keep their URL while paging (the spec's exception). */
	isAdmin: boolean;
	/** Filters applied to this listing, sent back as custom_data. */
	customData: Record< string, string >;
	/** What the server answers for a page with no notices. */
	noPostsMarker: string;
	i18n: PaginatorStrings;
	/** The items HTML the server rendered for the current page (read from the markup). */
	initialHtml: string;
}
