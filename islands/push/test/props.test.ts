/**
 * The island's props as PushPrompt.php sends them: typed, and refused (so the server's markup
 * stays) when one is missing or of the wrong kind.
 */
import { describe, expect, it } from 'vitest';
import { parsePushProps } from '..';
import { keyBytes } from '../subscribe';

const LABELS = {
	prompt: 'Get browser alerts when new tenders and EOIs are published.',
	region: 'Browser notifications',
	allow: 'Allow',
	dismiss: 'No thanks',
	asking: 'Waiting…',
	subscribed: 'Notifications are on.',
	topics: 'Notify me about',
	categories: 'Categories',
	locations: 'Locations',
	save: 'Save my choice',
	saved: 'Saved.',
	unsubscribe: 'Turn notifications off',
	unsubscribed: 'Notifications are off.',
	blocked: 'Blocked.',
	failed: 'Failed.',
	close: 'Close',
};
const RAW = {
	publicKey:
		'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
	route: 'https://tenders.example/wp-json/tenderpress/v1/push/subscriptions',
	worker: 'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/sw.js',
	scope: 'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/',
	backoffDays: 7,
	types: [
		[ 'tender', 'Tender' ],
		[ 'eoi', 'EOI' ],
	],
	categories: [ [ 12, 'Civil Works' ] ],
	locations: [
		[ 16, 'Karnataka' ],
		[ 12, 'Maharashtra' ],
	],
	labels: LABELS,
	messages: {
		network: 'No connection.',
		timeout: 'Too slow.',
		aborted: 'Stopped.',
		serverError: 'Server error.',
	},
};

describe( 'the push island\u2019s props', () => {
	it( 'reads what the server sends', () => {
		const props = parsePushProps( RAW );
		expect( props.types ).toEqual( [
			[ 'tender', 'Tender' ],
			[ 'eoi', 'EOI' ],
		] );
		expect( props.labels ).toEqual( LABELS );
		expect( props.categories ).toEqual( [ [ 12, 'Civil Works' ] ] );
		expect( props.locations ).toHaveLength( 2 );
		expect( props.backoffDays ).toBe( 7 );
	} );

	it.each( [
		[ 'no key', { ...RAW, publicKey: undefined } ],
		[
			'a route that is not an address',
			{ ...RAW, route: 'javascript:alert(1)' },
		],
		[
			'a label missing',
			{ ...RAW, labels: { ...LABELS, allow: undefined } },
		],
		[ 'types that are not pairs', { ...RAW, types: [ 'tender' ] } ],
		[ 'back-off days as text', { ...RAW, backoffDays: '7' } ],
		[
			'a category id as text',
			{ ...RAW, categories: [ [ '12', 'Civil Works' ] ] },
		],
	] )( 'refuses %s', ( _what, raw ) => {
		expect( () => parsePushProps( raw ) ).toThrow();
	} );

	it( 'turns the site\u2019s public key into the 65 bytes of its point', () => {
		const bytes = keyBytes( RAW.publicKey );
		expect( bytes.length ).toBe( 65 );
		expect( bytes[ 0 ] ).toBe( 4 );
	} );
} );
