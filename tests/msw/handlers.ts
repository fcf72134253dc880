/**
 * msw handlers that answer like admin-ajax.php does for TenderPress's POST actions
 * (ARCHITECTURE.md §5): success bodies as the contract gives them, errors as a 4xx with a short
 * message in `{ success: false, data: { message } }`, and WordPress's own "0" / "-1" answers for an
 * unknown action and a failed nonce check. A test replaces single answers with server.use().
 */
import { http, HttpResponse } from 'msw';

/** The admin-ajax URL the islands get in their props (the jsdom origin is http://localhost). */
export const ADMIN_AJAX_URL = 'http://localhost/wp-admin/admin-ajax.php';

/** The nonce tenderpress_get_token hands out and pagination_request accepts. */
export const AJAX_NONCE = '5f3a9c2e1b';

/** Pages the fake listing has. */
export const LISTING_PAGES = 3;

/**
 * The error answer of TenderPress's JSON error helper (wp_send_json_error with a status).
 */
export function ajaxError( message: string, status = 400 ): Response {
	return HttpResponse.json(
		{ success: false, data: { message } },
		{ status }
	);
}

/**
 * The request's form fields, as PHP would see them in $_POST.
 */
export async function readForm( request: Request ): Promise< URLSearchParams > {
	return new URLSearchParams( await request.text() );
}

/**
 * A handler for POST admin-ajax.php. msw matches on the path only, so the `_locale=user` query
 * argument that api-fetch adds does not matter.
 *
 * @param resolver Answers the request.
 */
export function onAdminAjax(
	resolver: Parameters< typeof http.post >[ 1 ]
): ReturnType< typeof http.post > {
	return http.post( ADMIN_AJAX_URL, resolver );
}

export const adminAjaxHandlers = [
	onAdminAjax( async ( { request } ) => {
		const form = await readForm( request );
		switch ( form.get( 'action' ) ) {
			case 'tenderpress_get_token':
				return HttpResponse.json( {
					success: true,
					data: { nonce: AJAX_NONCE },
				} );
			case 'pagination_request': {
				if ( form.get( 'ajax_nonce' ) !== AJAX_NONCE ) {
					// check_ajax_referer() failing: wp_die( -1, 403 ).
					return HttpResponse.text( '-1', { status: 403 } );
				}
				const page = Number( form.get( 'page' ) );
				if (
					! form.get( 'sid' ) ||
					! Number.isInteger( page ) ||
					page < 1 ||
					page > LISTING_PAGES
				) {
					return ajaxError(
						'This page of the listing does not exist.'
					);
				}
				return HttpResponse.html(
					`<article class="tp-notice-card">Notice ${ page }.1</article>` +
						`<article class="tp-notice-card">Notice ${ page }.2</article>`
				);
			}
			default:
				// admin-ajax.php's answer for an action nobody registered: wp_die( '0', 400 ).
				return HttpResponse.text( '0', { status: 400 } );
		}
	} ),
];

/** What pagination_request answers for a page with no notices (php/Listings/ListingPage.php). */
export const NO_POSTS_MARKER = '<!-- tenderpress:no-posts -->';

/**
 * A page's items as ListingPage::items_html() renders them, with one notice naming the page.
 *
 * @param page The page number.
 */
export function listingItemsHtml( page: number ): string {
	return (
		'<ul class="tp-listing__list" role="list"><li class="tp-listing__item">' +
		`<article class="tp-notice-card"><h2><a href="/tenders/p${ page }/">Notice on page ${ page }</a></h2></article>` +
		'</li></ul>'
	);
}

/**
 * A handler for pagination_request that records the form of every request it gets and answers
 * through `answer` (by default with that page's items). Other actions get admin-ajax.php's "0".
 *
 * @param answer Answers one request.
 */
export function onPaginationRequest(
	answer: (
		page: number,
		form: URLSearchParams
	) => Response | Promise< Response > = ( page ) =>
		HttpResponse.html( listingItemsHtml( page ) )
): { handler: ReturnType< typeof http.post >; forms: URLSearchParams[] } {
	const forms: URLSearchParams[] = [];
	const handler = onAdminAjax( async ( { request } ) => {
		const form = await readForm( request );
		if ( form.get( 'action' ) !== 'pagination_request' ) {
			return HttpResponse.text( '0', { status: 400 } );
		}
		forms.push( form );
		return answer( Number( form.get( 'page' ) ), form );
	} );
	return { handler, forms };
}
