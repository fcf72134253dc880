/**
 * External dependencies
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	vi,
	type MockInstance,
} from 'vitest';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { ERROR, MOUNTED, type IslandEventDetail } from '../events';
import * as mount from '../mount';
import { createRegistry, type IslandRegistry } from '../registry';
import { startIslands, type RuntimeOptions } from '../runtime';
import type { IslandDefinition, RuntimeConfig } from '../types';
import { BASE, serverRendered } from './server';

const MOUNT_URL = '/build/runtime/mount-3f2a.js';
const REACT_HANDLES = [ 'react', 'react-dom', 'wp-element' ];

const config: RuntimeConfig = {
	mount: MOUNT_URL,
	load: '/build/runtime/load.js',
	instances: {},
	mountScripts: REACT_HANDLES,
	mountPreload: [ MOUNT_URL, '/build/chunks/props-e5.js' ],
	islands: {
		greeting: {
			module: '/build/greeting-a1.js',
			scripts: [ ...REACT_HANDLES, 'wp-i18n' ],
			preload: [ '/build/greeting-a1.js', '/build/chunks/props-e5.js' ],
		},
		broken: { module: '/build/broken-b2.js', scripts: REACT_HANDLES },
		strict: { module: '/build/strict-c3.js', scripts: REACT_HANDLES },
		fragile: { module: '/build/fragile-d4.js', scripts: REACT_HANDLES },
	},
	scripts: {
		react: { src: '/wp-includes/js/dist/vendor/react.min.js' },
		'react-dom': { src: '/wp-includes/js/dist/vendor/react-dom.min.js' },
		'wp-element': { src: '/wp-includes/js/dist/element.min.js' },
		'wp-i18n': {
			src: '/wp-includes/js/dist/i18n.min.js',
			after: 'wp.i18n.setLocaleData( {} );',
		},
	},
};

function Greeting( { name }: { name: string } ) {
	return <p className="tp-greeting">Hello { name }</p>;
}

function Broken(): never {
	throw new Error( 'render failed' );
}

/** Works until the visitor presses its button, then throws on the next render. */
function Fragile() {
	const [ pressed, setPressed ] = useState( false );
	if ( pressed ) {
		throw new Error( 'late failure' );
	}
	return (
		<button type="button" onClick={ () => setPressed( true ) }>
			Press
		</button>
	);
}

const greeting: IslandDefinition< { name: string } > = {
	component: Greeting,
	parseProps: ( raw ) => {
		const name = ( raw as { name?: unknown } ).name;
		if ( typeof name !== 'string' ) {
			throw new TypeError( 'name must be a string' );
		}
		return { name };
	},
};

const modules: Record< string, unknown > = {
	[ config.islands.greeting!.module! ]: { default: greeting },
	[ config.islands.broken!.module! ]: { default: { component: Broken } },
	[ config.islands.strict!.module! ]: {
		default: {
			component: Greeting,
			parseProps: () => {
				throw new TypeError( 'props.name must be a string' );
			},
		},
	},
	[ config.islands.fragile!.module! ]: { component: Fragile },
};

/** What the server prints for an island: working markup plus its props. */
function addIsland(
	name: string,
	{
		when = 'load',
		markup = `<a class="tp-${ name }__link" href="/notices/">Notices</a>`,
		props = { name: 'Ada' } as unknown,
		rawProps,
	}: {
		when?: string;
		markup?: string;
		props?: unknown;
		rawProps?: string;
	} = {}
): HTMLElement {
	const element = document.createElement( 'div' );
	element.className = `tp-${ name }`;
	element.dataset.tpIsland = name;
	element.dataset.tpWhen = when;
	element.innerHTML = `${ markup }<script type="application/json" data-tp-props>${
		rawProps ?? JSON.stringify( props )
	}</script>`;
	document.body.append( element );
	return serverRendered( element, config );
}

