/**
 * The header's search form: notices by reference number and by buyer, on the one search results
 * page (WordPress's `?s=`), whose scope switch leads to guides and pages. A plain GET form: the same
 * without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { firstNoticePath } from './support/site';

const header = ( page: Page ) => page.locator( 'header' ).first();

async function search( page: Page, words: string ) {
	await header( page )
		.getByRole( 'searchbox', { name: 'Search notices' } )
		.fill( words );
	await header( page ).getByRole( 'button', { name: 'Search' } ).click();
	// The results are a new page: read nothing before it has arrived.
	await page.waitForURL( /[?&]s=/ );
	await page.waitForLoadState();
}

/** A fact of a card ("Buyer", "Reference"), by its term. */
const facts = ( page: Page, term: string ) =>
	page
		.locator( `.tp-notice-card dt:text-is("${ term }") + dd` )
		.allTextContents();

for ( const javaScriptEnabled of [ true, false ] ) {
	test.describe( `search ${
		javaScriptEnabled ? 'with' : 'without'
	} JavaScript`, () => {
		test.use( { javaScriptEnabled } );

		test( 'a pasted reference number finds that notice first', async ( {
			page,
			request,
		} ) => {
			await page.goto( await firstNoticePath( request ) );
			const reference = (
				( await page
					.locator( '#summary dt:text-is("Reference number") + dd' )
					.textContent() ) ?? ''
			).trim();
			expect( reference ).toMatch( /^[A-Z-]+\/[A-Z]+\/\d{4}\/\d{4}$/ );
			const title = ( await page.locator( 'h1' ).textContent() ) ?? '';

			await search( page, reference );

			await expect( page ).toHaveURL( /\/\?s=/ );
			expect( ( await facts( page, 'Reference' ) )[ 0 ] ).toBe(
				reference
			);
			await expect(
				page.locator( '.tp-notice-card__title' ).first()
			).toHaveText( title.trim() );
			await expect(
				header( page ).getByRole( 'searchbox', {
					name: 'Search notices',
				} )
			).toHaveValue( reference );
		} );

		test( 'a buyer’s name finds that buyer’s notices', async ( {
			page,
		} ) => {
			await page.goto( '/' );
			await search( page, 'Pune Municipal Corporation' );
			const buyers = await facts( page, 'Buyer' );
			expect( buyers.length ).toBeGreaterThan( 1 );
			expect( buyers ).toContain( 'Pune Municipal Corporation' );
			for ( const card of await page
				.locator( '.tp-notice-card' )
				.allTextContents() ) {
				for ( const word of [ 'pune', 'municipal', 'corporation' ] ) {
					expect( card.toLowerCase() ).toContain( word );
				}
			}
			const count = Number(
				( ( await page.locator( 'h1' ).textContent() ) ?? '' ).replace(
					/\D/g,
					''
				)
			);
			expect( count ).toBeGreaterThanOrEqual( buyers.length );
		} );

		test( 'the scope switch leads to guides and pages, found by WordPress’s search', async ( {
			page,
		} ) => {
			await page.goto( '/' );
			await search( page, 'bid' );
			await page
				.getByRole( 'navigation', { name: 'Search results in' } )
				.getByRole( 'link', { name: /^Guides and pages/ } )
				.click();
			await expect( page ).toHaveURL( /\/\?s=bid&scope=guides$/ );
			await expect( page.locator( 'h1' ) ).toHaveText(
				/^\d+ guides? (and|or) pages? match(es)? “bid”$/
			);
			await expect(
				header( page ).getByRole( 'searchbox', {
					name: 'Search notices',
				} )
			).toHaveValue( 'bid' );
		} );
	} );
}
