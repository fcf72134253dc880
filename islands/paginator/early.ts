/**
 * The paginator's early module: the first page a visitor taps before the island has loaded is
 * shown as soon as the server's answer comes, as the island would show it, and the island takes
 * over the page it finds when React arrives (docs/architecture.md, "the first tap shows its page
 * before React"). The runtime fetches this module at the first intent, beside the page's request;
 * it needs neither React nor WordPress's scripts, which load after the answer.
 */
import type { EarlyPainter } from '../runtime/types';
import { splitAnswer } from './state';
import { holdHeight, keepLinksInView, listingBoxes, showPage } from './shown';

/** A raw prop that must be a string. */
const text = ( value: unknown ) => ( typeof value === 'string' ? value : '' );

export const paint: EarlyPainter[ 'paint' ] = async (
	element,
	asked,
	props,
	answered
) => {
	let html = '';
	try {
		const response = await asked.answer;
		// A copy: when this module declines the answer, the island reads it.
		html = response?.ok ? await response.clone().text() : '';
	} catch {
		return;
	}
	const page = Number( asked.key );
	const linksClass = text( props.linksClass );
	const marker = text( props.noPostsMarker );
	const { items, links } = listingBoxes( element, linksClass );
	// Anything unexpected (an error page, nothing found any more, another answer asked for
	// since, the mount begun) is the island's, which says what went wrong.
	if (
		! html ||
		! marker ||
		html.includes( marker ) ||
		! items ||
		! links ||
		! Number.isInteger( page ) ||
		page < 1 ||
		element.tpEarly !== asked ||
		element.tpMounting
	) {
		return;
	}
	answered();
	delete element.tpEarly;
	element.tpShown = asked.key;
	const answer = splitAnswer( html, linksClass );
	const before = links.getBoundingClientRect().top;
	holdHeight( items );
	items.innerHTML = answer.items;
	links.innerHTML = answer.links;
	keepLinksInView( links, before, props.noScroll === true );
	showPage( element, items, page, {
		unid: text( props.unid ),
		isAdmin: props.isAdmin === true,
		noScroll: props.noScroll === true,
		linkTemplate: text( props.linkTemplate ),
		firstPageLink: text( props.firstPageLink ),
	} );
};
