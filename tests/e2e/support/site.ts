/**
 * Shared helpers for the e2e specs: what the seeded demo site holds, and small page helpers.
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	type APIRequestContext,
	type Page,
	type Request,
} from '@playwright/test';

/** Seeded by scripts/seed: a page on the plain template, which renders no island. */
export const PAGE_WITHOUT_ISLANDS = '/notice-format-for-buyers/';

export const isMobile = ( page: Page ) =>
	( page.viewportSize()?.width ?? 1280 ) < 768;

/** The path of the newest notice's page. */
export async function firstNoticePath(
	request: APIRequestContext
): Promise< string > {
	const [ notice ] = await (
		await request.get( '/wp-json/wp/v2/tenders?per_page=1' )
	).json();
	return new URL( notice.link ).pathname;
}

/** Where admin-session.setup.ts keeps the administrator's session for the shared e2e server. */
export const ADMIN_STATE = path.join(
	process.cwd(),
	'.wp',
	'e2e-admin-state.json'
);

/**
 * Signs in as the dev site's administrator (.wp/credentials.json) through wp-login.php, and
 * checks that WordPress took the session: the dashboard, not the login screen again (whose
 * `redirect_to` also names wp-admin).
 */
export async function logInThroughForm( page: Page, siteUrl = '' ) {
	const { user, password } = JSON.parse(
		fs.readFileSync(
			path.join( process.cwd(), '.wp', 'credentials.json' ),
			'utf8'
		)
	);
	await page.goto( `${ siteUrl }/wp-login.php` );
	// wp-login.php moves focus to the username field 200 ms after it loads (wp_attempt_focus).
	// Under load that timer fired in the middle of filling the password, whose text then went
	// into the username field: the sign-in was refused and the page stayed on wp-login.php.
	// Filling only after the page has placed focus leaves it nothing to move.
	await expect( page.locator( '#user_login' ) ).toBeFocused();
	await page.fill( '#user_login', user );
	await page.fill( '#user_pass', password );
	await expect( page.locator( '#user_login' ) ).toHaveValue( user );
	await page.click( '#wp-submit' );
	// A server of a test's own answers its first sign-in cold (no opcache, a fresh database
	// copy), slower than the default 5 s under a full run's load.
	try {
		await expect( page ).toHaveURL( /\/wp-admin\/(index\.php)?$/, {
			timeout: 20_000,
		} );
	} catch ( error ) {
		throw new Error(
			`Not signed in; wp-login.php says: ${ await loginError(
				page
			) }\n${ String( error ) }`
		);
	}
	await expect( page.locator( '#wpadminbar' ) ).toBeAttached();
	await closeEditorGuides( page, siteUrl );
}

/**
 * Stores, in the administrator's own preferences (WordPress's `persisted_preferences` user
 * meta, through the REST API), that the block editor's welcome guide was seen. The editor reads
 * its preferences asynchronously: one set in the page after it loaded could be overwritten by
 * the stored ones, and the guide then opened over the editor and hid every region from the
 * tests (the CI run at 2870556 failed so at 360 px). Stored before any editor opens, it never shows.
 */
async function closeEditorGuides( page: Page, siteUrl: string ) {
	const nonce = await (
		await page.request.get(
			`${ siteUrl }/wp-admin/admin-ajax.php?action=rest-nonce`
		)
	).text();
	const saved = await page.request.post(
		`${ siteUrl }/wp-json/wp/v2/users/me`,
		{
			headers: { 'X-WP-Nonce': nonce },
			data: {
				meta: {
					persisted_preferences: {
						'core/edit-post': { welcomeGuide: false },
						_modified: new Date().toISOString(),
					},
				},
			},
		}
	);
	expect( saved.status() ).toBe( 200 );
}

/** The error wp-login.php shows, if any (for the message of a refused sign-in). */
async function loginError( page: Page ) {
	const error = page.locator( '#login_error' );
	return ( await error.count() )
		? ( await error.innerText() ).trim()
		: 'nothing';
}

/**
 * Signs in as the administrator. On the shared e2e server the page takes the session signed in
 * once by admin-session.setup.ts (signing in from parallel workers races, see there); a server of
 * the test's own (its URL) is signed into through the form.
 */
export async function logInAsAdmin( page: Page, siteUrl = '' ) {
	if ( siteUrl ) {
		await logInThroughForm( page, siteUrl );
		return;
	}
	const { cookies } = JSON.parse( fs.readFileSync( ADMIN_STATE, 'utf8' ) );
	await page.context().addCookies( cookies );
}

/**
 * Scrolls to the bottom of the page and, where the page is long enough to pass back-to-top's
 * threshold, waits for that island (on a short page it rightly never loads).
 */
