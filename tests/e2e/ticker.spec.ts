import { expect, test, type Page } from '@playwright/test';
import {
	axeViolations,
	layoutShiftSources,
	observeLayoutShift,
	waitForIsland,
} from './support/site';

// The demo's Notice board: a ticker of the 8 latest notices, 3 at a time, a move every 4000 ms.
const PAGE = '/notice-board/';
const PAUSE = 4000;

const ticker = ( page: Page ) => page.locator( '[data-tp-island="ticker"]' );
const toggle = ( page: Page ) => ticker( page ).locator( '.tp-ticker__toggle' );

/**
 * Records, in the page, when the list starts each move (its position changing with a transition,
 * not the jump back from the copies), as performance.now() times.
 */
async function recordMoves( page: Page ) {
	await page.evaluate( () => {
		const list =
			document.querySelector< HTMLElement >( '.tp-ticker__list' )!;
		const moves: number[] = [];
		( window as unknown as { tpMoves: number[] } ).tpMoves = moves;
		let last = list.style.getPropertyValue( '--tp-ticker-position' );
		new MutationObserver( () => {
			const now = list.style.getPropertyValue( '--tp-ticker-position' );
			if ( now !== last && list.style.transitionDuration !== '0ms' ) {
				moves.push( performance.now() );
			}
			last = now;
		} ).observe( list, { attributes: true, attributeFilter: [ 'style' ] } );
	} );
	return {
		moves: () =>
			page.evaluate(
				() => ( window as unknown as { tpMoves: number[] } ).tpMoves
			),
	};
}

/** Clock steps: what a timer sets off (a render, the next timer) happens between two steps. */
const STEP = 100;

/** Moves the page's paused clock on by `ms`, a step at a time. */
async function advance( page: Page, ms: number ) {
	for ( let done = 0; done < ms; done += STEP ) {
		await page.clock.runFor( STEP );
	}
}

/** The titles in the ticker's window, top first. */
const inView = ( page: Page ) =>
	ticker( page )
		.locator( '.tp-ticker__item' )
		.evaluateAll( ( items ) => {
			const window = items[ 0 ]!.closest( '.tp-ticker__window' )!;
			const box = window.getBoundingClientRect();
			return items
				.filter( ( item ) => {
					const rect = item.getBoundingClientRect();
					return (
						rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1
					);
				} )
				.map( ( item ) => item.querySelector( 'a' )!.textContent );
		} );

test.describe( 'ticker island', () => {
	test( 'shows three notices at once, and mounting moves nothing', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		await page.goto( PAGE );
		// It moves by itself, so it loads once it is in view, with no intent needed.
		await waitForIsland( page, 'ticker' );
		expect( await inView( page ) ).toHaveLength( 3 );
		await expect( toggle( page ) ).toHaveText( 'Pause' );
		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'moves every 4000 ms, and stands still under the pointer, with focus in it, and on its button', async ( {
		page,
	} ) => {
		// The page's clock runs as usual until the ticker is up, then moves only when the test
		// moves it: how busy the machine is changes nothing below.
		await page.clock.install();
		await page.goto( PAGE );
		await waitForIsland( page, 'ticker' );
		const { moves } = await recordMoves( page );
		await page.clock.pauseAt(
			( await page.evaluate( () => Date.now() ) ) + 1000
		);
		// On a busy machine a first move may have come before the clock stopped: moves count from
		// here, once the list stands still (its transition runs on the real clock).
		const before = ( await moves() ).length;
		await expect
			.poll( async () => ( await inView( page ) ).length )
			.toBe( 3 );
		const first = await inView( page );

		await advance( page, 2 * PAUSE );
		const [ a, b, ...more ] = ( await moves() ).slice( before );
		expect( more ).toEqual( [] );
		expect( b! - a! ).toBeGreaterThanOrEqual( PAUSE );
		expect( b! - a! ).toBeLessThanOrEqual( PAUSE + STEP );
		// Up by one notice each time (the move's transition runs on the real clock).
		await expect
			.poll( async () => ( await inView( page ) )[ 0 ] )
			.toBe( first[ 2 ] );

		// Under the pointer: a whole pause and more without a move.
		await ticker( page ).hover();
		let since = ( await moves() ).length;
		await page.clock.runFor( PAUSE + 500 );
		expect( await moves() ).toHaveLength( since );
		// It moves again a full pause after the pointer left, and not before.
		await page.mouse.move( 0, 0 );
		await page.clock.runFor( PAUSE - STEP );
		expect( await moves() ).toHaveLength( since );
		await advance( page, 2 * STEP );
		expect( await moves() ).toHaveLength( since + 1 );

		// Focus in it: the keyboard reaches the notices, and it waits.
		await ticker( page )
			.locator( '.tp-ticker__item:not([data-tp-copy]) .tp-ticker__link' )
			.first()
			.focus();
		since = ( await moves() ).length;
		await page.clock.runFor( PAUSE + 500 );
		expect( await moves() ).toHaveLength( since );
		await page.keyboard.press( 'Shift+Tab' );

		// Its button, by keyboard: stopped until Play.
		await toggle( page ).focus();
		await page.keyboard.press( 'Enter' );
		await expect( toggle( page ) ).toHaveText( 'Play' );
		await page.keyboard.press( 'Shift+Tab' );
		since = ( await moves() ).length;
		await page.clock.runFor( PAUSE + 500 );
		expect( await moves() ).toHaveLength( since );
		await toggle( page ).click();
		await expect( toggle( page ) ).toHaveText( 'Pause' );
	} );

	test( 'does not move for a visitor who prefers reduced motion, until asked to', async ( {
		page,
	} ) => {
		await page.emulateMedia( { reducedMotion: 'reduce' } );
		await page.goto( PAGE );
		await waitForIsland( page, 'ticker' );
		await expect( toggle( page ) ).toHaveText( 'Play' );
		const { moves } = await recordMoves( page );
		await page.waitForTimeout( PAUSE + 500 );
		expect( await moves() ).toEqual( [] );
	} );

	test( 'axe finds nothing in the ticker', async ( { page } ) => {
		await page.goto( PAGE );
		await waitForIsland( page, 'ticker' );
		await toggle( page ).click();
		await expect( toggle( page ) ).toHaveText( 'Play' );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'ticker without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'is a plain list of the latest notices, with no button and no copies', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		const links = ticker( page ).getByRole( 'link' );
		await expect( links ).toHaveCount( 8 );
		for ( const link of await links.all() ) {
			await expect( link ).toBeVisible();
		}
		await expect( toggle( page ) ).toBeHidden();
		await expect(
			ticker( page ).locator( '[data-tp-copy]' ).first()
		).toBeHidden();
	} );
} );
