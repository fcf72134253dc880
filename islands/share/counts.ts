import { getJson } from '../shared/rest';

/**
 * A page's share counts as the server formats them (php/Islands/Share.php shown_counts(), the
 * count endpoint's `shown`): the island formats nothing itself, so what it writes is what the
 * server prints, in the site's language and its plural forms.
 */
export interface ShownCount {
	/** As the button's badge shows it: "7", "1.2K". */
	count: string;
	/** As a screen reader says it: "1.2K shares". */
	said: string;
}

export interface ShownCounts {
	/** The page's total: its value, as shown (0 included), and its caption ("Shares"). */
	total: { value: number; count: string; caption: string };
	/** Each service with a count of 1 or more, by service id; the others show none. */
	services: Record< string, ShownCount >;
}

const isText = ( value: unknown ): value is string => typeof value === 'string';

const isRecord = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Reads one page's entry of `shown`; null when it is not in that shape (an older server, a
 * proxy's page), and the bar then keeps what the server printed.
 */
export function readShown( raw: unknown ): ShownCounts | null {
	if ( ! isRecord( raw ) || ! isRecord( raw.total ) ) {
		return null;
	}
	const { value, count, caption } = raw.total;
	if (
		typeof value !== 'number' ||
		! Number.isInteger( value ) ||
		! isText( count ) ||
		! isText( caption ) ||
		! isRecord( raw.services )
	) {
		return null;
	}
	const services: Record< string, ShownCount > = {};
	for ( const [ id, entry ] of Object.entries( raw.services ) ) {
		if (
			! isRecord( entry ) ||
			! isText( entry.count ) ||
			! isText( entry.said )
		) {
			return null;
		}
		services[ id ] = { count: entry.count, said: entry.said };
	}
	return { total: { value, count, caption }, services };
}

/** The count endpoint's answer: beside the spec's raw counts, `shown`, each page's counts as shown. */
export interface CountAnswer extends Record< string, unknown > {
	shown?: Record< string, unknown >;
}

/**
 * The count answer for an address, asked once per page view: a page's inline and floating bars
 * share it. Null when the request failed.
 */
const answers = new Map< string, Promise< CountAnswer | null > >();
export function askCounts( address: string ): Promise< CountAnswer | null > {
	let answer = answers.get( address );
	if ( ! answer ) {
		// Silent: a bar whose counts could not be brought up to date keeps the server's.
		answer = getJson( address, {} )
			.then( ( reply ) => reply as CountAnswer )
			.catch( () => null );
		answers.set( address, answer );
	}
	return answer;
}

/**
 * Puts a page's counts in place as the server formatted them (the count endpoint's `shown`,
 * php/Islands/Share.php shown_counts()): each button's count of 1 or more as a badge over its
 * corner, so nothing moves, with the words read out added to its name for screen readers; and
 * the page's total with its caption, in the box the server drew.
 */
export function showCounts( element: HTMLElement, shown: ShownCounts ): void {
	element
		.querySelectorAll< HTMLElement >( '.tp-share__total' )
		.forEach( ( box ) => {
			box.dataset.tpTotal = String( shown.total.value );
			const number = box.querySelector( '.tp-share__total-count' );
			const caption = box.querySelector( '.tp-share__total-label' );
			if ( number ) {
				number.textContent = shown.total.count;
			}
			if ( caption ) {
				caption.textContent = shown.total.caption;
			}
		} );
	element
		.querySelectorAll< HTMLElement >(
			'.tp-share__list > li > [data-tp-service]'
		)
		.forEach( ( button ) => {
			const count = shown.services[ button.dataset.tpService ?? '' ];
			button.querySelector( '.tp-share__count-name' )?.remove();
			if ( ! count ) {
				delete button.dataset.tpCount;
				return;
			}
			button.dataset.tpCount = count.count;
			const said = document.createElement( 'span' );
			said.className = 'tp-share__count-name';
			said.textContent = `, ${ count.said }`;
			button.querySelector( '.screen-reader-text' )?.append( said );
		} );
}
