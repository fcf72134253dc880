/**
 * The settings screen's test button (admin-test.ts): its props are checked before the button is
 * turned on, and a browser that cannot take push, or that blocks the site, is told so without a
 * request. The sending itself, and subscribing again when the push service says the subscription
 * has ended, run against the real route in tests/e2e/push.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTestProps, sendTest, start } from '../admin-test';

const PROPS = {
	publicKey:
		'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
	route: 'https://tenders.example/wp-json/tenderpress/v1/push/subscriptions',
	worker: 'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/sw.js',
	scope: 'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/',
	testRoute: 'https://tenders.example/wp-json/tenderpress/v1/push/test',
	nonce: 'fixture-nonce',
	labels: {
		asking: 'Waiting for your browser’s permission…',
		sending: 'Sending…',
		unsupported: 'This browser cannot receive push notifications.',
		blocked: 'This browser blocks notifications from this site.',
		failed: 'This browser could not subscribe.',
	},
	messages: {
		network: 'Could not reach the server.',
		timeout: 'The server took too long to answer.',
		aborted: 'The request was cancelled.',
		serverError: 'The server could not answer this request.',
	},
};

function control( props: unknown ): HTMLElement {
	document.body.innerHTML = `<div class="tp-push-test"><p><button type="button" data-tp-push-test-send disabled>Send a test notification to this browser</button></p><p class="tp-push-test__status" role="status"></p></div>`;
	const element = document.querySelector< HTMLElement >( '.tp-push-test' )!;
	element.setAttribute( 'data-tp-push-test', JSON.stringify( props ) );
	return element;
}

afterEach( () => {
	vi.unstubAllGlobals();
	document.body.innerHTML = '';
} );

describe( 'the test button’s props', () => {
	it( 'are taken as the server prints them', () => {
		expect( parseTestProps( JSON.stringify( PROPS ) ) ).toEqual( PROPS );
	} );

	it.each( [
		[ 'not JSON', '{' ],
		[ 'no nonce', JSON.stringify( { ...PROPS, nonce: undefined } ) ],
		[
			'a number for the route',
			JSON.stringify( { ...PROPS, testRoute: 5 } ),
		],
		[
			'a label missing',
			JSON.stringify( {
				...PROPS,
				labels: { ...PROPS.labels, blocked: undefined },
			} ),
		],
		[ 'no messages', JSON.stringify( { ...PROPS, messages: null } ) ],
	] )( 'are refused with %s, and the button stays off', ( _, raw ) => {
		expect( parseTestProps( raw ) ).toBeNull();
		const element = control( {} );
		element.setAttribute( 'data-tp-push-test', raw );
		start();
		expect( element.querySelector( 'button' )!.disabled ).toBe( true );
	} );

	it( 'turn the button on', () => {
		const element = control( PROPS );
		start();
		expect( element.querySelector( 'button' )!.disabled ).toBe( false );
	} );
} );

describe( 'sending a test', () => {
	it( 'tells a browser without push that it cannot receive them, and asks nothing', async () => {
		const fetch = vi.fn();
		vi.stubGlobal( 'fetch', fetch );
		// jsdom, like such a browser, has no PushManager.
		expect( await sendTest( PROPS, () => {} ) ).toBe(
			PROPS.labels.unsupported
		);
		expect( fetch ).not.toHaveBeenCalled();
	} );

	it( 'asks for permission, and says so when the browser blocks the site', async () => {
		const fetch = vi.fn();
		const said: string[] = [];
		vi.stubGlobal( 'fetch', fetch );
		vi.stubGlobal( 'PushManager', class {} );
		vi.stubGlobal(
			'Notification',
			Object.assign( class {}, {
				permission: 'default',
				requestPermission: vi.fn( async () => 'denied' ),
			} )
		);
		vi.stubGlobal( 'navigator', { serviceWorker: {} } );
		expect( await sendTest( PROPS, ( text ) => said.push( text ) ) ).toBe(
			PROPS.labels.blocked
		);
		expect( said ).toEqual( [ PROPS.labels.asking ] );
		expect( Notification.requestPermission ).toHaveBeenCalledTimes( 1 );
		expect( fetch ).not.toHaveBeenCalled();
	} );
} );
