// One owner per fact (issue 28): a fact the code keeps in one place must not be copied as a
// literal elsewhere, where it would drift. The check reads the product's code (not tests, not
// comments) and fails on a known copy:
// - the REST namespace 'tenderpress/v1' outside php/Support/Rest.php (islands and editor scripts
//   get their routes in props or editor data);
// - the failure messages' keys outside their two owners, php/Support/AjaxResponse.php
//   client_messages() and islands/shared/failures.ts MESSAGE_KEYS ('serverError' is the key only
//   that list has).
// - a colour written as hex anywhere but plugin/assets/tokens.css, which scripts/tokens.mjs
//   writes from the theme's palette (theme/theme.json, the colours' one source); and a
//   tokens.css that no longer matches that palette.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TOKENS_FILE, tokensCss } from '../../scripts/tokens.mjs';

const ROOT = path.resolve( import.meta.dirname, '..', '..' );

/** Where product code lives, and which files of it are code. */
const SOURCES = [
	[ 'php', /\.php$/ ],
	[ 'islands', /\.tsx?$/ ],
	[ 'blocks-editor', /\.tsx?$/ ],
	[ 'plugin/blocks', /\.php$/ ],
	[ 'theme', /\.php$/ ],
];

const RULES = [
	{
		fact: "the REST namespace 'tenderpress/v1'",
		pattern: /['"`]\/?tenderpress\/v1\b/,
		owners: [ 'php/Support/Rest.php' ],
	},
	{
		fact: 'the failure messages’ keys',
		pattern: /['"]serverError['"]/,
		owners: [
			'php/Support/AjaxResponse.php',
			'islands/shared/failures.ts',
		],
	},
];

/** Where colours may be written: stylesheets, templates and code, but not tests or links to builds. */
const COLOUR_SOURCES = [
	[ 'plugin', /\.(css|php)$/ ],
	[ 'theme', /\.(css|php|html)$/ ],
	[ 'php', /\.php$/ ],
	[ 'islands', /\.(tsx?|css)$/ ],
	[ 'blocks-editor', /\.(tsx?|css)$/ ],
];

/** A colour in hex: #rgb, #rgba, #rrggbb or #rrggbbaa, not the start of a longer name (#add-on). */
const COLOUR = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;

/** Folders never read: the tests, installed packages and the links to built trees. */
const SKIPPED = new Set( [
	'test',
	'node_modules',
	'vendor',
	'build',
	'sdk_files',
] );

function* files( folder, kind ) {
	for ( const entry of fs.readdirSync( path.join( ROOT, folder ), {
		withFileTypes: true,
	} ) ) {
		const relative = path.posix.join( folder, entry.name );
		if ( entry.isDirectory() ) {
			if ( ! SKIPPED.has( entry.name ) ) {
				yield* files( relative, kind );
			}
		} else if ( kind.test( entry.name ) ) {
			yield relative;
		}
	}
}

/** The code of a file without its comments, line by line (line numbers kept). */
export function codeOf( text ) {
	return text
		.replace( /\/\*[\s\S]*?\*\//g, ( comment ) =>
			comment.replace( /[^\n]/g, ' ' )
		)
		.split( '\n' )
		.map( ( line ) =>
			line.replace( /(^|[\s;,(){}])(\/\/|#(?!\[)).*$/, '$1' )
		);
}

/** Each copy of a fact in one file's text: "file:line: fact". */
export function copiesIn( file, text ) {
	const found = [];
	codeOf( text ).forEach( ( line, index ) => {
		for ( const rule of RULES ) {
			if ( ! rule.owners.includes( file ) && rule.pattern.test( line ) ) {
				found.push( `${ file }:${ index + 1 }: ${ rule.fact }` );
			}
		}
	} );
	return found;
}

/**
 * Each colour written in one file outside the tokens: "file:line: #hex". Comments are left out
 * (in a stylesheet its comments only: "#" and "//" mean nothing there).
 */
export function coloursIn( file, text ) {
	if ( file === TOKENS_FILE ) {
		return [];
	}
	const lines = /\.css$/.test( file )
		? text
				.replace( /\/\*[\s\S]*?\*\//g, ( comment ) =>
					comment.replace( /[^\n]/g, ' ' )
				)
				.split( '\n' )
		: codeOf( text );
	return lines.flatMap( ( line, index ) =>
		[ ...line.matchAll( COLOUR ) ].map(
			( [ colour ] ) => `${ file }:${ index + 1 }: ${ colour }`
		)
	);
}

test( 'the colour check finds a hex colour in a stylesheet and in code, not in a comment or a name', () => {
	assert.deepEqual(
		coloursIn(
			'plugin/blocks/example/style.css',
			[
				'/* Was #b32d2e. */',
				'.a { color: #b32d2e; border: 1px solid #ddd; }',
				'.b { background: var(--tp-color-base); }',
				'.c { box-shadow: 0 0 0 2px #0b4f8a80; }',
			].join( '\n' )
		),
		[
			'plugin/blocks/example/style.css:2: #b32d2e',
			'plugin/blocks/example/style.css:2: #ddd',
			'plugin/blocks/example/style.css:4: #0b4f8a80',
		]
	);
	assert.deepEqual(
		coloursIn(
			'php/Example.php',
			[
				"// Grey, '#3c434a', was the default.",
				"$fallback = '#3c434a';",
				"$link = '<a href=\"#add-notice\">' . '#fees';",
			].join( '\n' )
		),
		[ 'php/Example.php:2: #3c434a' ]
	);
	assert.deepEqual( coloursIn( TOKENS_FILE, tokensCss() ), [], 'Its owner.' );
} );

test( "no colour is written outside the tokens, and the tokens are the palette's", () => {
	const found = [];
	for ( const [ folder, kind ] of COLOUR_SOURCES ) {
		for ( const file of files( folder, kind ) ) {
			found.push(
				...coloursIn(
					file,
					fs.readFileSync( path.join( ROOT, file ), 'utf8' )
				)
			);
		}
	}
	assert.deepEqual(
		found,
		[],
		"Use the palette's custom properties (var(--tp-color-<slug>), plugin/assets/tokens.css); a new colour goes in the palette of theme/theme.json, then npm run tokens."
	);
	assert.equal(
		fs.readFileSync( path.join( ROOT, TOKENS_FILE ), 'utf8' ),
		tokensCss(),
		`${ TOKENS_FILE } is not what theme/theme.json's palette makes: run npm run tokens.`
	);
} );

test( 'the check finds a copy in code, and not in a comment', () => {
	assert.deepEqual(
		copiesIn(
			'islands/example/index.ts',
			[
				'// Calls /wp-json/tenderpress/v1/things.',
				"const route = '/tenderpress/v1/things';",
				'/* messages: serverError */',
				"const keys = [ 'network', 'serverError' ];",
			].join( '\n' )
		),
		[
			"islands/example/index.ts:2: the REST namespace 'tenderpress/v1'",
			'islands/example/index.ts:4: the failure messages’ keys',
		]
	);
	assert.deepEqual(
		copiesIn(
			'php/Support/Rest.php',
			"public const NAMESPACE = 'tenderpress/v1';"
		),
		[],
		'Its owner holds it.'
	);
} );

test( 'no product code copies a fact that has one owner', () => {
	const found = [];
	for ( const [ folder, kind ] of SOURCES ) {
		for ( const file of files( folder, kind ) ) {
			found.push(
				...copiesIn(
					file,
					fs.readFileSync( path.join( ROOT, file ), 'utf8' )
				)
			);
		}
	}
	assert.deepEqual( found, [] );
} );
