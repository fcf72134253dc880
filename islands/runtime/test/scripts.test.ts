/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import type { ScriptDescription } from '../types';

type LoadScripts = (
	handles: string[],
	scripts: Record< string, ScriptDescription >
) => Promise< void >;

/** Inline code that notes, in the shared document, that it ran. */
function log( step: string ): string {
	return `document.documentElement.dataset.log = ( document.documentElement.dataset.log || '' ) + '${ step };';`;
}

/** The steps inline code has run so far. */
function ran(): string[] {
	return ( document.documentElement.dataset.log || '' )
		.split( ';' )
		.filter( Boolean );
}

const scripts: Record< string, ScriptDescription > = {
	react: {
		src: 'https://site.example/wp-includes/js/dist/vendor/react.min.js',
	},
	'react-dom': {
		src: 'https://site.example/wp-includes/js/dist/vendor/react-dom.min.js',
	},
	'wp-i18n': {
		src: 'https://site.example/wp-includes/js/dist/i18n.min.js',
		before: log( 'i18n before' ),
		after: log( 'i18n after' ),
	},
	'tp-inline': {
		before: log( 'inline before' ),
		after: log( 'inline after' ),
	},
	// As PHP describes a script when a CSP plugin and an SRI plugin filter its tags.
	'wp-hooks': {
		src: 'https://cdn.example/wp-includes/js/dist/hooks.min.js',
		translations: log( 'hooks translations' ),
		before: log( 'hooks before' ),
		after: log( 'hooks after' ),
		attributes: {
			src: {
				nonce: 'r4nd0m+/=',
				integrity: 'sha384-abc',
				crossorigin: '',
			},
			translations: { nonce: 'r4nd0m+/=' },
			before: { nonce: 'r4nd0m+/=' },
			after: { nonce: 'r4nd0m+/=' },
		},
	},
};

/** The <script> elements in <head>: "src#id async=…" for files, the code for inline ones. */
function headScripts(): string[] {
	return Array.from( document.head.querySelectorAll( 'script' ) ).map(
		( script ) =>
			script.src
				? `${ new URL( script.src ).pathname.split( '/' ).pop() }#${
						script.id
				  } async=${ script.async }`
				: script.textContent || ''
	);
}

function scriptFor( handle: string ): HTMLScriptElement {
	const element = document.getElementById( `${ handle }-js` );
	if ( ! ( element instanceof HTMLScriptElement ) ) {
		throw new Error( `no script for ${ handle }` );
	}
	return element;
}

/** Lets the promise chain in loadScripts move on. */
const settle = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

let loadScripts: LoadScripts;

beforeEach( async () => {
	// scripts.ts and load.ts remember what they loaded for the page's lifetime: fresh modules
	// per test. Put together as the runtime does: the downloads start, then run in order.
	vi.resetModules();
	const runtimeScripts = await import( '../scripts' );
	const loader = await import( '../load' );
	loadScripts = ( handles, described ) => {
		runtimeScripts.preloadScripts( handles, described );
		return loader.loadScripts( handles, described, runtimeScripts );
	};
} );

afterEach( () => {
	document.head.innerHTML = '';
	delete document.documentElement.dataset.log;
} );

