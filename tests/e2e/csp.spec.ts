/**
 * Islands under a nonce-based Content-Security-Policy. With the cookie tp_e2e_csp, the test site
 * acts like a CSP plugin (scripts/wp/dev-site-mu-plugin.php): a fresh nonce per request, sent in
 * the header and added to every script through WordPress's script attribute filters. Under
 * 'strict-dynamic' the runtime's own tag needs that nonce (Chromium then trusts what it adds);
 * under a nonce alone so does every element the runtime adds: files, preloads and inline code.
 */
import { expect, test, type Page } from '@playwright/test';
import { isMobile, waitForIsland } from './support/site';

const NONCE = "'nonce-([A-Za-z0-9+/=]+)'";
const POLICIES = [
	{
		cookie: '1',
		name: "with 'strict-dynamic'",
		header: new RegExp(
			`^script-src ${ NONCE } 'strict-dynamic'; object-src 'none'; base-uri 'none'$`
		),
	},
	{
		// Nothing trusted by descent: each script and preload the runtime adds needs the nonce.
		cookie: 'nonce-only',
		name: 'with a nonce alone',
		header: new RegExp(
			`^script-src ${ NONCE }; object-src 'none'; base-uri 'none'$`
		),
	},
];

/** Everything the page reports as blocked or broken: CSP violation events and console errors. */
async function recordProblems( page: Page ) {
	const errors: string[] = [];
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	await page.addInitScript( () => {
		const seen: string[] = [];
		( window as unknown as { tpViolations: string[] } ).tpViolations = seen;
		document.addEventListener( 'securitypolicyviolation', ( event ) =>
			seen.push(
				`${ event.effectiveDirective } blocked ${
					event.blockedURI || 'inline code'
				}`
			)
		);
	} );
	return async () => ( {
		errors,
		violations: await page.evaluate(
			() =>
				( window as unknown as { tpViolations: string[] } ).tpViolations
		),
	} );
}

/** Uses each island on the home page the way a visitor would, and waits for it to mount. */
async function useEveryIsland( page: Page ) {
	const menu = page.getByRole( 'navigation', { name: 'Primary' } );
	await ( isMobile( page )
		? menu.locator( 'summary' )
		: menu.getByRole( 'link' ).first()
	).focus();
	await waitForIsland( page, 'mobile-menu' );

	const listing = page.locator( '[data-tp-island="paginator"]' );
	const pageTwo = listing.getByRole( 'link', {
		name: 'Page 2',
		exact: true,
	} );
	await pageTwo.hover();
	await waitForIsland( page, 'paginator' );
	const titles = listing.locator( '.tp-notice-card__title' );
	const firstPage = await titles.allTextContents();
	await page.evaluate( () => {
		( window as unknown as { tpSameDocument: boolean } ).tpSameDocument =
			true;
	} );
	await pageTwo.click();
	await expect( listing.locator( 'nav.tp-pagination' ) ).toHaveAttribute(
		'data-currentpage',
		'2'
	);
	expect( await titles.allTextContents() ).not.toEqual( firstPage );
	expect(
		await page.evaluate(
			() =>
				( window as unknown as { tpSameDocument?: boolean } )
					.tpSameDocument
		),
		'page 2 came in place, not through a new page load'
	).toBe( true );

	// Paging in place scrolls the listing to 160 px below the top, over a second: a scroll to
	// the bottom before that ends would be pulled back up by it (and back-to-top hide again).
	await expect
		.poll( () =>
			listing.evaluate( ( element ) =>
				Math.round( element.getBoundingClientRect().top )
			)
		)
		.toBe( 160 );
	await page.evaluate( () =>
		window.scrollTo( 0, document.body.scrollHeight )
	);
	await waitForIsland( page, 'back-to-top' );
	await expect( page.locator( '.tp-back-to-top__link' ) ).toBeVisible();
}

test.describe( 'islands under a nonce-based Content-Security-Policy', () => {
	for ( const policy of POLICIES ) {
		test( `every island mounts and pages in place, ${ policy.name }, and nothing is blocked`, async ( {
			page,
			baseURL,
		} ) => {
			await page
				.context()
				.addCookies( [
					{ name: 'tp_e2e_csp', value: policy.cookie, url: baseURL! },
				] );
			const problems = await recordProblems( page );

			const response = await page.goto( '/' );
			const header =
				response?.headers()[ 'content-security-policy' ] ?? '';
			const nonce = header.match( policy.header )?.[ 1 ];
			expect( nonce, `the policy sent: "${ header }"` ).toBeTruthy();

			await useEveryIsland( page );

			expect( await problems() ).toEqual( {
				errors: [],
				violations: [],
			} );
			// Every script on the page, the runtime and what it added later, carries this request's nonce.
			const scripts = await page.evaluate( () =>
				Array.from( document.scripts )
					.filter( ( script ) => script.type !== 'application/json' )
					.map( ( script ) => ( {
						id: script.id,
						nonce: script.nonce,
					} ) )
			);
			expect( scripts.map( ( script ) => script.id ) ).toEqual(
				expect.arrayContaining( [
					'tenderpress-runtime',
					'react-js',
					'wp-element-js',
					'wp-i18n-js-after',
					'wp-api-fetch-js',
					'wp-api-fetch-js-after',
				] )
			);
			expect(
				scripts.filter( ( script ) => script.nonce !== nonce )
			).toEqual( [] );
		} );
	}

	test( 'the policy is sent only to a browser that asks for it with the cookie', async ( {
		request,
	} ) => {
		const response = await request.get( '/' );
		expect( response.ok() ).toBe( true );
		expect(
			response.headers()[ 'content-security-policy' ]
		).toBeUndefined();
		expect( await response.text() ).not.toContain( 'nonce=' );
	} );
} );
