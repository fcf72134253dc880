import { expect, test, type Page } from '@playwright/test';
import { holdChunk, recordScripts, waitForIsland } from './support/site';

const island = ( page: Page ) =>
	page.locator( '[data-tp-island="back-to-top"]' );
const link = ( page: Page ) => page.locator( '.tp-back-to-top__link' );

async function scrollToBottom( page: Page ) {
	await page.evaluate( () =>
		window.scrollTo( 0, document.body.scrollHeight )
	);
}

test.describe( 'back-to-top island', () => {
	test( 'is out of sight at the top and loads nothing until the visitor scrolls past its threshold', async ( {
		page,
	} ) => {
		const scripts = recordScripts( page );
		await page.goto( '/' );
		await page.waitForLoadState( 'networkidle' );
		await expect( island( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		// Not floating over the top of the page while it waits.
		await expect( link( page ) ).toBeHidden();
		await page.evaluate( () => window.scrollTo( 0, 300 ) );
		await page.waitForTimeout( 300 );
		await expect( island( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		expect(
			scripts.filter( ( r ) =>
				/\/back-to-top-[\w-]+\.js/.test( r.url() )
			)
		).toEqual( [] );

		await scrollToBottom( page );
		await waitForIsland( page, 'back-to-top' );
		await expect( link( page ) ).toBeVisible();
	} );

	test( 'scrolls to the top at speed 400, then focuses the top', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		await scrollToBottom( page );
		await waitForIsland( page, 'back-to-top' );
		await expect( link( page ) ).toBeVisible();

		const started = await page.evaluate( () => performance.now() );
		await link( page ).click();
		await page.waitForFunction( () => window.scrollY === 0 );
		const ended = await page.evaluate( () => performance.now() );
		// Animated, not a jump: the scroll takes about the configured 400 ms.
		expect( ended - started ).toBeGreaterThan( 300 );
		await expect( page.locator( '#top' ) ).toBeFocused();
		await expect( link( page ) ).toBeHidden();
	} );

	test( 'a click before the island has mounted still scrolls up smoothly and focuses the top', async ( {
		page,
	} ) => {
		const release = await holdChunk( page, '**/build/back-to-top-*.js' );
		await page.goto( '/' );
		await scrollToBottom( page );
		// Shown (the plain link works) as soon as the island starts loading.
		await expect( island( page ) ).toHaveAttribute(
			'data-tp-state',
			'loading'
		);
		await link( page ).click();
		expect( await page.evaluate( () => window.scrollY ) ).toBeGreaterThan(
			0
		);
		release();
		await waitForIsland( page, 'back-to-top' );
		await page.waitForFunction( () => window.scrollY === 0 );
		await expect( page.locator( '#top' ) ).toBeFocused();
		expect( page.url() ).not.toContain( '#top' );
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
		await scrollToBottom( page );
		await waitForIsland( page, 'back-to-top' );
		await expect( link( page ) ).toBeVisible();
		await link( page ).click();
		expect( await page.evaluate( () => window.scrollY ) ).toBe( 0 );
		await context.close();
	} );

	test( 'is a plain link to the top without JavaScript, shown once the page is scrolled', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const plain = link( page );
		await expect( plain ).toHaveAttribute( 'href', '#top' );
		await expect( plain ).toHaveText( 'Back to top' );
		// Chromium reveals it with a scroll-driven animation: hidden at the top, shown further down.
		await expect( plain ).toBeHidden();
		await scrollToBottom( page );
		await expect( plain ).toBeVisible();
		await plain.click();
		await expect( page ).toHaveURL( /#top$/ );
		expect( await page.evaluate( () => window.scrollY ) ).toBeLessThan(
			100
		);
		await context.close();
	} );
} );
