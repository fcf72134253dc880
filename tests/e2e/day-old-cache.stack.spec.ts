/**
 * The production stack's page cache serving a page rendered a day and an hour ago (the stack
 * suite only: E2E_STACK=1 against `npm run stack`, whose pools run on a clock this test moves,
 * scripts/lib/stack.mjs). Its nonces and tokens are past WordPress's 24 hours, as on a site whose
 * CDN keeps pages longer than nginx does here. A visitor still pages in place, signs in through
 * the popup, takes a deadline reminder, sees today's share counts and subscribes to push
 * notifications from it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	test,
	type APIRequestContext,
	type Browser,
} from '@playwright/test';
import { standInPushManager } from './support/push-browser';
import {
	firstNoticePath,
	logInAsAdmin,
	openFilters,
	serveOlderCopy,
} from './support/site';

const CLOCK = path.join( process.cwd(), '.wp', 'stack', 'clock' );
// libfaketime reads the clock file again at most once a second (FAKETIME_CACHE_DURATION).
const CLOCK_SETTLES_MS = 1500;

/** The page's form nonce as the paginator's props carry it (its request's fields). */
const pagingNonce = ( html: string ) =>
	/"ajax_nonce":"([0-9a-f]{10})"/.exec( html )?.[ 1 ] ?? null;

/**
 * Has the pools render `address` with their clock 25 hours back, through nginx, which stores
 * it; the clock is put right again before this returns. Resolves with the stored HTML.
 */
async function renderedADayAgo(
	request: APIRequestContext,
	address: string,
	headers: Record< string, string > = {}
) {
	fs.writeFileSync( CLOCK, '-25h\n' );
	try {
		await new Promise( ( resolve ) =>
			setTimeout( resolve, CLOCK_SETTLES_MS )
		);
		const response = await request.get( address, { headers } );
		expect( response.status() ).toBe( 200 );
		expect( response.headers()[ 'x-cache-status' ] ).toBe( 'MISS' );
		return await response.text();
	} finally {
		fs.writeFileSync( CLOCK, '+0\n' );
		await new Promise( ( resolve ) =>
			setTimeout( resolve, CLOCK_SETTLES_MS )
		);
	}
}

const unique = () =>
	`tp_day_old=${ Date.now() }-${ Math.random().toString( 36 ).slice( 2 ) }`;

test( 'a listing page from the page cache, a day old, pages in place and signs in through the popup', async ( {
	page,
	request,
} ) => {
	test.slow();
	const address = `/?${ unique() }`;
	const old = await renderedADayAgo( request, address );
	const today = await ( await request.get( `/?${ unique() }` ) ).text();
	expect( pagingNonce( old ) ).toBeTruthy();
	expect( pagingNonce( old ), 'A day-old nonce, not today’s.' ).not.toBe(
		pagingNonce( today )
	);

	const response = await page.goto( address );
	expect( response?.headers()[ 'x-cache-status' ] ).toBe( 'HIT' );
	expect( pagingNonce( await response!.text() ) ).toBe( pagingNonce( old ) );

	// Paging in place.
	const nav = page.locator( 'nav.tp-pagination' ).first();
	await nav.getByRole( 'link', { name: 'Page 2', exact: true } ).click();
	await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
	await expect( page ).toHaveURL( /\/page\/2\/?/ );

	// Signing in through the popup, with the form token the page fetches for itself.
	const { user, password } = JSON.parse(
		fs.readFileSync(
			path.join( process.cwd(), '.wp', 'credentials.json' ),
			'utf8'
		)
	);
	await page
		.locator( '[data-tp-island="account"]' )
		.getByRole( 'link', { name: 'Sign in' } )
		.first()
		.click();
	const popup = page.getByRole( 'dialog', { name: 'Sign in' } );
	await expect( popup ).toBeVisible();
	await popup.getByLabel( 'Username or e-mail address' ).fill( user );
	await popup.getByLabel( 'Password', { exact: true } ).fill( password );
	await popup.getByRole( 'button', { name: 'Sign in' } ).click();
	await expect(
		page.locator( '.tp-account--signed-in' ).first()
	).toContainText( 'Signed in as' );
} );

test( 'a notice page from the page cache, a day old, gives its deadline reminder', async ( {
	page,
	request,
} ) => {
	test.slow();
	const address = `${ await firstNoticePath( request ) }?${ unique() }`;
	await renderedADayAgo( request, address );

	const response = await page.goto( address );
	expect( response?.headers()[ 'x-cache-status' ] ).toBe( 'HIT' );
	const reminder = page.locator( 'form.tp-reminder' ).first();
	await reminder.scrollIntoViewIfNeeded();
	const [ file ] = await Promise.all( [
		page.waitForEvent( 'download' ),
		reminder
			.getByRole( 'button', { name: 'Add to my calendar', exact: true } )
			.click(),
	] );
	const calendar = fs.readFileSync( ( await file.path() )!, 'utf8' );
	expect( calendar ).toContain( 'BEGIN:VEVENT' );
	expect( calendar ).toContain( 'BEGIN:VALARM' );
} );

