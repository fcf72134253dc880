/**
 * Screenshot comparisons of the pages a visitor sees most, at both widths, so a later change
 * cannot silently move the layout. The baselines live in visual.spec.ts-snapshots/; after a
 * deliberate change of layout, review the new pictures and run
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots`.
 *
 * The seed is relative to the day it was made and statuses to the day of the run, so what
 * changes from day to day is masked: a notice's status and time left, every date shown, and the
 * reference numbers, whose year is the year the seed published the notice in.
 *
 * Besides the pages: the empty result, each dialog over its page (the window only) and each tab
 * of the settings screen (its form, without WordPress's own chrome around it).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
	firstNoticePath,
	logInAsAdmin,
	waitForStillness,
} from './support/site';

/**
 * Whatever depends on today's date: status badges, deadlines, time left, the key facts' dates,
 * the dates corrigenda changed a notice on, and the reference numbers (their year).
 */
const timeDependent = ( page: Page | Locator ) => [
	page.locator( '.tp-status' ),
	page.locator( '.tp-notice-card__fact:has(time)' ),
	page.locator( '.tp-notice-facts__status' ),
	page.locator( '.tp-notice-facts time' ),
	// A document's size and date: the date is the notice's, the size drawn from its reference.
	page.locator( '.tp-notice-facts__document-facts' ),
	// The whole line: a date's own box is as wide as its text, which changes with the day.
	page.locator( '.tp-notice-facts__list dd:has(time)' ),
	// The change banner's lines, each with the date of its corrigendum.
	page.locator( '.tp-notice-changes li, .tp-notice-changes p:has(time)' ),
	page
		.locator( '.tp-notice-card__fact, .tp-notice-facts__list > div' )
		.filter( { has: page.getByText( /^Reference/ ) } )
		.locator( 'dd' ),
	// The notice page's caption, "buyer · reference": the reference carries its year.
	page.locator( '.tp-notice__caption' ),
	// A corrigendum's date in a list of them (the footer's "Last updated" is fixed in settle()).
	page.locator( 'main li:has(> time)' ),
	// Counts of open or closing notices: seeded deadlines fall at office hours today too, so
	// they change during the day. The filters' choices carry counts of their own.
	page.locator(
		'.tp-listing__count, .tp-views__count, .tp-routes__count, .tp-applied__scope, .tp-filters select'
	),
];

/**
 * Only what is shown: a mask is painted over the box Playwright finds, and an element hidden
 * inside a closed disclosure (the filters on a phone) has a box that covers other things.
 */
const visible = ( locators: Locator[] ) =>
	locators.map( ( locator ) => locator.filter( { visible: true } ) );

/**
 * Waits for what would still change the picture: islands that load when the browser is idle
 * (back to top, the mobile menu…: their mounting restyles their parts), fonts, images and a
 * settled layout.
 */
async function settle( page: Page ) {
	await page.waitForLoadState( 'networkidle' );
	await expect
		.poll(
			() =>
				page
					.locator(
						'[data-tp-when="idle"]:not([data-tp-state="mounted"])'
					)
					.count(),
			{ timeout: 15_000 }
		)
		.toBe( 0 );
	await waitForStillness( page );
	// The footer's "Last updated" names the newest change, a time of the seed's day: a fixed one
	// in its place (a mask of it was seen painted off its line in a full-page picture at 360).
	await page.evaluate( () => {
		for ( const time of document.querySelectorAll(
			'.tp-site-footer__updated time'
		) ) {
			// A fixed stand-in, 2026-01-01 09:00 IST, not a date the site stored.
			time.textContent = '1 Jan 2026, 9:00 am IST';
		}
	} );
	await page.evaluate( async () => {
		await document.fonts.ready;
		await Promise.all(
			Array.from( document.images, ( image ) =>
				image.decode().catch( () => undefined )
			)
		);
	} );
	await page.evaluate( () => window.scrollTo( 0, 0 ) );
}

async function expectPage( page: Page, name: string ) {
	await settle( page );
	await expect( page ).toHaveScreenshot( `${ name }.png`, {
		fullPage: true,
		animations: 'disabled',
		caret: 'hide',
		scale: 'css',
		mask: visible( timeDependent( page ) ),
	} );
}

