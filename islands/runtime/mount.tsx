/**
 * Mounting, loaded by the runtime only after React (wp-element) is on the page. Each island gets
 * its own root and error boundary; a failure puts the server markup back.
 */
import { Component, createRoot, useEffect } from '@wordpress/element';
import type { ReactNode } from 'react';
import type { IslandDefinition } from './types';

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
	// Once, after the first commit: later renders are the island's own business.
	// eslint-disable-next-line react-hooks/exhaustive-deps
	useEffect( onCommit, [] );
	return <>{ children }</>;
}

const roots = new WeakMap< HTMLElement, { unmount: () => void } >();

/**
 * Renders the island into its container. Resolves once React has committed; rejects (after
 * restoring the server markup) when props are unusable or the first render throws. Errors after
 * that restore the markup too and go to onLateError.
 */
export function mountIsland(
	element: HTMLElement,
	definition: IslandDefinition< any >,
	rawProps: unknown,
	onLateError: ( error: unknown ) => void
): Promise< void > {
	const props = definition.parseProps
		? definition.parseProps( rawProps, element )
		: rawProps;
	const serverMarkup = Array.from( element.childNodes );
	const root = createRoot( element );
	roots.set( element, root );
	const IslandComponent = definition.component;
	return new Promise( ( resolve, reject ) => {
		let mounted = false;
		const fail = ( error: unknown ) => {
			// React must finish the current render before the root can go.
			setTimeout( () => {
				root.unmount();
				roots.delete( element );
				element.replaceChildren( ...serverMarkup );
				if ( mounted ) {
					onLateError( error );
				} else {
					reject( error );
				}
			} );
		};
		const onCommit = () => {
			mounted = true;
			resolve();
		};
		root.render(
			<IslandBoundary onError={ fail }>
				<AfterCommit onCommit={ onCommit }>
					<IslandComponent { ...( props as object ) } />
				</AfterCommit>
			</IslandBoundary>
		);
	} );
}

/**
 * Unmounts an island and puts nothing back (the caller owns the element from then on).
 */
export function unmountIsland( element: HTMLElement ): void {
	roots.get( element )?.unmount();
	roots.delete( element );
}
