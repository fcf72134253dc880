/**
 * The notice archive as Find a Tender and Contracts Finder show a list: the filters applied as
 * tags a visitor removes one at a time (plain links, so the same without JavaScript), open
 * notices by default with a link to the closed ones, the notices first on a phone, the filters
 * in a column beside them on a wide screen, and an empty result that says what to try.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/site';

const count = ( page: Page ) => page.locator( '.tp-listing__count' );

/** The number the count line states ("1,234 notices" → 1234). */
async function stated( page: Page ): Promise< number > {
	return Number(
		( ( await count( page ).textContent() ) ?? '' ).replace( /\D/g, '' )
	);
}

/** Each card's status words ("Open", "Closed", …). */
const statuses = ( page: Page ) =>
	page.locator( '.tp-notice-card .tp-status' ).allTextContents();

for ( const javaScriptEnabled of [ true, false ] ) {
	test.describe( `with JavaScript ${
		javaScriptEnabled ? 'on' : 'off'
	}`, () => {
		test.use( { javaScriptEnabled } );

		test( 'filters show as tags, each removable by its own link, and "Clear all" removes them all', async ( {
			page,
		} ) => {
			await page.goto(
				'/tenders/?category=civil-works&location=maharashtra'
			);
			const both = await stated( page );
			const tags = page.getByRole( 'list' ).filter( {
				has: page.getByRole( 'link', { name: 'Clear all' } ),
			} );
			await expect(
				tags.getByRole( 'link', { name: /^Remove filter:/ } )
			).toHaveText( [
				'Remove filter: Category: Civil Works×',
				'Remove filter: Location: Maharashtra×',
			] );

			await page
				.getByRole( 'link', {
					name: 'Remove filter: Location: Maharashtra',
				} )
				.click();
			await expect( page ).toHaveURL(
				/\/tenders\/\?category=civil-works$/
			);
			await expect(
				page.getByRole( 'link', { name: /^Remove filter:/ } )
			).toHaveText( [ 'Remove filter: Category: Civil Works×' ] );
			expect( await stated( page ) ).toBeGreaterThanOrEqual( both );

			await page.getByRole( 'link', { name: 'Clear all' } ).click();
			await expect( page ).toHaveURL( /\/tenders\/$/ );
			await expect(
				page.getByRole( 'link', { name: /^Remove filter:/ } )
			).toHaveCount( 0 );
		} );

		test( 'the archive lists open notices by default, says so, and links to the closed ones', async ( {
			page,
		} ) => {
			await page.goto( '/tenders/' );
			await expect( page.locator( '.tp-applied__scope' ) ).toContainText(
				'Showing open notices.'
			);
			const open = await stated( page );
			expect( await statuses( page ) ).not.toContain( 'Closed' );
			const include = page.getByRole( 'link', {
				name: /^Include [\d,]+ closed notices$/,
			} );
			const closed = Number(
				( ( await include.textContent() ) ?? '' ).replace( /\D/g, '' )
			);
			expect( closed ).toBeGreaterThan( 0 );

			await include.click();
			await expect( page ).toHaveURL( /\/tenders\/\?status=any$/ );
			expect( await stated( page ) ).toBe( open + closed );
			await expect(
				page.getByRole( 'link', {
					name: 'Remove filter: Status: Any, closed included',
				} )
			).toBeVisible();

			// The closed ones alone, as before.
			await page.goto( '/tenders/?status=closed' );
			expect( await stated( page ) ).toBe( closed );
			expect( new Set( await statuses( page ) ) ).toEqual(
				new Set( [ 'Closed' ] )
			);
		} );

		test( 'an empty result says what to try: remove each filter, clear all, include closed notices', async ( {
			page,
		} ) => {
			await page.goto(
				'/tenders/?notice_type=eoi&value_min=999999999999'
			);
			await expect( count( page ) ).toHaveText( '0 notices' );
			const tries = page.locator( '.tp-applied__empty' );
			await expect( tries ).toContainText( 'No notices match.' );
			await expect( tries.getByRole( 'link' ) ).toHaveText( [
				'Remove “Notice type: EOI”',
				/^Remove “Value at least: /,
				'Clear all filters',
				'Include closed notices',
			] );
			await tries
				.getByRole( 'link', { name: 'Remove “Notice type: EOI”' } )
				.click();
			await expect( page ).toHaveURL(
				/\/tenders\/\?value_min=999999999999$/
			);
			await tries
				.getByRole( 'link', { name: /^Remove “Value at least: / } )
				.click();
			await expect( page ).toHaveURL( /\/tenders\/$/ );
			expect( await stated( page ) ).toBeGreaterThan( 0 );
		} );
	} );
}

