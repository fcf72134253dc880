/**
 * The account popups on the seeded site's real WordPress accounts: sign in, a wrong password,
 * lost password (its e-mail caught by the site's SMTP server, support/mail.ts), the e-mailed link's reset
 * popup, popup-selector links, the fresh token, axe and the keyboard, and the links without
 * JavaScript.
 */
import {
	expect,
	request as requestContext,
	test,
	type Page,
	type TestInfo,
} from '@playwright/test';
import { awaitMail } from './support/mail';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
	ADMIN_STATE,
	axeViolations,
	logInAsAdmin,
	waitForIsland,
} from './support/site';

interface Account {
	username: string;
	email: string;
	password: string;
	name: string;
}

/** A new subscriber made through WordPress's REST API by the administrator. */
async function createAccount(
	testInfo: TestInfo,
	baseURL: string
): Promise< Account > {
	const tag = `${ testInfo.project.name }-${
		testInfo.workerIndex
	}-${ Date.now() }`;
	const account = {
		username: `e2e-${ tag }`,
		email: `e2e-${ tag }@example.com`,
		password: `Old pass ${ tag }!`,
		name: `Visitor ${ tag.slice( -6 ) }`,
	};
	const admin = await requestContext.newContext( {
		baseURL,
		storageState: ADMIN_STATE,
	} );
	const nonce = await (
		await admin.get( '/wp-admin/admin-ajax.php?action=rest-nonce' )
	).text();
	const created = await admin.post( '/wp-json/wp/v2/users', {
		headers: { 'X-WP-Nonce': nonce },
		data: {
			username: account.username,
			email: account.email,
			password: account.password,
			name: account.name,
			roles: [ 'subscriber' ],
		},
	} );
	expect( created.status() ).toBe( 201 );
	await admin.dispose();
	return account;
}

/** The message the site sent to `to`, once it has arrived. */
const mailTo = ( to: string ) =>
	awaitMail( ( mail ) => mail.to.includes( to ) );

const trigger = ( page: Page ) =>
	page
		.locator( '[data-tp-island="account"]' )
		.getByRole( 'link', { name: 'Sign in' } );
const dialog = ( page: Page, name: string ) =>
	page.getByRole( 'dialog', { name } );

/** Opens the login popup from the header's trigger. */
async function openLogin( page: Page ) {
	await trigger( page ).click();
	await expect( dialog( page, 'Sign in' ) ).toBeVisible();
	await expect(
		dialog( page, 'Sign in' ).getByLabel( 'Username or e-mail address' )
	).toBeFocused();
}

async function signIn( page: Page, login: string, password: string ) {
	const popup = dialog( page, 'Sign in' );
	await popup.getByLabel( 'Username or e-mail address' ).fill( login );
	await popup.getByLabel( 'Password', { exact: true } ).fill( password );
	await popup.getByRole( 'button', { name: 'Sign in' } ).click();
}

/** Tab and Shift+Tab, a dozen times each, never take focus out of the open dialog. */
async function expectFocusStaysInside( page: Page ) {
	for ( const key of [ 'Tab', 'Shift+Tab' ] ) {
		for ( let press = 0; press < 12; press++ ) {
			await page.keyboard.press( key );
			expect(
				await page.evaluate( () =>
					// eslint-disable-next-line @wordpress/no-global-active-element -- the page's focus, read in the browser.
					Boolean( document.activeElement?.closest( 'dialog[open]' ) )
				),
				`${ key } ×${ press + 1 }`
			).toBe( true );
		}
	}
}

/**
 * Follows the e-mailed reset link and proves the key never reached the address bar or the page:
 * every address the tab showed, the page's HTML, and the headers that keep it out of caches and
 * Referers.
 */
async function openResetLink( page: Page, link: string ) {
	const key = new URL( link ).searchParams.get( 'key' );
	expect( key ).toMatch( /^\w{10,}$/ );
	const shown: string[] = [];
	const onNavigated = ( frame: import('@playwright/test').Frame ) => {
		if ( frame === page.mainFrame() ) {
			shown.push( frame.url() );
		}
	};
	page.on( 'framenavigated', onNavigated );
	const response = await page.goto( link );
	page.off( 'framenavigated', onNavigated );
	expect( response!.status() ).toBe( 200 );
	const redirect = response!.request().redirectedFrom();
	expect( redirect, 'The server redirected before any HTML.' ).toBeTruthy();
	expect( redirect!.url() ).toContain( key! );
	expect( response!.url() ).not.toMatch( /key=|login=/ );
	for ( const url of shown ) {
		expect( url, 'No address the tab showed holds the key.' ).not.toContain(
			key!
		);
	}
	expect( await response!.text() ).not.toContain( key! );
	const headers = response!.headers();
	expect( headers[ 'cache-control' ] ).toContain( 'no-store' );
	expect( headers[ 'referrer-policy' ] ).toBe( 'no-referrer' );
	return key!;
}

