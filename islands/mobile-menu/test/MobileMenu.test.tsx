/**
 * External dependencies
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import island, { parseMobileMenuProps } from '..';
import { MobileMenu } from '../MobileMenu';
import type { MenuItem, MobileMenuProps } from '../types';

function expectFocusOn( element: Element ) {
	expect( element.ownerDocument.activeElement ).toBe( element );
}

function item(
	id: number,
	title: string,
	children: MenuItem[] = [],
	current = false
): MenuItem {
	return {
		id,
		title,
		url: `/${ title.toLowerCase().replace( / /g, '-' ) }/`,
		current,
		children,
	};
}

const items: MenuItem[] = [
	item( 10, 'Home' ),
	item( 20, 'Notices', [
		item( 21, 'Tenders', [
			item( 211, 'Open tenders', [], true ),
			item( 212, 'Closed tenders' ),
		] ),
		item( 22, 'Expressions of interest' ),
	] ),
	item( 30, 'About', [ item( 31, 'Contact' ) ] ),
];

const props: MobileMenuProps = {
	label: 'Primary',
	toggleLabel: 'Menu',
	submenuLabel: 'Submenu of %s',
	items,
	initiallyOpen: false,
};

function renderMenu( overrides: Partial< MobileMenuProps > = {} ) {
	const user = userEvent.setup();
	render(
		<nav aria-label="Primary">
			<MobileMenu { ...props } { ...overrides } />
		</nav>
	);
	const outside = document.createElement( 'a' );
	outside.href = '/elsewhere/';
	outside.textContent = 'Skip to content';
	document.body.append( outside );
	return { user, outside };
}

const toggleButton = () => screen.getByRole( 'button', { name: 'Menu' } );
const submenuButton = ( title: string ) =>
	screen.getByRole( 'button', { name: `Submenu of ${ title }` } );

/** The list a button opens, found through its aria-controls. */
function controlled( button: HTMLElement ): HTMLElement {
	const id = button.getAttribute( 'aria-controls' );
	const list = id ? document.getElementById( id ) : null;
	if ( ! list ) {
		throw new Error( `aria-controls="${ id }" names no element` );
	}
	return list;
}

function isOpen( button: HTMLElement ): boolean {
	const expanded = button.getAttribute( 'aria-expanded' );
	const open = controlled( button ).classList.contains( 'is-open' );
	if ( ( expanded === 'true' ) !== open ) {
		throw new Error(
			`aria-expanded="${ expanded }" but is-open is ${ open }`
		);
	}
	return open;
}

