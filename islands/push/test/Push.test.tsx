/**
 * The mounted island's answers before subscribing: Close and Escape are "not now" (the rest of
 * this visit, sessionStorage), "No thanks" keeps the day for the back-off (localStorage); focus
 * goes on to the page's main content.
 */
/**
 * External dependencies
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import { Push } from '../Push';
import { CLOSED, STORAGE_KEY } from '../state';
import type { PushProps } from '../types';

const props: PushProps = {
	publicKey: 'key',
	route: '/wp-json/tenderpress/v1/push/subscriptions',
	worker: '/sw/sw.js',
	scope: '/sw/',
	backoffDays: 7,
	startHidden: false,
	types: [],
	categories: [],
	locations: [],
	labels: {
		prompt: 'Get browser alerts when new tenders and EOIs are published.',
		region: 'Browser notifications',
		allow: 'Allow',
		dismiss: 'No thanks',
		asking: 'Waiting…',
		subscribed: 'Notifications are on.',
		topics: 'Notify me about',
		categories: 'Categories',
		locations: 'Locations',
		save: 'Save my choice',
		saved: 'Saved.',
		unsubscribe: 'Turn notifications off',
		unsubscribed: 'Notifications are off.',
		blocked: 'Blocked.',
		failed: 'Failed.',
		close: 'Close',
	},
	messages: {
		network: 'No connection.',
		timeout: 'Too slow.',
		aborted: 'Stopped.',
		serverError: 'Server error.',
	},
};

const region = () =>
	screen.queryByRole( 'region', { name: 'Browser notifications' } );

beforeEach( () => {
	localStorage.clear();
	sessionStorage.clear();
	document.body.innerHTML = '';
} );

function renderWithMain() {
	const main = document.createElement( 'main' );
	document.body.append( main );
	const container = document.createElement( 'div' );
	document.body.prepend( container );
	render( <Push { ...props } />, { container } );
	return main;
}

describe( 'the push island before subscribing', () => {
	it( 'shows Allow, No thanks and a visible Close in a named region', () => {
		renderWithMain();
		expect( region() ).not.toBeNull();
		for ( const name of [ 'Allow', 'No thanks', 'Close' ] ) {
			expect( screen.getByRole( 'button', { name } ) ).toBeTruthy();
		}
	} );

	it.each( [
		[
			'Close',
			() =>
				fireEvent.click(
					screen.getByRole( 'button', { name: 'Close' } )
				),
		],
		[
			'Escape',
			() =>
				fireEvent.keyDown(
					screen.getByRole( 'button', { name: 'Allow' } ),
					{ key: 'Escape' }
				),
		],
	] )(
		'%s hides it for the rest of the visit, not for the back-off',
		( _how, close ) => {
			const main = renderWithMain();
			screen.getByRole( 'button', { name: 'Allow' } ).focus();
			close();
			expect( region() ).toBeNull();
			expect( sessionStorage.getItem( STORAGE_KEY ) ).toBe( CLOSED );
			expect( localStorage.getItem( STORAGE_KEY ) ).toBeNull();
			expect( main.ownerDocument.activeElement ).toBe( main );
		}
	);

	it( 'No thanks keeps the day for the back-off', () => {
		renderWithMain();
		fireEvent.click( screen.getByRole( 'button', { name: 'No thanks' } ) );
		expect( region() ).toBeNull();
		expect(
			JSON.parse( localStorage.getItem( STORAGE_KEY )! ).dismissed
		).toBeGreaterThan( 0 );
	} );
} );
