import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
	waitForIsland,
} from './support/site';

// The demo's "Deadline calendar" page (/deadlines/): the month of today in the site's time zone,
// two or three notices closing on most days, with filters by type, category and location.

const PAGE = '/deadlines/';

const calendar = ( page: Page ) => page.locator( '.tp-calendar' );
const caption = ( page: Page ) => calendar( page ).locator( 'caption' );
const listTitle = ( page: Page ) =>
	calendar( page ).locator( '.tp-calendar__list-title' );
const cell = ( page: Page, date: string ) =>
	calendar( page ).locator( `td[data-tp-date="${ date }"]` );
const focusedDate = ( page: Page ) =>
	page.locator( ':focus' ).getAttribute( 'data-tp-date' );

/** The titles the calendar lists for its chosen day. */
const listed = ( page: Page ) =>
	calendar( page ).locator( '.tp-calendar__notice > a' ).allTextContents();

/**
 * The notices of one day as the notice archive lists them (its deadline filter), sorted: what
 * the calendar must list for that day.
 */
async function archiveTitles( page: Page, date: string, extra = '' ) {
	const archive = await page.context().newPage();
	// Whatever their status: the calendar lists every notice closing that day, the ones whose
	// deadline passed earlier today too, where the archive shows open notices unless asked.
	await archive.goto(
		`/tenders/?deadline_from=${ date }&deadline_to=${ date }&status=any${ extra }`
	);
	const titles = await archive
		.locator( '.tp-notice-card__title' )
		.allTextContents();
	await archive.close();
	return titles.map( ( title ) => title.trim() ).sort();
}

/** The date `days` after one "YYYY-MM-DD" shown in the grid (in another month, maybe). */
function daysLater( date: string, days: number ) {
	const [ year, month, day ] = date.split( '-' ).map( Number ) as [
		number,
		number,
		number,
	];
	return new Date( Date.UTC( year, month - 1, day + days ) )
		.toISOString()
		.slice( 0, 10 );
}

/** The date a month later than one "YYYY-MM-DD" shown in the grid (same day, or the month's last). */
function monthLater( date: string ) {
	const [ year, month, day ] = date.split( '-' ).map( Number ) as [
		number,
		number,
		number,
	];
	const last = new Date( Date.UTC( year, month + 1, 0 ) ).getUTCDate();
	const next = new Date( Date.UTC( year, month, Math.min( day, last ) ) );
	return next.toISOString().slice( 0, 10 );
}

