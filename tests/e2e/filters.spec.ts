/**
 * The filter and sort form of the notice archive: a GET form that works without JavaScript, and
 * with JavaScript applied in place by the paginator island; URLs that carry the view (reload,
 * Back), paging that keeps it (in place and by links), and no axe violation with the form open.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	cumulativeLayoutShift,
	holdChunk,
	holdPaginationAnswers,
	observeLayoutShift,
	openFilters,
	waitForIsland,
	waitForStillness,
} from './support/site';

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

/** The custom_data of each pagination_request the page sends, as sent. */
function recordCustomData( page: Page ): string[] {
	const sent: string[] = [];
	page.on( 'request', ( request ) => {
		const body = request.postData() ?? '';
		if ( body.includes( 'action=pagination_request' ) ) {
			sent.push( new URLSearchParams( body ).get( 'custom_data' ) ?? '' );
		}
	} );
	return sent;
}

/**
 * Opens the filter panel, chooses each labelled field's option and presses "Show notices", as a
 * visitor does.
 */
async function showNotices( page: Page, choices: Record< string, string > ) {
	await openFilters( page );
	for ( const [ label, value ] of Object.entries( choices ) ) {
		await page.getByLabel( label ).selectOption( value );
	}
	await page.getByRole( 'button', { name: 'Show notices' } ).click();
}

/**
 * Marks the document, so a later check can tell that no change since loaded a new page.
 * Returns that check.
 */
