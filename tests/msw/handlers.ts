/**
 * msw handlers for the unit tests that replay what the real server answered. PHPUnit
 * (tests/php/ContractFixturesTest.php) records the paginator island's markup and props and the
 * answers of the real pagination_request handler in tests/fixtures/pagination-request.json; these
 * handlers answer each request with the recording made for it. A request that was never recorded
 * gets no invented answer: it is kept in `unrecorded`, which the tests expect to stay empty. So
 * when the server's contract changes, the recording changes and the unit tests see it.
 *
 * Conditions of the network rather than of a handler (no connection, a slow answer, a proxy's
 * error page) are not recorded: the tests that need them build them inline and say so.
 */
/**
 * External dependencies
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

/**
 * Internal dependencies
 */
import type { PaginatorProps } from '../../islands/paginator/types';
import recording from '../fixtures/pagination-request.json';

export type RecordedAnswerName = keyof typeof recording.answers;

/** The paginator island's container (items, page links, props) as the server printed it. */
export const recordedMarkup: string = recording.markup;

/**
 * The paginator island's container as the server printed it, in the document (`attached`, the
 * default) or not.
 */
export function recordedContainer( attached = true ): HTMLElement {
	const template = document.createElement( 'template' );
	template.innerHTML = recordedMarkup;
	const element = template.content.firstElementChild as HTMLElement;
	if ( attached ) {
		document.body.append( element );
	}
	return element;
}

/** The island's props as the server printed them (nonce and sid are the recording's placeholders). */
export const recordedRawProps = recording.props;

/** The page the server rendered as the island keeps it: its items, then its links' box. */
function firstAnswerOf( markup: string, linksClass: string ): string {
	const template = document.createElement( 'template' );
	template.innerHTML = markup;
	const items = template.content.querySelector( '.tp-listing__items' );
	const links = template.content.querySelector( `.${ linksClass }` );
	if ( ! items || ! links ) {
		throw new Error(
			`The recorded markup has no .tp-listing__items or no .${ linksClass }`
		);
	}
	return items.innerHTML + links.outerHTML;
}

/** The island's props for the recorded page: the printed props and the page of its markup. */
export const recordedPaginatorProps: PaginatorProps = {
	...recording.props,
	// The recorded listing has no filter form.
	filters: null,
	initialHtml: firstAnswerOf( recording.markup, recording.props.linksClass ),
};

/** The form of each recorded request, as ContractFixturesTest posted it. */
const RECORDED_FORMS = Object.fromEntries(
	Object.entries( recording.answers ).map( ( [ name, { request } ] ) => [
		name,
		request,
	] )
) as unknown as Record< RecordedAnswerName, Record< string, string > >;

/**
 * The fields (without `action`) of the request a recorded answer was made for, to send it again.
 *
 * @param name The recorded case.
 */
export function recordedRequestFields(
	name: RecordedAnswerName
): Record< string, string > {
	const fields = { ...RECORDED_FORMS[ name ] };
	delete fields.action;
	return fields;
}

/**
 * The form a recorded answer was made for, `action` included.
 *
 * @param name The recorded case.
 */
export function recordedForm(
	name: RecordedAnswerName
): Record< string, string > {
	return { ...RECORDED_FORMS[ name ] };
}

/**
 * What the server answered in a recorded case.
 *
 * @param name The recorded case.
 */
export function recordedBody( name: RecordedAnswerName ): string {
	return recording.answers[ name ].body;
}

/**
 * The message of a recorded 4xx answer ({ success: false, data: { message } }).
 *
 * @param name The recorded case.
 */
export function recordedMessage( name: RecordedAnswerName ): string {
	const message = JSON.parse( recordedBody( name ) )?.data?.message;
	if ( typeof message !== 'string' ) {
		throw new Error( `The recorded answer "${ name }" has no message` );
	}
	return message;
}

/**
 * A recorded answer as a response, for a test that picks it by name.
 *
 * @param name The recorded case.
 */
export function recordedAnswer( name: RecordedAnswerName ): Response {
	const { status, contentType, body } = recording.answers[ name ];
	return new HttpResponse( body, {
		status,
		headers: { 'Content-Type': contentType },
	} );
}

const sameFields = (
	form: Record< string, string >,
	expected: Record< string, string >
) =>
	Object.keys( form ).length === Object.keys( expected ).length &&
	Object.entries( expected ).every(
		( [ name, value ] ) => form[ name ] === value
	);

/**
 * The name of the recorded answer made for this form, or undefined when none was. A sid the
 * server did not sign gets the "tampered sid" answer whatever its value.
 *
 * @param form The request's form fields.
 */
function recordedAnswerNameFor(
	form: URLSearchParams
): RecordedAnswerName | undefined {
	const fields = Object.fromEntries( form );
	const tampered = RECORDED_FORMS[ 'tampered sid' ].sid!;
	const asRecorded =
		fields.sid === recording.props.sid
			? fields
			: { ...fields, sid: tampered };
	const names = Object.keys( RECORDED_FORMS ) as RecordedAnswerName[];
	return names.find( ( name ) =>
		sameFields( asRecorded, RECORDED_FORMS[ name ] )
	);
}

/** The admin-ajax URL of the recorded props. */
export const ADMIN_AJAX_URL: string = recording.props.early.url;

export interface PaginationServer {
	/** The msw handler for POST admin-ajax.php. */
	handler: HttpHandler;
	/** The form of every request it got, in order. */
	forms: URLSearchParams[];
	/** The forms no recording answers (a test expects none). */
	unrecorded: URLSearchParams[];
}

/** Answers one request, or gives undefined when no recording answers it. */
export type Answer = (
	form: URLSearchParams
) => Response | undefined | Promise< Response | undefined >;

/**
 * The recording made for this request, as the real handler answered it.
 *
 * @param form The request's form fields.
 */
export const answerFromRecording: Answer = ( form ) => {
	const name = recordedAnswerNameFor( form );
	return name && recordedAnswer( name );
};

/**
 * A handler for POST admin-ajax.php that keeps every form it gets and answers through `answer`:
 * by default with the recording made for that request. msw matches on the path only, so the
 * `_locale=user` query argument api-fetch adds does not matter.
 *
 * @param answer Answers one request.
 */
export function onPaginationRequest(
	answer: Answer = answerFromRecording
): PaginationServer {
	const forms: URLSearchParams[] = [];
	const unrecorded: URLSearchParams[] = [];
	const handler = http.post( ADMIN_AJAX_URL, async ( { request } ) => {
		const form = new URLSearchParams( await request.text() );
		forms.push( form );
		const response = await answer( form );
		if ( response ) {
			return response;
		}
		unrecorded.push( form );
		return new HttpResponse( 'No recorded answer for this request.', {
			status: 501,
			headers: { 'Content-Type': 'text/plain' },
		} );
	} );
	return { handler, forms, unrecorded };
}