function collect( type: string ): CustomEvent< IslandEventDetail >[] {
	const events: CustomEvent< IslandEventDetail >[] = [];
	const listener = ( event: Event ) =>
		events.push( event as CustomEvent< IslandEventDetail > );
	document.addEventListener( type, listener );
	listeners.push( () => document.removeEventListener( type, listener ) );
	return events;
}

/** The console.error calls the runtime made (React logs its own too). */
function runtimeLogs() {
	return consoleError.mock.calls.filter(
		( [ first ] ) =>
			typeof first === 'string' && first.startsWith( '[tenderpress:' )
	);
}

let listeners: ( () => void )[] = [];
let consoleError: MockInstance< Console[ 'error' ] >;
let registry: IslandRegistry;
let importModule: ReturnType<
	typeof vi.fn< ( url: string ) => Promise< unknown > >
>;
let loadScripts: ReturnType<
	typeof vi.fn< NonNullable< RuntimeOptions[ 'loadScripts' ] > >
>;

function start() {
	startIslands( document, {
		config,
		registry,
		base: BASE,
		importModule,
		loadScripts,
	} );
}

beforeEach( () => {
	consoleError = vi.spyOn( console, 'error' ).mockImplementation( () => {} );
	registry = createRegistry();
	importModule = vi.fn( async ( url: string ) => {
		if ( url === MOUNT_URL ) {
			return mount;
		}
		if ( url in modules ) {
			return modules[ url ];
		}
		throw new TypeError(
			`Failed to fetch dynamically imported module: ${ url }`
		);
	} );
	loadScripts = vi.fn( async () => {} );
} );

afterEach( () => {
	listeners.forEach( ( remove ) => remove() );
	listeners = [];
} );

