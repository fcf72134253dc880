// A valid request for each endpoint whose default is not enough; the fuzz suite mutates it. The
// default is: a REST route by its first method, placeholders filled with existing content and
// no parameters; an admin-ajax action by POST with only `action`; a query variable with the
// slug of an existing post or term of its type. A new endpoint needs one line here at most.
//
// Keys name endpoints as the suite prints them:
//   'ajax <action>', '<METHOD> <route as WordPress registers it>', 'query <variable>'.
// Values take the site ({ url, content, home: the home page's HTML }) and give the endpoint's
// valid parameters (its form, query or JSON fields; for a query variable, its value).
import crypto from 'node:crypto';
import { JSDOM } from 'jsdom';

/** A browser's push keys, as PushSubscription.toJSON() gives them. */
const browserKeys = () => {
	const ecdh = crypto.createECDH( 'prime256v1' );
	return {
		p256dh: ecdh.generateKeys().toString( 'base64url' ),
		auth: crypto.randomBytes( 16 ).toString( 'base64url' ),
	};
};

const notice = () => ( {
	title: 'Fuzz notice',
	status: 'draft',
	content: 'Supply of pipes.',
	meta: { tp_notice_type: 'eoi', tp_reference: 'FZ/1' },
} );
const term = () => ( { name: 'Fuzz term', description: 'A term.' } );

/** Admin-ajax actions sent by GET (the others are POST), with their fields in the query string. */
export const AJAX_GET = [ 'tenderpress_sharing_count' ];

export const EXAMPLES = {
	'ajax pagination_request': ( site ) => paginatorRequest( site.home ),
	// The share island's request: the counts of one page of the site.
	'ajax tenderpress_sharing_count': ( site ) => ( {
		urls: [ `${ site.url }/` ],
	} ),
	// The share island's save of a count read in the browser: the front page (always one of the
	// site's pages) at 0, which is valid and, for a page without a count, stores nothing. The
	// fuzz site has share.collect on (surface.php) and lists the anonymous nonce.
	'ajax tenderpress_save_facebook_shares': ( site ) => ( {
		share_counts: { [ `${ site.url }/` ]: '0' },
		_ajax_nonce: site.content.nonces.tenderpress_save_shares,
	} ),
	// The account forms (php/Ajax/Account*.php), signed with the anonymous account nonce, for
	// an account that does not exist, so no request changes a stored row: a login with a wrong
	// password (403, which the suite accepts for a valid example; a login that succeeds would
	// store a session), a lost password (200, the same answer as for an account, and no mail),
	// and a reset without the e-mailed link's cookie (403: the key comes only from that cookie,
	// php/Accounts/ResetLink.php, so no reset can be valid).
	'ajax tenderpress_login': ( site ) => ( {
		log: 'fuzz-nobody',
		pwd: 'not-a-password',
		rememberme: '1',
		redirect_to: `${ site.url }/`,
		_ajax_nonce: site.content.nonces.tenderpress_account,
	} ),
	'ajax tenderpress_lost_password': ( site ) => ( {
		user_login: 'fuzz-nobody@example.invalid',
		return_to: `${ site.url }/`,
		_ajax_nonce: site.content.nonces.tenderpress_account,
	} ),
	'ajax tenderpress_reset_password': ( site ) => ( {
		pass1: 'A new password 1',
		pass2: 'A new password 1',
		_ajax_nonce: site.content.nonces.tenderpress_account,
	} ),
	'POST /wp/v2/tenders': notice,
	'POST /wp/v2/tenders/(?P<id>[\\d]+)': notice,
	'POST /wp/v2/tenders/(?P<id>[\\d]+)/autosaves': notice,
	'GET /wp/v2/tenders': () => ( { search: 'pipes', per_page: '5' } ),
	'POST /wp/v2/tender_category': term,
	'POST /wp/v2/tender_category/(?P<id>[\\d]+)': term,
	'POST /wp/v2/tender_location': term,
	'POST /wp/v2/tender_location/(?P<id>[\\d]+)': term,
	// The calendar island's request for a day, with every filter (php/Islands/Calendar.php).
	'GET /tenderpress/v1/calendar': () => ( {
		month: '2026-11',
		day: '2026-11-24',
		id: 'tp-calendar-1',
		per_day: '10',
		notice_type: 'eoi',
		category: 'civil-works',
		location: 'maharashtra',
	} ),
	// The card template's save (php/Listings/CardTemplate.php): the default parts. The fuzz
	// site's requests carry no administrator's session, so the route refuses them (401) and
	// nothing is stored.
	'POST /tenderpress/v1/card-template': () => ( {
		parts: [
			'badges',
			'title',
			'buyer',
			'reference',
			'deadline',
			'location',
		],
	} ),
	// The push routes (php/Rest/PushSubscriptionRoutes.php): a browser's subscription, with fresh
	// P-256 keys, for the push service address of another browser's subscription (surface.php),
	// and an unsubscribe from it: refused (403) for not holding its auth secret.
	'POST /tenderpress/v1/push/subscriptions': ( site ) => ( {
		endpoint: site.content.push.endpoint,
		keys: browserKeys(),
		topics: { types: [ 'eoi' ], categories: [], locations: [] },
	} ),
	'DELETE /tenderpress/v1/push/subscriptions': ( site ) => ( {
		endpoint: site.content.push.endpoint,
		auth: browserKeys().auth,
	} ),
	'query notice_type': () => 'eoi',
	// The listing's filters (NoticeFilters::ARGS), each with a value a visitor's form sends.
	'query q': () => 'road',
	'query status': () => 'open',
	'query category': () => 'civil-works',
	'query location': () => 'maharashtra',
	'query deadline_from': () => '2026-01-01',
	'query deadline_to': () => '2027-12-31',
	'query value_min': () => '100000',
	'query value_max': () => '50000000',
	'query buyer': () => 'Pune Municipal Corporation',
	'query sort': () => 'closing',
	'query tenderpress_view': () => 'closing-soon',
};

/**
 * The request the paginator island sends for page 2 of the home page's listing: the nav's
 * data attributes and the island's props, as islands/paginator/Paginator.tsx reads them.
 */
function paginatorRequest( html ) {
	const { document } = new JSDOM( html ).window;
	const island = document.querySelector( '[data-tp-island="paginator"]' );
	const nav = island?.querySelector( 'nav.tp-pagination' );
	if ( ! nav ) {
		throw new Error(
			'The home page has no paginated listing to take a valid request from.'
		);
	}
	const props = JSON.parse(
		island.querySelector( 'script[data-tp-props]' ).textContent
	);
	return {
		sid: nav.dataset.sid,
		unid: nav.dataset.unid,
		iselementor: nav.dataset.iselementor,
		isblock: nav.dataset.isblock,
		postid: nav.dataset.postid,
		page: '2',
		lang: props.early.fields.lang,
		ajax_nonce: props.early.fields.ajax_nonce,
		custom_data: JSON.stringify( props.customData ),
	};
}
