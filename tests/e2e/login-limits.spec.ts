/**
 * Sign-in limits an attacker cannot turn against the owner, in Chromium on a server of the
 * test's own (the shared server's `admin` must not be paused for the other tests). The site is
 * set up as one behind a proxy: loopback is a trusted proxy, so the attacker's requests can
 * come "from" several addresses through X-Forwarded-For, as they would through a real proxy.
 * An attacker's wrong passwords for `admin` from three addresses pause the account; the owner's
 * browser, which signed in before, still signs in with the right password, a fresh browser is
 * refused, and the e-mailed unlock link lets a fresh browser sign in.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
	expect,
	request as requestContext,
	test,
	type Page,
} from '@playwright/test';
import { awaitMail, type Mail } from './support/mail';
import { startOwnServer, type OwnServer } from './support/own-server';
import { logInThroughForm } from './support/site';

const { user: ADMIN, password: PASSWORD } = JSON.parse(
	fs.readFileSync(
		path.join( process.cwd(), '.wp', 'credentials.json' ),
		'utf8'
	)
);

/** The unlock link mailed by the site at `siteUrl` since `since` (ms), once it has arrived. */
async function unlockLink( siteUrl: string, since: number ): Promise< string > {
	const link = ( mail: Mail ) =>
		mail.message.match(
			/https?:\/\/\S+action=tenderpress_unlock\S*/
		)?.[ 0 ] ?? '';
	return link(
		await awaitMail( ( mail ) => link( mail ).startsWith( siteUrl ), since )
	);
}

/** Signs in through the header's popup; resolves once the site has answered. */
async function signInWithPopup( page: Page, siteUrl: string ) {
	await page.goto( `${ siteUrl }/` );
	await page
		.locator( '[data-tp-island="account"]' )
		.getByRole( 'link', { name: 'Sign in' } )
		.click();
	const popup = page.getByRole( 'dialog', { name: 'Sign in' } );
	await popup.getByLabel( 'Username or e-mail address' ).fill( ADMIN );
	await popup.getByLabel( 'Password', { exact: true } ).fill( PASSWORD );
	const answered = page.waitForResponse(
		( response ) =>
			response.url().includes( 'admin-ajax.php' ) &&
			Boolean(
				response.request().postData()?.includes( 'tenderpress_login' )
			)
	);
	await popup.getByRole( 'button', { name: 'Sign in' } ).click();
	return ( await answered ).status();
}

test.describe( 'sign-in limits', () => {
	let site: OwnServer;

	test.afterAll( async () => {
		await site?.stop();
	} );

	test( "an attacker's guessing pauses admin for new browsers only; the owner's browser signs in, and the unlock e-mail lets a new one", async ( {
		browser,
	}, testInfo ) => {
		testInfo.setTimeout( 180000 );
		site = await startOwnServer(
			Number( process.env.E2E_PORT || 8891 ) + 70 + testInfo.workerIndex,
			`login-limits-${ testInfo.workerIndex }`
		);
		const started = Date.now();

		// The owner signs in through wp-login.php (the browser gets its device cookie), sets
		// loopback as the trusted proxy, and signs out.
		const owner = await browser.newContext( testInfo.project.use );
		const ownerPage = await owner.newPage();
		await logInThroughForm( ownerPage, site.url );
		await ownerPage.goto(
			`${ site.url }/wp-admin/options-general.php?page=tenderpress&tab=advanced`
		);
		await ownerPage
			.getByLabel( 'Trusted proxies' )
			.fill( '127.0.0.0/8, ::1' );
		await ownerPage.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( ownerPage.getByText( 'Settings saved.' ) ).toBeVisible();
		await ownerPage.goto( `${ site.url }/wp-login.php?action=logout` );
		await ownerPage.getByRole( 'link', { name: 'log out' } ).click();
		await expect( ownerPage ).toHaveURL( /loggedout=true/ );
		const device = ( await owner.cookies() ).find( ( cookie ) =>
			/^tenderpress_device_[0-9a-f]{16}$/.test( cookie.name )
		);
		expect( device ).toMatchObject( { httpOnly: true, sameSite: 'Lax' } );
		expect( device!.expires * 1000 ).toBeGreaterThan(
			started + 300 * 24 * 3600 * 1000
		);

		// Fifteen wrong passwords for admin through wp-login.php, five from each of three
		// addresses; then even a fourth address with the right password is paused.
		const attacker = await requestContext.newContext( {
			baseURL: site.url,
		} );
		const attempt = ( address: string, password: string ) =>
			attacker.post( '/wp-login.php', {
				headers: { 'X-Forwarded-For': address },
				form: { log: ADMIN, pwd: password },
				maxRedirects: 0,
			} );
		for ( const address of [
			'203.0.113.1',
			'203.0.113.2',
			'203.0.113.3',
		] ) {
			for ( let i = 0; i < 5; i++ ) {
				const answer = await attempt( address, `guess ${ i }` );
				expect( await answer.text() ).toContain( 'login_error' );
			}
		}
		expect(
			await ( await attempt( '203.0.113.4', PASSWORD ) ).text()
		).toContain( 'Too many failed attempts' );
		await attacker.dispose();

		// A browser that never signed in is refused, with the right password.
		const stranger = await browser.newContext( testInfo.project.use );
		const strangerPage = await stranger.newPage();
		expect( await signInWithPopup( strangerPage, site.url ) ).toBe( 429 );
		await expect(
			strangerPage
				.getByRole( 'dialog', { name: 'Sign in' } )
				.getByRole( 'alert' )
		).toHaveText( 'Too many failed attempts. Try again in 15 minutes.' );

		// The owner's browser signs in.
		expect( await signInWithPopup( ownerPage, site.url ) ).toBe( 200 );
		await expect(
			ownerPage.locator( '.tp-account--signed-in' )
		).toBeVisible();
		await owner.close();

		// The owner's e-mail: its link lets the stranger's browser in, after the password.
		const link = await unlockLink( site.url, started );
		await strangerPage.goto( link );
		// The token leaves the address before any HTML is sent, and is never printed.
		const token = new URL( link ).searchParams.get( 'tp_unlock' )!;
		expect( token ).toMatch( /^[A-Za-z0-9]{32}$/ );
		expect( strangerPage.url() ).not.toContain( token );
		expect( await strangerPage.content() ).not.toContain( token );
		await strangerPage
			.getByRole( 'button', { name: 'Unlock this browser' } )
			.click();
		await expect( strangerPage.locator( '.message' ) ).toContainText(
			'This browser can sign in to your account again.'
		);
		await strangerPage.goto( `${ site.url }/wp-admin/` );
		await expect( strangerPage ).toHaveURL( /wp-login\.php/ );
		expect( await signInWithPopup( strangerPage, site.url ) ).toBe( 200 );
		await expect(
			strangerPage.locator( '.tp-account--signed-in' )
		).toBeVisible();

		// The link works once.
		const third = await browser.newContext( testInfo.project.use );
		const thirdPage = await third.newPage();
		await thirdPage.goto( link );
		await expect( thirdPage.locator( 'body' ) ).toContainText(
			'This unlock link has expired or has been used.'
		);
		await third.close();
		await stranger.close();
	} );
} );
