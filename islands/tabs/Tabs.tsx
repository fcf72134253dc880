import {
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { isPlainClick } from '../shared/clicks';
import { scrollWindowTo } from '../shared/motion';
import {
	hashTarget,
	linkTarget,
	scrollTargetTop,
	SCROLL_DURATION,
	SUPPRESS_WINDOW,
} from './hash';
import type { TabsProps, TabsSection } from './types';

/**
 * The sections this island owns: each header link (`.tp-tabs__header`) and the panel its href
 * names. Headers of a tabs island nested in one of the panels belong to that island.
 */
export function sectionsOf( element: HTMLElement ): TabsSection[] {
	return Array.from(
		element.querySelectorAll< HTMLAnchorElement >( '.tp-tabs__header' )
	)
		.filter(
			( header ) =>
				header.closest( '[data-tp-island="tabs"]' ) === element
		)
		.flatMap( ( header ) => {
			const panel = header.hash
				? element.ownerDocument.getElementById(
						decodeURIComponent( header.hash.slice( 1 ) )
				  )
				: null;
			return panel ? [ { header, panel } ] : [];
		} );
}

/** The section a target element is, or sits in: its header, its panel or anything inside. */
function sectionOf(
	sections: TabsSection[],
	target: Element
): TabsSection | undefined {
	return sections.find(
		( { header, panel } ) => header === target || panel.contains( target )
	);
}

/** Where a moving key sends focus among `count` headers, or null for any other key. */
function nextIndex(
	key: string,
	index: number,
	count: number,
	{ horizontal, rtl }: { horizontal: boolean; rtl: boolean }
): number | null {
	// Tabs sit in a row, read right to left on such pages; accordion headers in a column.
	const [ before, after ] = rtl
		? [ 'ArrowRight', 'ArrowLeft' ]
		: [ 'ArrowLeft', 'ArrowRight' ];
	const forward = horizontal ? after : 'ArrowDown';
	const back = horizontal ? before : 'ArrowUp';
	switch ( key ) {
		case forward:
			return ( index + 1 ) % count;
		case back:
			return ( index - 1 + count ) % count;
		case 'Home':
			return 0;
		case 'End':
			return count - 1;
		default:
			return null;
	}
}

/**
 * Tabs and accordions over the server's markup. The headers are links to their panels, so the
 * page reads as headings and sections without JavaScript; the island keeps them in place, gives
 * them the WAI-ARIA tabs or accordion roles and states, shows the open panels, and handles the
 * keyboard, the URL hash and in-page links to a section.
 */
export function Tabs( {
	layout,
	offset,
	label,
	exclusive,
	aliases,
	pattern,
	element,
}: TabsProps ) {
	const [ sections ] = useState( () => sectionsOf( element ) );
	const [ open, setOpen ] = useState< string[] >( () => {
		const shown = sections
			.filter( ( { panel } ) => ! panel.hidden )
			.map( ( { panel } ) => panel.id );
		return layout === 'tabs' ? shown.slice( 0, 1 ) : shown;
	} );
	// The element to scroll to once the section holding it is shown, and whether to focus its
	// header then (an in-page link, not the address the page was opened at).
	const [ pending, setPending ] = useState< {
		target: Element;
		focus: boolean;
	} | null >( null );
	const lastOwn = useRef< { id: string; at: number } | null >( null );

	// The roles and states, on the server's elements, before the browser paints.
	useLayoutEffect( () => {
		const tabs = layout === 'tabs';
		const list = element.querySelector( '.tp-tabs__list' );
		if ( tabs && list ) {
			list.setAttribute( 'role', 'tablist' );
			if ( label ) {
				list.setAttribute( 'aria-label', label );
			}
		}
		sections.forEach( ( { header, panel } ) => {
			const shown = open.includes( panel.id );
			header.setAttribute( 'role', tabs ? 'tab' : 'button' );
			header.setAttribute( 'aria-controls', panel.id );
			header.setAttribute(
				tabs ? 'aria-selected' : 'aria-expanded',
				String( shown )
			);
			// What the stylesheet draws the open state from, before and after the mount.
			header.toggleAttribute( 'data-open', shown );
			if ( tabs ) {
				// One tab in the tab order: the selected one; arrows reach the others.
				header.tabIndex = shown ? 0 : -1;
			}
			panel.setAttribute( 'role', tabs ? 'tabpanel' : 'region' );
			panel.setAttribute( 'aria-labelledby', header.id );
			if ( tabs ) {
				panel.tabIndex = 0;
			}
			panel.hidden = ! shown;
		} );
	}, [ element, label, layout, open, sections ] );

	// Scroll (and focus) once the section is shown, so its place is known.
	useEffect( () => {
		if ( ! pending ) {
			return;
		}
		const { target, focus } = pending;
		const section = sectionOf( sections, target );
		if ( ! section ) {
			return;
		}
		// A section's own header or panel: show the header (for tabs, the row of tabs).
		const whole = target === section.header || target === section.panel;
		const anchor = whole
			? ( layout === 'tabs' &&
					element.querySelector( '.tp-tabs__list' ) ) ||
			  section.header
			: target;
		if ( focus ) {
			section.header.focus( { preventScroll: true } );
		}
		void scrollWindowTo(
			scrollTargetTop( anchor, offset, window.scrollY ),
			SCROLL_DURATION
		);
	}, [ element, layout, offset, pending, sections ] );

	// Listening from the first commit: a header clicked while the island loaded is replayed then.
	useLayoutEffect( () => {
		const view = element.ownerDocument.defaultView ?? window;
		const horizontal = layout === 'tabs';
		const own = ( id: string ) => {
			lastOwn.current = { id, at: performance.now() };
		};

		const activate = ( section: TabsSection ) => {
			const id = section.panel.id;
			if ( layout === 'tabs' ) {
				setOpen( [ id ] );
			} else {
				setOpen( ( current ) => {
					if ( current.includes( id ) ) {
						return current.filter( ( other ) => other !== id );
					}
					return exclusive ? [ id ] : [ ...current, id ];
				} );
			}
		};

		// Shows the section holding `target` (never closes it) and scrolls there.
		const reveal = ( target: Element, focus: boolean ) => {
			const section = sectionOf( sections, target );
			if ( ! section ) {
				return false;
			}
			const id = section.panel.id;
			setOpen( ( current ) => {
				if ( current.includes( id ) ) {
					return current;
				}
				return layout === 'tabs' || exclusive
					? [ id ]
					: [ ...current, id ];
			} );
			setPending( { target, focus } );
			return true;
		};

		const onHeaderClick = ( event: MouseEvent ) => {
			if ( ! isPlainClick( event ) ) {
				return;
			}
			const section = sections.find(
				( { header } ) => header === event.currentTarget
			);
			if ( ! section ) {
				return;
			}
			event.preventDefault();
			own( section.header.id );
			// The address names the section opened, so it can be shared; no new history entry.
			if ( ! section.panel.hidden && layout === 'accordion' ) {
				activate( section );
				return;
			}
			view.history.replaceState(
				view.history.state,
				'',
				'#' + section.header.id
			);
			activate( section );
		};

		const onHeaderKey = ( event: KeyboardEvent ) => {
			const index = sections.findIndex(
				( { header } ) => header === event.currentTarget
			);
			if ( index < 0 ) {
				return;
			}
			if ( event.key === ' ' ) {
				// A link does nothing on Space; a tab or an accordion button acts on it.
				event.preventDefault();
				sections[ index ]!.header.click();
				return;
			}
			const rtl =
				view.getComputedStyle( sections[ index ]!.header ).direction ===
				'rtl';
			const next = nextIndex( event.key, index, sections.length, {
				horizontal,
				rtl,
			} );
			if ( next === null ) {
				return;
			}
			event.preventDefault();
			const header = sections[ next ]!.header;
			header.focus();
			if ( layout === 'tabs' ) {
				// Automatic activation: the panels are already on the page.
				header.click();
			}
		};

		// An in-page link anywhere on the page to a section, or into one, opens it.
		const onDocumentClick = ( event: MouseEvent ) => {
			if (
				event.defaultPrevented ||
				! isPlainClick( event ) ||
				! ( event.target instanceof Element )
			) {
				return;
			}
			const link = event.target.closest( 'a' );
			if (
				! link ||
				sections.some( ( { header } ) => header === link )
			) {
				return;
			}
			const id = linkTarget( link, view.location, pattern, aliases );
			const target = id
				? element.ownerDocument.getElementById( id )
				: null;
			if ( ! id || ! target || ! reveal( target, true ) ) {
				return;
			}
			event.preventDefault();
			own( id );
			view.history.pushState( view.history.state, '', '#' + id );
		};

		const onHashChange = () => {
			const id = hashTarget( view.location.hash, pattern, aliases );
			const last = lastOwn.current;
			if (
				! id ||
				( last &&
					last.id === id &&
					performance.now() - last.at < SUPPRESS_WINDOW )
			) {
				return;
			}
			const target = element.ownerDocument.getElementById( id );
			if ( target && reveal( target, false ) ) {
				// The spec's '#!' form is read as '#' and never kept as a fragment: the address
				// names the section as a '#' link would.
				if ( view.location.hash.startsWith( '#!' ) ) {
					view.history.replaceState(
						view.history.state,
						'',
						'#' + view.location.hash.slice( 2 )
					);
				}
			}
		};

		sections.forEach( ( { header } ) => {
			header.addEventListener( 'click', onHeaderClick );
			header.addEventListener( 'keydown', onHeaderKey );
		} );
		element.ownerDocument.addEventListener( 'click', onDocumentClick );
		view.addEventListener( 'hashchange', onHashChange );
		// The address the page was opened at (or that the runtime loaded this island for).
		onHashChange();
		return () => {
			sections.forEach( ( { header } ) => {
				header.removeEventListener( 'click', onHeaderClick );
				header.removeEventListener( 'keydown', onHeaderKey );
			} );
			element.ownerDocument.removeEventListener(
				'click',
				onDocumentClick
			);
			view.removeEventListener( 'hashchange', onHashChange );
		};
	}, [ aliases, element, exclusive, layout, pattern, sections ] );

	return null;
}
