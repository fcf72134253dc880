/**
 * The plugin in Hindi, end to end. A site whose language is hi_IN (a server of its own, on its
 * own copy of the database) serves the listing in Hindi, and the paginator island, once mounted,
 * names its links and announces a page loaded in place in Hindi. On the English site, a
 * pagination_request that asks for lang=hi_IN gets its page in Hindi, and one that asks for a
 * language the plugin has no translation for gets it in English.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { setSiteLanguage, startOwnServer } from './support/own-server';
import { waitForIsland } from './support/site';

const HINDI_STATUSES = [
	'खुली',
	'जल्द बंद होगी',
	'बंद',
	'कोई अंतिम तिथि नहीं',
];
const ENGLISH_STATUSES = [ 'Open', 'Closing soon', 'Closed', 'No deadline' ];

/** The status badges' words in a piece of HTML. */
const statuses = ( html: string ) =>
	[
		...html.matchAll( /<span class="tp-status [^"]*">([^<]*)<\/span>/g ),
	].map( ( match ) => match[ 1 ] );

/** The listing's sid on the home page of a server. */
async function homeSid( request: APIRequestContext, url: string ) {
	const html = await ( await request.get( `${ url }/` ) ).text();
	const sid = /data-sid="([^"]+)"/.exec( html )?.[ 1 ];
	expect( sid ).toBeTruthy();
	return sid!;
}

test( 'a site in Hindi shows the listing, and the paginator after it mounts, in Hindi', async ( {
	page,
}, testInfo ) => {
	test.slow();
	// A port and database of this test's own, apart from the shared e2e server's.
	const port =
		Number( process.env.E2E_PORT || 8891 ) + 40 + testInfo.workerIndex;
	const database = `i18n-${ testInfo.workerIndex }`;
	const server = await startOwnServer( port, database );
	try {
		setSiteLanguage( database, 'hi_IN' );

		// The server's markup, as a visitor without JavaScript gets it.
		const html = await (
			await page.request.get( `${ server.url }/` )
		).text();
		expect( html ).toContain( 'aria-label="सूचनाओं के पृष्ठ"' );
		// The theme's strings, from its own text domain's files, on the same page as the plugin's.
		expect( html ).toContain( 'नवीनतम सूचनाएँ' );
		expect( html ).toContain( 'सामग्री पर जाएँ' );
		const badges = statuses( html );
		expect( badges.length ).toBeGreaterThan( 0 );
		expect(
			badges.filter( ( badge ) => ! HINDI_STATUSES.includes( badge! ) )
		).toEqual( [] );

		await page.goto( `${ server.url }/` );
		const nav = page.locator( 'nav.tp-pagination' ).first();
		await expect( nav ).toHaveAttribute( 'aria-label', 'सूचनाओं के पृष्ठ' );
		// Intent mounts the island; the click is replayed on it and loads page 2 in place.
		await nav.getByRole( 'link', { name: 'पृष्ठ 2', exact: true } ).click();
		await waitForIsland( page, 'paginator' );
		await expect( nav ).toHaveAttribute( 'data-currentpage', '2' );
		await expect( page ).toHaveURL( /\/page\/2\/$/ );
		// What screen readers hear, and the links the island now renders, are Hindi.
		await expect( page.locator( '#a11y-speak-polite' ) ).toContainText(
			/\d+ में से पृष्ठ 2 लोड हो गया।/
		);
		await expect(
			nav.getByRole( 'link', { name: 'पृष्ठ 1', exact: true } )
		).toBeVisible();
		await expect(
			nav.getByRole( 'link', { name: 'पिछला' } )
		).toBeVisible();
		// The page it loaded came in Hindi too.
		const loaded = await page
			.locator( '.tp-listing__items .tp-status' )
			.allTextContents();
		expect( loaded.length ).toBeGreaterThan( 0 );
		expect(
			loaded.filter( ( badge ) => ! HINDI_STATUSES.includes( badge ) )
		).toEqual( [] );
	} finally {
		await server.stop();
	}
} );

test( 'on the English site, pagination_request answers in Hindi for lang=hi_IN and in English for a language without a translation', async ( {
	request,
	baseURL,
} ) => {
	const sid = await homeSid( request, baseURL! );
	const ask = async ( lang: string ) => {
		const response = await request.post( '/wp-admin/admin-ajax.php', {
			form: {
				action: 'pagination_request',
				sid,
				unid: 'tp-listing-1',
				iselementor: '0',
				isblock: '1',
				postid: '0',
				page: '2',
				lang,
				ajax_nonce: '',
				custom_data: '',
			},
		} );
		expect( response.status() ).toBe( 200 );
		return statuses( await response.text() );
	};

	const hindi = await ask( 'hi_IN' );
	expect( hindi.length ).toBeGreaterThan( 0 );
	expect(
		hindi.filter( ( badge ) => ! HINDI_STATUSES.includes( badge! ) )
	).toEqual( [] );

	for ( const lang of [ 'fr_FR', 'en_US' ] ) {
		const english = await ask( lang );
		expect( english ).toHaveLength( hindi.length );
		expect(
			english.filter( ( badge ) => ! ENGLISH_STATUSES.includes( badge! ) )
		).toEqual( [] );
	}
} );