test( 'a notice archive from the page cache, a day old, applies a filter change in place', async ( {
	page,
	request,
} ) => {
	test.slow();
	const address = `/tenders/?${ unique() }`;
	await renderedADayAgo( request, address );

	const response = await page.goto( address );
	expect( response?.headers()[ 'x-cache-status' ] ).toBe( 'HIT' );
	await page.evaluate( () => ( document.body.dataset.samePage = 'yes' ) );

	await openFilters( page );
	await page.getByLabel( 'Status' ).selectOption( 'closed' );
	await page.getByRole( 'button', { name: 'Show notices' } ).click();

	await expect( page ).toHaveURL( /[?&]status=closed(&|$)/ );
	const badges = page.locator(
		'[data-tp-island="paginator"] .tp-listing__item .tp-status'
	);
	await expect( badges.first() ).toHaveText( 'Closed' );
	for ( const badge of await badges.allTextContents() ) {
		expect( badge ).toBe( 'Closed' );
	}
	// In place: the document the cache served is still the one shown.
	await expect( page.locator( 'body' ) ).toHaveAttribute(
		'data-same-page',
		'yes'
	);
} );

/**
 * The owner shows share counts, with Facebook and X on the bar (the seed stores counts for the
 * newest notice: Facebook 1,250 and X 1), or takes that back (`on` false).
 */
async function showShareCounts( browser: Browser, site: string, on: boolean ) {
	const admin = await browser.newPage();
	try {
		await logInAsAdmin( admin, site );
		await admin.goto(
			`${ site }/wp-admin/options-general.php?page=tenderpress&tab=sharing`
		);
		const services = admin.getByRole( 'group', {
			name: 'Services on the bar',
		} );
		for ( const name of [ 'Facebook', 'X' ] ) {
			await services
				.getByRole( 'checkbox', { name, exact: true } )
				.setChecked( on );
		}
		await admin.getByLabel( 'Show share counts' ).setChecked( on );
		await admin.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( admin.getByText( 'Settings saved.' ) ).toBeVisible();
	} finally {
		await admin.close();
	}
}

test( 'a notice page from the page cache, a day old, shows the share counts the server has today', async ( {
	page,
	request,
	browser,
	baseURL,
} ) => {
	test.slow();
	await showShareCounts( browser, baseURL!, true );
	try {
		const address = `${ await firstNoticePath( request ) }?${ unique() }`;
		await renderedADayAgo( request, address );
		// The copy a CDN kept from before the latest shares says 1.1K where the server says 1.2K.
		await serveOlderCopy(
			page,
			`**${ address }`,
			( html ) => html.replaceAll( '1.2K', '1.1K' ),
			( headers ) => expect( headers[ 'x-cache-status' ] ).toBe( 'HIT' )
		);
		await page.goto( address );
		const bar = page.locator( '[data-tp-island="share"]' ).first();
		const total = bar.locator( '.tp-share__total' );
		await expect( total ).toHaveText( '1.1K Shares' );

		const answered = page.waitForResponse( ( response ) =>
			response.url().includes( 'action=tenderpress_sharing_count' )
		);
		await bar.locator( '.tp-share__list' ).hover();
		expect( ( await answered ).status() ).toBe( 200 );
		await expect( total ).toHaveText( '1.2K Shares' );
	} finally {
		await showShareCounts( browser, baseURL!, false );
	}
} );

test( 'a page from the page cache, a day old, takes a push subscription', async ( {
	page,
	request,
	context,
	baseURL,
} ) => {
	test.slow();
	const address = `/?${ unique() }`;
	// With the prompt, which the suite's stack keeps off other pages (TP_PUSH_PROMPT=off).
	await renderedADayAgo( request, address, {
		cookie: 'tp_test_push_prompt=on',
	} );
	// A browser's subscription at a real push service (the site only stores it here).
	const ecdh = crypto.createECDH( 'prime256v1' );
	ecdh.generateKeys();
	const subscriber = {
		endpoint: `https://fcm.googleapis.com/fcm/send/tp-day-old-${ crypto.randomUUID() }`,
		keys: {
			p256dh: ecdh.getPublicKey().toString( 'base64url' ),
			auth: crypto.randomBytes( 16 ).toString( 'base64url' ),
		},
	};
	await standInPushManager( page, subscriber );
	await context.grantPermissions( [ 'notifications' ], {
		origin: baseURL,
	} );

	const response = await page.goto( address );
	expect( response?.headers()[ 'x-cache-status' ] ).toBe( 'HIT' );
	const stored = page.waitForResponse(
		( answer ) =>
			answer.url().includes( '/tenderpress/v1/push/subscriptions' ) &&
			answer.request().method() === 'POST'
	);
	try {
		await page
			.locator( '.tp-push__prompt' )
			.getByRole( 'button', { name: 'Allow' } )
			.click();
		expect( ( await stored ).status() ).toBe( 201 );
	} finally {
		// The stack's other tests count the subscriptions they send to: this one goes again.
		const gone = await page.evaluate(
			async ( keys ) => {
				const answer = await fetch(
					'/wp-json/tenderpress/v1/push/subscriptions',
					{
						method: 'DELETE',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify( keys ),
					}
				);
				return answer.status;
			},
			{ endpoint: subscriber.endpoint, auth: subscriber.keys.auth }
		);
		expect( gone ).toBeLessThan( 300 );
	}
} );
