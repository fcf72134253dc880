/**
 * The theme as a visitor meets it: one main heading per page, a header whose title, menu and
 * search share one row on a desktop and that fits a phone's width, card titles that underline
 * only under the pointer or the keyboard's focus, page numbers centred in their boxes, a footer
 * with the site's sections and the alert sign-up's place, and back to top clear of the footer's
 * text once the page is scrolled to the end.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	PAGE_WITHOUT_ISLANDS,
	firstNoticePath,
	scrollPastBackToTop,
	waitForIsland,
	waitForStillness,
} from './support/site';

type Box = { x: number; y: number; width: number; height: number };

/**
 * The boxes of the text inside the elements `selector` matches, one per line of text, leaving out
 * back to top's own words.
 */
function textBoxes( page: Page, selector: string ): Promise< Box[] > {
	return page.evaluate( ( within ) => {
		const boxes: Box[] = [];
		for ( const root of document.querySelectorAll( within ) ) {
			const walker = document.createTreeWalker(
				root,
				NodeFilter.SHOW_TEXT
			);
			for (
				let node = walker.nextNode();
				node;
				node = walker.nextNode()
			) {
				if (
					! node.textContent?.trim() ||
					node.parentElement?.closest( '.tp-back-to-top' )
				) {
					continue;
				}
				const range = document.createRange();
				range.selectNodeContents( node );
				for ( const rect of range.getClientRects() ) {
					// Screen-reader text is clipped to a pixel: no one reads it there.
					if ( rect.width > 1 && rect.height > 1 ) {
						boxes.push( {
							x: rect.x,
							y: rect.y,
							width: rect.width,
							height: rect.height,
						} );
					}
				}
			}
		}
		return boxes;
	}, selector );
}

const overlaps = ( a: Box, b: Box ) =>
	a.x < b.x + b.width &&
	b.x < a.x + a.width &&
	a.y < b.y + b.height &&
	b.y < a.y + a.height;

const middle = ( box: Box ) => box.y + box.height / 2;

/**
 * Where the header's parts are: its row, the tallest of its parts (title, menu, search form),
 * the search field, and the lines of text of the site title and of the menu's top-level links.
 */
async function headerLayout( page: Page ) {
	const row = page.locator( '.tp-site-header__inner' );
	const search = await page
		.locator( 'header' )
		.getByRole( 'searchbox', { name: 'Search notices' } )
		.boundingBox();
	return {
		row: await row.boundingBox(),
		tallestPart: await row.evaluate( ( element ) =>
			Math.max(
				...Array.from(
					element.children,
					( child ) => child.getBoundingClientRect().height
				)
			)
		),
		search,
		title: await textBoxes( page, 'header .wp-block-site-title' ),
		links: await textBoxes( page, '.tp-mobile-menu__list > li > a' ),
		linkCount: await page
			.locator( '.tp-mobile-menu__list > li > a' )
			.count(),
	};
}