test.describe( 'deadline calendar', () => {
	test( 'changes month and lists a day without a reload, loads nothing before intent, and moves nothing when it mounts', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( r ) => /\/calendar-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await page.evaluate( () => ( ( window as any ).tpSamePage = true ) );
		const first = await caption( page )
			.locator( '.tp-calendar__label' )
			.textContent();

		// The first click shows intent: the island loads, and the click is not lost.
		const next = calendar( page ).locator( '.tp-calendar__step--next' );
		const nextMonth = await next.getAttribute( 'data-tp-month' );
		const asked = page.waitForRequest( /\/tenderpress\/v1\/calendar/ );
		await next.click();
		await waitForIsland( page, 'calendar' );
		// A public read: no nonce, which a page served from a cache would hold a day old.
		expect( ( await asked ).headers()[ 'x-wp-nonce' ] ).toBeUndefined();
		await expect( calendar( page ).locator( 'table' ) ).toHaveAttribute(
			'data-tp-month',
			nextMonth!
		);
		expect(
			await page.evaluate( () => ( window as any ).tpSamePage )
		).toBe( true );
		expect( new URL( page.url() ).searchParams.get( 'tp_month' ) ).toBe(
			nextMonth
		);
		await expect(
			calendar( page ).locator( '.tp-calendar__step--next' )
		).toBeFocused();
		await expect( caption( page ) ).not.toContainText( first! );
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );

		// A day with notices: its list is the notices the archive has for that day.
		const day = calendar( page ).locator( 'td.has-notices' ).nth( 3 );
		const date = ( await day.getAttribute( 'data-tp-date' ) )!;
		const count = Number(
			await day.locator( '.tp-calendar__count' ).textContent()
		);
		await day.locator( 'a' ).click();
		await expect(
			calendar( page ).locator( '.tp-calendar__list' )
		).toHaveAttribute( 'data-tp-day', date );
		await expect( cell( page, date ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		expect( ( await listed( page ) ).sort() ).toEqual(
			await archiveTitles( page, date )
		);
		expect( ( await listed( page ) ).length ).toBe( count );
		expect( new URL( page.url() ).searchParams.get( 'tp_day' ) ).toBe(
			date
		);
		expect(
			await page.evaluate( () => ( window as any ).tpSamePage )
		).toBe( true );
		// A reload shows the same day, from the server alone.
		await page.reload();
		await expect(
			calendar( page ).locator( '.tp-calendar__list' )
		).toHaveAttribute( 'data-tp-day', date );
	} );

	test( 'the grid takes the keyboard as a date grid, across months', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		// Focus on the month links shows intent; Tab then reaches the grid's one stop.
		await calendar( page ).locator( '.tp-calendar__step--prev' ).focus();
		await waitForIsland( page, 'calendar' );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.press( 'Tab' );
		const start = ( await focusedDate( page ) )!;
		expect( start ).toMatch( /^\d{4}-\d{2}-\d{2}$/ );
		await expect( cell( page, start ) ).toHaveAttribute( 'tabindex', '0' );

		await page.keyboard.press( 'Home' );
		const home = ( await focusedDate( page ) )!;
		// The next day, the day before and a week on may lie in another month (today is the
		// 30th, or the last week's Monday): that month loads in place, then takes focus.
		await page.keyboard.press( 'ArrowRight' );
		await expect( cell( page, daysLater( home, 1 ) ) ).toBeFocused();
		await page.keyboard.press( 'ArrowLeft' );
		await expect( cell( page, home ) ).toBeFocused();
		await page.keyboard.press( 'ArrowDown' );
		const below = daysLater( home, 7 );
		await expect( cell( page, below ) ).toBeFocused();
		// One tab stop, which follows focus.
		await expect(
			calendar( page ).locator( 'td[data-tp-date][tabindex="0"]' )
		).toHaveCount( 1 );

		// PageDown: the same day of the next month, loaded in place, with focus on it.
		await page.keyboard.press( 'PageDown' );
		const later = monthLater( below );
		await expect( calendar( page ).locator( 'table' ) ).toHaveAttribute(
			'data-tp-month',
			later.slice( 0, 7 )
		);
		await expect( cell( page, later ) ).toBeFocused();

		// Enter lists the day.
		await page.keyboard.press( 'Enter' );
		await expect(
			calendar( page ).locator( '.tp-calendar__list' )
		).toHaveAttribute( 'data-tp-day', later );
		await expect( cell( page, later ) ).toBeFocused();
		expect( ( await listed( page ) ).sort() ).toEqual(
			await archiveTitles( page, later )
		);
		await expect(
			calendar( page ).locator( '[role="status"]' )
		).toHaveText( ( await listTitle( page ).textContent() )! );
	} );

	test( 'filters narrow the month without a reload', async ( { page } ) => {
		await page.goto( PAGE );
		const all = Number(
			( await caption( page ).textContent() )!.match(
				/(\d+) notices? close/
			)![ 1 ]
		);
		await calendar( page )
			.getByLabel( 'Notice type' )
			.selectOption( 'eoi' );
		await page.evaluate( () => ( ( window as any ).tpSamePage = true ) );
		await calendar( page )
			.getByRole( 'button', { name: 'Show deadlines' } )
			.click();
		await expect( page ).toHaveURL( /notice_type=eoi/ );
		await expect( caption( page ) ).not.toContainText( `${ all } notices` );
		expect(
			await page.evaluate( () => ( window as any ).tpSamePage )
		).toBe( true );
		const eois = await calendar( page )
			.locator( '.tp-calendar__notice .tp-badge' )
			.allTextContents();
		expect( eois.length ).toBeGreaterThan( 0 );
		expect( new Set( eois ) ).toEqual( new Set( [ 'EOI' ] ) );
		const day = ( await calendar( page )
			.locator( '.tp-calendar__list' )
			.getAttribute( 'data-tp-day' ) )!;
		expect( ( await listed( page ) ).sort() ).toEqual(
			await archiveTitles( page, day, '&notice_type=eoi' )
		);
	} );

	test( 'a click the route cannot answer still leads to its month', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await page.route( /\/tenderpress\/v1\/calendar/, ( route ) =>
			route.fulfill( {
				status: 503,
				contentType: 'application/json',
				body: '{"code":"busy","message":"Busy."}',
			} )
		);
		const next = calendar( page ).locator( '.tp-calendar__step--next' );
		const nextMonth = ( await next.getAttribute( 'data-tp-month' ) )!;
		await next.click();
		// The link's own way, a page load, once the island's way failed.
		await expect( page ).toHaveURL(
			new RegExp( `tp_month=${ nextMonth }` )
		);
		await expect( calendar( page ).locator( 'table' ) ).toHaveAttribute(
			'data-tp-month',
			nextMonth
		);
	} );

	test( 'axe finds nothing on the calendar, before and after it mounts', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		expect( await axeViolations( page ) ).toEqual( [] );
		await calendar( page ).locator( '.tp-calendar__step--next' ).click();
		await waitForIsland( page, 'calendar' );
		await calendar( page ).locator( 'td.has-notices a' ).first().click();
		await expect(
			calendar( page ).locator( '.tp-calendar__month' )
		).not.toHaveAttribute( 'aria-busy', 'true' );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );

	test( 'bad input to the route gets a 400 with a message', async ( {
		request,
	} ) => {
		for ( const query of [
			'month=2026-13',
			'month=0000-05',
			'month=2026-11&day=2026-12-01',
			'month=2026-11&category=%3Cscript%3E',
		] ) {
			const answer = await request.get(
				`/wp-json/tenderpress/v1/calendar?${ query }`
			);
			expect( answer.status(), query ).toBe( 400 );
			expect( ( await answer.json() ).message, query ).not.toBe( '' );
		}
	} );
} );

