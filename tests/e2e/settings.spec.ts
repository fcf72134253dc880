/**
 * Settings > TenderPress, as a site owner uses it: reached from the Plugins screen, saved through
 * WordPress's options.php, a refused value named beside its field with nothing changed, and each
 * saved setting visible on the site. On a server of its own, so the shared e2e site keeps its
 * defaults.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server';
import { logInAsAdmin } from './support/site';

let server: OwnServer;

test.beforeEach( async ( {}, testInfo ) => {
	server = await startOwnServer(
		Number( process.env.E2E_PORT || 8891 ) + 30 + testInfo.workerIndex,
		`settings-${ testInfo.workerIndex }`
	);
} );

test.afterEach( async () => {
	await server.stop();
} );

async function archiveItems( page: Page ) {
	await page.goto( `${ server.url }/tenders/` );
	return page.locator( '.tp-listing__item' ).count();
}

/** The status badges of the archive's first four notices. */
async function firstStatuses( page: Page ) {
	return (
		await page
			.locator( '.tp-listing__item .tp-status' )
			.evaluateAll( ( badges ) =>
				badges.map( ( badge ) => badge.className )
			)
	).slice( 0, 4 );
}

const closingSoon = ( statuses: string[] ) =>
	statuses.filter( ( status ) =>
		status.includes( 'tp-status--closing-soon' )
	).length;

test( 'a site owner changes notices per page and the closing-soon window, and a refused value changes nothing', async ( {
	page,
} ) => {
	test.slow();
	expect( await archiveItems( page ) ).toBe( 10 );
	const before = await firstStatuses( page );

	await logInAsAdmin( page, server.url );
	await page.goto( `${ server.url }/wp-admin/plugins.php` );
	await page
		.locator( 'tr[data-plugin="tenderpress/tenderpress.php"]' )
		.getByRole( 'link', { name: 'Settings', exact: true } )
		.click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'TenderPress settings' } )
	).toBeVisible();
	const form = page.locator( '.wrap form' );
	expect(
		(
			await new AxeBuilder( { page } )
				.include( '.wrap form' )
				.withTags( [
					'wcag2a',
					'wcag2aa',
					'wcag21a',
					'wcag21aa',
					'wcag22aa',
				] )
				.analyze()
		).violations
	).toEqual( [] );

	const perPage = form.getByLabel( 'Notices per page' );
	await perPage.fill( '4' );
	await form.getByLabel( 'Closing soon' ).fill( '90' );
	await form.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect( perPage ).toHaveValue( '4' );

	expect( await archiveItems( page ) ).toBe( 4 );
	// Seeded deadlines reach 90 days ahead: with a 90-day window, open notices among these four
	// (7 days by default) are now closing soon.
	const after = await firstStatuses( page );
	expect( after ).toHaveLength( 4 );
	expect( closingSoon( after ) ).toBeGreaterThan( closingSoon( before ) );

	await page.goto(
		`${ server.url }/wp-admin/options-general.php?page=tenderpress`
	);
	await perPage.fill( '0' );
	await form.getByLabel( 'Closing soon' ).fill( '3' );
	await form.getByRole( 'button', { name: 'Save Changes' } ).click();
	const message = 'Notices per page must be a whole number from 1 to 50.';
	await expect(
		page.locator( '#tenderpress-listings-perPage-error' )
	).toHaveText( message );
	await expect( perPage ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( perPage ).toHaveAccessibleDescription(
		new RegExp( message.replace( /\./g, '\\.' ) )
	);
	await expect( perPage ).toHaveValue( '4' );
	await expect( form.getByLabel( 'Closing soon' ) ).toHaveValue( '90' );
	await expect( page.getByText( 'Settings saved.' ) ).toHaveCount( 0 );
	expect( await archiveItems( page ) ).toBe( 4 );
} );

test( 'a site owner chooses the share services and the message after copying, and notices show them', async ( {
	page,
} ) => {
	test.slow();
	await logInAsAdmin( page, server.url );
	await page.goto(
		`${ server.url }/wp-admin/options-general.php?page=tenderpress`
	);
	const services = page.getByRole( 'group', { name: 'Services on the bar' } );
	for ( const box of await services.getByRole( 'checkbox' ).all() ) {
		await box.setChecked( false );
	}
	await services.getByRole( 'checkbox', { name: 'X', exact: true } ).check();
	await services.getByRole( 'checkbox', { name: 'Email' } ).check();
	await services.getByRole( 'checkbox', { name: 'Copy link' } ).check();
	await page
		.getByLabel( 'Message after copying the link' )
		.fill( 'Address copied: paste it anywhere.' );
	await page.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect(
		services.getByRole( 'checkbox', { name: 'X', exact: true } )
	).toBeChecked();
	await expect(
		services.getByRole( 'checkbox', { name: 'Facebook' } )
	).not.toBeChecked();

	await page
		.context()
		.grantPermissions( [ 'clipboard-read', 'clipboard-write' ] );
	await page.goto( `${ server.url }/tenders/` );
	await page.locator( '.tp-notice-card__title a' ).first().click();
	const bar = page.locator( '.tp-share--inline' );
	await expect(
		bar.locator( '.tp-share__list > li > [data-tp-service]' )
	).toHaveCount( 3 );
	expect(
		await bar
			.locator( '.tp-share__list > li > [data-tp-service]' )
			.evaluateAll( ( buttons ) =>
				buttons.map( ( button ) =>
					button.getAttribute( 'data-tp-service' )
				)
			)
	).toEqual( [ 'x', 'email', 'copy-link' ] );
	await bar.locator( '[data-tp-service="copy-link"]' ).click();
	await expect( bar.locator( '.tp-share__message' ) ).toHaveText(
		'Address copied: paste it anywhere.'
	);
} );
