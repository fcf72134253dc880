import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	firstNoticePath,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
} from './support/site';

// The newest notice of the demo is open: its aside offers "Remind me N days before the
// deadline", N from 1 to 30, 3 to start with, with a stepper.

const reminder = ( page: Page ) => page.locator( 'form.tp-reminder' );
const field = ( page: Page ) =>
	reminder( page ).getByRole( 'spinbutton', {
		name: 'Remind me days before the deadline',
		exact: true,
	} );
const button = ( page: Page, name: string ) =>
	reminder( page ).getByRole( 'button', { name, exact: true } );

/** Downloads the calendar file the form gives, and returns its text. */
async function download( page: Page ) {
	const [ file ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		button( page, 'Add to my calendar' ).click(),
	] );
	expect( file.suggestedFilename() ).toMatch( /^deadline-[\w-]+\.ics$/ );
	return fs.readFileSync( ( await file.path() )!, 'utf8' );
}

test.describe( 'deadline reminder with a stepper', () => {
	test( 'the stepper keeps to 1 and the days left (30 at most), loads nothing before the visitor comes near, and moves nothing when it mounts', async ( {
		page,
		request,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( await firstNoticePath( request ) );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( r ) => /\/stepper-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await expect( field( page ) ).toHaveValue( '3' );

		// A click before the island has loaded is not lost.
		await button( page, 'More days' ).click();
		await expect( field( page ) ).toHaveValue( '4' );
		await expect(
			reminder( page ).locator( '[data-tp-island="stepper"]' )
		).toHaveAttribute( 'data-tp-state', 'mounted' );
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );

		// Its most: 30, or fewer when the deadline is nearer (an alert after it would never ring).
		const most = Number( await field( page ).getAttribute( 'max' ) );
		expect( most ).toBeGreaterThanOrEqual( 5 );
		expect( most ).toBeLessThanOrEqual( 30 );
		await field( page ).fill( String( most - 1 ) );
		await button( page, 'More days' ).click();
		await expect( field( page ) ).toHaveValue( String( most ) );
		await expect( button( page, 'More days' ) ).toHaveAttribute(
			'aria-disabled',
			'true'
		);
		// At its bound the button stays where it is and can still be pressed: nothing changes.
		await button( page, 'More days' ).click( { force: true } );
		await expect( field( page ) ).toHaveValue( String( most ) );
		await field( page ).fill( '2' );
		await button( page, 'Fewer days' ).click();
		await expect( field( page ) ).toHaveValue( '1' );
		await button( page, 'Fewer days' ).click( { force: true } );
		await expect( field( page ) ).toHaveValue( '1' );
	} );

	test( 'the file downloads, with an alert the chosen number of days before the deadline', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		await button( page, 'More days' ).focus();
		// The first press shows intent: the island loads and gets it.
		await page.keyboard.press( 'Enter' );
		await expect( field( page ) ).toHaveValue( '4' );
		await page.keyboard.press( 'Enter' );
		await expect( field( page ) ).toHaveValue( '5' );
		await expect( button( page, 'More days' ) ).toBeFocused();
		const ics = await download( page );
		expect( ics ).toMatch( /^BEGIN:VCALENDAR\r\n/ );
		expect( ics ).toContain( '\r\nTRIGGER:-P5D\r\n' );
		expect( ics ).toContain(
			'SUMMARY:Deadline: Cloud hosting partners for Mysuru'
		);
		// The page stayed where it was.
		await expect( reminder( page ) ).toBeVisible();
	} );

	test( 'a number out of range is refused with a clear message', async ( {
		request,
		page,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		const action = await reminder( page ).getAttribute( 'action' );
		const answer = await request.get( `${ action }?days=31` );
		expect( answer.status() ).toBe( 400 );
		expect( ( await answer.json() ).message ).toMatch( /days/ );
	} );

	test( 'axe finds nothing on the reminder', async ( { page, request } ) => {
		await page.goto( await firstNoticePath( request ) );
		await button( page, 'More days' ).click();
		await expect(
			reminder( page ).locator( '[data-tp-island="stepper"]' )
		).toHaveAttribute( 'data-tp-state', 'mounted' );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'deadline reminder without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'the number field and the button give the file', async ( {
		page,
		request,
	} ) => {
		await page.goto( await firstNoticePath( request ) );
		await expect( button( page, 'More days' ) ).toBeHidden();
		await field( page ).fill( '2' );
		const ics = await download( page );
		expect( ics ).toContain( '\r\nTRIGGER:-P2D\r\n' );
	} );
} );
