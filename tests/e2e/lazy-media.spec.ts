import { expect, test, type Page, type Request } from '@playwright/test';
import {
	axeViolations,
	layoutShiftSources,
	observeLayoutShift,
} from './support/site';

// The demo's site-visit guide: a gallery of three pictures at the top (WordPress keeps the first
// pictures of a page eager), text, a carousel of three more pictures and an embedded notice.
const PAGE = '/site-visit/';
// The spec's lazy-load root margin.
const MARGIN = 200;

const CAROUSEL_PICTURE = /site-visit-(bridge|market|well)[\w-]*\.png$/;
const EMBED = /\/embed\/$/;

/** The media a visitor's browser has asked for so far: each request's address. */
function recordMedia( page: Page ): Request[] {
	const media: Request[] = [];
	page.on( 'request', ( request ) => {
		if ( /\.png$|\/embed\/$/.test( request.url() ) ) {
			media.push( request );
		}
	} );
	return media;
}

const asked = ( media: Request[], pattern: RegExp ) =>
	media
		.map( ( request ) => request.url() )
		.filter( ( url ) => pattern.test( url ) )
		.map( ( url ) => url.replace( /^.*\/(?=[^/]+\/?$)/, '' ) );

const slidePicture = ( page: Page, n: number ) =>
	page.locator( '.tp-carousel__slide' ).nth( n ).locator( 'img' ).first();
const frame = ( page: Page ) => page.locator( 'iframe.wp-embedded-content' );

/** Scrolls so the element's top is `distance` px below the bottom of the window. */
async function scrollToDistance(
	page: Page,
	selector: string,
	distance: number
) {
	await page.evaluate(
		( [ css, gap ] ) => {
			const element = document.querySelector( css as string )!;
			const top = element.getBoundingClientRect().top + window.scrollY;
			window.scrollTo( {
				top: top - window.innerHeight - ( gap as number ),
				behavior: 'instant',
			} );
		},
		[ selector, distance ]
	);
	// Two frames: the observer reports after the scroll's layout.
	await page.evaluate(
		() =>
			new Promise( ( resolve ) =>
				requestAnimationFrame( () => requestAnimationFrame( resolve ) )
			)
	);
}

test.describe( 'lazy media', () => {
	test( 'pictures and frames further down load only within 200 px of the window, and nothing moves when they do', async ( {
		page,
	} ) => {
		const shifted = await observeLayoutShift( page );
		const media = recordMedia( page );
		await page.goto( PAGE );
		await page.waitForLoadState( 'networkidle' );

		// The gallery at the top loads as WordPress decided; nothing further down does.
		expect(
			asked( media, /site-visit-(road|pump-house|school)/ )
		).toHaveLength( 3 );
		expect( asked( media, CAROUSEL_PICTURE ) ).toEqual( [] );
		expect( asked( media, EMBED ) ).toEqual( [] );

		// Scrolled to just beyond the margin: still nothing.
		await scrollToDistance( page, '.tp-carousel__slide img', MARGIN + 60 );
		await page.waitForTimeout( 300 );
		expect( asked( media, CAROUSEL_PICTURE ) ).toEqual( [] );

		// Within it: the first slide's picture and its neighbour's, not the third.
		await scrollToDistance( page, '.tp-carousel__slide img', MARGIN - 60 );
		await expect
			.poll( () => asked( media, CAROUSEL_PICTURE ).sort() )
			.toEqual( [
				expect.stringMatching( /^site-visit-bridge/ ),
				expect.stringMatching( /^site-visit-market/ ),
			] );
		await expect( slidePicture( page, 0 ) ).toHaveJSProperty(
			'naturalWidth',
			1200
		);
		await page.waitForTimeout( 300 );
		expect( asked( media, /site-visit-well/ ) ).toEqual( [] );
		expect( asked( media, EMBED ) ).toEqual( [] );

		// The embedded notice, the same way.
		await scrollToDistance(
			page,
			'iframe.wp-embedded-content',
			MARGIN + 60
		);
		await page.waitForTimeout( 300 );
		expect( asked( media, EMBED ) ).toEqual( [] );
		await scrollToDistance(
			page,
			'iframe.wp-embedded-content',
			MARGIN - 60
		);
		await expect.poll( () => asked( media, EMBED ).length ).toBe( 1 );
		await expect(
			frame( page ).contentFrame().locator( '.wp-embed-heading' )
		).toBeVisible();

		expect(
			await shifted(),
			`moved: ${ ( await layoutShiftSources( page ) ).join( '; ' ) }`
		).toBe( 0 );
	} );

	test( 'the carousel’s next picture is ready when it turns to it', async ( {
		page,
	} ) => {
		const media = recordMedia( page );
		await page.goto( PAGE );
		await page.locator( '.tp-carousel' ).scrollIntoViewIfNeeded();
		await expect
			.poll( () => asked( media, CAROUSEL_PICTURE ).length )
			.toBe( 2 );
		await page
			.locator( '.tp-carousel' )
			.getByRole( 'button', { name: 'Next', exact: true } )
			.click();
		// The second slide in view asks for the third.
		await expect
			.poll( () => asked( media, /site-visit-well/ ).length )
			.toBe( 1 );
		await expect( slidePicture( page, 1 ) ).toHaveJSProperty(
			'naturalWidth',
			1200
		);
	} );

	test( 'axe finds nothing once every picture and frame has loaded', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		await scrollToDistance( page, 'iframe.wp-embedded-content', -400 );
		await expect( frame( page ) ).toHaveAttribute( 'src', EMBED );
		expect( await axeViolations( page ) ).toEqual( [] );
	} );
} );

test.describe( 'lazy media without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'every picture and frame loads as the browser decides, and no stand-in shows', async ( {
		page,
	} ) => {
		await page.goto( PAGE );
		const standIns = page.locator( '[data-tp-lazy]' );
		await expect( standIns ).toHaveCount( 4 );
		for ( const standIn of await standIns.all() ) {
			await expect( standIn ).toBeHidden();
		}
		// The originals, from the noscript beside each stand-in.
		const originals = page.locator(
			'.tp-carousel__slide img:not([data-tp-lazy])'
		);
		await expect( originals ).toHaveCount( 3 );
		await originals.first().scrollIntoViewIfNeeded();
		await expect( originals.first() ).toBeVisible();
		await expect( originals.first() ).toHaveJSProperty(
			'naturalWidth',
			1200
		);
		const original = page.locator(
			'iframe.wp-embedded-content:not([data-tp-lazy])'
		);
		await original.scrollIntoViewIfNeeded();
		await expect( original ).toBeVisible();
		await expect( original ).toHaveAttribute( 'src', EMBED );
	} );
} );
