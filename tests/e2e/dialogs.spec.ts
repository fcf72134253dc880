/**
 * Every island's dialog is one component with one look: the sign-in and lost-password popups, the
 * share bar's "More sharing services" and Mastodon dialogs, the notice quick view and the picture
 * lightbox. Each fits the screen (nothing inside it is wider than its box, so nothing is cut off
 * at 360 px), and each has the same Close button.
 */
import { expect, test, type Page } from '@playwright/test';
import { firstNoticePath } from './support/site';

interface Look {
	dialog: string;
	/** Boxes inside the dialog that reach past its right edge. */
	cutOff: string[];
	close: Record< string, string >;
}

/** The open dialog: what sticks out of it, and how its Close button looks. */
async function look( page: Page ): Promise< Look > {
	const dialog = page.locator( 'dialog[open]' );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'button', { name: 'Close', exact: true } )
	).toBeVisible();
	return dialog.evaluate( ( element ) => {
		const edge = element.getBoundingClientRect().right;
		const cutOff = Array.from( element.querySelectorAll( '*' ) )
			.filter(
				( child ) => child.getBoundingClientRect().right > edge + 0.5
			)
			.map(
				( child ) =>
					`${ child.tagName.toLowerCase() }.${ Array.from(
						child.classList
					).join( '.' ) } reaches ${ Math.round(
						child.getBoundingClientRect().right
					) } of ${ Math.round( edge ) }`
			);
		const button = Array.from( element.querySelectorAll( 'button' ) ).find(
			( candidate ) => candidate.textContent?.trim() === 'Close'
		)!;
		const style = getComputedStyle( button );
		const close = Object.fromEntries(
			[
				'background-color',
				'border-top-width',
				'border-top-style',
				'border-top-color',
				'border-radius',
				'color',
				'font-size',
				'font-family',
				'font-weight',
				'height',
				'padding-left',
				'cursor',
			].map( ( name ) => [ name, style.getPropertyValue( name ) ] )
		);
		return { dialog: element.className, cutOff, close };
	} );
}

test( 'every dialog fits the screen and closes with the same Close button', async ( {
	page,
	request,
} ) => {
	const looks: Look[] = [];

	await page.goto( '/' );
	await page.locator( '[data-tp-account-open="login"]' ).first().click();
	looks.push( await look( page ) );
	await page.keyboard.press( 'Escape' );

	await page.locator( '.tp-quick-view__open' ).first().click();
	await expect(
		page.locator( 'dialog[open] .tp-notice-facts' ).first()
	).toBeVisible();
	looks.push( await look( page ) );
	await page.keyboard.press( 'Escape' );

	await page.goto( await firstNoticePath( request ) );
	const bar = page.locator( '.tp-share' ).first();
	await bar.locator( '.tp-share__list' ).hover();
	await expect( bar ).toHaveAttribute( 'data-tp-state', 'mounted' );
	await bar.locator( 'summary' ).click();
	looks.push( await look( page ) );
	await page.locator( 'dialog[open] [data-tp-service="mastodon"]' ).click();
	await expect(
		page.getByRole( 'dialog', { name: 'Your Mastodon Instance' } )
	).toBeVisible();
	looks.push( await look( page ) );
	await page.keyboard.press( 'Escape' );

	await page.goto( '/site-visit/' );
	await page
		.locator( '[data-tp-island="lightbox"] a.tp-lightbox__link' )
		.first()
		.click();
	looks.push( await look( page ) );

	for ( const { dialog, cutOff } of looks ) {
		expect( cutOff, `cut off in ${ dialog }` ).toEqual( [] );
	}
	for ( const { dialog, close } of looks.slice( 1 ) ) {
		expect( close, `Close in ${ dialog }` ).toEqual( looks[ 0 ]!.close );
	}
} );
