/**
 * External dependencies
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { addStylesheets, STYLESHEET_WAIT } from '../styles';

const SHEETS = [
	{ handle: 'tp-one', href: 'https://example.org/one.css?ver=1' },
	{ handle: 'tp-two', href: 'https://example.org/two.css' },
];

const linked = () =>
	Array.from(
		document.head.querySelectorAll< HTMLLinkElement >(
			'link[rel="stylesheet"]'
		),
		( link ) => link.id
	);

afterEach( () => {
	document.head.innerHTML = '';
	vi.useRealTimers();
} );

describe( 'the dialog’s stylesheets', () => {
	it( 'are added in order and waited for', async () => {
		let done = false;
		const added = addStylesheets( document, SHEETS ).then( () => {
			done = true;
		} );
		expect( linked() ).toEqual( [ 'tp-one-css', 'tp-two-css' ] );
		document.head
			.querySelector( '#tp-one-css' )!
			.dispatchEvent( new Event( 'load' ) );
		await Promise.resolve();
		expect( done ).toBe( false );
		// A stylesheet that fails does not hold the dialog back.
		document.head
			.querySelector( '#tp-two-css' )!
			.dispatchEvent( new Event( 'error' ) );
		await added;
		expect( done ).toBe( true );
	} );

	it( 'are not added again when the page has them, linked or inlined by WordPress', async () => {
		document.head.innerHTML =
			'<link rel="stylesheet" id="tp-one-css" href="https://example.org/one.css"><style id="tp-two-inline-css"></style>';
		await addStylesheets( document, SHEETS );
		expect( linked() ).toEqual( [ 'tp-one-css' ] );
	} );

	it( 'are added although a post has elements with their ids', async () => {
		document.body.innerHTML =
			'<p><span id="tp-one-css"></span><span id="tp-two-inline-css"></span></p>';
		addStylesheets( document, SHEETS );
		expect( linked() ).toEqual( [ 'tp-one-css', 'tp-two-css' ] );
		document.body.innerHTML = '';
	} );

	it( 'are waited for a few seconds at most', async () => {
		vi.useFakeTimers();
		let done = false;
		const added = addStylesheets( document, SHEETS ).then( () => {
			done = true;
		} );
		await vi.advanceTimersByTimeAsync( STYLESHEET_WAIT - 1 );
		expect( done ).toBe( false );
		await vi.advanceTimersByTimeAsync( 1 );
		await added;
		expect( done ).toBe( true );
	} );
} );
