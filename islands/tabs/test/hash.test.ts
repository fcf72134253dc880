/**
 * External dependencies
 */
import { describe, expect, it } from 'vitest';

/**
 * Internal dependencies
 */
import { hashTarget, linkTarget, scrollTargetTop } from '../hash';
import section from '../../../plugin/blocks/tab/block.json';

// The rule the server sends: the section block's anchor pattern, without its empty choice.
const rule = new RegExp(
	section.attributes.anchor.pattern.replace( ')?$', ')$' )
);
const aliases = { safari: 'tenderpress-safari' };

describe( 'hash targets', () => {
	it( 'takes a letter followed by letters, digits, "-", "_", ":" or "."', () => {
		expect( hashTarget( '#documents', rule ) ).toBe( 'documents' );
		expect( hashTarget( '#How-to_bid:2.a', rule ) ).toBe(
			'How-to_bid:2.a'
		);
		expect( hashTarget( 'no-hash-sign', rule ) ).toBe( 'no-hash-sign' );
	} );

	it( 'refuses a hash that starts otherwise or holds anything else', () => {
		for ( const hash of [
			'#',
			'',
			'#1st',
			'#-a',
			'#_a',
			'#a b',
			'#a%20b',
			'#a/b',
			'#a,b',
			'#a[b]',
			'#a"b',
			'#<img src=x onerror=alert(1)>',
			'#%3Cscript%3E',
			'#a)',
			'#é',
			'#documents#more',
		] ) {
			expect( hashTarget( hash, rule ), hash ).toBeNull();
		}
	} );

	it( 'treats "#!" as "#": "#!documents" names documents', () => {
		expect( hashTarget( '#!documents', rule ) ).toBe( 'documents' );
		expect( hashTarget( '#!', rule ) ).toBeNull();
		expect( hashTarget( '#!/documents', rule ) ).toBeNull();
		expect( hashTarget( '#!!documents', rule ) ).toBeNull();
	} );

	it( 'decodes a percent-encoded hash, and refuses one that does not decode', () => {
		expect( hashTarget( '#%64ocuments', rule ) ).toBe( 'documents' );
		expect( hashTarget( '#%E0%A4', rule ) ).toBeNull();
		expect( hashTarget( '#%', rule ) ).toBeNull();
	} );

	it( 'maps a browser name to its prefixed id, and nothing else', () => {
		expect( hashTarget( '#safari', rule, aliases ) ).toBe(
			'tenderpress-safari'
		);
		expect( hashTarget( '#Safari', rule, aliases ) ).toBe( 'Safari' );
		expect( hashTarget( '#chrome', rule, aliases ) ).toBe( 'chrome' );
		// Names every object has are not aliases.
		expect( hashTarget( '#constructor', rule, aliases ) ).toBe(
			'constructor'
		);
		expect( hashTarget( '#toString', rule, {} ) ).toBe( 'toString' );
	} );
} );

describe( 'in-page links', () => {
	// The page the links are on: relative links resolve against it, as in a browser.
	window.history.replaceState( null, '', '/tenders/road-works/?lang=hi' );
	const here = window.location;
	const link = ( href: string ) => {
		const anchor = document.createElement( 'a' );
		anchor.setAttribute( 'href', href );
		return anchor;
	};

	it( 'names the id of a link to this page', () => {
		expect( linkTarget( link( '#documents' ), here, rule ) ).toBe(
			'documents'
		);
		expect(
			linkTarget(
				link( here.origin + '/tenders/road-works/?lang=hi#faq' ),
				here,
				rule
			)
		).toBe( 'faq' );
		expect( linkTarget( link( '#safari' ), here, rule, aliases ) ).toBe(
			'tenderpress-safari'
		);
	} );

	it( 'takes a "#!" link as the "#" link it stands for', () => {
		expect( linkTarget( link( '#!documents' ), here, rule ) ).toBe(
			'documents'
		);
		expect( linkTarget( link( '#!' ), here, rule ) ).toBeNull();
	} );

	it( 'leaves links that leave the page or have no hash', () => {
		for ( const href of [
			'/tenders/other/?lang=hi#documents',
			'https://other.test/tenders/road-works/?lang=hi#documents',
			'//other.test/tenders/road-works/?lang=hi#documents',
			'/tenders/road-works/#documents',
			'?lang=en#documents',
			'#',
			'/tenders/road-works/?lang=hi',
		] ) {
			expect( linkTarget( link( href ), here, rule ), href ).toBeNull();
		}
	} );
} );

describe( 'the scroll target', () => {
	const at = ( top: number ) =>
		( {
			getBoundingClientRect: () => ( { top } ) as DOMRect,
		} ) as Element;

	it( 'puts the element the offset below the window top', () => {
		// 300 px down the window, the page scrolled 1000 px: the element is at 1300 on the page.
		expect( scrollTargetTop( at( 300 ), 0, 1000 ) ).toBe( 1300 );
		expect( scrollTargetTop( at( 300 ), 80, 1000 ) ).toBe( 1220 );
		expect( scrollTargetTop( at( -200 ), 80, 1000 ) ).toBe( 720 );
	} );

	it( 'never goes above the page start, and rounds to whole pixels', () => {
		expect( scrollTargetTop( at( 20 ), 160, 0 ) ).toBe( 0 );
		expect( scrollTargetTop( at( 10.6 ), 0, 100 ) ).toBe( 111 );
	} );
} );
