import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForIsland } from './support/site';

const nav = ( page: Page ) =>
	page.getByRole( 'navigation', { name: 'Primary' } );
/** What a visitor reaches first: the drawer toggle on a phone, the first link on a wide screen. */
const firstControl = ( page: Page ) =>
	isMobile( page )
		? nav( page ).locator( 'summary' )
		: nav( page ).getByRole( 'link' ).first();

test.describe( 'mobile menu island', () => {
	test( 'toggle, submenu and Escape work with the keyboard', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		// The island mounts on the first sign of use: here, keyboard focus reaching the menu.
		await firstControl( page ).focus();
		await waitForIsland( page, 'mobile-menu' );
		const toggle = nav( page ).getByRole( 'button', {
			name: 'Menu',
			exact: true,
		} );
		const submenuButton = nav( page ).getByRole( 'button', {
			name: 'Submenu of How to bid',
		} );
		const submenuLink = nav( page ).getByRole( 'link', {
			name: 'Registering as a bidder',
		} );

		if ( isMobile( page ) ) {
			await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
			await expect(
				nav( page ).getByRole( 'link', { name: 'About' } )
			).toBeHidden();
			await toggle.click();
			await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
			await expect(
				nav( page ).getByRole( 'link', { name: 'About' } )
			).toBeVisible();
		} else {
			await expect( toggle ).toBeHidden();
			await expect(
				nav( page ).getByRole( 'link', { name: 'About' } )
			).toBeVisible();
		}

		await expect( submenuLink ).toBeHidden();
		await submenuButton.focus();
		await page.keyboard.press( 'Enter' );
		await expect( submenuButton ).toHaveAttribute(
			'aria-expanded',
			'true'
		);
		await expect( submenuLink ).toBeVisible();
		await page.keyboard.press( 'Tab' );
		await expect( submenuLink ).toBeFocused();

		await page.keyboard.press( 'Escape' );
		await expect( submenuLink ).toBeHidden();
		await expect( submenuButton ).toBeFocused();

		if ( isMobile( page ) ) {
			await page.keyboard.press( 'Escape' );
			await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
			await expect( toggle ).toBeFocused();
		}
	} );

	test( 'a click outside closes what is open', async ( { page } ) => {
		await page.goto( '/' );
		await firstControl( page ).hover();
		await waitForIsland( page, 'mobile-menu' );
		if ( isMobile( page ) ) {
			await nav( page )
				.getByRole( 'button', { name: 'Menu', exact: true } )
				.click();
		}
		const submenuButton = nav( page ).getByRole( 'button', {
			name: 'Submenu of Tenders',
		} );
		await submenuButton.click();
		await expect( submenuButton ).toHaveAttribute(
			'aria-expanded',
			'true'
		);
		// The open menu covers much of a phone screen: click the page margin beside it.
		await page.mouse.click( 4, 600 );
		await expect(
			nav( page ).getByRole( 'link', { name: 'Civil Works' } )
		).toBeHidden();
		if ( isMobile( page ) ) {
			await expect(
				nav( page ).getByRole( 'button', { name: 'Menu', exact: true } )
			).toHaveAttribute( 'aria-expanded', 'false' );
		} else {
			await expect( submenuButton ).toHaveAttribute(
				'aria-expanded',
				'false'
			);
		}
	} );

	test( 'works without JavaScript', async ( { browser }, testInfo ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
			viewport: testInfo.project.use.viewport ?? undefined,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const about = nav( page ).getByRole( 'link', { name: 'About' } );
		const submenuLink = nav( page ).getByRole( 'link', {
			name: 'Registering as a bidder',
		} );
		if ( isMobile( page ) ) {
			await expect( about ).toBeHidden();
			await nav( page ).locator( 'summary' ).click();
			await expect( about ).toBeVisible();
			// On a phone the submenus are listed under their parent once the drawer is open.
			await expect( submenuLink ).toBeVisible();
		} else {
			await expect( about ).toBeVisible();
			await expect( submenuLink ).toBeHidden();
			await nav( page )
				.getByRole( 'link', { name: 'How to bid' } )
				.hover();
			await expect( submenuLink ).toBeVisible();
			// Keyboard users reach the dropdown too: focus inside the item opens it.
			await page.mouse.move( 0, 0 );
			await nav( page )
				.getByRole( 'link', { name: 'How to bid' } )
				.focus();
			await page.keyboard.press( 'Tab' );
			await expect( submenuLink ).toBeFocused();
			await expect( submenuLink ).toBeVisible();
		}
		await context.close();
	} );
} );
