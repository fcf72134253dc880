import { useLayoutEffect } from '@wordpress/element';
import {
	atFloor,
	atMax,
	boundsOf,
	decrement,
	increment,
	type QuantityBounds,
} from './quantity';
import type { StepperProps } from './types';

/**
 * A number field with minus and plus buttons around it (php/Islands/Stepper.php prints all
 * three; without JavaScript the buttons are hidden and the field is a plain number input). The
 * island renders nothing: it makes the server's buttons change the field by its step, within
 * its bounds (quantity.ts), tells the form (input and change events, as typing would), says the
 * new value in the live region, and marks a button that can go no further.
 */
export function Stepper( { element }: StepperProps ) {
	useLayoutEffect( () => {
		const input = element.querySelector< HTMLInputElement >(
			'input[type="number"]'
		);
		const less =
			element.querySelector< HTMLButtonElement >( '.tp-stepper__less' );
		const more =
			element.querySelector< HTMLButtonElement >( '.tp-stepper__more' );
		if ( ! input || ! less || ! more ) {
			return;
		}
		const status = element.querySelector< HTMLElement >(
			'.tp-stepper__status'
		);
		const mark = ( bounds: QuantityBounds ) => {
			less.setAttribute(
				'aria-disabled',
				String( atFloor( input.value, bounds ) )
			);
			more.setAttribute(
				'aria-disabled',
				String( atMax( input.value, bounds ) )
			);
		};
		const change =
			( to: ( text: string, bounds: QuantityBounds ) => number ) =>
			( event: MouseEvent ) => {
				event.preventDefault();
				const bounds = boundsOf( input );
				const next = String( to( input.value, bounds ) );
				if ( next !== input.value ) {
					input.value = next;
					input.dispatchEvent(
						new Event( 'input', { bubbles: true } )
					);
					input.dispatchEvent(
						new Event( 'change', { bubbles: true } )
					);
				}
				if ( status ) {
					status.textContent = input.value;
				}
				mark( bounds );
			};
		const onLess = change( decrement );
		const onMore = change( increment );
		const onInput = () => mark( boundsOf( input ) );
		less.addEventListener( 'click', onLess );
		more.addEventListener( 'click', onMore );
		input.addEventListener( 'input', onInput );
		mark( boundsOf( input ) );
		return () => {
			less.removeEventListener( 'click', onLess );
			more.removeEventListener( 'click', onMore );
			input.removeEventListener( 'input', onInput );
		};
	}, [ element ] );
	return null;
}
