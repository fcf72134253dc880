import { expect, test, type Page, type Request } from '@playwright/test';
import {
	cumulativeLayoutShift,
	layoutShiftSources,
	holdPaginationAnswers,
	isMobile,
	logInAsAdmin,
	observeLayoutShift,
	waitForIsland,
	waitForStillness,
} from './support/site';

const SPEC_FIELDS = [
	'action',
	'sid',
	'unid',
	'iselementor',
	'isblock',
	'postid',
	'page',
	'lang',
	'ajax_nonce',
	'custom_data',
];

/** POSTs to admin-ajax for pagination_request, as the page makes them. */
function recordPageRequests( page: Page ): Request[] {
	const requests: Request[] = [];
	page.on( 'request', ( request ) => {
		if (
			request.url().includes( '/wp-admin/admin-ajax.php' ) &&
			request.postData()?.includes( 'action=pagination_request' )
		) {
			requests.push( request );
		}
	} );
	return requests;
}

const listing = ( page: Page ) =>
	page.locator( '[data-tp-island="paginator"]' ).first();
const nav = ( page: Page ) => listing( page ).locator( 'nav.tp-pagination' );
const titles = ( page: Page ) =>
	listing( page ).locator( '.tp-notice-card__title' ).allTextContents();
/** The first notice's link: where focus goes when a page is shown in place. */
const firstTitle = ( page: Page ) =>
	listing( page )
		.locator( '.tp-listing__item .tp-notice-card__title a' )
		.first();

async function openListing( page: Page, url = '/' ) {
	await page.goto( url );
	// The island loads when a visitor shows intent toward the page links: here, the pointer.
	await nav( page ).locator( 'a[data-page]' ).first().hover();
	await waitForIsland( page, 'paginator' );
}

/** What screen readers hear: the polite live region of WordPress's speak(). */
const spoken = ( page: Page ) => page.locator( '#a11y-speak-polite' );

async function goToPage( page: Page, number: number ) {
	await nav( page )
		.getByRole( 'link', { name: `Page ${ number }`, exact: true } )
		.click();
	await expect( nav( page ) ).toHaveAttribute(
		'data-currentpage',
		String( number )
	);
}

/** Marks the document shown, to tell later whether a page load replaced it. */
const markDocument = ( page: Page ) =>
	page.evaluate( () => {
		( window as unknown as { sameDocument: boolean } ).sameDocument = true;
	} );

/** Whether the document marked by markDocument() is still the one shown (no page load). */
const sameDocument = ( page: Page ) =>
	page.evaluate(
		() =>
			( window as unknown as { sameDocument?: boolean } ).sameDocument ===
			true
	);

