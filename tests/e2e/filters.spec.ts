/**
 * The filter and sort form of the notice archive: a GET form that works without JavaScript, URLs
 * that carry the view, paging that keeps it (in place and by links), and no axe violation with
 * the form open.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, waitForIsland } from './support/site';

const cards = ( page: Page ) => page.locator( '.tp-notice-card' );
const count = ( page: Page ) => page.locator( '.tp-listing__count' );

/** The number the count line states ("1,234 notices" → 1234). */
async function stated( page: Page ): Promise< number > {
	return Number(
		( ( await count( page ).textContent() ) ?? '' ).replace( /\D/g, '' )
	);
}

/** Each card's deadline, as its machine-readable time. */
const deadlines = ( page: Page ) =>
	cards( page )
		.locator( 'dt:text-is("Deadline") + dd time' )
		.evaluateAll( ( times ) =>
			times.map( ( time ) => time.getAttribute( 'datetime' ) ?? '' )
		);

test.describe( 'filters and sorting on the notice archive', () => {
	test( 'without JavaScript the form filters, the URL carries the view, and page links keep it', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/tenders/' );
		const everything = await stated( page );
		await page.getByText( 'Filter and sort', { exact: true } ).click();
		await page.getByLabel( 'Status' ).selectOption( 'closed' );
		await page.getByLabel( 'Location' ).selectOption( 'maharashtra' );
		await page.getByRole( 'button', { name: 'Show notices' } ).click();

		// Fields left empty are dropped from the address (one URL per view).
		await expect( page ).toHaveURL(
			/\/tenders\/\?status=closed&location=maharashtra$/
		);
		const filtered = await stated( page );
		expect( filtered ).toBeGreaterThan( 0 );
		expect( filtered ).toBeLessThan( everything );
		await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'closed' );
		for ( const badge of await cards( page )
			.locator( '.tp-status' )
			.allTextContents() ) {
			expect( badge ).toBe( 'Closed' );
		}
		for ( const location of await cards( page )
			.locator( 'dt:text-is("Location") + dd' )
			.allTextContents() ) {
			expect( location ).toContain( 'Maharashtra' );
		}
		await expect( page.locator( 'meta[name="robots"]' ) ).toHaveAttribute(
			'content',
			/noindex/
		);

		if ( filtered > 10 ) {
			await page
				.getByRole( 'navigation', { name: 'Pages of notices' } )
				.getByRole( 'link', { name: 'Page 2' } )
				.click();
			await expect( page ).toHaveURL(
				/\/tenders\/page\/2\/\?status=closed&location=maharashtra$/
			);
			expect( await stated( page ) ).toBe( filtered );
		}

		await page.getByRole( 'link', { name: 'Clear filters' } ).click();
		await expect( page ).toHaveURL( /\/tenders\/$/ );
		expect( await stated( page ) ).toBe( everything );
		await context.close();
	} );

	test( 'without JavaScript a sort order lists open notices by deadline, and a bad value is named and ignored', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/tenders/?sort=closing&value_min=ten' );
		await expect( page.locator( '.tp-filters__ignored' ) ).toContainText(
			'value_min'
		);
		const times = await deadlines( page );
		expect( times.length ).toBeGreaterThan( 1 );
		expect( [ ...times ].sort() ).toEqual( times );
		expect( new Date( times[ 0 ]! ).getTime() ).toBeGreaterThan(
			Date.now() - 60_000
		);
		await context.close();
	} );

	test( 'with JavaScript, pages loaded in place keep the filters and the order', async ( {
		page,
	} ) => {
		const sent: string[] = [];
		page.on( 'request', ( request ) => {
			const body = request.postData() ?? '';
			if ( body.includes( 'action=pagination_request' ) ) {
				sent.push(
					new URLSearchParams( body ).get( 'custom_data' ) ?? ''
				);
			}
		} );
		await page.goto( '/tenders/?notice_type=eoi&sort=closing' );
		const firstPage = await deadlines( page );
		const nav = page.locator( 'nav.tp-pagination' );
		await nav.locator( 'a[data-page]' ).first().hover();
		await waitForIsland( page, 'paginator' );
		await nav.getByRole( 'link', { name: 'Page 2', exact: true } ).click();
		await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );

		expect( sent.map( ( body ) => JSON.parse( body ) ) ).toEqual( [
			{ noticeType: 'eoi', sort: 'closing' },
		] );
		expect(
			new Set(
				await cards( page ).locator( '.tp-badge' ).allTextContents()
			)
		).toEqual( new Set( [ 'EOI' ] ) );
		const secondPage = await deadlines( page );
		expect( [ ...firstPage, ...secondPage ] ).toEqual(
			[ ...firstPage, ...secondPage ].sort()
		);
		expect( page.url() ).toContain( 'notice_type=eoi&sort=closing' );
	} );

	test( 'the archive with the filters open has no axe violations', async ( {
		page,
	} ) => {
		await page.goto( '/tenders/?status=open' );
		await expect( page.locator( '.tp-filters__panel' ) ).toHaveAttribute(
			'open',
			''
		);
		const violations = await axeViolations( page );
		expect(
			violations.flatMap( ( violation ) =>
				violation.nodes.map(
					( node ) => `${ violation.id } ${ node.target.join( ' ' ) }`
				)
			)
		).toEqual( [] );
	} );

	test( 'closing soon is a view of its own, linked from the menu, paged by its own address', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const link = page
			.locator( 'header nav a', { hasText: 'Closing soon' } )
			.first();
		await expect( link ).toHaveAttribute(
			'href',
			/\/tenders\/closing-soon\/$/
		);
		await page.goto( ( await link.getAttribute( 'href' ) ) ?? '' );

		await expect( page.locator( 'h1' ) ).toHaveText(
			'Notices closing soon'
		);
		await expect(
			page.locator( 'meta[name="robots"]' )
		).not.toHaveAttribute( 'content', /noindex/ );
		const statuses = await cards( page )
			.locator( '.tp-status' )
			.allTextContents();
		expect( statuses.length ).toBeGreaterThan( 0 );
		expect( new Set( statuses ) ).toEqual( new Set( [ 'Closing soon' ] ) );
		const first = await deadlines( page );
		expect( [ ...first ].sort() ).toEqual( first );

		await page
			.getByRole( 'navigation', { name: 'Pages of notices' } )
			.getByRole( 'link', { name: 'Page 2' } )
			.click();
		await expect( page ).toHaveURL( /\/tenders\/closing-soon\/page\/2\/$/ );
		const second = await deadlines( page );
		expect( second.length ).toBeGreaterThan( 0 );
		expect( [ ...first, ...second ].sort() ).toEqual( [
			...first,
			...second,
		] );
		await context.close();
	} );
} );
