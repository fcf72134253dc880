/**
 * The rough strength shown while a new password is typed: 0 (very weak) to 3 (strong).
 */
import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../strength';

describe( 'the strength of a new password', () => {
	it.each( [ '', 'a', 'Ab1$', 'Ab1$xY9' ] )(
		'is very weak for %j, shorter than 8 characters',
		( password ) => {
			expect( passwordStrength( password ) ).toBe( 0 );
		}
	);

	it.each( [
		'12345678',
		'87654321',
		'abcdefgh',
		'ABCDEFGHIJKLMNOP',
		'zyxwvuts',
		'aaaaaaaa',
		'!!!!!!!!!!!!!!!!!!!!!!!!',
	] )( 'is very weak for %j, a run whatever its length', ( password ) => {
		expect( passwordStrength( password ) ).toBe( 0 );
	} );

	it.each( [
		[ 'tenderpress', 1 ],
		[ 'tenderpress1', 2 ],
		[ 'Tenderpress1', 3 ],
		[ 'Correct horse 7 battery', 3 ],
		[ 'correcthorsebatterystaple', 2 ],
	] )( 'rates %j %i', ( password, strength ) => {
		expect( passwordStrength( password ) ).toBe( strength );
	} );

	it( 'never falls as a password grows longer or gains a kind of character', () => {
		const typed = 'Quiet river 42 stones!';
		let previous = 0;
		for ( let length = 1; length <= typed.length; length++ ) {
			const strength = passwordStrength( typed.slice( 0, length ) );
			expect( strength ).toBeGreaterThanOrEqual( previous );
			previous = strength;
		}
		expect( previous ).toBe( 3 );
		expect( passwordStrength( 'quietriverstones' ) ).toBeLessThanOrEqual(
			passwordStrength( 'quietRiverstones' )
		);
		expect( passwordStrength( 'quietRiverstones' ) ).toBeLessThanOrEqual(
			passwordStrength( 'quietRiverst0nes' )
		);
	} );

	it( 'counts characters, not UTF-16 units', () => {
		// Seven emoji are 14 UTF-16 units but seven characters: still too short.
		expect( passwordStrength( '🔑🔒🔓🚪🏠🌳🌊' ) ).toBe( 0 );
	} );
} );
