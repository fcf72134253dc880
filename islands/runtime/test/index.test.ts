/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import type { TenderPressApi } from '../index';

const Component = () => null;

/** Runs the runtime entry as the page would: a fresh module reading the config PHP printed. */
async function runRuntime() {
	vi.resetModules();
	await import( '../index' );
	return window.tenderpress!;
}

beforeEach( () => {
	document.body.innerHTML =
		'<script type="application/json" id="tenderpress-islands">{"mount":"/build/runtime/mount.js","instances":{"token-1":"weather"},"islands":{},"scripts":{}}</script>';
} );

afterEach( () => {
	delete window.tenderpress;
	delete window.tenderpressQueue;
} );

describe( 'window.tenderpress', () => {
	it( 'exposes the registry and scan to themes', async () => {
		const api = await runRuntime();

		api.register( 'weather', { component: Component } );

		expect( typeof api.get( 'weather' ) ).toBe( 'function' );
		expect( api.get( 'rain' ) ).toBeUndefined();
		expect( () =>
			api.register( 'Weather!', { component: Component } )
		).toThrow( TypeError );
	} );

	it( 'runs callbacks a theme queued before the runtime, in order, then later ones at once', async () => {
		const calls: string[] = [];
		window.tenderpressQueue = [
			( api: TenderPressApi ) => {
				calls.push( 'first' );
				api.register( 'weather', { component: Component } );
			},
			() => calls.push( 'second' ),
		];

		const api = await runRuntime();
		expect( calls ).toEqual( [ 'first', 'second' ] );
		expect( typeof api.get( 'weather' ) ).toBe( 'function' );

		window.tenderpressQueue!.push( ( given ) => {
			calls.push( 'late' );
			expect( given ).toBe( api );
		} );
		expect( calls ).toEqual( [ 'first', 'second', 'late' ] );
	} );

	it( 'takes islands the server rendered for the page and added after load when scan() is called', async () => {
		const api = await runRuntime();
		const element = document.createElement( 'div' );
		element.dataset.tpIsland = 'weather';
		element.dataset.tpInstance = 'token-1';
		element.dataset.tpWhen = 'interaction';
		element.innerHTML =
			'<script type="application/json" data-tp-props>{}</script>';
		document.body.append( element );

		api.scan();

		expect( element.dataset.tpState ).toBe( 'waiting' );
	} );

	it( 'takes the islands of another server answer only with the instances the answer gave', async () => {
		const api = await runRuntime();
		const answer = document.createElement( 'div' );
		answer.innerHTML =
			'<div data-tp-island="stepper" data-tp-instance="token-9" data-tp-when="interaction"><script type="application/json" data-tp-props>{}</script></div>';
		document.body.append( answer );
		const stepper = answer.firstElementChild as HTMLElement;

		api.scan( answer );
		expect( stepper.dataset.tpState ).toBeUndefined();

		api.scan( answer, { 'token-9': 'stepper' } );
		expect( stepper.dataset.tpState ).toBe( 'waiting' );
	} );
} );
