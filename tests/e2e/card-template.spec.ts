/**
 * The notice card's template, edited in the real block editor on a Notice listing block: "Edit
 * card template" shows the card's parts, the button reads "Save & Back" while they are edited,
 * and the saved template is what every listing shows, on the page and on pages loaded in place.
 * The save runs on a server of its own (a copy of the seeded database): the template is the
 * site's, and the other specs' listings keep the default one.
 */
import { expect, test, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server';
import { logInAsAdmin, passInEditor } from './support/site';

let server: OwnServer | null = null;
/** The address of the site a test uses: its own server's, or '' for the shared one. */
let site = '';

/** A server of the test's own, for a test that changes the site's card template. */
async function ownServer( workerIndex: number ) {
	server = await startOwnServer(
		Number( process.env.E2E_PORT || 8891 ) + 60 + workerIndex,
		`card-template-${ workerIndex }`
	);
	return server;
}

test.afterEach( async () => {
	await server?.stop();
	server = null;
	site = '';
} );

interface EditorWindow {
	wp: {
		blocks: {
			getBlockType: ( name: string ) => unknown;
			createBlock: ( name: string ) => unknown;
		};
		data: {
			dispatch: ( store: string ) => {
				insertBlocks: ( blocks: unknown ) => void;
				selectBlock: ( clientId: string ) => void;
			};
			select: ( store: string ) => {
				getBlocks: ( clientId?: string ) => Array< {
					clientId: string;
					attributes: Record< string, unknown >;
				} >;
			};
		};
	};
}

/** A new page in the editor with a Notice listing, selected. */
async function editListing( page: Page ) {
	await page.goto( `${ site }/wp-admin/post-new.php?post_type=page` );
	await page.waitForFunction( () =>
		Boolean(
			( window as unknown as EditorWindow ).wp?.blocks?.getBlockType(
				'tenderpress/listing'
			)
		)
	);
	await page.evaluate( () => {
		const { wp } = window as unknown as EditorWindow;
		wp.data
			.dispatch( 'core/block-editor' )
			.insertBlocks( wp.blocks.createBlock( 'tenderpress/listing' ) );
		const [ block ] = wp.data.select( 'core/block-editor' ).getBlocks();
		wp.data.dispatch( 'core/block-editor' ).selectBlock( block!.clientId );
	} );
}

/** Selects the page's listing block (the first). */
const selectListing = ( page: Page ) =>
	page.evaluate( () => {
		const { wp } = window as unknown as EditorWindow;
		const [ block ] = wp.data.select( 'core/block-editor' ).getBlocks();
		wp.data.dispatch( 'core/block-editor' ).selectBlock( block!.clientId );
	} );

const toolbar = ( page: Page ) =>
	page.getByRole( 'toolbar', { name: 'Block tools' } );

/** The editor's canvas (WordPress 6.5 puts it in a frame when every block is of API 3). */
const canvas = ( page: Page ) =>
	page.frameLocator( 'iframe[name="editor-canvas"]' );

/** The parts of the card, in order, as the editor shows them. */
const partsShown = ( page: Page ) =>
	canvas( page ).locator( '.tp-card-part__label' ).allTextContents();

/** The fact names of the first card on the home page, in order. */
async function firstCardFacts( page: Page, path = '/' ) {
	await page.goto( `${ site }${ path }` );
	const card = page.locator( '.tp-notice-card' ).first();
	return {
		facts: await card.locator( 'dt' ).allTextContents(),
		titleFirst: await card.evaluate(
			( element ) =>
				element.firstElementChild?.classList.contains(
					'tp-notice-card__title'
				) ?? false
		),
	};
}

test( 'Edit card template: the parts in place, "Save & Back" while editing, and the saved card on every listing', async ( {
	page,
	browser,
}, testInfo ) => {
	test.setTimeout( 90_000 );
	// It changes the site's card template: on a server of its own, so other specs keep theirs.
	site = ( await ownServer( testInfo.workerIndex ) ).url;
	await logInAsAdmin( page, site );
	await editListing( page );
	// The block toolbar shows once the editor has settled on the selected block; on a small
	// screen under load that can take a while (as for the other editor tests' sidebar).
	await passInEditor( page, async () => {
		await selectListing( page );
		await toolbar( page )
			.getByRole( 'button', { name: 'Edit card template' } )
			.click( { timeout: 2000 } );
	} );
	const save = toolbar( page ).getByRole( 'button', { name: 'Save & Back' } );
	await expect( save ).toBeVisible();
	await expect
		.poll( () => partsShown( page ) )
		.toEqual( [
			'Type and status',
			'Title',
			'Deadline',
			'Estimated value',
			'Buyer',
			'Location',
			'Published',
			'Reference',
		] );

	// Hide the buyer and the reference; move the title above the badges.
	await canvas( page ).getByRole( 'button', { name: 'Hide Buyer' } ).click();
	await canvas( page )
		.getByRole( 'button', { name: 'Hide Reference' } )
		.click();
	// The title cannot be hidden: it is the card's link to the notice.
	await expect(
		canvas( page ).getByRole( 'button', { name: 'Hide Title' } )
	).toHaveCount( 0 );
	await canvas( page )
		.locator( '.tp-card-part' )
		.filter( { hasText: 'Title' } )
		.click();
	await toolbar( page ).getByRole( 'button', { name: 'Move up' } ).click();
	await expect
		.poll( () => partsShown( page ) )
		.toEqual( [
			'Title',
			'Type and status',
			'Deadline',
			'Estimated value',
			'Location',
			'Published',
		] );
	// A hidden part can come back.
	await expect(
		canvas( page ).getByRole( 'button', { name: 'Show Buyer' } )
	).toBeVisible();

	// Save & Back, from the listing's own toolbar: the block shows the listing again, and the
	// button its first words.
	await selectListing( page );
	await toolbar( page )
		.getByRole( 'button', { name: 'Save & Back' } )
		.click();
	await expect(
		toolbar( page ).getByRole( 'button', { name: 'Edit card template' } )
	).toBeVisible();
	await expect( canvas( page ).locator( '.tp-card-part' ) ).toHaveCount( 0 );
	// Nothing of the template went into the page's own blocks.
	expect(
		await page.evaluate( () => {
			const { wp } = window as unknown as EditorWindow;
			const [ block ] = wp.data.select( 'core/block-editor' ).getBlocks();
			return wp.data
				.select( 'core/block-editor' )
				.getBlocks( block!.clientId ).length;
		} )
	).toBe( 0 );
	// The preview in the editor is the new card too.
	await expect(
		canvas( page ).locator( '.tp-notice-card' ).first().locator( 'dt' )
	).toHaveText( [ 'Deadline', 'Estimated value', 'Location', 'Published' ] );

	// The front end: the home page's cards, and a page loaded in place, show the new card.
	const home = await firstCardFacts( page );
	expect( home.titleFirst ).toBe( true );
	expect( home.facts ).toEqual( [
		'Deadline',
		'Estimated value',
		'Location',
		'Published',
	] );
	await page
		.locator( '.tp-pagination' )
		.getByRole( 'link', { name: 'Page 2', exact: true } )
		.click();
	// (The address stays: the spec's paginator leaves an administrator's address as it is.)
	await expect(
		page.locator( '.tp-pagination [aria-current="page"]' )
	).toContainText( '2' );
	await expect(
		page.locator( '.tp-notice-card' ).first().locator( 'dt' )
	).toHaveText( [ 'Deadline', 'Estimated value', 'Location', 'Published' ] );
	const archive = await firstCardFacts( page, '/tenders/' );
	expect( archive.facts ).toEqual( [
		'Deadline',
		'Estimated value',
		'Location',
		'Published',
	] );

	// The server renders the cards: a visitor without JavaScript sees the same.
	const context = await browser.newContext( { javaScriptEnabled: false } );
	const plain = await context.newPage();
	await plain.goto( `${ site }/page/2/` );
	const card = plain.locator( '.tp-notice-card' ).first();
	await expect( card.locator( 'dt' ) ).toHaveText( [
		'Deadline',
		'Estimated value',
		'Location',
		'Published',
	] );
	expect(
		await card.evaluate(
			( element ) => element.firstElementChild?.className
		)
	).toBe( 'tp-notice-card__title' );
	await context.close();
} );

// On the shared server: a refused save changes nothing there.
test( 'only users who can edit the theme’s options may change the card template', async ( {
	page,
	request,
} ) => {
	// Signed out: the route refuses, and the template stays.
	const refused = await request.post(
		`${ site }/wp-json/tenderpress/v1/card-template`,
		{ data: { parts: [ 'title' ] } }
	);
	expect( refused.status() ).toBe( 401 );
	expect( ( await refused.json() ).message ).toBe(
		"Only users who can edit the theme's options may change the card template."
	);
	const before = await firstCardFacts( page );
	expect( before.facts ).toEqual( [
		'Deadline',
		'Estimated value',
		'Buyer',
		'Location',
		'Published',
		'Reference',
	] );
} );
