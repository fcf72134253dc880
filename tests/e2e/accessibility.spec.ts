import { expect, test } from '@playwright/test';
import { axeViolations, scrollPastBackToTop } from './support/site';

const PAGES = {
	home: '/',
	archive: '/tenders/',
	category: '/tender-category/civil-works/',
	'blog post': '/news-and-guides/',
	search: '/?s=road',
	'not found': '/no-such-page/',
};

test.describe( 'accessibility (axe, WCAG 2.2 AA)', () => {
	for ( const [ name, path ] of Object.entries( PAGES ) ) {
		test( `${ name } has no violations`, async ( { page } ) => {
			await page.goto( path );
			const violations = await axeViolations( page );
			expect(
				violations.map(
					( v ) =>
						`${ v.id }: ${ v.nodes
							.map( ( n ) => n.target.join( ' ' ) )
							.join( ', ' ) }`
				)
			).toEqual( [] );
		} );
	}

	test( 'single notice has no violations, before and after the islands mount', async ( {
		page,
	} ) => {
		await page.goto( '/tenders/' );
		await page.locator( '.tp-notice-card__title a' ).first().click();
		await expect( page.locator( '.tp-notice-facts' ) ).toBeVisible();
		const before = await axeViolations( page );
		expect( before.map( ( v ) => v.id ) ).toEqual( [] );
		await page
			.locator( '[data-tp-island="mobile-menu"]' )
			.dispatchEvent( 'pointerover' );
		await expect(
			page.locator( '[data-tp-island="mobile-menu"]' )
		).toHaveAttribute( 'data-tp-state', 'mounted' );
		await scrollPastBackToTop( page );
		const after = await axeViolations( page );
		expect( after.map( ( v ) => v.id ) ).toEqual( [] );
	} );

	test( 'home has no violations after a page of notices loads in place', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		await page.locator( 'nav.tp-pagination a[data-page]' ).first().hover();
		await expect(
			page.locator( '[data-tp-island="paginator"]' )
		).toHaveAttribute( 'data-tp-state', 'mounted' );
		await page
			.locator( 'nav.tp-pagination' )
			.getByRole( 'link', { name: 'Page 2', exact: true } )
			.click();
		await expect( page.locator( 'nav.tp-pagination' ) ).toHaveAttribute(
			'data-currentpage',
			'2'
		);
		const violations = await axeViolations( page );
		// Each element named with what axe measured. This check once failed now and then on colour
		// contrast: back to top caught mid-fade (see waitForStillness).
		expect(
			violations.flatMap( ( violation ) =>
				violation.nodes.map(
					( node ) =>
						`${ violation.id } ${ node.target.join( ' ' ) }: ${
							node.failureSummary
						} (${ node.html.slice( 0, 200 ) })`
				)
			)
		).toEqual( [] );
	} );

	test( 'a skip link leads to the main content', async ( { page } ) => {
		await page.goto( '/' );
		await page.keyboard.press( 'Tab' );
		const skip = page.getByRole( 'link', { name: 'Skip to content' } );
		await expect( skip ).toBeFocused();
		await expect( skip ).toBeVisible();
		await page.keyboard.press( 'Enter' );
		await expect( page ).toHaveURL( /#main$/ );
		await expect( page.getByRole( 'main' ) ).toHaveAttribute(
			'id',
			'main'
		);
	} );
} );
