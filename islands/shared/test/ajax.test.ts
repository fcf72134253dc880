/**
 * External dependencies
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

/**
 * WordPress dependencies
 */
import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';

/**
 * Internal dependencies
 */
import {
	errorMiddleware,
	isAjaxError,
	postAction,
	timeoutMiddleware,
} from '../ajax';
import {
	ADMIN_AJAX_URL,
	answerFromRecording,
	onPaginationRequest,
	recordedAnswer,
	recordedBody,
	recordedForm,
	recordedMessage,
	recordedPaginatorProps,
	recordedRequestFields,
	type PaginationServer,
	type RecordedAnswerName,
} from '../../../tests/msw/handlers';

const server = setupServer();
let pagination: PaginationServer;

beforeAll( () => server.listen( { onUnhandledRequest: 'error' } ) );
beforeEach( () => {
	pagination = onPaginationRequest();
	server.use( pagination.handler );
} );
afterEach( () => {
	server.resetHandlers();
	server.events.removeAllListeners();
	// Every request that reached the server is one it was recorded answering.
	expect( pagination.unrecorded.map( String ) ).toEqual( [] );
} );
afterAll( () => server.close() );

// The failure messages as the server printed them in the island's props.
const options = {
	url: ADMIN_AJAX_URL,
	messages: recordedPaginatorProps.i18n,
};

/**
 * The value a promise rejected with (fails the test when it resolved).
 *
 * @param promise A request.
 */
async function rejection( promise: Promise< unknown > ): Promise< unknown > {
	try {
		await promise;
	} catch ( error ) {
		return error;
	}
	throw new Error( 'expected the request to reject' );
}

/**
 * Answers pagination_request as recorded, but only after `ms`: a slow network, not the handler.
 *
 * @param ms How long the answer takes.
 */
function slowNetwork( ms: number ) {
	server.use(
		onPaginationRequest( async ( form ) => {
			await delay( ms );
			return answerFromRecording( form );
		} ).handler
	);
}

