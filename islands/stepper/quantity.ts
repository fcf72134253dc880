/**
 * The spec's quantity rules for a stepper's buttons, read from the number input itself (its min,
 * max and step attributes are the one source):
 * - a step of "any", an empty step or one that is not a positive number counts as 1;
 * - plus never goes above max;
 * - minus never goes below min, and never below 0.
 * A value that is not a number (an empty or half-typed field) counts as the lowest allowed.
 */
export interface QuantityBounds {
	min: number | null;
	max: number | null;
	step: number;
}

/** A number attribute as a number, or null when it is missing or not a number. */
function attributeNumber( value: string | null ): number | null {
	if ( value === null || value.trim() === '' ) {
		return null;
	}
	const number = Number( value );
	return Number.isFinite( number ) ? number : null;
}

/** The step a button moves by. */
export function stepOf( step: string | null ): number {
	const number = attributeNumber( step );
	return number !== null && number > 0 ? number : 1;
}

export function boundsOf( input: HTMLInputElement ): QuantityBounds {
	return {
		min: attributeNumber( input.getAttribute( 'min' ) ),
		max: attributeNumber( input.getAttribute( 'max' ) ),
		step: stepOf( input.getAttribute( 'step' ) ),
	};
}

/** The lowest value minus may reach: min, but never below 0. */
export function floorOf( { min }: QuantityBounds ): number {
	return Math.max( 0, min ?? 0 );
}

/** Adds the step without the binary noise of decimals (0.1 + 0.2 is 0.3 here). */
function add( value: number, by: number ): number {
	const decimals = Math.max( decimalsOf( value ), decimalsOf( by ) );
	return Number( ( value + by ).toFixed( decimals ) );
}

function decimalsOf( value: number ): number {
	const [ , fraction = '' ] = String( value ).split( '.' );
	return fraction.length;
}

/** What the field holds, or null when it holds no number. */
export function valueOf( text: string ): number | null {
	return attributeNumber( text );
}

/** The value after plus. */
export function increment( text: string, bounds: QuantityBounds ): number {
	const value = valueOf( text );
	const next = value === null ? floorOf( bounds ) : add( value, bounds.step );
	return bounds.max === null ? next : Math.min( next, bounds.max );
}

/** The value after minus. */
export function decrement( text: string, bounds: QuantityBounds ): number {
	const value = valueOf( text );
	const floor = floorOf( bounds );
	if ( value === null ) {
		return floor;
	}
	return Math.max( floor, add( value, -bounds.step ) );
}

/** Whether plus, or minus, can change the value any more. */
export function atMax( text: string, bounds: QuantityBounds ): boolean {
	const value = valueOf( text );
	return value !== null && bounds.max !== null && value >= bounds.max;
}

export function atFloor( text: string, bounds: QuantityBounds ): boolean {
	const value = valueOf( text );
	return value !== null && value <= floorOf( bounds );
}
