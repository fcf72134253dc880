/**
 * Small readers for island props: they turn unknown JSON into typed values and throw a TypeError
 * naming the prop, so an island with unusable props keeps its server markup instead of breaking.
 */
export function asRecord(
	value: unknown,
	name = 'props'
): Record< string, unknown > {
	if (
		typeof value !== 'object' ||
		value === null ||
		Array.isArray( value )
	) {
		throw new TypeError( `${ name } must be an object` );
	}
	return value as Record< string, unknown >;
}

export function asString(
	value: unknown,
	name: string,
	fallback?: string
): string {
	if ( typeof value === 'string' ) {
		return value;
	}
	if ( value === undefined && fallback !== undefined ) {
		return fallback;
	}
	throw new TypeError( `${ name } must be a string` );
}

/**
 * Reads a number. Bounds are optional: an island whose props the server already clamped checks
 * the type only, so each limit keeps one home.
 */
export function asNumber(
	value: unknown,
	name: string,
	{
		min = -Infinity,
		max = Infinity,
		fallback,
		integer = false,
	}: { min?: number; max?: number; fallback?: number; integer?: boolean } = {}
): number {
	if ( value === undefined && fallback !== undefined ) {
		return fallback;
	}
	if (
		typeof value !== 'number' ||
		! Number.isFinite( value ) ||
		value < min ||
		value > max ||
		( integer && ! Number.isInteger( value ) )
	) {
		const kind = integer ? 'whole number' : 'number';
		const bounded = Number.isFinite( min ) || Number.isFinite( max );
		throw new TypeError(
			`${ name } must be a ${ kind }${
				bounded ? ` from ${ min } to ${ max }` : ''
			}`
		);
	}
	return value;
}

/**
 * Accepts same-site paths, http(s) URLs and fragments only: no javascript: or data: links.
 */
export function asUrl( value: unknown, name: string ): string {
	const url = asString( value, name );
	// Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.example" would leave the
	// site: no backslash, whitespace or control character anywhere.
	// eslint-disable-next-line no-control-regex
	if (
		/^(https?:\/\/|\/(?!\/)|#)/i.test( url ) &&
		! /[\\\s\u0000-\u001f\u007f]/.test( url )
	) {
		return url;
	}
	throw new TypeError( `${ name } must be an http(s) URL or a path` );
}

/**
 * The spec's hash-target rule: a letter, then letters, digits, '-', '_', ':' or '.'.
 */
export function asElementId(
	value: unknown,
	name: string,
	fallback?: string
): string {
	const id = asString( value, name, fallback );
	if ( ! /^[A-Za-z][\w:.-]*$/.test( id ) ) {
		throw new TypeError( `${ name } must be a valid element id` );
	}
	return id;
}

/**
 * Reads the named strings of an object (an island's translated words, its action names): each
 * must be a string, and an error names it as `{name}.{key}`.
 */
export function asStrings< K extends string >(
	value: unknown,
	name: string,
	keys: readonly K[]
): Record< K, string > {
	const record = asRecord( value, name );
	return Object.fromEntries(
		keys.map( ( key ) => [
			key,
			asString( record[ key ], `${ name }.${ key }` ),
		] )
	) as Record< K, string >;
}
