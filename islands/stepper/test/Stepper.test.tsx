/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { Stepper } from '../Stepper';
import { parseStepperProps } from '..';

// The server's markup (tests/php/ContractFixturesTest.php records it from Stepper::render()):
// "days", from 1 to 30 by 1, at 3; and a field with a step of "any", min -5 and max 2.5, empty.
const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/stepper.json' ),
		'utf8'
	)
) as { days: string; any: string };

function mount( html: string ) {
	document.body.innerHTML = `<form>${ html }</form>`;
	const element = document.querySelector< HTMLElement >(
		'[data-tp-island="stepper"]'
	)!;
	const props = parseStepperProps(
		JSON.parse(
			element.querySelector( 'script[data-tp-props]' )!.textContent!
		),
		element
	);
	render( <Stepper { ...props } />, {
		container: element.querySelector< HTMLElement >( '[data-tp-root]' )!,
	} );
	return element;
}

const field = () => screen.getByRole< HTMLInputElement >( 'spinbutton' );
const less = () => screen.getByRole( 'button', { name: /^Fewer/ } );
const more = () => screen.getByRole( 'button', { name: /^More/ } );

describe( 'stepper island', () => {
	beforeEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'names its buttons by what they change', () => {
		mount( recording.days );
		expect( less().getAttribute( 'aria-label' ) ).toBe( 'Fewer days' );
		expect( more().getAttribute( 'aria-label' ) ).toBe( 'More days' );
		expect( field().value ).toBe( '3' );
	} );

	it( 'steps within the field’s bounds, tells the form, and says the new value', async () => {
		const element = mount( recording.days );
		const changed = vi.fn();
		element.closest( 'form' )!.addEventListener( 'change', changed );
		const user = userEvent.setup();

		await user.click( more() );
		expect( field().value ).toBe( '4' );
		expect( changed ).toHaveBeenCalledTimes( 1 );
		expect(
			element.querySelector( '.tp-stepper__status' )!.textContent
		).toBe( '4' );

		await user.click( less() );
		await user.click( less() );
		await user.click( less() );
		expect( field().value ).toBe( '1' );
		await user.click( less() );
		expect( field().value ).toBe( '1' );
		expect( less().getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		// Nothing changed, so the form heard nothing more.
		expect( changed ).toHaveBeenCalledTimes( 4 );

		await user.clear( field() );
		await user.type( field(), '29' );
		expect( less().getAttribute( 'aria-disabled' ) ).toBe( 'false' );
		await user.click( more() );
		await user.click( more() );
		expect( field().value ).toBe( '30' );
		expect( more().getAttribute( 'aria-disabled' ) ).toBe( 'true' );
	} );

	it( 'works from the keyboard, focus staying on the button', async () => {
		mount( recording.days );
		const user = userEvent.setup();
		more().focus();
		await user.keyboard( '{Enter}' );
		await user.keyboard( ' ' );
		expect( field().value ).toBe( '5' );
		expect( more().ownerDocument.activeElement ).toBe( more() );
	} );

	it( 'counts a step of "any" as 1, and never goes below 0 whatever min says', async () => {
		mount( recording.any );
		const user = userEvent.setup();
		await user.click( more() );
		// An empty field starts from the lowest value allowed: 0.
		expect( field().value ).toBe( '0' );
		await user.click( more() );
		await user.click( more() );
		await user.click( more() );
		expect( field().value ).toBe( '2.5' );
		await user.click( less() );
		await user.click( less() );
		await user.click( less() );
		await user.click( less() );
		expect( field().value ).toBe( '0' );
	} );
} );
