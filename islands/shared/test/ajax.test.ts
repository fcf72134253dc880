/**
 * External dependencies
 */
import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * WordPress dependencies
 */
import { resetLocaleData, setLocaleData } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { isAjaxError, postAction } from '../ajax';
import {
	ADMIN_AJAX_URL,
	AJAX_NONCE,
	adminAjaxHandlers,
	ajaxError,
	onAdminAjax,
	readForm,
} from '../../../tests/msw/handlers';

const server = setupServer( ...adminAjaxHandlers );

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
afterEach( () => {
	server.resetHandlers();
	resetLocaleData( undefined, 'tenderpress' );
} );
afterAll( () => server.close() );

const options = { url: ADMIN_AJAX_URL };

/**
 * The value postAction rejected with (fails the test when it resolved).
 */
async function rejection( promise: Promise< unknown > ): Promise< unknown > {
	try {
		await promise;
	} catch ( error ) {
		return error;
	}
	throw new Error( 'expected postAction to reject' );
}

describe( 'postAction', () => {
	it( 'POSTs the action and fields form-encoded and resolves with the answer text', async () => {
		let seen:
			| { method: string; type: string | null; form: URLSearchParams }
			| undefined;
		server.use(
			onAdminAjax( async ( { request } ) => {
				seen = {
					method: request.method,
					type: request.headers.get( 'content-type' ),
					form: await readForm( request ),
				};
				return HttpResponse.text( '<article>Notice 2.1</article>' );
			} )
		);

		const text = await postAction(
			'pagination_request',
			{ sid: 'a7', page: '2', custom_data: 'x&y=z' },
			options
		);

		expect( text ).toBe( '<article>Notice 2.1</article>' );
		expect( seen?.method ).toBe( 'POST' );
		expect( seen?.type ).toMatch( /^application\/x-www-form-urlencoded/ );
		expect( Object.fromEntries( seen!.form ) ).toEqual( {
			action: 'pagination_request',
			sid: 'a7',
			page: '2',
			custom_data: 'x&y=z',
		} );
	} );

	it( 'speaks the admin-ajax contract of the shared handlers', async () => {
		const token = JSON.parse(
			await postAction( 'tenderpress_get_token', {}, options )
		);
		expect( token ).toEqual( {
			success: true,
			data: { nonce: AJAX_NONCE },
		} );

		const html = await postAction(
			'pagination_request',
			{ sid: 'a7', page: '3', ajax_nonce: token.data.nonce },
			options
		);
		expect( html ).toContain( 'Notice 3.1' );
	} );

	it( 'rejects a 4xx with the short text message the server sent', async () => {
		server.use(
			onAdminAjax( () =>
				HttpResponse.text( '  This page is gone.  ', { status: 400 } )
			)
		);

		expect(
			await rejection( postAction( 'pagination_request', {}, options ) )
		).toEqual( {
			code: 'http',
			status: 400,
			message: 'This page is gone.',
		} );
	} );

	it( 'rejects a 4xx with the message of a JSON error answer', async () => {
		const error = await rejection(
			postAction(
				'pagination_request',
				{ sid: 'a7', page: '99', ajax_nonce: AJAX_NONCE },
				options
			)
		);

		expect( error ).toEqual( {
			code: 'http',
			status: 400,
			message: 'This page of the listing does not exist.',
		} );
		expect( isAjaxError( error ) ).toBe( true );
	} );

	it( 'never shows a visitor WordPress’s bare "0" or "-1" answers', async () => {
		const unknown = await rejection(
			postAction( 'tenderpress_nothing', {}, options )
		);
		const badNonce = await rejection(
			postAction(
				'pagination_request',
				{ sid: 'a7', page: '1', ajax_nonce: 'stale' },
				options
			)
		);

		expect( unknown ).toEqual( {
			code: 'http',
			status: 400,
			message: 'The server could not answer this request.',
		} );
		expect( badNonce ).toEqual( {
			code: 'http',
			status: 403,
			message: 'The server could not answer this request.',
		} );
	} );

	it( 'rejects a 500 with an HTML page with a generic, translated message', async () => {
		setLocaleData(
			{
				'The server could not answer this request.': [
					'Le serveur n’a pas pu répondre.',
				],
			},
			'tenderpress'
		);
		server.use(
			onAdminAjax(
				() =>
					new HttpResponse(
						'<!DOCTYPE html><html><body><h1>There has been a critical error on this website.</h1></body></html>',
						{
							status: 500,
							headers: { 'Content-Type': 'text/html' },
						}
					)
			)
		);

		const error = await rejection(
			postAction( 'pagination_request', {}, options )
		);

		expect( error ).toEqual( {
			code: 'http',
			status: 500,
			message: 'Le serveur n’a pas pu répondre.',
		} );
	} );

	it( 'rejects with code "network" when the server cannot be reached', async () => {
		server.use( onAdminAjax( () => HttpResponse.error() ) );

		const error = await rejection(
			postAction( 'pagination_request', {}, options )
		);

		expect( error ).toEqual( {
			code: 'network',
			message: 'Could not reach the server. Check your connection.',
		} );
	} );

	it( 'rejects with code "timeout" when the answer takes longer than timeoutMs', async () => {
		server.use(
			onAdminAjax( async () => {
				await delay( 1000 );
				return HttpResponse.text( 'too late' );
			} )
		);

		const error = await rejection(
			postAction(
				'pagination_request',
				{},
				{ ...options, timeoutMs: 50 }
			)
		);

		expect( error ).toEqual( {
			code: 'timeout',
			message: 'The server took too long to answer.',
		} );
	} );

	it( 'rejects with code "aborted" when the caller cancels', async () => {
		server.use(
			onAdminAjax( async () => {
				await delay( 1000 );
				return HttpResponse.text( 'too late' );
			} )
		);
		const controller = new AbortController();

		const request = rejection(
			postAction(
				'pagination_request',
				{},
				{
					...options,
					signal: controller.signal,
				}
			)
		);
		controller.abort();

		expect( await request ).toEqual( {
			code: 'aborted',
			message: 'The request was cancelled.',
		} );
	} );

	// A signal that is already aborted fires no 'abort' event: the request must not go out.
	it( 'rejects with code "aborted" at once for a signal that is already aborted', async () => {
		expect(
			await rejection(
				postAction(
					'tenderpress_get_token',
					{},
					{
						...options,
						signal: AbortSignal.abort(),
					}
				)
			)
		).toEqual( {
			code: 'aborted',
			message: 'The request was cancelled.',
		} );
	} );

	it( 'keeps a JSON error answer with no message generic', async () => {
		server.use( onAdminAjax( () => ajaxError( '' ) ) );

		expect(
			await rejection( postAction( 'pagination_request', {}, options ) )
		).toMatchObject( {
			code: 'http',
			message: 'The server could not answer this request.',
		} );
	} );
} );