test.describe( 'theme', () => {
	test( 'every kind of page has exactly one h1', async ( {
		page,
		request,
	} ) => {
		const [ guide ] = await (
			await request.get( '/wp-json/wp/v2/posts?per_page=1' )
		).json();
		const pages = {
			home: '/',
			archive: '/tenders/',
			notice: await firstNoticePath( request ),
			'posts page': '/news-and-guides/',
			guide: new URL( guide.link ).pathname,
			'notice search': '/tenders/?q=road',
			'site search': '/?s=road',
			'not found': '/no-such-page/',
			'plain page': PAGE_WITHOUT_ISLANDS,
		};
		const found: Record< string, string[] > = {};
		for ( const [ name, path ] of Object.entries( pages ) ) {
			await page.goto( path );
			found[ name ] = await page.locator( 'h1' ).allTextContents();
		}
		for ( const [ name, headings ] of Object.entries( found ) ) {
			expect( headings, name ).toHaveLength( 1 );
			expect( headings.join( '' ).trim(), name ).not.toBe( '' );
		}
		expect( found[ 'posts page' ] ).toEqual( [ 'News and guides' ] );
	} );

	for ( const [ name, path, parts ] of [
		[
			'home',
			'/',
			[
				'main h1',
				'main .tp-page-intro',
				'.tp-filters, .tp-notice-card',
			],
		],
		[
			'archive',
			'/tenders/',
			// From 1024 px the filters are a column beside the results: the title and that column
			// share the edge (the results start at their own column's).
			[ 'main h1', '.tp-filters' ],
		],
	] as const ) {
		test( `on ${ name } the title, the intro and the listing share one left edge`, async ( {
			page,
		} ) => {
			await page.goto( path );
			const edges = [];
			for ( const part of parts ) {
				const box = await page.locator( part ).first().boundingBox();
				edges.push( Math.round( box?.x ?? -1 ) );
			}
			expect( new Set( edges ).size, edges.join( ', ' ) ).toBe( 1 );
		} );
	}

	test( 'on a phone the site title and the menu button share the first row, the search the next', async ( {
		page,
	} ) => {
		await page.setViewportSize( { width: 360, height: 740 } );
		await page.goto( '/tenders/' );
		const title = await page
			.locator( 'header .wp-block-site-title' )
			.boundingBox();
		const toggle = await page
			.locator( '.tp-mobile-menu__toggle' )
			.boundingBox();
		const search = await page
			.locator( 'header' )
			.getByRole( 'searchbox', { name: 'Search notices' } )
			.boundingBox();
		if ( ! title || ! toggle || ! search ) {
			throw new Error(
				'The header lacks its title, menu button or search.'
			);
		}
		expect(
			Math.abs( middle( title ) - middle( toggle ) )
		).toBeLessThanOrEqual( toggle.height / 2 );
		expect( toggle.x ).toBeGreaterThan( title.x );
		expect( search.y ).toBeGreaterThanOrEqual(
			Math.max( title.y + title.height, toggle.y + toggle.height ) - 1
		);
		expect( search.width ).toBeGreaterThan( 360 / 2 );
	} );

	test( 'on a desktop the site title, every menu link and the search share one row', async ( {
		page,
	} ) => {
		// Set here as well, so the phone project checks the desktop row too.
		await page.setViewportSize( { width: 1280, height: 800 } );
		// The archive's menu is the widest: two current links, in bold.
		for ( const path of [ '/', '/tenders/' ] ) {
			await page.goto( path );
			const before = await headerLayout( page );
			const { row, tallestPart, search, title, links, linkCount } =
				before;
			if ( ! row || ! search ) {
				throw new Error( 'The header has no row or no search field.' );
			}
			// One line each: neither the title nor any link wraps.
			expect( title, path ).toHaveLength( 1 );
			expect( linkCount ).toBeGreaterThan( 1 );
			expect( links, path ).toHaveLength( linkCount );
			// One row: no part sits under another.
			expect( row.height, path ).toBeLessThanOrEqual( tallestPart + 1 );
			for ( const box of [ ...title, search, ...links ] ) {
				const where = `${ path } ${ JSON.stringify( box ) }`;
				expect( box.y, where ).toBeGreaterThanOrEqual( row.y - 1 );
				expect( box.y + box.height, where ).toBeLessThanOrEqual(
					row.y + row.height + 1
				);
				expect(
					Math.abs( middle( box ) - middle( search ) ),
					`${ where } against the search field`
				).toBeLessThanOrEqual( 3 );
			}
			// In the markup's order, left to right: title, links, search.
			const lefts = [ ...title, ...links, search ].map(
				( box ) => box.x
			);
			expect( lefts, path ).toEqual(
				[ ...lefts ].sort( ( a, b ) => a - b )
			);

			// The menu island mounts on the first focus; the row must not move.
			await page
				.getByRole( 'navigation', { name: 'Primary' } )
				.getByRole( 'link' )
				.first()
				.focus();
			await waitForIsland( page, 'mobile-menu' );
			expect( await headerLayout( page ), path ).toEqual( before );
		}
	} );

	test( 'the header fits the screen’s width', async ( { page } ) => {
		await page.goto( '/' );
		const outside = () =>
			page
				.locator( 'header' )
				.first()
				.evaluate( ( header ) => {
					const width = document.documentElement.clientWidth;
					return [ header, ...header.querySelectorAll( '*' ) ]
						.filter( ( element ) => {
							const box = element.getBoundingClientRect();
							return (
								box.width > 0 &&
								( box.left < 0 || box.right > width )
							);
						} )
						.map( ( element ) =>
							element.outerHTML.slice( 0, 120 )
						);
				} );
		expect( await outside() ).toEqual( [] );
		await page
			.getByRole( 'navigation', { name: 'Primary' } )
			.locator( 'summary, a' )
			.filter( { visible: true } )
			.first()
			.focus();
		await waitForIsland( page, 'mobile-menu' );
		expect( await outside() ).toEqual( [] );
		expect(
			await page.evaluate(
				() =>
					document.documentElement.scrollWidth -
					document.documentElement.clientWidth
			)
		).toBe( 0 );
	} );

	test( 'card titles are underlined only under the pointer or the keyboard focus', async ( {
		page,
	} ) => {
		await page.goto( '/tenders/' );
		const titles = page.locator( '.tp-notice-card__title a' );
		const first = titles.nth( 0 );
		const second = titles.nth( 1 );
		const decoration = ( link: Locator ) =>
			link.evaluate(
				( element ) => getComputedStyle( element ).textDecorationLine
			);
		expect( await decoration( first ) ).toBe( 'none' );
		expect( await decoration( second ) ).toBe( 'none' );

		await first.hover();
		expect( await decoration( first ) ).toBe( 'underline' );
		expect( await decoration( second ) ).toBe( 'none' );

		await page.mouse.move( 0, 0 );
		await second.focus();
		expect( await decoration( second ) ).toBe( 'underline' );
		expect( await decoration( first ) ).toBe( 'none' );
	} );

	test( 'page numbers sit in the middle of their boxes', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		// Only what shows: the nav may keep hidden places for links it shows on other pages.
		const links = page.locator(
			'nav.tp-pagination .tp-pagination__link:visible'
		);
		await expect( links.first() ).toBeVisible();
		const offsets = await links.evaluateAll( ( elements ) =>
			elements.map( ( element ) => {
				const box = element.getBoundingClientRect();
				const label =
					element.querySelector( '[aria-hidden="true"]' ) ?? element;
				const range = document.createRange();
				range.selectNodeContents( label );
				const text = range.getBoundingClientRect();
				return {
					label: label.textContent,
					x: text.x + text.width / 2 - ( box.x + box.width / 2 ),
					y: text.y + text.height / 2 - ( box.y + box.height / 2 ),
				};
			} )
		);
		expect( offsets.length ).toBeGreaterThan( 2 );
		for ( const { label, x, y } of offsets ) {
			expect( Math.abs( x ), `${ label } across` ).toBeLessThanOrEqual(
				1
			);
			expect( Math.abs( y ), `${ label } down` ).toBeLessThanOrEqual( 1 );
		}
	} );

	test( 'the footer has the site sections, about and contact, and the place for alerts', async ( {
		page,
	} ) => {
		for ( const path of [ '/', PAGE_WITHOUT_ISLANDS ] ) {
			await page.goto( path );
			const footer = page.getByRole( 'contentinfo' );
			const sections = footer.getByRole( 'navigation', {
				name: 'Site sections',
			} );
			await expect( sections ).toBeVisible();
			await expect(
				sections.getByRole( 'link', { name: 'All notices' } )
			).toHaveAttribute( 'href', /\/tenders\/$/ );
			await expect(
				sections.getByRole( 'link', { name: 'News and guides' } )
			).toBeVisible();
			await expect(
				footer.getByRole( 'heading', { name: 'About this site' } )
			).toBeVisible();
			await expect(
				footer.getByRole( 'link', {
					name: 'Contact us about this site',
				} )
			).toHaveAttribute( 'href', /\/contact\/$/ );
			await expect(
				footer.getByRole( 'link', { name: 'Privacy policy' } )
			).toHaveAttribute( 'href', /\/privacy-policy\/$/ );
			await expect(
				footer.locator( '.tp-site-footer__alerts' )
			).toHaveCount( 1 );
		}
	} );

	test( 'back to top covers none of the footer’s text at the end of the page', async ( {
		page,
	} ) => {
		for ( const path of [ '/', '/tenders/' ] ) {
			await page.goto( path );
			await scrollPastBackToTop( page );
			const link = page.locator( '.tp-back-to-top__link' );
			await expect( link ).toBeVisible();
			await waitForStillness( page );
			const button = await link.boundingBox();
			expect( button ).not.toBeNull();
			const text = await textBoxes( page, 'footer, main' );
			expect( text.length ).toBeGreaterThan( 0 );
			const covered = text.filter( ( box ) =>
				overlaps( box, button as Box )
			);
			expect( covered, path ).toEqual( [] );
		}
	} );
} );
