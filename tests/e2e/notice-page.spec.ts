import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	firstNoticePath,
	isMobile,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
} from './support/site';

// The newest notice of the demo: an EOI with two documents, its eligibility criteria, two
// corrigenda (the seed gives them its reference number; one extended the deadline) and the
// buyer's submission page.

const notice = ( page: Page ) => page.locator( '.tp-notice' );
const aside = ( page: Page ) =>
	page.getByRole( 'complementary', { name: 'Deadline and how to bid' } );
const sections = [
	'Summary',
	'Description',
	'Eligibility',
	'Documents (2)',
	'Corrigenda (2)',
];

async function box( page: Page, selector: string ) {
	const found = await page.locator( selector ).first().boundingBox();
	expect( found, selector ).not.toBeNull();
	return found!;
}

test.describe( 'a notice page', () => {
	test( 'leads with the decision: the title, the change banner, then the deadline and the action, with nothing moving', async ( {
		page,
		request,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( await firstNoticePath( request ) );
		await page.waitForLoadState( 'networkidle' );

		const crumbs = page.getByRole( 'navigation', { name: 'Breadcrumb' } );
		await expect( crumbs.getByRole( 'link' ) ).toHaveText( [
			'Home',
			'Tenders',
			/\S/,
		] );
		await expect(
			notice( page ).locator( '.tp-notice__caption' )
		).toHaveText(
			/^Bengaluru Water Supply and Sewerage Board · BWSSB\/IT\/\d{4}\/0144$/
		);
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Cloud hosting partners for Mysuru'
		);
		// A corrigendum moved the deadline: the page says so under the title.
		const banner = page.getByRole( 'region', {
			name: 'This notice has been changed',
		} );
		await expect( banner ).toBeVisible();
		await expect( banner ).toContainText( 'deadline extended' );

		const action = aside( page ).getByRole( 'link', {
			name: 'Submit your bid on etenders.bwssb.example.org',
		} );
		await expect( action ).toBeVisible();
		expect( await action.getAttribute( 'href' ) ).toMatch(
			/^https:\/\/etenders\.bwssb\.example\.org\/bids\/bwssb-it-\d{4}-0144$/
		);
		await expect( aside( page ) ).toContainText( 'Submission deadline' );
		// The buyer's own notice, the original this page summarises, right under the action.
		const original = aside( page ).getByRole( 'link', {
			name: 'View the original notice',
		} );
		await expect( original ).toBeVisible();
		expect( await original.getAttribute( 'href' ) ).toMatch(
			/^https:\/\/www\.bwssb\.example\.org\/tenders\/bwssb-it-\d{4}-0144$/
		);
		const below = async ( locator: typeof original ) =>
			( await locator.boundingBox() )!.y;
		expect( await below( original ) ).toBeGreaterThan(
			await below( action )
		);

		const title = await box( page, 'h1' );
		const side = await box( page, '.tp-notice__aside' );
		const main = await box( page, '.tp-notice__main' );
		const bannerBox = await box( page, '.tp-notice-changes' );
		if ( isMobile( page ) ) {
			// One column: the title and the banner, then the deadline and action, then the sections.
			expect( side.y ).toBeGreaterThan(
				bannerBox.y + bannerBox.height - 1
			);
			expect( main.y ).toBeGreaterThanOrEqual( side.y + side.height );
			expect( side.x ).toBeCloseTo( main.x, 0 );
		} else {
			// Two columns: the aside to the right of the title and the sections, from the top.
			expect( side.x ).toBeGreaterThanOrEqual( main.x + main.width );
			expect( side.x ).toBeGreaterThanOrEqual( title.x + title.width );
			expect( Math.abs( side.y - title.y ) ).toBeLessThan( 120 );
			expect( main.y ).toBeGreaterThan( bannerBox.y );
		}

		// No tabs: nothing for the tabs island to load, and every section in reach.
		expect(
			scripts.filter( ( r ) => /\/tabs-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await expect( page.getByRole( 'tab' ) ).toHaveCount( 0 );
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'on a wide screen the aside stays in view while the bidder reads, on a phone it scrolls away', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		// The description at the top of the window: the title and the contents list scrolled away.
		await page
			.locator( '#description' )
			.evaluate( ( section ) => section.scrollIntoView() );
		await expect(
			page.getByRole( 'heading', { level: 1 } )
		).not.toBeInViewport();
		const action = aside( page ).getByRole( 'link', {
			name: /^Submit your bid on /,
		} );
		if ( isMobile( page ) ) {
			// Phones show the aside once, first: it scrolls away rather than cover the text.
			await expect( action ).not.toBeInViewport();
		} else {
			await expect( action ).toBeInViewport();
		}
	} );

	test( 'shows every section under its heading, with a contents list that goes to each', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		const contents = page.getByRole( 'navigation', {
			name: 'On this page',
		} );
		await expect( contents.getByRole( 'link' ) ).toHaveText( sections );
		for ( const name of sections ) {
			await expect(
				page.getByRole( 'heading', { level: 2, name, exact: true } )
			).toBeVisible();
		}
		const documents = page.getByRole( 'region', { name: 'Documents (2)' } );
		await expect( documents.getByRole( 'link' ) ).toHaveText( [
			'Notice inviting tender',
			'Bill of quantities',
		] );
		// What a bidder wants to know before opening one: its type, size and date.
		await expect( documents.getByRole( 'listitem' ) ).toHaveText( [
			/^Notice inviting tender PDF, [\d.]+ (KB|MB), \d{1,2} \w{3} \d{4}$/,
			/^Bill of quantities XLSX, [\d.]+ (KB|MB), \d{1,2} \w{3} \d{4}$/,
		] );
		await contents.getByRole( 'link', { name: 'Corrigenda (2)' } ).click();
		await expect( page ).toHaveURL( /#corrigenda$/ );
		const corrigenda = page.getByRole( 'region', {
			name: 'Corrigenda (2)',
		} );
		await expect( corrigenda ).toBeInViewport();
		await expect( corrigenda.getByRole( 'link' ) ).toHaveText( [
			/^Bid submission deadline extended by two weeks: /,
			/^Revised bill of quantities: /,
		] );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'a notice page without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'is the same page: the action, the banner and every section, and the contents links go to them', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		await expect(
			aside( page ).getByRole( 'link', { name: /^Submit your bid on / } )
		).toBeVisible();
		await expect(
			page.getByRole( 'region', { name: 'This notice has been changed' } )
		).toBeVisible();
		for ( const name of sections ) {
			await expect(
				page.getByRole( 'heading', { level: 2, name, exact: true } )
			).toBeVisible();
		}
		await page
			.getByRole( 'navigation', { name: 'On this page' } )
			.getByRole( 'link', { name: 'Eligibility' } )
			.click();
		await expect( page ).toHaveURL( /#eligibility$/ );
		await expect(
			page.getByRole( 'region', { name: 'Eligibility' } )
		).toBeInViewport();
	} );
} );
