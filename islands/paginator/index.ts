import type { IslandDefinition } from '../runtime/types';
import {
	asElementId,
	asNumber,
	asRecord,
	asString,
	asUrl,
} from '../shared/props';
import { Paginator } from './Paginator';
import type { PaginatorProps, PaginatorStrings } from './types';

const STRING_KEYS: Array< keyof PaginatorStrings > = [
	'navLabel',
	'page',
	'previous',
	'next',
	'loading',
	'loaded',
	'failed',
	'retry',
];

export function parsePaginatorProps(
	raw: unknown,
	element?: HTMLElement
): PaginatorProps {
	const props = asRecord( raw );
	const strings = asRecord( props.i18n, 'i18n' );
	const customData = asRecord( props.customData ?? {}, 'customData' );
	const totalPages = asNumber( props.totalPages, 'totalPages', {
		min: 1,
		max: 999999,
		integer: true,
	} );
	const linkTemplate = asUrl( props.linkTemplate, 'linkTemplate' );
	if ( ! linkTemplate.includes( '%#%' ) ) {
		throw new TypeError(
			'linkTemplate must hold the %#% page placeholder'
		);
	}
	const sid = asString( props.sid, 'sid' );
	if ( ! /^[a-f0-9]{16}$/.test( sid ) ) {
		throw new TypeError( 'sid must be a listing id' );
	}
	return {
		ajaxUrl: asUrl( props.ajaxUrl, 'ajaxUrl' ),
		nonce: asString( props.nonce, 'nonce', '' ),
		sid,
		unid: asElementId( props.unid, 'unid' ),
		isBlock: props.isBlock === true,
		postId: asNumber( props.postId, 'postId', {
			min: 0,
			max: Number.MAX_SAFE_INTEGER,
			fallback: 0,
			integer: true,
		} ),
		lang: asString( props.lang, 'lang', '' ),
		totalPages,
		currentPage: asNumber( props.currentPage, 'currentPage', {
			min: 1,
			max: totalPages,
			integer: true,
		} ),
		visiblePages: asNumber( props.visiblePages, 'visiblePages', {
			min: 1,
			max: 9,
			fallback: 5,
			integer: true,
		} ),
		noScroll: props.noScroll === true,
		linkTemplate,
		firstPageLink: asUrl( props.firstPageLink, 'firstPageLink' ),
		isAdmin: props.isAdmin === true,
		customData: Object.fromEntries(
			Object.entries( customData ).map( ( [ key, value ] ) => [
				key,
				asString( value, `customData.${ key }` ),
			] )
		),
		i18n: Object.fromEntries(
			STRING_KEYS.map( ( key ) => [
				key,
				asString( strings[ key ], `i18n.${ key }` ),
			] )
		) as unknown as PaginatorStrings,
		// The server already rendered the current page: keep its items as they are.
		initialHtml:
			element?.querySelector( ':scope > .tp-listing__items' )
				?.innerHTML ?? '',
	};
}

const island: IslandDefinition< PaginatorProps > = {
	component: Paginator,
	parseProps: parsePaginatorProps,
};
export default island;
