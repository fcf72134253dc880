/**
 * A phone on a slow network paints a page before the whole of it has arrived. The header must
 * not move when the rest of it comes: a half-parsed menu (a <details> without its <summary> yet,
 * which the browser labels "Details" itself, or half its list) is narrower than the whole one,
 * and the title beside it would wrap differently. This serves a real page in two parts, cut
 * inside the menu, with a pause between them, and measures what moved.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import {
	firstNoticePath,
	layoutShiftSources,
	observeLayoutShift,
} from './support/site';

/** Serves `html` as two chunks, split before `cut`, `pause` ms apart. */
function servePaused( html: string, cut: string, pause: number ) {
	const at = html.indexOf( cut );
	expect( at, `the page has ${ cut }` ).toBeGreaterThan( 0 );
	const server = http.createServer( ( _request, response ) => {
		response.writeHead( 200, {
			'Content-Type': 'text/html; charset=utf-8',
		} );
		response.write( html.slice( 0, at ) );
		setTimeout( () => response.end( html.slice( at ) ), pause );
	} );
	return new Promise< { url: string; close: () => void } >( ( resolve ) =>
		server.listen( 0, '127.0.0.1', () =>
			resolve( {
				url: `http://127.0.0.1:${
					( server.address() as AddressInfo ).port
				}/`,
				close: () => server.close(),
			} )
		)
	);
}

// Cut where the CI runs caught it: the <details> has arrived, its <summary> not yet.
const cut = '<summary class="tp-mobile-menu__toggle"';

test( 'a header that arrives cut before the menu button moves nothing when the rest comes', async ( {
	page,
	request,
} ) => {
	const path = await firstNoticePath( request );
	// Addresses stay absolute to the site, so the stylesheets still load from it.
	const html = await ( await request.get( path ) ).text();
	const server = await servePaused( html, cut, 1500 );
	try {
		const shift = await observeLayoutShift( page );
		await page.goto( server.url );
		await page.waitForLoadState( 'load' );
		// Shown once the rest has come.
		await expect(
			page.locator( '.tp-site-header .wp-block-site-title' )
		).toBeVisible();
		expect(
			await shift(),
			( await layoutShiftSources( page ) ).join( '\n' )
		).toBe( 0 );
	} finally {
		server.close();
	}
} );
