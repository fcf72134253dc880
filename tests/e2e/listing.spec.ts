import { expect, test } from '@playwright/test';

test.describe( 'home page listing', () => {
	test( 'lists at least 10 notices with type, buyer, deadline and status', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		await expect(
			page.getByRole( 'heading', {
				level: 1,
				name: 'Public tenders and expressions of interest',
			} )
		).toBeVisible();
		const cards = page.locator( '.tp-notice-card' );
		expect( await cards.count() ).toBeGreaterThanOrEqual( 10 );
		for ( const card of ( await cards.all() ).slice( 0, 10 ) ) {
			await expect( card.locator( '.tp-badge' ) ).toHaveText(
				/^(Tender|EOI|Corrigendum|Award)$/
			);
			await expect( card.locator( '.tp-status' ) ).toHaveText(
				/^(Open|Closing soon|Closed)$/
			);
			await expect(
				card.locator( 'dt', { hasText: 'Buyer' } )
			).toBeVisible();
			await expect(
				card.locator(
					'.tp-notice-card__fact--deadline dd time[datetime]'
				)
			).toHaveCount( 1 );
			await expect(
				card.getByRole( 'heading' ).getByRole( 'link' )
			).toHaveAttribute( 'href', /\/tenders\// );
		}
	} );

	test( 'page links work without JavaScript', async ( { browser } ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const firstPage = await page
			.locator( '.tp-notice-card__title' )
			.allTextContents();
		await page
			.getByRole( 'navigation', { name: 'Pages of notices' } )
			.getByRole( 'link', { name: 'Page 2' } )
			.click();
		await expect( page ).toHaveURL( /\/page\/2\/$/ );
		await expect(
			page.locator( '.tp-pagination [aria-current="page"]' )
		).toContainText( '2' );
		const secondPage = await page
			.locator( '.tp-notice-card__title' )
			.allTextContents();
		expect( secondPage ).toHaveLength( 10 );
		expect(
			secondPage.filter( ( title ) => firstPage.includes( title ) )
		).toEqual( [] );
		await page.getByRole( 'link', { name: 'Next' } ).click();
		await expect( page ).toHaveURL( /\/page\/3\/$/ );
		await context.close();
	} );

	test( 'a page number past the last page is not found', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		const pages = Number(
			await page
				.locator( '.tp-listing__list' )
				.getAttribute( 'data-pages' )
		);
		expect( pages ).toBeGreaterThan( 1 );
		const last = await page.goto( `/page/${ pages }/` );
		expect( last?.status() ).toBe( 200 );
		await expect( page.locator( '.tp-notice-card' ).first() ).toBeVisible();
		for ( const path of [ `/page/${ pages + 1 }/`, '/page/999/' ] ) {
			const past = await page.goto( path );
			expect( past?.status(), path ).toBe( 404 );
			await expect(
				page.getByRole( 'heading', { level: 1 } )
			).toHaveText( 'Page not found' );
			await expect( page.locator( '.tp-notice-card' ) ).toHaveCount( 0 );
		}
	} );

	test( 'the tender archive and a category archive list notices', async ( {
		page,
	} ) => {
		await page.goto( '/tenders/' );
		expect(
			await page.locator( '.tp-notice-card' ).count()
		).toBeGreaterThanOrEqual( 10 );
		await page.goto( '/tender-category/civil-works/' );
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Civil Works'
		);
		expect(
			await page.locator( '.tp-notice-card' ).count()
		).toBeGreaterThan( 0 );
	} );
} );

test.describe( 'single notice', () => {
	test( 'shows its key facts, status and time left, documents and term links', async ( {
		page,
		request,
	} ) => {
		// A seeded open notice with documents, found through the REST API.
		const response = await request.get(
			'/wp-json/wp/v2/tenders?per_page=50'
		);
		const notices = ( await response.json() ) as Array< {
			link: string;
			meta: Record< string, unknown >;
			tp_status: { status: string };
		} >;
		const notice = notices.find(
			( n ) =>
				n.tp_status.status === 'open' &&
				Array.isArray( n.meta.tp_documents ) &&
				( n.meta.tp_documents as unknown[] ).length > 0 &&
				n.meta.tp_notice_type === 'tender'
		);
		expect( notice ).toBeDefined();
		await page.goto( notice!.link );
		// The aside's key facts, and the Summary section's.
		const facts = page.locator( '.tp-notice-facts, #summary' );
		await expect(
			facts.getByRole( 'heading', { name: 'Key facts' } )
		).toBeVisible();
		await expect( facts.locator( '.tp-status' ) ).toHaveText( 'Open' );
		// "18 days left", or on the last day "Closes today at 3:00 pm IST, in 5 h" (time-left.spec.ts
		// checks the figures).
		await expect(
			facts.locator( '.tp-notice-facts__time-left' )
		).toHaveText( /(left|, in .+)$/ );
		for ( const label of [
			'Reference number',
			'Issuing organisation',
			'Submission deadline',
			'Estimated value',
			'Bid security (EMD)',
			'Document fee',
			'Category',
			'Location',
			'Contact',
		] ) {
			await expect(
				facts.locator( 'dt', { hasText: label } )
			).toBeVisible();
		}
		await expect(
			facts.locator( 'dd', {
				hasText: notice!.meta.tp_reference as string,
			} )
		).toBeVisible();
		await expect(
			facts.locator( 'dd', { hasText: '₹' } ).first()
		).toBeVisible();
		// The documents have a section of their own.
		await expect(
			page.locator( '#documents .tp-notice-facts__documents a' ).first()
		).toHaveAttribute( 'href', /^https:\/\// );
		await facts.locator( 'dt:has-text("Category") + dd a' ).click();
		await expect( page ).toHaveURL( /\/tender-category\// );
	} );
} );

test.describe( 'REST API', () => {
	test( 'returns a notice with its fields and derived status', async ( {
		request,
	} ) => {
		const response = await request.get(
			'/wp-json/wp/v2/tenders?per_page=1'
		);
		expect( response.status() ).toBe( 200 );
		const [ notice ] = await response.json();
		expect( notice.meta ).toMatchObject( {
			tp_notice_type: expect.stringMatching(
				/^(tender|eoi|corrigendum)$/
			),
			tp_reference: expect.stringMatching( /\/\d{4}\/\d{4}$/ ),
			tp_buyer: expect.any( String ),
			tp_deadline: expect.stringMatching(
				/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
			),
			tp_currency: 'INR',
		} );
		expect( notice.tp_status.status ).toMatch(
			/^(open|closing-soon|closed)$/
		);
		expect( notice.tp_status.deadline_gmt ).toMatch( /Z$/ );
		expect( notice.tender_category ).toHaveLength( 1 );
	} );

	test( 'refuses an anonymous change', async ( { request } ) => {
		const [ notice ] = await (
			await request.get( '/wp-json/wp/v2/tenders?per_page=1' )
		).json();
		const response = await request.post(
			`/wp-json/wp/v2/tenders/${ notice.id }`,
			{ data: { meta: { tp_buyer: 'Hacked' } } }
		);
		expect( response.status() ).toBe( 401 );
		const after = await (
			await request.get( `/wp-json/wp/v2/tenders/${ notice.id }` )
		).json();
		expect( after.meta.tp_buyer ).toBe( notice.meta.tp_buyer );
	} );
} );
