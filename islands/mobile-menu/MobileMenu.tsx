import { useEffect, useRef, useState } from '@wordpress/element';
import type { KeyboardEvent } from 'react';
import type { MenuItem, MobileMenuProps } from './types';

let instances = 0;

interface ListProps {
	items: MenuItem[];
	idPrefix: string;
	className: string;
	id?: string;
	openSubmenus: number[];
	toggleSubmenu: ( id: number ) => void;
	submenuLabel: string;
}

function MenuList( {
	items,
	className,
	id,
	idPrefix,
	openSubmenus,
	toggleSubmenu,
	submenuLabel,
}: ListProps ) {
	return (
		<ul className={ className } id={ id }>
			{ items.map( ( item ) => {
				const hasChildren = item.children.length > 0;
				const open = openSubmenus.includes( item.id );
				const submenuId = `${ idPrefix }-sub-${ item.id }`;
				return (
					<li
						key={ item.id }
						className={ `tp-mobile-menu__item${
							hasChildren ? ' has-children' : ''
						}` }
					>
						<a
							className="tp-mobile-menu__link"
							href={ item.url }
							aria-current={ item.current ? 'page' : undefined }
						>
							{ item.title }
						</a>
						{ hasChildren && (
							<>
								<button
									type="button"
									className="tp-mobile-menu__caret"
									aria-expanded={ open }
									aria-controls={ submenuId }
									aria-label={ submenuLabel.replace(
										'%s',
										item.title
									) }
									data-submenu={ item.id }
									onClick={ () => toggleSubmenu( item.id ) }
								/>
								<MenuList
									items={ item.children }
									className={ `tp-mobile-menu__submenu${
										open ? ' is-open' : ''
									}` }
									id={ submenuId }
									idPrefix={ idPrefix }
									openSubmenus={ openSubmenus }
									toggleSubmenu={ toggleSubmenu }
									submenuLabel={ submenuLabel }
								/>
							</>
						) }
					</li>
				);
			} ) }
		</ul>
	);
}

/**
 * Ids of the item and its ancestors, so opening a nested submenu keeps its parents open.
 */
function pathTo(
	items: MenuItem[],
	id: number,
	trail: number[] = []
): number[] | null {
	for ( const item of items ) {
		if ( item.id === id ) {
			return [ ...trail, id ];
		}
		const found = pathTo( item.children, id, [ ...trail, item.id ] );
		if ( found ) {
			return found;
		}
	}
	return null;
}

export function MobileMenu( {
	toggleLabel,
	submenuLabel,
	items,
	initiallyOpen,
}: MobileMenuProps ) {
	const [ drawerOpen, setDrawerOpen ] = useState( initiallyOpen );
	const [ openSubmenus, setOpenSubmenus ] = useState< number[] >( [] );
	// Ids unique per menu on the page, for aria-controls.
	const [ idPrefix ] = useState( () => `tp-mobile-menu-${ ++instances }` );
	const drawer = useRef< HTMLDivElement >( null );
	const toggle = useRef< HTMLButtonElement >( null );

	const closeAll = () => {
		setOpenSubmenus( [] );
		setDrawerOpen( false );
	};

	// A click or focus outside the menu closes whatever it has open.
	useEffect( () => {
		const onOutside = ( event: Event ) => {
			if (
				drawer.current &&
				event.target instanceof Node &&
				! drawer.current.contains( event.target )
			) {
				closeAll();
			}
		};
		document.addEventListener( 'pointerdown', onOutside );
		document.addEventListener( 'focusin', onOutside );
		return () => {
			document.removeEventListener( 'pointerdown', onOutside );
			document.removeEventListener( 'focusin', onOutside );
		};
	}, [] );

	const toggleSubmenu = ( id: number ) => {
		setOpenSubmenus( ( current ) =>
			current.includes( id )
				? current.filter(
						( open ) =>
							open !== id &&
							! pathTo( items, open )?.includes( id )
				  )
				: pathTo( items, id ) || [ id ]
		);
	};

	// Escape closes the innermost open part and gives focus back to the button that opened it.
	const onKeyDown = ( event: KeyboardEvent< HTMLDivElement > ) => {
		if ( event.key !== 'Escape' ) {
			return;
		}
		const innermost = openSubmenus[ openSubmenus.length - 1 ];
		if ( innermost !== undefined ) {
			event.preventDefault();
			setOpenSubmenus( openSubmenus.slice( 0, -1 ) );
			drawer.current
				?.querySelector< HTMLButtonElement >(
					`[data-submenu="${ innermost }"]`
				)
				?.focus();
		} else if ( drawerOpen ) {
			event.preventDefault();
			setDrawerOpen( false );
			toggle.current?.focus();
		}
	};

	return (
		// eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape handling for the buttons and links inside.
		<div
			className="tp-mobile-menu__drawer is-enhanced"
			ref={ drawer }
			onKeyDown={ onKeyDown }
		>
			<button
				type="button"
				className="tp-mobile-menu__toggle"
				ref={ toggle }
				aria-expanded={ drawerOpen }
				aria-controls={ `${ idPrefix }-list` }
				onClick={ () =>
					drawerOpen ? closeAll() : setDrawerOpen( true )
				}
			>
				<span
					className="tp-mobile-menu__toggle-icon"
					aria-hidden="true"
				/>
				{ toggleLabel }
			</button>
			<MenuList
				items={ items }
				className={ `tp-mobile-menu__list${
					drawerOpen ? ' is-open' : ''
				}` }
				id={ `${ idPrefix }-list` }
				idPrefix={ idPrefix }
				openSubmenus={ openSubmenus }
				toggleSubmenu={ toggleSubmenu }
				submenuLabel={ submenuLabel }
			/>
		</div>
	);
}
