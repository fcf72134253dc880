import { expect, test } from '@playwright/test';
import { waitForIsland } from './support/site';

test.describe( 'back-to-top island', () => {
	test( 'appears after scrolling and scrolls to the top at speed 400, then focuses the top', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		await waitForIsland( page, 'back-to-top' );
		const link = page.locator( '.tp-back-to-top__link' );
		await expect( link ).toBeHidden();
		await page.evaluate( () =>
			window.scrollTo( 0, document.body.scrollHeight )
		);
		await expect( link ).toBeVisible();

		const started = await page.evaluate( () => performance.now() );
		await link.click();
		await page.waitForFunction( () => window.scrollY === 0 );
		const ended = await page.evaluate( () => performance.now() );
		// Animated, not a jump: the scroll takes about the configured 400 ms.
		expect( ended - started ).toBeGreaterThan( 300 );
		await expect( page.locator( '#top' ) ).toBeFocused();
		await expect( link ).toBeHidden();
	} );

	test( 'jumps at once when the visitor prefers reduced motion', async ( {
		browser,
	}, testInfo ) => {
		const context = await browser.newContext( {
			reducedMotion: 'reduce',
			viewport: testInfo.project.use.viewport ?? undefined,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		await waitForIsland( page, 'back-to-top' );
		await page.evaluate( () =>
			window.scrollTo( 0, document.body.scrollHeight )
		);
		const link = page.locator( '.tp-back-to-top__link' );
		await expect( link ).toBeVisible();
		await link.click();
		expect( await page.evaluate( () => window.scrollY ) ).toBe( 0 );
		await context.close();
	} );

	test( 'is a plain link to the top without JavaScript', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const link = page.getByRole( 'link', { name: 'Back to top' } );
		await expect( link ).toHaveAttribute( 'href', '#top' );
		await page.evaluate( () =>
			window.scrollTo( 0, document.body.scrollHeight )
		);
		await link.click();
		await expect( page ).toHaveURL( /#top$/ );
		expect( await page.evaluate( () => window.scrollY ) ).toBeLessThan(
			100
		);
		await context.close();
	} );
} );
