import type { EarlyRequest, IslandDefinition } from '../runtime/types';
import {
	asElementId,
	asNumber,
	asRecord,
	asString,
	asStrings,
	asUrl,
} from '../shared/props';
import { Paginator } from './Paginator';
import type {
	PaginatorFilters,
	PaginatorProps,
	PaginatorStrings,
} from './types';
import { MESSAGE_KEYS } from '../shared/failures';
import { CLASS_NAME, listingBoxes } from './shown';

const STRING_KEYS: Array< keyof PaginatorStrings > = [
	'loading',
	'loaded',
	'failed',
	'retry',
	'filtering',
	'filterFailed',
	...MESSAGE_KEYS,
];

/** Any whole number from `min`: the server cleaned the props; limits are its business. */
const whole = ( value: unknown, name: string, min: number, max?: number ) =>
	asNumber( value, name, {
		min,
		max: max ?? Number.MAX_SAFE_INTEGER,
		integer: true,
	} );

const stringsOf = ( value: unknown, name: string ) =>
	Object.fromEntries(
		Object.entries( asRecord( value, name ) ).map( ( [ key, text ] ) => [
			key,
			asString( text, `${ name }.${ key }` ),
		] )
	);

function listOfStrings( value: unknown, name: string ): string[] {
	if ( ! Array.isArray( value ) ) {
		throw new TypeError( `${ name } must be a list` );
	}
	return value.map( ( item, index ) =>
		asString( item, `${ name }.${ index }` )
	);
}

function parseFilters( raw: unknown ): PaginatorFilters {
	const filters = asRecord( raw, 'filters' );
	return {
		args: stringsOf( filters.args, 'filters.args' ),
		defaults: stringsOf( filters.defaults ?? {}, 'filters.defaults' ),
		fixed: stringsOf( filters.fixed ?? {}, 'filters.fixed' ),
		uncounted: listOfStrings( filters.uncounted, 'filters.uncounted' ),
		summaries: stringsOf( filters.summaries, 'filters.summaries' ),
		none: asString( filters.none, 'filters.none' ),
		emptyHtml: asString( filters.emptyHtml, 'filters.emptyHtml' ),
	};
}

/** pagination_request's fields (php/Islands/Paginator.php): the action and the listing's sid. */
function parseEarly( raw: unknown ): EarlyRequest {
	const early = asRecord( raw, 'early' );
	const fields = stringsOf( early.fields, 'early.fields' );
	asString( fields.action, 'early.fields.action' );
	asString( fields.sid, 'early.fields.sid' );
	return {
		url: asUrl( early.url, 'early.url' ),
		fields,
		from: asString( early.from, 'early.from' ),
	};
}

/**
 * Reads the props php/Islands/Paginator.php printed. They are trusted for their values (the
 * server cleaned them); what is checked here is that each has the type the island relies on,
 * and that URLs cannot lead off to a script.
 */
/** The page the server rendered, in the shape of an answer: its items, then its links' box. */
function initialAnswer( element: HTMLElement | undefined, linksClass: string ) {
	const { items, links } = element
		? listingBoxes( element, linksClass )
		: { items: null, links: null };
	return ( items?.innerHTML ?? '' ) + ( links?.outerHTML ?? '' );
}

export function parsePaginatorProps(
	raw: unknown,
	element?: HTMLElement
): PaginatorProps {
	const props = asRecord( raw );
	const customData = asRecord( props.customData ?? {}, 'customData' );
	const totalPages = whole( props.totalPages, 'totalPages', 1 );
	const linkTemplate = asUrl( props.linkTemplate, 'linkTemplate' );
	if ( ! linkTemplate.includes( '%#%' ) ) {
		throw new TypeError(
			'linkTemplate must hold the %#% page placeholder'
		);
	}
	const noPostsMarker = asString( props.noPostsMarker, 'noPostsMarker' );
	if ( ! noPostsMarker ) {
		throw new TypeError( 'noPostsMarker must not be empty' );
	}
	const linksClass = asString( props.linksClass, 'linksClass' );
	if ( ! CLASS_NAME.test( linksClass ) ) {
		throw new TypeError( 'linksClass must be a class name' );
	}
	return {
		early: parseEarly( props.early ),
		sid: asString( props.sid, 'sid' ),
		unid: asElementId( props.unid, 'unid' ),
		isBlock: props.isBlock === true,
		postId: whole( props.postId ?? 0, 'postId', 0 ),
		totalPages,
		// The page the early module showed before the island loaded, if it did (early.ts).
		currentPage: whole(
			element?.tpShown ? Number( element.tpShown ) : props.currentPage,
			'currentPage',
			1,
			totalPages
		),
		...( element?.tpShown ? { shownEarly: true } : {} ),
		noScroll: props.noScroll === true,
		linkTemplate,
		firstPageLink: asUrl( props.firstPageLink, 'firstPageLink' ),
		isAdmin: props.isAdmin === true,
		customData: stringsOf( customData, 'customData' ),
		noPostsMarker,
		linksClass,
		i18n: asStrings( props.i18n, 'i18n', STRING_KEYS ) as PaginatorStrings,
		filters:
			props.filters === undefined ? null : parseFilters( props.filters ),
		// The server already rendered the current page: keep its items and its links as they
		// are, as one answer (the items, then the links' box).
		initialHtml: initialAnswer( element, linksClass ),
	};
}

const island: IslandDefinition< PaginatorProps > = {
	component: Paginator,
	parseProps: parsePaginatorProps,
};
export default island;
