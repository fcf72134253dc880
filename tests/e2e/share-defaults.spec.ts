import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	firstNoticePath,
	isMobile,
	logInAsAdmin,
	waitForIsland,
} from './support/site';

/**
 * The share bar a fresh site shows a public body's readers (the shared site keeps its sharing
 * settings at their defaults), with and without JavaScript, and the settings screen's live
 * previews of that bar and of the push prompt. Nothing here saves a setting.
 */
const bar = ( page: Page ) =>
	page.locator( '[data-tp-island="share"].tp-share--inline' );
const button = ( page: Page, service: string ) =>
	bar( page ).locator(
		`.tp-share__list > li > [data-tp-service="${ service }"]`
	);

/** axe on the settings screen itself (WordPress's admin bar is not ours to fix). */
async function screenViolations( page: Page ) {
	return (
		await new AxeBuilder( { page } )
			.include( '.wrap' )
			.withTags( [
				'wcag2a',
				'wcag2aa',
				'wcag21a',
				'wcag21aa',
				'wcag22aa',
			] )
			.analyze()
	).violations;
}

let notice = '';

test.beforeAll( async ( { request } ) => {
	notice = await firstNoticePath( request );
} );

test.describe( "a fresh site's share bar", () => {
	test( 'shows Copy link, Email, WhatsApp and Print, named and outlined, and the share sheet on phones only', async ( {
		page,
	} ) => {
		await page.goto( notice );
		const visible = bar( page ).locator(
			'.tp-share__list > li:visible > [data-tp-service]'
		);
		const names = [ 'Copy link', 'Email', 'WhatsApp', 'Print' ];
		if ( isMobile( page ) ) {
			names.push( 'Share via an app' );
		}
		await expect( visible.locator( '.tp-share__label' ) ).toHaveText(
			names
		);
		// Quiet: the page's own colours and a 1 px outline, not WhatsApp's green.
		const look = await button( page, 'whatsapp' ).evaluate( ( node ) => {
			const style = getComputedStyle( node );
			return [ style.backgroundColor, style.borderTopWidth ];
		} );
		expect( look[ 0 ] ).not.toBe( 'rgb(37, 211, 102)' );
		expect( look[ 1 ] ).toBe( '1px' );
		await expect( button( page, 'whatsapp' ) ).toHaveAccessibleName(
			'WhatsApp (opens in a new tab)'
		);
		expect( await axeViolations( page ) ).toEqual( [] );
	} );

	test( 'Copy link works from the keyboard, shows its message and announces it', async ( {
		page,
		context,
	} ) => {
		await context.grantPermissions( [
			'clipboard-read',
			'clipboard-write',
		] );
		await page.goto( notice );
		await button( page, 'copy-link' ).focus();
		await page.keyboard.press( 'Enter' );
		await waitForIsland( page, 'share' );
		await expect( bar( page ).locator( '.tp-share__message' ) ).toHaveText(
			'Link copied.'
		);
		await expect(
			bar( page ).locator( '.tp-share__message' )
		).toBeVisible();
		// Said by a live region too, for screen readers.
		await expect(
			page.locator( '[aria-live="polite"]', { hasText: 'Link copied.' } )
		).toHaveCount( 1 );
		expect(
			await page.evaluate( () => navigator.clipboard.readText() )
		).toBe( page.url() );
	} );

	test( 'Print prints the page', async ( { page } ) => {
		await page.addInitScript( () => {
			( window as unknown as { printed: number } ).printed = 0;
			window.print = () => {
				( window as unknown as { printed: number } ).printed++;
			};
		} );
		await page.goto( notice );
		await button( page, 'print' ).click();
		await expect
			.poll( () =>
				page.evaluate(
					() => ( window as unknown as { printed: number } ).printed
				)
			)
			.toBe( 1 );
	} );

	test( "the share sheet gets the notice on a phone that has one, and stays off a desktop's bar", async ( {
		page,
	} ) => {
		await page.addInitScript( () => {
			( window as unknown as { shared: unknown[] } ).shared = [];
			Object.defineProperty( navigator, 'share', {
				configurable: true,
				value: ( data: unknown ) => {
					( window as unknown as { shared: unknown[] } ).shared.push(
						data
					);
					return Promise.resolve();
				},
			} );
		} );
		await page.goto( notice );
		if ( ! isMobile( page ) ) {
			// A mouse and a wide screen: the bar's own buttons and More do the job.
			await expect( button( page, 'device' ) ).toBeHidden();
			return;
		}
		const title = ( await page.locator( 'h1' ).first().innerText() ).trim();
		await button( page, 'device' ).click();
		await expect
			.poll( () =>
				page.evaluate(
					() => ( window as unknown as { shared: unknown[] } ).shared
				)
			)
			.toEqual( [ { url: page.url(), title } ] );
	} );

	test( 'without JavaScript: plain links only, nothing that would do nothing', async ( {
		browser,
	}, testInfo ) => {
		const context = await browser.newContext( {
			...testInfo.project.use,
			javaScriptEnabled: false,
		} );
		const page = await context.newPage();
		await page.goto( notice );
		for ( const scripted of [ 'copy-link', 'print', 'device' ] ) {
			await expect( button( page, scripted ) ).toBeHidden();
		}
		await expect(
			bar( page ).locator(
				'.tp-share__list > li:visible > [data-tp-service]'
			)
		).toHaveCount( 2 );
		expect( await button( page, 'email' ).getAttribute( 'href' ) ).toMatch(
			/^mailto:\?subject=/
		);
		expect(
			await button( page, 'whatsapp' ).getAttribute( 'href' )
		).toMatch( /^https:\/\/wa\.me\/\?text=/ );
		await bar( page ).locator( 'summary' ).click();
		const more = bar( page ).locator( 'details .tp-share__service' );
		await expect( more.first() ).toBeVisible();
		expect(
			(
				await more.evaluateAll( ( links ) =>
					links.map( ( link ) =>
						link.getAttribute( 'data-tp-service' )
					)
				)
			).slice( 0, 7 )
		).toEqual( [
			'email',
			'whatsapp',
			'telegram',
			'linkedin',
			'x',
			'facebook',
			'sms',
		] );
		expect( await more.count() ).toBeGreaterThanOrEqual( 60 );
		await context.close();
	} );
} );