async function markThisPage( page: Page ) {
	await page.evaluate( () => ( document.body.dataset.samePage = 'yes' ) );
	return () =>
		expect( page.locator( 'body' ) ).toHaveAttribute(
			'data-same-page',
			'yes'
		);
}

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
		await showNotices( page, {
			Status: 'closed',
			Location: 'maharashtra',
		} );

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

		await openFilters( page );
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
		// An amount typed that is not one is told beside its field (tests/e2e/money.spec.ts).
		await expect( page.getByLabel( 'At least' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
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
		const sent = recordCustomData( page );
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
		await page.goto( '/tenders/?status=closed' );
		await openFilters( page );
		await expect( page.getByLabel( 'Status' ) ).toBeVisible();
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
		// Until the page has loaded: the new address shows as soon as the first bytes arrive,
		// before the cards below are parsed.
		await page.waitForURL( /\/tenders\/closing-soon\/page\/2\/$/ );
		const second = await deadlines( page );
		expect( second.length ).toBeGreaterThan( 0 );
		expect( [ ...first, ...second ].sort() ).toEqual( [
			...first,
			...second,
		] );
		await context.close();
	} );

	test( 'with JavaScript a filter change updates the listing in place: the URL follows, the count is announced, paging keeps the filters, Back and reload return to each view', async ( {
		page,
	} ) => {
		const sent = recordCustomData( page );
		await page.goto( '/tenders/' );
		const everything = await stated( page );
		const samePage = await markThisPage( page );

		await showNotices( page, {
			Status: 'closed',
			Location: 'maharashtra',
		} );

		await expect( page ).toHaveURL(
			/\/tenders\/\?status=closed&location=maharashtra$/
		);
		await expect( count( page ) ).not.toHaveText(
			`${ everything.toLocaleString( 'en-US' ) } notices`
		);
		const filtered = await stated( page );
		expect( filtered ).toBeGreaterThan( 0 );
		expect( filtered ).toBeLessThan( everything );
		await expect( page.locator( '#a11y-speak-polite' ) ).toContainText(
			`${ filtered } notice`
		);
		await samePage();
		for ( const badge of await cards( page )
			.locator( '.tp-status' )
			.allTextContents() ) {
			expect( badge ).toBe( 'Closed' );
		}
		await expect( page.locator( '.tp-filters__summary' ) ).toHaveText(
			'Filters (2)'
		);
		await expect(
			page.getByRole( 'link', { name: 'Clear filters' } )
		).toBeVisible();
		expect( JSON.parse( sent.at( -1 ) ?? '' ) ).toEqual( {
			status: 'closed',
			location: 'maharashtra',
		} );

		// The same notices as the server renders for that address.
		const server = await page.request.get( page.url() );
		expect( await server.text() ).toContain(
			`${ filtered.toLocaleString( 'en-US' ) } notice`
		);

		// Paging keeps the filters, in the request and in the address.
		const nav = page.locator( 'nav.tp-pagination' );
		if ( filtered > 10 ) {
			await nav
				.getByRole( 'link', { name: 'Page 2', exact: true } )
				.click();
			await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
			await expect( page ).toHaveURL(
				/\/tenders\/page\/2\/\?status=closed&location=maharashtra$/
			);
			expect( JSON.parse( sent.at( -1 ) ?? '' ) ).toEqual( {
				status: 'closed',
				location: 'maharashtra',
			} );
		}

		// Back: the view before the change, in place, with the form as it was.
		await page.goBack();
		await expect( page ).toHaveURL( /\/tenders\/$/ );
		await expect( count( page ) ).toHaveText(
			`${ everything.toLocaleString( 'en-US' ) } notices`
		);
		await expect( page.getByLabel( 'Status' ) ).toHaveValue( '' );
		await expect( page.getByLabel( 'Location' ) ).toHaveValue( '' );
		await expect(
			page.getByRole( 'link', { name: 'Clear filters' } )
		).toBeHidden();
		await samePage();

		// Forward: the filtered view again, on the page it was left at.
		await page.goForward();
		await expect( page ).toHaveURL( /status=closed&location=maharashtra$/ );
		await expect( count( page ) ).toHaveText(
			`${ filtered.toLocaleString( 'en-US' ) } notice${
				filtered === 1 ? '' : 's'
			}`
		);
		if ( filtered > 10 ) {
			await expect( page.locator( 'nav.tp-pagination' ) ).toHaveAttribute(
				'data-currentpage',
				'2'
			);
		}
		await expect( page.getByLabel( 'Status' ) ).toHaveValue( 'closed' );
		await samePage();

		// Reload: the server renders the same view from the address.
		await page.reload();
		expect( await stated( page ) ).toBe( filtered );
		await expect( page.getByLabel( 'Location' ) ).toHaveValue(
			'maharashtra'
		);
	} );

	test( 'with answers held 1.2 s, two filter changes in a row move nothing on the page (CLS 0)', async ( {
		page,
	} ) => {
		const held = await holdPaginationAnswers( page, 1200 );
		await observeLayoutShift( page );
		await page.goto( '/tenders/' );
		const everything = await stated( page );

		await showNotices( page, {
			Status: 'closed',
			Location: 'maharashtra',
		} );
		await expect( page ).toHaveURL( /status=closed&location=maharashtra$/ );
		await waitForStillness( page );
		const closed = await stated( page );
		expect( closed ).toBeLessThan( everything );

		// Every status (open is the archive's default, left out of the address).
		await page.getByLabel( 'Status' ).selectOption( 'any' );
		await page.getByRole( 'button', { name: 'Show notices' } ).click();
		await expect( page ).toHaveURL( /status=any&location=maharashtra$/ );
		await waitForStillness( page );
		expect( await stated( page ) ).not.toBe( closed );

		expect( held() ).toBe( 2 );
		expect( await cumulativeLayoutShift( page ) ).toBe( 0 );
	} );

	test( 'with JavaScript, "Clear filters" and a change that matches nothing are applied in place', async ( {
		page,
	} ) => {
		await page.goto( '/tenders/?notice_type=eoi' );
		const everything = Number(
			(
				(
					await page.request
						.get( '/tenders/' )
						.then( ( r ) => r.text() )
				).match( /tp-listing__count">([\d,]+) notices/ )?.[ 1 ] ?? ''
			).replace( /,/g, '' )
		);
		const samePage = await markThisPage( page );
		await openFilters( page );
		await page.getByLabel( 'At least' ).fill( '999999999999' );
		await page.getByLabel( 'At least' ).press( 'Enter' );
		await expect( count( page ) ).toHaveText( '0 notices' );
		await expect( page.locator( '.tp-listing__empty' ) ).toHaveText(
			'No notices found.'
		);
		await expect( page.locator( 'nav.tp-pagination' ) ).toHaveCount( 0 );
		await expect( page ).toHaveURL(
			/\/tenders\/\?notice_type=eoi&value_min=999999999999$/
		);

		await page.getByRole( 'link', { name: 'Clear filters' } ).click();
		await expect( page ).toHaveURL( /\/tenders\/$/ );
		expect( await stated( page ) ).toBe( everything );
		await expect( page.getByLabel( 'At least' ) ).toHaveValue( '' );
		await expect( page.getByLabel( 'Notice type' ) ).toHaveValue( '' );
		// The link hid itself: focus went to the button that applies the form, not to the page.
		await expect(
			page.getByRole( 'button', { name: 'Show notices' } )
		).toBeFocused();
		await expect( page.locator( 'nav.tp-pagination' ) ).toBeVisible();
		await samePage();
	} );

	test( 'a "Show notices" click that comes before the island has mounted is applied in place, not lost', async ( {
		page,
	} ) => {
		// The island's chunk arrives late, as on a slow phone: after the click.
		const release = await holdChunk( page, /\/build\/.*paginator.*\.js/ );
		await page.goto( '/tenders/' );
		const samePage = await markThisPage( page );
		await showNotices( page, { Status: 'closed' } );
		await expect(
			page.locator( '[data-tp-island="paginator"]' )
		).not.toHaveAttribute( 'data-tp-state', 'mounted' );
		release();

		await expect( page ).toHaveURL( /\/tenders\/\?status=closed$/ );
		await expect( page.locator( '.tp-filters__summary' ) ).toHaveText(
			'Filters (1)'
		);
		await samePage();
		for ( const badge of await cards( page )
			.locator( '.tp-status' )
			.allTextContents() ) {
			expect( badge ).toBe( 'Closed' );
		}
	} );
} );

