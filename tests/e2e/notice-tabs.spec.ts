import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	firstNoticePath,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
} from './support/site';

// The newest notice of the demo: an EOI with two documents, its eligibility criteria and two
// corrigenda (the seed gives them its reference number).

const tabs = ( page: Page ) =>
	page.locator( '.wp-block-tenderpress-notice-tabs [data-tp-island="tabs"]' );
const tab = ( page: Page, name: RegExp ) => page.getByRole( 'tab', { name } );
const shownPanel = ( page: Page ) =>
	tabs( page ).locator( '.tp-tabs__panel:visible' );

test.describe( 'a notice in tabs', () => {
	test( 'shows its details at once, loads nothing before the visitor comes near, and moves nothing when the tabs mount', async ( {
		page,
		request,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( await firstNoticePath( request ) );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( r ) => /\/tabs-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await expect( shownPanel( page ) ).toHaveCount( 1 );
		await expect( shownPanel( page ) ).toContainText( 'Key facts' );
		await expect( shownPanel( page ) ).toContainText(
			'invites expressions of interest'
		);

		await tabs( page ).locator( '.tp-tabs__header' ).first().hover();
		await expect( tabs( page ) ).toHaveAttribute(
			'data-tp-state',
			'mounted'
		);
		await expect( tab( page, /^Details$/ ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
		// The share bar follows the tabs, whichever is open.
		await expect(
			page.locator(
				'.wp-block-tenderpress-notice-tabs > [data-tp-island="tabs"] + [data-tp-island="share"]'
			)
		).toHaveCount( 1 );
	} );

	test( 'the keyboard goes through documents, eligibility and corrigenda', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		await tabs( page ).locator( '.tp-tabs__header' ).first().focus();
		await expect( tabs( page ) ).toHaveAttribute(
			'data-tp-state',
			'mounted'
		);
		await expect( tab( page, /^Details$/ ) ).toBeFocused();
		await page.keyboard.press( 'ArrowRight' );
		await expect( tab( page, /^Documents \(2\)$/ ) ).toBeFocused();
		await expect( shownPanel( page ).getByRole( 'link' ) ).toHaveText( [
			'Notice inviting tender (PDF)',
			'Bill of quantities (XLSX)',
		] );
		await page.keyboard.press( 'ArrowRight' );
		await expect( shownPanel( page ) ).toContainText(
			'Firms and consortia with at least three years of experience'
		);
		await expect( shownPanel( page ).getByRole( 'listitem' ) ).toHaveCount(
			2
		);
		await page.keyboard.press( 'End' );
		await expect( tab( page, /^Corrigenda \(2\)$/ ) ).toBeFocused();
		await expect( shownPanel( page ).getByRole( 'link' ) ).toHaveText( [
			/^Bid submission deadline extended by two weeks: /,
			/^Revised bill of quantities: /,
		] );
		await page.keyboard.press( 'Home' );
		await expect( tab( page, /^Details$/ ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
	} );

	test( 'an address ending in #corrigenda opens that tab', async ( {
		page,
		request,
	} ) => {
		await page.goto( `${ await firstNoticePath( request ) }#corrigenda` );
		await expect( tab( page, /^Corrigenda \(2\)$/ ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( shownPanel( page ).getByRole( 'link' ) ).toHaveCount( 2 );
	} );

	test( 'axe finds nothing with each tab open', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		for ( const name of [
			/^Details$/,
			/^Documents/,
			/^Eligibility$/,
			/^Corrigenda/,
		] ) {
			// A link before the island mounts, a tab after: the same header.
			await tabs( page )
				.locator( '.tp-tabs__header', { hasText: name } )
				.click();
			await expect( tab( page, name ) ).toHaveAttribute(
				'aria-selected',
				'true'
			);
			expect( await axeViolations( page ) ).toEqual( [] );
		}
	} );
} );

test.describe( 'a notice in tabs without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'every section is there under its heading, and the links go to them', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		for ( const name of [
			'Details',
			'Documents (2)',
			'Eligibility',
			'Corrigenda (2)',
		] ) {
			await expect(
				tabs( page ).getByRole( 'heading', { name, exact: true } )
			).toBeVisible();
		}
		await tabs( page )
			.getByRole( 'link', { name: 'Corrigenda (2)', exact: true } )
			.click();
		await expect( page ).toHaveURL( /#corrigenda-panel$/ );
		await expect(
			page.locator( '#corrigenda-panel' ).getByRole( 'link' )
		).toHaveCount( 2 );
	} );
} );