test( 'after a search on a phone the first result is above the fold, the filters behind "Filters (n)"', async ( {
	page,
}, testInfo ) => {
	await page.goto( '/tenders/?q=water&location=karnataka' );
	const card = page.locator( '.tp-notice-card' ).first();
	await expect( card ).toBeVisible();
	const top = ( await card.boundingBox() )?.y ?? Infinity;
	const height = page.viewportSize()?.height ?? 0;
	expect( top ).toBeLessThan( height );
	const filters = page.locator( '.tp-filters__summary' );
	if ( testInfo.project.name === 'mobile-360' ) {
		// Closed even with filters applied; it opens on a tap.
		await expect( filters ).toHaveText( 'Filters (2)' );
		await expect( page.getByLabel( 'Category' ) ).toBeHidden();
		await filters.click();
		await expect( page.getByLabel( 'Category' ) ).toBeVisible();
	} else {
		// A column of filters beside the notices, shown without a click.
		await expect( filters ).toBeHidden();
		const field = page.getByLabel( 'Category' );
		await expect( field ).toBeVisible();
		const fieldBox = await field.boundingBox();
		const cardBox = await card.boundingBox();
		expect( ( fieldBox?.x ?? 0 ) + ( fieldBox?.width ?? 0 ) ).toBeLessThan(
			cardBox?.x ?? 0
		);
	}
} );

test( "the first screen reaches the notices: on a phone the first card whole and the next one's title, on a desktop two whole cards", async ( {
	page,
}, testInfo ) => {
	// A visitor who has answered the push prompt ("No thanks" today): it is not in the page.
	await page.addInitScript( () =>
		localStorage.setItem(
			'tenderpress-push',
			JSON.stringify( { dismissed: Date.now() } )
		)
	);
	await page.goto( '/tenders/' );
	await expect( page.locator( '.tp-push__prompt' ) ).toBeHidden();
	const fold = page.viewportSize()?.height ?? 0;
	const cards = page.locator( '.tp-notice-card' );
	const first = await cards.nth( 0 ).boundingBox();
	const second = await cards.nth( 1 ).boundingBox();
	expect( ( first?.y ?? Infinity ) + ( first?.height ?? 0 ) ).toBeLessThan(
		fold
	);
	if ( testInfo.project.name === 'mobile-360' ) {
		// Filters (n) and the count share a row; the second card's title shows whole.
		const title = await cards
			.nth( 1 )
			.locator( '.tp-notice-card__title' )
			.boundingBox();
		expect(
			( title?.y ?? Infinity ) + Math.min( title?.height ?? 0, 24 )
		).toBeLessThan( fold );
		const filters = await page
			.locator( '.tp-filters__summary' )
			.boundingBox();
		const countBox = await count( page ).boundingBox();
		expect(
			Math.abs( ( filters?.y ?? 0 ) - ( countBox?.y ?? Infinity ) )
		).toBeLessThan( filters?.height ?? 0 );
	} else {
		expect(
			( second?.y ?? Infinity ) + ( second?.height ?? 0 )
		).toBeLessThan( fold );
	}
} );

test( 'with JavaScript, a filter applied in place brings its tag, and the tag removes it', async ( {
	page,
}, testInfo ) => {
	await page.goto( '/tenders/' );
	if ( testInfo.project.name === 'mobile-360' ) {
		await page.locator( '.tp-filters__summary' ).click();
	}
	await page.getByLabel( 'Location' ).selectOption( 'maharashtra' );
	await page.getByRole( 'button', { name: 'Show notices' } ).click();
	await expect( page ).toHaveURL( /\/tenders\/\?location=maharashtra$/ );
	const tag = page.getByRole( 'link', {
		name: 'Remove filter: Location: Maharashtra',
	} );
	await expect( tag ).toBeVisible();
	await tag.click();
	await expect( page ).toHaveURL( /\/tenders\/$/ );
	await expect(
		page.getByRole( 'link', { name: /^Remove filter:/ } )
	).toHaveCount( 0 );
} );

test( 'the archive with tags and the open-notices line has no axe violations', async ( {
	page,
} ) => {
	await page.goto( '/tenders/?category=civil-works&sort=closing' );
	await expect(
		page.getByRole( 'link', {
			name: 'Remove filter: Category: Civil Works',
		} )
	).toBeVisible();
	expect( await axeViolations( page ) ).toEqual( [] );
	await page.goto( '/tenders/?notice_type=eoi&value_min=999999999999' );
	expect( await axeViolations( page ) ).toEqual( [] );
} );
