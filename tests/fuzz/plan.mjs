// From the discovered surface to requests: one endpoint per admin-ajax action, REST handler
// (route and method) and front-end query variable, each with a valid example (examples.mjs or
// the default) and the malformed inputs made from it (mutations.mjs).
import { AJAX_GET, EXAMPLES } from './examples.mjs';
import {
	JSON_BODIES,
	METHODS,
	PAYLOADS,
	WRONG_CONTENT_TYPES,
	fieldMutations,
	formEncode,
	jsonEncode,
} from './mutations.mjs';

const AJAX_PATH = '/wp-admin/admin-ajax.php';
const SCRIPT = PAYLOADS.find( ( payload ) => payload.label === 'script tag' );
const HUGE = PAYLOADS.find( ( payload ) => payload.label.startsWith( '1 MB' ) );
const BODYLESS = new Set( [ 'GET', 'HEAD', 'DELETE', 'OPTIONS' ] );

/** A route's placeholder, filled with existing content (or any value its pattern accepts). */
function fillRoute( route, owner, content ) {
	const post = owner?.kind === 'post' ? content.posts[ owner.name ] : null;
	const term = owner?.kind === 'term' ? content.terms[ owner.name ] : null;
	return route.replace(
		/\(\?P<(\w+)>((?:[^()]|\([^()]*\))*)\)/g,
		( match, name, pattern ) => {
			if ( post ) {
				const revision =
					name === 'id' && /\/revisions\//.test( route )
						? post.revision
						: null;
				return String( revision ?? post.id );
			}
			if ( term ) {
				return String( term.id );
			}
			const accepts = new RegExp( `^(?:${ pattern })$` );
			const candidates = [
				...Object.values( content.posts ).map( ( p ) => p.id ),
				...Object.values( content.terms ).map( ( t ) => t.slug ),
				'1',
				'x',
			].map( String );
			return candidates.find( ( value ) => accepts.test( value ) ) ?? '1';
		}
	);
}

