/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { show, watchLazyMedia } from '../lazy-media';

// The server's markup (tests/php/ContractFixturesTest.php records it from LazyMedia::render()):
// an eager first picture, a lazy one with a srcset, a carousel of three lazy slides and a frame.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/lazy-media.json' ),
		'utf8'
	)
) as { html: string };

/** Stands in for the browser's IntersectionObserver: a test says what comes near the viewport. */
class FakeIntersectionObserver {
	static instance: FakeIntersectionObserver | undefined;
	readonly observed = new Set< Element >();

	constructor(
		readonly callback: IntersectionObserverCallback,
		readonly options: IntersectionObserverInit = {}
	) {
		FakeIntersectionObserver.instance = this;
	}

	observe( target: Element ) {
		this.observed.add( target );
	}

	unobserve( target: Element ) {
		this.observed.delete( target );
	}

	disconnect() {
		this.observed.clear();
	}

	takeRecords() {
		return [];
	}

	/** Reports these elements near the viewport (only those still watched, as the browser does). */
	near( ...targets: Element[] ) {
		this.callback(
			targets
				.filter( ( target ) => this.observed.has( target ) )
				.map(
					( target ) =>
						( {
							target,
							isIntersecting: true,
						} ) as IntersectionObserverEntry
				),
			this as unknown as IntersectionObserver
		);
	}
}

const observer = () => FakeIntersectionObserver.instance!;
const picture = ( name: string ) =>
	document.querySelector< HTMLImageElement >(
		`img[alt="Fixture ${ name }"]`
	)!;
const frame = () => document.querySelector( 'iframe' )!;
/** The address a visitor's browser would fetch now: none while it is a blank stand-in. */
const fetched = ( element: Element ) => {
	const src = element.getAttribute( 'src' );
	return src === null || src.startsWith( 'data:' ) ? null : src;
};

beforeEach( () => {
	vi.stubGlobal( 'IntersectionObserver', FakeIntersectionObserver );
	document.body.innerHTML = recording.html;
	watchLazyMedia();
} );

afterEach( () => {
	vi.unstubAllGlobals();
	FakeIntersectionObserver.instance = undefined;
} );

describe( 'lazy media', () => {
	it( 'watches only the stand-ins, with the spec’s 200 px root margin', () => {
		expect( observer().options.rootMargin ).toBe( '200px' );
		expect( [ ...observer().observed ] ).toEqual( [
			picture( 'second' ),
			picture( 'slide-1' ),
			picture( 'slide-2' ),
			picture( 'slide-3' ),
			frame(),
		] );
		// WordPress left the first picture eager: it loads as it is.
		expect( fetched( picture( 'first' ) ) ).toBe(
			'/wp-content/uploads/first.png'
		);
	} );

	it( 'fetches nothing until a stand-in comes near the viewport', () => {
		for ( const element of observer().observed ) {
			expect( fetched( element ) ).toBeNull();
		}
	} );

	it( 'gives a picture near the viewport its address and srcset, once', () => {
		const second = picture( 'second' );
		observer().near( second );

		expect( fetched( second ) ).toBe( '/wp-content/uploads/second.png' );
		expect( second.getAttribute( 'srcset' ) ).toBe(
			'/wp-content/uploads/second-600.png 600w, /wp-content/uploads/second.png 1200w'
		);
		expect( second.hasAttribute( 'data-tp-lazy' ) ).toBe( false );
		expect( observer().observed.has( second ) ).toBe( false );
		// The others still wait.
		expect( fetched( picture( 'slide-1' ) ) ).toBeNull();
		expect( fetched( frame() ) ).toBeNull();
	} );

	it( 'loads a carousel slide’s neighbours with it, and no further', () => {
		observer().near( picture( 'slide-1' ) );

		expect( fetched( picture( 'slide-1' ) ) ).toBe(
			'/wp-content/uploads/slide-1.png'
		);
		expect( fetched( picture( 'slide-2' ) ) ).toBe(
			'/wp-content/uploads/slide-2.png'
		);
		expect( fetched( picture( 'slide-3' ) ) ).toBeNull();

		observer().near( picture( 'slide-2' ) );
		expect( fetched( picture( 'slide-3' ) ) ).toBe(
			'/wp-content/uploads/slide-3.png'
		);
	} );

	it( 'gives a frame its address when it comes near', () => {
		observer().near( frame() );
		expect( frame().getAttribute( 'src' ) ).toBe(
			'/tenders/fixture/embed/'
		);
	} );

	it( 'gives a stand-in typed into a post no address that is not a web address', () => {
		// Post content keeps data-* attributes, and WordPress checks the protocol of `src`, not
		// theirs: a frame (where a site allows them) must not get a javascript: address.
		document.body.insertAdjacentHTML(
			'beforeend',
			'<iframe class="forged" data-tp-lazy data-tp-src="  JaVa&#9;script:parent.PWNED=1"></iframe>' +
				'<iframe class="forged" data-tp-lazy data-tp-src="data:text/html,<script>parent.PWNED=1</script>"></iframe>'
		);
		const forged = Array.from( document.querySelectorAll( '.forged' ) );
		forged.forEach( show );
		expect(
			forged.map( ( element ) => element.getAttribute( 'src' ) )
		).toEqual( [ null, null ] );
	} );

	it( 'leaves an element that is not a stand-in as it is', () => {
		const first = picture( 'first' );
		show( first );
		expect( first.getAttribute( 'src' ) ).toBe(
			'/wp-content/uploads/first.png'
		);
		const second = picture( 'second' );
		show( second );
		second.setAttribute( 'src', '/changed-by-another-script.png' );
		show( second );
		expect( second.getAttribute( 'src' ) ).toBe(
			'/changed-by-another-script.png'
		);
	} );

	it( 'shows every stand-in before the page is printed', () => {
		window.dispatchEvent( new Event( 'beforeprint' ) );
		for ( const name of [ 'second', 'slide-1', 'slide-2', 'slide-3' ] ) {
			expect( fetched( picture( name ) ) ).toBe(
				`/wp-content/uploads/${ name }.png`
			);
		}
		expect( frame().getAttribute( 'src' ) ).toBe(
			'/tenders/fixture/embed/'
		);
	} );

	it( 'shows every stand-in at once in a browser without IntersectionObserver', () => {
		vi.stubGlobal( 'IntersectionObserver', undefined );
		document.body.innerHTML = recording.html;
		watchLazyMedia();
		expect( document.querySelectorAll( '[data-tp-lazy]' ) ).toHaveLength(
			0
		);
		expect( fetched( picture( 'slide-3' ) ) ).toBe(
			'/wp-content/uploads/slide-3.png'
		);
	} );
} );