export async function scrollPastBackToTop( page: Page ) {
	const scrollable = await page.evaluate( () => {
		window.scrollTo( 0, document.body.scrollHeight );
		const island = document.querySelector< HTMLElement >(
			'[data-tp-island="back-to-top"]'
		);
		return Boolean(
			island &&
				document.documentElement.scrollHeight - window.innerHeight >
					Number( island.dataset.tpScroll )
		);
	} );
	if ( scrollable ) {
		await waitForIsland( page, 'back-to-top' );
	}
}

/** Waits until the island's runtime state is "mounted". */
export async function waitForIsland( page: Page, island: string ) {
	await expect(
		page.locator( `[data-tp-island="${ island }"]` )
	).toHaveAttribute( 'data-tp-state', 'mounted' );
}

/** Records script requests made by the page (to check what a visitor downloads). */
export function recordScripts( page: Page ): Request[] {
	const scripts: Request[] = [];
	page.on( 'request', ( request ) => {
		if ( request.resourceType() === 'script' ) {
			scripts.push( request );
		}
	} );
	return scripts;
}

/**
 * Total layout shift seen so far. Stricter than CLS: shifts right after input count too, since
 * the islands mount on the first sign of input and must move nothing at all.
 */
export async function observeLayoutShift( page: Page ) {
	await page.addInitScript( () => {
		const shifts = window as unknown as {
			tpShift: number;
			tpCls: number;
			tpShiftSources: string[];
		};
		shifts.tpShift = 0;
		shifts.tpCls = 0;
		shifts.tpShiftSources = [];
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as unknown as Array< {
				value: number;
				hadRecentInput: boolean;
				startTime: number;
				sources?: Array< {
					node?: Node | null;
					previousRect: DOMRectReadOnly;
					currentRect: DOMRectReadOnly;
				} >;
			} > ) {
				shifts.tpShift += entry.value;
				// What moved, for a failing test to name: each source's element and its boxes.
				for ( const source of entry.sources ?? [] ) {
					const node = source.node;
					const element =
						node instanceof Element ? node : node?.parentElement;
					const box = ( rect: DOMRectReadOnly ) =>
						[ rect.x, rect.y, rect.width, rect.height ]
							.map( Math.round )
							.join( ',' );
					shifts.tpShiftSources.push(
						`${ Math.round( entry.startTime ) } ms ${
							element
								? `${ element.tagName.toLowerCase() }.${ [
										...element.classList,
								  ].join( '.' ) }`
								: 'text'
						} ${ box( source.previousRect ) } -> ${ box(
							source.currentRect
						) } (${ entry.value.toFixed( 5 ) }${
							entry.hadRecentInput ? ', after input' : ''
						})`
					);
				}
				// CLS leaves out what moves within 500 ms of a visitor's input; a slow answer
				// lands later than that, so what it moves counts.
				if ( ! entry.hadRecentInput ) {
					shifts.tpCls += entry.value;
				}
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	} );
	return () =>
		page.evaluate(
			() => ( window as unknown as { tpShift: number } ).tpShift
		);
}

/** What moved in each layout shift seen so far, one line per element (see observeLayoutShift()). */
export function layoutShiftSources( page: Page ) {
	return page.evaluate(
		() =>
			( window as unknown as { tpShiftSources: string[] } ).tpShiftSources
	);
}

/** The page's cumulative layout shift as Lighthouse counts it; call observeLayoutShift() first. */
export function cumulativeLayoutShift( page: Page ) {
	return page.evaluate(
		() => ( window as unknown as { tpCls: number } ).tpCls
	);
}

/** Boxes (in page coordinates) of the parts islands live in or next to, to compare before/after mounting. */
export function geometry( page: Page ) {
	return page.evaluate( () => {
		const parts = [
			'.tp-site-header',
			'main',
			'.tp-mobile-menu',
			'.tp-mobile-menu__toggle',
			'.tp-listing__items',
			'nav.tp-pagination',
			'.tp-site-footer',
		];
		return Object.fromEntries(
			parts.map( ( selector ) => {
				const box = document
					.querySelector( selector )
					?.getBoundingClientRect();
				// A part without a box (hidden at this width) has nothing to move.
				if ( ! box || ( box.width === 0 && box.height === 0 ) ) {
					return [ selector, 'hidden' ];
				}
				return [
					selector,
					[
						box.x,
						box.y + window.scrollY,
						box.width,
						box.height,
					].map( ( n ) => Math.round( n ) ),
				];
			} )
		);
	} );
}

/** axe-core's WCAG 2.2 A and AA violations on the page as it is now. */
export async function axeViolations( page: Page ) {
	await waitForStillness( page );
	const results = await new AxeBuilder( { page } )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa' ] )
		.analyze();
	return results.violations;
}

