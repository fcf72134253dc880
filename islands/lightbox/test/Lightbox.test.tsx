/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import { Lightbox, SWIPE, imagesOf } from '../Lightbox';
import { parseLightboxProps } from '..';

// The server's markup and props (tests/php/ContractFixturesTest.php records them): three
// pictures with captions, one linking to a page and an emoji, which are not the lightbox's.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/lightbox.json' ),
		'utf8'
	)
) as { html: string; props: Record< string, unknown > };

function mount() {
	document.body.innerHTML = recording.html;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="lightbox"]'
	)!;
	const props = parseLightboxProps( recording.props, element );
	render( <Lightbox { ...props } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const picture = ( name: string ) => screen.getByRole( 'link', { name } );
const dialog = () => document.querySelector( 'dialog' );
const shown = () =>
	dialog()?.querySelector< HTMLImageElement >( '.tp-lightbox__image' );

beforeEach( () => {
	HTMLDialogElement.prototype.showModal = function () {
		this.setAttribute( 'open', '' );
	};
	HTMLDialogElement.prototype.close = function () {
		this.removeAttribute( 'open' );
	};
} );

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'the pictures', () => {
	it( 'are the links to full-size pictures, in order, with their words', () => {
		mount();
		const images = imagesOf(
			document.querySelector< HTMLElement >( '[data-tp-island]' )!
		);
		expect(
			images.map( ( { src, alt, caption } ) => [
				new URL( src ).pathname,
				alt,
				caption,
			] )
		).toEqual( [
			[
				'/wp-content/uploads/fixture-1.png',
				'Fixture picture 1',
				'The road',
			],
			[
				'/wp-content/uploads/fixture-2.png',
				'Fixture picture 2',
				'The pump house',
			],
			[
				'/wp-content/uploads/fixture-3.png',
				'Fixture picture 3',
				'The school',
			],
		] );
	} );
} );

describe( 'the lightbox', () => {
	it( 'opens a picture at its full size with its caption, in a dialog named by its place', async () => {
		const user = userEvent.setup();
		mount();
		await user.click( picture( 'Fixture picture 2' ) );
		expect( dialog()?.hasAttribute( 'open' ) ).toBe( true );
		expect( shown()?.getAttribute( 'src' ) ).toMatch(
			/\/wp-content\/uploads\/fixture-2\.png$/
		);
		expect( shown()?.alt ).toBe( 'Fixture picture 2' );
		expect( dialog()?.querySelector( 'figcaption' )?.textContent ).toBe(
			'The pump house'
		);
		expect( screen.getByRole( 'heading' ).textContent ).toBe(
			'Picture 2 of 3'
		);
	} );

	it( 'goes on and back with its buttons and the arrow keys, round the ends', async () => {
		const user = userEvent.setup();
		mount();
		await user.click( picture( 'Fixture picture 3' ) );
		// At once, with focus where the browser's modal puts it: its first control, Close.
		screen.getByRole( 'button', { name: 'Close' } ).focus();
		await user.keyboard( '{ArrowRight}' );
		expect( shown()?.alt ).toBe( 'Fixture picture 1' );
		await user.keyboard( '{ArrowLeft}' );
		expect( shown()?.alt ).toBe( 'Fixture picture 3' );
		await user.click( screen.getByRole( 'button', { name: 'Next' } ) );
		expect( shown()?.alt ).toBe( 'Fixture picture 1' );
		await user.keyboard( '{ArrowLeft}' );
		expect( shown()?.alt ).toBe( 'Fixture picture 3' );
		await user.keyboard( '{ArrowRight}' );
		expect( shown()?.alt ).toBe( 'Fixture picture 1' );
		await user.click( screen.getByRole( 'button', { name: 'Previous' } ) );
		expect( shown()?.alt ).toBe( 'Fixture picture 3' );
	} );

	it( 'turns on a swipe, and not on a tap', async () => {
		const user = userEvent.setup();
		mount();
		await user.click( picture( 'Fixture picture 1' ) );
		const stage = dialog()!.querySelector( '.tp-lightbox__stage' )!;
		const swipe = ( from: number, to: number ) =>
			act( () => {
				stage.dispatchEvent(
					new MouseEvent( 'pointerdown', {
						bubbles: true,
						clientX: from,
					} )
				);
				stage.dispatchEvent(
					new MouseEvent( 'pointerup', {
						bubbles: true,
						clientX: to,
					} )
				);
			} );
		swipe( 300, 300 - SWIPE );
		expect( shown()?.alt ).toBe( 'Fixture picture 2' );
		swipe( 300, 300 + SWIPE );
		expect( shown()?.alt ).toBe( 'Fixture picture 1' );
		swipe( 300, 300 - SWIPE + 1 );
		expect( shown()?.alt ).toBe( 'Fixture picture 1' );
	} );

	it( 'closes on its button and gives focus back to the picture that opened it', async () => {
		const user = userEvent.setup();
		mount();
		await user.click( picture( 'Fixture picture 2' ) );
		await user.click( screen.getByRole( 'button', { name: 'Next' } ) );
		await user.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( dialog() ).toBeNull();
		expect( document.body.ownerDocument.activeElement ).toBe(
			picture( 'Fixture picture 2' )
		);
	} );

	it( 'leaves a picture that links to a page, and a click with a modifier key', () => {
		mount();
		// What the island left for the browser, noted before jsdom (which cannot navigate) is
		// stopped from trying.
		const left: boolean[] = [];
		const note = ( event: Event ) => {
			left.push( ! event.defaultPrevented );
			event.preventDefault();
		};
		document.addEventListener( 'click', note );
		screen
			.getByRole( 'link', { name: 'How to bid' } )
			.dispatchEvent(
				new MouseEvent( 'click', { bubbles: true, cancelable: true } )
			);
		picture( 'Fixture picture 1' ).dispatchEvent(
			new MouseEvent( 'click', {
				bubbles: true,
				cancelable: true,
				ctrlKey: true,
			} )
		);
		document.removeEventListener( 'click', note );
		expect( left ).toEqual( [ true, true ] );
		expect( dialog() ).toBeNull();
	} );
} );

describe( 'its props', () => {
	it( 'refuses props it cannot use, so the links stay plain links', () => {
		document.body.innerHTML = recording.html;
		const element = document.querySelector< HTMLElement >(
			'[data-tp-island="lightbox"]'
		)!;
		for ( const bad of [
			{},
			{ i18n: { close: 'Close' } },
			{ i18n: [] },
		] ) {
			expect( () => parseLightboxProps( bad, element ) ).toThrow(
				TypeError
			);
		}
	} );
} );
