// The malformed inputs: each is a valid example request with one thing changed, either one field
// (missing, empty, an array, a nested array, or one of the payloads below) or the request as a
// whole (its JSON body, content type, method, or what the route or page adds to it). Every input
// has a label that says exactly what was sent, for the failure report.

/** Bytes sent as they are: invalid UTF-8 cannot live in a JS string. */
class Raw {
	constructor( bytes ) {
		this.bytes = Buffer.from( bytes );
	}
}

/**
 * A value from the list below. `text` goes into form bodies; `url` into query strings; `json`
 * into JSON bodies, where a number is a real number and bytes are written as they are (a Raw
 * `json` is the complete JSON text of the value).
 */
class Payload {
	constructor( label, text, json = text, url = text ) {
		this.label = label;
		this.text = text;
		this.json = json;
		this.url = url;
	}
}

const payload = ( label, text, json, url ) =>
	new Payload( label, text, json, url );

// No web server hands a 1 MB URL to PHP (nginx and Apache answer 414 past 8 KB; PHP's own
// server drops the connection past about 64 KB), so in a query string the huge value is as
// long as PHP's server still passes on.
const HUGE = 'A'.repeat( 1024 * 1024 );
const HUGE_IN_URL = 'A'.repeat( 60 * 1024 );

/**
 * One payload per kind of trouble a visitor can send. The marker "tpfz" lets the reflection
 * check find a payload in an answer.
 */
export const PAYLOADS = [
	payload( '1 MB string (60 KB in a URL)', HUGE, HUGE, HUGE_IN_URL ),
	payload( 'number -1', '-1', -1 ),
	payload( 'number 1.5', '1.5', 1.5 ),
	payload( 'NaN', 'NaN' ),
	payload( 'number 1e308', '1e308', 1e308 ),
	payload( 'number -1e308', '-1e308', -1e308 ),
	payload( 'Infinity', 'Infinity' ),
	payload( 'number 0', '0', 0 ),
	payload( '20-digit integer', '99999999999999999999', 1e20 ),
	payload( 'hex number', '0x1F' ),
	payload( 'boolean true', 'true', true ),
	payload( 'null', 'null', null ),
	payload( 'NUL byte', 'x\u0000y' ),
	payload( 'right-to-left override', 'abc\u202Etxt.exe' ),
	payload( 'BOM and zero-width characters', '\uFEFF\u200Bx\u200D' ),
	payload(
		'lone UTF-16 surrogate',
		new Raw( [ 0xed, 0xa0, 0x80 ] ),
		new Raw( Buffer.from( '"\\ud800"' ) )
	),
	payload(
		'invalid UTF-8 bytes',
		new Raw( [ 0xff, 0xfe, 0xc0, 0xaf ] ),
		new Raw( [ 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22 ] )
	),
	payload( '500 combining marks', 'e' + '\u0301'.repeat( 500 ) ),
	payload( 'astral characters', '\u{1D54F}\u{1F642}' ),
	payload( 'script tag', '<script>alert("tpfz")</script>' ),
	payload( 'attribute break', '"><img src=x onerror=tpfz>' ),
	payload( 'single-quote attribute break', "' onmouseover='tpfz' '" ),
	payload( 'javascript: URL', 'javascript:tpfz()' ),
	payload( "SQL ' OR 1=1", "' OR 1=1 --" ),
	payload( 'SQL UNION', "1' UNION SELECT user_pass FROM wp_users --" ),
	payload( 'SQL stacked DROP', '1; DROP TABLE wp_posts; --' ),
	payload( 'SQL LIKE wildcards', '%_%' ),
	payload( 'path traversal', '../../wp-config.php' ),
	payload( 'encoded path traversal', '..%2F..%2Fwp-config.php' ),
	payload( 'absolute path', '/etc/passwd' ),
	payload( 'PHP stream wrapper', 'php://filter/resource=wp-config.php' ),
	payload( 'cloud metadata URL', 'http://169.254.169.254/latest/meta-data/' ),
	payload( 'loopback port URL', 'http://127.0.0.1:22/' ),
	payload( 'private-network URL', 'http://10.0.0.1/' ),
	payload( 'IPv6 loopback URL', 'http://[::1]/' ),
	payload( 'file URL', 'file:///etc/passwd' ),
	payload( 'gopher URL', 'gopher://127.0.0.1:6379/_INFO' ),
	payload( 'CRLF header injection', 'x\r\nSet-Cookie: tpfz=1' ),
	payload( 'format string', '%s%n%x%p' ),
];

