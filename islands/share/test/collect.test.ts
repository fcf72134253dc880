/**
 * Counts collected in the visitor's browser (spec §7, calls 3 and 4): read from the network's
 * endpoint for the pages the count answer lists, sent back 1000 ms later. The count answer and
 * the save's answer are those the real handlers gave (tests/php/ContractFixturesTest.php).
 */
import fs from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
	afterAll,
	afterEach,
	beforeAll,
	describe,
	expect,
	it,
	vi,
} from 'vitest';
import { collectCounts, forgetAsked, readPath } from '../collect';
import type { CollectConfig } from '../types';

const { collect } = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/share.json' ),
		'utf8'
	)
) as {
	collect: {
		page: string;
		props: { url: string; collect: CollectConfig };
		answer: Record< string, unknown >;
		saved: { success: boolean; data: { saved: number } };
	};
};
const config = collect.props.collect;
const GRAPH = 'https://graph.facebook.com/';

const asked: Array< {
	url: string;
	credentials: string;
	referrerPolicy: string;
} > = [];
const saves: Array< { at: number; body: URLSearchParams } > = [];
let graphAnswer: () => Response = () =>
	HttpResponse.json( { share: { share_count: 3 } } );

const server = setupServer(
	http.get( GRAPH, ( { request } ) => {
		asked.push( {
			url: request.url,
			credentials: request.credentials,
			referrerPolicy: request.referrerPolicy,
		} );
		return graphAnswer();
	} ),
	http.post( collect.props.url, async ( { request } ) => {
		saves.push( {
			at: Date.now(),
			body: new URLSearchParams( await request.text() ),
		} );
		return HttpResponse.json( collect.saved );
	} )
);
beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );
afterEach( () => {
	forgetAsked();
	window.localStorage.clear();
	asked.length = 0;
	saves.length = 0;
	graphAnswer = () => HttpResponse.json( { share: { share_count: 3 } } );
	vi.restoreAllMocks();
} );

describe( 'reading a count from a network answer', () => {
	it.each( [
		[ { share: { share_count: 12 } }, 12 ],
		[ { share: { share_count: '7' } }, 7 ],
		[ { share: { share_count: 0 } }, 0 ],
		[ { share: {} }, null ],
		[ { share: { share_count: -1 } }, null ],
		[ { share: { share_count: 1.5 } }, null ],
		[ { share: { share_count: 'many' } }, null ],
		[ { error: { message: 'token' } }, null ],
		[ null, null ],
		[ 'share', null ],
	] )( 'finds %j as %s', ( answer, count ) => {
		expect( readPath( answer, 'share.share_count' ) ).toBe( count );
	} );
} );

describe( 'collecting counts in the browser', () => {
	it( 'reads each listed page from the network, without cookies or referrer, and sends the counts back 1000 ms later', async () => {
		const started = Date.now();
		const sent = await collectCounts(
			collect.answer,
			config,
			collect.props.url,
			new AbortController().signal
		);
		expect( sent ).toEqual( { facebook: { [ collect.page ]: 3 } } );
		expect( asked ).toHaveLength( 1 );
		expect( new URL( asked[ 0 ]!.url ).searchParams.get( 'id' ) ).toBe(
			collect.page
		);
		expect( asked[ 0 ]!.credentials ).toBe( 'omit' );
		expect( asked[ 0 ]!.referrerPolicy ).toBe( 'no-referrer' );
		expect( saves ).toHaveLength( 1 );
		expect( saves[ 0 ]!.at - started ).toBeGreaterThanOrEqual(
			config.delay - 5
		);
		const body = saves[ 0 ]!.body;
		expect( body.get( 'action' ) ).toBe(
			'tenderpress_save_facebook_shares'
		);
		expect( body.get( '_ajax_nonce' ) ).toBe( config.nonce );
		expect( body.get( `share_counts[${ collect.page }]` ) ).toBe( '3' );
	} );

	it( 'asks a network once per page view, and the same visitor again only after the interval, whatever it answered', async () => {
		graphAnswer = () =>
			HttpResponse.json(
				{ error: { message: 'An access token is required' } },
				{ status: 400 }
			);
		const collectOnce = () =>
			collectCounts(
				collect.answer,
				config,
				collect.props.url,
				new AbortController().signal
			);
		await collectOnce();
		// The page's second bar.
		await collectOnce();
		expect( asked ).toHaveLength( 1 );
		// The next page view, soon after.
		forgetAsked();
		await collectOnce();
		expect( asked ).toHaveLength( 1 );
		// After the interval.
		forgetAsked();
		const later = Date.now() + config.interval * 1000 + 1;
		vi.spyOn( Date, 'now' ).mockReturnValue( later );
		await collectOnce();
		expect( asked ).toHaveLength( 2 );
		expect( saves ).toHaveLength( 0 );
	} );

	it( 'asks no network when the answer does not name it', async () => {
		const sent = await collectCounts(
			{ status: 1, message: {} },
			config,
			collect.props.url,
			new AbortController().signal
		);
		expect( sent ).toEqual( {} );
		expect( asked ).toHaveLength( 0 );
		expect( saves ).toHaveLength( 0 );
	} );

	it( 'sends nothing when the network answers no count', async () => {
		graphAnswer = () =>
			HttpResponse.json(
				{ error: { message: 'An access token is required' } },
				{ status: 400 }
			);
		const sent = await collectCounts(
			collect.answer,
			config,
			collect.props.url,
			new AbortController().signal
		);
		expect( sent ).toEqual( {} );
		expect( asked ).toHaveLength( 1 );
		expect( saves ).toHaveLength( 0 );
	} );

	it( 'sends nothing once the visitor has left (aborted during the wait)', async () => {
		const controller = new AbortController();
		const collecting = collectCounts(
			collect.answer,
			config,
			collect.props.url,
			controller.signal
		);
		await vi.waitFor( () => expect( asked ).toHaveLength( 1 ) );
		controller.abort();
		await expect( collecting ).rejects.toBeTruthy();
		await new Promise( ( resolve ) =>
			setTimeout( resolve, config.delay + 50 )
		);
		expect( saves ).toHaveLength( 0 );
	} );
} );
