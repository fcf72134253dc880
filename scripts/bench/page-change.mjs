// Part 1b: the first in-place page change, timed from the visitor's click on "page 2" to the new
// notices on screen, under Lighthouse's mobile throttling applied the way DevTools applies it
// (slow 4G: 562.5 ms request latency, 1.47 Mbit/s down, 675 kbit/s up; CPU 4× slower), in
// Debian's Chromium with a cold cache. Run against a server that loads the islands on intent
// (this release) and one that loads them eagerly (0.1.0's behaviour, TP_BENCH_EAGER=1): on
// intent the click also pays for React and the island; eagerly the page paid for them before.
/* global MutationObserver, requestAnimationFrame -- in page.evaluate(), run in the browser. */
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { median } from './median.mjs';

// Lighthouse's mobileSlow4G, as DevTools throttling applies it (lighthouse-core constants).
const THROTTLING = {
	latency: 150 * 3.75,
	downloadThroughput: ( 1.6 * 1024 * 1024 * 0.9 ) / 8,
	uploadThroughput: ( 750 * 1024 * 0.9 ) / 8,
	cpuSlowdown: 4,
};

/**
 * One cold visit: load the page, click page 2 as a visitor does, time it until page 2 shows.
 * With `waitForMount`, the islands were loaded before the tap (0.1.0's eager server, or a pointer
 * over the page links first); with `plain`, JavaScript is off and the tap is a navigation, timed
 * to page 2's first contentful paint.
 */
async function onePageChange(
	browser,
	url,
	{ waitForMount, intentFirst, plain, afterScroll }
) {
	const context = await browser.newContext( {
		viewport: { width: 360, height: 740 },
		isMobile: true,
		hasTouch: true,
		javaScriptEnabled: ! plain,
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
		if ( plain ) {
			return await plainNavigation( page );
		}
		if ( intentFirst ) {
			// The visitor's intent before the tap: the islands load, then the tap comes.
			await page.locator( 'nav.tp-pagination' ).first().hover();
		}
		if ( waitForMount ) {
			// The eager paginator mounts once its listing is near the viewport, as a visitor
			// scrolling to the page links brings it.
			await page
				.locator( 'nav.tp-pagination' )
				.first()
				.scrollIntoViewIfNeeded();
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
		if ( afterScroll ) {
			// A visitor who reads a moment before the tap: the scroll to the page links started
			// the back-to-top island (React with it), which has mounted by then.
			await page.waitForSelector(
				'[data-tp-island="back-to-top"][data-tp-state="mounted"]',
				{ timeout: 120000 }
			);
		}
		// A visitor's tap, a finger on a phone: the pointer arrives on the link as it is pressed.
		await link.tap();
		return await page.evaluate( () => window.tpPageChange );
	} finally {
		await context.close();
	}
}

/**
 * With JavaScript off: from the tap on "2" to page 2's first contentful paint. The tap's time is
 * this machine's clock, as is the new page's time origin (epoch milliseconds).
 */
async function plainNavigation( page ) {
	const link = page.locator( 'nav.tp-pagination a[data-page="2"]' ).first();
	await link.scrollIntoViewIfNeeded();
	const tapped = Date.now();
	await link.tap();
	await page.waitForURL( /\/page\/2\//, { timeout: 120000 } );
	// Asked from here, not polled in the page, where JavaScript is off.
	const limit = Date.now() + 120000;
	while ( Date.now() < limit ) {
		const painted = await page.evaluate( () => {
			const [ paint ] = performance.getEntriesByName(
				'first-contentful-paint'
			);
			return paint ? performance.timeOrigin + paint.startTime : 0;
		} );
		if ( painted ) {
			return painted - tapped;
		}
		await page.waitForTimeout( 50 );
	}
	throw new Error( 'page 2 was never painted' );
}

/**
 * The figures of the first tap, from one server in one run, `runs` cold visits each: the islands
 * loading on intent (this release), at once after the scroll to the page links and once the
 * scroll's own island (back-to-top) has loaded, the islands mounted before the tap (a pointer
 * over the page links first), and a plain navigation to page 2 with JavaScript off.
 *
 * @param {string} baseUrl The server.
 * @param {string} path    The listing page.
 * @param {number} runs
 */
export async function measureFirstTap( baseUrl, path, runs = 3 ) {
	const result = {};
	for ( const [ name, options ] of Object.entries( {
		intent: { waitForMount: false },
		intentAfterScroll: { waitForMount: false, afterScroll: true },
		mounted: { waitForMount: true, intentFirst: true },
		plain: { plain: true },
	} ) ) {
		result[ name ] = await measurePageChange(
			baseUrl,
			path,
			options,
			runs
		);
	}
	return result;
}

/**
 * @param {string}  baseUrl              The server.
 * @param {string}  path                 The listing page.
 * @param {Object}  options
 * @param {boolean} options.waitForMount Wait for the paginator to mount before clicking (eager).
 * @param {number}  runs
 */
export async function measurePageChange( baseUrl, path, options, runs = 5 ) {
	const browser = await chromium.launch( {
		executablePath: CHROMIUM,
		args: CHROMIUM_FLAGS,
	} );
	const samples = [];
	try {
		for ( let run = 0; run < runs; run++ ) {
			samples.push(
				await onePageChange( browser, baseUrl + path, options )
			);
		}
	} finally {
		await browser.close();
	}
	return { path, runs, median: median( samples ), samples };
}

export { THROTTLING };
