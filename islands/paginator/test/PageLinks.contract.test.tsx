/**
 * The page links are rendered twice: by php/Listings/PageLinks.php on the server, and by the
 * island after each page it loads in place. PHPUnit records the server's nav for a set of states
 * (tests/fixtures/page-links.json); here the island renders each state and must give the same
 * DOM, so a visitor, a crawler and a theme's CSS see one nav whichever side drew it.
 */
/**
 * External dependencies
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import { PageLinks } from '../PageLinks';
import { pagePlaces } from '../state';
import { domTreeOf, domTreeOfHtml } from './dom-tree';
import recording from '../../../tests/fixtures/page-links.json';

interface RecordedState {
	current: number;
	total: number;
	visible: number;
	navAttributes: Record< string, string | number >;
	html: string;
}

// JSON gives each state its own type (one has data-noscroll): read them as one shape.
const cases = ( recording.states as RecordedState[] ).map( ( state ) => ( {
	...state,
	name: `page ${ state.current } of ${ state.total }, ${ state.visible } visible`,
} ) );

/** The page numbers a nav links or marks as current, in order: the numbered part of the nav. */
function numbersShown( nav: ParentNode ): number[] {
	return Array.from(
		nav.querySelectorAll(
			'a[aria-label][data-page], [aria-current="page"] [aria-hidden="true"]'
		),
		( node ) =>
			Number( node.getAttribute( 'data-page' ) ?? node.textContent )
	);
}

describe( 'PageLinks and php/Listings/PageLinks.php', () => {
	it.each( cases )(
		'render the same nav for $name',
		( { current, total, visible, navAttributes, html } ) => {
			const { container } = render(
				<PageLinks
					page={ current }
					totalPages={ total }
					visiblePages={ visible }
					linkTemplate={ recording.linkTemplate }
					firstPageLink={ recording.firstPageLink }
					i18n={ recording.strings }
					navAttributes={ navAttributes }
				/>
			);

			expect( domTreeOf( container ) ).toEqual( domTreeOfHtml( html ) );
		}
	);

	it.each( cases )(
		'link the same page numbers for $name',
		( { current, total, visible, html } ) => {
			const template = document.createElement( 'template' );
			template.innerHTML = html;
			// A listing of one page has no nav at all: no numbers to compare.
			const expected = html
				? pagePlaces( current, total, visible ).filter(
						( place ) => place !== null
				  )
				: [];

			expect( expected ).toEqual( numbersShown( template.content ) );
		}
	);
} );
