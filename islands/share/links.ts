/**
 * Link sanitising for share links and shared URLs (spec §5): a link starting with '/' or '#'
 * passes unchanged; any other must begin with one of the allowed protocols, otherwise it becomes
 * '#' and 'Invalid protocol' is logged. The allowed list comes from the catalogue
 * (php/Share/services.json, `protocols`), through the island's props.
 */
export function sanitizeLink(
	link: string,
	protocols: readonly string[],
	log: ( message: string ) => void = ( message ) =>
		// eslint-disable-next-line no-console
		console.warn( message )
): string {
	const trimmed = link.trim();
	if ( trimmed.startsWith( '/' ) || trimmed.startsWith( '#' ) ) {
		return link;
	}
	const scheme = /^([a-z][a-z0-9+.-]*):/i
		.exec( trimmed )?.[ 1 ]
		?.toLowerCase();
	if ( scheme !== undefined && protocols.includes( scheme ) ) {
		return link;
	}
	log( 'Invalid protocol' );
	return '#';
}

/** A share link template filled for one page; each value URL-encoded (as the server does). */
export function fillTemplate(
	template: string,
	values: { url: string; title: string; prompt: string }
): string {
	const text = `${ values.title } ${ values.url }`.trim();
	return template
		.replaceAll( '{url}', encodeURIComponent( values.url ) )
		.replaceAll( '{title}', encodeURIComponent( values.title ) )
		.replaceAll( '{text}', encodeURIComponent( text ) )
		.replaceAll( '{prompt}', encodeURIComponent( values.prompt ) );
}

/**
 * A federated network's share link with its default instance host swapped for the one the
 * visitor typed (only trimmed, spec §5); an empty input keeps the default link.
 */
export function withInstance(
	link: string,
	defaultHost: string,
	typed: string
): string {
	const host = typed.trim();
	if ( host === '' ) {
		return link;
	}
	const prefix = `https://${ defaultHost }`;
	return link.startsWith( prefix )
		? `https://${ host }${ link.slice( prefix.length ) }`
		: link;
}

/** What a bar shares: a page's address and title. */
export interface SharedPage {
	url: string;
	title: string;
}

/**
 * The page a bar shares: the page's own, or that of the shareable element it sits in
 * (data-tenderpress-href or data-href, spec §3), whose link must pass the sanitiser.
 */
export function sharedPage(
	element: HTMLElement,
	url: string,
	title: string,
	protocols: readonly string[]
): SharedPage {
	const holder = element.closest( '[data-tenderpress-href], [data-href]' );
	const href =
		holder?.getAttribute( 'data-tenderpress-href' ) ??
		holder?.getAttribute( 'data-href' );
	if ( ! holder || ! href || sanitizeLink( href, protocols ) === '#' ) {
		return { url, title };
	}
	return {
		url: new URL( href, window.location.href ).href,
		title:
			holder.getAttribute( 'data-tenderpress-title' ) ??
			holder.getAttribute( 'data-title' ) ??
			title,
	};
}
