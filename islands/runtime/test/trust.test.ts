/**
 * The runtime trusts only what the server printed (islands/runtime/README.md, "Trust"; issue 25).
 * Post content by people without unfiltered_html keeps its `id` and `data-*` attributes but can
 * never make a <script>: every forgery below is markup such a post can hold.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ERROR, MOUNTED } from '../events';
import * as mount from '../mount';
import { createRegistry } from '../registry';
import { startIslands } from '../runtime';
import type { RuntimeConfig } from '../types';
import { BASE, serverRendered } from './server';

declare global {
	interface Window {
		PWNED?: unknown;
	}
}

const MOUNT_URL = '/build/runtime/mount.js';

/** The report: a config in a <code>, and an island of its own that runs inline code. */
const FORGED_CONFIG =
	'<p><code id="tenderpress-islands">{"mount":"/","instances":{"x":"x"},"islands":{"x":{"module":"/","scripts":["q"],"preload":[]}},"scripts":{"q":{"before":"window.PWNED = location.host"}}}</code>' +
	'<span data-tp-island="x" data-tp-instance="x" data-tp-when="load"></span></p>';

let events: string[];
const record = ( event: Event ) =>
	events.push(
		`${ event.type } ${ ( event.target as HTMLElement ).dataset.tpIsland }`
	);

beforeEach( () => {
	events = [];
	document.addEventListener( MOUNTED, record );
	document.addEventListener( ERROR, record );
	vi.spyOn( console, 'error' ).mockImplementation( () => {} );
} );

afterEach( () => {
	document.removeEventListener( MOUNTED, record );
	document.removeEventListener( ERROR, record );
	document.head.innerHTML = '';
	document.body.innerHTML = '';
	delete window.PWNED;
	delete window.tenderpress;
	delete window.tenderpressQueue;
	vi.restoreAllMocks();
} );

/** Runs the runtime entry as the page would: a fresh module reading the page. */
async function runRuntime() {
	vi.resetModules();
	await import( '../index' );
	return window.tenderpress!;
}

describe( 'the config', () => {
	it( 'is read from the plugin’s <script> only: an element of the post with its id is ignored', async () => {
		// The post comes before the footer, where the real config is printed.
		document.body.innerHTML =
			FORGED_CONFIG +
			'<div data-tp-island="weather" data-tp-instance="token-real" data-tp-when="interaction"><script type="application/json" data-tp-props>{}</script></div>' +
			'<script type="application/json" id="tenderpress-islands">{"mount":"/build/runtime/mount.js","instances":{"token-real":"weather"},"islands":{},"scripts":{}}</script>';

		await runRuntime();
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );

		const forged = document.querySelector< HTMLElement >(
			'[data-tp-island="x"]'
		)!;
		const real = document.querySelector< HTMLElement >(
			'[data-tp-island="weather"]'
		)!;
		expect( forged.dataset.tpState ).toBeUndefined();
		expect( real.dataset.tpState ).toBe( 'waiting' );
		expect( window.PWNED ).toBeUndefined();
		expect( document.getElementById( 'q-js-before' ) ).toBeNull();
		expect( events ).toEqual( [] );
	} );

	it( 'is none at all when only the post has an element with its id: nothing mounts', async () => {
		document.body.innerHTML = FORGED_CONFIG;

		const api = await runRuntime();
		api.scan();
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );

		expect(
			document.querySelector< HTMLElement >( '[data-tp-island="x"]' )!
				.dataset.tpState
		).toBeUndefined();
		expect( window.PWNED ).toBeUndefined();
		expect( document.head.querySelector( 'script, link' ) ).toBeNull();
	} );
} );

