/**
 * One search: the header's form, a `?s=` link and an old "All content" link land on the same
 * results page, which says how many notices match, marks the words, and switches between notices
 * and guides with plain links. The "page not found" page offers the search and the main views.
 * Each works without JavaScript; axe finds nothing on any of them.
 */
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	cumulativeLayoutShift,
	layoutShiftSources,
	observeLayoutShift,
	waitForStillness,
} from './support/site';

const heading = ( page: Page ) => page.locator( 'main h1' );
const scopes = ( page: Page ) =>
	page.getByRole( 'navigation', { name: 'Search results in' } );
const firstCardTitle = ( page: Page ) =>
	page.locator( 'main .tp-notice-card__title' ).first();

for ( const javaScriptEnabled of [ true, false ] ) {
	test.describe( `one search ${
		javaScriptEnabled ? 'with' : 'without'
	} JavaScript`, () => {
		test.use( { javaScriptEnabled } );

		test( 'one search template for ?s= and the header', async ( {
			page,
		} ) => {
			await page.goto( '/?s=water' );
			await expect( heading( page ) ).toHaveText(
				/^\d+ notices match “water”$/
			);
			const saysDirectly = await heading( page ).textContent();
			const firstDirectly = await firstCardTitle( page ).textContent();

			await page.goto( '/tenders/' );
			const header = page.locator( 'header' ).first();
			await header
				.getByRole( 'searchbox', { name: 'Search notices' } )
				.fill( 'water' );
			await header.getByRole( 'button', { name: 'Search' } ).click();
			await page.waitForURL( /\/\?s=water$/ );
			await expect( heading( page ) ).toHaveText( saysDirectly ?? '' );
			await expect( firstCardTitle( page ) ).toHaveText(
				firstDirectly ?? ''
			);

			// The header form's old "All content" choice.
			await page.goto( '/tenders/?q=water&scope=all' );
			await expect( page ).toHaveURL( /\/\?s=water$/ );
			await expect( heading( page ) ).toHaveText( saysDirectly ?? '' );
		} );

		test( 'the first result shows on the first screen', async ( {
			page,
		} ) => {
			await page.goto( '/?s=water' );
			const box = await firstCardTitle( page ).boundingBox();
			expect( box ).not.toBeNull();
			expect( ( box?.y ?? 0 ) + ( box?.height ?? 0 ) ).toBeLessThan(
				page.viewportSize()?.height ?? 0
			);
		} );

		test( 'the words searched are marked, and a search with markup stays text', async ( {
			page,
		} ) => {
			page.on( 'dialog', ( dialog ) => {
				throw new Error( `A dialog opened: ${ dialog.message() }` );
			} );
			await page.goto( '/?s=water+supply' );
			const marks = page.locator( 'main .tp-notice-card mark' );
			expect( await marks.count() ).toBeGreaterThan( 0 );
			for ( const text of await marks.allTextContents() ) {
				expect( text.toLowerCase() ).toMatch( /^(water|supply)/ );
			}

			await page.goto(
				'/?s=' +
					encodeURIComponent(
						'"><img src=x onerror=alert(1)><script>alert(2)</script> water'
					)
			);
			// The tags are taken out; what is left of the markup shows as text.
			await expect( heading( page ) ).toHaveText(
				/^\d+ notices match “"> water”$/
			);
			await expect( page.locator( 'main img[src="x"]' ) ).toHaveCount(
				0
			);
		} );

		test( 'the scope switch links each scope with its count', async ( {
			page,
		} ) => {
			await page.goto( '/?s=bid' );
			const notices = scopes( page ).getByRole( 'link', {
				name: /^Notices \d+$/,
			} );
			const guides = scopes( page ).getByRole( 'link', {
				name: /^Guides and pages \d+$/,
			} );
			await expect( notices ).toHaveAttribute( 'aria-current', 'page' );
			await expect( guides ).not.toHaveAttribute( 'aria-current', /.*/ );
			const guideCount = Number(
				( ( await guides.textContent() ) ?? '' ).replace( /\D/g, '' )
			);
			expect( guideCount ).toBeGreaterThan( 0 );

			await guides.click();
			await expect( page ).toHaveURL( /\/\?s=bid&scope=guides$/ );
			await expect(
				scopes( page ).getByRole( 'link', {
					name: /^Guides and pages/,
				} )
			).toHaveAttribute( 'aria-current', 'page' );
			await expect( page.locator( 'main .tp-notice-card' ) ).toHaveCount(
				0
			);
			await expect(
				page.locator( 'main .tp-search-results__guide' )
			).toHaveCount( Math.min( guideCount, 10 ) );
		} );

		test( '404 offers the notice search and the main views', async ( {
			page,
			request,
		} ) => {
			const response = await page.goto( '/no-such-notice-here/' );
			expect( response?.status() ).toBe( 404 );
			await expect( heading( page ) ).toHaveText( 'Page not found' );
			const views = page.getByRole( 'navigation', {
				name: 'Notice views',
			} );
			for ( const name of [
				/^\d+ Open notices$/,
				/^\d+ Closing soon$/,
				/^\d+ Expressions of interest$/,
				/^Deadline calendar$/,
				/^\d+ All notices$/,
			] ) {
				const link = views.getByRole( 'link', { name } );
				await expect( link ).toBeVisible();
				const href = ( await link.getAttribute( 'href' ) ) ?? '';
				expect( ( await request.get( href ) ).status(), href ).toBe(
					200
				);
			}
			const search = page.getByRole( 'search', {
				name: 'Notice search',
			} );
			await search
				.getByRole( 'searchbox', { name: 'Search notices' } )
				.fill( 'road' );
			await search.getByRole( 'button', { name: 'Search' } ).click();
			await page.waitForURL( /\/\?s=road$/ );
			await expect( heading( page ) ).toHaveText(
				/^\d+ notices match “road”$/
			);
		} );
	} );
}