describe( 'MobileMenu', () => {
	it( 'renders a closed drawer with a toggle that controls the list', () => {
		renderMenu();

		const toggle = toggleButton();
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		const list = controlled( toggle );
		expect( list.tagName ).toBe( 'UL' );
		expect( list.className ).toBe( 'tp-mobile-menu__list' );
		expect(
			within( list )
				.getAllByRole( 'link', { hidden: true } )
				.map( ( link ) => link.textContent )
		).toEqual( [
			'Home',
			'Notices',
			'Tenders',
			'Open tenders',
			'Closed tenders',
			'Expressions of interest',
			'About',
			'Contact',
		] );
		expect(
			screen.getByText( 'Open tenders' ).getAttribute( 'aria-current' )
		).toBe( 'page' );
		expect(
			screen.getByText( 'Home' ).hasAttribute( 'aria-current' )
		).toBe( false );
	} );

	it( 'opens and closes the drawer with the toggle', async () => {
		const { user } = renderMenu();

		await user.click( toggleButton() );
		expect( toggleButton().getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( isOpen( toggleButton() ) ).toBe( true );

		await user.click( toggleButton() );
		expect( isOpen( toggleButton() ) ).toBe( false );
	} );

	it( 'starts open when the visitor had opened the native drawer', () => {
		renderMenu( { initiallyOpen: true } );
		expect( isOpen( toggleButton() ) ).toBe( true );
	} );

	it( 'gives only items with children a labelled submenu button that toggles its submenu', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );

		expect(
			screen
				.getAllByRole( 'button', { name: /^Submenu of / } )
				.map( ( button ) => button.getAttribute( 'aria-label' ) )
		).toEqual( [
			'Submenu of Notices',
			'Submenu of Tenders',
			'Submenu of About',
		] );

		const notices = submenuButton( 'Notices' );
		expect( notices.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( controlled( notices ).className ).toBe(
			'tp-mobile-menu__submenu'
		);
		expect(
			within( controlled( notices ) )
				.getAllByRole( 'link', { hidden: true } )
				.map( ( link ) => link.textContent )
		).toContain( 'Expressions of interest' );

		await user.click( notices );
		expect( notices.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( isOpen( notices ) ).toBe( true );

		await user.click( notices );
		expect( isOpen( notices ) ).toBe( false );
		expect( isOpen( toggleButton() ) ).toBe( true );
	} );

	it( 'keeps the parents of a nested submenu open and closes its siblings', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );

		await user.click( submenuButton( 'Notices' ) );
		await user.click( submenuButton( 'Tenders' ) );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( true );
		expect( isOpen( submenuButton( 'Tenders' ) ) ).toBe( true );

		await user.click( submenuButton( 'About' ) );
		expect( isOpen( submenuButton( 'About' ) ) ).toBe( true );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( false );
		expect( isOpen( submenuButton( 'Tenders' ) ) ).toBe( false );

		await user.click( submenuButton( 'Notices' ) );
		await user.click( submenuButton( 'Tenders' ) );
		await user.click( submenuButton( 'Notices' ) );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( false );
		expect( isOpen( submenuButton( 'Tenders' ) ) ).toBe( false );
	} );

	it( 'closes the innermost submenu on Escape and gives focus back to its button, then the drawer', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'Notices' ) );
		screen.getByRole( 'link', { name: 'Expressions of interest' } ).focus();

		await user.keyboard( '{Escape}' );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( false );
		expectFocusOn( submenuButton( 'Notices' ) );
		expect( isOpen( toggleButton() ) ).toBe( true );

		await user.keyboard( '{Escape}' );
		expect( isOpen( toggleButton() ) ).toBe( false );
		expectFocusOn( toggleButton() );

		// Nothing left to close: Escape does nothing more.
		await user.keyboard( '{Escape}' );
		expect( isOpen( toggleButton() ) ).toBe( false );
		expectFocusOn( toggleButton() );
	} );

	it( 'closes nested submenus one level per Escape', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'Notices' ) );
		await user.click( submenuButton( 'Tenders' ) );
		screen.getByRole( 'link', { name: 'Closed tenders' } ).focus();

		await user.keyboard( '{Escape}' );
		expect( isOpen( submenuButton( 'Tenders' ) ) ).toBe( false );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( true );
		expectFocusOn( submenuButton( 'Tenders' ) );

		await user.keyboard( '{Escape}' );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( false );
		expectFocusOn( submenuButton( 'Notices' ) );

		await user.keyboard( '{Escape}' );
		expect( isOpen( toggleButton() ) ).toBe( false );
		expectFocusOn( toggleButton() );
	} );

	it( 'closes everything on a click outside the menu', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'Notices' ) );

		await user.pointer( { keys: '[MouseLeft]', target: document.body } );

		expect( isOpen( toggleButton() ) ).toBe( false );
		expect( isOpen( submenuButton( 'Notices' ) ) ).toBe( false );
	} );

	it( 'closes everything when focus moves out of the menu', async () => {
		const { user, outside } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'About' ) );

		act( () => outside.focus() );

		expect( isOpen( toggleButton() ) ).toBe( false );
		expect( isOpen( submenuButton( 'About' ) ) ).toBe( false );
	} );

	it( 'stays open for clicks inside the menu', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'About' ) );

		await user.click( screen.getByText( 'Contact' ).closest( 'li' )! );

		expect( isOpen( toggleButton() ) ).toBe( true );
		expect( isOpen( submenuButton( 'About' ) ) ).toBe( true );
	} );
} );