/** Every endpoint of the surface, with its valid example. */
export function endpoints( surface, site ) {
	const list = [];
	const example = ( id, fallback ) =>
		EXAMPLES[ id ] ? EXAMPLES[ id ]( site ) : fallback();

	for ( const action of surface.ajax ) {
		const id = `ajax ${ action }`;
		const method = AJAX_GET.includes( action ) ? 'GET' : 'POST';
		list.push( {
			id,
			kind: 'ajax',
			method,
			path: AJAX_PATH,
			fixed: { action },
			in: method === 'GET' ? 'query' : 'form',
			params: example( id, () => ( {} ) ),
			declared: {},
			methods: [ method ],
		} );
	}

	const routeMethods = {};
	for ( const { route, methods } of surface.routes ) {
		routeMethods[ route ] = [
			...( routeMethods[ route ] || [] ),
			...methods,
		];
	}
	for ( const { route, owner, methods, args } of surface.routes ) {
		const method = methods[ 0 ];
		const id = `${ method } ${ route }`;
		list.push( {
			id,
			kind: 'rest',
			method,
			path: '/wp-json' + fillRoute( route, owner, surface.content ),
			placeholders: /\(\?P</.test( route ),
			fixed: {},
			in: BODYLESS.has( method ) ? 'query' : 'json',
			params: example( id, () => ( {} ) ),
			declared: args,
			methods: routeMethods[ route ],
		} );
	}

	for ( const { name, owner } of surface.query_vars ) {
		const id = `query ${ name }`;
		list.push( {
			id,
			kind: 'query',
			method: 'GET',
			path: '/',
			fixed: {},
			in: 'query',
			params: {
				[ name ]: example( id, () => {
					const own =
						owner?.kind === 'post'
							? surface.content.posts[ owner.name ]
							: surface.content.terms[ owner?.name ];
					return own?.slug ?? 'x';
				} ),
			},
			declared: {},
			methods: [ 'GET', 'HEAD', 'POST' ],
		} );
	}
	// The listing's filter arguments, on the page that reads them.
	for ( const { name, path } of surface.filter_args ?? [] ) {
		const id = `query ${ name }`;
		list.push( {
			id,
			kind: 'query',
			method: 'GET',
			path,
			fixed: {},
			in: 'query',
			params: { [ name ]: example( id, () => 'x' ) },
			declared: {},
			methods: [ 'GET', 'HEAD', 'POST' ],
		} );
	}
	return list;
}

/** The HTTP request for an endpoint with these params, sent where the endpoint takes them. */
function request( endpoint, params, overrides = {} ) {
	const {
		method = endpoint.method,
		path = endpoint.path,
		in: where = endpoint.in,
		extraQuery = '',
		headers = {},
	} = overrides;
	const all = { ...endpoint.fixed, ...params };
	let query = '';
	let body;
	const sent = { ...headers };
	if ( where === 'query' ) {
		query = formEncode( all, { inUrl: true } );
	} else if ( where === 'form' ) {
		body = formEncode( all );
		sent[ 'Content-Type' ] ??= 'application/x-www-form-urlencoded';
	} else {
		body = jsonEncode( all );
		sent[ 'Content-Type' ] ??= 'application/json';
	}
	const search = [ query, extraQuery ].filter( Boolean ).join( '&' );
	return {
		method,
		path: search ? `${ path }?${ search }` : path,
		headers: sent,
		body,
	};
}

/** A request with a body of its own, the endpoint's fixed fields in the query string. */
function rawBody( endpoint, body, contentType, method = endpoint.method ) {
	const query = formEncode(
		endpoint.in === 'query'
			? { ...endpoint.fixed, ...endpoint.params }
			: endpoint.fixed,
		{ inUrl: true }
	);
	return {
		method,
		path: query ? `${ endpoint.path }?${ query }` : endpoint.path,
		headers: contentType ? { 'Content-Type': contentType } : {},
		body,
	};
}

/** Inputs that change the request as a whole rather than one field. */
function wholeRequestInputs( endpoint ) {
	const inputs = [];
	const add = ( label, req ) => inputs.push( { label, request: req } );
	const { params } = endpoint;

	for ( const method of METHODS ) {
		if (
			! endpoint.methods.includes( method ) &&
			method !== endpoint.method
		) {
			add(
				`method ${ method }`,
				request( endpoint, params, {
					method,
					in: endpoint.in === 'json' ? 'json' : 'query',
				} )
			);
		}
	}
	for ( const { label, body } of JSON_BODIES ) {
		add( label, rawBody( endpoint, body, 'application/json' ) );
	}
	const asJson = jsonEncode( { ...endpoint.fixed, ...params } );
	for ( const type of WRONG_CONTENT_TYPES ) {
		add(
			`JSON fields sent as ${ type }`,
			rawBody(
				endpoint,
				asJson,
				type,
				endpoint.kind === 'query' ? 'POST' : endpoint.method
			)
		);
	}
	add(
		'broken percent-escapes in the query string',
		request( endpoint, params, { extraQuery: '%zz=%&%E0%A4=%' } )
	);
	add(
		'a field 100 levels deep',
		request( endpoint, params, {
			extraQuery: `${ 'f' + '[a]'.repeat( 100 ) }=x`,
		} )
	);

	if ( endpoint.kind === 'rest' ) {
		const override = endpoint.methods.includes( 'DELETE' )
			? 'PUT'
			: 'DELETE';
		add(
			`_method=${ override } override`,
			request( endpoint, params, {
				method: 'POST',
				in: endpoint.in === 'query' ? 'query' : 'json',
				extraQuery: `_method=${ override }`,
			} )
		);
		add(
			`X-HTTP-Method-Override: ${ override }`,
			request( endpoint, params, {
				method: 'POST',
				headers: { 'X-HTTP-Method-Override': override },
			} )
		);
		add(
			'_jsonp with a script',
			request( endpoint, params, {
				extraQuery: formEncode( { _jsonp: SCRIPT } ),
			} )
		);
		add(
			'_fields as a nested array',
			request( endpoint, params, { extraQuery: '_fields[a][b]=x' } )
		);
		add(
			'_embed as an array',
			request( endpoint, params, { extraQuery: '_embed[]=x' } )
		);
		add(
			'_envelope as an array',
			request( endpoint, params, { extraQuery: '_envelope[]=1' } )
		);
		if ( endpoint.placeholders ) {
			for ( const [ label, value ] of [
				[ 'placeholder 0', '0' ],
				[ 'placeholder of 30 digits', '9'.repeat( 30 ) ],
			] ) {
				add(
					`path with ${ label }`,
					request( endpoint, params, {
						path: endpoint.path.replace(
							/\/\d+(?=\/|$)/g,
							`/${ value }`
						),
					} )
				);
			}
		}
	}

	if ( endpoint.kind === 'ajax' ) {
		add(
			'fields in the query string, no body',
			request( endpoint, params, { method: 'POST', in: 'query' } )
		);
		add(
			'action only in the query string',
			rawBody(
				endpoint,
				formEncode( params ),
				'application/x-www-form-urlencoded'
			)
		);
	}

	if ( endpoint.kind === 'query' ) {
		const [ name ] = Object.keys( params );
		const script = { [ name ]: SCRIPT };
		add(
			`${ name } with a script on the notice archive`,
			request( endpoint, script, { path: '/tenders/' } )
		);
		add(
			`${ name } with a script on page 2`,
			request( endpoint, script, { path: '/page/2/' } )
		);
		add(
			`${ name } with a script and paged=2`,
			request( endpoint, script, { extraQuery: 'paged=2' } )
		);
		add(
			`${ name } with a script in the feed`,
			request( endpoint, script, { extraQuery: 'feed=rss2' } )
		);
		add(
			`${ name } with a script and a search`,
			request( endpoint, script, { extraQuery: 's=pipes' } )
		);
		add(
			`${ name } twice, the second a script`,
			request( endpoint, params, {
				extraQuery: formEncode( script ),
			} )
		);
		add(
			`${ name } in a POST body only`,
			request( endpoint, params, { method: 'POST', in: 'form' } )
		);
		add(
			`${ name } as a 1 MB string in a POST body`,
			request(
				endpoint,
				{ [ name ]: HUGE },
				{ method: 'POST', in: 'form' }
			)
		);
		add(
			`${ name } as an array in a POST body`,
			request(
				endpoint,
				{ [ name ]: [ 'x' ] },
				{ method: 'POST', in: 'form' }
			)
		);
		add(
			`${ name } as a nested array in a POST body`,
			request(
				endpoint,
				{ [ name ]: { a: { b: 'x' } } },
				{ method: 'POST', in: 'form' }
			)
		);
	}
	return inputs;
}

/** The floor: at least this many malformed inputs per endpoint. */
export const MIN_INPUTS = 50;

/**
 * Every input for one endpoint: the valid example first (it must be accepted, or the mutations
 * would test nothing), then each field mutation, then the whole-request ones.
 */
export function inputsFor( endpoint ) {
	const whole = wholeRequestInputs( endpoint );
	const fields = fieldMutations(
		endpoint.params,
		endpoint.declared,
		MIN_INPUTS - whole.length
	);
	return [
		{
			label: 'the valid example',
			valid: true,
			request: request( endpoint, endpoint.params ),
		},
		...fields.map( ( { label, params } ) => ( {
			label,
			request: request( endpoint, params ),
		} ) ),
		...whole,
	];
}