/**
 * Waits until nothing on the page moves, and has stayed so for a quiet period of ten frames: no
 * island still loading (one whose trigger has fired mounts and may then fade in), no CSS
 * transition or animation running, and the scroll position steady (the paginator's scroll is
 * script-driven). axe measures colour contrast as rendered, so a control caught half-faded would
 * be reported against colours no visitor reads.
 *
 * The loop is here, not in page.waitForFunction: that returns as soon as a predicate's promise
 * settles, false included, so an asynchronous check there never waits (this is what let axe
 * catch back to top at 1.17:1 halfway through its fade, now and then, in CI).
 */
export async function waitForStillness( page: Page ) {
	await expect
		.poll(
			() =>
				page.evaluate(
					() =>
						new Promise< boolean >( ( resolve ) => {
							const y = window.scrollY;
							const still = () =>
								window.scrollY === y &&
								! document.querySelector(
									'[data-tp-state="loading"]'
								) &&
								document
									.getAnimations()
									.every(
										( animation ) =>
											animation.playState !== 'running'
									);
							let frames = 0;
							const check = () => {
								if ( ! still() ) {
									resolve( false );
								} else if ( ++frames >= 10 ) {
									resolve( true );
								} else {
									requestAnimationFrame( check );
								}
							};
							requestAnimationFrame( check );
						} )
				),
			{ intervals: [ 0 ], timeout: 15_000 }
		)
		.toBe( true );
}

/**
 * Holds each pagination_request answer for `ms` before letting it through, as a slow network
 * would. Returns how many were held so far, so a test can prove it held what it meant to.
 */
export async function holdPaginationAnswers( page: Page, ms: number ) {
	let held = 0;
	await page.route( /admin-ajax\.php/, async ( route ) => {
		if ( route.request().postData()?.includes( 'pagination_request' ) ) {
			held++;
			await new Promise( ( resolve ) => setTimeout( resolve, ms ) );
		}
		await route.continue();
	} );
	return () => held;
}

/**
 * Holds the requests for an island's chunk until the test releases them, as a slow network
 * would, but for exactly as long as the test needs: what the visitor does before the island
 * arrives surely comes first, however slow the machine running the test is. Returns release().
 */
export async function holdChunk( page: Page, url: string | RegExp ) {
	let release = () => {};
	const released = new Promise< void >(
		( resolve ) => ( release = resolve )
	);
	await page.route( url, async ( route ) => {
		await released;
		await route.continue();
	} );
	return () => release();
}

/**
 * Runs `attempt` until it passes, as expect().toPass() does; when it never does, the error also
 * says what the block editor showed (its accessibility tree, cut short), so a failure seen once in
 * a full run can be understood from the report alone.
 */
export async function passInEditor(
	page: Page,
	attempt: () => Promise< void >,
	timeout = 40_000
): Promise< void > {
	try {
		await expect( attempt ).toPass( { timeout } );
	} catch ( error ) {
		// The whole page: a dialog over the editor (its welcome guide) hides the editor's
		// regions from the accessibility tree, and a snapshot of them alone was empty.
		const seen = await page
			.locator( 'body' )
			.ariaSnapshot( { timeout: 5000 } )
			.catch(
				( reason: unknown ) => `(no snapshot: ${ String( reason ) })`
			);
		throw new Error(
			`${ ( error as Error ).message }\nThe editor showed:\n${ seen.slice(
				0,
				5000
			) }`
		);
	}
}

/**
 * Serves the page at `url` as a cache older than the site would (a CDN's copy): the server's
 * answer, with its HTML changed by `older`. `check` sees the server's answer first (its headers).
 */
export async function serveOlderCopy(
	page: Page,
	url: string,
	older: ( html: string ) => string,
	check: ( headers: Record< string, string > ) => void = () => {}
) {
	await page.route( url, async ( route ) => {
		const response = await route.fetch();
		check( response.headers() );
		const headers = { ...response.headers() };
		delete headers[ 'content-encoding' ];
		delete headers[ 'content-length' ];
		await route.fulfill( {
			response,
			headers,
			body: older( await response.text() ),
		} );
	} );
}

/**
 * Shows the filter fields as a visitor does: on a phone they sit behind the "Filters" disclosure
 * (closed even with filters applied, so the notices come first); from 1024 px they are a column
 * beside the notices, already shown.
 */
export async function openFilters( page: Page ) {
	// After a navigation (a form sent without JavaScript) the summary shows until the page's
	// styles apply: asked before, it was clicked, then hidden under the pointer.
	await page.waitForLoadState();
	const summary = page.locator( '.tp-filters__summary' );
	if (
		( await summary.isVisible() ) &&
		( await page
			.locator( 'details.tp-filters__panel' )
			.getAttribute( 'open' ) ) === null
	) {
		await summary.click();
	}
}