test.describe( "the settings screen's live previews", () => {
	const screen = ( tab: string ) =>
		`/wp-admin/options-general.php?page=tenderpress&tab=${ tab }`;

	test( 'the share bar follows the boxes as they are ticked, before saving', async ( {
		page,
	} ) => {
		await logInAsAdmin( page );
		await page.goto( screen( 'sharing' ) );
		const preview = page.locator( '[data-tp-share-preview]' );
		const shown = preview.locator(
			'[data-tp-preview-item]:visible .tp-share__label'
		);
		await expect( shown ).toHaveText( [
			'Copy link',
			'Email',
			'WhatsApp',
			'Print',
			'Share via an app',
		] );
		const services = page.getByRole( 'group', {
			name: 'Services on the bar',
		} );
		await services.getByRole( 'checkbox', { name: 'WhatsApp' } ).uncheck();
		await services
			.getByRole( 'checkbox', { name: 'Telegram', exact: true } )
			.check();
		await expect( shown ).toHaveText( [
			'Copy link',
			'Email',
			'Print',
			'Telegram',
			'Share via an app',
		] );
		const look = preview.locator( '.tp-share' );
		await expect( look ).toHaveClass( /tp-share--quiet/ );
		await page
			.getByLabel( "Buttons in each service's brand colours" )
			.check();
		await expect( look ).toHaveClass( /tp-share--brand/ );
		expect( await screenViolations( page ) ).toEqual( [] );
		// Nothing was saved: the screen comes back as it was.
		await page.reload();
		await expect( shown ).toHaveCount( 5 );
		await expect( look ).toHaveClass( /tp-share--quiet/ );
	} );

	test( 'the push prompt says what the wording field says, before saving', async ( {
		page,
	} ) => {
		await logInAsAdmin( page );
		await page.goto( screen( 'alerts' ) );
		const text = page.locator( '[data-tp-push-preview] .tp-push__text' );
		await expect( text ).toHaveText(
			'Get browser alerts when new tenders and EOIs are published.'
		);
		await page.getByLabel( 'Use the original wording' ).check();
		await expect( text ).toHaveText(
			/likes to show you notifications for the latest Tenders, EOI\.$/
		);
		const site = await page.evaluate(
			() =>
				document
					.querySelector( '[data-tp-push-preview]' )
					?.getAttribute( 'data-tp-site' ) ?? ''
		);
		await page
			.getByLabel( 'Prompt wording' )
			.fill( 'New tenders from {site}, as they are published.' );
		await expect( text ).toHaveText(
			`New tenders from ${ site }, as they are published.`
		);
		await page.getByLabel( 'Offer notifications to visitors' ).uncheck();
		await expect( text ).toBeHidden();
		await expect(
			page.getByText( 'Visitors are not offered notifications' )
		).toBeVisible();
		expect( await screenViolations( page ) ).toEqual( [] );
	} );

	test( "visitors never load the screen's script", async ( { page } ) => {
		const scripts: string[] = [];
		page.on( 'request', ( request ) => scripts.push( request.url() ) );
		await page.goto( notice );
		await page.waitForLoadState( 'networkidle' );
		expect(
			scripts.filter( ( url ) =>
				/assets\/settings\.(js|css)/.test( url )
			)
		).toEqual( [] );
	} );
} );
