// The share bars' catalogue (php/Share/services.json) and their icon sprite
// (scripts/lib/share-icons.mjs): every service opens a page that parses, with a link a visitor can
// read on its colour, and with an icon. TP_SIMPLE_ICONS_DIR points at another copy of
// simple-icons' icons/ folder, for a checkout whose node_modules does not hold it yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shareSprite } from '../../scripts/lib/share-icons.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );
const CATALOGUE = JSON.parse(
	fs.readFileSync( path.join( ROOT, 'php/Share/services.json' ), 'utf8' )
);
const SERVICES = CATALOGUE.services;
const OWN_ICONS = path.join( ROOT, 'php/Share/icons' );
const SIMPLE_ICONS =
	process.env.TP_SIMPLE_ICONS_DIR ||
	path.join( ROOT, 'node_modules/simple-icons/icons' );

const GROUPS = [
	'social',
	'messenger',
	'bookmark',
	'ai',
	'email',
	'sms',
	'print',
	'copy',
	'device',
];
const PLACEHOLDERS = [ 'url', 'title', 'text', 'prompt' ];
// What a share link may open. The page's sanitiser lets through only the catalogue's own
// "protocols" (the spec's list, which holds no app scheme such as viber:), so both must agree.
const SCHEMES = [ 'https:', 'mailto:', 'sms:' ];
const SAMPLE = {
	url: 'https://example.org/tenders/road-works?lot=2&x=ü',
	title: 'Road works & bridges: "lot 2" #45',
	text: 'Road works & bridges https://example.org/tenders/road-works?lot=2',
	prompt: 'Summarise this page: https://example.org/tenders/road-works?lot=2',
};

function filled( template ) {
	return template.replace( /\{(url|title|text|prompt)\}/g, ( _all, name ) =>
		encodeURIComponent( SAMPLE[ name ] )
	);
}

/** WCAG 2.x contrast ratio of two #RRGGBB colours. */
function contrast( first, second ) {
	const luminance = ( hex ) => {
		const [ r, g, b ] = [ 1, 3, 5 ].map( ( at ) => {
			const channel = parseInt( hex.slice( at, at + 2 ), 16 ) / 255;
			return channel <= 0.04045
				? channel / 12.92
				: ( ( channel + 0.055 ) / 1.055 ) ** 2.4;
		} );
		return 0.2126 * r + 0.7152 * g + 0.0722 * b;
	};
	const [ light, dark ] = [ luminance( first ), luminance( second ) ].sort(
		( a, b ) => b - a
	);
	return ( light + 0.05 ) / ( dark + 0.05 );
}

test( 'the catalogue offers at least 64 services, in every group, each under an id of its own', () => {
	assert.ok(
		SERVICES.length >= 64,
		`${ SERVICES.length } services, at least 64 expected`
	);
	const ids = SERVICES.map( ( service ) => service.id );
	assert.deepEqual(
		ids.filter( ( id, at ) => ids.indexOf( id ) !== at ),
		[],
		'ids used twice'
	);
	for ( const service of SERVICES ) {
		assert.match( service.id, /^[a-z0-9-]+$/, `id "${ service.id }"` );
		assert.equal(
			typeof service.title,
			'string',
			`${ service.id }: title`
		);
		assert.ok( service.title.trim(), `${ service.id }: empty title` );
		assert.ok(
			GROUPS.includes( service.group ),
			`${ service.id }: unknown group "${ service.group }"`
		);
		assert.match(
			String( service.icon ),
			/^(tp:)?[a-z0-9-]+$/,
			`${ service.id }: icon`
		);
		if ( 'locale' in service ) {
			assert.match(
				service.locale,
				/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/,
				`${ service.id }: locale`
			);
		}
	}
	for ( const group of GROUPS ) {
		const count = SERVICES.filter(
			( service ) => service.group === group
		).length;
		assert.ok(
			count >= ( group === 'ai' ? 6 : 1 ),
			`group ${ group } has ${ count } services`
		);
	}
} );

test( "every service either opens a share page that parses, or prints, copies the link or opens the device's share sheet", () => {
	for ( const service of SERVICES ) {
		const hasUrl = 'url' in service;
		const hasAction = 'action' in service;
		assert.ok(
			hasUrl !== hasAction,
			`${ service.id }: needs exactly one of url and action`
		);
		if ( hasAction ) {
			assert.ok(
				[ 'print', 'copy', 'native' ].includes( service.action ),
				`${ service.id }: action "${ service.action }"`
			);
			continue;
		}
		const { url } = service;
		const used = [ ...url.matchAll( /\{([a-z]+)\}/g ) ].map(
			( [ , name ] ) => name
		);
		assert.deepEqual(
			used.filter( ( name ) => ! PLACEHOLDERS.includes( name ) ),
			[],
			`${ service.id }: unknown placeholder in ${ url }`
		);
		assert.ok(
			[ 'url', 'text', 'prompt' ].some( ( name ) =>
				used.includes( name )
			),
			`${ service.id }: shares nothing of the page: ${ url }`
		);
		assert.equal(
			used.includes( 'prompt' ),
			service.group === 'ai',
			`${ service.id }: {prompt} belongs to AI assistants, and they need it`
		);
		let parsed;
		assert.doesNotThrow(
			() => ( parsed = new URL( filled( url ) ) ),
			`${ service.id }: ${ url } does not parse`
		);
		assert.ok(
			SCHEMES.includes( parsed.protocol ) &&
				CATALOGUE.protocols.includes( parsed.protocol.slice( 0, -1 ) ),
			`${ service.id }: scheme ${ parsed.protocol }`
		);
		if ( parsed.protocol === 'https:' ) {
			// Placeholders sit in the query, where an encoded value stays one value.
			assert.ok(
				! /\{[a-z]+\}/.test( url.split( '?' )[ 0 ] ),
				`${ service.id }: placeholder outside the query: ${ url }`
			);
			for ( const name of used ) {
				assert.ok(
					[ ...parsed.searchParams.values() ].some( ( value ) =>
						value.includes( SAMPLE[ name ] )
					),
					`${ service.id }: {${ name }} does not arrive whole in ${ url }`
				);
			}
		}
		if ( 'instance' in service ) {
			assert.equal(
				parsed.host,
				service.instance,
				`${ service.id }: the url must use the default instance`
			);
		}
	}
} );