/** What a field can be instead of its valid value, besides the payloads. */
const SHAPES = [
	{ label: 'empty', value: '' },
	{ label: 'array', value: [ 'x' ] },
	{ label: 'nested array', value: { a: { b: 'x' } } },
];

/** How many payloads each field that the example does not send gets, at the least. */
const PAYLOADS_PER_OTHER_FIELD = 3;

const isPlainObject = ( value ) =>
	value !== null &&
	typeof value === 'object' &&
	! Array.isArray( value ) &&
	! ( value instanceof Raw ) &&
	! ( value instanceof Payload );

/** Paths to every field of an example's params: top-level names and keys of nested objects. */
function fieldPaths( params, prefix = [] ) {
	const paths = [];
	for ( const [ key, value ] of Object.entries( params ) ) {
		paths.push( [ ...prefix, key ] );
		if ( isPlainObject( value ) ) {
			paths.push( ...fieldPaths( value, [ ...prefix, key ] ) );
		}
	}
	return paths;
}

/** Sets (or removes) one field of a copy of the params, and returns the copy. */
function withField( copy, fieldPath, value, remove = false ) {
	let target = copy;
	for ( const key of fieldPath.slice( 0, -1 ) ) {
		target = target[ key ];
	}
	const last = fieldPath[ fieldPath.length - 1 ];
	if ( remove ) {
		delete target[ last ];
	} else {
		target[ last ] = value;
	}
	return copy;
}

/** Examples are plain JSON; payloads are put in after copying, so none is lost. */
function cloneParams( params ) {
	return JSON.parse( JSON.stringify( params ) );
}

/** Payloads a number field is most likely to mishandle: out of range, fractional, not finite. */
const NUMBERS = PAYLOADS.filter( ( candidate ) =>
	/number|NaN|Infinity|integer/.test( candidate.label )
);

/** Whether an argument's schema (or its items') takes numbers. */
function takesNumbers( schema = {} ) {
	const types = [ schema.type, schema.items?.type ].flat();
	return types.includes( 'integer' ) || types.includes( 'number' );
}

/**
 * Field mutations of one example. Each field the example sends gets every shape and every
 * payload, and can go missing. Each other argument the endpoint declares (name to schema) gets
 * every shape, every number payload if it takes numbers, and payloads in rotation (so that
 * across arguments every payload is sent), as many as it takes to reach `atLeast` inputs. An
 * endpoint that declares no other argument gets an undeclared field instead, which it must
 * ignore as gracefully.
 */
export function fieldMutations( params, declared = {}, atLeast = 0 ) {
	const inputs = [];
	const add = ( label, changed ) => inputs.push( { label, params: changed } );
	const valueOf = ( shape ) => ( 'value' in shape ? shape.value : shape );
	for ( const fieldPath of fieldPaths( params ) ) {
		const name = fieldPath.join( '.' );
		add(
			`${ name } missing`,
			withField( cloneParams( params ), fieldPath, null, true )
		);
		for ( const shape of [ ...SHAPES, ...PAYLOADS ] ) {
			add(
				`${ name }: ${ shape.label }`,
				withField( cloneParams( params ), fieldPath, valueOf( shape ) )
			);
		}
	}
	let others = Object.keys( declared ).filter(
		( name ) => ! ( name in params )
	);
	if ( ! others.length && inputs.length < atLeast ) {
		others = [ 'tpfz_undeclared' ];
	}
	if ( ! others.length ) {
		return inputs;
	}
	const perField = Math.max(
		PAYLOADS_PER_OTHER_FIELD,
		Math.ceil( ( atLeast - inputs.length ) / others.length ) - SHAPES.length
	);
	let turn = 0;
	for ( const name of others ) {
		const picks = new Set(
			takesNumbers( declared[ name ] ) ? NUMBERS : []
		);
		for ( let i = 0; i < Math.min( perField, PAYLOADS.length ); i++ ) {
			picks.add( PAYLOADS[ turn++ % PAYLOADS.length ] );
		}
		for ( const shape of [ ...SHAPES, ...picks ] ) {
			add( `${ name }: ${ shape.label }`, {
				...cloneParams( params ),
				[ name ]: valueOf( shape ),
			} );
		}
	}
	return inputs;
}

