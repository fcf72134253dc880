import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
	axeViolations,
	firstNoticePath,
	holdChunk,
	observeLayoutShift,
	recordScripts,
	waitForIsland,
} from './support/site';

const bar = ( page: Page ) =>
	page.locator( '[data-tp-island="share"].tp-share--inline' );
const button = ( page: Page, service: string ) =>
	bar( page ).locator(
		`.tp-share__list > li > [data-tp-service="${ service }"]`
	);
const more = ( page: Page ) => bar( page ).locator( 'summary' );

/**
 * Share windows open on other hosts: the test answers them itself, so no request leaves the
 * machine, and returns the page each one opens.
 */
async function answerOtherHosts( context: BrowserContext ) {
	await context.route(
		( url ) => ! /^(127\.0\.0\.1|localhost)$/.test( url.hostname ),
		( route ) =>
			route.fulfill( {
				contentType: 'text/html',
				body: '<title>share page</title>',
			} )
	);
	return () => context.waitForEvent( 'page' );
}

/** Mounts the island the way a visitor does: the pointer comes over the bar. */
async function mount( page: Page ) {
	await bar( page ).locator( '.tp-share__list' ).hover();
	await waitForIsland( page, 'share' );
}

let notice = '';

test.beforeAll( async ( { request } ) => {
	notice = await firstNoticePath( request );
} );

