import { afterEach, describe, expect, it, vi } from 'vitest';
import { remember } from '../../shared/remember';
import { restoreRemembered } from '../remember';

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
	it( 'comes back on the next page before the island loads', () => {
		remember( container( 'tenderpress:share-floating' ), 'hidden' );
		const next = container( 'tenderpress:share-floating' );
		restoreRemembered( next );
		expect( next.dataset.tpRemembered ).toBe( 'hidden' );
	} );

	it( 'is forgotten when the island clears it', () => {
		const element = container( 'tenderpress:share-floating' );
		remember( element, 'hidden' );
		remember( element, null );
		expect( element.dataset.tpRemembered ).toBe( '' );
		const next = container( 'tenderpress:share-floating' );
		restoreRemembered( next );
		expect( next.dataset.tpRemembered ).toBe( '' );
	} );

	it( 'belongs to its key only, and to containers that ask for it', () => {
		remember( container( 'tenderpress:share-floating' ), 'hidden' );
		const other = container( 'tenderpress:push-prompt' );
		const none = container();
		restoreRemembered( other );
		restoreRemembered( none );
		expect( other.dataset.tpRemembered ).toBe( '' );
		expect( none.dataset.tpRemembered ).toBeUndefined();
	} );

	it( 'still shows on this page where storage is refused', () => {
		vi.spyOn( Storage.prototype, 'setItem' ).mockImplementation( () => {
			throw new DOMException( 'refused', 'SecurityError' );
		} );
		vi.spyOn( Storage.prototype, 'getItem' ).mockImplementation( () => {
			throw new DOMException( 'refused', 'SecurityError' );
		} );
		const element = container( 'tenderpress:share-floating' );
		expect( () => remember( element, 'hidden' ) ).not.toThrow();
		expect( element.dataset.tpRemembered ).toBe( 'hidden' );
		const next = container( 'tenderpress:share-floating' );
		expect( () => restoreRemembered( next ) ).not.toThrow();
		expect( next.dataset.tpRemembered ).toBeUndefined();
	} );
} );