/** A nested array or object this many levels deep, as JSON text. */
const deepJson = ( levels, open, close ) =>
	open.repeat( levels ) + close.repeat( levels );

/** JSON bodies that are not an object of fields. */
export const JSON_BODIES = [
	{ label: 'JSON body that is a number (42)', body: '42' },
	{ label: 'JSON body that is a string ("x")', body: '"x"' },
	{ label: 'JSON body that is an array (["x"])', body: '["x"]' },
	{ label: 'JSON body that is null', body: 'null' },
	{ label: 'JSON body that is true', body: 'true' },
	{
		label: 'JSON body 1,000 arrays deep',
		body: deepJson( 1000, '[', ']' ),
	},
	{
		label: 'JSON body 1,000 objects deep',
		body: deepJson( 1000, '{"a":', '1' ) + '}'.repeat( 1000 ),
	},
	{ label: 'broken JSON body', body: '{"title": "x",' },
	{ label: 'empty JSON body', body: '' },
	{ label: 'JSON body with a byte-order mark', body: '\uFEFF{}' },
];

/** Content types that do not match the body. */
export const WRONG_CONTENT_TYPES = [
	'text/plain',
	'application/xml',
	'multipart/form-data',
	'application/json; charset=utf-16',
];

export const METHODS = [
	'GET',
	'POST',
	'PUT',
	'PATCH',
	'DELETE',
	'OPTIONS',
	'HEAD',
	'PROPFIND',
];

/** Percent-encodes bytes, leaving only RFC 3986's unreserved characters. */
function percentEncode( value ) {
	const bytes =
		value instanceof Raw ? value.bytes : Buffer.from( String( value ) );
	let out = '';
	for ( const byte of bytes ) {
		const char = String.fromCharCode( byte );
		out += /[A-Za-z0-9\-._~]/.test( char )
			? char
			: '%' + byte.toString( 16 ).toUpperCase().padStart( 2, '0' );
	}
	return out;
}

/** A payload as a form or query value. */
function formValue( value, inUrl ) {
	if ( ! ( value instanceof Payload ) ) {
		return value;
	}
	return inUrl ? value.url : value.text;
}

/** PHP's bracket syntax: { f: { a: ['x'] } } becomes f[a][]=x. */
export function formEncode( params, { inUrl = false } = {} ) {
	const pairs = [];
	const add = ( key, raw ) => {
		const value = formValue( raw, inUrl );
		if ( Array.isArray( value ) ) {
			for ( const item of value ) {
				add( `${ key }[]`, item );
			}
		} else if ( isPlainObject( value ) ) {
			for ( const [ child, item ] of Object.entries( value ) ) {
				add( `${ key }[${ child }]`, item );
			}
		} else {
			pairs.push(
				`${ percentEncode( key ) }=${ percentEncode(
					value === null || value === undefined ? '' : value
				) }`
			);
		}
	};
	for ( const [ key, value ] of Object.entries( params ) ) {
		add( key, value );
	}
	return pairs.join( '&' );
}

/** A JSON body as bytes: payload bytes that are not valid UTF-8 are spliced in after encoding. */
export function jsonEncode( params ) {
	const raws = [];
	const text = JSON.stringify( params, ( key, value ) => {
		if ( ! ( value instanceof Payload ) ) {
			return value;
		}
		if ( ! ( value.json instanceof Raw ) ) {
			return value.json;
		}
		raws.push( value.json.bytes );
		return `\u0000raw${ raws.length - 1 }\u0000`;
	} );
	return Buffer.concat(
		text
			.split( /"\\u0000raw(\d+)\\u0000"/ )
			.map( ( part, i ) =>
				i % 2 === 0 ? Buffer.from( part ) : raws[ Number( part ) ]
			)
	);
}
