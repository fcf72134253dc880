import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	layoutShiftSources,
	observeLayoutShift,
	waitForIsland,
} from './support/site';

// The demo's Notice board: a carousel of the 5 latest notices, a turn every 5000 ms.
const PAGE = '/notice-board/';
const INTERVAL = 5000;

const carousel = ( page: Page ) =>
	page.locator( '[data-tp-island="carousel"]' );
const button = ( page: Page, name: string ) =>
	carousel( page ).getByRole( 'button', { name, exact: true } );
const track = ( page: Page ) =>
	carousel( page ).locator( '.tp-carousel__track' );

/** The number of the slide its position link marks current, from 1. */
const current = ( page: Page ) =>
	carousel( page )
		.locator( '.tp-carousel__position a[aria-current="true"]' )
		.textContent();

/** The slide the track shows, from 1, as the visitor sees it. */
const inView = ( page: Page ) =>
	track( page ).evaluate(
		( element ) =>
			Math.round( Math.abs( element.scrollLeft ) / element.clientWidth ) +
			1
	);

async function mounted( page: Page ) {
	await carousel( page ).scrollIntoViewIfNeeded();
	await waitForIsland( page, 'carousel' );
}

test.describe( 'carousel island', () => {
	test( 'shows the first notice with its controls, and mounting moves nothing', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		await page.goto( PAGE );
		await mounted( page );
		await expect( carousel( page ).getByRole( 'group' ) ).toHaveCount( 5 );
		await expect( current( page ) ).resolves.toBe( 'Slide 1' );
		await expect( button( page, 'Pause' ) ).toBeVisible();
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'turns after 5000 ms, and its pause button stops it', async ( {
		page,
	} ) => {
		test.slow();
		await page.goto( PAGE );
		await mounted( page );
		// Away from the carousel, so the pointer does not hold it still.
		await page.mouse.move( 0, 0 );
		const started = Date.now();
		await expect
			.poll( () => current( page ), { timeout: INTERVAL + 2000 } )
			.toBe( 'Slide 2' );
		expect( Date.now() - started ).toBeGreaterThan( INTERVAL - 1500 );
		await expect.poll( () => inView( page ) ).toBe( 2 );

		await button( page, 'Pause' ).click();
		await expect( button( page, 'Play' ) ).toBeVisible();
		await page.mouse.move( 0, 0 );
		await page.locator( 'body' ).focus();
		await page.waitForTimeout( INTERVAL + 1000 );
		await expect( current( page ) ).resolves.toBe( 'Slide 2' );
		await button( page, 'Play' ).click();
		await expect( button( page, 'Pause' ) ).toBeVisible();
	} );

	test( 'the keyboard turns it with Previous and Next, a position link goes to its slide, and a swipe is followed', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await mounted( page );
		// The pause button comes first, as the rotation control must.
		await button( page, 'Pause' ).focus();
		await page.keyboard.press( 'Tab' );
		await expect( button( page, 'Previous' ) ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect.poll( () => current( page ) ).toBe( 'Slide 5' );
		await page.keyboard.press( 'Tab' );
		await expect( button( page, 'Next' ) ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect.poll( () => current( page ) ).toBe( 'Slide 1' );
		await expect.poll( () => inView( page ) ).toBe( 1 );

		await carousel( page ).getByRole( 'link', { name: 'Slide 3' } ).click();
		await expect.poll( () => inView( page ) ).toBe( 3 );
		await expect( current( page ) ).resolves.toBe( 'Slide 3' );
		// The address stays the page's.
		expect( new URL( page.url() ).hash ).toBe( '' );

		// A swipe once the slide has settled, as the browser scrolls the track for it.
		await page.waitForTimeout( 500 );
		await track( page ).evaluate( ( element ) =>
			element.scrollTo( {
				left: element.clientWidth,
				behavior: 'instant',
			} )
		);
		await expect.poll( () => current( page ) ).toBe( 'Slide 2' );
	} );

	test( 'does not turn for a visitor who prefers reduced motion, until asked to', async ( {
		page,
	} ) => {
		test.slow();
		await page.emulateMedia( { reducedMotion: 'reduce' } );
		await page.goto( PAGE );
		await mounted( page );
		await expect( button( page, 'Play' ) ).toBeVisible();
		await page.mouse.move( 0, 0 );
		await page.waitForTimeout( INTERVAL + 1000 );
		await expect( current( page ) ).resolves.toBe( 'Slide 1' );
	} );

	test( 'axe finds nothing in the carousel', async ( { page } ) => {
		await page.goto( PAGE );
		await mounted( page );
		await button( page, 'Pause' ).click();
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'carousel without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'the slides scroll sideways and each position link shows its slide; no buttons', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await expect( carousel( page ).getByRole( 'button' ) ).toHaveCount( 0 );
		await expect( carousel( page ).getByRole( 'group' ) ).toHaveCount( 5 );
		await carousel( page ).getByRole( 'link', { name: 'Slide 4' } ).click();
		await expect.poll( () => inView( page ) ).toBe( 4 );
	} );
} );
