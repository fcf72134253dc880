/**
 * A listing page kept by a page cache keeps paging in place a day later. The page is rendered by
 * one server; then that server is gone, and a server whose clock is a day ahead, on a fresh copy
 * of the database (nothing the first one might have stored), serves the cached page's requests.
 * The page's sid, unchanged, is all the second server needs; its nonce is a day old.
 */
import { expect, test } from '@playwright/test';
import { startOwnServer } from './support/own-server';

test( 'a page rendered, then served a day later (sid unchanged), pages in place', async ( {
	page,
}, testInfo ) => {
	test.slow();
	// A port and database of this test's own, apart from the shared e2e server's.
	const port =
		Number( process.env.E2E_PORT || 8891 ) + 20 + testInfo.workerIndex;
	const database = `day-later-${ testInfo.workerIndex }`;

	const today = await startOwnServer( port, database );
	let cached: string;
	try {
		cached = await ( await page.request.get( `${ today.url }/` ) ).text();
	} finally {
		await today.stop();
	}
	const sid = /data-sid="([^"]+)"/.exec( cached )?.[ 1 ];
	expect( sid ).toBeTruthy();

	const tomorrow = await startOwnServer( port, database, '+1d' );
	try {
		// The page cache answers for the page itself; everything else reaches the server.
		await page.route( `${ tomorrow.url }/`, ( route ) =>
			route.fulfill( { contentType: 'text/html', body: cached } )
		);
		const answers: Array< {
			status: number;
			token: string | null;
			sid: string | null;
		} > = [];
		page.on( 'response', async ( response ) => {
			const sent = response.request().postData() ?? '';
			if ( sent.includes( 'action=pagination_request' ) ) {
				answers.push( {
					status: response.status(),
					token:
						response.headers()[ 'x-tenderpress-page-token' ] ??
						null,
					sid: new URLSearchParams( sent ).get( 'sid' ),
				} );
			}
		} );
		await page.goto( `${ tomorrow.url }/` );
		const nav = page.locator( 'nav.tp-pagination' );
		await nav.getByRole( 'link', { name: 'Page 2', exact: true } ).click();
		await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
		await expect(
			page.locator( '.tp-listing__item' ).first()
		).toBeVisible();

		expect( answers ).toEqual( [ { status: 200, token: 'stale', sid } ] );
		// The answer is the page a visitor without JavaScript gets from the server today.
		const fresh = await (
			await page.request.get( `${ tomorrow.url }/page/2/` )
		).text();
		const titles = ( html: string ) =>
			[
				...html.matchAll(
					/class="tp-notice-card__title"><a [^>]*>([^<]*)</g
				),
			].map( ( match ) => match[ 1 ] );
		expect(
			titles(
				await page.locator( '.tp-listing__items' ).first().innerHTML()
			)
		).toEqual( titles( fresh ) );
	} finally {
		await tomorrow.stop();
	}
} );
