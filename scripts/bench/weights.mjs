// Part 1: what a visitor downloads per page type, read from real page loads in Chromium, before
// and after using every island on the page. Sizes are the bytes served (raw) and their gzip
// (level 6, as a typical server compresses; PHP's built-in server sends them uncompressed).
// Scripts inside the HTML (the push prompt's reveal script, lazy media…) are JavaScript too:
// each one the page holds is counted under "inline JS", by its own gzip, as a script with no
// request of its own.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.mjs';

function category( url, type, origin ) {
	if ( ! url.startsWith( origin ) ) {
		return 'third-party';
	}
	const path = new URL( url ).pathname;
	if ( type === 'document' ) {
		return 'HTML';
	}
	if ( type === 'fetch' || type === 'xhr' ) {
		return 'AJAX answers';
	}
	const kind = { script: 'JS', stylesheet: 'CSS' }[ type ];
	if ( ! kind ) {
		return 'other';
	}
	if ( /\/vendor\/react(-dom)?(\.min)?\.js$/.test( path ) ) {
		return 'React';
	}
	if (
		path.startsWith( '/wp-content/plugins/tenderpress/' ) ||
		path.startsWith( '/wp-content/themes/tenderpress/' )
	) {
		return `first-party ${ kind }`;
	}
	if ( path.startsWith( '/wp-includes/' ) ) {
		return `WordPress core ${ kind }`;
	}
	return `other ${ kind }`;
}

async function record( page, origin ) {
	const entries = [];
	page.on( 'response', async ( response ) => {
		const request = response.request();
		try {
			const body = await response.body();
			entries.push( {
				url: request.url(),
				category: category(
					request.url(),
					request.resourceType(),
					origin
				),
				raw: body.length,
				gzip: zlib.gzipSync( body, { level: 6 } ).length,
			} );
		} catch {
			// Redirects and aborted requests have no body.
		}
	} );
	return entries;
}

/**
 * Waits until no request of the page (its frames included) has been in flight for 500 ms, 15 s
 * at most: what Playwright's "networkidle" means. That never came for the blog post once its
 * embedded notice had loaded (a frame whose address the lazy-media script gives it), though no
 * request was in flight; the cause is Playwright's to find, the page is quiet.
 */
function watchRequests( page ) {
	const inFlight = new Set();
	let last = Date.now();
	page.on( 'request', ( request ) => {
		inFlight.add( request );
		last = Date.now();
	} );
	for ( const event of [ 'requestfinished', 'requestfailed' ] ) {
		page.on( event, ( request ) => {
			inFlight.delete( request );
			last = Date.now();
		} );
	}
	return async function quiet() {
		const until = Date.now() + 15000;
		while ( Date.now() < until ) {
			if ( inFlight.size === 0 && Date.now() - last >= 500 ) {
				return;
			}
			await page.waitForTimeout( 100 );
		}
		throw new Error(
			`requests still in flight after 15 s: ${ [ ...inFlight ]
				.map( ( request ) => request.url() )
				.join( ', ' ) }`
		);
	};
}

/** The page's inline scripts that run (not JSON data), each as an entry of its own. */
async function inlineScripts( page ) {
	const codes = await page.evaluate( () =>
		Array.from( document.querySelectorAll( 'script:not([src])' ) )
			.filter( ( script ) =>
				/^(|module|(text|application)\/javascript)$/i.test(
					script.type.trim()
				)
			)
			.map( ( script ) => script.textContent ?? '' )
			.filter( ( code ) => code.trim() !== '' )
	);
	return codes.map( ( code ) => ( {
		url: 'inline',
		category: 'inline JS',
		raw: Buffer.byteLength( code ),
		gzip: zlib.gzipSync( code, { level: 6 } ).length,
	} ) );
}

function summarise( entries ) {
	const totals = {};
	for ( const entry of entries ) {
		const total = ( totals[ entry.category ] ??= {
			requests: 0,
			raw: 0,
			gzip: 0,
		} );
		total.requests++;
		total.raw += entry.raw;
		total.gzip += entry.gzip;
	}
	return totals;
}

/**
 * Uses every island the page has, as a visitor would: menu, paginator, the share bar's "More"
 * (its dialog shows every service's icon from the sprite), back-to-top.
 */
async function interact( page ) {
	const menu = page.locator( '[data-tp-island="mobile-menu"]' );
	if ( await menu.count() ) {
		await menu.dispatchEvent( 'pointerover' );
	}
	const more = page.locator(
		'[data-tp-island="share"].tp-share--inline .tp-share__more-button'
	);
	if ( await more.count() ) {
		// The click loads the island on its way and is replayed on it: the dialog opens.
		await more.click();
		await page.waitForSelector( 'dialog.tp-share__dialog[open]', {
			timeout: 10000,
		} );
		await page.keyboard.press( 'Escape' );
	}
	const pager = page.locator( 'nav.tp-pagination' ).first();
	if ( await pager.count() ) {
		// The click loads the island on its way (pointer over the link) and is replayed in place.
		await page
			.locator( 'nav.tp-pagination a[data-page="2"]' )
			.first()
			.click();
		await page.waitForSelector( 'nav.tp-pagination[data-currentpage="2"]', {
			timeout: 10000,
		} );
	}
	await page.evaluate( () =>
		window.scrollTo( 0, document.body.scrollHeight )
	);
	await page.waitForTimeout( 800 );
}

export async function measureWeights( baseURL, pages ) {
	const browser = await chromium.launch( {
		executablePath: CHROMIUM,
		args: CHROMIUM_FLAGS,
	} );
	const results = [];
	try {
		for ( const [ name, path ] of Object.entries( pages ) ) {
			const context = await browser.newContext( {
				viewport: { width: 360, height: 740 },
				isMobile: true,
				hasTouch: true,
			} );
			const page = await context.newPage();
			const entries = await record( page, baseURL );
			const quiet = watchRequests( page );
			await page.goto( baseURL + path, { waitUntil: 'load' } );
			await quiet();
			// Past the idle strategy's 2 s limit: whatever loads without a visitor has loaded.
			await page.waitForTimeout( 2500 );
			await quiet();
			const before = summarise( [
				...entries,
				...( await inlineScripts( page ) ),
			] );
			await interact( page );
			await quiet();
			const after = summarise( [
				...entries,
				...( await inlineScripts( page ) ),
			] );
			const islands = await page.evaluate( () =>
				Array.from(
					document.querySelectorAll( '[data-tp-island]' ),
					( el ) => el.dataset.tpIsland
				)
			);
			results.push( { name, path, islands, before, after } );
			await context.close();
		}
	} finally {
		await browser.close();
	}
	return results;
}
