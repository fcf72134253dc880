/**
 * Issue 25: markup typed into a post by people without `unfiltered_html` (Authors, Contributors)
 * must never steer the islands runtime. WordPress's content filter keeps `id` and `data-*`, so
 * the post below forges the runtime's config, islands of its own (one with props), module URLs
 * on another origin and as `data:`, the id WordPress gives a printed script (`wp-element-js`,
 * which would stop React from loading) and the runtime's own id. None of it may run, load or
 * mount, for an anonymous visitor of the published post (with and without a 'strict-dynamic'
 * Content-Security-Policy) or for the administrator previewing a Contributor's draft; the page's
 * real islands, one of them in the same post, still mount.
 */
import {
	expect,
	request as requestContext,
	test,
	type APIRequestContext,
	type Page,
	type TestInfo,
} from '@playwright/test';
import {
	ADMIN_STATE,
	isMobile,
	logInAsAdmin,
	waitForIsland,
} from './support/site';

const FOREIGN = 'https://forged.example';

/** A config for the runtime, as an Author can type it: inline code, a foreign and a data: module. */
const FORGED_CONFIG = JSON.stringify( {
	mount: '/',
	islands: {
		x: { module: '/', scripts: [ 'q' ], preload: [] },
		y: {
			module: `${ FOREIGN }/island.js`,
			scripts: [],
			preload: [ `${ FOREIGN }/preload.js` ],
		},
		z: {
			module: 'data:text/javascript,window.PWNED_DATA=1;export default{component(){return null}}',
			scripts: [],
		},
	},
	scripts: { q: { before: 'window.PWNED = location.host' } },
} );

/** The post: the payload word for word, the variants, and a real listing (an island). */
const CONTENT = [
	// A forged config (a <pre>) that also names modules elsewhere; its islands load at once. It
	// comes first, so the runtime of before the fix read it (and ran every variant).
	`<pre id="tenderpress-islands" class="tp-forged">${ FORGED_CONFIG.replace(
		/</g,
		'&lt;'
	) }</pre>`,
	// The report, word for word.
	'<p><code id="tenderpress-islands">{"mount":"/","islands":{"x":{"module":"/","scripts":["q"],"preload":[]}},"scripts":{"q":{"before":"window.PWNED = location.host"}}}</code><span data-tp-island="x" data-tp-when="load"></span></p>',
	'<p class="tp-forged"><span class="tp-forged" data-tp-island="y" data-tp-when="load" data-tp-instance="y"></span><span class="tp-forged" data-tp-island="z" data-tp-when="load"></span></p>',
	// A forged paginator with its own props, as a script (which the filter drops) and as a look-alike.
	'<div class="tp-forged" data-tp-island="paginator" data-tp-when="load" data-tp-instance="1"><script type="application/json" data-tp-props>{"forged":true}</script><code data-tp-props>{"forged":true}</code><a href="#">Page 2</a></div>',
	// Ids the runtime looked up: a printed script (React "already there") and the runtime's own.
	'<p><span id="wp-element-js"></span><span id="react-js"></span><span id="tenderpress-runtime" nonce="forged"></span></p>',
	// A real island in the same post: the server renders it, so it mounts.
	'<!-- wp:tenderpress/listing {"perPage":2} /-->',
].join( '\n' );

interface Writer {
	username: string;
	password: string;
}

async function restNonce( context: APIRequestContext ) {
	return (
		await context.get( '/wp-admin/admin-ajax.php?action=rest-nonce' )
	).text();
}

/** A new user of that role, made through WordPress's REST API by the administrator. */
async function createUser(
	baseURL: string,
	role: 'author' | 'contributor',
	testInfo: TestInfo
): Promise< Writer > {
	const tag = `${ role }-${ testInfo.project.name }-${
		testInfo.workerIndex
	}-${ Date.now() }`;
	const writer = { username: `e2e-${ tag }`, password: `Pass ${ tag }!` };
	const admin = await requestContext.newContext( {
		baseURL,
		storageState: ADMIN_STATE,
	} );
	const created = await admin.post( '/wp-json/wp/v2/users', {
		headers: { 'X-WP-Nonce': await restNonce( admin ) },
		data: {
			...writer,
			email: `e2e-${ tag }@example.com`,
			roles: [ role ],
		},
	} );
	expect( created.status() ).toBe( 201 );
	expect(
		( await created.json() ).capabilities?.unfiltered_html
	).toBeFalsy();
	await admin.dispose();
	return writer;
}