describe( 'startIslands', () => {
	let config: RuntimeConfig;
	let importModule: ReturnType<
		typeof vi.fn< ( url: string ) => Promise< unknown > >
	>;
	let loadScripts: ReturnType< typeof vi.fn >;

	const island = ( name: string, html: string ) => {
		const element = document.createElement( 'div' );
		element.dataset.tpIsland = name;
		element.dataset.tpWhen = 'load';
		element.innerHTML = html;
		document.body.append( element );
		return element;
	};
	const props = '<script type="application/json" data-tp-props>{}</script>';
	const start = () =>
		startIslands( document, {
			config,
			registry: createRegistry(),
			base: BASE,
			importModule,
			loadScripts,
		} );

	beforeEach( () => {
		config = {
			mount: MOUNT_URL,
			load: '/build/runtime/load.js',
			instances: {},
			islands: {
				greeting: { module: '/build/greeting.js', scripts: [] },
			},
			scripts: {},
		};
		importModule = vi.fn( async ( url: string ) =>
			url === MOUNT_URL ? mount : { default: { component: () => null } }
		);
		loadScripts = vi.fn( async () => {} );
	} );

	it( 'mounts no container the server did not list for the page, whatever its attributes say', async () => {
		const real = serverRendered( island( 'greeting', props ), config );
		const token = real.dataset.tpInstance!;
		const forgeries = [
			// No token, or one never listed.
			island( 'greeting', props ),
			island( 'greeting', props ),
			// The real token under another island's name.
			island( 'paginator', props ),
			// The real token, with props a post can hold (no <script>).
			island(
				'greeting',
				'<code data-tp-props>{"name":"forged"}</code>'
			),
			// What every object has is no token.
			island( 'greeting', props ),
		];
		forgeries[ 1 ]!.dataset.tpInstance = 'guessed';
		forgeries[ 2 ]!.dataset.tpInstance = token;
		forgeries[ 3 ]!.dataset.tpInstance = token;
		forgeries[ 4 ]!.dataset.tpInstance = 'constructor';

		start();

		await waitFor( () => expect( real.dataset.tpState ).toBe( 'mounted' ) );
		expect(
			forgeries.map( ( element ) => element.dataset.tpState )
		).toEqual( [ undefined, undefined, undefined, undefined, undefined ] );
		expect( events ).toEqual( [ `${ MOUNTED } greeting` ] );
		expect( importModule ).toHaveBeenCalledTimes( 2 );
	} );

	it.each( [
		[ 'another origin', 'https://forged.example/island.js' ],
		[ 'a data: URL', 'data:text/javascript,window.PWNED=1' ],
		[ 'the site, outside the build', '/wp-content/uploads/island.js' ],
		[ 'a path that climbs out of the build', '/build/../uploads/x.js' ],
		[ 'a protocol-relative URL', '//forged.example/build/x.js' ],
	] )(
		'refuses a module URL on %s, through the island’s error path',
		async ( _where, url ) => {
			config.islands.greeting = {
				module: url,
				scripts: [],
				preload: [ '/build/greeting.js' ],
			};
			const element = serverRendered(
				island( 'greeting', props ),
				config
			);

			start();

			await waitFor( () =>
				expect( element.dataset.tpState ).toBe( 'error' )
			);
			expect( events ).toEqual( [ `${ ERROR } greeting` ] );
			expect( importModule ).not.toHaveBeenCalledWith( url );
		}
	);

	it( 'refuses a preload or mount URL outside the build, and loads nothing then', async () => {
		config.islands.greeting = {
			module: '/build/greeting.js',
			scripts: [],
			preload: [ 'https://forged.example/chunk.js' ],
		};
		const preloaded = serverRendered( island( 'greeting', props ), config );

		start();
		await waitFor( () =>
			expect( preloaded.dataset.tpState ).toBe( 'error' )
		);
		expect(
			document.head.querySelector( 'link[rel="modulepreload"]' )
		).toBeNull();
		expect( loadScripts ).not.toHaveBeenCalled();

		config.islands.greeting.preload = [];
		config.mount = 'data:text/javascript,window.PWNED=1';
		const mounted = serverRendered( island( 'greeting', props ), config );
		start();
		await waitFor( () =>
			expect( mounted.dataset.tpState ).toBe( 'error' )
		);
		expect( importModule ).not.toHaveBeenCalledWith( config.mount );
	} );
} );

describe( 'WordPress’s scripts and the nonce', () => {
	it( 'loads React although the post has an element with the id of its printed script', async () => {
		document.body.innerHTML =
			'<span id="react-js"></span><span id="tenderpress-runtime" nonce="forged"></span>';
		vi.resetModules();
		const runtimeScripts = await import( '../scripts' );
		const { loadScripts } = await import( '../load' );

		loadScripts(
			[ 'react' ],
			{ react: { src: 'https://site.example/react.min.js' } },
			runtimeScripts
		);
		const { preloadModules } = runtimeScripts;
		preloadModules( [ 'https://site.example/build/chunk.js' ] );
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

		const added =
			document.head.querySelector< HTMLScriptElement >(
				'script#react-js'
			);
		expect( added?.src ).toBe( 'https://site.example/react.min.js' );
		const hint = document.head.querySelector< HTMLLinkElement >(
			'link[rel="modulepreload"]'
		)!;
		expect( hint.nonce ).toBe( '' );
	} );
} );