describe( 'startIslands: mounting', () => {
	it( 'mounts a load island at once: React output replaces the server markup', async () => {
		const element = addIsland( 'greeting', { props: { name: 'Ada' } } );
		const mounted = collect( MOUNTED );

		start();
		expect( element.dataset.tpState ).toBe( 'loading' );

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);
		expect( element.innerHTML ).toBe(
			'<p class="tp-greeting">Hello Ada</p>'
		);
		expect( screen.queryByRole( 'link', { name: 'Notices' } ) ).toBeNull();
		expect( mounted ).toHaveLength( 1 );
		expect( mounted[ 0 ]!.target ).toBe( element );
		expect( mounted[ 0 ]!.detail ).toEqual( {
			island: 'greeting',
			element,
		} );
		expect( runtimeLogs() ).toEqual( [] );
	} );

	it( 'reads props from the island’s own <script data-tp-props> only', async () => {
		const element = addIsland( 'greeting', {
			markup: '<div><script type="application/json" data-tp-props>{"name":"Nested"}</script></div>',
			props: { name: 'Grace <b>&amp;</b>' },
		} );

		start();

		await waitFor( () =>
			expect( element.textContent ).toBe( 'Hello Grace <b>&amp;</b>' )
		);
	} );

	it( 'leaves an island alone until its strategy says, and never mounts it twice', async () => {
		const element = addIsland( 'greeting', { when: 'interaction' } );
		const mounted = collect( MOUNTED );

		start();
		expect( element.dataset.tpState ).toBe( 'waiting' );
		await Promise.resolve();
		expect( importModule ).not.toHaveBeenCalled();

		fireEvent.pointerOver( element.querySelector( 'a' )! );
		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);

		start();
		fireEvent.pointerOver( element );
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
		expect( mounted ).toHaveLength( 1 );
		expect( loadScripts ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'loads the island’s scripts, in config order, before importing any module', async () => {
		let scriptsLoaded!: () => void;
		loadScripts.mockImplementation(
			() =>
				new Promise< void >(
					( resolve ) => ( scriptsLoaded = resolve )
				)
		);
		const element = addIsland( 'greeting' );

		start();

		await waitFor( () => expect( loadScripts ).toHaveBeenCalledTimes( 1 ) );
		expect( loadScripts ).toHaveBeenCalledWith(
			[ 'react', 'react-dom', 'wp-element', 'wp-i18n' ],
			config.scripts
		);
		await new Promise( ( resolve ) => setTimeout( resolve, 10 ) );
		expect( importModule ).not.toHaveBeenCalled();

		// Meanwhile the modules and every chunk they import are already downloading, each once.
		expect(
			Array.from(
				document.head.querySelectorAll< HTMLLinkElement >(
					'link[rel="modulepreload"]'
				),
				( link ) => link.getAttribute( 'href' )
			)
		).toEqual( [
			'/build/greeting-a1.js',
			'/build/chunks/props-e5.js',
			MOUNT_URL,
		] );

		scriptsLoaded();
		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);
		expect(
			importModule.mock.calls.map( ( [ url ] ) => url ).sort()
		).toEqual( [ config.islands.greeting!.module, MOUNT_URL ].sort() );
	} );

	it( 'retries a failed chunk import once', async () => {
		const url = config.islands.greeting!.module;
		importModule.mockRejectedValueOnce(
			new TypeError(
				`Failed to fetch dynamically imported module: ${ url }`
			)
		);
		const element = addIsland( 'greeting' );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);
		expect(
			importModule.mock.calls.filter( ( [ u ] ) => u === url )
		).toHaveLength( 2 );
		expect( runtimeLogs() ).toEqual( [] );
	} );

	it( 'gives up after the second failed import and keeps the server markup', async () => {
		const url = config.islands.greeting!.module;
		importModule.mockImplementation( async ( u ) => {
			if ( u === MOUNT_URL ) {
				return mount;
			}
			throw new TypeError(
				`Failed to fetch dynamically imported module: ${ u }`
			);
		} );
		const element = addIsland( 'greeting' );
		const before = element.innerHTML;

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect(
			importModule.mock.calls.filter( ( [ u ] ) => u === url )
		).toHaveLength( 2 );
		expect( element.innerHTML ).toBe( before );
	} );

	it( 'lets a theme replace an island from JavaScript (registry wins over the config)', async () => {
		registry.register( 'greeting', {
			component: ( { name }: { name?: string } ) => (
				<strong className="theme-greeting">Hi { name }</strong>
			),
		} );
		const element = addIsland( 'greeting', { props: { name: 'Linus' } } );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);
		expect( element.innerHTML ).toBe(
			'<strong class="theme-greeting">Hi Linus</strong>'
		);
		expect( importModule ).toHaveBeenCalledTimes( 1 );
		expect( importModule ).toHaveBeenCalledWith( MOUNT_URL );
	} );

	it( 'mounts a theme’s own island, loading the scripts the mount needs', async () => {
		registry.register( 'weather', async () => ( {
			default: { component: () => <p>Sunny</p> },
		} ) );
		const element = addIsland( 'weather', { props: {} } );

		start();

		await waitFor( () => expect( element.textContent ).toBe( 'Sunny' ) );
		expect( loadScripts ).toHaveBeenCalledWith(
			REACT_HANDLES,
			config.scripts
		);
	} );
} );

