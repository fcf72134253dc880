/**
 * A theme that still uses jQuery listens with $( document ).on(): the runtime's events must reach
 * it, with the island's name in event.originalEvent.detail. (How jQuery delivers and delegates
 * events is jQuery's own business and tested by jQuery.)
 */
/**
 * External dependencies
 */
import { waitFor } from '@testing-library/react';
import $ from 'jquery';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * WordPress dependencies
 */
import { createElement } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { MOUNTED, type IslandEventDetail } from '../events';
import * as mount from '../mount';
import { createRegistry } from '../registry';
import { startIslands } from '../runtime';
import type { RuntimeConfig } from '../types';
import { BASE, serverRendered } from './server';

const config: RuntimeConfig = {
	mount: '/build/runtime/mount.js',
	load: '/build/runtime/load.js',
	instances: {},
	islands: {
		ticker: { module: '/build/ticker.js', scripts: [ 'wp-element' ] },
	},
	scripts: { 'wp-element': { src: '/wp-includes/js/dist/element.min.js' } },
};

function addIsland( name: string ): HTMLElement {
	const element = document.createElement( 'div' );
	element.dataset.tpIsland = name;
	element.dataset.tpWhen = 'load';
	element.innerHTML =
		'<p>Latest notices</p><script type="application/json" data-tp-props>{"count":3}</script>';
	document.body.append( element );
	return serverRendered( element, config );
}

function start() {
	startIslands( document, {
		config,
		registry: createRegistry(),
		base: BASE,
		importModule: async ( url ) =>
			url === config.mount
				? mount
				: {
						default: {
							component: ( { count }: { count: number } ) =>
								createElement(
									'output',
									null,
									`${ count } notices`
								),
						},
				  },
		loadScripts: async () => {},
	} );
}

type Handler = ( event: JQuery.TriggeredEvent ) => void;

describe( 'island events seen through jQuery', () => {
	afterEach( () => {
		$( document ).off( '.themeTest' );
	} );

	it( 'delivers tenderpress:island-mounted to $( document ).on()', async () => {
		const handler = vi.fn< Handler >();
		$( document ).on( `${ MOUNTED }.themeTest`, handler );
		const element = addIsland( 'ticker' );

		start();

		await waitFor( () => expect( handler ).toHaveBeenCalledTimes( 1 ) );
		const event = handler.mock.calls[ 0 ]![ 0 ];
		const detail = (
			event.originalEvent as CustomEvent< IslandEventDetail >
		 ).detail;
		expect( event.type ).toBe( MOUNTED );
		expect( event.target ).toBe( element );
		expect( detail.island ).toBe( 'ticker' );
		expect( detail.element ).toBe( element );
		expect( element.textContent ).toBe( '3 notices' );
	} );
} );
