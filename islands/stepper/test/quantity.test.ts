/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import {
	atFloor,
	atMax,
	decrement,
	floorOf,
	increment,
	stepOf,
	type QuantityBounds,
} from '../quantity';

const days: QuantityBounds = { min: 1, max: 30, step: 1 };

describe( 'quantity rules', () => {
	it( 'counts a step of "any", an empty step, a missing or a non-positive one as 1', () => {
		expect( stepOf( 'any' ) ).toBe( 1 );
		expect( stepOf( '' ) ).toBe( 1 );
		expect( stepOf( null ) ).toBe( 1 );
		expect( stepOf( '0' ) ).toBe( 1 );
		expect( stepOf( '-2' ) ).toBe( 1 );
		expect( stepOf( 'two' ) ).toBe( 1 );
		expect( stepOf( '5' ) ).toBe( 5 );
		expect( stepOf( '0.25' ) ).toBe( 0.25 );
	} );

	it( 'plus never goes above max', () => {
		expect( increment( '3', days ) ).toBe( 4 );
		expect( increment( '29', days ) ).toBe( 30 );
		expect( increment( '30', days ) ).toBe( 30 );
		expect( increment( '28', { ...days, step: 5 } ) ).toBe( 30 );
		// A value typed above max comes back to it.
		expect( increment( '45', days ) ).toBe( 30 );
		// No max: no limit.
		expect( increment( '1000', { min: 0, max: null, step: 1 } ) ).toBe(
			1001
		);
	} );

	it( 'minus never goes below min', () => {
		expect( decrement( '3', days ) ).toBe( 2 );
		expect( decrement( '1', days ) ).toBe( 1 );
		expect( decrement( '4', { ...days, step: 5 } ) ).toBe( 1 );
	} );

	it( 'minus never goes below 0, whatever min says', () => {
		const signed: QuantityBounds = { min: -10, max: 10, step: 1 };
		expect( floorOf( signed ) ).toBe( 0 );
		expect( decrement( '1', signed ) ).toBe( 0 );
		expect( decrement( '0', signed ) ).toBe( 0 );
		expect( decrement( '0.5', { min: null, max: null, step: 1 } ) ).toBe(
			0
		);
		// A negative value typed in comes up to 0.
		expect( decrement( '-4', signed ) ).toBe( 0 );
	} );

	it( 'treats a field that holds no number as the lowest allowed value', () => {
		expect( increment( '', days ) ).toBe( 1 );
		expect( decrement( '', days ) ).toBe( 1 );
		expect( increment( 'abc', { min: null, max: null, step: 1 } ) ).toBe(
			0
		);
		expect( increment( '', { min: 5, max: 3, step: 1 } ) ).toBe( 3 );
	} );

	it( 'steps decimals without binary noise', () => {
		const tenths: QuantityBounds = { min: 0, max: 1, step: 0.1 };
		expect( increment( '0.2', tenths ) ).toBe( 0.3 );
		expect( decrement( '0.3', tenths ) ).toBe( 0.2 );
		expect( increment( '0.95', tenths ) ).toBe( 1 );
	} );

	it( 'says when a button can go no further', () => {
		expect( atMax( '30', days ) ).toBe( true );
		expect( atMax( '29', days ) ).toBe( false );
		expect( atMax( '', days ) ).toBe( false );
		expect( atFloor( '1', days ) ).toBe( true );
		expect( atFloor( '2', days ) ).toBe( false );
		expect( atFloor( '0', { min: -3, max: null, step: 1 } ) ).toBe( true );
		expect( atMax( '99', { min: 0, max: null, step: 1 } ) ).toBe( false );
	} );
} );
