/**
 * Issue 26: the time left a bidder reads is never more than is true. The administrator publishes
 * notices whose deadlines are 5 hours, 1 day, 18 days, 45 days and 74 days away (from the clock
 * of this run, in the site's time zone); the notice page's key facts and the home page's card
 * must each say a figure no higher than the time really left when the page was asked for, and
 * less than a unit under it (whole minutes, days or weeks, as the wording says). Every deadline
 * names the site's zone. No expectation depends on today's date: each is worked out from the
 * deadline WordPress stored and the clock around the request.
 *
 * A server of the test's own (a copy of the seeded database): the notices it adds would change
 * the shared server's lists that other specs count.
 */
import { expect, test, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server';
import { logInAsAdmin } from './support/site';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How far away each deadline is, in seconds, and a name for it. */
const DEADLINES: Array< [ string, number ] > = [
	[ '5 hours', 5 * HOUR ],
	[ '1 day', DAY ],
	[ '18 days', 18 * DAY ],
	[ '45 days', 45 * DAY ],
	[ '74 days', 74 * DAY ],
];

const UNITS: Record< string, number > = {
	min: 60,
	mins: 60,
	minute: 60,
	minutes: 60,
	h: HOUR,
	hour: HOUR,
	hours: HOUR,
	day: DAY,
	days: DAY,
	week: 7 * DAY,
	weeks: 7 * DAY,
	// As core's human_time_diff() counts them, to read what the site said before the fix.
	month: 30 * DAY,
	months: 30 * DAY,
	year: 365 * DAY,
	years: 365 * DAY,
};

/**
 * What the text claims is left, in seconds, and its smallest unit: "5 h 30 min" is 19,800 s to
 * the minute, "18 days left" 1,555,200 s to the day.
 */
function claimed( text: string ): { seconds: number; unit: number } {
	if ( /under a minute/.test( text ) ) {
		return { seconds: 0, unit: 60 };
	}
	// On the last day the figure follows "in"; elsewhere the text is the figure.
	const figure = /, in (.+)$/.exec( text )?.[ 1 ] ?? text;
	let seconds = 0;
	let unit = Infinity;
	for ( const [ , count, name ] of figure.matchAll( /(\d+)\s*([a-z]+)/g ) ) {
		const size = UNITS[ name! ];
		expect( size, `a unit in "${ text }"` ).toBeDefined();
		seconds += Number( count ) * size!;
		unit = Math.min( unit, size! );
	}
	expect( unit, `a figure in "${ text }"` ).toBeLessThan( Infinity );
	return { seconds, unit };
}

/** The instant as the site writes a deadline: "2026-12-01 15:00:00" in its own zone. */
function siteLocal( epochSeconds: number, timeZone: string ): string {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat( 'en-GB', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
			hourCycle: 'h23',
		} )
			.formatToParts( new Date( epochSeconds * 1000 ) )
			.map( ( part ) => [ part.type, part.value ] )
	);
	return `${ parts.year }-${ parts.month }-${ parts.day } ${ parts.hour }:${ parts.minute }:${ parts.second }`;
}

let site: OwnServer | undefined;

test.afterEach( async () => {
	await site?.stop();
	site = undefined;
} );

test( 'the time left on the notice page and its card is never above the true figure, and deadlines name the zone', async ( {
	browser,
	page,
}, testInfo ) => {
	test.slow();
	site = await startOwnServer(
		Number( process.env.E2E_PORT || 8891 ) + 80 + testInfo.workerIndex,
		`time-left-${ testInfo.workerIndex }`
	);
	const url = site.url;

	const admin: Page = await browser.newPage();
	await logInAsAdmin( admin, url );
	const nonce = await (
		await admin.request.get(
			`${ url }/wp-admin/admin-ajax.php?action=rest-nonce`
		)
	).text();
	const settings = await (
		await admin.request.get( `${ url }/wp-json/wp/v2/settings`, {
			headers: { 'X-WP-Nonce': nonce },
		} )
	).json();
	// The seeded site is in India, whose zone is called IST.
	expect( settings.timezone ).toBe( 'Asia/Kolkata' );

	const tag = `${ testInfo.project.name } ${ Date.now() }`;
	const notices: Array< {
		name: string;
		title: string;
		link: string;
		deadline: number;
	} > = [];
	for ( const [ name, away ] of DEADLINES ) {
		const title = `Time left ${ name } ${ tag }`;
		const created = await admin.request.post(
			`${ url }/wp-json/wp/v2/tenders`,
			{
				headers: { 'X-WP-Nonce': nonce },
				data: {
					title,
					status: 'publish',
					meta: {
						tp_notice_type: 'tender',
						tp_buyer: 'Pune Municipal Corporation',
						tp_deadline: siteLocal(
							Math.floor( Date.now() / 1000 ) + away,
							settings.timezone
						),
					},
				},
			}
		);
		expect( created.status() ).toBe( 201 );
		const notice = await created.json();
		// The truth: the instant WordPress stored, whatever the seconds spent getting here.
		const deadline = Date.parse( notice.tp_status.deadline_gmt ) / 1000;
		expect( deadline ).toBeGreaterThan( Date.now() / 1000 );
		notices.push( { name, title, link: notice.link, deadline } );
	}
	await admin.close();

	/** Checks a "time left" text against the deadline and the clock around the request. */
	const check = (
		where: string,
		text: string,
		deadline: number,
		before: number,
		after: number
	) => {
		const { seconds, unit } = claimed( text );
		// At most what was left when the page was asked for… (soft: every notice is reported)
		expect
			.soft(
				seconds,
				`${ where }: "${ text }" is more than the ${
					deadline - before
				} s left`
			)
			.toBeLessThanOrEqual( deadline - before );
		// …and less than one of its units under what was left once it arrived.
		expect
			.soft(
				seconds,
				`${ where }: "${ text }" is a whole unit short of the ${
					deadline - after
				} s left`
			)
			.toBeGreaterThan( deadline - after - unit );
	};

	for ( const notice of notices ) {
		const before = Date.now() / 1000;
		await page.goto( notice.link );
		const after = Date.now() / 1000;
		const facts = page.locator( '.tp-notice-facts' ).first();
		const left = facts.locator( '.tp-notice-facts__time-left' );
		await expect( left ).toBeVisible();
		check(
			`${ notice.name }, key facts`,
			( await left.innerText() ).trim(),
			notice.deadline,
			before,
			after
		);
		const deadlineRow = facts.locator( '.tp-notice-facts__row', {
			has: page.getByText( 'Submission deadline', { exact: true } ),
		} );
		await expect( deadlineRow.locator( 'dd' ) ).toHaveText( / IST$/ );
	}

	// The home page lists the newest first: the five cards are there.
	const before = Date.now() / 1000;
	await page.goto( `${ url }/` );
	const after = Date.now() / 1000;
	for ( const notice of notices ) {
		const card = page.locator( 'article.tp-notice-card', {
			has: page.getByRole( 'link', { name: notice.title, exact: true } ),
		} );
		await expect( card ).toHaveCount( 1 );
		await expect( card.locator( 'time' ) ).toHaveText( / IST$/ );
		const left = card.locator( '.tp-notice-card__left' );
		await expect( left ).toBeVisible();
		check(
			`${ notice.name }, card`,
			( await left.innerText() ).trim(),
			notice.deadline,
			before,
			after
		);
	}
} );
