/**
 * What follows a page's arrival on screen, for the island and for its early module (early.ts),
 * which shows the first page a visitor taps before the island has loaded: both keep the items'
 * height, set the address, move focus, scroll and tell the theme the same way. No React here: the
 * early module runs before React is on the page.
 */
import { scrollWindowTo } from '../shared/motion';
import {
	pageUrl,
	SCROLL_DURATION,
	SCROLL_OFFSET,
	shouldReplaceUrl,
} from './state';

/** The theme's event after a page of a listing has loaded in place. */
export const PAGE_LOADED = 'tenderpress:page-loaded';

/**
 * The link that gets focus on a new page: the first notice's title (every card template keeps
 * the title, CardTemplate::REQUIRED), not the quick view before it.
 */
export const FIRST_TITLE = '.tp-listing__item .tp-notice-card__title a';

/**
 * Keeps the items at least as tall as the tallest page shown so far, so a shorter page (the last
 * one, or one with shorter titles) does not pull the page links up from under the pointer, the
 * footer up the screen, or the scroll position of a no-scroll listing with them. Forgotten when
 * the window's width changes: the heights were measured for another layout.
 */
export function holdHeight( element: HTMLElement | null ) {
	if ( element ) {
		element.style.minHeight = `${ element.offsetHeight }px`;
	}
}

/** What the island keeps in a history entry it made, to come back to it with Back. */
export interface HistoryEntry {
	tpListing: string;
	tpQuery: string;
	tpFilters: Record< string, string >;
	tpPage: number;
}

export function isOurEntry(
	state: unknown,
	unid: string
): state is HistoryEntry {
	return (
		typeof state === 'object' &&
		state !== null &&
		( state as HistoryEntry ).tpListing === unid
	);
}

/** What a class name the props give may be (the links' box is found by it). */
export const CLASS_NAME = /^[a-z][a-z0-9_-]*$/;

/**
 * The listing's two boxes in an island's container: the items and the page links' box (the
 * class `linksClass`), inside the container's React root when it has one (beside a filter form).
 */
export function listingBoxes( element: HTMLElement, linksClass: string ) {
	const root =
		element.querySelector< HTMLElement >( ':scope > [data-tp-root]' ) ??
		element;
	return {
		items: root.querySelector< HTMLElement >(
			':scope > .tp-listing__items'
		),
		links: CLASS_NAME.test( linksClass )
			? root.querySelector< HTMLElement >( `:scope > .${ linksClass }` )
			: null,
	};
}

/** The listing's facts a page's arrival needs (the island's props, or the raw ones). */
export interface ShownListing {
	unid: string;
	isAdmin: boolean;
	noScroll: boolean;
	linkTemplate: string;
	firstPageLink: string;
}

/**
 * After page `page` is in `items`: the address follows (except for an admin viewer), focus goes
 * to the first notice's title, and the window scrolls to the list (below the filter form when
 * there is one) unless the listing says not to. `beforeEvent` runs before the theme's event (the
 * island's announcement).
 */
export function showPage(
	container: HTMLElement,
	items: HTMLElement,
	page: number,
	listing: ShownListing,
	beforeEvent?: () => void
): void {
	if ( shouldReplaceUrl( listing.isAdmin ) ) {
		const state: unknown = window.history.state;
		try {
			window.history.replaceState(
				isOurEntry( state, listing.unid )
					? { ...state, tpPage: page }
					: state,
				'',
				pageUrl( page, listing.linkTemplate, listing.firstPageLink )
			);
		} catch {
			// A link on another origin (www or not, http or https) cannot be set: keep the URL.
		}
	}
	items
		.querySelector< HTMLElement >( FIRST_TITLE )
		?.focus( { preventScroll: true } );
	if ( ! listing.noScroll ) {
		const top = ( items.parentElement || container ).getBoundingClientRect()
			.top;
		scrollWindowTo( top + window.scrollY - SCROLL_OFFSET, SCROLL_DURATION );
	}
	beforeEvent?.();
	tellTheme( container, page );
}

/** The theme's event: the listing in `container` shows page `page` now. */
export function tellTheme( container: HTMLElement, page: number ): void {
	container.dispatchEvent(
		new CustomEvent( PAGE_LOADED, {
			bubbles: true,
			detail: { page, container },
		} )
	);
}

/**
 * After a page taller than any shown so far pushed the page links down, the window follows by as
 * much, so the links the visitor just used, and the footer, stay where they were on screen (then
 * the scroll to the list, if any, starts from there). `before` is where the links' top was.
 */
export function keepLinksInView(
	links: Element,
	before: number,
	noScroll: boolean
): void {
	const moved = links.getBoundingClientRect().top - before;
	if ( moved && ! noScroll ) {
		window.scrollBy( 0, moved );
	}
}
