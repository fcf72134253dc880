/**
 * The early module shows the first page a visitor taps before the island has loaded, from the
 * server's recorded answer, as the island would (items, links, address, focus, the theme's
 * event), and the island then starts from that page. Anything it cannot show is left to the
 * island, untouched.
 */
/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { parsePaginatorProps } from '..';
import { paint } from '../early';
import { PAGE_LOADED } from '../shown';
import { splitAnswer } from '../state';
import type { EarlyAnswer } from '../../runtime/types';
import {
	recordedAnswer,
	recordedBody,
	recordedContainer,
	recordedRawProps as raw,
} from '../../../tests/msw/handlers';

/** What the runtime leaves on the container for a click on page `key`. */
function asked( element: HTMLElement, key: string, response?: Response ) {
	const early: EarlyAnswer = {
		key,
		answer: Promise.resolve( response ?? recordedAnswer( 'page 2' ) ),
	};
	element.tpEarly = early;
	return early;
}

const items = ( element: HTMLElement ) =>
	element.querySelector( ':scope > .tp-listing__items' )!.innerHTML;
const links = ( element: HTMLElement ) =>
	element.querySelector( `:scope > .${ raw.linksClass }` )!.innerHTML;

beforeEach( () => {
	window.history.replaceState( null, '', '/' );
	window.scrollTo = vi.fn() as typeof window.scrollTo;
} );

afterEach( () => {
	document.body.innerHTML = '';
	vi.restoreAllMocks();
} );

describe( 'the paginator’s early module', () => {
	it( 'shows the page the visitor tapped, as the island shows an answer', async () => {
		const element = recordedContainer();
		const answered = vi.fn();
		const loaded = vi.fn();
		element.addEventListener( PAGE_LOADED, loaded );
		// The recorded links are on the recording site's origin, which jsdom cannot enter.
		const replaced = vi
			.spyOn( window.history, 'replaceState' )
			.mockImplementation( () => {} );

		await paint( element, asked( element, '2' ), raw, answered );

		const answer = splitAnswer( recordedBody( 'page 2' ), raw.linksClass );
		expect( items( element ) ).toBe( answer.items );
		expect( links( element ) ).toBe( answer.links );
		expect(
			element
				.querySelector( 'nav.tp-pagination' )
				?.getAttribute( 'data-currentpage' )
		).toBe( '2' );
		// The held click is answered: the island will not replay it.
		expect( answered ).toHaveBeenCalledTimes( 1 );
		expect( element.tpEarly ).toBeUndefined();
		expect( element.tpShown ).toBe( '2' );
		expect( replaced ).toHaveBeenCalledWith(
			null,
			'',
			raw.linkTemplate.replace( '%#%', '2' )
		);
		expect( element.ownerDocument.activeElement ).toBe(
			element.querySelector(
				'.tp-listing__item .tp-notice-card__title a'
			)
		);
		expect( loaded ).toHaveBeenCalledTimes( 1 );
		expect(
			( loaded.mock.calls[ 0 ]![ 0 ] as CustomEvent ).detail
		).toEqual( { page: 2, container: element } );
	} );

	it( 'leaves the island a page it then starts from, with the items on screen', async () => {
		const element = recordedContainer();
		await paint( element, asked( element, '2' ), raw, () => {} );

		const props = parsePaginatorProps( raw, element );
		expect( props.currentPage ).toBe( 2 );
		expect( props.initialHtml ).toBe( recordedBody( 'page 2' ) );
		expect( props.shownEarly ).toBe( true );
	} );

	it.each( [
		[ 'a refusal', () => recordedAnswer( 'tampered sid' ) ],
		[
			'a page past the end (no notices any more)',
			() => recordedAnswer( 'far past the end' ),
		],
		[ 'a server error', () => new Response( 'oops', { status: 500 } ) ],
	] )(
		'leaves %s to the island, changing nothing',
		async ( _name, response ) => {
			const element = recordedContainer();
			const before = element.innerHTML;
			const answered = vi.fn();
			const early = asked( element, '2', response() );

			await paint( element, early, raw, answered );

			expect( element.innerHTML ).toBe( before );
			expect( answered ).not.toHaveBeenCalled();
			// The island takes the answer over and says what went wrong.
			expect( element.tpEarly ).toBe( early );
			expect( await ( await early.answer )!.text() ).toBe(
				await response().text()
			);
			expect( window.location.pathname ).toBe( '/' );
			expect( window.scrollTo ).not.toHaveBeenCalled();
		}
	);

	it( 'leaves alone an answer no longer asked for, and any once the island has begun to mount', async () => {
		const element = recordedContainer();
		const before = element.innerHTML;
		const answered = vi.fn();

		const first = asked( element, '2' );
		asked( element, '3', recordedAnswer( 'page 3' ) );
		await paint( element, first, raw, answered );

		const late = asked( element, '2' );
		element.tpMounting = true;
		await paint( element, late, raw, answered );

		expect( element.innerHTML ).toBe( before );
		expect( answered ).not.toHaveBeenCalled();
	} );

	it( 'leaves a failed request (no connection) to the island', async () => {
		const element = recordedContainer();
		const before = element.innerHTML;
		const answered = vi.fn();
		const early: EarlyAnswer = {
			key: '2',
			answer: Promise.resolve( undefined ),
		};
		element.tpEarly = early;

		await paint( element, early, raw, answered );

		expect( element.innerHTML ).toBe( before );
		expect( answered ).not.toHaveBeenCalled();
	} );
} );
