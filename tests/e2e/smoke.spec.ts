/**
 * The smoke run: what a visitor does first, on every core and database CI checks (E2E_SMOKE=1
 * picks the tests tagged @smoke, see playwright.config.ts). The home page lists notices, a notice
 * shows its key facts, and the listing pages in place, which loads React from the core the site
 * runs (its wp-element, and from 6.6 on its react-jsx-runtime) and the paginator island on top.
 * No script error may happen on the way.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForIsland } from './support/site';

const SMOKE = { tag: '@smoke' };

/** Uncaught errors and console errors of the page, from now on. */
function recordErrors( page: Page ): string[] {
	const errors: string[] = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	return errors;
}

const cardTitles = ( html: string ) =>
	[
		...html.matchAll( /class="tp-notice-card__title"><a [^>]*>([^<]*)</g ),
	].map( ( match ) => match[ 1 ] );

test(
	'the home page lists notices with page links',
	SMOKE,
	async ( { page } ) => {
		const errors = recordErrors( page );
		const response = await page.goto( '/' );
		expect( response?.status() ).toBe( 200 );
		const listing = page.locator( '[data-tp-island="paginator"]' ).first();
		await expect(
			listing.locator( '.tp-notice-card' ).first()
		).toBeVisible();
		await expect(
			listing
				.locator( 'nav.tp-pagination' )
				.getByRole( 'link', { name: 'Page 2', exact: true } )
		).toHaveAttribute( 'href', /\/page\/2\/$/ );
		expect( errors ).toEqual( [] );
	}
);

test( 'a notice shows its key facts', SMOKE, async ( { page, request } ) => {
	const errors = recordErrors( page );
	const [ notice ] = await (
		await request.get( '/wp-json/wp/v2/tenders?per_page=1' )
	).json();
	const response = await page.goto( new URL( notice.link ).pathname );
	expect( response?.status() ).toBe( 200 );
	// The key facts a bidder decides on in the aside; who and what in the Summary section.
	await expect(
		page
			.locator( '.tp-notice-facts' )
			.getByRole( 'heading', { name: 'Key facts' } )
	).toBeVisible();
	const summary = page.locator( '#summary' );
	await expect(
		summary.locator( 'dt:has-text("Reference number") + dd' )
	).toHaveText( notice.meta.tp_reference );
	await expect(
		summary.locator( 'dt:has-text("Issuing organisation") + dd' )
	).toHaveText( notice.meta.tp_buyer );
	expect( errors ).toEqual( [] );
} );

test(
	'the listing pages in place, as the server renders page 2',
	SMOKE,
	async ( { page, request } ) => {
		const errors = recordErrors( page );
		await page.goto( '/' );
		const listing = page.locator( '[data-tp-island="paginator"]' ).first();
		const nav = listing.locator( 'nav.tp-pagination' );
		await nav.getByRole( 'link', { name: 'Page 2', exact: true } ).click();
		await waitForIsland( page, 'paginator' );
		await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
		await expect( page ).toHaveURL( /\/page\/2\/$/ );
		const server = await ( await request.get( '/page/2/' ) ).text();
		expect(
			cardTitles(
				await listing.locator( '.tp-listing__items' ).innerHTML()
			)
		).toEqual( cardTitles( server ) );
		expect( errors ).toEqual( [] );
	}
);