test.describe( 'deadline calendar without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'month links, day links and the filters work as plain links and a form', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		const next = calendar( page ).locator( '.tp-calendar__step--next' );
		const nextMonth = ( await next.getAttribute( 'data-tp-month' ) )!;
		await next.click();
		await expect( page ).toHaveURL(
			new RegExp( `tp_month=${ nextMonth }` )
		);
		await expect( calendar( page ).locator( 'table' ) ).toHaveAttribute(
			'data-tp-month',
			nextMonth
		);
		const day = calendar( page ).locator( 'td.has-notices' ).nth( 2 );
		const date = ( await day.getAttribute( 'data-tp-date' ) )!;
		await day.locator( 'a' ).click();
		await expect( page ).toHaveURL( new RegExp( `tp_day=${ date }` ) );
		await expect(
			calendar( page ).locator( '.tp-calendar__list' )
		).toHaveAttribute( 'data-tp-day', date );
		expect( ( await listed( page ) ).sort() ).toEqual(
			await archiveTitles( page, date )
		);

		await calendar( page )
			.getByLabel( 'Notice type' )
			.selectOption( 'eoi' );
		await calendar( page )
			.getByRole( 'button', { name: 'Show deadlines' } )
			.click();
		await expect( page ).toHaveURL( /notice_type=eoi/ );
		// The month shown stays: the form carries it.
		await expect( calendar( page ).locator( 'table' ) ).toHaveAttribute(
			'data-tp-month',
			nextMonth
		);
		const badges = await calendar( page )
			.locator( '.tp-calendar__notice .tp-badge' )
			.allTextContents();
		expect( new Set( badges ) ).toEqual( new Set( [ 'EOI' ] ) );
	} );

	test( 'a bad month in the address is ignored, and the visitor is told', async ( {
		page,
	} ) => {
		await page.goto( `${ PAGE }?tp_month=2026-13` );
		await expect(
			calendar( page ).locator( '.tp-calendar__ignored' )
		).toContainText( 'tp_month' );
		await expect( calendar( page ).locator( 'table' ) ).toBeVisible();
	} );
} );
