/**
 * Money and typed filter fields as a bidder meets them, with and without JavaScript, at each
 * width: a card's estimated value in the site's locale with the currency symbol once (Western
 * grouping on the en_US demo site, lakh and crore on a site in en_IN), the value filter's "₹"
 * prefix joined to its field and not read as part of its name, and a date that is not one told
 * beside its field while the listing stays as it was.
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';
import { setSiteLanguage, startOwnServer } from './support/own-server';
import { openFilters, waitForIsland } from './support/site';

/** The first card with a value, its shown value and the amount the REST API gives for it. */
async function firstValuedCard( page: Page, request: APIRequestContext ) {
	const card = page
		.locator( '.tp-notice-card' )
		.filter( {
			has: page.locator( 'dt:text-is("Estimated value") + dd', {
				hasText: '₹',
			} ),
		} )
		.first();
	const shown = (
		( await card
			.locator( 'dt:text-is("Estimated value") + dd' )
			.textContent() ) ?? ''
	).trim();
	const href =
		( await card
			.locator( '.tp-notice-card__title a' )
			.getAttribute( 'href' ) ) ?? '';
	const slug = new URL( href ).pathname.split( '/' ).filter( Boolean ).pop();
	const [ notice ] = await (
		await request.get(
			new URL( `/wp-json/wp/v2/tenders?slug=${ slug }`, href ).href
		)
	).json();
	const amount = Number( notice.meta.tp_value_amount );
	expect( amount ).toBeGreaterThan( 100000 );
	return { shown, amount };
}

/** What a bidder in `locale` expects: the rupee sign once, the locale's grouping. */
const rupees = ( amount: number, locale: string ) =>
	'₹' +
	new Intl.NumberFormat( locale, {
		minimumFractionDigits: Number.isInteger( amount ) ? 0 : 2,
		maximumFractionDigits: 2,
	} ).format( amount );

/** The value filter's lower end, its prefix, and whether they read as one control. */
async function checkPrefix( page: Page ) {
	await openFilters( page );
	// Its accessible name is its label alone: the symbol is not read with it.
	const field = page.getByRole( 'spinbutton', {
		name: 'At least',
		exact: true,
	} );
	await expect( field ).toBeVisible();
	const prefix = page
		.locator( '.tp-filters__end', { has: field } )
		.locator( '.tp-filters__prefix' );
	await expect( prefix ).toHaveText( '₹' );
	await expect( prefix ).toHaveAttribute( 'aria-hidden', 'true' );
	await expect(
		page.getByRole( 'group', { name: 'Estimated value (in ₹)' } )
	).toBeVisible();
	const symbol = ( await prefix.boundingBox() )!;
	const box = ( await field.boundingBox() )!;
	// Joined: the prefix ends where the field starts, on the same line and as tall.
	expect( Math.abs( symbol.x + symbol.width - box.x ) ).toBeLessThanOrEqual(
		1
	);
	expect( Math.abs( symbol.y - box.y ) ).toBeLessThanOrEqual( 1 );
	expect( Math.abs( symbol.height - box.height ) ).toBeLessThanOrEqual( 1 );
}

/** Types a date that does not exist into "From", as a visitor does, and shows notices. */
async function typeBadDate( page: Page ) {
	const from = page.getByLabel( 'From (DD/MM/YYYY)' );
	await from.fill( '31/02/2027' );
	await page.getByRole( 'button', { name: 'Show notices' } ).click();
	await expect( page ).toHaveURL( /deadline_from=31%2F02%2F2027/ );
	await expect( from ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( from ).toHaveValue( '31/02/2027' );
	const error = page
		.locator( '.tp-filters__end', { has: from } )
		.locator( '.tp-filters__error' );
	await expect( error ).toHaveText(
		'Error: Enter a real date as DD/MM/YYYY, such as 27/03/2027.'
	);
	await expect( error ).toBeVisible();
	// Announced with the field: its description is the message.
	await expect( from ).toHaveAccessibleDescription(
		'Error: Enter a real date as DD/MM/YYYY, such as 27/03/2027.'
	);
}

const count = ( page: Page ) =>
	page.locator( '.tp-listing__count' ).textContent();

test.describe( 'money and typed filter fields', () => {
	test( 'without JavaScript: a card shows its value with the symbol once, the value filter its prefix, a bad date its error', async ( {
		browser,
		request,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/tenders/' );
		const { shown, amount } = await firstValuedCard( page, request );
		// The demo site is in en_US: groups of three.
		expect( shown ).toBe( rupees( amount, 'en-US' ) );
		expect( shown ).not.toContain( 'INR' );
		await checkPrefix( page );

		const everything = await count( page );
		await typeBadDate( page );
		expect( await count( page ) ).toBe( everything );
		await context.close();
	} );

	test( 'with JavaScript: the same, and a page loaded in place shows values alike', async ( {
		page,
		request,
	} ) => {
		await page.goto( '/tenders/' );
		await checkPrefix( page );
		// Focus in the form is intent (on a phone, the tap on "Filters" was already).
		await page.getByLabel( 'Words or reference number' ).focus();
		await waitForIsland( page, 'paginator' );
		const everything = await count( page );
		await typeBadDate( page );
		expect( await count( page ) ).toBe( everything );

		await page.goto( '/tenders/' );
		const nav = page.locator( 'nav.tp-pagination' ).first();
		await nav.getByRole( 'link', { name: 'Page 2', exact: true } ).click();
		await waitForIsland( page, 'paginator' );
		await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
		const { shown, amount } = await firstValuedCard( page, request );
		expect( shown ).toBe( rupees( amount, 'en-US' ) );
	} );

	test( 'a site in en_IN groups a card’s value in lakhs and crores', async ( {
		page,
	}, testInfo ) => {
		test.slow();
		// A port and database of this test's own, apart from the shared e2e server's.
		const port =
			Number( process.env.E2E_PORT || 8891 ) + 50 + testInfo.workerIndex;
		const database = `money-${ testInfo.workerIndex }`;
		const server = await startOwnServer( port, database );
		try {
			setSiteLanguage( database, 'en_IN' );
			await page.goto( `${ server.url }/tenders/` );
			const { shown, amount } = await firstValuedCard(
				page,
				page.request
			);
			expect( shown ).toBe( rupees( amount, 'en-IN' ) );
			expect( shown ).toMatch( /^₹\d{1,2}(,\d\d)*,\d{3}(\.\d\d)?$/ );
		} finally {
			await server.stop();
		}
	} );
} );
