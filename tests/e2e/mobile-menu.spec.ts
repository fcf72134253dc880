import { expect, test, type Page } from '@playwright/test';
import { holdChunk, isMobile, waitForIsland } from './support/site';

const nav = ( page: Page ) =>
	page.getByRole( 'navigation', { name: 'Primary' } );
/** What a visitor reaches first: the drawer toggle on a phone, the first link on a wide screen. */
const firstControl = ( page: Page ) =>
	isMobile( page )
		? nav( page ).locator( 'summary' )
		: nav( page ).getByRole( 'link' ).first();

/** Presses Tab until the element `selector` names has focus (at most 40 times). */
async function tabUntil( page: Page, selector: string ) {
	for ( let presses = 0; presses < 40; presses++ ) {
		await page.keyboard.press( 'Tab' );
		if ( await page.locator( `${ selector }:focus` ).count() ) {
			return;
		}
	}
	throw new Error( `Tab never reached ${ selector }` );
}

test.describe( 'mobile menu island', () => {
	test( 'with the keyboard alone: focus survives the mount, then toggle, submenu and Escape work', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		// Tab in from the top of the page, as a keyboard user does; nothing is focused by hand.
		await tabUntil( page, 'nav[aria-label="Primary"] *' );
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
			// The drawer's <summary> had focus; the island's toggle button has it now.
			await expect( toggle ).toBeFocused();
			await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
			await page.keyboard.press( 'Enter' );
			await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
			await expect(
				nav( page ).getByRole( 'link', { name: 'About' } )
			).toBeVisible();
		} else {
			await expect( toggle ).toBeHidden();
			await expect(
				nav( page ).getByRole( 'link' ).first()
			).toBeFocused();
		}

		await expect( submenuLink ).toBeHidden();
		await tabUntil( page, '[aria-label="Submenu of How to bid"]' );
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

	test( 'a key that opens the drawer while the island is still loading is not lost', async ( {
		browser,
	} ) => {
		// The drawer is the phone layout, whatever this project's width.
		const context = await browser.newContext( {
			viewport: { width: 360, height: 740 },
			isMobile: true,
			hasTouch: true,
		} );
		const page = await context.newPage();
		// A slow network: the island arrives well after the key.
		const release = await holdChunk( page, '**/build/mobile-menu-*.js' );
		await page.goto( '/' );
		await tabUntil( page, 'summary' );
		await page.keyboard.press( 'Enter' );
		await expect(
			page.locator( '[data-tp-island="mobile-menu"]' )
		).toHaveAttribute( 'data-tp-state', 'loading' );
		release();

		await waitForIsland( page, 'mobile-menu' );
		const toggle = nav( page ).getByRole( 'button', {
			name: 'Menu',
			exact: true,
		} );
		await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( toggle ).toBeFocused();
		await expect(
			nav( page ).getByRole( 'link', { name: 'About' } )
		).toBeVisible();
		await context.close();
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
