import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations, firstNoticePath } from './support/site';

// The newest notice of the demo has two corrigenda (scripts/seed): the newer extends its
// deadline, the older revises its bill of quantities. Its page warns of both at the top; the
// corrigendum's page names the notice it amends, with no status or reminder of its own.

const MONTHS = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
];

/**
 * A notice's publication date as the site prints it (its date format, `j M Y`), from the date
 * the REST API gives in the site's time: the seed dates content from the day it ran.
 */
async function shownDate( request: APIRequestContext, path: string ) {
	const slug = path.split( '/' ).filter( Boolean ).pop();
	const [ post ] = await (
		await request.get( `/wp-json/wp/v2/tenders?slug=${ slug }` )
	).json();
	const [ , year, month, day ] =
		/^(\d{4})-(\d{2})-(\d{2})/.exec( String( post.date ) ) ?? [];
	return `${ Number( day ) } ${ MONTHS[ Number( month ) - 1 ] } ${ year }`;
}

test.describe( 'a notice a corrigendum changed', () => {
	test( 'warns at the top, before its facts, and links to the corrigendum', async ( {
		page,
		request,
	} ) => {
		const noticePath = await firstNoticePath( request );
		await page.goto( noticePath );
		const title = await page.locator( 'main h1' ).innerText();
		const banner = page.getByRole( 'region', {
			name: 'This notice has been changed',
		} );
		await expect( banner ).toBeVisible();
		// Near the top: right under the title, above the key facts it warns about.
		const facts = page.locator( '.tp-notice-facts__list' ).first();
		const bannerBox = await banner.boundingBox();
		const factsBox = await facts.boundingBox();
		expect( bannerBox!.y ).toBeLessThan( factsBox!.y );
		// The key facts wear their own stylesheet (rows in a grid, not a bare <dl>).
		await expect(
			facts.locator( '.tp-notice-facts__row' ).first()
		).toHaveCSS( 'display', 'grid' );

		const lines = banner.getByRole( 'listitem' );
		await expect( lines ).toHaveCount( 2 );
		const newest = lines.first().getByRole( 'link', {
			name: 'see the corrigendum',
		} );
		const corrigendumPath = new URL(
			( await newest.getAttribute( 'href' ) )!
		).pathname;
		await expect( lines.first() ).toHaveText(
			`Changed on ${ await shownDate(
				request,
				corrigendumPath
			) }: deadline extended — see the corrigendum`
		);
		expect( await axeViolations( page ) ).toEqual( [] );

		await newest.click();
		await expect( page ).toHaveURL( new RegExp( `${ corrigendumPath }$` ) );
		await expect( page.locator( 'main h1' ) ).toContainText( title );
	} );

	test( 'the corrigendum names the notice it amends and offers no status or reminder', async ( {
		page,
		request,
	} ) => {
		const noticePath = await firstNoticePath( request );
		await page.goto( noticePath );
		const title = await page.locator( 'main h1' ).innerText();
		const corrigendumPath = new URL(
			( await page
				.getByRole( 'region', { name: 'This notice has been changed' } )
				.getByRole( 'link', { name: 'see the corrigendum' } )
				.first()
				.getAttribute( 'href' ) )!
		).pathname;

		await page.goto( corrigendumPath );
		const banner = page.getByRole( 'region', {
			name: 'Corrigendum to an earlier notice',
		} );
		await expect( banner ).toBeVisible();
		await expect( banner ).toContainText(
			`Changed on ${ await shownDate(
				request,
				corrigendumPath
			) }: deadline extended.`
		);
		const amended = banner.getByRole( 'link', {
			name: title,
			exact: true,
		} );
		await expect( amended ).toHaveAttribute(
			'href',
			new RegExp( `${ noticePath }$` )
		);
		await expect(
			page.locator( '.tp-notice-facts__row' ).first()
		).toHaveCSS( 'display', 'grid' );
		// Its deadline is the notice's: no "Open", no time left, no reminder here.
		await expect( page.locator( 'main .tp-status' ) ).toHaveCount( 0 );
		await expect(
			page.locator( 'main .tp-notice-facts__time-left' )
		).toHaveCount( 0 );
		await expect( page.locator( 'main form.tp-reminder' ) ).toHaveCount(
			0
		);
		await expect(
			page.getByRole( 'button', { name: /remind me/i } )
		).toHaveCount( 0 );
		expect( await axeViolations( page ) ).toEqual( [] );

		await amended.click();
		await expect( page ).toHaveURL( new RegExp( `${ noticePath }$` ) );
	} );
} );
