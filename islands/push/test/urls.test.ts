/**
 * Where a notification's click leads: the notice it names when it is on this site, the site's
 * home otherwise (a message cannot send a visitor elsewhere).
 */
import { describe, expect, it } from 'vitest';
import { clickTarget, siteHome, subscriptionsRoute } from '../urls';

describe( 'the service worker\u2019s addresses', () => {
	it( 'finds the site\u2019s home from the worker\u2019s scope, in a subfolder too', () => {
		expect(
			siteHome(
				'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/'
			)
		).toBe( 'https://tenders.example/' );
		expect(
			siteHome(
				'https://example.org/site/wp-content/plugins/tenderpress/sdk_files/push/webpush/'
			)
		).toBe( 'https://example.org/site/' );
	} );

	it( 'opens the notice named, but only on this site', () => {
		const home = 'https://tenders.example/';
		expect(
			clickTarget( 'https://tenders.example/tenders/x/', home )
		).toBe( 'https://tenders.example/tenders/x/' );
		expect( clickTarget( '/tenders/y/', home ) ).toBe(
			'https://tenders.example/tenders/y/'
		);
		expect( clickTarget( 'https://evil.example/', home ) ).toBe( home );
		expect( clickTarget( 'javascript:alert(1)', home ) ).toBe( home );
		expect( clickTarget( undefined, home ) ).toBe( home );
		expect( clickTarget( '', home ) ).toBe( home );
	} );
} );

describe( 'the route the service worker renews subscriptions through', () => {
	const worker =
		'https://tenders.example/wp-content/plugins/tenderpress/sdk_files/push/webpush/sw.js';

	it( 'is the one its address carries, on its own site', () => {
		expect(
			subscriptionsRoute(
				`${ worker }?route=${ encodeURIComponent(
					'https://tenders.example/wp-json/tenderpress/v1/push/subscriptions'
				) }`
			)
		).toBe(
			'https://tenders.example/wp-json/tenderpress/v1/push/subscriptions'
		);
		// A site without pretty permalinks.
		expect(
			subscriptionsRoute(
				`${ worker }?route=${ encodeURIComponent(
					'https://tenders.example/?rest_route=/tenderpress/v1/push/subscriptions'
				) }`
			)
		).toBe(
			'https://tenders.example/?rest_route=/tenderpress/v1/push/subscriptions'
		);
	} );

	it.each( [
		[ 'none', worker ],
		[ 'an empty one', `${ worker }?route=` ],
		[
			'another site',
			`${ worker }?route=${ encodeURIComponent(
				'https://evil.example/collect'
			) }`,
		],
		[ 'a script', `${ worker }?route=javascript:alert(1)` ],
	] )( 'is none for %s', ( _, url ) => {
		expect( subscriptionsRoute( url ) ).toBeNull();
	} );
} );
