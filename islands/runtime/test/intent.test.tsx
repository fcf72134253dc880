/**
 * What a visitor does while an island loads is not lost: focus moves to the mounted counterpart
 * of the control that had it (caret included), a click on a replayable control before the mount
 * is replayed on the mounted island (or gets its native action if the island cannot mount), and
 * a press still held down delays the mount until it is released.
 */
/**
 * External dependencies
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * WordPress dependencies
 */
import { useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import * as mount from '../mount';
import { createRegistry } from '../registry';
import { startIslands } from '../runtime';
import type { EarlyPainter, IslandDefinition, RuntimeConfig } from '../types';
import { BASE, serverRendered } from './server';

const MOUNT_URL = '/build/runtime/mount.js';

/** A pager: its links load pages in place once mounted. */
function Pager( { pages }: { pages: number } ) {
	const [ current, setCurrent ] = useState( 1 );
	return (
		<>
			<p className="tp-pager__status">Showing page { current }</p>
			<nav>
				<button type="button" className="tp-pager__menu">
					Menu
				</button>
				{ Array.from(
					{ length: pages },
					( _, index ) => index + 1
				).map( ( page ) => (
					<a
						key={ page }
						href={ `/page/${ page }/` }
						data-page={ page }
						onClick={ ( event ) => {
							event.preventDefault();
							setCurrent( page );
						} }
					>
						{ page }
					</a>
				) ) }
			</nav>
			<input className="tp-pager__search" defaultValue="road works" />
		</>
	);
}

/** The pager's server markup: the same controls, as plain HTML (a <summary> for the menu). */
const PAGER_MARKUP =
	'<p class="tp-pager__status">Showing page 1</p><nav><details><summary class="tp-pager__menu">Menu</summary></details>' +
	'<a href="/page/1/" data-page="1">1</a><a href="/page/2/" data-page="2">2</a><a href="/page/3/" data-page="3">3</a></nav>' +
	'<input class="tp-pager__search" value="road works">';

const pager: IslandDefinition< { pages: number } > = { component: Pager };

const config: RuntimeConfig = {
	mount: MOUNT_URL,
	load: '/build/runtime/load.js',
	instances: {},
	islands: {
		pager: { module: '/build/pager.js', scripts: [] },
		missing: { module: '/build/missing.js', scripts: [] },
	},
	scripts: {},
};

/** Lets the test decide when the island's chunk arrives (a slow network). */
let deliver: () => void;
let navigations: string[];

function addPager( name = 'pager', when = 'interaction' ): HTMLElement {
	const element = document.createElement( 'div' );
	element.dataset.tpIsland = name;
	element.dataset.tpWhen = when;
	element.dataset.tpReplay = 'a[data-page]';
	element.innerHTML = `${ PAGER_MARKUP }<script type="application/json" data-tp-props>{"pages":3}</script>`;
	document.body.append( element );
	return serverRendered( element, config );
}

/**
 * Starts the runtime on the page and returns what it asked for, in order: each module's URL and
 * 'scripts' for WordPress's scripts. The mount chunk and the modules of `early` come at once; the
 * island's chunk when the test calls deliver() (a slow network), an unknown one never.
 */
function startRecording( {
	runtimeConfig = config,
	early = {},
}: {
	runtimeConfig?: RuntimeConfig;
	early?: Record< string, unknown >;
} = {} ): string[] {
	const imported: string[] = [];
	const arrived = new Promise< void >( ( resolve ) => ( deliver = resolve ) );
	startIslands( document, {
		config: runtimeConfig,
		registry: createRegistry(),
		base: BASE,
		loadScripts: async () => {
			imported.push( 'scripts' );
		},
		importModule: async ( url ) => {
			imported.push( url );
			if ( url in early ) {
				return early[ url ];
			}
			if ( url === MOUNT_URL ) {
				return mount;
			}
			await arrived;
			if ( url === config.islands.pager!.module ) {
				return { default: pager };
			}
			throw new TypeError( `Failed to fetch ${ url }` );
		},
	} );
	return imported;
}

function start() {
	startRecording();
}

/** A pointer event of a kind of pointer (jsdom's events carry no pointerType). */
function pointer( target: Element, type: string, pointerType: string ) {
	const event = new Event( type, { bubbles: true, cancelable: true } );
	Object.defineProperty( event, 'pointerType', { value: pointerType } );
	target.dispatchEvent( event );
}

const mounted = ( element: HTMLElement ) =>
	waitFor( () => expect( element.dataset.tpState ).toBe( 'mounted' ) );

beforeEach( () => {
	navigations = [];
	// jsdom cannot navigate: record where a link's own action would have gone.
	document.addEventListener( 'click', recordNavigation );
	vi.spyOn( console, 'error' ).mockImplementation( () => {} );
} );

afterEach( () => {
	document.removeEventListener( 'click', recordNavigation );
	document.body.innerHTML = '';
	vi.restoreAllMocks();
} );

function recordNavigation( event: Event ) {
	const link = ( event.target as Element ).closest?.( 'a' );
	if ( link && ! event.defaultPrevented ) {
		navigations.push( link.getAttribute( 'href' )! );
		event.preventDefault();
	}
}

describe( 'focus when an island mounts', () => {
	it( 'stays on the control the visitor focused: the mounted link of the same page', async () => {
		const element = addPager();
		start();
		const link =
			element.querySelector< HTMLElement >( 'a[data-page="2"]' )!;
		link.focus();
		deliver();
		await mounted( element );

		const active = element.ownerDocument.activeElement as HTMLElement;
		expect( active ).not.toBe( link );
		expect( element.contains( active ) ).toBe( true );
		expect( active.getAttribute( 'href' ) ).toBe( '/page/2/' );
	} );

	it( 'moves from a <summary> to the button that replaces it', async () => {
		const element = addPager();
		start();
		element.querySelector< HTMLElement >( 'summary' )!.focus();
		deliver();
		await mounted( element );

		expect( element.ownerDocument.activeElement?.localName ).toBe(
			'button'
		);
		expect( element.ownerDocument.activeElement?.textContent ).toBe(
			'Menu'
		);
	} );

	it( 'keeps the caret and selection of a text field', async () => {
		const element = addPager();
		start();
		const input = element.querySelector< HTMLInputElement >( 'input' )!;
		input.focus();
		input.setSelectionRange( 2, 6, 'backward' );
		deliver();
		await mounted( element );

		const active = element.ownerDocument.activeElement as HTMLInputElement;
		expect( active ).not.toBe( input );
		expect( active.className ).toBe( 'tp-pager__search' );
		expect( [
			active.selectionStart,
			active.selectionEnd,
			active.selectionDirection,
		] ).toEqual( [ 2, 6, 'backward' ] );
	} );

	it( 'leaves focus alone when it was elsewhere on the page', async () => {
		const outside = document.createElement( 'button' );
		document.body.prepend( outside );
		const element = addPager();
		start();
		fireEvent.pointerOver( element );
		outside.focus();
		deliver();
		await mounted( element );

		expect( element.ownerDocument.activeElement ).toBe( outside );
	} );
} );

describe( 'a click before the island has mounted', () => {
	it( 'is held (no page load) and replayed in place once it has mounted', async () => {
		const element = addPager();
		start();
		const link =
			element.querySelector< HTMLElement >( 'a[data-page="3"]' )!;
		fireEvent.pointerDown( link );
		fireEvent.pointerUp( link );
		fireEvent.click( link );
		expect( navigations ).toEqual( [] );
		expect( element.getAttribute( 'aria-busy' ) ).toBe( 'true' );

		deliver();
		await mounted( element );

		expect(
			element.querySelector( '.tp-pager__status' )?.textContent
		).toBe( 'Showing page 3' );
		expect( navigations ).toEqual( [] );
		expect( element.hasAttribute( 'aria-busy' ) ).toBe( false );
	} );

	it( 'starts the island by itself: assistive technology clicks without pointer or focus', async () => {
		const element = addPager();
		start();
		expect( element.dataset.tpState ).toBe( 'waiting' );
		fireEvent.click( element.querySelector( 'a[data-page="2"]' )! );
		expect( element.dataset.tpState ).toBe( 'loading' );
		deliver();
		await mounted( element );
		expect(
			element.querySelector( '.tp-pager__status' )?.textContent
		).toBe( 'Showing page 2' );
	} );

	it( 'leaves a modified click (new tab) and other controls to the browser', async () => {
		const element = addPager();
		start();
		fireEvent.click( element.querySelector( 'a[data-page="2"]' )!, {
			ctrlKey: true,
		} );
		expect( navigations ).toEqual( [ '/page/2/' ] );
		expect( element.dataset.tpState ).toBe( 'waiting' );
	} );

	it( 'gets its native action after all when the island cannot load', async () => {
		const element = addPager( 'missing' );
		start();
		fireEvent.click( element.querySelector( 'a[data-page="3"]' )! );
		expect( navigations ).toEqual( [] );
		deliver();
		await waitFor( () =>
			expect( element.dataset.tpState ).toBe( 'error' )
		);
		expect( navigations ).toEqual( [ '/page/3/' ] );
		expect( element.hasAttribute( 'aria-busy' ) ).toBe( false );
	} );
} );

describe( 'the request a held click will make', () => {
	const early = {
		url: '/wp-admin/admin-ajax.php',
		fields: { action: 'pagination_request', sid: 'signed' },
		from: 'page',
	};

	function addPagerAsking( request: unknown ): HTMLElement {
		const element = addPager();
		element.querySelector( 'script[data-tp-props]' )!.textContent =
			JSON.stringify( { pages: 3, early: request } );
		return element;
	}

	it( 'starts at the click, with the link’s page, while the island still loads', async () => {
		const sent = vi
			.spyOn( window, 'fetch' )
			.mockResolvedValue( new Response( 'page 3' ) );
		const element = addPagerAsking( early );
		start();
		fireEvent.click( element.querySelector( 'a[data-page="3"]' )! );

		expect( sent ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = sent.mock.calls[ 0 ]!;
		expect( url ).toBe( early.url );
		expect( init?.method ).toBe( 'POST' );
		expect( Object.fromEntries( init?.body as URLSearchParams ) ).toEqual( {
			action: 'pagination_request',
			sid: 'signed',
			page: '3',
		} );
		expect( element.tpEarly?.key ).toBe( '3' );
		expect( await ( await element.tpEarly!.answer )?.text() ).toBe(
			'page 3'
		);

		deliver();
		await mounted( element );
	} );

	it( 'is not started for an island whose props ask for none', async () => {
		const sent = vi.spyOn( window, 'fetch' );
		const silent = addPager();
		start();
		// A whole click: a press still down would hold the mount for up to a second (mount.tsx).
		fireEvent.pointerDown( silent.querySelector( 'a[data-page="2"]' )! );
		fireEvent.pointerUp( silent.querySelector( 'a[data-page="2"]' )! );
		fireEvent.click( silent.querySelector( 'a[data-page="2"]' )! );

		expect( sent ).not.toHaveBeenCalled();
		expect( silent.tpEarly ).toBeUndefined();
		deliver();
		await mounted( silent );
	} );

	it( 'starts at the first intent on a page link, before anything of the island loads; its click takes it over', async () => {
		let answer: ( response: Response ) => void = () => {};
		const sent = vi
			.spyOn( window, 'fetch' )
			.mockReturnValue(
				new Promise( ( resolve ) => ( answer = resolve ) )
			);
		const element = addPagerAsking( early );
		const imported = startRecording();
		const link = element.querySelector( 'a[data-page="2"]' )!;
		// A phone's tap: the finger comes over the link, presses it, then the click.
		pointer( link, 'pointerover', 'touch' );
		pointer( link, 'pointerdown', 'touch' );
		expect( sent ).toHaveBeenCalledTimes( 1 );
		expect( element.tpEarly?.key ).toBe( '2' );
		fireEvent.pointerUp( link );
		fireEvent.click( link );
		expect( sent ).toHaveBeenCalledTimes( 1 );

		// React, WordPress's scripts and the island wait for the page the visitor asked for.
		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
		expect( imported ).toEqual( [] );
		answer( new Response( 'page 2' ) );
		await waitFor( () => expect( imported ).toContain( 'scripts' ) );
		deliver();
		await mounted( element );
		expect(
			element.querySelector( '.tp-pager__status' )?.textContent
		).toBe( 'Showing page 2' );
		expect( sent ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'holds every island’s downloads while that page is on its way, not only its own island’s', async () => {
		let answer: ( response: Response ) => void = () => {};
		vi.spyOn( window, 'fetch' ).mockReturnValue(
			new Promise( ( resolve ) => ( answer = resolve ) )
		);
		const asking = addPagerAsking( early );
		// Another island that starts just after the tap (as back-to-top does after the scroll
		// that brought the page links into view).
		const other = addPager();
		const imported = startRecording();
		pointer(
			asking.querySelector( 'a[data-page="2"]' )!,
			'pointerover',
			'touch'
		);
		fireEvent.focusIn( other.querySelector( 'a[data-page="1"]' )! );
		expect( other.dataset.tpState ).toBe( 'loading' );

		await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
		expect( imported ).toEqual( [] );
		answer( new Response( 'page 2' ) );
		await waitFor( () =>
			expect(
				imported.filter( ( what ) => what === 'scripts' )
			).toHaveLength( 2 )
		);
		deliver();
		await mounted( asking );
		await mounted( other );
	} );

	it( 'is not started by a mouse passing over a page link, nor by focus moving to one', async () => {
		const sent = vi.spyOn( window, 'fetch' );
		const element = addPagerAsking( early );
		start();
		const link = element.querySelector( 'a[data-page="2"]' )!;
		pointer( link, 'pointerover', 'mouse' );
		fireEvent.focusIn( link );
		pointer( link, 'pointerdown', 'mouse' );

		expect( sent ).not.toHaveBeenCalled();
		expect( element.tpEarly ).toBeUndefined();
		// The button comes up: a press still down would hold the mount for up to a second.
		fireEvent.pointerUp( link );
		deliver();
		await mounted( element );
	} );

	it( 'asks again for a click on another page than the first intent’s', async () => {
		const sent = vi
			.spyOn( window, 'fetch' )
			.mockImplementation( async () => new Response( 'a page' ) );
		const element = addPagerAsking( early );
		start();
		pointer(
			element.querySelector( 'a[data-page="2"]' )!,
			'pointerover',
			'pen'
		);
		fireEvent.click( element.querySelector( 'a[data-page="3"]' )! );

		expect( sent ).toHaveBeenCalledTimes( 2 );
		expect(
			Object.fromEntries(
				sent.mock.calls[ 1 ]![ 1 ]?.body as URLSearchParams
			).page
		).toBe( '3' );
		expect( element.tpEarly?.key ).toBe( '3' );
		deliver();
		await mounted( element );
	} );

	describe( 'with an early module', () => {
		const EARLY_URL = '/build/pager/early.js';
		const withEarly: RuntimeConfig = {
			...config,
			islands: {
				...config.islands,
				pager: { ...config.islands.pager!, early: EARLY_URL },
			},
		};

		/** Starts the runtime with an early module whose paint() is `paint`. */
		function startWithEarly( paint: EarlyPainter[ 'paint' ] ) {
			startRecording( {
				runtimeConfig: withEarly,
				early: { [ EARLY_URL ]: { paint } },
			} );
		}

		it( 'hands it the held click’s answer; once it has shown it, the island does not replay the click', async () => {
			vi.spyOn( window, 'fetch' ).mockResolvedValue(
				new Response( 'page 3' )
			);
			const element = addPagerAsking( early );
			const paint = vi.fn< EarlyPainter[ 'paint' ] >(
				async ( _element, _asked, _props, answered ) => answered()
			);
			startWithEarly( paint );
			fireEvent.click( element.querySelector( 'a[data-page="3"]' )! );

			await waitFor( () => expect( paint ).toHaveBeenCalledTimes( 1 ) );
			const [ painted, asked, props ] = paint.mock.calls[ 0 ]!;
			expect( painted ).toBe( element );
			expect( asked ).toBe( element.tpEarly );
			expect( asked.key ).toBe( '3' );
			expect( props ).toEqual( { pages: 3, early } );
			expect( element.hasAttribute( 'aria-busy' ) ).toBe( false );

			deliver();
			await mounted( element );
			// The page it showed stays: the click is not replayed on the island.
			expect(
				element.querySelector( '.tp-pager__status' )?.textContent
			).toBe( 'Showing page 1' );
			expect( navigations ).toEqual( [] );
		} );

		it( 'is not asked for a first intent without a click, and a click it declines is the island’s', async () => {
			vi.spyOn( window, 'fetch' ).mockResolvedValue(
				new Response( 'page 2' )
			);
			const element = addPagerAsking( early );
			const paint = vi.fn< EarlyPainter[ 'paint' ] >( async () => {} );
			startWithEarly( paint );
			const link = element.querySelector( 'a[data-page="2"]' )!;
			pointer( link, 'pointerover', 'touch' );
			await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
			expect( paint ).not.toHaveBeenCalled();

			fireEvent.click( link );
			await waitFor( () => expect( paint ).toHaveBeenCalledTimes( 1 ) );
			deliver();
			await mounted( element );
			await waitFor( () =>
				expect(
					element.querySelector( '.tp-pager__status' )?.textContent
				).toBe( 'Showing page 2' )
			);
		} );

		it( 'is told when the mount begins: React takes the markup as it is then', async () => {
			vi.spyOn( window, 'fetch' ).mockResolvedValue(
				new Response( 'page 2' )
			);
			const element = addPagerAsking( early );
			startWithEarly( async () => {} );
			expect( element.tpMounting ).toBeUndefined();
			fireEvent.click( element.querySelector( 'a[data-page="2"]' )! );
			deliver();
			await mounted( element );
			expect( element.tpMounting ).toBe( true );
		} );
	} );

	it( 'leaves a failed request for the island to report (no answer), never unhandled', async () => {
		vi.spyOn( window, 'fetch' ).mockRejectedValue(
			new TypeError( 'Failed to fetch' )
		);
		const element = addPagerAsking( early );
		start();
		fireEvent.click( element.querySelector( 'a[data-page="2"]' )! );
		deliver();
		await mounted( element );

		await expect( element.tpEarly!.answer ).resolves.toBeUndefined();
	} );
} );

describe( 'a press still held down', () => {
	it( 'delays the mount until it is released, so its click reaches the island', async () => {
		const element = addPager();
		start();
		const link =
			element.querySelector< HTMLElement >( 'a[data-page="2"]' )!;
		fireEvent.pointerDown( link );
		deliver();
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		expect( element.dataset.tpState ).toBe( 'loading' );
		expect( link.isConnected ).toBe( true );

		fireEvent.pointerUp( link );
		fireEvent.click( link );
		await mounted( element );
		expect(
			element.querySelector( '.tp-pager__status' )?.textContent
		).toBe( 'Showing page 2' );
		expect( navigations ).toEqual( [] );
	} );
} );

describe( 'an island with a data-tp-root child', () => {
	it( 'renders into that child only; a held click on a control beside it is replayed on that same control, and focus there stays', async () => {
		const element = document.createElement( 'div' );
		element.dataset.tpIsland = 'pager';
		element.dataset.tpWhen = 'interaction';
		element.dataset.tpReplay = 'a[data-page], .apply';
		element.innerHTML =
			'<form class="filters"><input name="q" value="road"><button type="button" class="apply">Show notices</button></form>' +
			`<div data-tp-root>${ PAGER_MARKUP }</div><script type="application/json" data-tp-props>{"pages":3}</script>`;
		document.body.append( element );
		serverRendered( element, config );
		const form = element.querySelector( 'form' )!;
		const apply = element.querySelector< HTMLButtonElement >( '.apply' )!;
		const clicks: EventTarget[] = [];
		apply.addEventListener( 'click', ( event ) => {
			if ( ! event.defaultPrevented ) {
				clicks.push( event.target! );
			}
		} );
		start();
		const field = element.querySelector< HTMLInputElement >( 'input' )!;
		field.focus();
		fireEvent.click( apply );
		expect( clicks ).toEqual( [] );
		deliver();
		await mounted( element );

		expect( element.querySelector( 'form' ) ).toBe( form );
		expect(
			element.querySelector( 'script[data-tp-props]' )
		).not.toBeNull();
		expect(
			element.querySelector( '[data-tp-root] .tp-pager__status' )
		).not.toBeNull();
		expect( clicks ).toEqual( [ apply ] );
		expect( element.ownerDocument.activeElement ).toBe( field );
	} );
} );
