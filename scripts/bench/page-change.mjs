// Part 1b: the first in-place page change, timed from the visitor's click on "page 2" to the new
// notices on screen, under Lighthouse's mobile throttling applied the way DevTools applies it
// (slow 4G: 562.5 ms request latency, 1.47 Mbit/s down, 675 kbit/s up; CPU 4× slower), in
// Debian's Chromium with a cold cache. Run against a server that loads the islands on intent
// (this release) and one that loads them eagerly (0.1.0's behaviour, TP_BENCH_EAGER=1): on
// intent the click also pays for React and the island; eagerly the page paid for them before.
/* global MutationObserver, requestAnimationFrame -- in page.evaluate(), run in the browser. */
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './browser.mjs';

// Lighthouse's mobileSlow4G, as DevTools throttling applies it (lighthouse-core constants).
const THROTTLING = {
	latency: 150 * 3.75,
	downloadThroughput: ( 1.6 * 1024 * 1024 * 0.9 ) / 8,
	uploadThroughput: ( 750 * 1024 * 0.9 ) / 8,
	cpuSlowdown: 4,
};

const median = ( values ) => {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	return sorted[ Math.floor( sorted.length / 2 ) ];
};

/** One cold visit: load the page, click page 2 as a visitor does, time it until page 2 shows. */
async function onePageChange( browser, url, { waitForMount } ) {
	const context = await browser.newContext( {
		viewport: { width: 360, height: 740 },
		isMobile: true,
		hasTouch: true,
	} );
	const page = await context.newPage();
	const cdp = await context.newCDPSession( page );
	await cdp.send( 'Network.enable' );
	await cdp.send( 'Network.setCacheDisabled', { cacheDisabled: true } );
	await cdp.send( 'Network.emulateNetworkConditions', {
		offline: false,
		latency: THROTTLING.latency,
		downloadThroughput: THROTTLING.downloadThroughput,
		uploadThroughput: THROTTLING.uploadThroughput,
	} );
	await cdp.send( 'Emulation.setCPUThrottlingRate', {
		rate: THROTTLING.cpuSlowdown,
	} );
	try {
		await page.goto( url, { waitUntil: 'load', timeout: 120000 } );
		await page.waitForLoadState( 'networkidle', { timeout: 120000 } );
		if ( waitForMount ) {
			await page.waitForSelector(
				'[data-tp-island="paginator"][data-tp-state="mounted"]',
				{ timeout: 120000 }
			);
		}
		// Timed in the page: from the pointerdown of the click to the first frame that shows the
		// nav on page 2 (the items arrive in the same render).
		await page.evaluate( () => {
			window.tpPageChange = new Promise( ( resolve ) => {
				let clicked = 0;
				document.addEventListener(
					'pointerdown',
					() => ( clicked = performance.now() ),
					{ capture: true, once: true }
				);
				new MutationObserver( ( _, observer ) => {
					if (
						document.querySelector(
							'nav.tp-pagination[data-currentpage="2"]'
						)
					) {
						observer.disconnect();
						requestAnimationFrame( () =>
							resolve( performance.now() - clicked )
						);
					}
				} ).observe( document.body, {
					subtree: true,
					childList: true,
					attributes: true,
				} );
			} );
		} );
		const link = page
			.locator( 'nav.tp-pagination a[data-page="2"]' )
			.first();
		await link.scrollIntoViewIfNeeded();
		// A visitor's tap: pointer over the link, then down and up on it.
		await link.click();
		return await page.evaluate( () => window.tpPageChange );
	} finally {
		await context.close();
	}
}

/**
 * @param {string}  baseUrl              The server.
 * @param {string}  path                 The listing page.
 * @param {Object}  options
 * @param {boolean} options.waitForMount Wait for the paginator to mount before clicking (eager).
 * @param {number}  runs
 */
export async function measurePageChange(
	baseUrl,
	path,
	{ waitForMount },
	runs = 5
) {
	const browser = await chromium.launch( {
		executablePath: CHROMIUM,
		args: CHROMIUM_FLAGS,
	} );
	const samples = [];
	try {
		for ( let run = 0; run < runs; run++ ) {
			samples.push(
				await onePageChange( browser, baseUrl + path, { waitForMount } )
			);
		}
	} finally {
		await browser.close();
	}
	return { path, runs, median: median( samples ), samples };
}

export { THROTTLING };