describe( 'loadScripts', () => {
	it( 'starts every download at once with preload hints, whatever the execution order', async () => {
		loadScripts(
			[ 'react', 'react-dom', 'wp-i18n', 'tp-inline' ],
			scripts
		);
		await settle();
		const hints = Array.from(
			document.head.querySelectorAll< HTMLLinkElement >(
				'link[rel="preload"]'
			)
		);
		expect(
			hints.map( ( hint ) => [
				hint.as,
				new URL( hint.href ).pathname.split( '/' ).pop(),
			] )
		).toEqual( [
			[ 'script', 'react.min.js' ],
			[ 'script', 'react-dom.min.js' ],
			[ 'script', 'i18n.min.js' ],
		] );
		// Asked again, it adds no second hint.
		loadScripts( [ 'react', 'react-dom' ], scripts );
		expect(
			document.head.querySelectorAll( 'link[rel="preload"]' )
		).toHaveLength( 3 );
	} );

	it( 'adds the scripts one after another, in the order given, with async=false', async () => {
		const done = vi.fn();
		loadScripts( [ 'react', 'react-dom' ], scripts ).then( done );
		await settle();

		expect( headScripts() ).toEqual( [
			'react.min.js#react-js async=false',
		] );

		scriptFor( 'react' ).dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( headScripts() ).toEqual( [
			'react.min.js#react-js async=false',
			'react-dom.min.js#react-dom-js async=false',
		] );
		expect( done ).not.toHaveBeenCalled();

		scriptFor( 'react-dom' ).dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( done ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'runs the inline "before" code before the script and "after" only once it has loaded', async () => {
		const done = vi.fn();
		loadScripts( [ 'wp-i18n' ], scripts ).then( done );
		await settle();

		expect( ran() ).toEqual( [ 'i18n before' ] );
		expect( headScripts() ).toEqual( [
			scripts[ 'wp-i18n' ]!.before,
			'i18n.min.js#wp-i18n-js async=false',
		] );

		scriptFor( 'wp-i18n' ).dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( ran() ).toEqual( [ 'i18n before', 'i18n after' ] );
		expect( headScripts() ).toEqual( [
			scripts[ 'wp-i18n' ]!.before,
			'i18n.min.js#wp-i18n-js async=false',
			scripts[ 'wp-i18n' ]!.after,
		] );
		expect( done ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'runs the inline parts of a handle that has no file at once', async () => {
		await loadScripts( [ 'tp-inline' ], scripts );

		expect( ran() ).toEqual( [ 'inline before', 'inline after' ] );
	} );

	it( 'loads a handle once per page, however often it is asked for', async () => {
		const first = loadScripts( [ 'react' ], scripts );
		const second = loadScripts( [ 'react' ], scripts );
		await settle();
		expect( headScripts() ).toHaveLength( 1 );

		scriptFor( 'react' ).dispatchEvent( new Event( 'load' ) );
		await Promise.all( [ first, second ] );

		await loadScripts( [ 'react' ], scripts );
		expect( headScripts() ).toEqual( [
			'react.min.js#react-js async=false',
		] );
	} );

	it( 'skips a script WordPress already printed (an element with id "<handle>-js")', async () => {
		const printed = document.createElement( 'script' );
		printed.id = 'react-js';
		printed.src =
			'https://site.example/wp-includes/js/dist/vendor/react.min.js?ver=18.3.1';
		document.head.append( printed );

		const done = loadScripts( [ 'react', 'react-dom' ], scripts );
		await settle();

		expect( document.querySelectorAll( '#react-js' ) ).toHaveLength( 1 );
		expect( scriptFor( 'react' ) ).toBe( printed );
		expect( headScripts() ).toHaveLength( 2 );
		expect( headScripts()[ 1 ] ).toBe(
			'react-dom.min.js#react-dom-js async=false'
		);
		scriptFor( 'react-dom' ).dispatchEvent( new Event( 'load' ) );
		await expect( done ).resolves.toBeUndefined();
	} );

	it( 'adds the translations, the "before" code, the file and the "after" code in the order WordPress prints them, with its ids', async () => {
		const done = loadScripts( [ 'wp-hooks' ], scripts );
		await settle();
		scriptFor( 'wp-hooks' ).dispatchEvent( new Event( 'load' ) );
		await done;

		expect( ran() ).toEqual( [
			'hooks translations',
			'hooks before',
			'hooks after',
		] );
		expect(
			Array.from( document.head.querySelectorAll( 'script' ) ).map(
				( script ) => script.id
			)
		).toEqual( [
			'wp-hooks-js-translations',
			'wp-hooks-js-before',
			'wp-hooks-js',
			'wp-hooks-js-after',
		] );
	} );

	it( "gives every element it adds the attributes WordPress's filters gave that tag, the nonce also as the property", async () => {
		const done = loadScripts( [ 'wp-hooks' ], scripts );
		await settle();
		scriptFor( 'wp-hooks' ).dispatchEvent( new Event( 'load' ) );
		await done;

		const file = scriptFor( 'wp-hooks' );
		const hint = document.head.querySelector( 'link[rel="preload"]' )!;
		// The hint carries them too: a preload without the nonce is blocked, one without the
		// integrity is not used and the file comes twice.
		for ( const element of [ file, hint ] ) {
			expect( element.getAttribute( 'nonce' ) ).toBe( 'r4nd0m+/=' );
			expect( ( element as HTMLElement ).nonce ).toBe( 'r4nd0m+/=' );
			expect( element.getAttribute( 'integrity' ) ).toBe( 'sha384-abc' );
			expect( element.getAttribute( 'crossorigin' ) ).toBe( '' );
		}
		expect( file.src ).toBe( scripts[ 'wp-hooks' ]!.src );
		expect( file.async ).toBe( false );
		for ( const part of [ 'translations', 'before', 'after' ] ) {
			const inline = document.getElementById( `wp-hooks-js-${ part }` )!;
			expect( inline.getAttribute( 'nonce' ) ).toBe( 'r4nd0m+/=' );
			expect( inline.nonce ).toBe( 'r4nd0m+/=' );
			expect( inline.hasAttribute( 'integrity' ) ).toBe( false );
		}
	} );

	it( 'adds no attribute of its own where the filters gave none', async () => {
		const done = loadScripts( [ 'wp-i18n' ], scripts );
		await settle();
		scriptFor( 'wp-i18n' ).dispatchEvent( new Event( 'load' ) );
		await done;

		const elements = Array.from( document.head.children );
		expect( elements.map( ( element ) => element.tagName ) ).toEqual( [
			'LINK',
			'SCRIPT',
			'SCRIPT',
			'SCRIPT',
		] );
		for ( const element of elements ) {
			expect(
				element
					.getAttributeNames()
					.filter(
						( name ) =>
							! [ 'as', 'href', 'rel', 'id', 'src' ].includes(
								name
							)
					)
			).toEqual( [] );
			expect( ( element as HTMLElement ).nonce || '' ).toBe( '' );
		}
	} );

	it( 'resolves at once for a handle it knows nothing about', async () => {
		await expect(
			loadScripts( [ 'not-registered' ], scripts )
		).resolves.toBeUndefined();
		expect( headScripts() ).toEqual( [] );
	} );

	it( 'rejects when a script fails to load, stops there, and can try again', async () => {
		const first = loadScripts( [ 'react', 'react-dom' ], scripts );
		await settle();
		scriptFor( 'react' ).dispatchEvent( new Event( 'error' ) );

		await expect( first ).rejects.toThrow( 'could not load react' );
		expect( document.getElementById( 'react-js' ) ).toBeNull();
		expect( document.getElementById( 'react-dom-js' ) ).toBeNull();

		const retry = loadScripts( [ 'react' ], scripts );
		await settle();
		expect( headScripts() ).toEqual( [
			'react.min.js#react-js async=false',
		] );
		scriptFor( 'react' ).dispatchEvent( new Event( 'load' ) );
		await expect( retry ).resolves.toBeUndefined();
	} );
} );