describe( 'startIslands: error isolation', () => {
	it( 'keeps the server markup of an island whose component throws, while the next island mounts', async () => {
		const broken = addIsland( 'broken', {
			markup: '<ul class="tp-broken__list"><li><a href="/a">A</a></li></ul>',
		} );
		const good = addIsland( 'greeting' );
		const before = broken.innerHTML;
		const errors = collect( ERROR );

		start();

		await waitFor( () => expect( broken.dataset.tpState ).toBe( 'error' ) );
		await waitFor( () => expect( good.dataset.tpState ).toBe( 'mounted' ) );
		expect( broken.innerHTML ).toBe( before );
		expect( good.textContent ).toBe( 'Hello Ada' );
		expect( errors ).toHaveLength( 1 );
		expect( errors[ 0 ]!.target ).toBe( broken );
		expect( errors[ 0 ]!.detail.island ).toBe( 'broken' );
		expect( errors[ 0 ]!.detail.element ).toBe( broken );
		expect( errors[ 0 ]!.detail.error ).toEqual(
			new Error( 'render failed' )
		);
		expect( runtimeLogs() ).toEqual( [
			[ '[tenderpress:broken]', errors[ 0 ]!.detail.error ],
		] );
	} );

	it( 'keeps the markup and reports the error when parseProps refuses the props', async () => {
		const element = addIsland( 'strict' );
		const before = element.innerHTML;
		const errors = collect( ERROR );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( element.innerHTML ).toBe( before );
		expect( errors[ 0 ]!.detail.error ).toEqual(
			new TypeError( 'props.name must be a string' )
		);
		expect( runtimeLogs() ).toHaveLength( 1 );
		expect( runtimeLogs()[ 0 ]![ 0 ] ).toBe( '[tenderpress:strict]' );
	} );

	it( 'keeps the markup and reports the error when the props are not JSON', async () => {
		const element = addIsland( 'greeting', { rawProps: '{"name":' } );
		const before = element.innerHTML;
		const errors = collect( ERROR );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( element.innerHTML ).toBe( before );
		expect( errors[ 0 ]!.detail.error ).toBeInstanceOf( SyntaxError );
	} );

	it( 'reports an island nobody registered, without loading anything', async () => {
		const element = addIsland( 'nowhere' );
		const before = element.innerHTML;
		const errors = collect( ERROR );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( element.innerHTML ).toBe( before );
		expect( ( errors[ 0 ]!.detail.error as Error ).message ).toBe(
			'no island "nowhere"'
		);
		expect( runtimeLogs()[ 0 ]![ 0 ] ).toBe( '[tenderpress:nowhere]' );
		expect( loadScripts ).not.toHaveBeenCalled();
		expect( importModule ).not.toHaveBeenCalled();
	} );

	it( 'keeps the markup when WordPress’s scripts fail to load', async () => {
		loadScripts.mockRejectedValue(
			new Error( 'could not load wp-element' )
		);
		const element = addIsland( 'greeting' );
		const before = element.innerHTML;

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( element.innerHTML ).toBe( before );
		expect( runtimeLogs() ).toEqual( [
			[
				'[tenderpress:greeting]',
				new Error( 'could not load wp-element' ),
			],
		] );
	} );

	it( 'does not log when a listener calls preventDefault on the error event', async () => {
		const handled = vi.fn( ( event: Event ) => event.preventDefault() );
		document.addEventListener( ERROR, handled );
		listeners.push( () => document.removeEventListener( ERROR, handled ) );
		const element = addIsland( 'broken' );

		start();

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( handled ).toHaveBeenCalledTimes( 1 );
		expect( runtimeLogs() ).toEqual( [] );
	} );

	it( 'puts the server markup back when a mounted island fails later', async () => {
		const element = addIsland( 'fragile' );
		const before = element.innerHTML;
		const errors = collect( ERROR );

		start();
		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'mounted' )
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Press' } ) );

		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( element.innerHTML ).toBe( before );
		expect( errors[ 0 ]!.detail.error ).toEqual(
			new Error( 'late failure' )
		);
		expect( runtimeLogs()[ 0 ]![ 0 ] ).toBe( '[tenderpress:fragile]' );
	} );

	// data-tp-when="__proto__" once made strategyFor return Object.prototype, which threw inside
	// startIslands' loop so that no island after it was looked at.
	it( 'does not let one island’s data-tp-when stop the islands after it', async () => {
		addIsland( 'greeting', { when: '__proto__' } );
		const good = addIsland( 'greeting' );

		expect( () => start() ).not.toThrow();

		await waitFor( () => expect( good.dataset.tpState ).toBe( 'mounted' ) );
	} );
} );