test( 'axe finds nothing on the results, the scopes and the 404 page', async ( {
	page,
} ) => {
	for ( const path of [
		'/?s=water',
		'/?s=bid&scope=guides',
		'/?s=nosuchwordanywhere',
		'/?s=',
		'/no-such-notice-here/',
	] ) {
		await page.goto( path );
		expect( await axeViolations( page ), path ).toEqual( [] );
	}
} );

test( 'the footer links the help desk, the statements and the feed, and says when notices last changed', async ( {
	page,
	request,
} ) => {
	await page.goto( '/' );
	const help = page
		.locator( 'footer' )
		.getByRole( 'navigation', { name: 'Help and information' } );
	// Each link's name is its page's title.
	for ( const name of [
		'Help desk',
		'Accessibility statement',
		'Terms and disclaimer',
		'Privacy policy',
	] ) {
		const link = help.getByRole( 'link', { name, exact: true } );
		await expect( link ).toBeVisible();
		const href = ( await link.getAttribute( 'href' ) ) ?? '';
		const target = await page.context().newPage();
		const response = await target.goto( href );
		expect( response?.status(), href ).toBe( 200 );
		await expect( target.locator( 'main h1' ) ).toHaveText( name );
		await target.close();
	}
	const feed = help.getByRole( 'link', {
		name: 'Feed of new notices (RSS)',
	} );
	const answer = await request.get(
		( await feed.getAttribute( 'href' ) ) ?? ''
	);
	expect( answer.status() ).toBe( 200 );
	expect( await answer.text() ).toContain( '<rss' );
	await expect(
		page.locator( 'footer .tp-site-footer__updated time' )
	).toHaveText( /^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST$/ );
} );

test( 'the home page: what the site covers, one search, counts that are links, routes and the latest notices', async ( {
	page,
} ) => {
	const shift = await observeLayoutShift( page );
	await page.goto( '/' );
	await expect( page.locator( 'main h1' ) ).toHaveText(
		'Public tenders and expressions of interest'
	);
	await expect(
		page
			.getByRole( 'search', { name: 'Notice search' } )
			.getByRole( 'searchbox', { name: 'Search notices' } )
	).toBeVisible();
	const views = page.getByRole( 'navigation', { name: 'Notice views' } );
	const open = views.getByRole( 'link', { name: /^\d+ Open notices$/ } );
	const openCount = Number(
		( ( await open.textContent() ) ?? '' ).replace( /\D/g, '' )
	);
	expect( openCount ).toBeGreaterThan( 0 );
	for ( const groupName of [
		'Notices by category',
		'Notices by location',
	] ) {
		const group = page.locator( '.tp-routes__group', {
			has: page.getByRole( 'heading', { name: groupName } ),
		} );
		expect( await group.getByRole( 'link' ).count() ).toBeGreaterThan( 2 );
		await expect( group.locator( '.tp-routes__count' ).first() ).toHaveText(
			/^\d+ notices?$/
		);
	}
	await expect(
		page.getByRole( 'link', { name: 'See all notices' } )
	).toHaveAttribute( 'href', /\/tenders\/$/ );
	await waitForStillness( page );
	expect(
		await cumulativeLayoutShift( page ),
		( await layoutShiftSources( page ) ).join( '\n' )
	).toBe( 0 );
	expect( await shift() ).toBe( 0 );

	// Open notices are the archive's default view: no status in the address.
	await open.click();
	await expect( page ).toHaveURL( /\/tenders\/$/ );
} );

