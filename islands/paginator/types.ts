import type { EarlyRequest } from '../runtime/types';
import type { AjaxMessages } from '../shared/ajax';

/** With the failure messages of islands/shared/ajax.ts (php/Support/AjaxResponse.php). */
export interface PaginatorStrings extends AjaxMessages {
	/** "Loading page %d…" */
	loading: string;
	/** "Page %1$d of %2$d loaded." */
	loaded: string;
	/** "Page %d could not be loaded." */
	failed: string;
	retry: string;
	/** Said while the notices matching changed filters load. */
	filtering: string;
	/** Shown when they could not be loaded. */
	filterFailed: string;
}

/** The filter form's part, when the listing has one (php/Listings/FilterForm.php island_props()). */
export interface PaginatorFilters {
	/** Filter key (custom_data) => the form field's name and URL argument. */
	args: Record< string, string >;
	/** Values that are the default, by filter key (newest first): left out of URLs and custom_data. */
	defaults: Record< string, string >;
	/** The view's own filters (the closing-soon view's status and sort): always sent, never shown. */
	fixed: Record< string, string >;
	/** Keys that are not counted as filters applied (the order). */
	uncounted: string[];
	/** The panel's summary for 0, 1, 2… filters applied. */
	summaries: Record< string, string >;
	/** The count line when nothing matches ("0 notices"). */
	none: string;
	/** The items when nothing matches. */
	emptyHtml: string;
}

/** Props as php/Islands/Paginator.php renders them (already cleaned by the server). */
export interface PaginatorProps {
	/** pagination_request's fields but the page, and the admin-ajax URL. */
	early: EarlyRequest;
	/** The listing's signed id (the server checks it; the island only sends it back). */
	sid: string;
	unid: string;
	isBlock: boolean;
	postId: number;
	totalPages: number;
	currentPage: number;
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
	/** The class of the box that ends each answer with the page's links (the server renders them). */
	linksClass: string;
	i18n: PaginatorStrings;
	/** Present when the listing has a filter form the island applies in place. */
	filters: PaginatorFilters | null;
	/** The current page as the server rendered it, items then links (read from the markup). */
	initialHtml: string;
	/**
	 * Whether the page shown was put there by the early module, before the island loaded
	 * (early.ts): the island says it has loaded once it is there.
	 */
	shownEarly?: boolean;
}
