import { afterEach, describe, expect, it, vi } from 'vitest';
import { remember } from '../remember';

const container = ( key?: string ) => {
	const element = document.createElement( 'aside' );
	if ( key ) {
		element.dataset.tpRemember = key;
	}
	return element;
};

afterEach( () => {
	window.sessionStorage.clear();
	vi.restoreAllMocks();
} );

describe( 'an island state kept for the visit', () => {
	it( 'shows on the container and is kept under the key the server named', () => {
		const element = container( 'tenderpress:share-floating' );
		remember( element, 'hidden' );
		expect( element.dataset.tpRemembered ).toBe( 'hidden' );
		expect(
			window.sessionStorage.getItem( 'tenderpress:share-floating' )
		).toBe( 'hidden' );
	} );

	it( 'is forgotten when the island clears it', () => {
		const element = container( 'tenderpress:share-floating' );
		remember( element, 'hidden' );
		remember( element, null );
		expect( element.dataset.tpRemembered ).toBe( '' );
		expect(
			window.sessionStorage.getItem( 'tenderpress:share-floating' )
		).toBeNull();
	} );

	it( 'is kept only for containers that name a key', () => {
		remember( container(), 'hidden' );
		expect( window.sessionStorage.length ).toBe( 0 );
	} );

	it( 'still shows on this page where storage is refused', () => {
		vi.spyOn( Storage.prototype, 'setItem' ).mockImplementation( () => {
			throw new DOMException( 'refused', 'SecurityError' );
		} );
		const element = container( 'tenderpress:share-floating' );
		expect( () => remember( element, 'hidden' ) ).not.toThrow();
		expect( element.dataset.tpRemembered ).toBe( 'hidden' );
	} );
} );
