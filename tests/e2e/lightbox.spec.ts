import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	holdChunk,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
	waitForIsland,
} from './support/site';

// The demo's site-visit guide: a gallery of three pictures with captions, and a carousel of three
// more further down.
const PAGE = '/site-visit/';

const pictures = ( page: Page ) =>
	page.locator( '[data-tp-island="lightbox"] a.tp-lightbox__link' );
const dialog = ( page: Page ) => page.getByRole( 'dialog' );
const shown = ( page: Page ) => dialog( page ).locator( '.tp-lightbox__image' );

test.describe( 'lightbox island', () => {
	test( 'loads nothing until a visitor comes near a picture, and mounting moves nothing', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( r ) => /\/lightbox-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await pictures( page ).first().hover();
		await waitForIsland( page, 'lightbox' );
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'opens, goes on and back, and closes with Escape, with focus back on the picture; a click before the mount is not lost', async ( {
		page,
	} ) => {
		const release = await holdChunk( page, /\/build\/lightbox-[\w-]+\.js/ );
		await page.goto( PAGE );
		await pictures( page ).nth( 1 ).click();
		release();
		await expect( dialog( page ) ).toBeVisible();
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 2 of 6' );
		await expect( shown( page ) ).toHaveAttribute(
			'src',
			/site-visit-pump-house[\w-]*\.png$/
		);
		await expect( dialog( page ).locator( 'figcaption' ) ).toHaveText(
			/what can be reused/
		);
		// Full size, not the thumbnail: its natural width is the file's.
		await expect
			.poll( () =>
				shown( page ).evaluate(
					( image ) => ( image as HTMLImageElement ).naturalWidth
				)
			)
			.toBe( 1200 );

		// The arrow keys at once, where the dialog put focus.
		await page.keyboard.press( 'ArrowRight' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 3 of 6' );
		await page.keyboard.press( 'ArrowLeft' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 2 of 6' );
		await dialog( page ).getByRole( 'button', { name: 'Next' } ).click();
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 3 of 6' );
		// On past the gallery to the carousel's pictures further down, which have not loaded
		// on the page yet (lazy media): the dialog shows the full-size file all the same.
		await page.keyboard.press( 'ArrowRight' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 4 of 6' );
		await expect( shown( page ) ).toHaveAttribute(
			'src',
			/site-visit-bridge[\w-]*\.png$/
		);
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 6 of 6' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 1 of 6' );
		await page.keyboard.press( 'ArrowLeft' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 6 of 6' );

		await page.keyboard.press( 'Escape' );
		await expect( dialog( page ) ).toBeHidden();
		await expect( pictures( page ).nth( 1 ) ).toBeFocused();
	} );

	test( 'the keyboard alone opens it, stays inside it, and closes it', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await pictures( page ).first().focus();
		await waitForIsland( page, 'lightbox' );
		await page.keyboard.press( 'Enter' );
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 1 of 6' );
		// Close, Previous, Next, and round again.
		const names: string[] = [];
		for ( let i = 0; i < 4; i++ ) {
			await page.keyboard.press( 'Tab' );
			names.push(
				await page
					.locator( 'body' )
					.evaluate(
						( body ) =>
							body.ownerDocument.activeElement?.textContent ?? ''
					)
			);
		}
		expect( names ).toEqual( [ 'Previous', 'Next', 'Close', 'Previous' ] );
		// And back, round the start.
		await page.keyboard.press( 'Shift+Tab' );
		await expect(
			dialog( page ).getByRole( 'button', { name: 'Close' } )
		).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( dialog( page ) ).toBeHidden();
		await expect( pictures( page ).first() ).toBeFocused();
	} );

	test( 'a swipe turns the picture', async ( { page } ) => {
		await page.goto( PAGE );
		await pictures( page ).first().click();
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 1 of 6' );
		const box = ( await shown( page ).boundingBox() )!;
		const y = box.y + box.height / 2;
		await page.mouse.move( box.x + box.width * 0.75, y );
		await page.mouse.down();
		await page.mouse.move( box.x + box.width * 0.25, y, { steps: 5 } );
		await page.mouse.up();
		await expect( dialog( page ) ).toHaveAccessibleName( 'Picture 2 of 6' );
	} );

	test( 'axe finds nothing with the lightbox open', async ( { page } ) => {
		await page.goto( PAGE );
		await pictures( page ).first().click();
		await expect( dialog( page ) ).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'lightbox without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'each picture is a link to its full-size file', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		// The gallery's three and the carousel's three further down.
		await expect( pictures( page ) ).toHaveCount( 6 );
		await pictures( page ).first().click();
		await expect( page ).toHaveURL( /site-visit-road[\w-]*\.png$/ );
	} );
} );
