import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	holdChunk,
	layoutShiftSources,
	observeLayoutShift,
	recordScripts,
} from './support/site';

// The demo's How to bid page: what to keep ready by kind of bidder as tabs (its steps are a
// numbered list), its questions as an accordion, both with a custom-id-offset of 80 px, and a
// paragraph of in-page links into both.
const PAGE = '/how-to-bid/';
const OFFSET = 80;

const kinds = ( page: Page ) =>
	page.locator( '[data-tp-island="tabs"].tp-tabs--tabs' );
const questions = ( page: Page ) =>
	page.locator( '[data-tp-island="tabs"].tp-tabs--accordion' );
const tab = ( page: Page, name: string ) =>
	page.getByRole( 'tab', { name, exact: true } );
const question = ( page: Page, name: string ) =>
	page.getByRole( 'button', { name, exact: true } );

const mounted = ( island: ReturnType< typeof kinds > ) =>
	expect( island ).toHaveAttribute( 'data-tp-state', 'mounted' );

async function islandsMounted( page: Page ) {
	await mounted( kinds( page ) );
	await mounted( questions( page ) );
}

/** The visible panel of the tabs: its heading text is hidden with scripts, so its first words. */
const shownKind = ( page: Page ) =>
	kinds( page ).locator( '.tp-tabs__panel:visible' );

