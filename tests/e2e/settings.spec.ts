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

/** A save goes through options.php and a redirect back, which a busy machine makes slow. */
const SAVED = { timeout: 20000 };

const TABS = [
	'Listings and notices',
	'Alerts and reminders',
	'Sharing',
	'Display',
	'Sign-in and security',
	'Advanced',
];

/** One field on each tab, a value away from its default, and how to set and read it. */
const CHANGES: Array< { tab: string; label: string; value: string | true } > = [
	{ tab: 'Listings and notices', label: 'Notices per page', value: '7' },
	{
		tab: 'Alerts and reminders',
		label: 'Days before the deadline, to start with',
		value: '5',
	},
	{ tab: 'Sharing', label: 'Share window width', value: '640' },
	{ tab: 'Display', label: 'Scroll duration', value: '300' },
	{ tab: 'Sign-in and security', label: 'Pause', value: '20' },
	{
		tab: 'Advanced',
		label: 'Allow local push services (development only)',
		value: true,
	},
];

async function axeClean( page: Page ) {
	expect(
		(
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
		).violations
	).toEqual( [] );
}

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
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible( SAVED );
	await expect( perPage ).toHaveValue( '4' );

	expect( await archiveItems( page ) ).toBe( 4 );
	// Seeded deadlines reach 90 days ahead: with a 90-day window, open notices among these four
	// (7 days by default) are now closing soon.
	const after = await firstStatuses( page );
	expect( after ).toHaveLength( 4 );
	expect( closingSoon( after ) ).toBeGreaterThan( closingSoon( before ) );

	await page.goto(
		`${ server.url }/wp-admin/options-general.php?page=tenderpress&tab=listings`
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
		`${ server.url }/wp-admin/options-general.php?page=tenderpress&tab=sharing`
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
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible( SAVED );
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
	).toEqual( [ 'copy-link', 'email', 'x' ] );
	await bar.locator( '[data-tp-service="copy-link"]' ).click();
	await expect( bar.locator( '.tp-share__message' ) ).toHaveText(
		'Address copied: paste it anywhere.'
	);
} );

test( 'every tab is reached by keyboard and is axe clean, and its Save saves it without changing another tab', async ( {
	page,
} ) => {
	// Six tabs, each saved once and checked by axe as saved: the same tab, with WordPress's
	// "Settings saved." notice above it (axe before the save read the same fields without it).
	test.setTimeout( 300000 );
	await logInAsAdmin( page, server.url );
	const screen = `${ server.url }/wp-admin/options-general.php?page=tenderpress`;
	for ( const [ index, change ] of CHANGES.entries() ) {
		await page.goto( screen );
		// From the heading, Tab walks the tabs in order; Enter opens one.
		await page.locator( '.wrap h1' ).evaluate( ( heading: HTMLElement ) => {
			heading.tabIndex = -1;
			heading.focus();
		} );
		for ( let step = 0; step <= index; step++ ) {
			await page.keyboard.press( 'Tab' );
		}
		await expect( page.locator( ':focus' ) ).toHaveText( TABS[ index ]! );
		await page.keyboard.press( 'Enter' );
		const tabs = page.getByRole( 'navigation', { name: 'Settings tabs' } );
		await expect(
			tabs.getByRole( 'link', { name: change.tab, exact: true } )
		).toHaveAttribute( 'aria-current', 'page' );
		await expect( tabs.getByRole( 'link' ) ).toHaveText( TABS );

		const field = page.getByLabel( change.label, { exact: true } );
		if ( true === change.value ) {
			await field.check();
		} else {
			await field.fill( change.value );
		}
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( page.getByText( 'Settings saved.' ) ).toBeVisible(
			SAVED
		);
		await expect(
			tabs.getByRole( 'link', { name: change.tab, exact: true } )
		).toHaveAttribute( 'aria-current', 'page' );
		await axeClean( page );
	}

	// Each tab still holds what was saved on it: no later save blanked it.
	for ( const change of CHANGES ) {
		await page
			.getByRole( 'navigation', { name: 'Settings tabs' } )
			.getByRole( 'link', { name: change.tab, exact: true } )
			.click();
		const field = page.getByLabel( change.label, { exact: true } );
		if ( true === change.value ) {
			await expect( field ).toBeChecked();
		} else {
			await expect( field ).toHaveValue( change.value );
		}
	}
	// The saved number of notices per page reached the visitors' archive.
	expect( await archiveItems( page ) ).toBe( 7 );
} );

test( 'the share services are a grid a site owner can filter, and a plain grid without JavaScript', async ( {
	page,
	browser,
}, testInfo ) => {
	test.slow();
	await logInAsAdmin( page, server.url );
	const sharing = `${ server.url }/wp-admin/options-general.php?page=tenderpress&tab=sharing`;
	await page.goto( sharing );
	const services = page.getByRole( 'group', { name: 'Services on the bar' } );
	const boxes = services.getByRole( 'checkbox' );
	const all = await boxes.count();
	expect( all ).toBeGreaterThan( 60 );
	// More than one column at both widths: a grid, not a list 60 rows long.
	const [ first, second ] = await Promise.all( [
		boxes.nth( 0 ).boundingBox(),
		boxes.nth( 1 ).boundingBox(),
	] );
	expect( second!.y ).toBe( first!.y );

	const filter = services.getByRole( 'searchbox', {
		name: 'Filter by name',
	} );
	await filter.fill( 'whats' );
	await expect(
		services.getByRole( 'checkbox', { name: 'WhatsApp' } )
	).toBeVisible();
	await expect(
		services.getByRole( 'checkbox', { name: 'Facebook' } )
	).toBeHidden();
	await expect( services.getByText( /^\d+ shown$/ ) ).toBeVisible();
	// Enter in the filter does not save the form.
	await filter.press( 'Enter' );
	await expect( page.getByText( 'Settings saved.' ) ).toHaveCount( 0 );
	await axeClean( page );
	// A box ticked while others are filtered out: the hidden ones keep their ticks.
	await services.getByRole( 'checkbox', { name: 'WhatsApp' } ).check();
	const ticked = await services
		.locator( 'input:checked' )
		.evaluateAll( ( inputs ) =>
			inputs.map( ( input ) => ( input as HTMLInputElement ).value )
		);
	await page.getByRole( 'button', { name: 'Save Changes' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible( SAVED );
	expect(
		await services
			.locator( 'input:checked' )
			.evaluateAll( ( inputs ) =>
				inputs.map( ( input ) => ( input as HTMLInputElement ).value )
			)
	).toEqual( ticked );

	// Without JavaScript: no filter box, every service in the grid.
	const plain = await browser.newContext( {
		...testInfo.project.use,
		javaScriptEnabled: false,
		storageState: await page.context().storageState(),
	} );
	const noScript = await plain.newPage();
	await noScript.goto( sharing );
	const grid = noScript.getByRole( 'group', { name: 'Services on the bar' } );
	await expect( grid.getByRole( 'searchbox' ) ).toBeHidden();
	await expect( grid.getByRole( 'checkbox' ) ).toHaveCount( all );
	for ( const box of await grid.getByRole( 'checkbox' ).all() ) {
		await expect( box ).toBeVisible();
	}
	await plain.close();
} );