/** Asks for a reset link through the lost-password popup; returns the e-mailed link. */
async function requestResetLink(
	page: Page,
	account: Account,
	baseURL: string
) {
	await page.goto( '/' );
	await openLogin( page );
	await dialog( page, 'Sign in' )
		.getByRole( 'link', { name: 'Lost your password?' } )
		.click();
	const lost = dialog( page, 'Lost password' );
	await lost.getByLabel( 'Username or e-mail address' ).fill( account.email );
	await lost.getByRole( 'button', { name: 'Get a new password' } ).click();
	await expect( lost.getByRole( 'status' ) ).toContainText(
		'If an account matches'
	);
	const mail = await mailTo( account.email );
	const link = /https?:\/\/\S*tenderpress-resetpassword=1\S*/.exec(
		mail.message
	)?.[ 0 ];
	expect( link ).toBeTruthy();
	expect( new URL( link! ).origin ).toBe( new URL( baseURL ).origin );
	return link!;
}

const signedIn = ( page: Page, account: Account ) =>
	expect( page.locator( '.tp-account--signed-in' ) ).toContainText(
		`Signed in as ${ account.name }`
	);

test.describe( 'account popups', () => {
	test( 'a wrong password is refused in the popup; the right one signs in and shows the signed-in state', async ( {
		page,
		baseURL,
	}, testInfo ) => {
		const account = await createAccount( testInfo, baseURL! );
		await page.goto( '/' );
		await openLogin( page );
		expect( await axeViolations( page ) ).toEqual( [] );

		await signIn( page, account.username, 'not the password' );
		const popup = dialog( page, 'Sign in' );
		await expect( popup.getByRole( 'alert' ) ).toHaveText(
			'The username or password is incorrect.'
		);
		for ( const field of [ 'Username or e-mail address', 'Password' ] ) {
			await expect(
				popup.getByLabel( field, { exact: true } )
			).toHaveAttribute( 'aria-invalid', 'true' );
			await expect(
				popup.getByLabel( field, { exact: true } )
			).toHaveAccessibleDescription(
				'The username or password is incorrect.'
			);
		}
		expect( await axeViolations( page ) ).toEqual( [] );

		// Show password, then sign in with the e-mail address and the right password.
		const password = popup.getByLabel( 'Password', { exact: true } );
		await popup.getByRole( 'button', { name: 'Show password' } ).click();
		await expect( password ).toHaveAttribute( 'type', 'text' );
		await signIn( page, account.email, account.password );
		await expect( page ).toHaveURL( /\/$/ );
		await signedIn( page, account );
		await expect(
			page.getByRole( 'link', { name: 'Log out' } )
		).toHaveAttribute( 'href', /wp-login\.php\?action=logout/ );
		await expect( trigger( page ) ).toHaveCount( 0 );
	} );

	test( 'with the keyboard: Enter opens the popup as the island loads, focus stays inside, Escape closes it back onto the trigger', async ( {
		page,
	} ) => {
		await page.goto( '/' );
		await trigger( page ).focus();
		await page.keyboard.press( 'Enter' );
		const popup = dialog( page, 'Sign in' );
		await expect( popup ).toBeVisible();
		await expect(
			popup.getByLabel( 'Username or e-mail address' )
		).toBeFocused();
		await expectFocusStaysInside( page );
		await page.keyboard.press( 'Escape' );
		await expect( popup ).toBeHidden();
		await expect( trigger( page ) ).toBeFocused();

		// The close button too; an empty form names what is missing, field by field.
		await page.keyboard.press( 'Enter' );
		await expect( popup ).toBeVisible();
		await popup.getByRole( 'button', { name: 'Sign in' } ).press( 'Enter' );
		const username = popup.getByLabel( 'Username or e-mail address' );
		await expect( username ).toBeFocused();
		await expect( username ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( username ).toHaveAccessibleDescription(
			'Fill in this field.'
		);
		await popup.getByRole( 'button', { name: 'Close' } ).press( 'Enter' );
		await expect( popup ).toBeHidden();
		await expect( trigger( page ) ).toBeFocused();
	} );

	test( 'the lost-password and new-password popups a link opens: axe clean, focus inside, Escape or Close puts focus on the trigger', async ( {
		page,
	} ) => {
		for ( const [ query, name, first, close ] of [
			[
				'tenderpress-lostpassword=1',
				'Lost password',
				'Username or e-mail address',
				'Escape',
			],
			[
				'tenderpress-resetpassword=1&key=abc123&login=someone',
				'Choose a new password',
				'New password',
				'Close',
			],
		] as const ) {
			await page.goto( `/?${ query }` );
			const popup = dialog( page, name );
			await expect(
				popup.getByLabel( first, { exact: true } )
			).toBeFocused();
			expect( await axeViolations( page ) ).toEqual( [] );
			await expectFocusStaysInside( page );
			if ( close === 'Escape' ) {
				await page.keyboard.press( 'Escape' );
			} else {
				await popup
					.getByRole( 'button', { name: 'Close' } )
					.press( 'Enter' );
			}
			await expect( popup ).toBeHidden();
			await expect( trigger( page ) ).toBeFocused();
		}
	} );

	test( 'lost password: the e-mailed link opens the reset popup; the new password works, the old one and the used link do not', async ( {
		page,
		browser,
		baseURL,
	}, testInfo ) => {
		const account = await createAccount( testInfo, baseURL! );
		await page.goto( '/' );
		await openLogin( page );
		await dialog( page, 'Sign in' )
			.getByRole( 'link', { name: 'Lost your password?' } )
			.click();
		const lost = dialog( page, 'Lost password' );
		await expect(
			lost.getByLabel( 'Username or e-mail address' )
		).toBeFocused();
		expect( await axeViolations( page ) ).toEqual( [] );
		await lost
			.getByLabel( 'Username or e-mail address' )
			.fill( account.email );
		await lost
			.getByRole( 'button', { name: 'Get a new password' } )
			.click();
		await expect( lost.getByRole( 'status' ) ).toContainText(
			'If an account matches'
		);

		const mail = await mailTo( account.email );
		const link = /https?:\/\/\S*tenderpress-resetpassword=1\S*/.exec(
			mail.message
		)?.[ 0 ];
		expect( link ).toBeTruthy();
		expect( new URL( link! ).origin ).toBe( new URL( baseURL! ).origin );

		// The key never reaches the address bar, the page or a Referer.
		await openResetLink( page, link! );
		const reset = dialog( page, 'Choose a new password' );
		await expect( reset ).toBeVisible();
		await expect(
			reset.getByLabel( 'New password', { exact: true } )
		).toBeFocused();
		expect( page.url() ).not.toMatch( /key=|login=|popup-selector/ );
		expect( await axeViolations( page ) ).toEqual( [] );

		const newPassword = `New pass ${ Date.now() } for ${
			account.username
		}`;
		await reset
			.getByLabel( 'New password', { exact: true } )
			.fill( newPassword );
		await expect( reset.getByText( /^Strength: / ) ).toHaveText(
			'Strength: strong'
		);
		await reset
			.getByLabel( 'Confirm new password', { exact: true } )
			.fill( `${ newPassword }x` );
		await reset.getByRole( 'button', { name: 'Save password' } ).click();
		await expect(
			reset.getByLabel( 'Confirm new password', { exact: true } )
		).toHaveAccessibleDescription( 'The passwords do not match.' );
		await reset
			.getByLabel( 'Confirm new password', { exact: true } )
			.fill( newPassword );
		await reset.getByRole( 'button', { name: 'Save password' } ).click();

		const login = dialog( page, 'Sign in' );
		await expect( login.getByRole( 'status' ) ).toHaveText(
			'Your password has been changed. You can log in with it now.'
		);

		// The old password no longer works (another visitor's browser, no cookies).
		const other = await browser.newContext();
		const otherPage = await other.newPage();
		await otherPage.goto( '/' );
		await openLogin( otherPage );
		await signIn( otherPage, account.username, account.password );
		await expect(
			dialog( otherPage, 'Sign in' ).getByRole( 'alert' )
		).toHaveText( 'The username or password is incorrect.' );
		// The link worked once.
		await otherPage.goto( link! );
		const again = dialog( otherPage, 'Choose a new password' );
		await again
			.getByLabel( 'New password', { exact: true } )
			.fill( 'Another one 12345!' );
		await again
			.getByLabel( 'Confirm new password', { exact: true } )
			.fill( 'Another one 12345!' );
		await again.getByRole( 'button', { name: 'Save password' } ).click();
		await expect( again.getByRole( 'alert' ) ).toHaveText(
			'This link has expired or is not valid. Ask for a new one.'
		);
		await other.close();

		await signIn( page, account.username, newPassword );
		await signedIn( page, account );
	} );

	test( 'a popup-selector link opens its popup and clicks the element it names about 300 ms later, underscores as spaces', async ( {
		page,
	} ) => {
		await page.addInitScript( () => {
			const log: Array< { target: string; at: number } > = [];
			( window as unknown as { tpClicks: typeof log } ).tpClicks = log;
			document.addEventListener(
				'click',
				( event ) => {
					if (
						! event.isTrusted &&
						event.target instanceof Element
					) {
						log.push( {
							target: event.target.closest( 'main' )
								? event.target.tagName
								: 'elsewhere',
							at: performance.now(),
						} );
					}
				},
				true
			);
			// The moment the popup opens, taken in showModal() itself: a MutationObserver would
			// report it only after the rest of React's effects in that task, so late on a busy
			// machine, and the click's delay would look shorter than it was.
			const showModal = HTMLDialogElement.prototype.showModal;
			HTMLDialogElement.prototype.showModal = function () {
				const opened = window as unknown as { tpOpenedAt?: number };
				opened.tpOpenedAt ??= performance.now();
				showModal.call( this );
			};
		} );
		await page.goto(
			'/?tenderpress-lostpassword=1&popup-selector=%23main_h1'
		);
		await expect( dialog( page, 'Lost password' ) ).toBeVisible();
		await expect
			.poll( () =>
				page.evaluate(
					() =>
						( window as unknown as { tpClicks: unknown[] } )
							.tpClicks.length
				)
			)
			.toBe( 1 );
		const { clicks, openedAt } = await page.evaluate( () => ( {
			clicks: (
				window as unknown as {
					tpClicks: Array< { target: string; at: number } >;
				}
			 ).tpClicks,
			openedAt: ( window as unknown as { tpOpenedAt: number } )
				.tpOpenedAt,
		} ) );
		expect( clicks[ 0 ]!.target ).toBe( 'H1' );
		const delay = clicks[ 0 ]!.at - openedAt;
		expect( delay ).toBeGreaterThanOrEqual( 250 );
		expect( delay ).toBeLessThan( 1500 );
		expect( page.url() ).not.toContain( 'popup-selector' );
	} );

	test( 'a popup-selector that does not start with a letter, "." or "#" clicks nothing', async ( {
		page,
	} ) => {
		await page.addInitScript( () => {
			const log: string[] = [];
			( window as unknown as { tpClicks: string[] } ).tpClicks = log;
			document.addEventListener(
				'click',
				( event ) => {
					if ( ! event.isTrusted ) {
						log.push(
							String( ( event.target as Element )?.tagName )
						);
					}
				},
				true
			);
		} );
		for ( const selector of [ '*', '%5Bid%5D', '1main', '>h1' ] ) {
			await page.goto(
				`/?tenderpress-lostpassword=1&popup-selector=${ selector }`
			);
			await expect( dialog( page, 'Lost password' ) ).toBeVisible();
			await page.waitForTimeout( 800 );
			expect(
				await page.evaluate(
					() =>
						( window as unknown as { tpClicks: string[] } ).tpClicks
				)
			).toEqual( [] );
		}
	} );

	test( "without JavaScript the trigger and the e-mailed link lead to WordPress's own screens", async ( {
		browser,
	}, testInfo ) => {
		const context = await browser.newContext( {
			...testInfo.project.use,
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( '/' );
		const link = trigger( page );
		await expect( link ).toHaveAttribute(
			'href',
			/\/wp-login\.php\?redirect_to=/
		);
		await link.click();
		await expect( page ).toHaveURL( /\/wp-login\.php/ );
		await expect( page.locator( '#loginform' ) ).toBeVisible();

		await page.goto(
			'/?tenderpress-resetpassword=1&popup-selector=%23tenderpress-resetpassword&key=abc123&login=someone'
		);
		expect( page.url() ).not.toMatch( /abc123|someone/ );
		await expect(
			page.getByRole( 'link', { name: 'Choose your new password' } )
		).toHaveAttribute( 'href', /\/wp-login\.php\?action=rp$/ );
		expect( await page.content() ).not.toMatch( /abc123/ );
		await context.close();
	} );
} );

test.describe( 'the e-mailed reset link without JavaScript', () => {
	test( "leads to WordPress's reset form, which takes the key from its cookie; the new password works", async ( {
		page,
		browser,
		baseURL,
	}, testInfo ) => {
		const account = await createAccount( testInfo, baseURL! );
		const link = await requestResetLink( page, account, baseURL! );

		const context = await browser.newContext( {
			...testInfo.project.use,
			javaScriptEnabled: false,
		} );
		const noJs = await context.newPage();
		const key = await openResetLink( noJs, link );
		await noJs
			.getByRole( 'link', { name: 'Choose your new password' } )
			.click();
		await expect( noJs ).toHaveURL( /\/wp-login\.php\?action=rp$/ );
		await expect( noJs.locator( '#resetpassform' ) ).toBeVisible();
		const newPassword = `No-JS pass ${ Date.now() } for ${
			account.username
		}`;
		await noJs.locator( '#pass1' ).fill( newPassword );
		if ( await noJs.locator( '#pass2' ).isVisible() ) {
			await noJs.locator( '#pass2' ).fill( newPassword );
		}
		await noJs.locator( '#wp-submit' ).click();
		await expect(
			noJs.locator( '.message, .notice' ).first()
		).toContainText( 'Your password has been reset' );
		expect( noJs.url() ).not.toContain( key );
		await context.close();

		await page.goto( '/' );
		await openLogin( page );
		await signIn( page, account.username, newPassword );
		await signedIn( page, account );
	} );
} );

test.describe( 'the fresh token', () => {
	let site: OwnServer;

	test.afterAll( async () => {
		await site?.stop();
	} );

	/** The account actions a page sends to admin-ajax, by name. */
	function recordActions( page: Page ) {
		const actions: string[] = [];
		page.on( 'request', ( request ) => {
			if (
				request.url().includes( 'admin-ajax.php' ) &&
				request.method() === 'POST'
			) {
				actions.push(
					new URLSearchParams( request.postData() ?? '' ).get(
						'action'
					) ?? ''
				);
			}
		} );
		return actions;
	}

	test( 'is asked for once per page load, and its nonce signs the forms; turned off, it is never asked for', async ( {
		page,
		browser,
	}, testInfo ) => {
		testInfo.setTimeout( 120000 );
		// The page as a cache would serve it days later: its own nonce no longer valid.
		await page.route( /\/$/, async ( route ) => {
			const response = await route.fetch();
			const html = ( await response.text() ).replace(
				/"nonce":"[0-9a-f]+"/,
				'"nonce":"0bad0bad00"'
			);
			expect( html ).toContain( '"nonce":"0bad0bad00"' );
			await route.fulfill( { response, body: html } );
		} );
		const actions = recordActions( page );
		await page.goto( '/' );
		await openLogin( page );
		// Refused for the password, not for an expired form: the fresh nonce signed it.
		for ( const login of [ 'nobody-here', 'nobody-either' ] ) {
			const answered = page.waitForResponse( ( response ) =>
				Boolean(
					response.request().postData()?.includes( `log=${ login }` )
				)
			);
			await signIn( page, login, 'wrong' );
			await answered;
			await expect(
				dialog( page, 'Sign in' ).getByRole( 'alert' )
			).toHaveText( 'The username or password is incorrect.' );
		}
		expect( actions ).toEqual( [
			'tenderpress_get_token',
			'tenderpress_login',
			'tenderpress_login',
		] );

		site = await startOwnServer(
			Number( process.env.E2E_PORT || 8891 ) + 50 + testInfo.workerIndex,
			`account-${ testInfo.workerIndex }`
		);
		const admin = await browser.newPage();
		await logInAsAdmin( admin, site.url );
		await admin.goto(
			`${ site.url }/wp-admin/options-general.php?page=tenderpress&tab=signin`
		);
		await admin.getByLabel( 'Fresh form token for cached pages' ).uncheck();
		await admin.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( admin.getByText( 'Settings saved.' ) ).toBeVisible();
		await admin.close();

		const visitor = await browser.newPage();
		const without = recordActions( visitor );
		await visitor.goto( `${ site.url }/` );
		await openLogin( visitor );
		await waitForIsland( visitor, 'account' );
		await signIn( visitor, 'nobody-here', 'wrong' );
		await expect(
			dialog( visitor, 'Sign in' ).getByRole( 'alert' )
		).toHaveText( 'The username or password is incorrect.' );
		expect( without ).toEqual( [ 'tenderpress_login' ] );
		await visitor.close();
	} );
} );