describe( 'postAction', () => {
	it( 'POSTs the action and fields form-encoded and resolves with the server’s answer', async () => {
		const contentTypes: Array< string | null > = [];
		server.events.on( 'request:start', ( { request } ) => {
			contentTypes.push( request.headers.get( 'content-type' ) );
		} );

		const text = await postAction(
			'pagination_request',
			recordedRequestFields( 'eoi page 1' ),
			options
		);

		expect( text ).toBe( recordedBody( 'eoi page 1' ) );
		expect( contentTypes ).toHaveLength( 1 );
		expect( contentTypes[ 0 ] ).toMatch(
			/^application\/x-www-form-urlencoded/
		);
		expect( Object.fromEntries( pagination.forms[ 0 ]! ) ).toEqual(
			recordedForm( 'eoi page 1' )
		);
	} );

	it.each< RecordedAnswerName >( [
		'far past the end',
		'tampered sid',
		'bad page',
		'bad filter',
	] )(
		'rejects the server’s 4xx answer for “%s” with the message it sent',
		async ( name ) => {
			const error = await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( name ),
					options
				)
			);

			expect( error ).toEqual( {
				code: 'http',
				status: recordedAnswer( name ).status,
				message: recordedMessage( name ),
			} );
			expect( isAjaxError( error ) ).toBe( true );
		}
	);

	it( 'never shows a visitor WordPress’s bare "0"', async () => {
		// Not our handler's answer but admin-ajax.php's own when no plugin handles the action:
		// the plugin was deactivated while a cached page still carries the island.
		server.use(
			http.post( ADMIN_AJAX_URL, () =>
				HttpResponse.text( '0', { status: 400 } )
			)
		);

		expect(
			await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( 'page 2' ),
					options
				)
			)
		).toEqual( {
			code: 'http',
			status: 400,
			message: 'The server could not answer this request.',
		} );
	} );

	it( 'rejects an HTML error page with the generic message it was given, in the page’s language', async () => {
		const french = {
			...options.messages,
			serverError: 'Le serveur n’a pas pu répondre.',
		};
		// A proxy's (or a PHP fatal error's) page in place of the handler's answer.
		server.use(
			http.post(
				ADMIN_AJAX_URL,
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

		expect(
			await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( 'page 2' ),
					{ ...options, messages: french }
				)
			)
		).toEqual( {
			code: 'http',
			status: 500,
			message: 'Le serveur n’a pas pu répondre.',
		} );
	} );

	it( 'rejects with code "network" when the server cannot be reached', async () => {
		server.use( http.post( ADMIN_AJAX_URL, () => HttpResponse.error() ) );

		expect(
			await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( 'page 2' ),
					options
				)
			)
		).toEqual( {
			code: 'network',
			message: 'Could not reach the server. Check your connection.',
		} );
	} );

	it( 'rejects with code "timeout" when the answer takes longer than timeoutMs', async () => {
		slowNetwork( 1000 );

		expect(
			await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( 'page 2' ),
					{ ...options, timeoutMs: 50 }
				)
			)
		).toEqual( {
			code: 'timeout',
			message: 'The server took too long to answer.',
		} );
	} );

	it( 'resolves with an answer that comes within timeoutMs', async () => {
		slowNetwork( 20 );

		expect(
			await postAction(
				'pagination_request',
				recordedRequestFields( 'page 2' ),
				{ ...options, timeoutMs: 1000 }
			)
		).toBe( recordedBody( 'page 2' ) );
	} );

	it( 'rejects with code "aborted" when the caller cancels', async () => {
		slowNetwork( 1000 );
		const controller = new AbortController();

		const request = rejection(
			postAction(
				'pagination_request',
				recordedRequestFields( 'page 2' ),
				{ ...options, signal: controller.signal }
			)
		);
		controller.abort();

		expect( await request ).toEqual( {
			code: 'aborted',
			message: 'The request was cancelled.',
		} );
	} );

	// A signal that is already aborted fires no 'abort' event: the request must not go out.
	it( 'rejects with code "aborted" at once for a signal that is already aborted, sending nothing', async () => {
		expect(
			await rejection(
				postAction(
					'pagination_request',
					recordedRequestFields( 'page 2' ),
					{ ...options, signal: AbortSignal.abort() }
				)
			)
		).toEqual( {
			code: 'aborted',
			message: 'The request was cancelled.',
		} );

		await delay( 50 );
		expect( pagination.forms ).toHaveLength( 0 );
	} );
} );

describe( 'the api-fetch middlewares', () => {
	/** Another plugin's REST call through the same api-fetch: no TenderPress mark on it. */
	const otherPluginRequest = (): APIFetchOptions => ( {
		url: new URL( '/wp-json/other-plugin/v1/items', ADMIN_AJAX_URL ).href,
		method: 'POST',
	} );

	it.each( [
		[ 'timeout', timeoutMiddleware ],
		[ 'error', errorMiddleware ],
	] )(
		'the %s middleware hands another plugin’s request on as it came, and its answer and failure back',
		async ( _name, middleware ) => {
			const request = otherPluginRequest();
			const next = vi.fn<
				( options: APIFetchOptions ) => Promise< unknown >
			>( async () => ( { id: 7 } ) );

			expect( await middleware( request, next ) ).toEqual( { id: 7 } );
			expect( next ).toHaveBeenCalledTimes( 1 );
			expect( next.mock.calls[ 0 ]![ 0 ] ).toBe( request );

			const failure = { code: 'rest_forbidden', message: 'No.' };
			await expect(
				middleware( request, () => Promise.reject( failure ) )
			).rejects.toBe( failure );
		}
	);

	it( 'leave another plugin’s failed request with api-fetch’s own error', async () => {
		// A dropped connection: the network's doing, for a request that is not ours.
		server.use(
			http.post( otherPluginRequest().url!, () => HttpResponse.error() )
		);

		const error = await rejection( apiFetch( otherPluginRequest() ) );

		expect( error ).toMatchObject( { code: 'fetch_error' } );
	} );
} );