test.describe( 'visual regression', () => {
	test( 'home', async ( { page } ) => {
		await page.goto( '/' );
		await expectPage( page, 'home' );
	} );

	test( 'archive with the filters open', async ( { page } ) => {
		await page.goto( '/tenders/' );
		const panel = page.locator( 'details.tp-filters__panel' );
		const summary = panel.locator( 'summary' );
		// A disclosure on a phone; from 1024 px the filters are a column, shown without a click.
		if ( await summary.isVisible() ) {
			await summary.click();
			await expect( panel ).toHaveAttribute( 'open', '' );
			// The click gave the summary focus: its ring is not part of the layout.
			await summary.blur();
		}
		await expectPage( page, 'archive-filters-open' );
	} );

	test( 'single notice', async ( { page, request } ) => {
		await page.goto( await firstNoticePath( request ) );
		await expectPage( page, 'notice' );
	} );

	test( 'search results', async ( { page } ) => {
		// The one search results page every search lands on.
		await page.goto( '/?s=road' );
		await expectPage( page, 'search-road' );
	} );

	test( 'empty result', async ( { page } ) => {
		await page.goto( '/tenders/?q=zzqxv' );
		await expectPage( page, 'empty-result' );
	} );

	test( 'dialogs', async ( { page, request } ) => {
		const dialogShot = async ( name: string ) => {
			await expect( page.locator( 'dialog[open]' ) ).toBeVisible();
			await settle( page );
			// The page shows around the dialog, above any mask (the dialog is in the top layer, the
			// masks under it): what depends on the day is hidden there instead, in its place.
			for ( const locator of timeDependent( page ) ) {
				await locator.evaluateAll( ( elements ) => {
					for ( const element of elements ) {
						if ( ! element.closest( 'dialog[open]' ) ) {
							( element as HTMLElement ).style.visibility =
								'hidden';
						}
					}
				} );
			}
			await expect( page ).toHaveScreenshot( `${ name }.png`, {
				animations: 'disabled',
				caret: 'hide',
				scale: 'css',
				// Only what is inside the dialog: the page's masks would paint over it.
				mask: visible(
					timeDependent( page.locator( 'dialog[open]' ) )
				),
			} );
		};

		await page.goto( '/' );
		await page.locator( '[data-tp-account-open="login"]' ).first().click();
		await expect(
			page
				.getByRole( 'dialog', { name: 'Sign in' } )
				.getByLabel( 'Username or e-mail address' )
		).toBeFocused();
		await dialogShot( 'dialog-sign-in' );
		await page.keyboard.press( 'Escape' );

		await page.locator( '.tp-quick-view__open' ).first().click();
		await expect(
			page.locator( 'dialog[open] .tp-notice-facts' ).first()
		).toBeVisible();
		await page.locator( 'dialog[open] .tp-quick-view__body' ).hover();
		await dialogShot( 'dialog-quick-view' );
		await page.keyboard.press( 'Escape' );

		await page.goto( await firstNoticePath( request ) );
		const bar = page.locator( '.tp-share' ).first();
		await bar.locator( '.tp-share__list' ).hover();
		await expect( bar ).toHaveAttribute( 'data-tp-state', 'mounted' );
		await bar.locator( 'summary' ).click();
		await expect(
			page.locator( 'dialog[open] [data-tp-service="mastodon"]' )
		).toBeVisible();
		await dialogShot( 'dialog-more-sharing' );
	} );

	for ( const tab of [
		'listings',
		'alerts',
		'sharing',
		'display',
		'signin',
		'advanced',
	] ) {
		test( `settings tab: ${ tab }`, async ( { page } ) => {
			await logInAsAdmin( page );
			await page.goto(
				`/wp-admin/options-general.php?page=tenderpress&tab=${ tab }`
			);
			const form = page.locator( '.wrap' );
			await expect( form ).toBeVisible();
			// Not settle(): an admin screen's lazy pictures below the form never load, so their
			// decode() never settles. The form has no pictures; its fonts are what may still move.
			await page.evaluate( () => document.fonts.ready );
			await expect( form ).toHaveScreenshot( `settings-${ tab }.png`, {
				animations: 'disabled',
				caret: 'hide',
				scale: 'css',
				// What differs from site to site: keys, counts and addresses the screen reports.
				mask: [ form.locator( 'code' ) ],
			} );
		} );
	}
} );