test( 'the header carries the official banner and the logo, both sized before they paint', async ( {
	page,
} ) => {
	await page.goto( '/' );
	const header = page.locator( 'header' ).first();
	await expect( header.locator( '.tp-official-banner p' ) ).toHaveText(
		'Official website of the Directorate of Public Procurement, Government of the Demo State'
	);
	const logo = header.locator( '.tp-site-header__logo img' );
	await expect( logo ).toHaveAttribute( 'width', '32' );
	await expect( logo ).toHaveAttribute( 'height', '32' );
	await expect(
		header.locator( '.tp-official-banner svg[aria-hidden="true"]' )
	).toHaveAttribute( 'width', '24' );
} );

test( 'the header’s title, Sign in and Menu never overlap', async ( {
	page,
} ) => {
	await page.goto( '/' );
	const inner = page.locator( '.tp-site-header__inner' ).first();
	const boxes = await Promise.all(
		[
			'.tp-site-header__brand',
			'.tp-account__trigger',
			'.tp-mobile-menu__toggle, .tp-mobile-menu__list',
		].map( async ( selector ) =>
			inner
				.locator( selector )
				.filter( { visible: true } )
				.first()
				.boundingBox()
		)
	);
	// The title's text itself, which may run past its own box.
	const title = await inner
		.locator( '.wp-block-site-title a' )
		.evaluate( ( link ) => {
			const range = document.createRange();
			range.selectNodeContents( link );
			const { x, y, width, height } = range.getBoundingClientRect();
			return { x, y, width, height };
		} );
	const overlap = (
		a: { x: number; y: number; width: number; height: number },
		b: { x: number; y: number; width: number; height: number }
	) =>
		a.x < b.x + b.width &&
		b.x < a.x + a.width &&
		a.y < b.y + b.height &&
		b.y < a.y + a.height;
	for ( const box of boxes.slice( 1 ) ) {
		expect( box ).not.toBeNull();
		expect( overlap( title, box! ), JSON.stringify( { title, box } ) ).toBe(
			false
		);
	}
} );

test( 'axe finds nothing on the home page and the footer’s pages', async ( {
	page,
} ) => {
	for ( const path of [ '/', '/help-desk/', '/accessibility-statement/' ] ) {
		await page.goto( path );
		expect( await axeViolations( page ), path ).toEqual( [] );
	}
} );

test( 'one content grid: the h1 starts at the same place on every template', async ( {
	page,
} ) => {
	const places = new Set< string >();
	for ( const path of [
		'/',
		'/tenders/',
		'/?s=water',
		'/no-such-notice-here/',
		'/about/',
		'/news-and-guides/',
		'/site-visit/',
		'/how-to-bid/',
	] ) {
		await page.goto( path );
		const box = await page.locator( 'main h1' ).first().boundingBox();
		places.add(
			`${ Math.round( box?.x ?? -1 ) },${ Math.round( box?.y ?? -1 ) }`
		);
	}
	expect( [ ...places ] ).toHaveLength( 1 );
	// A notice's title comes under its breadcrumbs and caption, from the same edge.
	await page.goto( '/tenders/' );
	await page.locator( '.tp-notice-card__title a' ).first().click();
	await expect( page.locator( 'main h1' ) ).toHaveCount( 1 );
	const notice = await page.locator( 'main h1' ).boundingBox();
	expect( `${ Math.round( notice?.x ?? -1 ) }` ).toBe(
		[ ...places ][ 0 ]!.split( ',' )[ 0 ]
	);
} );