/** Signs the user in through wp-login.php and writes the post through the REST API, as the editor does. */
async function writePost(
	baseURL: string,
	writer: Writer,
	status: 'publish' | 'draft'
): Promise< { id: number; link: string } > {
	const session = await requestContext.newContext( { baseURL } );
	// wp-login.php sets its test cookie on the form's page first.
	await session.get( '/wp-login.php' );
	const signedIn = await session.post( '/wp-login.php', {
		headers: { Origin: baseURL },
		form: {
			log: writer.username,
			pwd: writer.password,
			'wp-submit': 'Log In',
			testcookie: '1',
			redirect_to: `${ baseURL }/wp-admin/`,
		},
	} );
	expect( new URL( signedIn.url() ).pathname ).toMatch( /^\/wp-admin\// );
	const saved = await session.post( '/wp-json/wp/v2/posts', {
		headers: { 'X-WP-Nonce': await restNonce( session ) },
		data: {
			title: `Forged islands ${ writer.username }`,
			content: CONTENT,
			status,
		},
	} );
	expect( saved.status() ).toBe( 201 );
	const post = await saved.json();
	await session.dispose();
	return { id: post.id, link: post.link };
}

/** Watches the page: requests to the foreign origin, and every island that mounts. */
async function watch( page: Page ) {
	const foreign: string[] = [];
	page.on( 'request', ( request ) => {
		if ( request.url().startsWith( FOREIGN ) ) {
			foreign.push( request.url() );
		}
	} );
	// Were the forged module fetched, it would run: the test must see that, not a network error.
	await page.route( `${ FOREIGN }/**`, ( route ) =>
		route.fulfill( {
			contentType: 'text/javascript',
			body: 'window.PWNED_FOREIGN = 1; export default { component() { return null; } };',
		} )
	);
	await page.addInitScript( () => {
		const seen: string[] = [];
		( window as unknown as { tpMounted: string[] } ).tpMounted = seen;
		document.addEventListener( 'tenderpress:island-mounted', ( event ) => {
			const target = event.target as HTMLElement;
			seen.push(
				`${ target.dataset.tpIsland }${
					target.closest( '.tp-forged' ) ? ' (forged)' : ''
				}`
			);
		} );
	} );
	return { foreign };
}

/** The page's real islands mount: the header's menu and the listing in the post. */
async function realIslandsMount( page: Page ) {
	const menu = page.getByRole( 'navigation', { name: 'Primary' } );
	await ( isMobile( page )
		? menu.locator( 'summary' )
		: menu.getByRole( 'link' ).first()
	).focus();
	await waitForIsland( page, 'mobile-menu' );

	const listing = page.locator( '.tp-paginator:not(.tp-forged)' );
	// A keyboard visitor reaching a page link (a pointer over it works too, but on the phone
	// width the post's wide listing lies under the header there).
	await listing.getByRole( 'link', { name: 'Page 2', exact: true } ).focus();
	await expect( listing ).toHaveAttribute( 'data-tp-state', 'mounted' );
}

/** Nothing the post forged ran, loaded or mounted. */
async function nothingForgedRan( page: Page, foreign: string[] ) {
	expect(
		await page.evaluate( () => {
			const globals = window as unknown as Record< string, unknown >;
			return {
				PWNED: globals.PWNED,
				PWNED_DATA: globals.PWNED_DATA,
				PWNED_FOREIGN: globals.PWNED_FOREIGN,
				mounted: ( globals.tpMounted as string[] ).filter( ( island ) =>
					island.includes( 'forged' )
				),
				forgedStates: Array.from(
					document.querySelectorAll< HTMLElement >(
						'.tp-forged[data-tp-island], .tp-forged [data-tp-island], [data-tp-island="x"]'
					)
				)
					.map( ( element ) => element.dataset.tpState )
					.filter( Boolean ),
			};
		} )
	).toEqual( {
		PWNED: undefined,
		PWNED_DATA: undefined,
		PWNED_FOREIGN: undefined,
		mounted: [],
		forgedStates: [],
	} );
	expect( foreign ).toEqual( [] );
}

test.describe( 'markup an Author or a Contributor types into a post', () => {
	test.describe.configure( { timeout: 90_000 } );

	test( 'the published post runs none of it for a visitor, and its real islands mount', async ( {
		page,
		baseURL,
	}, testInfo ) => {
		const author = await createUser( baseURL!, 'author', testInfo );
		const post = await writePost( baseURL!, author, 'publish' );
		const { foreign } = await watch( page );

		await page.goto( new URL( post.link ).pathname );
		// The filter kept what the runtime looked up: the forgery reached the page.
		await expect(
			page.locator( 'pre#tenderpress-islands, code#tenderpress-islands' )
		).toHaveCount( 2 );
		await expect( page.locator( 'span#wp-element-js' ) ).toHaveCount( 1 );

		await realIslandsMount( page );
		await nothingForgedRan( page, foreign );
	} );

	test( "the published post runs none of it under a 'strict-dynamic' Content-Security-Policy", async ( {
		page,
		baseURL,
	}, testInfo ) => {
		const author = await createUser( baseURL!, 'author', testInfo );
		const post = await writePost( baseURL!, author, 'publish' );
		await page
			.context()
			.addCookies( [
				{ name: 'tp_e2e_csp', value: '1', url: baseURL! },
			] );
		const { foreign } = await watch( page );

		const response = await page.goto( new URL( post.link ).pathname );
		expect(
			response?.headers()[ 'content-security-policy' ] ?? ''
		).toContain( "'strict-dynamic'" );

		await realIslandsMount( page );
		await nothingForgedRan( page, foreign );
	} );

	test( 'the administrator previewing a Contributor’s draft runs none of it', async ( {
		page,
		baseURL,
	}, testInfo ) => {
		const contributor = await createUser(
			baseURL!,
			'contributor',
			testInfo
		);
		const draft = await writePost( baseURL!, contributor, 'draft' );
		await logInAsAdmin( page );
		const { foreign } = await watch( page );

		await page.goto( `/?p=${ draft.id }&preview=true` );
		await expect( page.locator( '#wpadminbar' ) ).toBeAttached();
		await expect( page.locator( 'code#tenderpress-islands' ) ).toHaveCount(
			1
		);

		await realIslandsMount( page );
		await nothingForgedRan( page, foreign );
	} );
} );
