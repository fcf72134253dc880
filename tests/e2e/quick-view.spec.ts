import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
	waitForIsland,
} from './support/site';

// The home page's listing: each card has a "Quick view" that opens the notice's key facts,
// deadline, documents and reminder in a dialog, loaded from the REST route.

const cards = ( page: Page ) => page.locator( '.tp-notice-card' );
const quickView = ( page: Page, index = 0 ) =>
	cards( page ).nth( index ).locator( '.tp-quick-view__open' );
const dialog = ( page: Page ) => page.getByRole( 'dialog' );

test.describe( 'notice quick view', () => {
	test( 'opens the notice’s facts in a dialog, loads nothing before intent, moves nothing, and gives focus back', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( '/' );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( r ) => /\/quick-view-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		const title = ( await cards( page )
			.first()
			.locator( '.tp-notice-card__title' )
			.textContent() )!.trim();
		await expect( quickView( page ) ).toHaveAccessibleName(
			`Quick view: ${ title }`
		);

		const asked = page.waitForRequest( /\/quick-view/ );
		// The first click shows intent: the island loads, and the click is not lost.
		await quickView( page ).click();
		const request = await asked;
		// A public read: no nonce, which a cached page would hold a day old.
		expect( request.headers()[ 'x-wp-nonce' ] ).toBeUndefined();
		await expect( dialog( page ) ).toBeVisible();
		await expect( dialog( page ) ).toHaveAccessibleName( title );
		await expect(
			dialog( page ).getByRole( 'heading', { name: 'Key facts' } )
		).toBeVisible();
		await expect(
			dialog( page ).getByText( 'Submission deadline' )
		).toBeVisible();
		await expect(
			dialog( page ).getByRole( 'link', {
				name: /^Open the full notice/,
			} )
		).toHaveAttribute(
			'href',
			( await cards( page )
				.first()
				.locator( '.tp-notice-card__title a' )
				.getAttribute( 'href' ) )!
		);
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );

		await page.keyboard.press( 'Escape' );
		await expect( dialog( page ) ).toHaveCount( 0 );
		await expect( quickView( page ) ).toBeFocused();
	} );

	test( 'the keyboard opens it, keeps Tab inside, and its reminder has a working stepper and gives the file', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		// The newest notice is open, with documents: its reminder is offered.
		await quickView( page ).focus();
		await page.keyboard.press( 'Enter' );
		await expect( dialog( page ) ).toBeVisible();
		const days = dialog( page ).getByRole( 'spinbutton', {
			name: 'Remind me days before the deadline',
		} );
		await expect( days ).toHaveValue( '3' );
		await dialog( page )
			.getByRole( 'button', { name: 'More days' } )
			.click();
		await expect( days ).toHaveValue( '4' );
		await expect(
			dialog( page ).locator( '[data-tp-island="stepper"]' )
		).toHaveAttribute( 'data-tp-state', 'mounted' );
		const [ file ] = await Promise.all( [
			page.waitForEvent( 'download' ),
			dialog( page )
				.getByRole( 'button', { name: 'Add to my calendar' } )
				.click(),
		] );
		expect( fs.readFileSync( ( await file.path() )!, 'utf8' ) ).toContain(
			'\r\nTRIGGER:-P4D\r\n'
		);

		// Tab goes round the dialog's controls and never reaches the page behind it.
		for ( let i = 0; i < 30; i++ ) {
			await page.keyboard.press( 'Tab' );
			await expect( page.locator( 'dialog[open] :focus' ) ).toHaveCount(
				1
			);
		}
		await dialog( page ).getByRole( 'button', { name: 'Close' } ).click();
		await expect( quickView( page ) ).toBeFocused();
	} );

	test( 'cards of a page loaded in place open too', async ( { page } ) => {
		await page.goto( '/' );
		await page
			.locator( '.tp-pagination' )
			.getByRole( 'link', { name: 'Page 2', exact: true } )
			.click();
		await expect( page ).toHaveURL( /\/page\/2\// );
		await waitForIsland( page, 'paginator' );
		const title = ( await cards( page )
			.first()
			.locator( '.tp-notice-card__title' )
			.textContent() )!.trim();
		await quickView( page ).click();
		await expect( dialog( page ) ).toHaveAccessibleName( title );
	} );

	test( 'axe finds nothing with the dialog open', async ( { page } ) => {
		await page.goto( '/' );
		await quickView( page, 1 ).click();
		await expect(
			dialog( page ).getByRole( 'heading', { name: 'Key facts' } )
		).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
	} );

	test( 'drafts never leak through the route', async ( {
		page,
		request,
	} ) => {
		await page.goto( '/' );
		const id = await quickView( page ).getAttribute( 'data-tp-notice' );
		const open = await request.get(
			`/wp-json/tenderpress/v1/notices/${ id }/quick-view`
		);
		expect( open.status() ).toBe( 200 );
		// A page of the site, and a number no notice has.
		for ( const other of [ '2', '999999' ] ) {
			const answer = await request.get(
				`/wp-json/tenderpress/v1/notices/${ other }/quick-view`
			);
			expect( answer.status() ).toBe( 404 );
			expect( ( await answer.json() ).message ).toBe(
				'There is no such notice.'
			);
		}
	} );
} );

test.describe( 'notice quick view without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'the control is the card’s own link, to the notice', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		const href = ( await cards( page )
			.first()
			.locator( '.tp-notice-card__title a' )
			.getAttribute( 'href' ) )!;
		await expect( quickView( page ) ).toHaveAttribute( 'href', href );
		await quickView( page ).click();
		await expect( page ).toHaveURL( href );
		await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
	} );
} );
