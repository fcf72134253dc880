/**
 * The theme as a visitor meets it: one main heading per page, card titles that underline only
 * under the pointer or the keyboard's focus, page numbers centred in their boxes, a footer with
 * the site's sections and the alert sign-up's place, and back to top clear of the footer's text
 * once the page is scrolled to the end.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	PAGE_WITHOUT_ISLANDS,
	firstNoticePath,
	scrollPastBackToTop,
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
			[ 'main h1', '.tp-filters', '.tp-notice-card' ],
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