describe( 'parseMobileMenuProps', () => {
	const raw = {
		label: 'Primary',
		toggleLabel: 'Menu',
		submenuLabel: 'Submenu of %s',
		items: [
			{
				id: 20,
				title: 'Notices',
				url: 'https://tenders.example.org/notices/',
				current: true,
				children: [
					{ id: 21, title: 'Tenders', url: '/notices/tenders/' },
				],
			},
		],
	};

	function serverMarkup( open: boolean ): HTMLElement {
		const element = document.createElement( 'nav' );
		element.innerHTML = `<details class="tp-mobile-menu__drawer"${
			open ? ' open' : ''
		}><summary class="tp-mobile-menu__toggle">Menu</summary><ul class="tp-mobile-menu__list"></ul></details>`;
		return element;
	}

	it( 'reads the items into a typed tree', () => {
		expect( parseMobileMenuProps( raw ) ).toEqual( {
			label: 'Primary',
			toggleLabel: 'Menu',
			submenuLabel: 'Submenu of %s',
			initiallyOpen: false,
			items: [
				{
					id: 20,
					title: 'Notices',
					url: 'https://tenders.example.org/notices/',
					current: true,
					children: [
						{
							id: 21,
							title: 'Tenders',
							url: '/notices/tenders/',
							current: false,
							children: [],
						},
					],
				},
			],
		} );
	} );

	it( 'marks only an item with current: true as the current page', () => {
		const parsed = parseMobileMenuProps( {
			...raw,
			items: [
				{ id: 1, title: 'A', url: '/a/', current: 'false' },
				{ id: 2, title: 'B', url: '/b/', current: 1 },
				{ id: 3, title: 'C', url: '/c/', current: true },
			],
		} );
		expect( parsed.items.map( ( { current } ) => current ) ).toEqual( [
			false,
			false,
			true,
		] );
	} );

	it( 'keeps the drawer open when the native <details> was open', () => {
		expect(
			parseMobileMenuProps( raw, serverMarkup( true ) ).initiallyOpen
		).toBe( true );
		expect(
			parseMobileMenuProps( raw, serverMarkup( false ) ).initiallyOpen
		).toBe( false );
	} );

	it( 'defaults the submenu label to the item title', () => {
		const { submenuLabel, ...rest } = raw;
		expect( submenuLabel ).toBeDefined();
		expect( parseMobileMenuProps( rest ).submenuLabel ).toBe( '%s' );
	} );

	it( 'refuses an item with a javascript: URL, naming where it is', () => {
		const bad = structuredClone( raw );
		bad.items[ 0 ]!.children[ 0 ]!.url =
			'javascript:alert(document.cookie)';

		expect( () => parseMobileMenuProps( bad ) ).toThrow(
			new TypeError(
				'items[0].children[0].url must be an http(s) URL or a path'
			)
		);
	} );

	it.each( [
		[ 'an object', { 0: raw.items[ 0 ] } ],
		[ 'a string', '[]' ],
		[ 'missing', undefined ],
		[ 'null', null ],
	] )( 'refuses items that are %s', ( _case, value ) => {
		expect( () =>
			parseMobileMenuProps( { ...raw, items: value } )
		).toThrow( new TypeError( 'items must be a list of menu items' ) );
	} );

	it.each( [
		[
			'without a numeric id',
			{ title: 'X', url: '/x/', id: '7' },
			'items[0].id must be a number',
		],
		[
			'without a title',
			{ id: 7, url: '/x/' },
			'items[0].title must be a string',
		],
		[ 'that is not an object', 'Home', 'items[0] must be an object' ],
	] )( 'refuses an item %s', ( _case, value, message ) => {
		expect( () =>
			parseMobileMenuProps( { ...raw, items: [ value ] } )
		).toThrow( new TypeError( message ) );
	} );

	it( 'refuses a menu nested deeper than five levels', () => {
		let children: unknown[] = [];
		for ( let depth = 0; depth < 6; depth++ ) {
			children = [
				{ id: depth, title: `Level ${ depth }`, url: '/', children },
			];
		}
		expect( () =>
			parseMobileMenuProps( { ...raw, items: children } )
		).toThrow( 'must be a list of menu items' );
	} );

	it( 'is the island’s props parser', () => {
		expect( island.parseProps ).toBe( parseMobileMenuProps );
		expect( island.component ).toBe( MobileMenu );
	} );
} );

describe( 'MobileMenu state', () => {
	it( 'closing the drawer with its toggle closes the submenus too', async () => {
		const { user } = renderMenu();
		await user.click( toggleButton() );
		await user.click( submenuButton( 'About' ) );
		expect( submenuButton( 'About' ).getAttribute( 'aria-expanded' ) ).toBe(
			'true'
		);
		await user.click( toggleButton() );
		await user.click( toggleButton() );
		expect( submenuButton( 'About' ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);
		expect(
			controlled( submenuButton( 'About' ) ).classList.contains(
				'is-open'
			)
		).toBe( false );
	} );

	it( 'gives two menus on one page distinct ids for aria-controls', () => {
		render(
			<>
				<MobileMenu { ...props } />
				<MobileMenu { ...props } />
			</>
		);
		const toggles = screen.getAllByRole( 'button', { name: 'Menu' } );
		const ids = toggles.map( ( button ) =>
			button.getAttribute( 'aria-controls' )
		);
		expect( new Set( ids ).size ).toBe( 2 );
		const submenuIds = screen
			.getAllByRole( 'button', { name: 'Submenu of About' } )
			.map( ( button ) => button.getAttribute( 'aria-controls' ) );
		expect( new Set( submenuIds ).size ).toBe( 2 );
		toggles.forEach( ( button ) =>
			expect( controlled( button ).tagName ).toBe( 'UL' )
		);
	} );
} );
