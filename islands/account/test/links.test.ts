/**
 * The query arguments of a link that opens one of the account popups (spec §5): which popup,
 * which element to click once it is open, and the address left in the address bar afterwards.
 */
import { describe, expect, it } from 'vitest';
import { popupRequest, selectorFrom, withoutPopupArgs } from '../links';

// The names php/Islands/Account.php gives these arguments.
const ARGS = {
	lost: 'tenderpress-lostpassword',
	reset: 'tenderpress-resetpassword',
	selector: 'popup-selector',
};

describe( 'the selector a popup-selector value names', () => {
	it.each( [
		[ 'main_h1', 'main h1' ],
		[ '.tp-header_a', '.tp-header a' ],
		[ '#tenderpress-resetpassword', '#tenderpress-resetpassword' ],
		[ 'nav_ul_>_li', 'nav ul > li' ],
	] )( 'reads %j as %j (underscores stand for spaces)', ( raw, selector ) => {
		expect( selectorFrom( raw ) ).toBe( selector );
	} );

	it.each( [ '1abc', '[x]', '>a', '*', '', '-a', ' main' ] )(
		'names nothing with %j, which does not start with a letter, "." or "#"',
		( raw ) => {
			expect( selectorFrom( raw ) ).toBeNull();
		}
	);

	it( 'names nothing without a value', () => {
		expect( selectorFrom( null ) ).toBeNull();
	} );

	it.each( [ '#a_[', '.a(', 'a[b=', '#' ] )(
		'names nothing with %j, which no browser can parse',
		( raw ) => {
			expect( selectorFrom( raw ) ).toBeNull();
		}
	);
} );

describe( 'the popup a page’s query asks for', () => {
	it( 'opens the lost password popup', () => {
		expect(
			popupRequest(
				'?tenderpress-lostpassword=1&key=K&login=bob&popup-selector=.a',
				ARGS
			)
		).toEqual( { view: 'lost', selector: '.a' } );
	} );

	it( 'opens the reset popup, and never takes a key or account from the address', () => {
		expect(
			popupRequest(
				'?tenderpress-resetpassword=1&key=K&login=bob%40example.org&popup-selector=%23tenderpress-resetpassword',
				ARGS
			)
		).toEqual( {
			view: 'reset',
			selector: '#tenderpress-resetpassword',
		} );
	} );

	it( 'prefers the reset popup when a link asks for both', () => {
		expect(
			popupRequest(
				'?tenderpress-lostpassword=1&tenderpress-resetpassword=1&key=K&login=bob',
				ARGS
			)
		).toEqual( { view: 'reset', selector: null } );
	} );

	it( 'gives a reset link without its key or account empty ones', () => {
		expect( popupRequest( '?tenderpress-resetpassword', ARGS ) ).toEqual( {
			view: 'reset',
			selector: null,
		} );
	} );

	it( 'drops a selector that names nothing usable', () => {
		expect(
			popupRequest(
				'?tenderpress-lostpassword=1&popup-selector=1bad',
				ARGS
			)?.selector
		).toBeNull();
	} );

	it.each( [ '', '?', '?key=K&login=bob', '?popup-selector=main_h1&s=x' ] )(
		'opens nothing for %j',
		( search ) => {
			expect( popupRequest( search, ARGS ) ).toBeNull();
		}
	);
} );

describe( 'the address once the popup took its arguments', () => {
	const PAGE = 'https://example.org/tenders/?s=roads&paged=2';

	it( 'drops the reset arguments with the key and the account', () => {
		expect(
			withoutPopupArgs(
				`${ PAGE }&tenderpress-resetpassword=1&popup-selector=main_h1&key=K&login=bob#top`,
				ARGS
			)
		).toBe( `${ PAGE }#top` );
	} );

	it( 'drops the lost password arguments but keeps a key and login that were not a reset’s', () => {
		expect(
			withoutPopupArgs(
				`${ PAGE }&tenderpress-lostpassword=1&popup-selector=main_h1&key=K&login=bob`,
				ARGS
			)
		).toBe( `${ PAGE }&key=K&login=bob` );
	} );

	it( 'leaves an address without popup arguments as it was', () => {
		expect( withoutPopupArgs( `${ PAGE }&key=K`, ARGS ) ).toBe(
			`${ PAGE }&key=K`
		);
		expect( withoutPopupArgs( 'https://example.org/', ARGS ) ).toBe(
			'https://example.org/'
		);
		// Spelled as it was: nothing re-encoded, no "=" added to a bare flag.
		expect(
			withoutPopupArgs( 'https://example.org/?a%20b=1&flag', ARGS )
		).toBe( 'https://example.org/?a%20b=1&flag' );
	} );
} );
