/**
 * External dependencies
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Internal dependencies
 */
import { scrollWindowTo } from '../motion';

describe( 'scrollWindowTo', () => {
	afterEach( () => {
		vi.restoreAllMocks();
	} );

	it( 'only ever moves towards the target, even when a frame is stamped before the scroll began', async () => {
		let y = 1200;
		Object.defineProperty( window, 'scrollY', {
			configurable: true,
			get: () => y,
		} );
		const positions: number[] = [];
		vi.spyOn( window, 'scrollTo' ).mockImplementation( ( (
			_x: number,
			top: number
		) => {
			y = top;
			positions.push( top );
		} ) as typeof window.scrollTo );
		vi.spyOn( performance, 'now' ).mockReturnValue( 1000 );
		// Browsers stamp a frame with the time it began, which can precede the call.
		const stamps = [ 984, 1000, 1250, 1500, 1750, 2000 ];
		vi.spyOn( window, 'requestAnimationFrame' ).mockImplementation(
			( callback ) => {
				const stamp = stamps.shift();
				if ( stamp !== undefined ) {
					queueMicrotask( () => callback( stamp ) );
				}
				return 1;
			}
		);

		await scrollWindowTo( 200, 1000 );

		expect( positions.at( -1 ) ).toBe( 200 );
		positions.reduce( ( previous, position ) => {
			expect( position ).toBeLessThanOrEqual( previous );
			return position;
		}, 1200 );
		expect( positions[ 0 ] ).toBe( 1200 );
	} );
} );
