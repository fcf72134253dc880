export interface PaginatorStrings {
	navLabel: string;
	/** "Page %d" */
	page: string;
	previous: string;
	next: string;
	/** "Loading page %d…" */
	loading: string;
	/** "Page %1$d of %2$d loaded." */
	loaded: string;
	/** "Page %d could not be loaded." */
	failed: string;
	retry: string;
}

export interface PaginatorProps {
	ajaxUrl: string;
	nonce: string;
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
	/** Allowed filters sent as custom_data. */
	customData: Record< string, string >;
	i18n: PaginatorStrings;
	/** The items HTML the server rendered for the current page (read from the markup). */
	initialHtml: string;
}