test( 'email, SMS, print and copy-link are there under their fixed ids', () => {
	const byId = Object.fromEntries(
		SERVICES.map( ( service ) => [ service.id, service ] )
	);
	assert.equal( byId.email?.group, 'email' );
	assert.equal( byId.email.url, 'mailto:?subject={title}&body={url}' );
	assert.equal( byId.sms?.group, 'sms' );
	assert.equal( byId.sms.url, 'sms:?&body={text}' );
	assert.equal( byId.print?.group, 'print' );
	assert.equal( byId.print.action, 'print' );
	assert.equal( byId[ 'copy-link' ]?.group, 'copy' );
	assert.equal( byId[ 'copy-link' ].action, 'copy' );
	assert.equal( byId.device?.group, 'device' );
	assert.equal( byId.device.action, 'native' );
} );

test( "the services a public body's bidders use come first, in one order (the bar and the More list follow it)", () => {
	assert.deepEqual(
		SERVICES.slice( 0, 4 ).map( ( service ) => service.id ),
		[ 'copy-link', 'email', 'whatsapp', 'print' ]
	);
	assert.deepEqual(
		SERVICES.filter( ( service ) => 'url' in service )
			.slice( 0, 7 )
			.map( ( service ) => service.id ),
		[ 'email', 'whatsapp', 'telegram', 'linkedin', 'x', 'facebook', 'sms' ]
	);
	assert.equal( SERVICES.at( -1 ).id, 'device' );
} );

test( 'every icon is readable on its button colour (3:1, WCAG non-text contrast)', () => {
	for ( const service of SERVICES ) {
		assert.match(
			service.color,
			/^#[0-9A-F]{6}$/,
			`${ service.id }: color`
		);
		const foreground = service.foreground ?? '#FFFFFF';
		assert.match(
			foreground,
			/^#[0-9A-F]{6}$/,
			`${ service.id }: foreground`
		);
		const ratio = contrast( service.color, foreground );
		assert.ok(
			ratio >= 3,
			`${ service.id }: ${ foreground } on ${
				service.color
			} is ${ ratio.toFixed( 2 ) }:1`
		);
	}
} );

test( 'the sprite has a path for every service and for the bar glyphs, and nothing active', () => {
	const sprite = shareSprite( {
		catalogue: CATALOGUE,
		simpleIconsDir: SIMPLE_ICONS,
		ownIconsDir: OWN_ICONS,
	} );
	assert.match( sprite, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">/ );
	const symbols = new Map(
		[
			...sprite.matchAll(
				/<symbol id="tp-share-([a-z0-9-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g
			),
		].map( ( [ , id, body ] ) => [ id, body ] )
	);
	const expected = [
		...SERVICES.map( ( service ) => service.id ),
		'more',
		'share',
		'arrow',
	];
	assert.deepEqual( [ ...symbols.keys() ].sort(), expected.sort() );
	for ( const [ id, body ] of symbols ) {
		assert.match(
			body,
			/^(<path d="[^"<>]+"\/>)+$/,
			`tp-share-${ id } holds only non-empty paths`
		);
	}
	assert.doesNotMatch( sprite, /<script/i );
	assert.doesNotMatch( sprite, /\son[a-z]+\s*=/i );
	assert.doesNotMatch( sprite, /href/i );
	assert.doesNotMatch( sprite, /style/i );
} );

test( 'our own glyphs take the colour of their button: paths only, nothing painted', () => {
	const files = fs
		.readdirSync( OWN_ICONS )
		.filter( ( file ) => file.endsWith( '.svg' ) );
	assert.ok( files.length > 0 );
	for ( const file of files ) {
		assert.match( file, /^[a-z0-9-]+\.svg$/ );
		const svg = fs.readFileSync( path.join( OWN_ICONS, file ), 'utf8' );
		assert.match(
			svg.trim(),
			/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24">(<path d="[^"<>]+"\/>)+<\/svg>$/,
			`${ file } is one 24×24 <svg> of plain <path d> elements`
		);
	}
} );

test( 'a service whose icon cannot be found stops the sprite, naming the service', () => {
	const dir = fs.mkdtempSync( path.join( os.tmpdir(), 'tp-share-icons-' ) );
	try {
		fs.copyFileSync(
			path.join( OWN_ICONS, 'more.svg' ),
			path.join( dir, 'more.svg' )
		);
		fs.copyFileSync(
			path.join( OWN_ICONS, 'share.svg' ),
			path.join( dir, 'share.svg' )
		);
		const build = ( icon ) => () =>
			shareSprite( {
				catalogue: {
					services: [
						{ id: 'made-up-network', icon, group: 'social' },
					],
				},
				simpleIconsDir: dir,
				ownIconsDir: dir,
			} );
		assert.throws( build( 'no-such-brand' ), /made-up-network/ );
		assert.throws( build( 'tp:no-such-glyph' ), /made-up-network/ );
		assert.throws( build( 'tp:../../etc/passwd' ), /made-up-network/ );
	} finally {
		fs.rmSync( dir, { recursive: true, force: true } );
	}
} );