/** Titles the server renders for a paged URL (the no-JavaScript truth). */
async function serverTitles( page: Page, url: string ) {
	const html = await ( await page.request.get( url ) ).text();
	return [
		...html.matchAll( /class="tp-notice-card__title"><a [^>]*>([^<]*)</g ),
	].map( ( m ) =>
		m[ 1 ]!.replace( /&#8217;/g, '’' ).replace( /&amp;/g, '&' )
	);
}

test.describe( 'paginator island', () => {
	test( 'the server markup carries the spec attributes and real page links', async ( {
		request,
	} ) => {
		const html = await ( await request.get( '/' ) ).text();
		const navTag =
			html.match( /<nav class="tp-pagination"[^>]*>/ )?.[ 0 ] ?? '';
		for ( const attribute of [
			'data-totalpages="36"',
			'data-currentpage="1"',
			'data-unid="tp-listing-1"',
			'data-iselementor="0"',
			'data-isblock="1"',
		] ) {
			expect( navTag ).toContain( attribute );
		}
		// The listing's settings, signed: `perPage.type.heading.taxonomy.term.links.noScroll.openFirst.signature`
		// (the home page's latest notices sit under an h2, so their cards' titles are h3).
		expect( navTag ).toMatch(
			/data-sid="10\.\.3\.\.0\.5\.0\.0\.[\w-]{22}"/
		);
		expect( navTag ).toMatch( /data-postid="\d+"/ );
		expect( navTag ).not.toContain( 'data-noscroll' );
		expect( html ).toMatch(
			/<a class="tp-pagination__link" data-page="2" href="http:\/\/127\.0\.0\.1:\d+\/page\/2\/"/
		);
	} );

	test( 'clicking page 3 sends one POST with the spec fields and shows page 3', async ( {
		page,
	} ) => {
		const requests = recordPageRequests( page );
		await openListing( page );
		await goToPage( page, 3 );
		expect( requests ).toHaveLength( 1 );
		const fields = new URLSearchParams( requests[ 0 ]!.postData() ?? '' );
		expect( [ ...fields.keys() ].sort() ).toEqual(
			[ ...SPEC_FIELDS ].sort()
		);
		expect( fields.get( 'page' ) ).toBe( '3' );
		expect( fields.get( 'sid' ) ).toBe(
			await nav( page ).getAttribute( 'data-sid' )
		);
		expect( fields.get( 'isblock' ) ).toBe( '1' );
		expect( await titles( page ) ).toEqual(
			await serverTitles( page, '/page/3/' )
		);
		await expect(
			nav( page ).locator( '[aria-current="page"]' )
		).toContainText( '3' );
		await expect( spoken( page ) ).toContainText( 'Page 3 of 36 loaded.' );
		await expect( firstTitle( page ) ).toBeFocused();
	} );

	test( 'a page loaded before is shown again without a request; a double click sends one', async ( {
		page,
	} ) => {
		const requests = recordPageRequests( page );
		await openListing( page );
		await goToPage( page, 3 );
		await goToPage( page, 4 );
		await goToPage( page, 3 );
		expect(
			requests.map( ( r ) =>
				new URLSearchParams( r.postData() ?? '' ).get( 'page' )
			)
		).toEqual( [ '3', '4' ] );

		await nav( page )
			.getByRole( 'link', { name: 'Page 5', exact: true } )
			.dblclick();
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '5' );
		expect( requests ).toHaveLength( 3 );
	} );

	test( 'the URL follows the link template, and page 1 uses its own link', async ( {
		page,
		baseURL,
	} ) => {
		await openListing( page );
		await goToPage( page, 3 );
		await expect( page ).toHaveURL( `${ baseURL }/page/3/` );
		await goToPage( page, 2 );
		await expect( page ).toHaveURL( `${ baseURL }/page/2/` );
		await goToPage( page, 1 );
		await expect( page ).toHaveURL( `${ baseURL }/` );
	} );

	test( 'an admin keeps the URL while paging', async ( {
		page,
		baseURL,
	} ) => {
		await logInAsAdmin( page );
		await openListing( page );
		await goToPage( page, 3 );
		expect( await titles( page ) ).toEqual(
			await serverTitles( page, '/page/3/' )
		);
		// The announcement comes after the URL step in the same effect: by then it would have changed.
		await expect( spoken( page ) ).toContainText(
			/Page 3 of \d+ loaded\./
		);
		expect( page.url() ).toBe( `${ baseURL }/` );
	} );

	test( 'a failed request offers Retry, keeps the page, and the next click works', async ( {
		page,
	} ) => {
		await openListing( page );
		const before = await titles( page );
		let fail = true;
		await page.route( '**/wp-admin/admin-ajax.php*', async ( route ) => {
			if ( fail ) {
				fail = false;
				await route.fulfill( {
					status: 500,
					contentType: 'text/html',
					body: '<html><body>Internal Server Error</body></html>',
				} );
			} else {
				await route.continue();
			}
		} );
		await nav( page )
			.getByRole( 'link', { name: 'Page 3', exact: true } )
			.click();
		const message = listing( page ).locator( '.tp-paginator__error' );
		await expect( message ).toContainText( 'Page 3 could not be loaded.' );
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '1' );
		expect( await titles( page ) ).toEqual( before );

		await message.getByRole( 'button', { name: 'Try again' } ).click();
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '3' );
		await expect( message ).toHaveCount( 0 );
		await goToPage( page, 4 );
	} );

	test( 'after a page loads the listing sits 160 px below the top of the viewport', async ( {
		page,
	} ) => {
		await openListing( page );
		await goToPage( page, 3 );
		await expect
			.poll(
				() =>
					listing( page ).evaluate( ( el ) =>
						Math.round( el.getBoundingClientRect().top )
					),
				{ timeout: 3000 }
			)
			.toBe( 160 );
	} );

	for ( const url of [ '/', '/tenders/' ] ) {
		test( `with answers held 1.2 s, paging 2 → 5 → 6 on ${ url } moves nothing on the page (CLS 0)`, async ( {
			page,
		} ) => {
			const held = await holdPaginationAnswers( page, 1200 );
			await observeLayoutShift( page );
			await openListing( page, url );
			// Page 5 is the first whose row has an ellipsis after page 1 ("1 … 4 5 6 … last").
			for ( const number of [ 2, 5, 6 ] ) {
				await goToPage( page, number );
				await waitForStillness( page );
			}
			expect( held() ).toBe( 3 );
			expect(
				await cumulativeLayoutShift( page ),
				( await layoutShiftSources( page ) ).join( '\n' )
			).toBe( 0 );
		} );
	}

	test( 'the last page is one tap away, says which notices it shows, and its links start at the content edge', async ( {
		page,
	} ) => {
		await openListing( page, '/tenders/' );
		const last = Number(
			await nav( page ).getAttribute( 'data-totalpages' )
		);
		const range = listing( page ).locator( '.tp-listing__range' );
		await expect( range ).toHaveText( /^Showing 1–10 of \d+ notices$/ );
		const found = Number(
			/of (\d+)/.exec( ( await range.textContent() ) ?? '' )![ 1 ]
		);
		expect( Math.ceil( found / 10 ) ).toBe( last );

		await goToPage( page, last );
		await expect( range ).toHaveText(
			`Showing ${
				( last - 1 ) * 10 + 1
			}–${ found } of ${ found } notices`
		);
		await expect(
			nav( page ).getByRole( 'link', { name: 'Next' } )
		).toHaveCount( 0 );
		await expect(
			nav( page ).getByRole( 'link', { name: 'Page 1', exact: true } )
		).toBeVisible();
		// No place kept for a Previous or Next the page lacks: page 1 sits at the content edge.
		const edge = async () =>
			Math.round(
				( await nav( page ).locator( 'li' ).first().boundingBox() )!.x -
					( await listing( page )
						.locator( '.tp-listing__items' )
						.boundingBox() )!.x
			);
		expect( await edge() ).toBe( 0 );
		await goToPage( page, 1 );
		expect( await edge() ).toBe( 0 );
	} );

	test( 'a no-scroll listing leaves the scroll position alone', async ( {
		page,
	} ) => {
		await openListing( page, '/expressions-of-interest/' );
		await expect( nav( page ) ).toHaveAttribute( 'data-noscroll', '1' );
		const before = await page.evaluate( () => window.scrollY );
		await goToPage( page, 2 );
		await page.waitForTimeout( 1200 );
		expect( await page.evaluate( () => window.scrollY ) ).toBe( before );
		for ( const badge of await listing( page )
			.locator( '.tp-badge' )
			.allTextContents() ) {
			expect( badge ).toBe( 'EOI' );
		}
	} );

	test( 'without JavaScript the links page through the listing', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		await page.getByRole( 'link', { name: 'Page 3', exact: true } ).click();
		await expect( page ).toHaveURL( /\/page\/3\/$/ );
		await expect( page.locator( 'nav.tp-pagination' ) ).toHaveAttribute(
			'data-currentpage',
			'3'
		);
		expect(
			await page.locator( '.tp-notice-card__title' ).allTextContents()
		).toEqual( await serverTitles( page, '/page/3/' ) );
		await context.close();
	} );

	test( 'theme code hears tenderpress:page-loaded with the page and the container', async ( {
		page,
	} ) => {
		await openListing( page );
		await page.evaluate( () => {
			document.addEventListener( 'tenderpress:page-loaded', ( event ) => {
				const { page: number, container } = ( event as CustomEvent )
					.detail;
				( window as unknown as { heard: unknown } ).heard = {
					number,
					island: container.dataset.tpIsland,
				};
			} );
		} );
		await goToPage( page, 2 );
		expect(
			await page.evaluate(
				() => ( window as unknown as { heard: unknown } ).heard
			)
		).toEqual( { number: 2, island: 'paginator' } );
	} );

	test( 'with the keyboard alone: tabbing to a page link loads the island, focus stays on that link, Enter pages in place', async ( {
		page,
		baseURL,
	} ) => {
		await page.goto( '/' );
		const island = page.locator( '[data-tp-island="paginator"]' );
		await expect( island ).toHaveAttribute( 'data-tp-state', 'waiting' );
		// From the listing's last notice (the home page has a hundred controls before it, more
		// than a test should press Tab through), Tab on as a keyboard user does, until the first
		// page link has focus.
		await listing( page ).locator( '.tp-listing__item a' ).last().focus();
		await expect( island ).toHaveAttribute( 'data-tp-state', 'waiting' );
		for ( let presses = 0; presses < 20; presses++ ) {
			await page.keyboard.press( 'Tab' );
			if (
				await page
					.locator( 'nav.tp-pagination a[data-page]:focus' )
					.count()
			) {
				break;
			}
		}
		await waitForIsland( page, 'paginator' );
		// The server's link was replaced by the island's: focus moved with it, not to <body>.
		const focused = nav( page ).getByRole( 'link', {
			name: 'Page 2',
			exact: true,
		} );
		await expect( focused ).toBeFocused();

		await page.keyboard.press( 'Enter' );
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '2' );
		await expect( page ).toHaveURL( `${ baseURL }/page/2/` );
		await expect( firstTitle( page ) ).toBeFocused();
	} );

	test( 'the first tap shows its page as soon as the answer comes, before React and the island have loaded, and the island carries on from it', async ( {
		page,
		baseURL,
	} ) => {
		// A slow network for everything the island needs: React, WordPress's scripts, the chunk.
		let release: () => void = () => {};
		const released = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		const order: string[] = [];
		page.on( 'request', ( request ) => order.push( request.url() ) );
		await page.route(
			/\/build\/paginator-[^/]+\.js|\/wp-includes\/js\/dist\//,
			async ( route ) => {
				await released;
				await route.continue();
			}
		);
		const requests = recordPageRequests( page );
		await page.goto( '/' );
		await markDocument( page );
		const island = page.locator( '[data-tp-island="paginator"]' );
		const tapped = order.length;
		const touch = isMobile( page );

		// A finger on a phone; the mouse on a wide screen.
		const link = nav( page ).getByRole( 'link', {
			name: 'Page 2',
			exact: true,
		} );
		await ( touch ? link.tap() : link.click() );

		// Shown while the island is still loading: the page's notices and links, the address,
		// focus on the first notice.
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '2' );
		await expect( island ).toHaveAttribute( 'data-tp-state', 'loading' );
		expect( await titles( page ) ).toEqual(
			await serverTitles( page, '/page/2/' )
		);
		await expect( page ).toHaveURL( `${ baseURL }/page/2/` );
		await expect( firstTitle( page ) ).toBeFocused();
		await expect( island ).not.toHaveAttribute( 'aria-busy' );
		expect( requests ).toHaveLength( 1 );
		// A finger's page request left first, before the island's chunk (its early module, one
		// small file, went beside it): the island's modules were asked for only after its answer.
		// A mouse asks at the click, after its pointer over the links has started the island.
		const after = order.slice( tapped );
		const asked = after.findIndex( ( url ) =>
			url.includes( '/wp-admin/admin-ajax.php' )
		);
		const chunk = after.findIndex( ( url ) =>
			/\/build\/paginator-[^/]+\.js/.test( url )
		);
		expect( asked ).toBeGreaterThanOrEqual( 0 );
		if ( touch ) {
			expect( chunk ).toBeGreaterThan( asked );
		}
		expect(
			after.some( ( url ) => /\/build\/paginator\/early-/.test( url ) )
		).toBe( true );

		release();
		await expect( island ).toHaveAttribute( 'data-tp-state', 'mounted' );
		// The mounted island starts from page 2 and did not load it again.
		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '2' );
		expect( requests ).toHaveLength( 1 );
		await expect( spoken( page ) ).toContainText( 'Page 2 of' );

		await goToPage( page, 3 );
		expect( await titles( page ) ).toEqual(
			await serverTitles( page, '/page/3/' )
		);
		await expect( page ).toHaveURL( `${ baseURL }/page/3/` );
		expect( requests ).toHaveLength( 2 );
		expect( await sameDocument( page ) ).toBe( true );
	} );

	test( 'without its early module (it could not load), a click that comes before the island has mounted is replayed in place, not lost and not a page load', async ( {
		page,
		baseURL,
	} ) => {
		await page.route( '**/build/paginator/early-*.js', ( route ) =>
			route.abort()
		);
		// A slow network: the island's chunk takes a while to arrive after the first intent.
		await page.route( '**/build/paginator-*.js', async ( route ) => {
			await new Promise( ( resolve ) => setTimeout( resolve, 1500 ) );
			await route.continue();
		} );
		const requests = recordPageRequests( page );
		await page.goto( '/' );
		await markDocument( page );
		const island = page.locator( '[data-tp-island="paginator"]' );

		await nav( page )
			.getByRole( 'link', { name: 'Page 3', exact: true } )
			.click();
		await expect( island ).toHaveAttribute( 'data-tp-state', 'loading' );
		await expect( island ).toHaveAttribute( 'aria-busy', 'true' );
		expect( page.url() ).toBe( `${ baseURL }/` );
		// The page's request left at the click, while the island's chunk is still held back: the
		// answer is on its way while React and the island load.
		await expect.poll( () => requests.length ).toBe( 1 );
		await expect( island ).toHaveAttribute( 'data-tp-state', 'loading' );
		const fields = new URLSearchParams( requests[ 0 ]!.postData() ?? '' );
		expect( [ ...fields.keys() ].sort() ).toEqual(
			[ ...SPEC_FIELDS ].sort()
		);
		expect( fields.get( 'page' ) ).toBe( '3' );

		await expect( nav( page ) ).toHaveAttribute( 'data-currentpage', '3' );
		expect( await titles( page ) ).toEqual(
			await serverTitles( page, '/page/3/' )
		);
		await expect( page ).toHaveURL( `${ baseURL }/page/3/` );
		expect( requests ).toHaveLength( 1 );
		expect( await sameDocument( page ) ).toBe( true );
		await expect( island ).not.toHaveAttribute( 'aria-busy' );
	} );

	test( 'a notice type chosen in the URL stays chosen while paging in place', async ( {
		page,
	} ) => {
		const requests = recordPageRequests( page );
		await openListing( page, '/tenders/?notice_type=eoi' );
		await goToPage( page, 2 );
		const fields = new URLSearchParams( requests[ 0 ]!.postData() ?? '' );
		expect( JSON.parse( fields.get( 'custom_data' ) ?? '' ) ).toEqual( {
			noticeType: 'eoi',
		} );
		const badges = await listing( page )
			.locator( '.tp-badge' )
			.allTextContents();
		expect( badges.length ).toBeGreaterThan( 0 );
		expect( new Set( badges ) ).toEqual( new Set( [ 'EOI' ] ) );
		expect( page.url() ).toContain( 'notice_type=eoi' );
	} );
} );