test.describe( 'share bar', () => {
	test( 'ends a notice page with the chosen services, and loads nothing until the visitor comes near it', async ( {
		page,
	} ) => {
		const scripts = recordScripts( page );
		const shift = await observeLayoutShift( page );
		await page.goto( notice );
		await page.waitForLoadState( 'networkidle' );
		await expect( bar( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		expect(
			scripts.filter( ( r ) => /\/share-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await expect(
			bar( page ).locator( '.tp-share__list > li > [data-tp-service]' )
		).toHaveCount( 7 );
		const href = await button( page, 'facebook' ).getAttribute( 'href' );
		expect( href ).toContain( encodeURIComponent( page.url() ) );

		await mount( page );
		expect( await shift() ).toBe( 0 );
	} );

	test( 'a service opens a 600 × 400 window (a tab on a phone) with the address and title encoded', async ( {
		page,
		context,
	} ) => {
		const popup = await answerOtherHosts( context );
		await page.goto( notice );
		const title = await page.locator( 'h1' ).first().innerText();
		await mount( page );
		const [ opened ] = await Promise.all( [
			popup(),
			button( page, 'whatsapp' ).click(),
		] );
		await opened.waitForLoadState();
		const url = new URL( opened.url() );
		expect( url.origin ).toBe( 'https://wa.me' );
		const text = url.searchParams.get( 'text' ) ?? '';
		expect( text ).toContain( page.url() );
		expect( text ).toContain( title.trim() );
		// A phone's browser opens every window as a tab of its own size; elsewhere the window
		// has the configured size.
		if ( ! test.info().project.use.isMobile ) {
			expect(
				await opened.evaluate( () => [
					window.innerWidth,
					window.innerHeight,
				] )
			).toEqual( [ 600, 400 ] );
		}
		expect( page.url() ).toContain( notice );
	} );

	test( 'copy link copies the address and says so, even when clicked before the island arrived', async ( {
		page,
		context,
	} ) => {
		await context.grantPermissions( [
			'clipboard-read',
			'clipboard-write',
		] );
		const release = await holdChunk( page, '**/build/share-*.js' );
		await page.goto( notice );
		await bar( page ).locator( '.tp-share__list' ).hover();
		await expect( bar( page ) ).toHaveAttribute(
			'data-tp-state',
			'loading'
		);
		await button( page, 'copy-link' ).click();
		// Held, not followed: the page did not reload itself.
		expect( page.url() ).toContain( notice );
		release();
		await waitForIsland( page, 'share' );
		await expect( bar( page ).locator( '.tp-share__message' ) ).toHaveText(
			'Link copied.'
		);
		expect(
			await page.evaluate( () => navigator.clipboard.readText() )
		).toBe( page.url() );
	} );

	test( 'More lists every service in a dialog that filters and closes three ways, focus going back', async ( {
		page,
	} ) => {
		await page.goto( notice );
		await mount( page );
		const dialog = page.getByRole( 'dialog', {
			name: 'More sharing services',
		} );
		const total = await bar( page )
			.locator( 'details .tp-share__service' )
			.count();
		expect( total ).toBeGreaterThanOrEqual( 60 );

		for ( const close of [ 'button', 'Escape', 'backdrop' ] ) {
			await more( page ).click();
			await expect( dialog ).toBeVisible();
			await expect(
				bar( page ).locator( 'details' )
			).not.toHaveAttribute( 'open', '' );
			await dialog.getByLabel( 'Find a service' ).fill( 'mAsTo' );
			await expect( dialog.locator( '.tp-share__service' ) ).toHaveText( [
				/Mastodon/,
			] );
			await dialog.getByLabel( 'Find a service' ).fill( '' );
			await expect(
				dialog.locator( '.tp-share__service' )
			).not.toHaveCount( 0 );
			if ( close === 'button' ) {
				await dialog.getByRole( 'button', { name: 'Close' } ).click();
			} else if ( close === 'Escape' ) {
				await page.keyboard.press( 'Escape' );
			} else {
				// The backdrop: a corner of the viewport, outside the dialog's box.
				await page.mouse.click( 3, 3 );
			}
			await expect( dialog ).toBeHidden();
			await expect( more( page ) ).toBeFocused();
		}
	} );

	test( 'axe finds nothing with the bar, and with each dialog open', async ( {
		page,
	} ) => {
		await page.goto( notice );
		await mount( page );
		expect( await axeViolations( page ) ).toEqual( [] );
		await more( page ).click();
		const dialog = page.getByRole( 'dialog' );
		await expect( dialog ).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
		await dialog.locator( '[data-tp-service="mastodon"]' ).click();
		await expect(
			page.getByRole( 'dialog', { name: 'Your Mastodon Instance' } )
		).toBeVisible();
		expect( await axeViolations( page ) ).toEqual( [] );
	} );

	test( 'Mastodon shares on the instance typed, trimmed, and on the default one when empty', async ( {
		page,
		context,
	} ) => {
		const popup = await answerOtherHosts( context );
		await page.goto( notice );
		await mount( page );
		const share = async ( typed: string ) => {
			await more( page ).click();
			await page
				.getByRole( 'dialog' )
				.locator( '[data-tp-service="mastodon"]' )
				.click();
			const dialog = page.getByRole( 'dialog', {
				name: 'Your Mastodon Instance',
			} );
			await dialog.getByLabel( /Instance address/ ).fill( typed );
			const [ opened ] = await Promise.all( [
				popup(),
				dialog.getByRole( 'button', { name: 'Submit' } ).click(),
			] );
			await expect( dialog ).toBeHidden();
			return new URL( opened.url() );
		};
		const typed = await share( '  fosstodon.org ' );
		expect( typed.host ).toBe( 'fosstodon.org' );
		expect( typed.searchParams.get( 'text' ) ).toContain( page.url() );
		expect( ( await share( '' ) ).host ).toBe( 'mastodon.social' );
	} );

	test( 'the keyboard alone reaches and works the bar and its dialog', async ( {
		page,
		context,
	} ) => {
		const popup = await answerOtherHosts( context );
		await page.goto( notice );
		await button( page, 'whatsapp' ).focus();
		await waitForIsland( page, 'share' );
		const [ opened ] = await Promise.all( [
			popup(),
			page.keyboard.press( 'Enter' ),
		] );
		expect( new URL( opened.url() ).origin ).toBe( 'https://wa.me' );
		await page.bringToFront();

		await more( page ).focus();
		await page.keyboard.press( 'Enter' );
		const dialog = page.getByRole( 'dialog' );
		await expect( dialog ).toBeVisible();
		// Focus is inside the dialog, and Tab stays there (the page behind is inert).
		for ( let i = 0; i < 5; i++ ) {
			await page.keyboard.press( 'Tab' );
			expect(
				await dialog.evaluate( ( node ) =>
					node.contains( node.ownerDocument.activeElement )
				)
			).toBe( true );
		}
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toBeHidden();
		await expect( more( page ) ).toBeFocused();
	} );
} );

test.describe( 'share bar without JavaScript', () => {
	test( 'is plain links, and More lists every service as a link that works', async ( {
		browser,
	} ) => {
		const context = await browser.newContext( {
			javaScriptEnabled: false,
		} );
		await answerOtherHosts( context );
		const page = await context.newPage();
		await page.goto( notice );
		const whatsapp = button( page, 'whatsapp' );
		await expect( whatsapp ).toHaveAttribute( 'target', '_blank' );
		expect( await whatsapp.getAttribute( 'href' ) ).toMatch(
			/^https:\/\/wa\.me\/\?text=/
		);
		await expect( button( page, 'copy-link' ) ).toHaveAttribute(
			'href',
			page.url()
		);
		await more( page ).click();
		const all = bar( page ).locator( 'details .tp-share__service' );
		await expect( all.first() ).toBeVisible();
		expect( await all.count() ).toBeGreaterThanOrEqual( 60 );
		const [ opened ] = await Promise.all( [
			context.waitForEvent( 'page' ),
			all.filter( { hasText: 'Telegram' } ).click(),
		] );
		expect( new URL( opened.url() ).host ).toBe( 't.me' );
		await context.close();
	} );
} );
