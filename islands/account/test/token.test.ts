/**
 * The nonce the account forms send: the page's own, or a fresh one asked for once per page load
 * when the page configures a token action. The answer is the one the real handler gave
 * (tests/php/ContractFixturesTest.php, tests/fixtures/account.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountNonce, forgetNonce } from '../token';

const recording = JSON.parse(
	fs.readFileSync(
		path.resolve( __dirname, '../../../tests/fixtures/account.json' ),
		'utf8'
	)
) as {
	props: {
		ajaxUrl: string;
		nonce: string;
		token: string;
		messages: {
			network: string;
			timeout: string;
			aborted: string;
			serverError: string;
		};
	};
	answers: {
		token: {
			request: Record< string, string >;
			status: number;
			body: { success: boolean; data: { nonce: string } };
		};
	};
};
const { props } = recording;
const options = { url: props.ajaxUrl, messages: props.messages };
const FRESH = recording.answers.token.body.data.nonce;

const requests: URLSearchParams[] = [];
/** What the server does with a token request: by default, what the real handler answered. */
let answer: () => Response = () =>
	HttpResponse.json( recording.answers.token.body, {
		status: recording.answers.token.status,
	} );
const server = setupServer(
	http.post( props.ajaxUrl, async ( { request } ) => {
		requests.push( new URLSearchParams( await request.text() ) );
		return answer();
	} )
);
beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterAll( () => server.close() );
afterEach( () => {
	forgetNonce();
	requests.length = 0;
	answer = () =>
		HttpResponse.json( recording.answers.token.body, {
			status: recording.answers.token.status,
		} );
} );

describe( 'the account forms’ nonce', () => {
	it( 'is the page’s own, with no request, when the page configures no token action', async () => {
		await expect(
			accountNonce( props.nonce, null, options )
		).resolves.toBe( props.nonce );
		await expect( accountNonce( props.nonce, '', options ) ).resolves.toBe(
			props.nonce
		);
		expect( requests ).toHaveLength( 0 );
	} );

	it( 'is a fresh one, asked for once however many forms want it', async () => {
		const nonces = await Promise.all( [
			accountNonce( props.nonce, props.token, options ),
			accountNonce( props.nonce, props.token, options ),
		] );
		nonces.push( await accountNonce( props.nonce, props.token, options ) );
		expect( nonces ).toEqual( [ FRESH, FRESH, FRESH ] );
		expect( requests ).toHaveLength( 1 );
		expect( Object.fromEntries( requests[ 0 ]! ) ).toEqual(
			recording.answers.token.request
		);
	} );

	it( 'is asked for again on the next page load', async () => {
		await accountNonce( props.nonce, props.token, options );
		forgetNonce();
		await accountNonce( props.nonce, props.token, options );
		expect( requests ).toHaveLength( 2 );
	} );

	// Conditions of the network, not of the handler: built here, not recorded.
	it.each( [
		[ 'no connection', () => HttpResponse.error() ],
		[
			'a proxy’s error page',
			() =>
				new HttpResponse( '<h1>Bad gateway</h1>', {
					status: 502,
					headers: { 'Content-Type': 'text/html' },
				} ),
		],
		[ 'WordPress’s bare "0"', () => new HttpResponse( '0' ) ],
	] )(
		'falls back to the page’s own after %s, and asks only once',
		async ( _name, failure ) => {
			answer = failure;
			await expect(
				accountNonce( props.nonce, props.token, options )
			).resolves.toBe( props.nonce );
			await expect(
				accountNonce( props.nonce, props.token, options )
			).resolves.toBe( props.nonce );
			expect( requests ).toHaveLength( 1 );
		}
	);
} );
