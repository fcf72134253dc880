/**
 * Mounting, loaded by the runtime only after React (wp-element) is on the page. Each island gets
 * its own root and error boundary; a failure puts the server markup back.
 */
import {
	Component,
	createRoot,
	flushSync,
	useLayoutEffect,
} from '@wordpress/element';
import type { ReactNode } from 'react';
import { counterpart, restoreFocus } from './counterpart';
import { resolveDefinition } from './definition';
import type { Hold } from './hold';
import type { IslandModule } from './types';

interface BoundaryProps {
	onError: ( error: unknown ) => void;
	children?: ReactNode;
}

class IslandBoundary extends Component< BoundaryProps, { failed: boolean } > {
	override state = { failed: false };

	static getDerivedStateFromError() {
		return { failed: true };
	}

	override componentDidCatch( error: unknown ) {
		this.props.onError( error );
	}

	override render() {
		return this.state.failed ? null : this.props.children;
	}
}

function AfterCommit( {
	onCommit,
	children,
}: {
	onCommit: () => void;
	children?: ReactNode;
} ) {
	// Once, after the first commit and before the browser paints it: focus must not sit on <body>
	// for a frame. Later renders are the island's own business.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	useLayoutEffect( onCommit, [] );
	return <>{ children }</>;
}

/** How long a press may delay a mount, in 16 ms steps (about a second). */
const PRESS_LIMIT_STEPS = 60;

/** Resolves once no pointer or key pressed inside the island is still down. */
function released( held?: Hold ): Promise< void > {
	return new Promise( ( resolve ) => {
		let steps = PRESS_LIMIT_STEPS;
		// Checked from the next task on: the click that follows a pointerup or keyup has been
		// dispatched (and held) by then.
		const wait = () =>
			held?.pressed() && steps-- ? setTimeout( wait, 16 ) : resolve();
		setTimeout( wait );
	} );
}

const roots = new WeakMap< HTMLElement, { unmount: () => void } >();

/**
 * Renders the island into its container. Resolves once React has committed and the island is
 * marked mounted (data-tp-state, a User Timing mark; the runtime sends the event); rejects (after
 * restoring the server markup) when props are unusable or the first render throws. Errors after
 * that restore the markup too and go to onLateError.
 *
 * React replaces the server nodes, so the mount waits while a pointer or key pressed inside the
 * island is still down (its click must land on the element that got the press), and at the
 * commit the visitor's focus moves to the mounted counterpart of the element that had it, and a
 * click the runtime held while the island loaded is replayed on the counterpart of the control
 * that was clicked.
 */
export async function mountIsland(
	element: HTMLElement,
	name: string,
	loaded: IslandModule,
	rawProps: unknown,
	onLateError: ( error: unknown ) => void,
	held?: Hold
): Promise< void > {
	// From here React takes the markup as it is now: an early module paints no more.
	element.tpMounting = true;
	const definition = await resolveDefinition( () => loaded );
	const props = definition.parseProps
		? definition.parseProps( rawProps, element )
		: rawProps;
	await released( held );
	// React owns the data-tp-root child when there is one (what sits beside it stays the
	// server's, such as the paginator's filter form), else the whole container.
	const container =
		element.querySelector< HTMLElement >( ':scope > [data-tp-root]' ) ||
		element;
	const serverMarkup = Array.from( container.childNodes );
	const active = element.ownerDocument.activeElement;
	const focused =
		active instanceof HTMLElement && container.contains( active )
			? active
			: null;
	const root = createRoot( container );
	roots.set( element, root );
	const IslandComponent = definition.component;
	await new Promise< void >( ( resolve, reject ) => {
		let mounted = false;
		const fail = ( error: unknown ) => {
			// React must finish the current render before the root can go.
			setTimeout( () => {
				root.unmount();
				roots.delete( element );
				container.replaceChildren( ...serverMarkup );
				if ( mounted ) {
					onLateError( error );
				} else {
					reject( error );
				}
			} );
		};
		const onCommit = () => {
			mounted = true;
			// Only when focus fell with the replaced element: a visitor who moved on while the
			// island loaded (Tab, a click elsewhere) keeps focus where they put it.
			const now = element.ownerDocument.activeElement;
			if (
				focused &&
				! focused.isConnected &&
				( ! now || now === element.ownerDocument.body )
			) {
				restoreFocus( focused, serverMarkup, container );
			}
			const clicked = held?.take();
			if ( clicked ) {
				// A control outside React's root is still the one clicked.
				const target = clicked.isConnected
					? clicked
					: counterpart( clicked, serverMarkup, container );
				if ( target ) {
					target.click();
				} else if ( clicked instanceof HTMLAnchorElement ) {
					window.location.assign( clicked.href );
				}
			}
			resolve();
		};
		// Rendered and committed now, in this task: root.render() alone renders in a later one,
		// and a key or click in between would meet the server markup, then lose its effect to a
		// render made from props read before it (Escape hid the push prompt, and the mounted
		// prompt showed again, with focus gone from it).
		flushSync( () =>
			root.render(
				<IslandBoundary onError={ fail }>
					<AfterCommit onCommit={ onCommit }>
						<IslandComponent { ...( props as object ) } />
					</AfterCommit>
				</IslandBoundary>
			)
		);
	} );
	element.dataset.tpState = 'mounted';
	// A User Timing mark, so Lighthouse and the bench can say when each island was ready.
	performance.mark( `tenderpress:${ name }:mounted` );
}

/**
 * Unmounts an island and puts nothing back (the caller owns the element from then on).
 */
export function unmountIsland( element: HTMLElement ): void {
	roots.get( element )?.unmount();
	roots.delete( element );
}