/**
 * Each filter on its own: the form without JavaScript and the form with JavaScript give the same
 * address and the same notices (the in-place answer is the server's own render of that address).
 */
const EACH_FILTER: Array< [ string, ( page: Page ) => Promise< void > ] > = [
	[
		'words',
		( page ) =>
			page.getByLabel( 'Words or reference number' ).fill( 'road' ),
	],
	[
		'notice type',
		( page ) =>
			page
				.getByLabel( 'Notice type' )
				.selectOption( 'eoi' )
				.then( () => undefined ),
	],
	[
		'status',
		( page ) =>
			page
				.getByLabel( 'Status' )
				.selectOption( 'closing-soon' )
				.then( () => undefined ),
	],
	[
		'category',
		( page ) =>
			page
				.getByLabel( 'Category' )
				.selectOption( 'civil-works' )
				.then( () => undefined ),
	],
	[
		'location',
		( page ) =>
			page
				.getByLabel( 'Location' )
				.selectOption( 'maharashtra' )
				.then( () => undefined ),
	],
	[
		'deadline range',
		async ( page ) => {
			// Typed as the site writes dates (its format is "j M Y": day first).
			const typed = ( days: number ) =>
				new Date( Date.now() + days * 86_400_000 )
					.toISOString()
					.slice( 0, 10 )
					.split( '-' )
					.reverse()
					.join( '/' );
			await page.getByLabel( 'From (DD/MM/YYYY)' ).fill( typed( 1 ) );
			await page.getByLabel( 'To (DD/MM/YYYY)' ).fill( typed( 30 ) );
		},
	],
	[
		'value range',
		async ( page ) => {
			await page.getByLabel( 'At least' ).fill( '1000000' );
			await page.getByLabel( 'At most' ).fill( '50000000' );
		},
	],
	[
		'buyer',
		async ( page ) => {
			const buyer = page.getByLabel( 'Buyer' );
			const value = await buyer
				.locator( 'option' )
				.nth( 1 )
				.getAttribute( 'value' );
			await buyer.selectOption( value ?? '' );
		},
	],
	[
		'sort',
		( page ) =>
			page
				.getByLabel( 'Sort by' )
				.selectOption( 'value' )
				.then( () => undefined ),
	],
];

test.describe( 'each filter, without and with JavaScript', () => {
	for ( const [ name, choose ] of EACH_FILTER ) {
		test( `${ name }: the same address and notices either way`, async ( {
			browser,
			page,
		} ) => {
			const context = await browser.newContext( {
				javaScriptEnabled: false,
			} );
			const plain = await context.newPage();
			await plain.goto( '/tenders/' );
			const everything = await stated( plain );
			await openFilters( plain );
			await choose( plain );
			await plain.getByRole( 'button', { name: 'Show notices' } ).click();
			await plain.waitForURL( /\?/ );
			const address = new URL( plain.url() );
			const found = await stated( plain );
			const titles = await plain
				.locator( '.tp-notice-card__title' )
				.allTextContents();
			await context.close();
			expect( address.search ).not.toBe( '' );
			if ( name === 'sort' ) {
				expect( found ).toBe( everything );
			} else {
				expect( found ).toBeLessThan( everything );
			}

			await page.goto( '/tenders/' );
			const samePage = await markThisPage( page );
			await openFilters( page );
			// Focus in the form is intent (a tap on the summary was, where there is one).
			await page.getByLabel( 'Words or reference number' ).focus();
			await waitForIsland( page, 'paginator' );
			await choose( page );
			await page.getByRole( 'button', { name: 'Show notices' } ).click();
			await expect( page ).toHaveURL( address.href );
			expect( await stated( page ) ).toBe( found );
			await expect( page.locator( '.tp-notice-card__title' ) ).toHaveText(
				titles
			);
			await samePage();
		} );
	}
} );