test.describe( 'tabs and accordion islands', () => {
	test( 'show the first tab and closed answers at once, load nothing until the visitor comes near, and move nothing when they mount', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const scripts = recordScripts( page );
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );
		await expect( kinds( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		expect(
			scripts.filter( ( r ) => /\/tabs-[\w-]+\.js/.test( r.url() ) )
		).toEqual( [] );
		await expect( shownKind( page ) ).toHaveCount( 1 );
		await expect( shownKind( page ) ).toContainText( 'A company keeps' );
		await expect(
			questions( page ).locator( '.tp-tabs__panel:visible' )
		).toHaveCount( 0 );

		await kinds( page ).locator( '.tp-tabs__header' ).first().hover();
		await mounted( kinds( page ) );
		await questions( page ).locator( '.tp-tabs__header' ).first().hover();
		await islandsMounted( page );
		await expect( tab( page, 'Company' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( shownKind( page ) ).toHaveCount( 1 );
		const shift = await shifted();
		expect(
			shift,
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'a click on a tab or a question before the island has loaded is not lost', async ( {
		page,
	} ) => {
		const release = await holdChunk( page, /\/build\/tabs-[\w-]+\.js/ );
		await page.goto( PAGE );
		await kinds( page )
			.getByRole( 'link', { name: 'Partnership' } )
			.click();
		await questions( page )
			.getByRole( 'link', { name: 'Who may bid?' } )
			.click();
		release();
		await islandsMounted( page );
		await expect( tab( page, 'Partnership' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( shownKind( page ) ).toContainText( 'A partnership firm' );
		await expect( question( page, 'Who may bid?' ) ).toHaveAttribute(
			'aria-expanded',
			'true'
		);
	} );

	test( 'a tab and an accordion section open from the address, a browser name opens its section, and "#!" is read as "#"', async ( {
		page,
	} ) => {
		// Each a fresh page load: the island loads at once for the section the address names.
		await page.goto( PAGE + '#proprietor' );
		await expect( tab( page, 'Proprietor' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( shownKind( page ) ).toContainText( 'A sole proprietor' );

		await page.goto( 'about:blank' );
		await page.goto( PAGE + '#safari' );
		await expect(
			question( page, 'Do e-procurement portals work in Safari?' )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await expect(
			page.getByText( 'signing utility', { exact: false } )
		).toBeVisible();
		// Only the section the address named: the others stay as they were.
		await expect( question( page, 'Who may bid?' ) ).toHaveAttribute(
			'aria-expanded',
			'false'
		);

		// The spec's "#!" form, treated as "#".
		await page.goto( 'about:blank' );
		await page.goto( PAGE + '#!proprietor' );
		await expect( tab( page, 'Proprietor' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);

		await page.goto( 'about:blank' );
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );
		await expect( kinds( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		await expect( shownKind( page ) ).toContainText( 'A company keeps' );

		// The hash changing before the island has loaded (a link elsewhere, typed by hand).
		await page.evaluate( () => ( window.location.hash = '#change-a-bid' ) );
		await expect(
			question( page, 'Can I change a bid after submitting it?' )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await expect(
			page.getByText( 'withdraw it on the portal', { exact: false } )
		).toBeInViewport();
	} );

	test( 'a "#!" link in the content opens its section before the island has loaded, and the address ends with "#", not "#!"', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );
		await expect( questions( page ) ).toHaveAttribute(
			'data-tp-state',
			'waiting'
		);
		const link = page.getByRole( 'link', { name: 'what bid security is' } );
		await expect( link ).toHaveAttribute( 'href', '#!bid-security' );
		await link.click();
		await expect(
			question( page, 'What is bid security?' )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await expect(
			page.getByText( 'earnest money deposit (EMD)', { exact: false } )
		).toBeInViewport();
		await expect( page ).toHaveURL( /#bid-security$/ );
	} );

	test( 'an in-page link opens its section and scrolls it to the offset below the top over 300 ms', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		const link = page.getByRole( 'link', {
			name: 'what a sole proprietor keeps ready',
		} );
		const started = await page.evaluate( () => performance.now() );
		await link.click();
		await expect( tab( page, 'Proprietor' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( tab( page, 'Proprietor' ) ).toBeFocused();
		expect( new URL( page.url() ).hash ).toBe( '#proprietor' );
		// The row of tabs comes to rest 80 px below the top of the window.
		await expect
			.poll( () =>
				kinds( page )
					.locator( '.tp-tabs__list' )
					.evaluate( ( list ) =>
						Math.round( list.getBoundingClientRect().top )
					)
			)
			.toBe( OFFSET );
		const ended = await page.evaluate( () => performance.now() );
		// Animated, not a jump (the island loaded in between, so only a lower bound holds).
		expect( ended - started ).toBeGreaterThan( 250 );

		// Back returns to the address before the link.
		await page.goBack();
		expect( new URL( page.url() ).hash ).toBe( '' );
	} );

	test( 'the keyboard alone works the tabs and the accordion', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await page
			.getByRole( 'link', { name: 'what bid security is' } )
			.focus();
		// One stop in the row of tabs: the selected one.
		await page.keyboard.press( 'Tab' );
		await expect( tab( page, 'Company' ) ).toBeFocused();
		await mounted( kinds( page ) );
		await page.keyboard.press( 'ArrowRight' );
		await expect( tab( page, 'Partnership' ) ).toBeFocused();
		await expect( tab( page, 'Partnership' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await page.keyboard.press( 'End' );
		await expect( tab( page, 'Proprietor' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await page.keyboard.press( 'Home' );
		await expect( tab( page, 'Company' ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await page.keyboard.press( 'ArrowLeft' );
		await expect( tab( page, 'Proprietor' ) ).toBeFocused();
		// Tab goes to the panel, then on to the first question.
		await page.keyboard.press( 'Tab' );
		await expect( shownKind( page ) ).toBeFocused();
		await page.keyboard.press( 'Tab' );
		await mounted( questions( page ) );
		const first = question( page, 'Who may bid?' );
		await expect( first ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( first ).toHaveAttribute( 'aria-expanded', 'true' );
		await page.keyboard.press( 'Space' );
		await expect( first ).toHaveAttribute( 'aria-expanded', 'false' );
		await page.keyboard.press( 'ArrowDown' );
		await expect( question( page, 'What is bid security?' ) ).toBeFocused();
		await page.keyboard.press( 'End' );
		await expect(
			question( page, 'Do e-procurement portals work in Safari?' )
		).toBeFocused();
		await page.keyboard.press( 'Space' );
		await expect(
			question( page, 'Do e-procurement portals work in Safari?' )
		).toHaveAttribute( 'aria-expanded', 'true' );
	} );

	test( 'axe finds nothing with a tab chosen and every question open', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await kinds( page ).locator( '.tp-tabs__header' ).first().hover();
		await questions( page ).locator( '.tp-tabs__header' ).first().hover();
		await islandsMounted( page );
		await tab( page, 'Partnership' ).click();
		for ( const header of await questions( page )
			.getByRole( 'button' )
			.all() ) {
			await header.click();
		}
		await expect(
			questions( page ).locator( '.tp-tabs__panel:visible' )
		).toHaveCount( 4 );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test( 'the steps to a bid are a numbered list, not tabs: a bidder needs every one', async ( {
	page,
} ) => {
	await page.goto( PAGE );
	const list = page
		.getByRole( 'list' )
		.filter( { hasText: 'Register once' } );
	await expect( list ).toHaveJSProperty( 'tagName', 'OL' );
	await expect( list.getByRole( 'listitem' ) ).toHaveCount( 3 );
	for ( const [ place, name ] of [
		'Register',
		'Prepare',
		'Submit',
	].entries() ) {
		const step = list.getByRole( 'listitem' ).nth( place );
		await expect( step ).toBeVisible();
		await expect( step.locator( 'strong' ) ).toHaveText( name );
		// Its number drawn beside it, in the order of the list.
		expect(
			await step.evaluate(
				( item ) => getComputedStyle( item, '::before' ).content
			)
		).toBe( 'counter(tp-step)' );
	}
	await expect( page.getByRole( 'tab', { name: 'Register' } ) ).toHaveCount(
		0
	);
} );

test.describe( 'tabs and accordion without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'every section reads as a heading and its text, and the row of tabs is links to them', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		for ( const name of [ 'Company', 'Partnership', 'Proprietor' ] ) {
			await expect(
				kinds( page ).getByRole( 'heading', { name, exact: true } )
			).toBeVisible();
		}
		await expect( kinds( page ).locator( '.tp-tabs__panel' ) ).toHaveCount(
			3
		);
		for ( const panel of await kinds( page )
			.locator( '.tp-tabs__panel' )
			.all() ) {
			await expect( panel ).toBeVisible();
		}
		for ( const panel of await questions( page )
			.locator( '.tp-tabs__panel' )
			.all() ) {
			await expect( panel ).toBeVisible();
		}
		// No tab roles where nothing would make them behave as tabs.
		await expect( page.getByRole( 'tab' ) ).toHaveCount( 0 );
		await kinds( page ).getByRole( 'link', { name: 'Proprietor' } ).click();
		expect( new URL( page.url() ).hash ).toBe( '#proprietor-panel' );
		await expect(
			kinds( page ).getByRole( 'heading', { name: 'Proprietor' } )
		).toBeInViewport();
	} );
} );
