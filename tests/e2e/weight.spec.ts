import { expect, test } from '@playwright/test';
import {
	firstNoticePath,
	geometry,
	scrollPastBackToTop,
	observeLayoutShift,
	PAGE_WITHOUT_ISLANDS,
	recordScripts,
	waitForIsland,
} from './support/site';

test.describe( 'what a visitor downloads', () => {
	test( 'a page without islands requests no first-party script', async ( {
		page,
		baseURL,
	} ) => {
		const scripts = recordScripts( page );
		await page.goto( PAGE_WITHOUT_ISLANDS );
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Notice format for buyers'
		);
		await page.waitForLoadState( 'networkidle' );
		expect( await page.locator( '[data-tp-island]' ).count() ).toBe( 0 );
		expect(
			scripts
				.map( ( r ) => r.url() )
				.filter( ( url ) => url.startsWith( baseURL! ) )
		).toEqual( [] );
		expect( await page.locator( 'script[src]' ).count() ).toBe( 0 );
	} );

	for ( const [ name, fixedPath ] of Object.entries( {
		home: '/',
		'notice archive': '/tenders/',
		'single notice': null,
	} ) ) {
		test( `${ name }: before any intent only the runtime loads; React comes once, on intent; never jQuery`, async ( {
			page,
			request,
		} ) => {
			const path = fixedPath ?? ( await firstNoticePath( request ) );
			// The server markup names one script: the runtime, as a module (deferred, never render-blocking).
			const html = await ( await request.get( path ) ).text();
			const eager = html.match( /<script\b[^>]*\bsrc=[^>]*>/g ) ?? [];
			expect( eager ).toHaveLength( 1 );
			expect( eager[ 0 ] ).toMatch( /type="module"/ );
			expect( eager[ 0 ] ).toMatch( /\/build\/runtime-[\w-]+\.js"/ );

			const scripts = recordScripts( page );
			await page.goto( path );
			await page.waitForLoadState( 'networkidle' );
			// Past the idle strategy's 2 s limit: nothing may be waiting for the main thread.
			await page.waitForTimeout( 2500 );
			expect(
				scripts.map( ( r ) => new URL( r.url() ).pathname )
			).toEqual( [
				expect.stringMatching( /\/build\/runtime-[\w-]+\.js$/ ),
			] );
			expect(
				await page
					.locator( '[data-tp-island]' )
					.evaluateAll( ( islands ) =>
						islands.map( ( island ) =>
							island.getAttribute( 'data-tp-state' )
						)
					)
			).not.toContain( 'mounted' );

			await page
				.locator( '[data-tp-island="mobile-menu"]' )
				.dispatchEvent( 'pointerover' );
			await waitForIsland( page, 'mobile-menu' );
			await scrollPastBackToTop( page );
			const urls = scripts.map( ( r ) => r.url() );
			expect(
				urls.filter( ( url ) => /\/react\.(min\.)?js/.test( url ) )
			).toHaveLength( 1 );
			expect(
				urls.filter( ( url ) => /\/react-dom\.(min\.)?js/.test( url ) )
			).toHaveLength( 1 );
			expect( urls.filter( ( url ) => /jquery/i.test( url ) ) ).toEqual(
				[]
			);
			expect(
				urls.filter( ( url ) => /wp-polyfill/.test( url ) )
			).toEqual( [] );
			expect(
				await page.evaluate(
					() =>
						typeof ( window as unknown as { jQuery?: unknown } )
							.jQuery
				)
			).toBe( 'undefined' );
		} );
	}

	test( 'mounting the islands moves nothing on the page (no layout shift)', async ( {
		page,
		browser,
	}, testInfo ) => {
		// Where every part of the page sits in the server markup alone (no JavaScript)…
		const context = await browser.newContext( {
			javaScriptEnabled: false,
			...testInfo.project.use,
		} );
		const serverOnly = await context.newPage();
		await serverOnly.goto( '/' );
		const before = await geometry( serverOnly );
		await context.close();

		// …and once every island has mounted: the same boxes, and no layout shift on the way.
		const layoutShift = await observeLayoutShift( page );
		await page.goto( '/' );
		await page
			.locator( '[data-tp-island="mobile-menu"]' )
			.dispatchEvent( 'pointerover' );
		await waitForIsland( page, 'mobile-menu' );
		await page
			.locator( 'nav.tp-pagination a[data-page]' )
			.first()
			.dispatchEvent( 'pointerover' );
		await waitForIsland( page, 'paginator' );
		await page
			.locator( '[data-tp-island="account"]' )
			.dispatchEvent( 'pointerover' );
		await waitForIsland( page, 'account' );
		await page.evaluate( () =>
			window.scrollTo( 0, document.body.scrollHeight )
		);
		await waitForIsland( page, 'back-to-top' );
		await page.evaluate( () => window.scrollTo( 0, 0 ) );
		await page.waitForTimeout( 300 );
		expect( await geometry( page ) ).toEqual( before );
		expect( await layoutShift() ).toBe( 0 );
	} );
} );
